import TestSupport
import Testing
import TileGridJSON
import TileModel

/// `tilegrid diff`, `apply` and `merge` through the binary (docs/command-line.md, docs/version-control.md).
@Suite("diff, apply and merge")
struct DiffApplyMergeTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// The fixture with the sections holding `ids`, written as `name`.
  @discardableResult
  func write(_ name: String, _ ids: [[String]] = Fixture.ids) throws -> String {
    try directory.write(name, Fixture.text(ids))
  }

  // MARK: - diff

  @Test("diff prints the script and exits 1 when the files differ, nothing and 0 when they are equal")
  func diffStatuses() throws {
    let a = try write("a.json")
    let b = try write("b.json", [["blue", "red"], ["cyan", "gray44"], ["gold"], ["green"]])
    let differ = try TileGrid.run(["diff", a, b])
    #expect(differ.status == 1, "\(differ)")
    #expect(differ.stdoutText == "move green to archive:0\n")
    #expect(differ.stderr.isEmpty)
    expectSuccess(try TileGrid.run(["diff", a, a]))
    #expect(try TileGrid.run(["diff", a, a]).stdout.isEmpty)
    let json = try TileGrid.run(["diff", a, a, "--json"])
    expectSuccess(json)
    #expect(json.stdoutText == "[]\n")
    let jsonDiffer = try TileGrid.run(["diff", a, b, "--json"])
    #expect(jsonDiffer.status == 1)
    #expect(
      jsonDiffer.stdoutText
        == "[\n  {\n    \"edit\": \"move\",\n    \"tile\": \"green\",\n    \"section\": \"archive\",\n    \"index\": 0\n  }\n]\n")
    // -o OUT holds what would be printed; standard input stands for one of the two.
    #expect(try TileGrid.run(["diff", a, b, "-o", directory.file("out.txt")]).status == 1)
    #expect(try directory.readText("out.txt") == "move green to archive:0\n")
    let piped = try TileGrid.run(["diff", a, "-"], stdin: Array(Fixture.text(Fixture.ids).utf8))
    expectSuccess(piped)
  }

  @Test("diff: /dev/null is an arrangement with no sections; bad input is 64, 65 or 66")
  func diffInputs() throws {
    let a = try write("a.json")
    let created = try TileGrid.run(["diff", "/dev/null", a])
    #expect(created.status == 1)
    #expect(
      created.stdoutText.hasPrefix("set-file generator \"end-to-end fixture\"\nadd-section favorites at 0 {"),
      "\(created.stdoutText)")
    let gone = try TileGrid.run(["diff", a, "/dev/null"])
    #expect(
      gone.stdoutText
        == "set-file generator null\ndelete-section favorites\ndelete-section others\ndelete-section vault\n"
        + "delete-section archive\n")
    expectFailure(try TileGrid.run(["diff", a]), status: 64, mentioning: ["needs OLD and NEW"])
    expectFailure(try TileGrid.run(["diff", "-", "-"]), status: 64, mentioning: ["only once"])
    expectFailure(try TileGrid.run(["diff", a, directory.file("none.json")]), status: 66, mentioning: ["none.json"])
    try directory.write("bad.json", "{\"version\": 1}")
    expectFailure(try TileGrid.run(["diff", a, directory.file("bad.json")]), status: 65, mentioning: ["bad.json", "sections"])
  }

  // MARK: - apply

  @Test("diff A B | apply A - --force prints B byte for byte", arguments: 0..<12)
  func diffThenApply(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0xA991, UInt64(seed)))
    let (a, b) = RandomArrangements.pair(&rng)
    let aPath = try directory.write("a.json", a.jsonBytes())
    let bPath = try directory.write("b.json", b.jsonBytes())
    let diff = try TileGrid.run(["diff", aPath, bPath])
    #expect(diff.status == (a.jsonBytes() == b.jsonBytes() ? 0 : 1), "seed \(seed): \(diff)")
    let applied = try TileGrid.run(["apply", aPath, "-", "--force"], stdin: diff.stdout)
    expectSuccess(applied)
    #expect(applied.stdoutText == String(decoding: b.jsonBytes(), as: UTF8.self), "seed \(seed)")
  }

  @Test("diff A B | apply A - without --force: a locked tile stays, two full sections trade one tile at a time")
  func diffThenApplyUnforced() throws {
    func section(_ id: String, _ tiles: [String], max: Int? = nil, locked: [String] = []) -> (Section, [Tile]) {
      (Section(id: id, maxItems: max), tiles.map { Tile(id: $0, locked: locked.contains($0) ? true : nil) })
    }
    let pairs: [([(Section, [Tile])], [(Section, [Tile])], String?)] = [
      ([section("s", ["x", "y"], locked: ["x"])], [section("s", ["y", "x"], locked: ["x"])], "move y to s:0\n"),
      (
        [section("a", ["a1", "a2"], max: 3), section("b", ["b1", "b2"], max: 3)],
        [section("a", ["b1", "b2"], max: 3), section("b", ["a1", "a2"], max: 3)], nil
      ),
    ]
    for (n, (a, b, expected)) in pairs.enumerated() {
      let old = Arrangement(sections: a)
      let new = Arrangement(sections: b)
      let aPath = try directory.write("a\(n).json", old.jsonBytes())
      let bPath = try directory.write("b\(n).json", new.jsonBytes())
      let diff = try TileGrid.run(["diff", aPath, bPath])
      #expect(diff.status == 1, "\(diff)")
      if let expected { #expect(diff.stdoutText == expected) }
      let applied = try TileGrid.run(["apply", aPath, "-"], stdin: diff.stdout)
      expectSuccess(applied)
      #expect(applied.stdoutText == String(decoding: new.jsonBytes(), as: UTF8.self), "\(diff.stdoutText)")
    }
  }

  @Test("apply -i edits from the shell; a script from a file")
  func applyInPlace() throws {
    let path = try write("tiles.json")
    let result = try TileGrid.run(["apply", path, "-", "-i"], stdin: Array("set red title \"Red!\"\n".utf8))
    expectSuccess(result)
    #expect(result.stdout.isEmpty)
    let red = try Arrangement(json: directory.read("tiles.json"))
    #expect(red[ItemPath(0, 1)].title == "Red!")
    let script = try directory.write("script.txt", "# move green to the end\nmove green to others:3\n")
    let moved = try TileGrid.run(["apply", path, script])
    expectSuccess(moved)
    #expect(try Arrangement(json: moved.stdout).tiles(inSection: 1).map(\.id) == ["cyan", "gray44", "green"])
  }

  @Test("apply is all or nothing: a refused or malformed line is named, exit 65, nothing written")
  func applyRefusals() throws {
    let path = try write("tiles.json")
    let before = try directory.snapshot()
    let cases: [(String, [String], String)] = [
      ("move blue to archive:0\nmove gray44 to archive:0\n", [], #"line 2: tile "gray44" at 1.2 is locked (--force applies it anyway)"#),
      ("move gold to others:0\n", ["-o", "out.json"], #"line 1: section "Vault" is locked: no tile may leave it"#),
      ("delete blue\nset red color \"#GG0000\"\n", ["-i"], ##"line 2, column 15: color: "#GG0000" is not a color"##),
      ("delete nope\n", [], #"line 1: there is no tile "nope""#),
      ("move blue to nowhere:0\n", [], #"line 1: there is no section "nowhere""#),
      ("move blue to archive:5\n", [], #"line 1: archive:5 is not a place (section "archive" takes 0 to 0)"#),
      ("add blue to archive:0 {\"id\": \"blue\"}\n", [], #"line 1: there is already a tile "blue""#),
      ("frobnicate blue\n", [], "line 1, column 1: unknown edit 'frobnicate' (the edits are move, move-section, add, delete, set"),
      ("mvoe blue to archive:0\n", [], "line 1, column 1: unknown edit 'mvoe' (did you mean move?)"),
      ("move blue archive:0\n", [], "line 1, column 11: expected 'to', found 'a'"),
      ("set blue id \"x\"\n", [], "line 1, column 10: a tile's id cannot be set"),
      ("set-file version 2\n", [], "line 1, column 10: version is part of the file's structure"),
      ("set blue title \"x\" junk\n", [], "line 1, column 20: expected the end of the line, found 'j'"),
    ]
    for (script, options, message) in cases {
      let result = try TileGrid.run(["apply", path, "-"] + options, stdin: Array(script.utf8), in: directory)
      expectFailure(result, status: 65, mentioning: ["<stdin>: " + message])
      #expect(try directory.snapshot() == before, "nothing written: \(script)")
    }
    // --force takes what the policies refused.
    let forced = try TileGrid.run(["apply", path, "-", "--force"], stdin: Array("move gold to others:0\n".utf8))
    expectSuccess(forced)
  }

  @Test("apply: FILE and SCRIPT are both needed, and standard input is read once")
  func applyUsage() throws {
    let path = try write("tiles.json")
    expectFailure(try TileGrid.run(["apply", path]), status: 64, mentioning: ["needs FILE and SCRIPT"])
    expectFailure(try TileGrid.run(["apply", "-", "-"]), status: 64, mentioning: ["only once"])
    expectFailure(try TileGrid.run(["apply", path, directory.file("none.txt")]), status: 66, mentioning: ["none.txt"])
    expectFailure(try TileGrid.run(["apply", "-", "-", "-i"]), status: 64)
  }

  // MARK: - merge

  @Test("merge joins two reorderings by ids and exits 0; conflicts go to standard error, exit 1")
  func mergeStatuses() throws {
    let base = try write("base.json")
    // Ours moves blue to the end of Favorites, theirs moves cyan to the front of Others.
    let ours = try write("ours.json", [["red", "blue"], ["green", "cyan", "gray44"], ["gold"], []])
    let theirs = try write("theirs.json", [["blue", "red"], ["cyan", "green", "gray44"], ["gold"], []])
    let clean = try TileGrid.run(["merge", base, ours, theirs])
    expectSuccess(clean)
    #expect(clean.stdoutText == Fixture.text([["red", "blue"], ["cyan", "green", "gray44"], ["gold"], []]))
    // Theirs moves blue into the Archive instead: ours' swap of blue and red reads as red moved to
    // the top (as short a reading as blue moved to the end), which joins theirs' move.
    let other = try write("other.json", [["red"], ["green", "cyan", "gray44"], ["gold"], ["blue"]])
    let joined = try TileGrid.run(["merge", base, ours, other])
    expectSuccess(joined)
    #expect(joined.stdoutText == Fixture.text([["red"], ["green", "cyan", "gray44"], ["gold"], ["blue"]]))
    // Ours moves blue into Others, theirs into the Archive: blue conflicts.
    let elsewhere = try write("elsewhere.json", [["red"], ["green", "blue", "cyan", "gray44"], ["gold"], []])
    let conflicted = try TileGrid.run(["merge", base, elsewhere, other])
    #expect(conflicted.status == 1)
    #expect(conflicted.stderrLines == [#"tilegrid: conflict: tile "blue": moved by ours to others:1, by theirs to archive:0; took ours"#])
    // The file records the conflict (docs/version-control.md, "Conflicts in the file"): without the
    // record, it is ours's choice.
    func withoutRecord(_ text: String) throws -> String {
      var board = try Arrangement(json: text)
      #expect(board.extras.last?.key == "conflicts", "\(text)")
      board.extras.removeAll { $0.key == "conflicts" }
      return board.jsonString()
    }
    #expect(try withoutRecord(conflicted.stdoutText) == Fixture.text([["red"], ["green", "blue", "cyan", "gray44"], ["gold"], []]))
    #expect(conflicted.stdoutText.contains(#""theirs": [\#n        "move blue to archive:0"\#n      ]"#), "\(conflicted)")
    let theirsWin = try TileGrid.run(["merge", base, elsewhere, other, "--prefer", "theirs", "-o", directory.file("m.json")])
    #expect(theirsWin.status == 1)
    let m = try directory.readText("m.json")
    #expect(try withoutRecord(m) == Fixture.text([["red"], ["green", "cyan", "gray44"], ["gold"], ["blue"]]))
    #expect(m.contains(#""ours": [\#n        "move blue to others:1"\#n      ]"#), "\(m)")
  }

  @Test("merge's identities through the binary: merge(B, X, B) = merge(B, B, X) = merge(B, X, X) = X")
  func mergeIdentities() throws {
    let b = try write("b.json")
    let x = try write("x.json", [["red"], ["green", "blue", "gray44"], ["gold"], ["cyan"]])
    for operands in [[b, x, b], [b, b, x], [b, x, x]] {
      let result = try TileGrid.run(["merge"] + operands)
      expectSuccess(result)
      #expect(result.stdout == (try directory.read("x.json")))
    }
  }

  @Test("merge: the command line")
  func mergeUsage() throws {
    let b = try write("b.json")
    expectFailure(try TileGrid.run(["merge", b, b]), status: 64, mentioning: ["BASE, OURS and THEIRS"])
    expectFailure(try TileGrid.run(["merge", b, b, b, "--prefer", "mine"]), status: 64, mentioning: ["'mine'"])
    expectFailure(try TileGrid.run(["merge", b, "-", "-"]), status: 64, mentioning: ["only once"])
    expectFailure(try TileGrid.run(["merge", b, b, directory.file("none.json")]), status: 66)
  }
}
