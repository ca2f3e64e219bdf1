import Foundation
import Testing
import TileGridJSON
import TileModel

@testable import TestSupport

/// Conflicts nobody can lose (docs/version-control.md, "Conflicts in the file"): a merge with
/// conflicts writes ours's choice and says so in the file — git's markers in a text format, the
/// `conflicts` record in JSON — and every command that writes refuses such a file until it is
/// resolved; `check` exits 1.
@Suite("conflicts in the file")
struct ConflictFileTests {
  /// Three versions of a file written into `dir` as `base`, `ours` and `theirs` with `ext`, merged
  /// into `out.EXT` with `extra` arguments.
  func merge(
    _ dir: TemporaryDirectory, ext: String, base: String, ours: String, theirs: String, _ extra: [String] = []
  ) throws -> RunResult {
    _ = try dir.write("base.\(ext)", base)
    _ = try dir.write("ours.\(ext)", ours)
    _ = try dir.write("theirs.\(ext)", theirs)
    return try TileGrid.run(["merge", "base.\(ext)", "ours.\(ext)", "theirs.\(ext)", "-o", "out.\(ext)"] + extra, in: dir)
  }

  /// The refusals of every command that writes an arrangement, on a conflicted `file`, naming `line`.
  func expectRefusals(_ dir: TemporaryDirectory, _ file: String, line: Int) throws {
    let before = try dir.read(file)
    let commands: [[String]] = [
      ["export", file], ["export", file, "--to", "json"], ["move", file, "0.0", "0.0"],
      ["move", file, "0.0", "0.0", "-i"], ["move-section", file, "0", "0", "-i"], ["apply", file, "-", "-i"],
      ["diff", file, file], ["merge", file, file, file],
    ]
    for command in commands {
      let run = try TileGrid.run(command, stdin: [], in: dir)
      expectFailure(run, status: 65, mentioning: ["\(file): line \(line): ", "unresolved merge conflict", "Conflicts panel"])
    }
    #expect(try dir.read(file) == before, "no refusal touched the file")
  }

  @Test("JSON: the file stays a valid arrangement, ours's choice in place, its conflicts under \"conflicts\"")
  func json() throws {
    let dir = try TemporaryDirectory()
    var ours = Arrangement.demo
    try ours.apply([.move(tile: "blue", to: ScriptPlace("others", 0)), .set(tile: "red", .title("Red!"))])
    var theirs = Arrangement.demo
    try theirs.apply([.move(tile: "blue", to: ScriptPlace("archive", 0)), .set(tile: "red", .title("Rot"))])
    let run = try merge(
      dir, ext: "json", base: Arrangement.demo.jsonString(), ours: ours.jsonString(), theirs: theirs.jsonString())
    #expect(run.status == 1, "\(run)")
    #expect(run.stderrLines.count == 2, "\(run)")
    let text = try dir.readText("out.json")
    let board = try Arrangement(json: text)
    #expect(board.path(ofTileID: "blue") == ItemPath(1, 0), "ours's place")
    #expect(board.tiles(inSection: 0).contains { $0.title == "Red!" }, "ours's title")
    guard case .array(let entries)? = board.extras.first(where: { $0.key == "conflicts" })?.value else {
      Issue.record("no conflicts record: \(text)")
      return
    }
    #expect(entries.count == 2)
    #expect(text.contains(#""theirs": [\#n        "move blue to archive:0"\#n      ]"#), "\(text)")
    #expect(text.contains(#""set red title \"Rot\"""#), "\(text)")
    #expect(text.contains(#""add blue-2 to archive:0 {"#), "keeping both is a second card: \(text)")
    // check: exit 1, the count and the first entry's line.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let firstEntry = lines.firstIndex { $0.contains(#""tile": "blue""#) }! // 0-based line of the key: line of "{" is it
    let check = try TileGrid.run(["check", "out.json"], in: dir)
    #expect(check.status == 1, "\(check)")
    #expect(check.stderrText.contains("out.json: line \(firstEntry): 2 unresolved merge conflicts"), "\(check)")
    try expectRefusals(dir, "out.json", line: firstEntry)
  }

  @Test("a Markdown board: git's markers around the two versions of the card, the rest the merged board")
  func markdown() throws {
    let dir = try TemporaryDirectory()
    let base = "## Todo\n\n- [ ] Buy milk\n- [ ] Call Ann\n- [ ] Walk the dog\n\n## Done\n\n- [x] Pay rent\n"
    let ours = "## Todo\n\n- [ ] Call Ann\n- [ ] Walk the dog\n\n## Done\n\n- [x] Pay rent\n- [ ] Buy milk\n"
    let theirs = "## Todo\n\n- [ ] Call Ann\n- [ ] Walk the dog\n- [ ] Buy milk\n\n## Done\n\n- [x] Pay rent\n"
    let run = try merge(dir, ext: "md", base: base, ours: ours, theirs: theirs)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderrText == "tilegrid: conflict: Buy milk: ours moved it to Done, theirs after \"Walk the dog\" in Todo\n", "\(run)")
    // One block, from one place of the card to the other: taking either side keeps it once. The
    // conflict in words after the label. The blank line that ends lane Todo is its own (the lane's
    // end), so ours's side begins with it.
    let expected = """
      ## Todo

      - [ ] Call Ann
      - [ ] Walk the dog
      <<<<<<< ours: Buy milk: ours moved it to Done, theirs after "Walk the dog" in Todo

      ## Done

      - [x] Pay rent
      - [ ] Buy milk
      =======
      - [ ] Buy milk

      ## Done

      - [x] Pay rent
      >>>>>>> theirs

      """
    #expect(try dir.readText("out.md") == expected)
    let check = try TileGrid.run(["check", "out.md"], in: dir)
    #expect(check.status == 1, "\(check)")
    #expect(
      check.stderrText.contains(#"out.md: line 5: 1 unresolved merge conflict (lines 5-17: Buy milk: ours moved it to Done"#), "\(check)")
    try expectRefusals(dir, "out.md", line: 5)
  }

  @Test("lines, with -L labels as git merge-file takes them (ours, base, theirs)")
  func linesWithLabels() throws {
    let dir = try TemporaryDirectory()
    let run = try merge(
      dir, ext: "txt", base: "# Todo\nmilk\nbread\n# Done\n# Later\n", ours: "# Todo\nbread\n# Done\nmilk\n# Later\n",
      theirs: "# Todo\nbread\n# Done\n# Later\nmilk\n",
      ["-L", "HEAD", "-L", "merged common ancestors", "-L", "bob"])
    #expect(run.status == 1, "\(run)")
    // Both moved milk, to different sections: one block from ours's place to theirs's.
    let text = try dir.readText("out.txt")
    #expect(
      text
        == "# Todo\nbread\n# Done\n<<<<<<< HEAD: milk: ours moved it to Done, theirs to Later\nmilk\n# Later\n=======\n# Later\nmilk\n>>>>>>> bob\n")
    let check = try TileGrid.run(["check", "out.txt"], in: dir)
    #expect(check.status == 1, "\(check)")
    let line = text.split(separator: "\n").firstIndex { $0.hasPrefix("<<<<<<<") }! + 1
    try expectRefusals(dir, "out.txt", line: line)
    let tooMany = try TileGrid.run(["merge", "base.txt", "ours.txt", "theirs.txt", "-L", "a", "-L", "b", "-L", "c", "-L", "d"], in: dir)
    expectFailure(tooMany, status: 64, mentioning: ["-L/--label is given more than 3 times"])
  }

  @Test("CSV: both changed a card's column: the two rows between markers")
  func csv() throws {
    let dir = try TemporaryDirectory()
    let run = try merge(
      dir, ext: "csv", base: "section,title,owner\nTodo,milk,ann\nTodo,bread,bob\n",
      ours: "section,title,owner\nTodo,milk,dan\nTodo,bread,bob\n",
      theirs: "section,title,owner\nTodo,milk,carl\nTodo,bread,bob\n")
    #expect(run.status == 1, "\(run)")
    #expect(
      try dir.readText("out.csv")
        == "section,title,owner\n<<<<<<< ours: milk: owner \"dan\" in ours, \"carl\" in theirs\nTodo,milk,dan\n=======\nTodo,milk,carl\n>>>>>>> theirs\nTodo,bread,bob\n")
    let check = try TileGrid.run(["check", "out.csv"], in: dir)
    #expect(check.status == 1 && check.stderrText.contains("out.csv: line 2: 1 unresolved merge conflict"), "\(check)")
    try expectRefusals(dir, "out.csv", line: 2)
  }

  @Test("git merge-file's own markers are read too, and neither side's card is lost")
  func gitsOwnMarkers() throws {
    let dir = try TemporaryDirectory()
    // As `git merge-file` (diff3 style) writes them, around two renames of one card.
    let file = "## Todo\n\n<<<<<<< ours\n- [ ] Buy oat milk\n||||||| base\n- [ ] Buy milk\n=======\n- [ ] Buy soy milk\n>>>>>>> theirs\n- [ ] Call Ann\n"
    _ = try dir.write("board.md", file)
    let check = try TileGrid.run(["check", "board.md"], in: dir)
    #expect(check.status == 1, "\(check)")
    #expect(check.stderrText.contains("ours: - [ ] Buy oat milk; theirs: - [ ] Buy soy milk"), "\(check)")
    expectFailure(try TileGrid.run(["export", "board.md"], in: dir), status: 65, mentioning: ["board.md: line 3: "])
  }

  @Test("a marker without its others is a one-line error naming its line, and the file is not taken for a board")
  func unbalanced() throws {
    let dir = try TemporaryDirectory()
    _ = try dir.write("board.md", "## Todo\n- a\n<<<<<<< ours\n- b\n")
    expectFailure(
      try TileGrid.run(["check", "board.md"], in: dir), status: 65,
      mentioning: ["board.md: line 3, column 1: a conflict marker '<<<<<<<' without its '=======' and '>>>>>>>'"])
    _ = try dir.write("nested.txt", "<<<<<<< a\nx\n<<<<<<< b\n=======\n>>>>>>> c\n")
    expectFailure(try TileGrid.run(["export", "nested.txt"], in: dir), status: 65, mentioning: ["nested.txt: line 3, column 1:"])
  }

  @Test("markers are seen in every line ending: a CR-only or CR LF merge's markers, and hand-made ones")
  func markersInEveryLineEnding() throws {
    let dir = try TemporaryDirectory()
    let base = "## Todo\n\n- [ ] Buy milk\n- [ ] Call Ann\n- [ ] Walk the dog\n\n## Done\n\n- [x] Pay rent\n"
    let ours = "## Todo\n\n- [ ] Call Ann\n- [ ] Walk the dog\n\n## Done\n\n- [x] Pay rent\n- [ ] Buy milk\n"
    let theirs = "## Todo\n\n- [ ] Call Ann\n- [ ] Walk the dog\n- [ ] Buy milk\n\n## Done\n\n- [x] Pay rent\n"
    for newline in ["\r", "\r\n"] {
      func ended(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: newline) }
      let run = try merge(dir, ext: "md", base: ended(base), ours: ended(ours), theirs: ended(theirs))
      #expect(run.status == 1, "\(newline.debugDescription): \(run)")
      let text = try dir.readText("out.md")
      #expect(text.contains(newline + "<<<<<<< ours") && !text.contains("\n\n"), "\(newline.debugDescription): \(text.debugDescription)")
      let check = try TileGrid.run(["check", "out.md"], in: dir)
      #expect(check.status == 1 && check.stderrText.contains("out.md: line 5: 1 unresolved merge conflict"), "\(check)")
      try expectRefusals(dir, "out.md", line: 5)
    }
    // Made by hand, in a list and a board with CR-only endings.
    for (name, text) in [
      ("cr.txt", "# Todo\r<<<<<<< ours\rmilk\r=======\rbread\r>>>>>>> theirs\r"),
      ("cr.md", "## Todo\r- a\r<<<<<<< ours\r- b\r=======\r- c\r>>>>>>> theirs\r- d"),
    ] {
      _ = try dir.write(name, text)
      let check = try TileGrid.run(["check", name], in: dir)
      #expect(check.status == 1 && check.stderrText.contains("unresolved merge conflict"), "\(name): \(check)")
      try expectRefusals(dir, name, line: name == "cr.txt" ? 2 : 3)
    }
  }

  @Test("a stray marker is refused naming its line: a lone '>>>>>>>', a second '=======', '>>>>>>>' before '======='")
  func strayMarkers() throws {
    let dir = try TemporaryDirectory()
    for (name, text, line, words) in [
      ("close.md", "## Todo\n- a\n>>>>>>> theirs\n- b\n", 3, "a conflict marker '>>>>>>>' without its '<<<<<<<'"),
      ("close.txt", "a\nb\n>>>>>>>\n", 3, "a conflict marker '>>>>>>>' without its '<<<<<<<'"),
      ("cr.md", "## Todo\r- a\r>>>>>>> theirs\r", 3, "a conflict marker '>>>>>>>' without its '<<<<<<<'"),
      ("open.md", "## Todo\n- a\n<<<<<<< ours\n- b\n", 3, "a conflict marker '<<<<<<<' without its '=======' and '>>>>>>>'"),
      (
        "two.md", "## Todo\n<<<<<<< ours\n- a\n=======\n- b\n=======\n- c\n>>>>>>> theirs\n", 6,
        "a second conflict marker '=======' in the conflict that starts on line 2"
      ),
      (
        "early.txt", "x\n<<<<<<< ours\na\n>>>>>>> theirs\nb\n=======\nc\n", 4,
        "a conflict marker '>>>>>>>' before the '=======' of the conflict that starts on line 2"
      ),
      ("close.json", "{\"version\": 1,\n>>>>>>> theirs\n\"sections\": []}\n", 2, "a conflict marker '>>>>>>>' without"),
    ] {
      _ = try dir.write(name, text)
      for command in [["check", name], ["export", name], ["move", name, "0.0", "0.0", "-i"]] {
        expectFailure(
          try TileGrid.run(command, in: dir), status: 65, mentioning: ["\(name): line \(line), column 1: \(words)"])
      }
      #expect(try dir.readText(name) == text, "\(name): nothing written")
    }
    // A '=======' line alone is Markdown's heading underline, not a marker.
    _ = try dir.write("setext.md", "## Todo\n- a\n\n    Title\n    =======\n=======\n- b\n")
    expectSuccess(try TileGrid.run(["check", "setext.md"], in: dir))
  }

  @Test("4,000 conflict blocks: check counts them and a command refuses the file, each in well under a second's work")
  func manyBlocks() throws {
    let dir = try TemporaryDirectory()
    var lines = ["## Todo", ""]
    for k in 0..<4000 {
      lines += ["- card \(k)", "<<<<<<< ours", "- ours \(k)", "=======", "- theirs \(k)", ">>>>>>> theirs"]
    }
    _ = try dir.write("many.md", lines.joined(separator: "\n") + "\n")
    // Read once per side, not once per conflict (which took over 60 s): a generous bound for a debug
    // build on a loaded machine, far below that.
    let start = Date()
    let check = try TileGrid.run(["check", "many.md"], in: dir)
    #expect(check.status == 1 && check.stderrText.contains("many.md: line 4: 4000 unresolved merge conflicts"), "\(check)")
    expectFailure(try TileGrid.run(["export", "many.md"], in: dir), status: 65, mentioning: ["4000 unresolved merge conflicts"])
    #expect(Date().timeIntervalSince(start) < 15, "check and export of 4,000 blocks")
  }

  @Test("a clean merge writes no markers and no record, in OURS's format")
  func cleanMerge() throws {
    let dir = try TemporaryDirectory()
    let run = try merge(
      dir, ext: "md", base: "## Todo\n- a\n- b\n- c\n", ours: "## Todo\n- b\n- a\n- c\n", theirs: "## Todo\n- a\n- b\n- c\n")
    expectSuccess(run)
    #expect(try dir.readText("out.md") == "## Todo\n- b\n- a\n- c\n")
    expectSuccess(try TileGrid.run(["check", "out.md"], in: dir))
  }

  @Test("check quotes a record's free-text about cut, as every quote from a file: a 100 KB one is one short line")
  func longAbout() throws {
    let dir = try TemporaryDirectory()
    let about = String(repeating: "x", count: 100_000)
    var text = Arrangement.demo.jsonString()
    text.removeLast(2)  // "}\n"
    text += ",\n  \"conflicts\": [{\"about\": \"\(about)\", \"conflict\": \"both changed it\", \"theirs\": []}]\n}\n"
    _ = try dir.write("c.json", text)
    let check = try TileGrid.run(["check", "c.json"], in: dir)
    #expect(check.status == 1, "\(check.stderrText.prefix(300))")
    #expect(check.stderrLines.count == 1 && check.stderrText.count < 200, "\(check.stderrText.prefix(300))")
    #expect(check.stderrText.contains("(\(String(repeating: "x", count: 60))…: both changed it)"), "\(check.stderrText.prefix(300))")
  }
}
