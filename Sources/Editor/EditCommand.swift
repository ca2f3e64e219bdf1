import Reorder
import TerminalInput
import TileModel

/// Every editing command of the editor, and each one's facts in one place: its name, keys and help line
/// (its `declaration` in the keymap, which the key dispatch, the help overlay, the palette and the docs'
/// key tables read), the prompt it opens (the words before the field and the status line's badge), and
/// what it did (`Outcome`: the status line's past tense, the trace's word). What each command does is
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

  /// The command's name, keys by default and help line, in the keymap's Editing group (`Keymap`).
  public var declaration: CommandDeclaration {
    typealias D = CommandDeclaration
    let c = Key.character
    switch self {
    case .addTile: return D("add-tile", .editing, keys: [c("a")], help: "add a tile after this")
    case .addSection: return D("add-section", .editing, keys: [c("A")], help: "add a section after")
    case .rename: return D("rename", .editing, keys: [c("r")], help: "rename tile or section")
    case .recolor: return D("recolor", .editing, keys: [c("c")], help: "recolor the tiles")
    case .width: return D("width", .editing, keys: [c("w")], help: "set the tiles' width")
    case .delete: return D("delete", .editing, keys: [c("d"), .delete], help: "delete (asks for more)")
    case .lock: return D("lock", .editing, keys: [c("L")], help: "lock or unlock")
    case .maxItems: return D("max-items", .editing, keys: [c("M")], help: "most tiles in section")
    case .check: return D("check", .editing, keys: [c("X")], help: "check or uncheck a card")
    case .view: return D("view", .editing, keys: [c("v")], help: "view: lanes or rows")
    case .editText: return D("edit-text", .editing, keys: [c("e")], help: "edit the card's text")
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
