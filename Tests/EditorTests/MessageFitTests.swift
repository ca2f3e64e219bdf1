import Canvas
import Document
@testable import Editor
import Reorder
import TerminalInput
import Testing
import TileModel

/// Every announcement, question and prompt note says all of its words on an 80- and a 60-column
/// screen: hints give way first, then the words wrap onto the rows above the status line. Each case of
/// `Announcement` and `Question` is built here (`kind(of:)` is an exhaustive switch, so a new case
/// does not compile until it has samples).
@Suite("Messages fit: every announcement, question and prompt note at 80 and 60 columns")
struct MessageFitTests {
  static let tile = TilePlace(title: "lightGray", sectionTitle: "Others", position: 6, count: 10)
  static let section = SectionPlace(title: "Favorites", position: 1, count: 4)
  static let run = RunPlace(count: 3, sectionTitle: "Favorites", first: 4, last: 6, sectionCount: 6)
  static let demo = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "arrangements/demo.json")

  /// The kinds of announcement, one number each; the samples must cover all of them.
  static func kind(of announcement: Announcement) -> Int {
    switch announcement {
    case .welcome: return 0
    case .did: return 1
    case .refused: return 2
    case .nothingToLift: return 3
    case .blocked: return 4
    case .saving: return 5
    case .found: return 6
    case .notFound: return 7
    case .badDestination: return 8
    case .typeDestination: return 9
    case .completed: return 10
    case .typeFileName: return 11
    case .saved: return 12
    case .notSaved: return 13
    case .confirmQuit: return 14
    case .notQuitting: return 15
    case .finishDragFirst: return 16
    case .marksCleared: return 17
    case .editedTiles: return 18
    case .newFile: return 19
    case .noSections: return 20
    case .nothingToEdit: return 21
    case .typeTitle: return 22
    case .typeColor: return 23
    case .typeWidth: return 24
    case .typeMaxItems: return 25
    case .badValue: return 26
    case .kept: return 27
    case .restored: return 28
    case .discarded: return 29
    case .notDiscarded: return 30
    case .keptLeftBehind: return 31
    case .merging: return 32
    case .merged: return 33
    case .notMerged: return 34
    case .noChanges: return 35
    case .nothingToUndo: return 36
    case .nothingToRedo: return 37
    case .conflictResolved: return 38
    case .conflictNotResolved: return 39
    case .conflictsLeft: return 40
    case .noConflicts: return 41
    case .told: return 42
    case .fileDeleted: return 43
    case .restoredMerged: return 44
    }
  }
  static let kinds = 45

  static var refusals: [EditError] {
    [
      .tileLocked(id: "gray44", at: ItemPath(2, 1)),
      .sectionLocked(id: "archive", title: "Archive", section: 3, leaving: false),
      .sectionLocked(id: "archive", title: "Archive", section: 3, leaving: true),
      .sectionFull(id: "favorites", title: "Favorites", section: 0, maxItems: 8),
      .sectionLacksRoom(id: "favorites", title: "Favorites", section: 0, maxItems: 8, room: 1, entering: 3),
      .sectionLockedInPlace(id: "archive", title: "Archive", section: 3),
      .sectionHoldsLockedTile(id: "grays", title: "Grays", section: 2, tileID: "gray44"),
      .noSuchSection(9, sectionCount: 4),
      .noSuchItem(ItemPath(1, 12), count: 9),
      .noSuchDestination(ItemPath(1, 12), valid: 0...9),
      .noSuchSectionDestination(7, valid: 0...3),
      .tileIDTaken("lightgray"),
      .sectionIDTaken("favorites"),
      .invalidValue(field: "width", "0 is not a whole number from 1 to 100000"),
      .idChanged(from: "blue", to: "navy"),
      .gestureInProgress,
      .formatCannotKeep("A Markdown board keeps no colors"),
    ]
  }

  static var announcements: [Announcement] {
    let places: [Place] = [.tile(tile), .run(run), .lead(tile, count: 3), .section(section)]
    let verbs: [Verb] =
      [.lifted, .moved, .dropped, .cancelled, .undone, .redone, .focused, .placed, .marked(marks: 4), .unmarked(marks: 3)]
      + [EditCommand.Outcome.added(id: "x"), .deleted, .renamed, .recolored, .resized, .locked, .unlocked, .limited(12), .limited(nil)]
      .map(Verb.edited)
    let blocked: [BlockReason] = [
      .noTileThatWay, .atEdge, .noSectionAfter, .noSectionBefore, .nothingToMark,
      .sectionAtEdge, .alreadyThere,
    ]
    let problems: [TypedDestination.Problem] = [
      .empty, .noSuchSection("Archvie"), .ambiguous("Gr", matches: ["Grays", "Green room", "Greetings", "Groceries"]),
      .placeFromOne("Others"), .commandLinePlace("1.2", suggestion: "Others 3"), .commandLinePlace("9.9", suggestion: nil),
    ]
    let failures: [SaveFailure] = [
      .changedOnDisk, .deletedOnDisk, .readOnly, .cancelled, .exists,
      .failed("cannot write lines: sections[1].items[0].title: a line starting with '# ' (a '#' and a space) is read as a section"),
      .failed("the directory '/home/someone/projects/grids' is not writable (Permission denied)"),
      .failed("the file is read-only (mode 444), and no file can be created in '/proc' (No such file or directory)"),
      .failed("the demo has no file; 'tilegrid demo > FILE' then 'tilegrid FILE' edits a copy"),
      .failed("there is no user 'nobodyhere' (for '~nobodyhere')"),
    ]
    var all: [Announcement] = [.welcome]
    for verb in verbs { for place in places { all.append(.did(verb, place)) } }
    all += refusals.map { .refused(demo.refusal($0)) }
    all += [.nothingToLift] + blocked.map(Announcement.blocked) + [.nothingToUndo, .nothingToRedo, .saving]
    all += [.found(tile, matches: 1), .found(tile, matches: 12), .notFound("something nobody has")]
    all += problems.map(Announcement.badDestination)
    all += [.typeDestination(what: "the tile"), .typeDestination(what: "the 12 marked tiles")]
    all += [.completed(title: "Archive", index: 2, of: 3), .completed(title: "systemTeal", index: 1, of: 1)]
    all += [.typeFileName, .saved(name: "arrangements/demo.json"), .saved(name: nil)]
    all += failures.map(Announcement.notSaved)
    all += [.fileDeleted(name: "arrangements/demo.json"), .fileDeleted(name: "board.json")]
    all += [.confirmQuit, .notQuitting, .finishDragFirst, .marksCleared(1), .marksCleared(12)]
    all += [.editedTiles(.recolored, count: 12), .editedTiles(.limited(3), count: 2), .newFile, .noSections]
    all += [.nothingToEdit, .typeTitle, .typeColor, .typeWidth, .typeMaxItems]
    all += [.badValue("“#GG0000” is not a color (Tab: names)"), .badValue("a width is 1 to 100000, or empty"), .kept]
    all += [
      .restored(name: "demo.json.recovery-2.json"), .discarded(name: ".demo.json.tilegrid-81234-0.bak"),
      .notDiscarded(name: "demo.json.recovery.json", reason: "Permission denied"),
      .keptLeftBehind(name: "demo.json.recovery.json"),
      .restoredMerged(name: "demo.json.recovery.json", changes: 1, conflicts: 0),
      .restoredMerged(name: "/tmp/arrangements-demo.json.recovery-2.json", changes: 12, conflicts: 3),
    ]
    all += [
      .merging, .merged(changes: 1, conflicts: 0), .merged(changes: 12, conflicts: 3),
      .notMerged("the file on disk is not an arrangement (line 3, column 27: expected ',' or '}' after an object member)"),
      .noChanges,
      .told("Recolored “Write the quarterly report” — To do 3 of 12 · the table gains a color column"),
      .told("Lanes side by side — a view only: A Markdown board keeps no layout"),
    ]
    all += [
      .conflictResolved(.ours, left: 0), .conflictResolved(.theirs, left: 1), .conflictResolved(.both, left: 12),
      .conflictNotResolved("both cannot be kept here (two versions of one card only): o or t"),
      .conflictNotResolved("edit 1: there is no tile \"blue\""), .conflictsLeft(1), .conflictsLeft(12), .noConflicts,
    ]
    return all
  }

  static var questions: [Question] {
    let moved = Arrangement.demo
    return [
      .quitWithUnsavedChanges, .diskUnreadable("line 1: not JSON"), .fileReadOnly, .fileExists,
      .deleteTiles([ItemPath(0, 0), ItemPath(0, 2), ItemPath(1, 4)]), .deleteSection(1),
      .leftBehind(LeftBehind(kind: .recovery, path: "", name: "demo.json.recovery.json", content: .arrangement(moved))),
      .leftBehind(LeftBehind(kind: .recovery, path: "", name: "demo.json.recovery-12.json", content: .sameAsFile)),
      .leftBehind(LeftBehind(kind: .backup, path: "", name: ".demo.json.tilegrid-4194303-0.bak", content: .arrangement(moved))),
      .leftBehind(LeftBehind(kind: .backup, path: "", name: ".demo.json.tilegrid-4194303-1.bak", content: .unreadable("x"))),
    ]
  }

  /// The words of the screen's last rows, spaces collapsed: where the status line and its wrapped
  /// rows are.
  static func bottom(_ editor: EditorState) -> String {
    let lines = editor.view(scheme: .monochrome).lines.suffix(Painter.maximumStatusRows)
    return collapsed(lines.joined(separator: " "))
  }

  static func collapsed(_ text: String) -> String {
    text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }

  static func resized(_ width: Int) -> EditorState {
    var editor = demo
    _ = editor.update(.input(.resize(width: width, height: 24)), at: 0)
    return editor
  }

  @Test("the samples build every kind of announcement")
  func everyKindHasSamples() {
    #expect(Set(Self.announcements.map(Self.kind)) == Set(0..<Self.kinds))
  }

  @Test("every announcement says all its words", arguments: [80, 60])
  func announcements(width: Int) {
    for announcement in Self.announcements {
      var editor = Self.resized(width)
      editor.announcement = announcement
      let words = Self.collapsed(announcement.text)
      #expect(Self.bottom(editor).contains(words), "\(width) columns: \(words)\n\(Self.bottom(editor))")
    }
  }

  @Test("every question says all its words, its keys included", arguments: [80, 60])
  func questions(width: Int) {
    for question in Self.questions {
      var editor = Self.resized(width)
      editor.overlay = .question(question)
      let words = Self.collapsed(question.text)
      #expect(Self.bottom(editor).contains(words), "\(width) columns: \(words)\n\(Self.bottom(editor))")
    }
  }

  /// A reason a typed value will not do, a failed save's, and which section or color Tab completed:
  /// shown whole beside the field or above it.
  @Test("every essential prompt note says all its words beside or above the field", arguments: [80, 60])
  func promptNotes(width: Int) {
    let cases: [(Prompt.Purpose, Announcement)] =
      Self.announcements.compactMap { a -> (Prompt.Purpose, Announcement)? in
        switch a {
        case .badDestination, .completed: return (.moveTo(completion: nil), a)
        case .badValue: return (.edit(.width([ItemPath(0, 0)])), a)
        case .notSaved(.failed): return (.saveAs(thenQuit: false), a)
        default: return nil
        }
      } + [(.edit(.recolor([ItemPath(0, 0)], completion: nil)), .completed(title: "systemTeal", index: 3, of: 12))]
    #expect(cases.count >= 10)
    for (purpose, announcement) in cases {
      var editor = Self.resized(width)
      editor.overlay = .prompt(Prompt(purpose: purpose, field: LineEditor("grids/2024/the long name of it.json")))
      editor.announcement = announcement
      let words = Self.collapsed(announcement.text)
      let bottom = Self.bottom(editor)
      #expect(bottom.contains(words), "\(width) columns: \(words)\n\(bottom)")
      // The field stays on the status line itself.
      #expect(editor.view(scheme: .monochrome).lines.last?.contains(purpose.label) == true)
    }
  }
}

extension Prompt.Purpose {
  var label: String { Prompt(purpose: self, field: LineEditor()).label }
}
