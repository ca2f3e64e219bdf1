import Reorder
import TerminalInput

/// Where a command applies: what takes the keys at that moment. A key means one command in a context;
/// the same key may mean another in another context (Enter lifts on the board, drops what is lifted,
/// ends a line in a prompt).
public enum KeyContext: String, CaseIterable, Sendable {
  /// The tiles, nothing lifted and nothing open over them.
  case board
  /// A tile, a block or a section lifted (by the keyboard or the mouse); keys that are not the
  /// lifted's are the board's, which wait for the drop where they would change what is lifted.
  case lifted
  /// The help overlay (`?`).
  case help
  /// A panel of lines to read (`D`: the changes; a merge's conflicts).
  case panel
  /// The Conflicts panel of a conflicted file.
  case conflicts
  /// A line typed on the status line (find, a typed move, a title, a color, save as): printable keys
  /// are the text.
  case prompt
  /// The command palette (`:`): a prompt whose text narrows the list of commands.
  case palette
  /// A question on the status line, answered with one key; other keys answer no.
  case question

  /// Where that is, in words: the headings of `tilegrid help keys` and the docs' key tables.
  public var title: String {
    switch self {
    case .board: return "On the board"
    case .lifted: return "While something is lifted"
    case .help: return "In the help"
    case .panel: return "In a panel of lines (D, a merge's conflicts)"
    case .conflicts: return "In the Conflicts panel"
    case .prompt: return "Typing a line (find, move to, a title, a color, save as)"
    case .palette: return "In the command palette (the keys of a line being typed, and these)"
    case .question: return "Answering a question"
    }
  }

  /// Whether printable keys (and Space) are text here, so that no command may take one.
  public var typesText: Bool { self == .prompt || self == .palette }
}

/// A group of commands, as the help overlay, `tilegrid keys` and the docs list them: a title, and the
/// context where its commands apply.
public enum CommandGroup: CaseIterable, Sendable {
  case moving, lifting, finding, editing, file
  case carrying
  case scrolling, panel, conflicts
  case typing, palette, answers

  public var title: String {
    switch self {
    case .moving: return "Moving"
    case .lifting: return "Lifting and marks"
    case .finding: return "Find"
    case .editing: return "Editing"
    case .file: return "Undo and the file"
    case .carrying: return "Lifted"
    case .scrolling: return "The help and panels"
    case .panel: return "A panel"
    case .conflicts: return "The Conflicts panel"
    case .typing: return "Typing a line"
    case .palette: return "The command palette"
    case .answers: return "Questions"
    }
  }

  /// Where its commands apply (some apply in other contexts too: `CommandDeclaration.contexts`).
  public var context: KeyContext {
    switch self {
    case .moving, .lifting, .finding, .editing, .file: return .board
    case .carrying: return .lifted
    case .scrolling: return .help
    case .panel: return .panel
    case .conflicts: return .conflicts
    case .typing: return .prompt
    case .palette: return .palette
    case .answers: return .question
    }
  }
}

/// What is declared of a command, once: its name (in the keys file, `tilegrid keys` and the palette;
/// unique across contexts), its group, the contexts where it applies (its group's first), its keys by
/// default, and its help line (the help overlay, the palette, the docs' key tables).
public struct CommandDeclaration: Equatable, Sendable {
  public var name: String
  public var group: CommandGroup
  public var contexts: [KeyContext]
  public var keys: [Key]
  public var help: String

  public init(_ name: String, _ group: CommandGroup, also: [KeyContext] = [], keys: [Key], help: String) {
    self.name = name
    self.group = group
    contexts = [group.context] + also
    self.keys = keys
    self.help = help
  }
}

/// Every command of the editor: the editing commands (`EditCommand`, declared in their own table) and
/// the others (`EditorCommand`). What each does is `EditorState.perform(_:)`.
public enum Command: Hashable, Sendable {
  case edit(EditCommand)
  case editor(EditorCommand)

  /// Every command, the others' in their order, the editing commands' in theirs.
  public static let allCases: [Command] = EditorCommand.allCases.map(Command.editor) + EditCommand.allCases.map(Command.edit)

  public var declaration: CommandDeclaration {
    switch self {
    case .edit(let command): return command.declaration
    case .editor(let command): return command.declaration
    }
  }

  public var name: String { declaration.name }
}

/// The editor's commands other than the editing ones, each declared once here (`declaration`). A new
/// command is a case and its declaration; the compiler then asks for what it does in
/// `EditorState.perform(_:)` (docs/architecture.md, walk 1).
public enum EditorCommand: CaseIterable, Hashable, Sendable {
  // The board: moving the focus and the view.
  case focusLeft, focusRight, focusUp, focusDown, firstTile, lastTile, nextHeader, previousHeader
  case pageUp, pageDown, toStart, toEnd
  // The board: lifting and marks.
  case lift, openCard, unmark, mark, markLeft, markRight, markUp, markDown, moveTo
  case find, findNext, findPrevious
  case undo, redo, save, autosave, changes, conflicts, quit, suspend, redraw, help, palette
  // What is lifted.
  case carryLeft, carryRight, carryUp, carryDown, drop, cancel
  // The help and the panels.
  case scrollUp, scrollDown, scrollPageUp, scrollPageDown, scrollTop, scrollBottom, closePanel, editCard
  // The Conflicts panel.
  case choosePrevious, chooseNext, chooseFirst, chooseLast, takeOurs, takeTheirs, takeBoth, closeConflicts
  // A line being typed.
  case submit, cancelLine, complete, completeBack, cursorLeft, cursorRight, lineStart, lineEnd
  case deleteBack, deleteForward, deleteToStart, deleteToEnd, deleteWord
  // The palette.
  case paletteNext, palettePrevious
  // A question's answers.
  case confirm, saveAndQuit, overwrite, saveAs, restore, discard, keep

  public var declaration: CommandDeclaration {
    typealias D = CommandDeclaration
    let c = Key.character
    switch self {
    case .focusLeft: return D("focus-left", .moving, keys: [.left, c("h")], help: "focus left")
    case .focusRight: return D("focus-right", .moving, keys: [.right, c("l")], help: "focus right")
    case .focusUp: return D("focus-up", .moving, keys: [.up, c("k")], help: "focus up")
    case .focusDown: return D("focus-down", .moving, keys: [.down, c("j")], help: "focus down")
    case .firstTile: return D("first-tile", .moving, keys: [c("g")], help: "first tile")
    case .lastTile: return D("last-tile", .moving, keys: [c("G")], help: "last tile")
    case .nextHeader: return D("next-header", .moving, keys: [.tab], help: "next section's header")
    case .previousHeader: return D("previous-header", .moving, keys: [.backtab], help: "previous header")
    case .pageUp: return D("page-up", .moving, keys: [.pageUp], help: "scroll a page back")
    case .pageDown: return D("page-down", .moving, keys: [.pageDown], help: "scroll a page on")
    case .toStart: return D("to-start", .moving, keys: [.home], help: "scroll to the start")
    case .toEnd: return D("to-end", .moving, keys: [.end], help: "scroll to the end")
    case .lift: return D("lift", .lifting, keys: [.space], help: "lift tile or section")
    case .openCard: return D("open-card", .lifting, keys: [.enter], help: "open a card, or lift")
    case .unmark: return D("unmark", .lifting, keys: [.escape], help: "unmark every tile")
    case .mark: return D("mark", .lifting, keys: [c("x")], help: "mark or unmark a tile")
    case .markLeft: return D("mark-left", .lifting, keys: [.left.with(.shift)], help: "mark, focus left")
    case .markRight: return D("mark-right", .lifting, keys: [.right.with(.shift)], help: "mark, focus right")
    case .markUp: return D("mark-up", .lifting, keys: [.up.with(.shift)], help: "mark, focus up")
    case .markDown: return D("mark-down", .lifting, keys: [.down.with(.shift)], help: "mark, focus down")
    case .moveTo: return D("move-to", .lifting, keys: [c("m")], help: "move to a typed place")
    case .find: return D("find", .finding, keys: [c("/")], help: "find by title or id")
    case .findNext: return D("find-next", .finding, keys: [c("n")], help: "next match")
    case .findPrevious: return D("find-previous", .finding, keys: [c("N")], help: "previous match")
    case .undo: return D("undo", .file, also: [.conflicts], keys: [c("u")], help: "undo")
    case .redo: return D("redo", .file, also: [.conflicts], keys: [c("U"), .control("r")], help: "redo")
    case .save: return D("save", .file, also: [.conflicts], keys: [c("s")], help: "save")
    case .autosave: return D("autosave", .file, keys: [c("S")], help: "autosave on or off")
    case .changes: return D("changes", .file, keys: [c("D")], help: "changes since saved")
    case .conflicts: return D("conflicts", .file, keys: [c("C")], help: "the Conflicts panel")
    case .quit: return D("quit", .file, keys: [c("q"), .control("c")], help: "quit (asks if unsaved)")
    case .suspend: return D("suspend", .file, keys: [.control("z")], help: "suspend (fg resumes)")
    case .redraw: return D("redraw", .file, keys: [.control("l")], help: "repaint the screen")
    case .help: return D("help", .file, also: [.conflicts], keys: [c("?")], help: "this help")
    case .palette: return D("palette", .file, keys: [c(":")], help: "run a command by name")
    case .carryLeft: return D("carry-left", .carrying, keys: [.left, c("h")], help: "carry it left")
    case .carryRight: return D("carry-right", .carrying, keys: [.right, c("l")], help: "carry it right")
    case .carryUp: return D("carry-up", .carrying, keys: [.up, c("k")], help: "carry it up")
    case .carryDown: return D("carry-down", .carrying, keys: [.down, c("j")], help: "carry it down")
    case .drop: return D("drop", .carrying, keys: [.enter, .space], help: "drop it")
    case .cancel: return D("cancel", .carrying, keys: [.escape], help: "cancel: put it back")
    case .scrollUp: return D("scroll-up", .scrolling, also: [.panel], keys: [.up, c("k")], help: "a line up")
    case .scrollDown: return D("scroll-down", .scrolling, also: [.panel], keys: [.down, c("j")], help: "a line down")
    case .scrollPageUp: return D("scroll-page-up", .scrolling, also: [.panel], keys: [.pageUp], help: "a page up")
    case .scrollPageDown:
      return D("scroll-page-down", .scrolling, also: [.panel], keys: [.pageDown, .space], help: "a page down")
    case .scrollTop: return D("scroll-top", .scrolling, also: [.panel], keys: [.home, c("g")], help: "to the top")
    case .scrollBottom: return D("scroll-bottom", .scrolling, also: [.panel], keys: [.end, c("G")], help: "to the bottom")
    case .closePanel:
      return D("close-panel", .panel, keys: [.escape, .enter, c("q"), c("D")], help: "close the panel")
    case .editCard: return D("edit-card", .panel, keys: [c("e")], help: "edit the card's text")
    case .choosePrevious: return D("choose-previous", .conflicts, keys: [.up, c("k")], help: "the conflict above")
    case .chooseNext: return D("choose-next", .conflicts, keys: [.down, c("j")], help: "the conflict below")
    case .chooseFirst: return D("choose-first", .conflicts, keys: [.home], help: "the first conflict")
    case .chooseLast: return D("choose-last", .conflicts, keys: [.end], help: "the last conflict")
    case .takeOurs: return D("take-ours", .conflicts, keys: [c("o")], help: "take ours")
    case .takeTheirs: return D("take-theirs", .conflicts, keys: [c("t")], help: "take theirs")
    case .takeBoth: return D("take-both", .conflicts, keys: [c("b")], help: "keep both")
    case .closeConflicts:
      return D("close-conflicts", .conflicts, keys: [.escape, c("q"), c("C")], help: "close the panel")
    case .submit: return D("submit", .typing, also: [.palette], keys: [.enter], help: "done: use the line")
    case .cancelLine:
      return D("cancel-line", .typing, also: [.palette], keys: [.escape, .control("c")], help: "cancel the line")
    case .complete: return D("complete", .typing, keys: [.tab], help: "complete (section, color)")
    case .completeBack: return D("complete-back", .typing, keys: [.backtab], help: "complete, backward")
    case .cursorLeft:
      return D("cursor-left", .typing, also: [.palette], keys: [.left, .control("b")], help: "cursor left")
    case .cursorRight:
      return D("cursor-right", .typing, also: [.palette], keys: [.right, .control("f")], help: "cursor right")
    case .lineStart:
      return D("line-start", .typing, also: [.palette], keys: [.home, .control("a")], help: "to the line's start")
    case .lineEnd: return D("line-end", .typing, also: [.palette], keys: [.end, .control("e")], help: "to the line's end")
    case .deleteBack:
      return D("delete-back", .typing, also: [.palette], keys: [.backspace], help: "delete before the cursor")
    case .deleteForward:
      return D("delete-forward", .typing, also: [.palette], keys: [.delete, .control("d")], help: "delete at the cursor")
    case .deleteToStart:
      return D("delete-to-start", .typing, also: [.palette], keys: [.control("u")], help: "delete to the start")
    case .deleteToEnd:
      return D("delete-to-end", .typing, also: [.palette], keys: [.control("k")], help: "delete to the end")
    case .deleteWord:
      return D("delete-word", .typing, also: [.palette], keys: [.control("w")], help: "delete the word before")
    case .paletteNext: return D("palette-next", .palette, keys: [.down, .tab], help: "the next command")
    case .palettePrevious: return D("palette-previous", .palette, keys: [.up, .backtab], help: "the previous command")
    case .confirm: return D("confirm", .answers, keys: [c("y"), c("Y")], help: "yes: quit, delete")
    case .saveAndQuit: return D("save-and-quit", .answers, keys: [c("s")], help: "save, then quit")
    case .overwrite: return D("overwrite", .answers, keys: [c("o")], help: "write over it")
    case .saveAs: return D("save-as", .answers, keys: [c("a")], help: "save under a name")
    case .restore: return D("restore", .answers, keys: [c("r")], help: "restore what was left")
    case .discard: return D("discard", .answers, keys: [c("d")], help: "discard what was left")
    case .keep: return D("keep", .answers, keys: [c("k")], help: "keep it for later")
    }
  }

  /// The recognizer's key for the command now: while something is lifted only the lifted's commands
  /// reach it (the board's wait), so that only the lifted's keys carry, drop and cancel.
  func reorderKey(dragging: Bool) -> ReorderKey? {
    guard !dragging || declaration.contexts.contains(.lifted) else { return nil }
    return reorderKey
  }

  /// The gesture recognizer's key for the command, where the recognizer does it.
  var reorderKey: ReorderKey? {
    switch self {
    case .focusLeft, .carryLeft: return .left
    case .focusRight, .carryRight: return .right
    case .focusUp, .carryUp: return .up
    case .focusDown, .carryDown: return .down
    case .nextHeader: return .nextSection
    case .previousHeader: return .previousSection
    case .pageUp: return .pageUp
    case .pageDown: return .pageDown
    case .toStart: return .home
    case .toEnd: return .end
    case .lift, .drop: return .liftOrDrop
    case .unmark, .cancel: return .cancel
    case .mark: return .toggleMark
    case .markLeft: return .marking(.left)
    case .markRight: return .marking(.right)
    case .markUp: return .marking(.up)
    case .markDown: return .marking(.down)
    default: return nil
    }
  }
}
