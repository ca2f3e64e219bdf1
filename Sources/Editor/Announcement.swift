import Document
import Reorder
import TileModel

/// A tile and its place when something happened to it: "red — Favorites 2 of 14".
public struct TilePlace: Equatable, Sendable {
  public var title: String
  public var sectionTitle: String
  /// One-based position in the section, and the section's tile count.
  public var position: Int
  public var count: Int
}

/// A section and its place among the sections: "Favorites — section 1 of 4".
public struct SectionPlace: Equatable, Sendable {
  public var title: String
  /// One-based index among the sections, and how many sections there are.
  public var position: Int
  public var count: Int
}

/// A block's run and where it is: "3 tiles — Others 4–6 of 9".
public struct RunPlace: Equatable, Sendable {
  public var count: Int
  public var sectionTitle: String
  /// One-based positions of the run's first and last tiles, and the section's tile count.
  public var first: Int
  public var last: Int
  public var sectionCount: Int
}

/// What a happening is about, as the status line names it: a tile and its place, a block's run, the
/// tile a block was lifted by (with the block's size), or a section.
public enum Place: Equatable, Sendable {
  case tile(TilePlace)
  case run(RunPlace)
  /// A block lifted by this tile: `count` tiles in all.
  case lead(TilePlace, count: Int)
  case section(SectionPlace)

  /// "red — Favorites 2 of 14", "3 tiles — Others 4–6 of 9", "Favorites — section 1 of 4".
  public var text: String {
    switch self {
    case .tile(let place): return place.text
    case .run(let run): return run.text
    case .lead(let place, let count): return "\(count) tiles with \(place.text)"
    case .section(let place): return place.text
    }
  }
}

/// What happened to a `Place`, as the status line says it.
public enum Verb: Equatable, Sendable {
  case lifted, moved, dropped, cancelled, undone, redone, focused
  /// A typed move (`m`) put it there.
  case placed
  /// Marked or unmarked; `marks` is how many are marked now.
  case marked(marks: Int)
  case unmarked(marks: Int)
  /// An editing command changed it.
  case edited(EditCommand.Outcome)
}

/// What the status line announces: data, turned into words by the view, so tests compare values and
/// the wording lives in one place. Happenings to tiles, blocks and sections are one case, a verb and a
/// place (`.did(.lifted, .tile(…))`).
public enum Announcement: Equatable, Sendable {
  case welcome
  /// Something happened to a tile, a block or a section.
  case did(Verb, Place)
  /// A policy or a place said no: the reason, with the names a person knows its tile and section by.
  case refused(Refusal)
  case nothingToLift
  case blocked(BlockReason)
  /// Undo with nothing done.
  case nothingToUndo
  /// Redo with nothing undone.
  case nothingToRedo
  case saving
  /// A find moved the focus to a match; `matches` tiles match in all.
  case found(TilePlace, matches: Int)
  /// No tile's title or id contains the text.
  case notFound(String)
  /// A typed destination names no place (or several).
  case badDestination(TypedDestination.Problem)
  /// What `m` moves and how to say where.
  case typeDestination(what: String)
  /// Tab completed a section's title in the `m` prompt: which, and which of how many matches.
  case completed(title: String, index: Int, of: Int)
  /// A file name is being typed.
  case typeFileName
  case saved(name: String?)
  case notSaved(SaveFailure)
  /// The file was deleted on disk since it was read: `board.json was deleted: s writes it again`.
  case fileDeleted(name: String)
  case confirmQuit
  case notQuitting
  /// Quit or save was asked while a tile is lifted.
  case finishDragFirst
  /// Esc unmarked this many tiles.
  case marksCleared(Int)
  /// An edit changed several tiles at once.
  case editedTiles(EditCommand.Outcome, count: Int)
  /// The file did not exist: the editor opened an empty arrangement, and `s` creates it.
  case newFile
  /// An arrangement without sections: what adds one.
  case noSections
  /// An editing key with nothing focused to edit.
  case nothingToEdit
  /// A prompt for a title (adding, renaming) is open.
  case typeTitle
  /// The color prompt is open.
  case typeColor
  /// The width prompt is open.
  case typeWidth
  /// The most-tiles prompt is open.
  case typeMaxItems
  /// A value typed into an editing prompt will not do; the prompt stays open.
  case badValue(String)
  /// A delete question was answered with another key than y.
  case kept
  /// A file left behind was restored: it is the arrangement now, unsaved (one undo step back).
  case restored(name: String)
  /// A recovery file was restored with the file's changes on disk since it was made merged in: how
  /// many edits they made of it, and how many conflicted (the recovered side kept).
  case restoredMerged(name: String, changes: Int, conflicts: Int)
  /// A file left behind was removed (`d`).
  case discarded(name: String)
  /// A file left behind could not be removed; why.
  case notDiscarded(name: String, reason: String)
  /// A file left behind was kept where it is (`k`, or any other key); it is asked about next time.
  case keptLeftBehind(name: String)
  /// The file on disk is being read, to merge with it.
  case merging
  /// A merge with the file on disk made this many edits, with this many conflicts (ours kept).
  case merged(changes: Int, conflicts: Int)
  /// The merge could not be made; the words say why.
  case notMerged(String)
  /// `D` with nothing changed since the file was saved.
  case noChanges
  /// A merge conflict was resolved toward a side (or both); this many are left.
  case conflictResolved(ConflictChoice, left: Int)
  /// A merge conflict could not be resolved that way; the words say why.
  case conflictNotResolved(String)
  /// The Conflicts panel closed with this many conflicts left.
  case conflictsLeft(Int)
  /// `C` with no conflict left (or none ever).
  case noConflicts
  /// A sentence said as it is (what a format does with an edit: `the table gains a color column`).
  case told(String)
}

extension Announcement {
  /// Whether it says that something was refused.
  var isRefusal: Bool {
    if case .refused = self { return true }
    return false
  }

  /// How to lift a `thing` (a tile; on a board, where tiles are drawn as cards, a card).
  static func welcome(_ keys: Keymap, thing: String) -> String {
    "Hold a \(thing), or \(keys.say(.lift)), to lift it"
  }

  /// The words on the status line, with the standard keys.
  public var text: String { text(.standard) }

  /// The words on the status line, naming the keys in effect.
  public func text(_ keys: Keymap) -> String {
    switch self {
    case .welcome: return Self.welcome(keys, thing: "tile")
    case .did(let verb, let place): return Self.text(verb, place)
    case .refused(let refusal): return "Refused: \(refusal.text)"
    case .nothingToLift: return "Nothing to lift here: long-press a tile"
    case .blocked(let reason): return reason.text
    case .nothingToUndo: return "Nothing to undo"
    case .nothingToRedo: return "Nothing to redo"
    case .saving: return "Saving…"
    case .found(let place, let matches):
      return "\(place.text) · \(matches) match\(matches == 1 ? "" : "es"); \(keys.say(.findNext)) next, \(keys.say(.findPrevious)) previous"
    case .notFound(let query): return "No tile matches “\(query)”"
    case .badDestination(let problem): return problem.text(keys)
    case .completed(let title, let index, let count):
      return "“\(title)”" + (count > 1 ? " · \(index) of \(count), \(keys.say(.complete)): next" : "")
    case .typeDestination(let what):
      return "Move \(what) to a section, or a section and a place (Others 3); \(keys.say(.complete)) completes"
    case .typeFileName: return "Type a file name; \(keys.say(.submit)) saves, \(keys.say(.cancelLine)) cancels"
    case .saved(let name): return "Saved" + (name.map { " \($0)" } ?? "")
    case .notSaved(let failure): return "Not saved: \(failure.text)"
    case .fileDeleted(let name): return "\(name) was deleted: \(keys.say(.save)) writes it again"
    case .confirmQuit: return Question.quitWithUnsavedChanges.text(keys)
    case .notQuitting: return "Not quitting"
    case .finishDragFirst: return "Drop or cancel the tile first"
    case .marksCleared(let count): return "Unmarked \(count) tile\(count == 1 ? "" : "s")"
    case .editedTiles(let verb, let count): return "\(verb.pastTense) \(count) tiles"
    case .newFile: return "New file: \(keys.say(.edit(.addTile))) adds a tile; \(keys.say(.save)) saves it"
    case .noSections: return "No sections yet: \(keys.say(.edit(.addSection))) adds one"
    case .nothingToEdit: return "Nothing to edit here: focus a tile or a header"
    case .typeTitle: return "Type a title; \(keys.say(.submit)) keeps it, \(keys.say(.cancelLine)) cancels"
    case .typeColor:
      return "Type a color name (\(keys.say(.complete)) completes) or #RRGGBB; \(keys.say(.submit)) recolors"
    case .typeWidth: return "Type a width in cells (empty: the layout's); \(keys.say(.submit)) sets it"
    case .typeMaxItems: return "Type the most tiles the section takes (empty: no limit)"
    case .badValue(let problem): return problem.prefix(1).uppercased() + problem.dropFirst()
    case .kept: return "Nothing deleted"
    case .restored(let name): return "Restored \(name): \(keys.say(.save)) saves it, \(keys.say(.undo)) undoes"
    case .restoredMerged(let name, let changes, let conflicts):
      let edits = changes == 1 ? "1 edit" : "\(changes) edits"
      let conflicted = conflicts == 0 ? "" : ", \(conflicts) conflict\(conflicts == 1 ? "" : "s") (its kept)"
      return "Restored \(name) with the file's changes since merged in: \(edits)\(conflicted); "
        + "\(keys.say(.save)) saves, \(keys.say(.undo)) undoes"
    case .discarded(let name): return "Removed \(name)"
    case .notDiscarded(let name, let reason): return "Not removed: \(name): \(Self.countedFromOne(reason))"
    case .keptLeftBehind(let name): return "Kept \(name); asked again next time"
    case .merging: return "Reading the file on disk to merge…"
    case .merged(let changes, let conflicts):
      let edits = changes == 1 ? "1 edit" : "\(changes) edits"
      if conflicts == 0 { return "Merged with the file on disk: \(edits); \(keys.say(.save)) saves" }
      return "Merged: \(edits), \(conflicts) conflict\(conflicts == 1 ? "" : "s") (ours kept); \(keys.say(.save)) saves"
    case .notMerged(let problem): return "Not merged: \(Self.countedFromOne(problem))"
    case .conflictResolved(let choice, let left):
      let took = choice == .both ? "Kept both" : "Took \(choice)"
      if left == 0 { return "\(took): no conflicts left; \(keys.say(.save)) saves the file without markers" }
      return "\(took): \(left) conflict\(left == 1 ? "" : "s") left"
    case .conflictNotResolved(let problem): return "Not resolved: \(Self.countedFromOne(problem))"
    case .conflictsLeft(let count):
      return "\(count) merge conflict\(count == 1 ? "" : "s") left: \(keys.say(.conflicts)) shows them; "
        + "\(keys.say(.save)) saves them in the file"
    case .noConflicts: return "No merge conflicts"
    case .noChanges: return "No changes since the file was saved"
    case .told(let sentence): return sentence
    }
  }

  /// A message from the world (a failed save's cause, a merge's problem) with its JSON places counted
  /// from 1, as everything on the screen is: `sections[1].items[0].title` is `section 2, tile 1, its
  /// title`, `sections[2]` is `section 3`.
  public static func countedFromOne(_ message: String) -> String {
    var out = ""
    var rest = Substring(message)
    func number(after prefix: String, in text: Substring) -> (Int, Substring)? {
      guard text.hasPrefix(prefix) else { return nil }
      let digits = text.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
      let after = text.dropFirst(prefix.count + digits.count)
      guard !digits.isEmpty, after.first == "]", let n = Int(digits) else { return nil }
      return (n, after.dropFirst())
    }
    while let start = rest.indices.first(where: { rest[$0...].hasPrefix("sections[") }) {
      out += rest[..<start]
      let from = rest[start...]
      guard let (s, afterSection) = number(after: "sections[", in: from) else {
        out += "sections["
        rest = from.dropFirst("sections[".count)
        continue
      }
      out += "section \(s + 1)"
      rest = afterSection
      if let (i, afterItem) = number(after: ".items[", in: rest) {
        out += ", tile \(i + 1)"
        rest = afterItem
      }
      // A key after the place: `, its title`.
      if rest.first == ".", let key = Optional(rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }),
        !key.isEmpty
      {
        out += ", its \(key)"
        rest = rest.dropFirst(1 + key.count)
      }
    }
    return out + rest
  }

  /// A verb and a place in words: "Lifted red — Favorites 2 of 14", "Moved to Others 3 of 9".
  static func text(_ verb: Verb, _ place: Place) -> String {
    switch (verb, place) {
    case (.lifted, _): return "Lifted \(place.text)"
    // A tile moving names only where it is: its title is on the lifted tile already.
    case (.moved, .tile(let p)): return "Moved to \(p.sectionTitle) \(p.position) of \(p.count)"
    case (.moved, .section(let p)), (.placed, .section(let p)): return "Moved to section \(p.position) of \(p.count)"
    case (.moved, _), (.placed, _): return "Moved \(place.text)"
    case (.dropped, _): return "Dropped \(place.text)"
    case (.cancelled, _): return "Cancelled — \(place.text)"
    case (.undone, _): return "Undone: \(place.text)"
    case (.redone, _): return "Redone: \(place.text)"
    case (.focused, _): return place.text
    case (.marked(let marks), _): return "Marked \(place.text) · \(marks) marked"
    case (.unmarked(let marks), _): return "Unmarked \(place.text) · \(marks) marked"
    case (.edited(let edit), _): return "\(edit.pastTense) \(place.text)"
    }
  }
}

extension TilePlace {
  public var text: String { "\(title) — \(sectionTitle) \(position) of \(count)" }
}

extension SectionPlace {
  public var text: String { "\(title) — section \(position) of \(count)" }
}

extension RunPlace {
  public var text: String { "\(count) tiles — \(sectionTitle) \(first)–\(last) of \(sectionCount)" }
}

extension BlockReason {
  public var text: String {
    switch self {
    case .noTileThatWay: return "No tile that way"
    case .atEdge: return "The tile is at the edge"
    case .noSectionAfter: return "No section after this one"
    case .noSectionBefore: return "No section before this one"
    case .nothingToMark: return "No tile to mark here"
    case .sectionAtEdge: return "The section is at the edge"
    case .alreadyThere: return "Already there"
    }
  }
}

extension SaveFailure {
  public var text: String {
    switch self {
    case .changedOnDisk: return "the file changed on disk since it was opened"
    case .deletedOnDisk: return "the file was deleted on disk since it was opened"
    case .readOnly: return "the file is read-only"
    case .failed(let message): return Announcement.countedFromOne(message)
    case .cancelled: return "cancelled"
    case .exists: return "a file of that name exists"
    }
  }
}

/// A refusal as the status line says it: the reason, and the names a person knows its tile and its
/// section by: their titles, with the id where another tile (section) has the same title. Places and
/// counts are one-based, as everywhere on the screen ("“Favorites” has places 1 to 6").
public struct Refusal: Equatable, Sendable {
  public var reason: EditError
  /// The tile the reason is about: `“gray 44”`, or `“gray” (id gray-2)` where titles repeat.
  public var tile: String?
  /// The section the reason is about, or the section of the place it names, named the same way.
  public var section: String?

  public init(_ reason: EditError, tile: String? = nil, section: String? = nil) {
    self.reason = reason
    self.tile = tile
    self.section = section
  }

  /// The reason in a few words, for the status line (the full sentence, with ids and zero-based
  /// places, is `reason.description`, for the trace and the command line).
  public var text: String {
    func quoted(_ name: String) -> String { "“\(name)”" }
    switch reason {
    case .tileLocked(let id, _): return "\(tile ?? quoted(id)) is locked"
    case .sectionLocked(_, let title, _, let leaving):
      return "\(section ?? quoted(title)) is locked: nothing \(leaving ? "leaves" : "enters") it"
    case .sectionFull(_, let title, _, let maxItems): return "\(section ?? quoted(title)) is full (\(maxItems) of \(maxItems))"
    case .sectionLacksRoom(_, let title, _, _, let room, let entering):
      return "\(section ?? quoted(title)) has room for \(room), not \(entering)"
    case .sectionLockedInPlace(_, let title, _): return "\(section ?? quoted(title)) is locked in place"
    case .sectionLockedAgainstDeletion(_, let title, _): return "\(section ?? quoted(title)) is locked: it cannot be deleted"
    case .sectionHoldsLockedTile(_, let title, _, let tileID):
      return "\(section ?? quoted(title)) holds the locked \(tile ?? quoted(tileID))"
    case .noSuchSection(let s, let count):
      return count == 0 ? "there are no sections" : "there is no section \(s + 1) (there are \(count))"
    case .noSuchItem(let path, let count):
      let name = section ?? "section \(path.section + 1)"
      return "\(name) has no tile \(path.item + 1) (" + (count == 0 ? "it is empty)" : "it has \(count))")
    case .noSuchDestination(let path, let valid):
      let name = section ?? "section \(path.section + 1)"
      return valid.lowerBound == valid.upperBound
        ? "\(name) has one place: \(valid.lowerBound + 1)"
        : "\(name) has places \(valid.lowerBound + 1) to \(valid.upperBound + 1)"
    case .noSuchSectionDestination(_, let valid):
      return "sections go in places \(valid.lowerBound + 1) to \(valid.upperBound + 1)"
    case .tileIDTaken(let id): return id.isEmpty ? "a tile's id cannot be empty" : "there is already a tile \(quoted(id))"
    case .sectionIDTaken(let id):
      return id.isEmpty ? "a section's id cannot be empty" : "there is already a section \(quoted(id))"
    case .invalidValue(let field, let message): return "\(field): \(message)"
    case .idChanged(let from, let to): return "an edit cannot change the id \(quoted(from)) to \(quoted(to))"
    case .gestureInProgress: return "drop or cancel the tile first"
    case .formatCannotKeep(let reason): return reason
    }
  }
}

extension Question {
  /// The question and its answers, with the standard keys.
  public var text: String { text(.standard) }

  /// The question and its answers, as the status line asks it: first what it is about, then the keys
  /// (in effect) that do something, so that a cut line keeps them.
  public func text(_ keys: Keymap) -> String {
    let yes = keys.say(.confirm)
    switch self {
    case .quitWithUnsavedChanges: return "Unsaved changes: \(yes) quit · \(keys.say(.saveAndQuit)) save and quit · other keys stay"
    case .diskUnreadable:
      return "Not a board on disk now: \(keys.say(.overwrite)) write over it · \(keys.say(.saveAs)) save as… · other keys cancel"
    case .fileReadOnly:
      return "Read-only file: \(keys.say(.overwrite)) write anyway · \(keys.say(.saveAs)) save as… · other keys cancel"
    case .fileExists:
      return "That file exists: \(keys.say(.overwrite)) replace it · \(keys.say(.saveAs)) another name… · other keys cancel"
    case .deleteTiles(let paths): return "Delete \(paths.count) tiles? \(yes) delete · other keys keep them"
    case .deleteSection: return "Delete the section and its tiles? \(yes) delete · other keys keep it"
    case .leftBehind(let found):
      let what: String
      switch (found.kind, found.content) {
      case (_, .sameAsFile): what = "\(found.name) was left behind, the same as the file"
      case (_, .unreadable(let why)): what = "\(found.name) was left behind and cannot be restored (\(why))"
      case (.recovery, .arrangement): what = "\(found.name) holds unsaved changes"
      case (.backup, .arrangement): what = "\(found.name) holds the file before a save cut short"
      }
      return what + ":" + (found.canRestore ? " \(keys.say(.restore)) restore ·" : "")
        + " \(keys.say(.discard)) discard · \(keys.say(.keep)) keep"
    }
  }

  /// The question in a few short lines, longest words first, for a screen too small for the grid
  /// (down to 10 x 3): what it is about, then its keys (in effect).
  func compactLines(_ keys: Keymap) -> [String] {
    let yes = keys.say(.confirm)
    switch self {
    case .quitWithUnsavedChanges: return ["Unsaved", "\(yes) quit", "\(keys.say(.saveAndQuit)) save"]
    case .fileReadOnly: return ["Read-only", "\(keys.say(.overwrite)) write", "\(keys.say(.saveAs)) save as"]
    case .diskUnreadable: return ["Not a board", "\(keys.say(.overwrite)) write", "\(keys.say(.saveAs)) save as"]
    case .fileExists: return ["Exists", "\(keys.say(.overwrite)) replace", "\(keys.say(.saveAs)) rename"]
    case .deleteTiles, .deleteSection: return ["Delete?", "\(yes) delete"]
    case .leftBehind(let found):
      return [found.kind == .recovery ? "Recovery" : "Backup"] + (found.canRestore ? ["\(keys.say(.restore)) restore"] : [])
        + ["\(keys.say(.discard)) discard", "\(keys.say(.keep)) keep"]
    }
  }
}

extension Prompt {
  /// The words before the field.
  public var label: String {
    switch purpose {
    case .saveAs: return "Save as: "
    case .find: return "Find: "
    case .moveTo: return "Move to: "
    case .edit(let kind): return kind.command.prompt?.label ?? ""
    case .palette: return ":"
    }
  }
}
