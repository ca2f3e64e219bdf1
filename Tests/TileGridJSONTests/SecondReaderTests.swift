import TestSupport
import Testing

@testable import TileGridJSON
@testable import TileModel

/// Crafted files for the second reader (`ReadAhead`): each is read with the second reader started at
/// every place a chunk can begin, with chunks of one, two, three tiles and more, and must give exactly
/// what one reader gives (`init(jsonUsingGeneralReader:)`): the same tiles, or the same error, in the
/// reader and in the check.
@Suite("A second reader on crafted files")
struct SecondReaderTests {
  /// Where a second reader started gives distinct chunks: at and just after every `{`, and the ends.
  static func starts(_ bytes: [UInt8]) -> [Int] {
    var starts = [1, bytes.count - 1]
    for k in bytes.indices where bytes[k] == UInt8(ascii: "{") && k > 0 { starts += [k, k + 1] }
    return starts.filter { $0 > 0 && $0 < bytes.count }
  }

  /// Reads `bytes` with a second reader from every start (`starts`), read first so that every chunk
  /// it read can be taken, and a few beside the reader (`everyOther`: from every other start, for a
  /// longer file); everything must be as one reader reads it.
  /// Returns how many tiles the reader took from the second reader in all.
  @discardableResult
  static func expectAsOneReader(
    _ bytes: [UInt8], _ name: String, chunkSizes: [Int] = [1, 2, 3, 4096], everyOther: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    let general = Result { () throws(LoadError) in try Arrangement(jsonUsingGeneralReader: bytes) }
    let check = Result { () throws(LoadError) in try Arrangement.validate(json: bytes) }
    #expect(check.map { _ in 0 } == general.map { _ in 0 }, "\(name): the check", sourceLocation: sourceLocation)
    // The same file read by one reader with the fast paths (its tiles in one part).
    let one = try? Arrangement(json: bytes)
    var taken = 0
    for (k, start) in starts(bytes).enumerated() where !everyOther || k % 2 == 0 {
      for chunkSize in chunkSizes {
        for first in [true, false] where first || chunkSize == chunkSizes.last {
          let context = "\(name), from \(start), \(chunkSize) a chunk\(first ? ", first" : "")"
          let read = LazyTilesTests.readAhead(bytes, at: start, chunkSize: chunkSize, first: first)
          let checked = LazyTilesTests.readAhead(bytes, at: start, chunkSize: chunkSize, first: first, checking: true)
          switch (read, general) {
          case (.success(let (a, n)), .success(let b)):
            guard let a else {
              Issue.record("\(context): no arrangement", sourceLocation: sourceLocation)
              continue
            }
            LazyTilesTests.expectSame(a, b, context)
            expectSameParts(a, b, one, context, sourceLocation: sourceLocation)
            taken += n
          case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(context)", sourceLocation: sourceLocation)
          default:
            Issue.record("\(context): \(read) but one reader: \(general)", sourceLocation: sourceLocation)
          }
          switch (checked, general) {
          case (.success(let (_, n)), .success):
            if first, case .success(let (_, m)) = read {
              #expect(n == m, "\(context): the check takes the same tiles", sourceLocation: sourceLocation)
            }
          case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(context): the check", sourceLocation: sourceLocation)
          default:
            Issue.record("\(context): the check \(checked) but one reader: \(general)", sourceLocation: sourceLocation)
          }
        }
      }
    }
    return taken
  }

  /// What goes through the parts of tiles read by two readers without building a tile: the widths of
  /// a section's tiles (found part by part), and each tile compared with the same tile read by one
  /// reader, by its bytes.
  static func expectSameParts(
    _ a: Arrangement, _ general: Arrangement, _ one: Arrangement?, _ context: String, sourceLocation: SourceLocation
  ) {
    for s in a.sections.indices {
      #expect(a.widths(inSection: s) == general.widths(inSection: s), "\(context): widths", sourceLocation: sourceLocation)
    }
    guard let one, one.tiles.slotCount == a.tiles.slotCount else {
      Issue.record("\(context): one reader read another number of tiles", sourceLocation: sourceLocation)
      return
    }
    for slot in 0..<a.tiles.slotCount {
      let ref = TileRef(slot)
      let other = TileRef((slot + 1) % a.tiles.slotCount)
      #expect(a.tiles.isExactly(ref, one.tiles, ref) && one.tiles.isExactly(ref, a.tiles, ref), "\(context): \(slot)", sourceLocation: sourceLocation)
      #expect(a.tiles.sameID(ref, one.tiles, ref), "\(context): \(slot)'s id", sourceLocation: sourceLocation)
      #expect(a.tiles.isExactly(ref, one.tiles, other) == a[ref].isExactly(one[other]), "\(context): \(slot)", sourceLocation: sourceLocation)
    }
  }

  /// A canonical file of `sections`, each a section and its tiles.
  static func file(_ sections: [(Section, [Tile])], extras: [JSONField] = []) -> [UInt8] {
    var arrangement = Arrangement(sections: sections)
    arrangement.extras = extras
    return arrangement.jsonBytes()
  }

  static func tiles(_ range: Range<Int>, prefix: String = "t") -> [Tile] {
    range.map { n in
      Tile(id: "\(prefix)\(n)", title: n % 3 == 0 ? nil : "tile \(n)", color: n % 4 == 0 ? nil : TileColor(["blue", "#00ff00", "Red"][n % 3]),
        locked: n % 5 == 0 ? true : nil, width: n % 6 == 0 ? 1 + n % 30 : nil)
    }
  }

  /// A tile's canonical members as an unknown value holds them.
  static func tileShaped(_ tile: Tile) -> JSONValue {
    var members = [JSONField("id", .string(tile.id))]
    if let title = tile.title { members.append(JSONField("title", .string(title))) }
    if let color = tile.color { members.append(JSONField("color", .string(color.spelling))) }
    if let width = tile.width { members.append(JSONField("width", .number("\(width)"))) }
    return .object(members)
  }

  @Test("tile-shaped objects in unknown keys, at the indentation of real tiles, are never taken")
  func tileShapedObjects() {
    // A section's unknown key (after its items) holds an array of objects laid out exactly as the
    // tiles of its items, its elements at the items' indentation; and one at the top level.
    var a = Section(id: "a")
    a.extras = [JSONField("aaa", .array(Self.tiles(0..<4, prefix: "x").map(Self.tileShaped)))]
    var b = Section(id: "b", title: "B")
    b.extras = [JSONField("zzz", .array(Self.tiles(4..<9, prefix: "y").map(Self.tileShaped)))]
    let top = [JSONField("more", .array([.object([JSONField("id", .string("z"))])]))]
    let bytes = Self.file([(a, Self.tiles(0..<5)), (b, Self.tiles(5..<9)), (Section(id: "c"), [])], extras: top)
    #expect(Self.expectAsOneReader(bytes, "tile-shaped") > 0)
    // A section without its items is an object a tile could be (`{`, a newline, `"id": "c"`, `}`):
    // refused as one reader refuses it.
    let text = String(decoding: bytes, as: UTF8.self)
    let noItems = Array(text.replacingOccurrences(of: "\"id\": \"c\",\n      \"items\": []", with: "\"id\": \"c\"").utf8)
    #expect(loadError(noItems) == .missingField(JSONPath([.key("sections"), .index(2)]), field: "items"))
    Self.expectAsOneReader(noItems, "a section without items")
  }

  @Test("sections whose items hold exactly one tile, empty sections and unknown keys after the items")
  func oneTileSections() {
    var sections: [(Section, [Tile])] = []
    for s in 0..<12 {
      var section = Section(id: "s\(s)", title: s % 2 == 0 ? "S" : nil)
      if s % 3 == 0 { section.extras = [JSONField("zz", .array([Self.tileShaped(Tile(id: "x\(s)"))]))] }
      sections.append((section, s % 4 == 3 ? [] : Self.tiles(s..<(s + 1))))
    }
    #expect(Self.expectAsOneReader(Self.file(sections), "one-tile sections") > 0)
    #expect(Self.expectAsOneReader([0xEF, 0xBB, 0xBF] + Self.file(sections), "after a byte order mark", chunkSizes: [1, 2]) > 0)
  }

  @Test("runs split by a tile with an escape, by more colors than a reader numbers, by an id too long for its byte")
  func runsSplitByUnusualTiles() {
    var tiles = Self.tiles(0..<60)
    for k in stride(from: 2, to: 60, by: 7) { tiles[k].title = "a \"quote\" \\ and \u{1}" }
    for k in stride(from: 4, to: 60, by: 9) { tiles[k].id = String(repeating: "l", count: 250 + k) }
    for k in stride(from: 5, to: 60, by: 11) { tiles[k].extras = [JSONField("rank", .number("1.50"))] }
    // A color of its own for every tile of a second section: far more than a reader's table holds.
    let colored = (0..<130).map { n in
      Tile(id: "c\(n)", title: "c", color: TileColor("#" + String(String(0x10_0000 + n * 7919, radix: 16).suffix(6))))
    }
    let bytes = Self.file([(Section(id: "a"), tiles), (Section(id: "b"), colored)])
    #expect(Self.expectAsOneReader(bytes, "split runs", chunkSizes: [1, 3, 50], everyOther: true) > 0)
  }

  @Test("a repeated id whose two copies each reader read one of is named as one reader names it")
  func repeatedIDsAcrossReaders() {
    let tiles = Self.tiles(0..<40)
    for (a, b) in [(1, 38), (20, 21), (0, 39), (30, 35)] {
      var copy = tiles
      copy[b].id = copy[a].id
      let bytes = Self.file([(Section(id: "a"), Array(copy[..<25])), (Section(id: "b"), Array(copy[25...]))])
      #expect(loadError(bytes) != nil)
      Self.expectAsOneReader(bytes, "\(a) again at \(b)", chunkSizes: [1, 4, 4096])
    }
  }

  @Test("syntax errors at the very end, at a chunk's end and inside the second reader's region")
  func errorsAroundChunks() throws {
    let bytes = Self.file([(Section(id: "a"), Self.tiles(0..<8)), (Section(id: "b"), Self.tiles(8..<24))])
    // Cut short anywhere in the last hundred bytes, and the final brace gone.
    for cut in stride(from: bytes.count - 100, to: bytes.count, by: 7) {
      Self.expectAsOneReader(Array(bytes[..<cut]), "cut at \(cut)", chunkSizes: [1, 4096])
    }
    // After each tile's closing brace: the comma gone, another byte there, a tile with an empty id.
    let ends = bytes.indices.filter { bytes[$0] == UInt8(ascii: "}") && bytes[$0 + 1] == UInt8(ascii: ",") }
    for (k, end) in ends.enumerated() {
      var noComma = bytes
      noComma.remove(at: end + 1)
      Self.expectAsOneReader(noComma, "no comma after tile \(k)", chunkSizes: [1, 3])
      var extra = bytes
      extra.insert(UInt8(ascii: "x"), at: end + 1)
      Self.expectAsOneReader(extra, "a byte after tile \(k)", chunkSizes: [1, 3])
      var bad = bytes
      bad.replaceSubrange((end + 1)..<(end + 2), with: Array(",\n        {\n          \"id\": \"\"\n        },".utf8))
      Self.expectAsOneReader(bad, "an empty id after tile \(k)", chunkSizes: [2])
    }
  }

  @Test("a string with a raw newline and a tile's text in it: refused as one reader refuses it")
  func tileTextInABrokenString() {
    var tiles = Self.tiles(0..<12)
    tiles[5].title = "MARK"
    let bytes = Self.file([(Section(id: "a"), tiles)])
    let text = String(decoding: bytes, as: UTF8.self)
    let inside = "\n        {\n          \"id\": \"q\",\n          \"title\": \"r\"\n        },\n        {\n          \"id\": \"p"
    let broken = Array(text.replacingOccurrences(of: "MARK", with: "MA" + inside).utf8)
    #expect(loadError(broken) != nil)
    Self.expectAsOneReader(broken, "a broken string")
  }

  @Test("a second reader that runs out of room for its chunks: the reader reads the rest")
  func moreChunksThanItKeeps() throws {
    // One tile a chunk, more tiles than chunks it has room for.
    let bytes = Self.file([(Section(id: "a"), Self.tiles(0..<2500))])
    let general = try Arrangement(jsonUsingGeneralReader: bytes)
    let (read, taken) = try Arrangement.readingAhead(bytes, at: 1, chunkSize: 1, first: true)
    LazyTilesTests.expectSame(try #require(read), general, "room for fewer chunks")
    #expect(taken > 1000 && taken < 2500, "taken: \(taken)")
    for round in 0..<4 {
      let (beside, _) = try Arrangement.readingAhead(bytes, at: 1 + round * 997, chunkSize: 1, first: false)
      LazyTilesTests.expectSame(try #require(beside), general, "beside it, round \(round)")
    }
  }

  @Test("a second reader that finds no run for a megabyte gives up; past that, it reads")
  func givingUp() throws {
    // A section of more than a megabyte in another layout, then one in the canonical layout.
    let compact = Self.tiles(0..<36_000).map { tile in
      "{\"id\":\"\(tile.id)\",\"title\":\"\(tile.title ?? "")\",\"width\":3}"
    }
    let canonical = String(decoding: Self.file([(Section(id: "b"), Self.tiles(0..<300, prefix: "u"))]), as: UTF8.self)
    let sections = canonical.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).dropLast(3)
    let head = "{\n  \"version\": 1,\n  \"sections\": [\n    {\"id\": \"a\", \"items\": [" + compact.joined(separator: ",")
      + "]},\n"
    let bytes = Array((head + sections.joined(separator: "\n") + "\n  ]\n}\n").utf8)
    let general = try Arrangement(jsonUsingGeneralReader: bytes)
    #expect(general.tileCount == 36_300 && head.utf8.count > 5 << 18)
    let (fromStart, none) = try Arrangement.readingAhead(bytes, at: 1, chunkSize: 64, first: true)
    LazyTilesTests.expectSame(try #require(fromStart), general, "from the start")
    #expect(none == 0, "it gave up before the canonical section")
    let (fromThere, all) = try Arrangement.readingAhead(bytes, at: head.utf8.count, chunkSize: 64, first: true)
    LazyTilesTests.expectSame(try #require(fromThere), general, "from the canonical section")
    // All but the last, which ends too near the end of the input for the canonical layout's reader.
    #expect(all == 299, "taken: \(all)")
  }

  @Test("empty sections read while the second reader reads beside the reader")
  func emptySectionsBeside() throws {
    // For ThreadSanitizer (`swift test --sanitize=thread`): the reader's empty sections were arrays
    // built with no capacity, which store a 0 into the storage all empty arrays share, while the
    // second reader read its own empty color cache there.
    var sections = (0..<40).map { (Section(id: "e\($0)"), [Tile]()) }
    sections.append((Section(id: "a"), Self.tiles(0..<400)))
    let bytes = Self.file(sections)
    let general = try Arrangement(jsonUsingGeneralReader: bytes)
    for _ in 0..<20 {
      let (read, _) = try Arrangement.readingAhead(bytes, at: bytes.count / 2, chunkSize: 4096, first: false)
      LazyTilesTests.expectSame(try #require(read), general, "beside")
    }
  }
}
