import Foundation
import TestSupport
import Testing

/// `--record`'s header names the opened file by size and SHA-256; `play` (and `render`) say one line on
/// standard error when given another file, and nothing when given that one. End to end: a real session
/// on a pseudo-terminal, then the command line.
@Suite("A recording replayed against the file it was recorded on")
struct RecordedFileTests {
  let directory: TemporaryDirectory
  let binary: String

  init() throws {
    directory = try TemporaryDirectory()
    binary = try TileGrid.binary()
  }

  /// Runs `sha256sum` on a file in the directory.
  func sha256sum(_ name: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum", name]
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    let output = directory.file("sum.txt")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    try process.run()
    process.waitUntilExit()
    return String(try directory.readText("sum.txt").prefix(64))
  }

  /// Records a session on `arguments` that moves blue right, saves and quits.
  func record(_ arguments: [String], events: String) throws {
    let process = try PseudoTerminalProcess(
      binary, arguments + ["--record", events], environment: PseudoTerminalProcess.environment(), width: 80,
      height: 24, directory: directory.path, stderr: .file(directory.file("stderr")))
    #expect(process.wait(for: "READY"))
    process.write(" \u{1B}[C\r")
    #expect(process.wait(for: "unsaved"))
    let mark = process.output.count
    process.write("s")
    #expect(process.wait(for: "Saved", after: mark) || process.wait(for: "Save as", after: mark))
    if PseudoTerminalProcess.find(Array("Save as".utf8), in: process.output, from: mark) != nil {
      process.write("saved.json\r")
      #expect(process.wait(for: "Saved", after: mark))
    }
    process.write("q")
    #expect(process.waitForEnd() == .exited(0))
  }

  @Test("the header gives the file's size and SHA-256; play of the edited file says so in one line, of the original nothing")
  func editedFile() throws {
    let original = try TileGrid.run(["demo"]).stdout
    try directory.write("edit.json", original)
    try directory.write("original.json", original)
    let sum = try sha256sum("edit.json")
    try record([directory.file("edit.json")], events: "rec.events")
    let header = try directory.readText("rec.events").split(separator: "\n").prefix(4)
    #expect(header.contains("# file: \(original.count) bytes, SHA-256 \(sum)"), "\(header)")

    let play = ["--width", "80", "--height", "24", "--events", directory.file("rec.events")]
    let againstOriginal = try TileGrid.run(["play", directory.file("original.json")] + play)
    #expect(againstOriginal.status == 0 && againstOriginal.stderr.isEmpty, "\(againstOriginal)")
    #expect(againstOriginal.stdout == (try directory.read("edit.json")), "the replay ends where the session saved")

    let againstEdited = try TileGrid.run(["play", directory.file("edit.json")] + play)
    #expect(againstEdited.status == 0, "a warning, not an error: \(againstEdited)")
    #expect(againstEdited.stderrLines.count == 1, "\(againstEdited)")
    let line = String(againstEdited.stderrLines.first ?? "")
    #expect(line.hasPrefix("tilegrid: \(directory.file("edit.json")) is not the file the session was recorded on"), "\(line)")
    #expect(line.contains("SHA-256 \(sum.prefix(12))…"), "names the recorded file's hash: \(line)")
    #expect(line.hasSuffix("the replay may differ"))

    // render replays the same file and checks the same way.
    let render = try TileGrid.run(["render", directory.file("edit.json")] + play + ["--color", "never"])
    #expect(render.status == 0 && render.stderrLines.count == 1, "\(render)")
    let renderOriginal = try TileGrid.run(["render", directory.file("original.json")] + play + ["--color", "never"])
    #expect(renderOriginal.stderr.isEmpty, "\(renderOriginal)")
  }

  @Test("a demo session's header names the demo's bytes: 'tilegrid demo | tilegrid play -' says nothing")
  func demoSession() throws {
    try record([], events: "demo.events")
    let demo = try TileGrid.run(["demo"]).stdout
    try directory.write("demo.json", demo)
    let text = try directory.readText("demo.events")
    #expect(text.contains("# file: \(demo.count) bytes, SHA-256 \(try sha256sum("demo.json"))\n"), "\(text)")
    let play = ["play", "-", "--width", "80", "--height", "24", "--events", directory.file("demo.events")]
    let replay = try TileGrid.run(play, stdin: demo)
    #expect(replay.status == 0 && replay.stderr.isEmpty, "\(replay)")
    #expect(replay.stdout == (try directory.read("saved.json")))
    let other = try TileGrid.run(play, stdin: try directory.read("saved.json"))
    #expect(other.stderrLines.count == 1 && other.stderrText.contains("<stdin> is not the file"), "\(other)")
  }

  @Test("an events file without the header (written by hand, or older) is replayed without a word")
  func noHeader() throws {
    try directory.write("demo.json", try TileGrid.run(["demo"]).stdout)
    try directory.write("hand.events", "# my own\nkey right\nkey space\nkey right\nkey enter\n")
    let result = try TileGrid.run([
      "play", directory.file("demo.json"), "--width", "80", "--height", "24", "--events", directory.file("hand.events"),
    ])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
  }
}
