import Reorder
import TerminalInput
import TileModel

/// Every editing command of the editor, and each one's facts in one place: its keys, its help line, the
/// prompt it opens (the words before the field and the status line's badge), and what it did (`Outcome`:
/// the status line's past tense, the trace's word). The key dispatch (`init(key:)`), the help overlay's
/// "Editing" group, the badge and the prompt label all read this table; what each command does is
/// `EditorState.begin(_:)` and `submitEdit` (EditorState+Editing.swift). A new command is a case here,
/// which the compiler then asks for in each switch below and in `begin(_:)` (docs/architecture.md).
public enum EditCommand: CaseIterable, Equatable, Hashable, Sendable {
  case addTile, addSection, rename, recolor, width, delete, lock, maxItems
  /// `X`: check or uncheck a board's card.
  case check
  /// `v`: lanes side by side, or rows of sections.
  case view
  /// `e`: a card's text in $VISUAL or $EDITOR.
  case editText

  /// The keys that give the command (docs/editor.md, "Editing").
  public var keys: [Key] {
    switch self {
    case .addTile: return [.character("a")]
    case .addSection: return [.character("A")]
    case .rename: return [.character("r")]
    case .recolor: return [.character("c")]
    case .width: return [.character("w")]
    case .delete: return [.character("d"), .delete]
    case .lock: return [.character("L")]
    case .maxItems: return [.character("M")]
    case .check: return [.character("X")]
    case .view: return [.character("v")]
    case .editText: return [.character("e")]
    }
  }

  /// The help overlay's line: the keys as written there, and what the command does.
  public var help: KeyHelp.Entry {
    switch self {
    case .addTile: return KeyHelp.Entry(keys: "a", action: "add a tile after this")
    case .addSection: return KeyHelp.Entry(keys: "A", action: "add a section after")
    case .rename: return KeyHelp.Entry(keys: "r", action: "rename tile or section")
    case .recolor: return KeyHelp.Entry(keys: "c", action: "recolor (Tab completes)")
    case .width: return KeyHelp.Entry(keys: "w", action: "set the tiles' width")
    case .delete: return KeyHelp.Entry(keys: "d, Delete", action: "delete (asks for more)")
    case .lock: return KeyHelp.Entry(keys: "L", action: "lock or unlock")
    case .maxItems: return KeyHelp.Entry(keys: "M", action: "most tiles in section")
    case .check: return KeyHelp.Entry(keys: "X", action: "check or uncheck a card")
    case .view: return KeyHelp.Entry(keys: "v", action: "view: lanes or rows")
    case .editText: return KeyHelp.Entry(keys: "e", action: "edit the card's text")
    }
  }

  /// The prompt the command opens on the status line: the words before the field, and the badge the
  /// status line shows while it is open. Nil for a command that acts at once or asks (`delete`, `lock`).
  public var prompt: (label: String, badge: String)? {
    switch self {
    case .addTile: return ("New tile: ", "ADD")
    case .addSection: return ("New section: ", "ADD")
    case .rename: return ("Title: ", "RENAME")
    case .recolor: return ("Color: ", "COLOR")
    case .width: return ("Width: ", "WIDTH")
    case .maxItems: return ("Most tiles: ", "LIMIT")
    case .delete, .lock, .check, .view, .editText: return nil
    }
  }

  /// The command a key gives, or nil for a key that is not an editing command's.
  public init?(key: Key) {
    guard let command = Self.allCases.first(where: { $0.keys.contains(key) }) else { return nil }
    self = command
  }

  /// What an editing command did to its subject (docs/editor.md, "Editing"): the editor's happenings
  /// `.edited` and `.refused` carry it.
  public enum Outcome: Equatable, Hashable, Sendable {
    /// Added, with this id.
    case added(id: String)
    case deleted
    case renamed
    case recolored
    /// Its width set or removed.
    case resized
    case locked
    case unlocked
    /// A section's `maxItems` set (nil: removed).
    case limited(Int?)
    /// A card's checkbox set to `[x]`, or to `[ ]`.
    case checked, unchecked
    /// The arrangement laid out in lanes side by side (true) or in rows of sections.
    case laidOut(lanes: Bool)
    /// A card's text edited in $VISUAL or $EDITOR.
    case textEdited

    /// What was done, for the status line: "Added", "Renamed", …
    public var pastTense: String {
      switch self {
      case .added: return "Added"
      case .deleted: return "Deleted"
      case .renamed: return "Renamed"
      case .recolored: return "Recolored"
      case .resized: return "Resized"
      case .locked: return "Locked"
      case .unlocked: return "Unlocked"
      case .limited(let n): return n.map { "At most \($0) tiles in" } ?? "No limit for"
      case .checked: return "Checked"
      case .unchecked: return "Unchecked"
      case .laidOut(let lanes): return lanes ? "Lanes side by side" : "Rows of sections"
      case .textEdited: return "Edited"
      }
    }

    /// The trace's words for it (`play --trace`): the word before the subject, and what follows the
    /// subject, if anything (`add 0.3 lime`, `max-items section 1 none`).
    public var trace: (word: String, argument: String?) {
      switch self {
      case .added(let id): return ("add", id.isEmpty ? nil : id)
      case .deleted: return ("delete", nil)
      case .renamed: return ("rename", nil)
      case .recolored: return ("recolor", nil)
      case .resized: return ("width", nil)
      case .locked: return ("lock", nil)
      case .unlocked: return ("unlock", nil)
      case .limited(let n): return ("max-items", n.map(String.init) ?? "none")
      case .checked: return ("check", nil)
      case .unchecked: return ("uncheck", nil)
      case .laidOut(let lanes): return ("view", lanes ? "lanes" : "rows")
      case .textEdited: return ("edit", nil)
      }
    }
  }
}

/// What an editing prompt asks for, and of what (places as they are while the prompt is open: nothing
/// moves meanwhile).
public enum EditPrompt: Equatable, Sendable {
  /// The title of a tile to add at this place.
  case addTile(at: ItemPath)
  /// The title of a section to add at this index.
  case addSection(at: Int)
  /// A tile's new title.
  case renameTile(ItemPath)
  /// A section's new title.
  case renameSection(Int)
  /// A color for these tiles; `completion` is where Tab is in the color names the prefix matched.
  case recolor([ItemPath], completion: Prompt.Completion?)
  /// A width in cells for these tiles (empty: the layout's).
  case width([ItemPath])
  /// The most tiles a section takes (empty: no limit).
  case maxItems(section: Int)

  /// The command that opened the prompt.
  public var command: EditCommand {
    switch self {
    case .addTile: return .addTile
    case .addSection: return .addSection
    case .renameTile, .renameSection: return .rename
    case .recolor: return .recolor
    case .width: return .width
    case .maxItems: return .maxItems
    }
  }
}
