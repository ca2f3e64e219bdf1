import TestSupport
import Testing

/// `tilegrid diff` and `tilegrid merge` of boards, lists and tables through the binary
/// (docs/version-control.md, "Boards, lists and tables"): cards without ids paired across versions.
@Suite("diff and merge of boards without ids")
struct BoardVersionsCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  static let base = KanbanBoards.text(
    toDo: """
      - [ ] Buy milk
      \tfrom the corner shop
      - [ ] Call Ann
      - [ ] Call Ann
      """,
    done: "- [x] Ship it", complete: false, settings: true)

  @Test("diff of a renamed card is one set … title line; of the second of two equal titles, that one")
  func diffs() throws {
    let base = try directory.write("base.md", Self.base)
    let renamed = try directory.write("renamed.md", Self.base.replacing("- [ ] Buy milk", with: "- [ ] Buy oat milk"))
    let result = try TileGrid.run(["diff", base, renamed])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdoutText == "set buy-milk title \"Buy oat milk\"\n")
    // The second "Call Ann" checked and moved to Done: that card, not the first.
    let moved = try directory.write(
      "moved.md",
      Self.base.replacing("- [ ] Call Ann\n- [ ] Call Ann\n", with: "- [ ] Call Ann\n")
        .replacing("- [x] Ship it\n", with: "- [x] Ship it\n- [x] Call Ann\n"))
    let second = try TileGrid.run(["diff", base, moved])
    #expect(second.stdoutText == "move call-ann-2 to done:1\nset call-ann-2 checked true\n", "\(second)")
  }

  @Test("merge: a rename on one side and a move on the other is the renamed card at the moved place, written as the board")
  func renameTimesMove() throws {
    let base = try directory.write("base.md", Self.base)
    let ours = try directory.write("ours.md", Self.base.replacing("- [ ] Buy milk", with: "- [ ] Buy oat milk"))
    let theirsText = Self.base.replacing("- [ ] Buy milk\n\tfrom the corner shop\n", with: "")
      .replacing("- [x] Ship it\n", with: "- [x] Ship it\n- [ ] Buy milk\n\tfrom the corner shop\n")
    let theirs = try directory.write("theirs.md", theirsText)
    let out = directory.file("merged.md")
    let result = try TileGrid.run(["merge", base, ours, theirs, "-o", out])
    expectSuccess(result)
    #expect(try directory.readText("merged.md") == theirsText.replacing("- [ ] Buy milk", with: "- [ ] Buy oat milk"))
    // git merge-file conflicts here: the renamed line is one the other side moved away.
    let git = try runProcess("/usr/bin/env", ["git", "merge-file", "-p", ours, base, theirs], in: directory)
    #expect(git.status == 1, "\(git)")
  }

  @Test("merge of a lines file and of a table, each side moving a different card into the same spot")
  func sameSpot() throws {
    let base = try directory.write("base.txt", "# A\na\nb\nc\n# B\nx\ny\n")
    let ours = try directory.write("ours.txt", "# A\nb\nc\n# B\nx\na\ny\n")
    let theirs = try directory.write("theirs.txt", "# A\na\nb\n# B\nx\nc\ny\n")
    let lines = try TileGrid.run(["merge", base, ours, theirs])
    expectSuccess(lines)
    #expect(lines.stdoutText == "# A\nb\n# B\nx\na\nc\ny\n")
    #expect(try runProcess("/usr/bin/env", ["git", "merge-file", "-p", ours, base, theirs], in: directory).status == 1)
    let header = "section,title,notes\n"
    let tb = try directory.write("base.csv", header + "A,a,1\nA,b,2\nA,c,3\nB,x,4\nB,y,5\n")
    let to = try directory.write("ours.csv", header + "A,b,2\nA,c,3\nB,x,4\nB,a,1\nB,y,5\n")
    let tt = try directory.write("theirs.csv", header + "A,a,1\nA,b,2\nB,x,4\nB,c,3\nB,y,5\n")
    let table = try TileGrid.run(["merge", tb, to, tt])
    expectSuccess(table)
    #expect(table.stdoutText == header + "A,b,2\nB,x,4\nB,a,1\nB,c,3\nB,y,5\n")
  }

  @Test("a card deleted by one side and moved by the other is a conflict, ours' choice written, theirs' card between markers")
  func deleteAgainstMove() throws {
    let base = try directory.write("base.txt", "a\nb\nc\nd\n")
    let ours = try directory.write("ours.txt", "a\nc\nd\n")
    let theirs = try directory.write("theirs.txt", "a\nc\nd\nb\n")
    let result = try TileGrid.run(["merge", base, ours, theirs])
    #expect(result.status == 1)
    // The file records the conflict (docs/version-control.md, "Conflicts in the file").
    #expect(result.stdoutText == "a\nc\nd\n<<<<<<< ours: b: moved by theirs, deleted by ours\n=======\nb\n>>>>>>> theirs\n")
    #expect(result.stderrLines == ["tilegrid: conflict: b: moved by theirs, deleted by ours"])
  }
}
