import Foundation
import TestSupport
import Testing

/// `tilegrid` and `tilegrid FILE` start the interactive editor; here only what it does without a
/// terminal: run in a new session (`setsid -w`), which has none, whatever terminal the tests run in.
/// The editor on a terminal is tested on a pseudo-terminal (CursesTerminalTests) and in tmux.
@Suite("Editor without a terminal")
struct EditorCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Runs `tilegrid arguments` without a controlling terminal; standard input is the fixture.
  func runDetached(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = ["-w", try TileGrid.binary()] + arguments
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: try directory.write("stdin.json", Fixture.bytes)))
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

  func expectOneLine(_ result: (status: Int32, stdout: Data, stderr: String), status: Int32, mentioning words: [String]) {
    #expect(result.status == status, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("tilegrid: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result)")
    for word in words { #expect(result.stderr.contains(word), "\(result)") }
  }

  @Test("no terminal: exit 69 with one line naming the commands that need none; FILE is left alone")
  func noTerminal() throws {
    let path = try Fixture.write(into: directory)
    for arguments in [[path], ["-"], []] {
      expectOneLine(try runDetached(arguments), status: 69, mentioning: ["no terminal", "export", "render", "play"])
    }
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }

  @Test("the file is checked before the terminal: missing 66, invalid 65")
  func fileFirst() throws {
    expectOneLine(try runDetached([directory.file("missing.json")]), status: 66, mentioning: ["missing.json"])
    let bad = try directory.write("bad.json", "{")
    expectOneLine(try runDetached([bad]), status: 65, mentioning: ["bad.json"])
  }
}
