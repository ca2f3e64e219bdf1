import TestSupport
import Testing

@testable import EditScripts
@testable import TileGridJSON
@testable import TileModel

/// Edit scripts (docs/version-control.md, "Edit scripts"): the strict reader with the line and column
/// of every error, the canonical writer, and applying a script line by line, all or nothing.
@Suite("Edit scripts")
struct ScriptTests {
  static func read(_ text: String) throws -> [ScriptEdit] { try EditScript.read(text).map(\.edit) }

  static func readError(_ text: String) -> String? {
    do {
      _ = try EditScript.read(text)
      return nil
    } catch {
      return error.description
    }
  }

  /// `first: a b c`, `empty` (locked), `last: d` with a locked tile.
  static func board() -> Arrangement {
    Arrangement(sections: [
      (Section(id: "first"), [Tile(id: "a"), Tile(id: "b"), Tile(id: "c")]),
      (Section(id: "empty", locked: true), []),
      (Section(id: "last"), [Tile(id: "d", locked: true)]),
    ])
  }

  // MARK: - Reading

  @Test("every form of line reads, and is written back as it was")
  func everyForm() throws {
    let text = """
      move blue to archive:0
      move-section archive to 0
      add teal to others:3 {"id": "teal", "title": "teal", "color": "systemTeal"}
      delete gray44
      set red title "Red!"
      set red width null
      set red x-note (null)
      set red "a key" [1, {"b": 12345678901234567}]
      add-section later at 2 {"id": "later", "title": "Later", "items": [{"id": "x"}]}
      delete-section later
      set-section favorites maxItems 10
      set-section favorites locked true
      set-layout lineSpacing 2
      set-layout itemSize {"width": 10, "height": 2}
      set-layout {"direction": "horizontal"}
      set-layout null
      set-file owner "ops"
      set-file owner null
      move "a b" to "my list":1
      move 회의 to 준비:0

      """
    let edits = try Self.read(text)
    #expect(edits.count == 20)
    #expect(EditScript.text(edits) == text)
    #expect(edits[0] == .move(tile: "blue", to: ScriptPlace("archive", 0)))
    #expect(edits[6] == .set(tile: "red", .other("x-note", .null)))
    #expect(edits[8] == .addSection(Section(id: "later", title: "Later"), tiles: [Tile(id: "x")], at: 2))
    #expect(edits[15] == .replaceLayout(nil))
  }

  @Test("comments, blank lines, spaces and tabs, CRLF and a byte order mark")
  func layoutOfLines() throws {
    let text = "\u{FEFF}# a script\n\n  move\tblue  to archive:0   # the end\r\nset red title \"a # b\" # c\n"
    let lines = try EditScript.read(text)
    #expect(lines.map(\.line) == [3, 4])
    #expect(lines.map(\.edit) == [.move(tile: "blue", to: ScriptPlace("archive", 0)), .set(tile: "red", .title("a # b"))])
  }

  @Test("known keys are checked as the file reader checks them; any integral spelling is a whole number")
  func knownValues() throws {
    #expect(try Self.read("set red width 2e1\n") == [.set(tile: "red", .width(20))])
    #expect(Self.readError("set red width 0") == "line 1, column 15: width: 0 is too small (the least allowed is 1)")
    #expect(Self.readError("set red locked \"yes\"") == "line 1, column 16: locked: expected true or false, found a string")
    #expect(
      Self.readError("set red color \"#GG0000\"")
        == ##"line 1, column 15: color: "#GG0000" is not a color (a UIKit color name or #RRGGBB)"##)
    #expect(Self.readError("set red title (null)") == "line 1, column 15: title cannot be null (null removes it)")
    #expect(
      Self.readError("set-layout direction \"up\"")
        == #"line 1, column 22: layout.direction: "up" is not one of vertical, horizontal, lanes"#)
    #expect(
      Self.readError("set-section s maxItems -1") == "line 1, column 24: maxItems: -1 is too small (the least allowed is 0)")
  }

  @Test("malformed lines are named by line and column")
  func malformed() {
    let cases: [(String, String)] = [
      ("move blue\n", "line 1, column 10: expected 'to', found the end of the line"),
      ("\n\nmove blue to archive\n", "line 3, column 21: expected ':' and a place after the section id, found the end of the line"),
      ("move blue to archive:x", "line 1, column 22: expected a place (a whole number) after ':', found 'x'"),
      ("move blue to archive:0 now", "line 1, column 24: expected the end of the line, found 'n'"),
      ("move bl:ue to a:0", "line 1, column 8: expected 'to', found ':'"),
      ("move \"\" to a:0", "line 1, column 6: a tile id cannot be empty"),
      ("move \"blue to a:0", "line 1, column 6: unterminated string"),
      ("move a+b to a:0", "line 1, column 6: \"a+b\" is not a bare word (letters, digits, '-', '_' and '.'): write it as a JSON string"),
      ("add x to s:0 {\"id\": \"y\"}", #"line 1, column 14: the tile's id is "y", not the line's "x""#),
      ("add x to s:0 {\"id\": \"x\", \"id\": \"x\"}", #"line 1, column 26: the tile's object: duplicate key "id""#),
      ("add x to s:0 {\"title\": \"x\"}", #"line 1, column 14: the tile's object: missing required field "id""#),
      ("add x to s:0", "line 1, column 13: expected the tile as a JSON object, found the end of the line"),
      ("set red title \"x\" \"y\"", "line 1, column 19: expected the end of the line, found '\"'"),
      ("set red x [1,", "line 1, column 14: expected a value, found the end of the line"),
      ("set-section s items []", "line 1, column 15: a section's items are not a key: move, add and delete its tiles"),
      ("set-file sections []", "line 1, column 10: sections is part of the file's structure, not a key to set: edit its sections and tiles"),
      ("set-file layout {}", "line 1, column 10: layout is part of the file's structure, not a key to set: use set-layout"),
      ("Move blue to a:0", "line 1, column 1: unknown edit 'Move' (did you mean move?)"),
      ("mvoe blue to a:0", "line 1, column 1: unknown edit 'mvoe' (did you mean move?)"),
      ("delete-sectoin a", "line 1, column 1: unknown edit 'delete-sectoin' (did you mean delete-section?)"),
      ("frobnicate blue", "line 1, column 1: unknown edit 'frobnicate' (the edits are move, move-section, add, delete, set, add-section, delete-section, set-section, set-layout, set-file)"),
      ("{} blue", "line 1, column 1: expected an edit (move, move-section, add, delete, set, add-section, delete-section, set-section, set-layout, set-file), found '{'"),
      ("move-section s to -1", "line 1, column 19: expected a section place (a whole number), found '-'"),
      // A byte order mark pasted mid-script is named, never printed raw.
      ("move blue\u{FEFF} to a:0", #"line 1, column 6: "blue\ufeff" holds U+FEFF (a byte order mark), which a bare word cannot: write it as a JSON string"#),
      ("mo\u{FEFF}ve blue to a:0", #"line 1, column 1: unknown edit "mo\ufeffve": it holds U+FEFF (a byte order mark)"#),
    ]
    for (text, message) in cases {
      #expect(Self.readError(text) == message, "\(text.debugDescription)")
    }
  }

  @Test("JSON null is kept as a value with (null); null removes; a key named null is a key")
  func nulls() throws {
    #expect(try Self.read("set-file x null") == [.setFile(key: "x", nil)])
    #expect(try Self.read("set-file x (null)") == [.setFile(key: "x", .null)])
    #expect(try Self.read("set-layout null 3") == [.setLayout(.other("null", .number("3")))])
    #expect(try Self.read("set-layout null") == [.replaceLayout(nil)])
    #expect(try Self.read("set red x [null]") == [.set(tile: "red", .other("x", .array([.null])))])
  }

  @Test("the JSON form names each edit and its operands; a removed key has no value")
  func jsonForm() {
    let edits: [ScriptEdit] = [
      .move(tile: "blue", to: ScriptPlace("archive", 0)), .set(tile: "red", .title(nil)),
      .set(tile: "red", .other("x", .null)),
    ]
    #expect(
      String(decoding: EditScript.json(edits), as: UTF8.self) == """
        [
          {
            "edit": "move",
            "tile": "blue",
            "section": "archive",
            "index": 0
          },
          {
            "edit": "set",
            "tile": "red",
            "key": "title"
          },
          {
            "edit": "set",
            "tile": "red",
            "key": "x",
            "value": null
          }
        ]

        """)
  }

  @Test("random mutations of scripts are read stably or refused with one line naming a real place",
    arguments: FastLoop.first(2, of: 0..<8))
  func fuzz(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0xF022, UInt64(seed)))
    for round in 0..<150 {
      let (a, b) = RandomArrangements.pair(&rng)
      var bytes = Array(EditScript.text(Arrangement.diff(a, b)).utf8)
      for _ in 0..<rng.int(1...3) { ByteMutation.mutate(&bytes, using: &rng) }
      do {
        let lines = try EditScript.read(bytes)
        let again = try EditScript.read(EditScript.text(lines.map(\.edit)))
        #expect(EditScript.text(again.map(\.edit)) == EditScript.text(lines.map(\.edit)), "seed \(seed), round \(round)")
      } catch {
        let lineCount = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        #expect(error.line >= 1 && error.line <= lineCount && error.column >= 1, "seed \(seed), round \(round): \(error)")
        #expect(!error.description.contains("\n"), "one line")
      }
    }
  }

  // MARK: - Applying

  @Test("lines apply in order, each to what the ones before made")
  func inOrder() throws {
    var a = Self.board()
    let applied = try a.apply(Self.read("""
      move a to first:3
      add n to empty:0 {"id": "n"}
      move n to first:0
      set b title "Bee"
      move-section last to 0
      delete-section empty
      """), force: true)
    #expect(tileIDs(a) == [["d"], ["n", "b", "c", "a"]])
    #expect(a.sections[1].count == 4)
    #expect(a[ItemPath(1, 1)].title == "Bee")
    #expect(applied.edits.count == 6)
    for inverse in applied.inverses { try a.apply(inverse, force: true) }
    #expect(a.jsonBytes() == Self.board().jsonBytes())
  }

  @Test("a refused line leaves the arrangement as it was, and names its index and reason")
  func allOrNothing() throws {
    let cases: [(String, Int, ScriptError)] = [
      ("move a to first:1\nmove d to first:0", 1, .refused(.tileLocked(id: "d", at: ItemPath(2, 0)))),
      ("move a to empty:0", 0, .refused(.sectionLocked(id: "empty", title: "empty", section: 1, leaving: false))),
      ("delete a\ndelete a", 1, .noSuchTile("a")),
      ("move a to nowhere:0", 0, .noSuchSection("nowhere")),
      ("move a to first:4", 0, .noSuchPlace(ScriptPlace("first", 4), valid: 0...3)),
      ("add a to last:0 {\"id\": \"a\"}", 0, .refused(.tileIDTaken("a"))),
      ("add-section first at 0 {\"id\": \"first\", \"items\": []}", 0, .refused(.sectionIDTaken("first"))),
      ("add-section new at 9 {\"id\": \"new\", \"items\": []}", 0, .noSuchSectionPlace(9, valid: 0...3)),
      ("set d title \"D\"", 0, .refused(.tileLocked(id: "d", at: ItemPath(2, 0)))),
      ("delete-section last", 0, .refused(.sectionHoldsLockedTile(id: "last", title: "last", section: 2, tileID: "d"))),
    ]
    for (text, index, error) in cases {
      var a = Self.board()
      #expect(throws: IndexedScriptError(index: index, error: error), "\(text)") { try a.apply(Self.read(text)) }
      #expect(a.jsonBytes() == Self.board().jsonBytes(), "\(text)")
    }
    var forced = Self.board()
    try forced.apply(Self.read("set d title \"D\"\nmove a to empty:0"), force: true)
    #expect(tileIDs(forced) == [["b", "c"], ["a"], ["d"]])
  }

  @Test("a tile's own section's count is its end, as tilegrid move reads TO")
  func endOfOwnSection() throws {
    var a = Self.board()
    try a.apply([.move(tile: "a", to: ScriptPlace("first", 3))])
    #expect(tileIDs(a)[0] == ["b", "c", "a"])
    try a.apply([.moveSection("first", to: 3)])
    #expect(a.sections.map(\.id) == ["empty", "last", "first"])
  }

  @Test("resolve gives the index-based edits without changing the arrangement")
  func resolve() throws {
    let a = Self.board()
    let edits = try a.resolve(Self.read("move c to first:0\nset a title \"A\""))
    #expect(edits == [.moveTile(from: ItemPath(0, 2), to: ItemPath(0, 0)), .setTile(at: ItemPath(0, 1), to: Tile(id: "a", title: "A"))])
    #expect(a.jsonBytes() == Self.board().jsonBytes())
  }
}
