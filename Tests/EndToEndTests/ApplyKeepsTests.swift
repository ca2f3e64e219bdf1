import Foundation
import TestSupport
import Testing

/// `apply` takes only the edits the file's format keeps (docs/command-line.md, `apply`): a color or a
/// width on a Markdown board, a lines file or a table without the column is refused, exit 65, naming
/// the script's line, and nothing is written — unless `--to` (or `-o`) writes a format that keeps it.
@Suite("apply refuses what the format cannot keep")
struct ApplyKeepsTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func run(_ arguments: [String], _ script: String) throws -> RunResult {
    try TileGrid.run(arguments, stdin: Array(script.utf8), in: directory)
  }

  @Test("a color or a width on a Markdown board: refused naming the line; with --to json, kept")
  func markdown() throws {
    let text = "## To Do\n- Buy milk\n- Call Ann\n"
    try directory.write("b.md", text)
    for (script, line, why) in [
      ("set buy-milk title \"Milk\"\nset call-ann color \"red\"\n", 2, "A Markdown board keeps no colors"),
      ("set buy-milk width 20\n", 1, "A Markdown board keeps no widths"),
      ("set buy-milk locked true\n", 1, "A Markdown board keeps no locks"),
    ] {
      for extra in [[], ["-i"]] {
        let refused = try run(["apply", "b.md", "-"] + extra, script)
        expectFailure(refused, status: 65, mentioning: ["<stdin>: line \(line): \(why)", "--to json"])
        #expect(try directory.readText("b.md") == text, "nothing written")
      }
      let kept = try run(["apply", "b.md", "-", "--to", "json"], script)
      expectSuccess(kept)
      expectSuccess(try run(["apply", "b.md", "-", "-o", "b.json"], script))
    }
    // What it keeps still goes through, and clearing a color it never had is nothing to keep.
    let renamed = try run(["apply", "b.md", "-"], "set buy-milk title \"Milk\"\nset call-ann checked true\n")
    expectSuccess(renamed)
    #expect(renamed.stdoutText == "## To Do\n- Milk\n- [x] Call Ann\n")
  }

  @Test("a lines file keeps no checkboxes; a table keeps colors")
  func linesAndTables() throws {
    try directory.write("l.txt", "a\nb\n")
    expectFailure(
      try run(["apply", "l.txt", "-"], "set a checked true\n"), status: 65,
      mentioning: ["<stdin>: line 1: A lines file keeps no checkboxes"])
    expectSuccess(try run(["apply", "l.txt", "-", "--to", "markdown"], "set a checked true\n"))
    try directory.write("t.csv", "title\na\nb\n")
    let colored = try run(["apply", "t.csv", "-"], "set a color \"red\"\n")
    expectSuccess(colored)
    #expect(colored.stdoutText.contains("red"), "\(colored)")
  }
}
