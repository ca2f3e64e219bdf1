import Runtime
import Document
import Canvas
import TerminalInput
import Editor
import Foundation
import Reorder
import TestSupport
import Testing
import TileGridJSON
import TileModel

/// One screen to compare with its golden files: an arrangement on a screen, after some events.
struct ScreenCase: CustomTestStringConvertible, Sendable {
  var name: String
  /// A file under `Tests/Golden/screens/fixtures/` or `Tests/Scenarios/fixtures/`, or nil for the demo.
  var fixture: String?
  var width: Int
  var height: Int
  var events: String = ""
  /// The built-in demo with no file name (saving asks for one).
  var unnamed = false
  /// Messages from the world after the events (a failed save).
  var messages: [EditorMessage] = []
  /// A file that does not exist: the editor opens an empty arrangement (`fixture` is its name).
  var newFile = false
  /// The name on the title bar, when it is not the fixture's (`<stdin>`).
  var fileName: String?
  /// With motion on: the frame this many milliseconds after the last event (nil: the resting screen,
  /// motion off).
  var at: Int?
  /// The merge conflicts the file records, opened in the Conflicts panel before the events.
  var conflicts: [FileConflict] = []

  var testDescription: String { name }

  static let goldenDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/screens")

  var fixturePath: String? {
    guard let fixture else { return nil }
    let local = Self.goldenDirectory.appendingPathComponent("fixtures/\(fixture)")
    if FileManager.default.fileExists(atPath: local.path) { return local.path }
    return Self.goldenDirectory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scenarios/fixtures/\(fixture)").path
  }

  func arrangement() throws -> Arrangement {
    guard let path = fixturePath else { return Arrangement.demo }
    return try Arrangement(json: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  func state() throws -> EditorState {
    let screen = Size(width: width, height: height)
    var editor =
      newFile
      ? EditorState.newFile(named: fixture ?? "new.json", screen: screen)
      : EditorState(
        arrangement: try arrangement(), screen: screen, fileName: unnamed ? nil : fileName ?? fixture ?? "demo.json")
    if at != nil { editor.setMotion(true) }
    if !conflicts.isEmpty { editor.open(conflicts: conflicts) }
    // Through the loop on a script: a save succeeds, as `tilegrid play`'s does.
    try Program.play(events, on: &editor)
    for message in messages { _ = editor.update(message, at: editor.now) }
    return editor
  }

  /// The screen drawn: at rest, or the frame `at` milliseconds after the last event.
  func view(scheme: ColorScheme) throws -> Buffer {
    let editor = try state()
    return editor.view(scheme: scheme, at: at.map { editor.now + $0 })
  }

  /// The golden files: plain text, and SGR with xterm's 256 colors.
  func url(_ kind: String) -> URL { Self.goldenDirectory.appendingPathComponent("\(name).\(kind)") }

  /// A long press on the tile at a screen cell, then motions to each cell.
  static func drag(from start: (Int, Int), through cells: [(Int, Int)]) -> String {
    "press \(start.0) \(start.1)\nwait 300\n" + cells.map { "move \($0.0) \($0.1)\n" }.joined()
  }

  static let all: [ScreenCase] = [
    ScreenCase(name: "demo-idle", fixture: nil, width: 80, height: 24),
    ScreenCase(name: "demo-focus", fixture: nil, width: 80, height: 24, events: "key down\nkey right\nkey right\n"),
    ScreenCase(
      name: "demo-drag-across-sections", fixture: nil, width: 80, height: 24,
      events: drag(from: (5, 3), through: [(9, 5), (14, 8), (20, 9)])),
    ScreenCase(
      name: "demo-drag-into-empty-section", fixture: nil, width: 80, height: 24,
      events: drag(from: (5, 3), through: [(5, 10), (5, 16), (6, 21), (7, 22)])),
    ScreenCase(
      name: "demo-keyboard-lift", fixture: nil, width: 80, height: 24, events: "key space\nkey right\nkey down\n"),
    ScreenCase(name: "demo-help", fixture: nil, width: 80, height: 24, events: "key ?\n"),
    ScreenCase(name: "demo-help-small", fixture: nil, width: 44, height: 14, events: "key ?\n"),
    // The command palette: every command of the board, then narrowed to one by what is typed.
    ScreenCase(name: "demo-palette", fixture: nil, width: 80, height: 24, events: "key :\n"),
    ScreenCase(name: "demo-palette-narrowed", fixture: nil, width: 60, height: 16, events: "key :\ninput \"mark\"\nkey down\n"),
    // At 40 x 10 the help scrolls: its first page, a page and a line down, and its end.
    ScreenCase(name: "demo-help-40x10", fixture: nil, width: 40, height: 10, events: "key ?\n"),
    ScreenCase(name: "demo-help-40x10-scrolled", fixture: nil, width: 40, height: 10, events: "key ?\nkey pgdn\nkey j\n"),
    ScreenCase(name: "demo-help-40x10-end", fixture: nil, width: 40, height: 10, events: "key ?\nkey end\n"),
    ScreenCase(
      name: "demo-confirm-quit", fixture: nil, width: 80, height: 24, events: "key space\nkey right\nkey enter\nkey q\n"),
    ScreenCase(
      name: "demo-save-as", fixture: nil, width: 80, height: 24,
      events: "key space\nkey right\nkey enter\nkey s\n" + #"input "arrangements/my grid.json""# + "\nkey left\n",
      unnamed: true),
    ScreenCase(
      name: "demo-followed-from-disk", fixture: nil, width: 80, height: 24, events: "key space\nkey right\nkey enter\n",
      messages: [.diskChanged(.version(ScreenGoldenTests.brownToArchive, token: 1))]),
    ScreenCase(name: "demo-find", fixture: nil, width: 80, height: 24, events: "key /\n" + #"input "gr""# + "\n"),
    ScreenCase(
      name: "demo-marks-and-header-focus", fixture: nil, width: 80, height: 24,
      events: "key x\nkey right\nkey right\nkey x\nkey tab\nkey tab\n"),
    ScreenCase(
      name: "demo-block-drag", fixture: nil, width: 80, height: 24,
      events: "key x\nkey right\nkey right\nkey x\nkey down\nkey x\n" + drag(from: (35, 3), through: [(36, 5), (38, 9)])),
    ScreenCase(
      name: "demo-section-drag", fixture: nil, width: 80, height: 24,
      events: "press 5 6\nwait 300\nmove 5 8\nmove 5 12\n"),
    ScreenCase(
      name: "demo-move-to", fixture: nil, width: 80, height: 24, events: "key m\n" + #"input "arc""# + "\nkey tab\n"),
    ScreenCase(name: "demo-narrow", fixture: nil, width: 30, height: 24),
    ScreenCase(name: "demo-scrolled", fixture: nil, width: 40, height: 16, events: "key pgdn\n"),
    ScreenCase(name: "demo-too-small", fixture: nil, width: 12, height: 4),
    ScreenCase(name: "demo-one-cell", fixture: nil, width: 1, height: 1),
    ScreenCase(name: "demo-horizontal", fixture: "demo-horizontal.json", width: 80, height: 16),
    ScreenCase(
      name: "demo-horizontal-drag", fixture: "demo-horizontal.json", width: 80, height: 16,
      events: drag(from: (3, 3), through: [(8, 4), (14, 4), (20, 5)])),
    ScreenCase(
      name: "policies-forbidden-locked", fixture: "policies.json", width: 60, height: 16,
      events: drag(from: (3, 2), through: [(3, 4), (4, 6)])),
    ScreenCase(
      name: "policies-forbidden-full", fixture: "policies.json", width: 60, height: 16,
      events: drag(from: (3, 2), through: [(3, 5), (3, 8), (4, 10)])),
    ScreenCase(name: "titles", fixture: "titles.json", width: 60, height: 20),
    ScreenCase(name: "titles-narrow", fixture: "titles.json", width: 24, height: 20),
    ScreenCase(name: "long-scrolled", fixture: "long.json", width: 40, height: 12, events: "key pgdn\nkey pgdn\n"),
    // Editing: each prompt, the delete question, a new file and an arrangement without sections.
    ScreenCase(name: "new-file", fixture: "new.json", width: 60, height: 12, newFile: true),
    ScreenCase(name: "no-sections", fixture: "no-sections.json", width: 60, height: 12),
    ScreenCase(
      name: "edit-add-tile", fixture: nil, width: 80, height: 24, events: "key right\nkey a\n" + #"input "회의 준비""# + "\n"),
    ScreenCase(
      name: "edit-add-section", fixture: nil, width: 80, height: 24, events: "key A\n" + #"input "Later""# + "\n"),
    ScreenCase(name: "edit-rename", fixture: nil, width: 80, height: 24, events: "key right\nkey r\nkey backspace\n"),
    ScreenCase(
      name: "edit-recolor-preview", fixture: nil, width: 80, height: 24,
      events: "key x\nkey right\nkey x\nkey c\n" + ##"input "#FF8000""## + "\n"),
    ScreenCase(
      name: "edit-recolor-completed", fixture: nil, width: 80, height: 24, events: "key c\nkey ctrl-u\n" + #"input "sys""# + "\nkey tab\n"),
    ScreenCase(name: "edit-width", fixture: nil, width: 80, height: 24, events: "key w\n" + #"input "x""# + "\nkey enter\n"),
    ScreenCase(name: "edit-max-items", fixture: nil, width: 80, height: 24, events: "key tab\nkey M\n"),
    ScreenCase(
      name: "edit-delete-question", fixture: nil, width: 80, height: 24, events: "key x\nkey right\nkey x\nkey d\n"),
    ScreenCase(name: "edit-refused", fixture: nil, width: 80, height: 24, events: "key tab\nkey tab\nkey d\n"),
    // The edges: a question on a screen too small for the grid, a question wrapped at 60 columns, a
    // locked tile named by its title, a failed save as keeping its name, a file left behind, the
    // title for standard input.
    ScreenCase(
      name: "demo-too-small-question", fixture: nil, width: 10, height: 3,
      events: "resize 80 24\nkey space\nkey right\nkey enter\nresize 10 3\nkey q\n"),
    ScreenCase(
      name: "demo-question-narrow", fixture: nil, width: 60, height: 16,
      events: "key space\nkey right\nkey enter\nkey q\n"),
    ScreenCase(
      name: "demo-refused-by-title", fixture: nil, width: 60, height: 24,
      events: String(repeating: "key right\n", count: 15) + "key r\n"),
    ScreenCase(
      name: "demo-save-as-failed", fixture: nil, width: 80, height: 24, unnamed: true,
      messages: [
        .input(.key(.character("s"))), .bytes(Array("~/nodir/grid.json".utf8)), .input(.key(.enter)),
        .saveFailed(.failed("the directory '/home/someone/nodir' does not exist")),
      ]),
    ScreenCase(
      name: "demo-left-behind", fixture: nil, width: 80, height: 24,
      messages: [.leftBehind([LeftBehind(kind: .recovery, path: "demo.json.recovery.json", name: "demo.json.recovery.json", content: .arrangement(.demo))])]),
    ScreenCase(name: "stdin-title", fixture: nil, width: 60, height: 12, fileName: "<stdin>"),
    // A board's merge conflicts in words, wrapped to the width, each with its lines in the file.
    ScreenCase(name: "conflicts-in-words", fixture: "board-conflicts.json", width: 80, height: 24, conflicts: boardConflicts),
    ScreenCase(
      name: "conflicts-in-words-narrow", fixture: "board-conflicts.json", width: 44, height: 20, events: "key down\n",
      conflicts: boardConflicts),
  ] + motion

  /// Two conflicts of a Markdown board as `tilegrid merge` writes them and the editor reads them back.
  static let boardConflicts: [FileConflict] = [
    FileConflict(
      subject: "lines 5-13", message: "Investigate flaky login: ours moved it to In Progress, theirs to Review", line: 5,
      theirs: [.move(tile: "investigate-flaky-login", to: ScriptPlace("review", 1))]),
    FileConflict(
      subject: "lines 3-7", message: #"Call Ann: renamed "Call Ann today" by ours, deleted by theirs"#, line: 3,
      theirs: [.delete(tile: "call-ann-today")]),
  ]

  /// Motion: a drop, a cancel and a typed move, each at 0, 30, 60, 120 and 250 ms after the last event
  /// (250: the resting screen). The drag rests 300 ms before it ends, so only the ending glides.
  static let motion: [ScreenCase] = {
    let carry = drag(from: (5, 3), through: [(9, 5), (14, 8), (20, 9)]) + "wait 300\n"
    let endings = [
      ("drop", carry + "release 20 9\n"), ("cancel", carry + "key esc\n"),
      ("typed-move", "key m\n" + #"input "Archive""# + "\nkey enter\n"),
    ]
    return endings.flatMap { name, events in
      ([0, 30, 60, 120, 250] as [Int]).map { at in
        ScreenCase(name: "motion-\(name)-\(at)", fixture: nil, width: 80, height: 24, events: events, at: at)
      }
    }
  }()
}

/// The screens, compared whole with golden files a person has looked at. A missing or changed golden
/// fails; `TILEGRID_RECORD=1` rewrites them and still fails, until someone has read the new ones.
@Suite("Screens: golden files, plain and in color")
struct ScreenGoldenTests {
  /// The demo with brown moved to the Archive by someone else, on disk.
  static let brownToArchive: Arrangement = {
    var theirs = Arrangement.demo
    try! theirs.move(from: ItemPath(1, 0), to: ItemPath(3, 0))
    return theirs
  }()

  static var recording: Bool { ProcessInfo.processInfo.environment["TILEGRID_RECORD"] != nil }

  func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if Self.recording {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded \(url.lastPathComponent): look at it, then run without TILEGRID_RECORD", sourceLocation: sourceLocation)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("no golden \(url.lastPathComponent): record it with TILEGRID_RECORD=1 and look at it", sourceLocation: sourceLocation)
      return
    }
    if actual != expected {
      let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
      let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
      let expectedLine = line < e.count ? String(e[line]) : "<end>"
      let actualLine = line < a.count ? String(a[line]) : "<end>"
      let message =
        "\(url.lastPathComponent) differs first at line \(line + 1):\n  expected: \(expectedLine)\n  actual:   \(actualLine)"
        + "\nwhole screen:\n\(actual)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  @Test("plain text: characters alone tell every state apart", arguments: ScreenCase.all)
  func plain(_ screen: ScreenCase) throws {
    let buffer = try screen.view(scheme: .monochrome)
    let text = buffer.rendered(.plain)
    try check(text, against: screen.url("txt"))
  }

  @Test("in color (xterm 256)", arguments: ScreenCase.all)
  func colored(_ screen: ScreenCase) throws {
    let buffer = try screen.view(scheme: .color)
    try check(buffer.rendered(.colored(.xterm256)), against: screen.url("ansi"))
  }

  @Test("every line is exactly the screen's width, and there are exactly its height of lines", arguments: ScreenCase.all)
  func shape(_ screen: ScreenCase) throws {
    for scheme in [ColorScheme.color, .monochrome] {
      let lines = try screen.view(scheme: scheme).lines
      #expect(lines.count == screen.height)
      for line in lines { #expect(DisplayText.width(of: line) == screen.width, "\(line)") }
    }
  }

  @Test("tilegrid render prints the same screens", arguments: ScreenCase.all.filter { $0.height >= 12 && $0.at == nil }.prefix(4))
  func throughTheBinary(_ screen: ScreenCase) throws {
    let directory = try TemporaryDirectory()
    let events = try directory.write("events", screen.events)
    var arguments = ["render"]
    arguments.append(try screen.fixturePath ?? directory.write("demo.json", Arrangement.demo.jsonBytes()))
    arguments += ["--width", "\(screen.width)", "--height", "\(screen.height)", "--events", events]
    let plain = try TileGrid.run(arguments + ["--color", "never"])
    #expect(plain.status == 0, "\(plain)")
    let expected = try screen.state().view(scheme: .monochrome).lines
    // The title bar names the file as given; compare everything below it.
    #expect(Array(plain.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast())
      == expected.dropFirst().map { Substring($0) })
    let colored = try TileGrid.run(arguments + ["--color", "always"], environment: ["COLORTERM": "truecolor"])
    #expect(colored.status == 0)
    #expect(colored.stdoutText.contains("\u{1B}[") && colored.stdoutText.contains("48;2;"))
  }
}
