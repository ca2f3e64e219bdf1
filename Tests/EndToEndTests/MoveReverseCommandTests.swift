import Foundation
import TestSupport
import Testing

/// A move and its reverse through the binary and the file between them (docs/formats.md, "A move
/// changes the moved lines"): the file comes back byte for byte, in every text format, with or
/// without a final newline.
@Suite("Moves and their reverse on the command line")
struct MoveReverseCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func run(_ arguments: [String]) throws -> RunResult { try TileGrid.run(arguments, in: directory) }

  /// `tilegrid COMMAND FILE A B > moved; tilegrid COMMAND moved B A` must print FILE again.
  func expectBack(_ name: String, _ text: String, _ command: String, _ a: String, _ b: String) throws {
    try directory.write(name, text)
    let moved = try run([command, name, a, b])
    expectSuccess(moved)
    let ext = String(name.split(separator: ".").last!)
    try directory.write("moved." + ext, moved.stdout)
    let back = try run([command, "moved." + ext, b, a])
    expectSuccess(back)
    #expect(back.stdoutText == text, "\(name): \(command) \(a) \(b), then back: \(moved.stdoutText.debugDescription)")
  }

  @Test("issue 22's board: the blank line before ## B is lane A's end, stays, and the card comes back")
  func issueBoard() throws {
    try expectBack("t.md", "## A\n- a\n\n## B\n- b\n", "move", "0.0", "1.0")
    try directory.write("t.md", "## A\n- a\n\n## B\n- b\n")
    #expect(try run(["move", "t.md", "0.0", "1.0"]).stdoutText == "## A\n\n## B\n- a\n- b\n")
  }

  @Test("twice move-section 0 1 on a file without a final newline: the file again, still without one")
  func sectionsWithoutFinalNewline() throws {
    for (name, text) in [
      ("u.md", "## A\n- a\n\n## B\n- b"), ("u.txt", "# A\na\n\n# B\nb"), ("w.md", "## A\r\n- a\r\n\r\n## B\r\n- b"),
      ("c.txt", "# A\ra\r\r# B\rb"),
    ] {
      try directory.write(name, text)
      let once = try run(["move-section", name, "0", "1", "-i"])
      expectSuccess(once)
      #expect(try directory.read(name).last != 0x0A, "\(name): still no final newline")
      expectSuccess(try run(["move-section", name, "0", "1", "-i"]))
      #expect(try directory.readText(name) == text, "\(name)")
    }
  }

  @Test("the tiles before the first heading: moved out and back, the file again; the last of them stays unless forced")
  func untitledFirstSection() throws {
    for (name, text) in [
      ("u.md", "- a\n- b\n\n## B\n- c\n"), ("v.md", "intro\n\n- a\n- b\n\n## B\n- c"),
      ("u.txt", "a\nb\n# B\nc\n"), ("v.txt", "a\n\nb\n\n# B\nc"), ("u.csv", "section,title\n,a\n,b\nB,c\n"),
    ] {
      for (from, to) in [("0.0", "1.0"), ("0.1", "1.1"), ("0.0", "1.1"), ("0.1", "1.0")] {
        try expectBack(name, text, "move", from, to)
      }
      // Only the moved lines change: every line of the file is still there, once (a table's row says
      // its section, so a moved row is another row).
      if name.hasSuffix(".csv") { continue }
      try directory.write(name, text)
      let moved = try run(["move", name, "0.0", "1.1"])
      let lines = { (t: String) in t.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
      #expect(lines(moved.stdoutText).filter { !$0.isEmpty }.sorted() == lines(text).filter { !$0.isEmpty }.sorted())
    }
    for (name, text) in [("w.md", "- a\n\n## B\n- c\n"), ("w.txt", "a\n# B\nc\n"), ("w.csv", "section,title\n,a\nB,c\n")] {
      try directory.write(name, text)
      expectFailure(
        try run(["move", name, "0.0", "1.0", "-i"]), status: 65,
        mentioning: ["before the first heading", "--force"])
      #expect(try directory.readText(name) == text, "\(name): nothing written")
      let forced = try run(["move", name, "0.0", "1.0", "-i", "--force"])
      #expect(forced.status == 0, "\(forced)")
      #expect(try directory.readText(name) != text)
      // JSON keeps the empty section: no refusal.
      try directory.write(name, text)
      expectSuccess(try run(["move", name, "0.0", "1.0", "--to", "json"]))
    }
  }

  @Test("lines, boards and tables: tile moves there and back, with and without a final newline")
  func everyFormat() throws {
    let files = [
      ("l.txt", "# A\na\n\nc\n\n# B\nb\n\nd\n"), ("k.txt", "# A\na\nc\n\n# B\nb\n"), ("n.md", "## A\n\n- a\n- b\n\n\n## B\n\n- c"),
      ("o.csv", "section,title\nA,a\nA,x\nB,b"),
    ]
    for (name, text) in files {
      try expectBack(name, text, "move", "0.0", "1.0")
      try expectBack(name, text, "move", "0.1", "1.1")
    }
    try expectBack("m.txt", "x\n\ny\nz", "move", "0.0", "0.2")
    try expectBack("m.txt", "x\n\ny\nz", "move", "0.2", "0.0")
    try expectBack("p.tsv", "title\r\nx\r\ny\r\n", "move", "0.0", "0.1")
    try expectBack("n.md", "## A\n\n- a\n- b\n\n\n## B\n\n- c", "move-section", "0", "1")
  }
}
