@testable import Formats
import TestSupport
import Testing
import TileGridJSON
import TileModel

/// What a board looks like after an edit: a renamed tile or section, a checked box, an added item or
/// section, each written in the board's own style, the rest of the file untouched.
struct EditTests {
  /// The arrangement with its sections and tiles changed by `change` (the model's edits belong to
  /// the document; here an arrangement is simply built again).
  func edited(_ arrangement: Arrangement, _ change: (inout [(Section, [Tile])]) -> Void) -> Arrangement {
    var sections = arrangement.sections.indices.map { (arrangement.sections[$0], arrangement.tiles(inSection: $0)) }
    change(&sections)
    return Arrangement(version: arrangement.version, layout: arrangement.layoutSpec, sections: sections, extras: arrangement.extras)
  }

  func markdown(_ text: String, _ change: (inout [(Section, [Tile])]) -> Void) throws -> String {
    let board = try ArrangementFormat.markdown.read(Array(text.utf8))
    return String(decoding: ArrangementFormat.markdown.written(edited(board, change)), as: UTF8.self)
  }

  static let obsidian = "---\nkanban-plugin: basic\n---\n\n## To Do\n\n- [ ] Buy milk\n\t- [ ] oat\n- [x] Call Ann\n\n## Done\n\n"

  @Test("a renamed item keeps its marker, checkbox and lines under it; nothing else changes")
  func renamedItem() throws {
    let text = try markdown(Self.obsidian) { $0[0].1[0].title = "Buy bread" }
    #expect(text == Self.obsidian.replacingFirst("- [ ] Buy milk", with: "- [ ] Buy bread"))
    let taskell = "## A\n\n*   Old name  \n    > kept\n"
    #expect(try markdown(taskell) { $0[0].1[0].title = "New" } == "## A\n\n*   New\n    > kept\n")
  }

  @Test("checking a box rewrites only the box; an item gains or loses one with the checked key")
  func checkbox() throws {
    func setChecked(_ value: JSONValue?) -> (inout [(Section, [Tile])]) -> Void {
      return { sections in
        sections[0].1[0].extras.removeAll { $0.key == "checked" }
        if let value { sections[0].1[0].extras.insert(JSONField("checked", value), at: 0) }
      }
    }
    #expect(try markdown(Self.obsidian, setChecked(.bool(true))) == Self.obsidian.replacingFirst("- [ ] Buy", with: "- [x] Buy"))
    #expect(try markdown(Self.obsidian, setChecked(nil)) == Self.obsidian.replacingFirst("- [ ] Buy", with: "- Buy"))
    #expect(try markdown("## A\n- plain\n", setChecked(.bool(false))) == "## A\n- [ ] plain\n")
    // A box already saying so keeps its spelling.
    #expect(try markdown("## A\n- [X] done\n", setChecked(.bool(true))) == "## A\n- [X] done\n")
    #expect(try markdown("## A\n- [X] done\n", setChecked(.string("false"))) == "## A\n- [ ] done\n")
  }

  @Test("an added tile is an item in the board's style: its marker and, if the board has them, a box")
  func addedItem() throws {
    let added = Tile(id: "new", title: "Book the hall")
    #expect(try markdown(Self.obsidian) { $0[1].1.append(added) } == Self.obsidian.replacingFirst("## Done\n\n", with: "## Done\n\n- [ ] Book the hall\n"))
    #expect(try markdown("## A\n\n* one\n") { $0[0].1.insert(added, at: 0) } == "## A\n\n* Book the hall\n* one\n")
    var done = added
    done.extras = [JSONField("checked", .bool(true))]
    #expect(try markdown("## A\n\n* one\n") { $0[0].1.append(done) } == "## A\n\n* one\n* [x] Book the hall\n")
  }

  @Test("a title with line breaks: its first line on the item, the rest under it in the board's indentation")
  func multilineTitle() throws {
    let text = try markdown(Self.obsidian) { $0[1].1.append(Tile(id: "x", title: "first\nsecond")) }
    #expect(text.hasSuffix("## Done\n\n- [ ] first\n\tsecond\n"))
    let board = try ArrangementFormat.markdown.read(Array(Self.obsidian.utf8))
    let lost = ArrangementFormat.markdown.bytes(edited(board) { $0[1].1.append(Tile(id: "x", title: "a\r\nb")) }).lost
    #expect(lost.tiles == ["line breaks in titles"])
  }

  @Test("a renamed section keeps its heading's level; an added section copies the board's spacing")
  func sections() throws {
    let taskell = "## To Do\n\n- a\n\n## Done\n\n- b\n"
    #expect(try markdown(taskell) { $0[1].0.title = "Finished" } == "## To Do\n\n- a\n\n## Finished\n\n- b\n")
    let added = try markdown(taskell) { $0.insert((Section(id: "later", title: "Later"), [Tile(id: "c", title: "c")]), at: 1) }
    #expect(added == "## To Do\n\n- a\n\n## Later\n\n- c\n\n## Done\n\n- b\n")
    // A section with a line break in its title cannot be a heading.
    let board = try ArrangementFormat.markdown.read(Array(taskell.utf8))
    #expect(throws: FormatError.cannotWrite(.markdown, place: "sections[0].title", reason: "a Markdown heading cannot hold a line break")) {
      try ArrangementFormat.markdown.checkWritable(edited(board) { $0[0].0.title = "a\nb" })
    }
  }

  @Test("items before the first heading: an untitled section, written without a heading while it is first")
  func untitledSection() throws {
    let text = "- a\n- b\n\n## Later\n- c\n"
    var board = try ArrangementFormat.markdown.read(Array(text.utf8))
    #expect(board.sections.map(\.id) == ["list", "later"])
    try board.moveSection(SectionMove(from: 1, to: 0))
    #expect(String(decoding: ArrangementFormat.markdown.written(board), as: UTF8.self) == "## Later\n- c\n## list\n- a\n- b\n\n")
  }

  @Test("lines: a renamed tile is its new line; a section renamed is '# ' and its title")
  func lines() throws {
    let list = try ArrangementFormat.lines.read(Array("# Fruit\napple\n\npear\n".utf8))
    let renamed = edited(list) {
      $0[0].0.title = "Fruits"
      $0[0].1[0].title = "green apple"
    }
    #expect(String(decoding: ArrangementFormat.lines.written(renamed), as: UTF8.self) == "# Fruits\ngreen apple\n\npear\n")
    for (title, reason) in [
      ("", "a blank line is not read as a tile"), ("# big", "a line starting with '# ' (a '#' and a space) is read as a section"),
      ("two\nlines", "a line cannot hold a line break"),
    ] {
      #expect(throws: FormatError.cannotWrite(.lines, place: "sections[0].items[1].title", reason: reason)) {
        try ArrangementFormat.lines.checkWritable(edited(list) { $0[0].1[1].title = title })
      }
    }
    // `#` alone, or with no space after it, is a tile (the docs' `# TITLE` is a '#' and a space).
    for title in ["#", "#tag", "##"] {
      let list = edited(list) { $0[0].1[1].title = title }
      try ArrangementFormat.lines.checkWritable(list)
      let again = try ArrangementFormat.lines.read(ArrangementFormat.lines.written(list))
      #expect(again.outline == [["Fruit", "apple", title]], "\(title)")
    }
  }

  // MARK: - Colors

  @Test("made-up colors: the same for an id everywhere, never written into a file without colors")
  func madeUpColors() throws {
    let board = try ArrangementFormat.markdown.read(Array(Self.obsidian.utf8))
    let milk = board[ItemPath(0, 0)]
    #expect(milk.color == DefaultColors.color(forTileID: "buy-milk"))
    #expect(DefaultColors.palette.contains(milk.color!))
    // Through JSON the colors are there; written back as Markdown the file is unchanged.
    let json = board.jsonString()
    #expect(json.contains("\"color\": \"\(milk.color!.spelling)\""))
    let again = try Arrangement(json: json)
    let (bytes, lost) = ArrangementFormat.markdown.bytes(again)
    #expect(String(decoding: bytes, as: UTF8.self) == Self.obsidian)
    #expect(lost.isEmpty)
    // A color a person chose is reported as lost, once.
    let recolored = edited(board) {
      $0[0].1[0].color = TileColor("red")
      $0[0].1[1].color = TileColor("blue")
    }
    let written = ArrangementFormat.markdown.bytes(recolored)
    #expect(String(decoding: written.bytes, as: UTF8.self) == Self.obsidian)
    #expect(written.lost.description == "markdown cannot keep: tiles' color (left out)")
  }

  @Test("the palette and the hash are what docs/formats.md says")
  func paletteAsDocumented() {
    #expect(DefaultColors.palette.map(\.spelling) == [
      "#007aff", "#34c759", "#ff9500", "#af52de", "#ff3b30", "#30b0c7", "#ffcc00", "#5856d6", "#ff2d55", "#00c7be",
      "#32ade6", "#a2845e",
    ])
    // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c; % 12 = 4.
    #expect(DefaultColors.color(forTileID: "a").spelling == "#ff3b30")
    let emptyHash: UInt64 = 0xCBF2_9CE4_8422_2325
    #expect(DefaultColors.color(forTileID: "").spelling == DefaultColors.palette[Int(emptyHash % 12)].spelling)
  }

  // MARK: - Conversions

  @Test("JSON to Markdown: what a board cannot hold is named, once, on one line")
  func jsonToMarkdown() throws {
    let demo = Arrangement.demo
    let (bytes, lost) = ArrangementFormat.markdown.bytes(demo)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("## Favorites\n- blue\n- red\n"))
    #expect(lost.file == ["layout"])
    #expect(lost.sections.contains("maxItems"))
    #expect(lost.tiles.contains("color"))
    #expect(lost.tiles.contains("locked"))
    #expect(lost.tiles.contains("id"), "gray 99's id is not the one its title gives")
    // Read back: the titles and sections, in order.
    let back = try ArrangementFormat.markdown.read(bytes)
    #expect(back.outline == demo.outline)
  }

  @Test("Markdown to lines and tables: a board's text that they cannot hold is named")
  func markdownToOthers() throws {
    let board = try ArrangementFormat.markdown.read(Array(Self.obsidian.utf8))
    let lines = ArrangementFormat.lines.bytes(board)
    #expect(String(decoding: lines.bytes, as: UTF8.self) == "# To Do\nBuy milk\nCall Ann\n# Done\n")
    #expect(lines.lost.description == "lines cannot keep: front matter; tiles' \"checked\", lines under the item (left out)")
    let csv = ArrangementFormat.csv.bytes(board)
    #expect(String(decoding: csv.bytes, as: UTF8.self) == "section,title,checked\nTo Do,Buy milk,false\nTo Do,Call Ann,true\n")
    #expect(csv.lost.description == "csv cannot keep: front matter, empty sections; tiles' lines under the item (left out)")
  }

  @Test("a conversion takes the line endings and final newline of the format it came from")
  func conversionKeepsLineEndings() throws {
    let board = try ArrangementFormat.markdown.read(Array("## A\r\n- a\r\n- b".utf8))
    #expect(String(decoding: ArrangementFormat.lines.written(board), as: UTF8.self) == "# A\r\na\r\nb")
    #expect(String(decoding: ArrangementFormat.csv.written(board), as: UTF8.self) == "section,title\r\nA,a\r\nA,b")
    #expect(String(decoding: ArrangementFormat.markdown.written(Arrangement.demo), as: UTF8.self).hasSuffix("- gray 180\n## Archive\n"))
  }

  @Test("a table to Markdown and back keeps the other columns only through JSON; checked becomes a box")
  func tableToMarkdown() throws {
    let table = try ArrangementFormat.csv.read(Array("title,checked,notes\nmilk,true,oat\nbread,false,\n".utf8))
    let (bytes, lost) = ArrangementFormat.markdown.bytes(table)
    #expect(String(decoding: bytes, as: UTF8.self) == "- [x] milk\n- [ ] bread\n")
    #expect(lost.tiles == ["\"notes\""])
  }

  @Test("JSON to CSV: the columns needed, in the documented order, and back again")
  func jsonToCSV() throws {
    let demo = Arrangement.demo
    let (bytes, lost) = ArrangementFormat.csv.bytes(demo)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("section,id,title,color,locked\nFavorites,blue,blue,blue,\n"))
    #expect(lost.file == ["layout", "empty sections"])
    let back = try ArrangementFormat.csv.read(bytes)
    #expect(back.allTiles().map(\.id) == demo.allTiles().map(\.id))
    #expect(back.allTiles().map(\.color) == demo.allTiles().map(\.color))
    #expect(back.allTiles().map(\.locked) == demo.allTiles().map(\.locked))
  }

  @Test("CSV: a cell is quoted only where it must be; a file quoted all through stays so")
  func csvQuoting() throws {
    let table = try ArrangementFormat.csv.read(Array("title,notes\nplain,\"a, b\"\n".utf8))
    let changed = edited(table) { $0[0].1.append(Tile(id: "q", title: "say \"hi\"\nbye", extras: [JSONField("notes", .number("1.50"))])) }
    #expect(String(decoding: ArrangementFormat.csv.written(changed), as: UTF8.self) == "title,notes\nplain,\"a, b\"\n\"say \"\"hi\"\"\nbye\",1.50\n")
    let quoted = try ArrangementFormat.csv.read(Array("\"title\"\n\"a\"\n".utf8))
    let more = edited(quoted) { $0[0].1.append(Tile(id: "b", title: "b")) }
    #expect(String(decoding: ArrangementFormat.csv.written(more), as: UTF8.self) == "\"title\"\n\"a\"\n\"b\"\n")
  }

  @Test("a table's rows out of section order come back grouped by section, in order of first appearance")
  func ungroupedTable() throws {
    let text = "title,section\na,X\nb,Y\nc,X\n"
    let table = try ArrangementFormat.csv.read(Array(text.utf8))
    #expect(table.outline == [["X", "a", "c"], ["Y", "b"]])
    #expect(String(decoding: ArrangementFormat.csv.written(table), as: UTF8.self) == "title,section\na,X\nc,X\nb,Y\n")
  }

  @Test("TSV: a tab or a line break in a field is refused before anything is written")
  func tsvRefusesTabs() throws {
    let table = try ArrangementFormat.tsv.read(Array("title\na\n".utf8))
    #expect(throws: FormatError.cannotWrite(.tsv, place: "sections[0].items[0].title", reason: "a TSV field cannot hold a tab")) {
      try ArrangementFormat.tsv.checkWritable(edited(table) { $0[0].1[0].title = "a\tb" })
    }
    #expect(throws: FormatError.cannotWrite(.tsv, place: "sections[0].items[0].note", reason: "a TSV field cannot hold a line break")) {
      try ArrangementFormat.tsv.checkWritable(edited(table) { $0[0].1[0].extras = [JSONField("note", .string("x\ny"))] })
    }
  }

  // MARK: - Ids

  @Test("ids from titles as IDs makes them; equal titles numbered in file order")
  func ids() throws {
    let board = try ArrangementFormat.markdown.read(Array("## Do it!\n- Buy milk\n- buy MILK\n- 회의 준비\n- 🎉\n## Do it\n".utf8))
    #expect(board.sections.map(\.id) == ["do-it", "do-it-2"])
    #expect(board.allTiles().map(\.id) == ["buy-milk", "buy-milk-2", "회의-준비", "tile"])
  }

  @Test("many equal titles: numbered without testing every number again (a hundred thousand at once)")
  func manyEqualTitles() throws {
    let text = "## A\n" + String(repeating: "- same\n", count: 20_000)
    let board = try ArrangementFormat.markdown.read(Array(text.utf8))
    let ids = board.allTiles().map(\.id)
    #expect(ids.first == "same" && ids[1] == "same-2" && ids.last == "same-20000")
    #expect(Set(ids).count == ids.count)
  }

  @Test("the allocator gives what IDs.unique gives, taken ids and numbered titles mixed")
  func allocatorAgreesWithIDs() throws {
    let long = "Write the quarterly report for the board meeting"
    let titles = ["x", "x", "x 2", "x-2", "x", "y", "x-3", "x", long, long, long + " again", "write the quarterly report for t"]
    var taken: Set<String> = []
    var expected: [String] = []
    for title in titles {
      let id = IDs.unique(slug: IDs.slug(forTitle: title), isTaken: taken.contains)
      taken.insert(id)
      expected.append(id)
    }
    let text = titles.map { "\($0)\n" }.joined()
    #expect(try ArrangementFormat.lines.read(Array(text.utf8)).allTiles().map(\.id) == expected)
  }
}

extension String {
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}

/// The allocator's fast path for ASCII titles against `IDs.base` itself.
struct IDFastPathTests {
  @Test("every ASCII title gets the slug IDs.slug gives it (50,000 random ones, every byte below 0x80)")
  func asciiAgreesWithIDs() {
    var rng = SplitMix64(seed: 15)
    for _ in 0..<50_000 {
      let bytes = (0..<rng.int(0...12)).map { _ in UInt8(rng.int(0...127)) }
      let title = String(decoding: bytes, as: UTF8.self)
      #expect(IDAllocator.base(forTitle: title, fallback: "tile") == IDs.slug(forTitle: title), "\(bytes)")
    }
    for title in ["Buy milk!", "  A--B  ", "회의 준비", "é", "Straße", "x\u{301}", "", "ΟΔΟΣ Σα", "İstanbul", "Ǆemal", "ﬃ"] {
      #expect(IDAllocator.base(forTitle: title, fallback: "tile").utf8.elementsEqual(IDs.slug(forTitle: title).utf8), "\(title)")
    }
  }

  @Test("every title of scalars from many scripts gets the slug IDs.slug gives it (50,000 random ones)")
  func unicodeAgreesWithIDs() {
    var rng = SplitMix64(seed: 16)
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0xA0...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x300...0x36F, 0x1E00...0x1EFF, 0x2000...0x206F,
      0x2160...0x218F, 0x3040...0x30FF, 0x4E00...0x4E80, 0xAC00...0xAC80, 0xFB00...0xFB06, 0x1F300...0x1F64F,
      0x10400...0x1044F,
    ]
    for _ in 0..<50_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<rng.int(0...8) {
        let range = rng.element(ranges)
        if let s = Unicode.Scalar(UInt32(rng.int(Int(range.lowerBound)...Int(range.upperBound)))) { scalars.append(s) }
      }
      let title = String(scalars)
      #expect(
        IDAllocator.base(forTitle: title, fallback: "tile").utf8.elementsEqual(IDs.slug(forTitle: title).utf8),
        "\(title.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}

/// The allocator's set of ids taken (`TakenIDs`, over `ByteSet`) against `Set<String>` itself.
struct TakenIDsTests {
  @Test("the allocator hands out the ids IDs.unique gives over a Set<String>, canonically equal ids included (20,000 random runs)")
  func agreesWithSetOfStrings() {
    var rng = SplitMix64(seed: 17)
    // Few distinct words, so ids repeat and numbered forms collide; some spell é two ways.
    let words = ["a", "b", "card", "카드", "é", "e\u{301}", "a-2", "x", "ﬃ", "ab-3", "-", "Ω", "Ω"]
    for _ in 0..<20_000 {
      var allocator = IDAllocator(reservingCapacity: rng.int(0...4))
      var taken: Set<String> = []
      for _ in 0..<rng.int(0...40) {
        let id = (0..<rng.int(1...2)).map { _ in rng.element(words) }.joined()
        let expected = IDs.unique(id) { taken.contains($0) }
        taken.insert(expected)
        let got = allocator.unique(id)
        #expect(got.utf8.elementsEqual(expected.utf8), "\(id): \(got) for \(expected)")
      }
    }
  }

  @Test("ByteSet tells strings apart by their bytes, through growth (100,000 members)")
  func byteSetGrows() {
    var set = ByteSet()
    for n in 0..<100_000 { #expect(set.insert("id-\(n % 50_000)") == (n < 50_000)) }
    #expect(set.count == 50_000)
    #expect(set.insert("é") && set.insert("e\u{301}") && !set.insert("é"))
  }
}

/// The model's `Edit` values on boards: what an edit in the editor does to the file, and that its
/// inverse gives the file back byte for byte.
struct BoardEditTests {
  static let board = Array(EditTests.obsidian.utf8)

  func written(_ arrangement: Arrangement) -> String {
    String(decoding: ArrangementFormat.markdown.written(arrangement), as: UTF8.self)
  }

  @Test("rename, recolor, add, delete, add a section: each changes its own lines; each inverse undoes it exactly")
  func editsAndInverses() throws {
    let original = try ArrangementFormat.markdown.read(Self.board)
    var milk = original[ItemPath(0, 0)]
    milk.title = "Buy oat milk"
    var recolored = original[ItemPath(0, 1)]
    recolored.color = TileColor("red")
    let cases: [(Edit, String)] = [
      (.setTile(at: ItemPath(0, 0), to: milk), EditTests.obsidian.replacingFirst("- [ ] Buy milk", with: "- [ ] Buy oat milk")),
      (.setTile(at: ItemPath(0, 1), to: recolored), EditTests.obsidian),
      (.insertTiles([Tile(id: "bread", title: "Bread")], at: [ItemPath(0, 1)]),
       EditTests.obsidian.replacingFirst("- [x] Call Ann", with: "- [ ] Bread\n- [x] Call Ann")),
      (.deleteTiles(at: [ItemPath(0, 0)]), EditTests.obsidian.replacingFirst("- [ ] Buy milk\n\t- [ ] oat\n", with: "")),
      (.insertSection(Section(id: "later", title: "Later"), tiles: [], at: 1),
       EditTests.obsidian.replacingFirst("## Done", with: "## Later\n\n\n## Done")),
      (.deleteSection(at: 0), "---\nkanban-plugin: basic\n---\n\n## Done\n\n"),
    ]
    for (edit, expected) in cases {
      var board = original
      let inverse = try board.apply(edit)
      #expect(written(board) == expected, "\(edit)")
      try board.apply(inverse)
      #expect(ArrangementFormat.markdown.written(board) == Self.board, "the inverse of \(edit)")
    }
  }
}
