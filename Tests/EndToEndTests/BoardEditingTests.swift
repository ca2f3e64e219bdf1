import Foundation
import TestSupport
import Testing

/// What a board's people do, through the built binary (docs/editing.md, "What a format keeps"): an edit
/// the file's format cannot keep is refused when it is asked for, with the reason, and the file is
/// unchanged; a table gains a color column and says so.
@Suite("Boards: edits a format cannot keep are refused when asked")
struct BoardEditingTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  static let board = "## To Do\n\n- [ ] Buy milk\n- [ ] Call Ann\n\n## Done\n\n- [x] Ship it\n"

  /// The status line after `events`, and what play prints.
  func run(_ file: String, _ events: String, to: String? = nil) throws -> (status: String, played: String) {
    _ = try directory.write("e.events", events)
    let size = ["--width", "80", "--height", "12"]
    let screen = try TileGrid.run(["render", file] + size + ["--events", "e.events", "--color", "never"] + (to.map { ["--to", $0] } ?? []), in: directory)
    expectSuccess(screen)
    let rows = screen.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    let played = try TileGrid.run(["play", file] + size + ["--events", "e.events"] + (to.map { ["--to", $0] } ?? []), in: directory)
    expectSuccess(played)
    return (String(rows[rows.count - 2]), played.stdoutText)
  }

  @Test("recolor, width, lock and limit on a Markdown board: refused at the key, with the reason")
  func markdownRefuses() throws {
    _ = try directory.write("b.md", Self.board)
    for (key, reason) in [("c", "A Markdown board keeps no colors"), ("w", "A Markdown board keeps no widths"),
      ("L", "A Markdown board keeps no locks"), ("M", "A Markdown board keeps no limits")]
    {
      let (status, played) = try run("b.md", "key \(key)\n")
      #expect(status.contains("Refused: \(reason)"), "\(key): \(status)")
      #expect(played == Self.board, "\(key)")
    }
  }

  @Test("a lines file keeps no widths and no colors; renames and moves are kept")
  func linesRefuse() throws {
    _ = try directory.write("l.txt", "a\nb\n")
    #expect(try run("l.txt", "key w\n").status.contains("Refused: A lines file keeps no widths"))
    #expect(try run("l.txt", "key c\n").status.contains("Refused: A lines file keeps no colors"))
    let renamed = try run("l.txt", "key r\ninput \"\\x15c\"\nkey enter\n")
    #expect(renamed.played == "c\nb\n")
  }

  @Test("--to json keeps a color, so it is not refused")
  func toAFormatThatKeepsIt() throws {
    _ = try directory.write("b.md", Self.board)
    _ = try directory.write("e.events", "key c\ninput \"\\x15red\"\nkey enter\n")
    let played = try TileGrid.run(
      ["play", "b.md", "--width", "80", "--height", "12", "--events", "e.events", "--to", "json", "--trace"], in: directory)
    #expect(played.status == 0)
    #expect(played.stdoutText.contains("\"color\": \"red\""), "\(played.stdoutText)")
    #expect(!played.stderrText.contains("refused"), "\(played.stderrText)")
  }

  @Test("a CSV table without a color column gains one at the first recolor, and says so once")
  func csvGainsColumn() throws {
    _ = try directory.write("t.csv", "title,notes\nBuy milk,x\nAnn,y\n")
    let first = try run("t.csv", "key c\ninput \"\\x15red\"\nkey enter\n")
    #expect(first.status.contains("Recolored Buy milk") && first.status.contains("the table gains a color column"), "\(first.status)")
    #expect(first.played == "title,notes,color\nBuy milk,x,red\nAnn,y,\n")
    let twice = try run("t.csv", "key c\ninput \"\\x15red\"\nkey enter\nkey right\nkey c\ninput \"\\x15blue\"\nkey enter\n")
    #expect(twice.status.contains("Recolored Ann") && !twice.status.contains("gains"), "\(twice.status)")
    #expect(twice.played == "title,notes,color\nBuy milk,x,red\nAnn,y,blue\n")
  }
}

/// The newcomer's findings on the command line (issue 23 §3).
@Suite("A newcomer's findings on the command line")
struct NewcomerCommandTests {
  @Test("tilegrid nodir/x.json says at once that the directory does not exist (exit 66), before any terminal")
  func missingDirectory() throws {
    let directory = try TemporaryDirectory()
    let result = try TileGrid.run(["nodir/x.json"], in: directory)
    #expect(result.status == 66)
    #expect(result.stderrText == "tilegrid: nodir/x.json: the directory 'nodir' does not exist, so the file cannot be created\n")
    #expect(result.stdout.isEmpty)
    #expect(try directory.listing().isEmpty)
  }
}
