import Canvas
import Editor
import Foundation
import Runtime
import TestSupport
import Testing
import TileModel

/// What reaches the terminal, without one: the editor run through `Program` on a `ScriptedPort` that
/// presents its frames on a `RecordingBackend` (the screen as cells, and each frame's cost), and the
/// escape sequences `EscapeSequenceBackend` writes for a frame.
@Suite("Backend: frames to bytes, and what reaches the terminal")
struct BackendTests {
  static let screen = Size(width: 80, height: 24)

  /// The demo at 80 x 24 run through the loop on `events`, its frames presented on a recording backend.
  static func run(_ events: String, motion: Bool = false, mode: RenderMode = .colored(.trueColor)) throws
    -> (editor: EditorState, backend: RecordingBackend)
  {
    var editor = EditorState(arrangement: .demo, screen: screen, fileName: "demo.json")
    editor.setMotion(motion)
    var port = ScriptedPort(try EventScript.parse(Array(events.utf8)), backend: RecordingBackend(mode: mode))
    Program.run(&editor, on: &port)
    return (editor, try #require(port.backend))
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  static func buffer(_ lines: [String], style: Style = .plain) -> Buffer {
    var buffer = Buffer(size: Size(width: lines[0].count, height: lines.count))
    for (y, line) in lines.enumerated() { _ = buffer.write(line, at: Point(x: 0, y: y), style: style) }
    return buffer
  }

  @Test("escape sequences: every row first, then only the changed cells at their place, nothing for the same frame")
  func escapeSequences() {
    var backend = EscapeSequenceBackend(.colored(.xterm256))
    var presenter = Presenter()
    var frame = Self.buffer(["abcd", "efgh"])
    #expect(presenter.present(&frame, to: &backend))
    #expect(Self.text(backend.take()) == "\u{1B}[1;1Habcd\u{1B}[2;1Hefgh")
    frame = Self.buffer(["abcd", "efgh"])
    _ = frame.write("X", at: Point(x: 2, y: 1), style: Style(foreground: .rgb(RGB(255, 0, 0)), attributes: .bold))
    #expect(presenter.present(&frame, to: &backend))
    #expect(Self.text(backend.take()) == "\u{1B}[2;3H\u{1B}[1;38;5;196mX")
    // Two changed cells apart on one row: two runs, the cursor moved for the second; back to plain.
    frame = Self.buffer(["aYcZ", "efXh"])
    _ = frame.write("X", at: Point(x: 2, y: 1), style: Style(foreground: .rgb(RGB(255, 0, 0)), attributes: .bold))
    #expect(presenter.present(&frame, to: &backend))
    #expect(Self.text(backend.take()) == "\u{1B}[1;2H\u{1B}[0mY\u{1B}[1;4HZ")
    // The same frame again: nothing at all.
    frame = presenter.screen!
    #expect(!presenter.present(&frame, to: &backend))
    #expect(backend.take().isEmpty)
    // A clear: the style reset, the screen cleared, every row.
    frame = presenter.screen!
    #expect(presenter.present(&frame, to: &backend, clearing: true))
    #expect(Self.text(backend.take()) == "\u{1B}[H\u{1B}[2JaYcZ\u{1B}[2;1Hef\u{1B}[1;38;5;196mX\u{1B}[0mh")
  }

  @Test("colors at the depth given: 24-bit, 256, 16, 8, or attributes only")
  func colorDepths() {
    let red = Style(foreground: .rgb(RGB(255, 0, 0)), background: .rgb(RGB(0, 0, 255)))
    let expected: [(RenderMode, String)] = [
      (.colored(.trueColor), "\u{1B}[38;2;255;0;0;48;2;0;0;255m"), (.colored(.xterm256), "\u{1B}[38;5;196;48;5;21m"),
      (.colored(.ansi16), "\u{1B}[91;44m"), (.colored(.ansi8), "\u{1B}[31;44m"), (.attributesOnly, ""), (.plain, ""),
    ]
    for (mode, sgr) in expected {
      var backend = EscapeSequenceBackend(mode)
      var presenter = Presenter()
      var frame = Self.buffer(["r"], style: red)
      presenter.present(&frame, to: &backend)
      #expect(Self.text(backend.take()) == "\u{1B}[1;1H" + sgr + "r", "\(mode)")
    }
  }

  @Test("a wide character is written once, and the cursor is addressed again after it only where needed")
  func wideCharacters() {
    var backend = RecordingBackend()
    var presenter = Presenter()
    var frame = Self.buffer(["ab  ", "    "])
    presenter.present(&frame, to: &backend)
    frame = presenter.screen!
    _ = frame.write("日x", at: Point(x: 0, y: 1))
    presenter.present(&frame, to: &backend)
    #expect(Self.text(backend.output.bytes).hasSuffix("\u{1B}[2;1H日x"))
    #expect(backend.frames.last == RecordingBackend.Frame(cleared: false, runs: 1, cells: 3, bytes: 10))
    #expect(backend.screen == presenter.screen)
  }

  @Test("the first frame writes every cell, and the recorded screen is the editor's view")
  func firstFrame() throws {
    let (editor, backend) = try Self.run("")
    #expect(backend.frames.count == 1)
    #expect(backend.frames[0].cells == 80 * 24)
    #expect(backend.screen == editor.view(scheme: .color))
  }

  @Test("a frame after a keyboard move writes only the cells that changed")
  func keyboardMoveWritesOnlyTheChange() throws {
    let before = try Self.run("key space\n")
    let after = try Self.run("key space\nkey right\n")
    let changed = Buffer.diff(from: before.editor.view(scheme: .color), to: after.editor.view(scheme: .color))
    let frame = try #require(after.backend.frames.last)
    #expect(after.backend.frames.count == 3)
    #expect(frame.cells == changed.reduce(0) { $0 + $1.cells.count })
    #expect(frame.cells > 0 && frame.cells < 80 * 24 / 4)
    #expect(frame.runs == changed.count && !frame.cleared)
    #expect(after.backend.screen == after.editor.view(scheme: .color))
    // Its bytes are a small part of the first frame's.
    #expect(frame.bytes < before.backend.frames[0].bytes / 4)
  }

  @Test("the last frame of a glide is the resting screen, and the glide costs more bytes than the jump")
  func glideEndsAtRest() throws {
    let waits = String(repeating: "wait 16\n", count: 25)
    let move = "key space\nkey right\nkey down\n"
    let glide = try Self.run(move + waits, motion: true)
    let jump = try Self.run(move + waits, motion: false)
    #expect(glide.backend.screen == glide.editor.view(scheme: .color))
    #expect(glide.backend.screen == jump.backend.screen)
    // The jump draws the move at once and nothing after it; the glide draws frames between.
    let glideFrames = glide.backend.frames.dropFirst()
    let jumpFrames = jump.backend.frames.dropFirst()
    #expect(glideFrames.count > jumpFrames.count, "\(glide.backend.frames) \(jump.backend.frames)")
    let glideBytes = glideFrames.reduce(0) { $0 + $1.bytes }
    let jumpBytes = jumpFrames.reduce(0) { $0 + $1.bytes }
    #expect(glideBytes > jumpBytes)
    #expect(jumpBytes > 0)
  }

  @Test("Ctrl-L draws the whole screen again on a cleared terminal")
  func repaint() throws {
    let (editor, backend) = try Self.run("key ctrl-l\n")
    let frame = try #require(backend.frames.last)
    #expect(backend.frames.count == 2)
    #expect(frame.cleared && frame.cells == 80 * 24)
    #expect(backend.screen == editor.view(scheme: .color))
    #expect(Self.text(backend.output.bytes).contains("\u{1B}[H\u{1B}[2J"))
  }

  @Test("the bytes of a glide, shown by a real terminal (tmux), leave the editor's resting screen")
  func bytesOnATerminal() async throws {
    let events = "key space\nkey right\nkey down\n" + String(repeating: "wait 16\n", count: 25)
    let (editor, backend) = try Self.run(events, motion: true, mode: .colored(.xterm256))
    #expect(backend.frames.count > 4)
    let directory = try TemporaryDirectory()
    try Data(backend.output.bytes).write(to: URL(fileURLWithPath: directory.path + "/frames"))
    let tmux = try TmuxSession(shell: "cat frames; sleep 600", in: directory)
    defer { tmux.close() }
    let expected = editor.view(scheme: .color).lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    try await tmux.waitUntil("the resting screen") { $0.rows == expected }
  }
}
