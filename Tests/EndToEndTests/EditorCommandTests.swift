import Foundation
import TestSupport
import Testing

/// `tilegrid` and `tilegrid FILE` start the interactive editor; here only what it does without a
/// terminal, or before it needs one. The editor on a terminal is tested on a pseudo-terminal
/// (CursesTerminalTests) and in tmux (TerminalTests).
@Suite("Editor without a terminal")
struct EditorCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Runs `tilegrid arguments` in a new session (`setsid -w`), which has no controlling terminal
  /// whatever terminal the tests run in; standard input is the fixture.
  func runDetached(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = ["-w", try TileGrid.binary()] + arguments
    process.standardInput = try FileHandle(
      forReadingFrom: URL(fileURLWithPath: try directory.write("stdin.json", Fixture.bytes)))
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, stdout, String(decoding: stderr, as: UTF8.self))
  }

  @Test("no terminal: exit 69 with one line naming the commands that need none; FILE is left alone")
  func noTerminal() throws {
    let path = try Fixture.write(into: directory)
    for arguments in [[path], ["-"], []] {
      let result = try runDetached(arguments)
      #expect(result.status == 69, "\(arguments): \(result)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("tilegrid: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result)")
      for word in ["no terminal", "export", "render", "play"] { #expect(result.stderr.contains(word), "\(result)") }
    }
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }

  @Test("a FILE that does not exist is a new file: it needs a terminal like any other, and nothing is created")
  func missingFile() throws {
    let path = directory.file("nosuch.json")
    let result = try runDetached([path])
    #expect(result.status == 69, "\(path): \(result)")
    #expect(result.stderr.contains("no terminal"), "\(result)")
    #expect(!directory.exists("nosuch.json"))
  }

  @Test("--record onto the file being edited, or a link to it, is refused (64) before anything is written")
  func recordOntoTheFile() throws {
    let path = try Fixture.write(into: directory)
    #expect(symlink("tiles.json", directory.file("soft.json")) == 0)
    #expect(link(path, directory.file("hard.json")) == 0)
    for events in ["tiles.json", "./tiles.json", "soft.json", "hard.json", path] {
      expectFailure(
        try TileGrid.run(["tiles.json", "--record", events], in: directory), status: 64,
        mentioning: ["--record '\(events)' is the file being edited ('tiles.json')"])
      // Through the link, the other way round too.
      expectFailure(
        try TileGrid.run(["soft.json", "--record", events], in: directory), status: 64,
        mentioning: ["is the file being edited ('soft.json')"])
    }
    #expect(try directory.readText("tiles.json") == Fixture.text())
    #expect(try directory.listing().sorted() == ["hard.json", "soft.json", "tiles.json"])
  }

  @Test("a FILE for the editor that is not a valid arrangement exits 65, naming the place")
  func invalidFile() throws {
    let path = try directory.write("bad.json", #"{"version": 1, "sections": [{"id": "s"}]}"#)
    expectFailure(
      try TileGrid.run([path]), status: 65, mentioning: [#"\#(path): sections[0]: missing required field "items""#])
  }

  @Test("the editor's command line: an unknown option is 64, two FILEs are 64, --help prints the overview")
  func editorArguments() throws {
    let path = try Fixture.write(into: directory)
    expectFailure(try TileGrid.run([path, "--bogus"]), status: 64, mentioning: ["unknown option '--bogus'"])
    expectFailure(try TileGrid.run([path, path]), status: 64, mentioning: ["takes at most one FILE"])
    let help = try TileGrid.run([path, "--help"])
    expectSuccess(help)
    #expect(help.stdoutText == (try TileGrid.run(["--help"])).stdoutText)
  }
}
