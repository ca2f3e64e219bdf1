import Foundation
import TestSupport
import Testing
import TileModel

/// Inputs that can be read only once — standard input, a pipe, a process substitution `<(…)`,
/// `/dev/stdin`, a FIFO — are read once, and everything works on those bytes: recognising the format
/// of a name that says nothing, reading, looking for a record of conflicts. Each case runs under
/// `timeout`, so one that would wait for a second writer fails instead of hanging the suite.
@Suite("Inputs read once")
struct StreamInputTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Runs `script` with bash in the test's directory, `$TG` the binary, each command of it bounded by
  /// `timeout -s KILL 20` (SIGKILL: a test runner may have blocked SIGTERM for what it starts) where it says so.
  func bash(_ script: String) throws -> RunResult {
    try runProcess("/bin/bash", ["-c", "TG=\"$0\"; " + script, try TileGrid.binary()], in: directory)
  }

  static let board = "## To Do\n\n- [ ] Buy milk\n- [ ] Call Ann\n\n## Done\n\n- [x] Pay rent\n"

  /// The demo with a record of one conflict, as a merge writes it.
  static var conflicted: String {
    var text = Arrangement.demo.jsonString()
    text.removeLast(2)
    return text + ",\n  \"conflicts\": [{\"tile\": \"blue\", \"conflict\": \"ours moved it, theirs deleted it\", "
      + "\"theirs\": [\"delete blue\"]}]\n}\n"
  }

  @Test("a process substitution or a pipe read by name is the same input as the file")
  func processSubstitutionAndPipes() throws {
    try directory.write("board.md", Self.board)
    try directory.write("demo.json", Arrangement.demo.jsonString())
    // A name without an extension is recognised by its content, then read: from the same bytes.
    let diff = try bash("timeout -s KILL 20 \"$TG\" diff <(cat board.md) board.md")
    #expect(diff.status == 0 && diff.stdout.isEmpty, "\(diff)")
    let moved = try bash("timeout -s KILL 20 \"$TG\" move board.md 0.0 1.0 > moved.md; timeout -s KILL 20 \"$TG\" diff <(cat board.md) moved.md")
    #expect(moved.status == 1 && moved.stdoutText.hasPrefix("move "), "one move, not the whole board added: \(moved)")
    for command in ["check <(cat demo.json)", "check <(cat board.md)", "export <(cat demo.json) -o copy.json"] {
      let result = try bash("timeout -s KILL 20 \"$TG\" " + command)
      #expect(result.status == 0 && result.stderr.isEmpty, "\(command): \(result)")
    }
    #expect(try directory.readText("copy.json") == Arrangement.demo.jsonString())
    let stdin = try bash("cat demo.json | timeout -s KILL 20 \"$TG\" check /dev/stdin")
    #expect(stdin.status == 0 && stdin.stderr.isEmpty, "\(stdin)")
    let exported = try bash("cat board.md | timeout -s KILL 20 \"$TG\" export /dev/stdin")
    #expect(exported.status == 0 && exported.stdoutText == Self.board, "\(exported)")
  }

  @Test("a record of conflicts on standard input is found, as in the file: check exits 1, not 'the input is empty'")
  func conflictsOnStandardInput() throws {
    try directory.write("conflicted.json", Self.conflicted)
    let file = try bash("timeout -s KILL 20 \"$TG\" check conflicted.json")
    #expect(file.status == 1 && file.stderrText.contains("1 unresolved merge conflict"), "\(file)")
    for command in [
      "cat conflicted.json | timeout -s KILL 20 \"$TG\" check -", "timeout -s KILL 20 \"$TG\" check - < conflicted.json",
      "timeout -s KILL 20 \"$TG\" check <(cat conflicted.json)",
    ] {
      let result = try bash(command)
      #expect(result.status == 1 && result.stderrText.contains("1 unresolved merge conflict"), "\(command): \(result)")
    }
  }

  @Test("a FIFO is read once and never hangs check, whatever its name says", arguments: ["fifo.json", "fifo"])
  func fifo(_ name: String) throws {
    try directory.write("demo.json", Arrangement.demo.jsonString())
    try directory.write("conflicted.json", Self.conflicted)
    try directory.write("board.md", Self.board)
    for (source, status) in [("demo.json", 0), ("conflicted.json", 1)] {
      let result = try bash(
        "rm -f \(name); mkfifo \(name); cat \(source) > \(name) & timeout -s KILL 20 \"$TG\" check \(name); s=$?; kill -KILL %1 2>/dev/null; exit $s")
      #expect(result.status == Int32(status), "\(source) through \(name): \(result)")
    }
    let export = try bash(
      "rm -f \(name); mkfifo \(name); cat board.md > \(name) & timeout -s KILL 20 \"$TG\" export --format markdown \(name); s=$?; kill -KILL %1 2>/dev/null; exit $s")
    #expect(export.status == 0 && export.stdoutText == Self.board, "\(export)")
  }
}
