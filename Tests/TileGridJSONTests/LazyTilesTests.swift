import GridLayout
import TestSupport
import Testing

@testable import TileGridJSON
@testable import TileModel

/// An arrangement read from a file keeps its tiles as records and text and builds a `Tile` when asked
/// for (`TileStore`'s source); the fast paths that fill the records must be indistinguishable from
/// the general reader, which reads every tile of `init(jsonUsingGeneralReader:)`. Random files with
/// every kind of field, escape, spelling, layout and unknown key; and edits on an arrangement read
/// that way.
@Suite("Tiles read from a file, built when asked for")
struct LazyTilesTests {
  // MARK: - Random files

  /// Text for an id or a title, as JSON string literal text (escapes included) and what it means.
  static func text(_ rng: inout SplitMix64, unique n: Int? = nil) -> String {
    let suffix = n.map { "\($0)" } ?? ""
    switch rng.int(0...11) {
    case 0: return #"esc\"aped\\"# + suffix
    case 1: return #"\u00e9t\u00E9 \ud83d\ude00"# + suffix
    case 2: return "한국어 タイトル" + suffix
    case 3: return "e\u{301}" + suffix
    case 4: return String(repeating: "long title ", count: rng.int(2...30)) + suffix
    case 5: return String(repeating: "i", count: rng.int(250...300)) + suffix
    case 6: return #"tab\tnew\nline\/slash"# + suffix
    case 7: return "" + suffix
    default: return "tile " + suffix
    }
  }

  static let colors = [
    "blue", "red", "Red", "BLUE", "darkGray", "lightGray", "systemIndigo", "systemgray6", "#a0B0c0", "#FFFFFF",
    #"bl\u0075e"#, "gray", "purple", "yellow", "systemTeal", "link",
  ]

  /// An unknown value, as JSON text: every kind, numbers in spellings a `Double` would change.
  static func unknownValue(_ rng: inout SplitMix64, depth: Int = 0) -> String {
    switch rng.int(0...(depth > 2 ? 5 : 7)) {
    case 0: return "null"
    case 1: return rng.chance(50) ? "true" : "false"
    case 2: return rng.element(["12345678901234567", "1.50", "-0", "1E+2", "0.1e-7", "-12.0"])
    case 3: return "\"" + text(&rng) + "\""
    case 4: return "[]"
    case 5: return "{}"
    case 6: return "[" + (0..<rng.int(1...3)).map { _ in unknownValue(&rng, depth: depth + 1) }.joined(separator: ", ") + "]"
    default:
      return "{" + (0..<rng.int(1...3)).map { k in "\"k\(k)\": " + unknownValue(&rng, depth: depth + 1) }
        .joined(separator: ", ") + "}"
    }
  }

  /// A tile's members (key, JSON value text), in the canonical order or shuffled.
  static func tileMembers(_ n: Int, _ rng: inout SplitMix64) -> [(String, String)] {
    var members: [(String, String)] = []
    let id: String
    switch rng.int(0...9) {
    case 0: id = text(&rng, unique: n)
    case 1: id = String(repeating: "x", count: 300) + "\(n)"
    default: id = "t\(n)"
    }
    members.append(("id", "\"" + id + "\""))
    if rng.chance(70) { members.append(("title", "\"" + text(&rng) + "\"")) }
    if rng.chance(70) { members.append(("color", "\"" + rng.element(colors) + "\"")) }
    if rng.chance(20) { members.append(("locked", rng.chance(50) ? "true" : "false")) }
    if rng.chance(30) {
      let w = rng.int(1...Arrangement.maximumDimension)
      members.append(("width", rng.element(["\(w)", "\(w).0", "\(w)e0", "\(w * 10)E-1", "\(min(w, 9))"])))
    }
    if rng.chance(15) { members.append(("rank", unknownValue(&rng))) }
    if rng.chance(5) { members.append(("\\u0069d2", "1")) }
    if rng.chance(10) { members.shuffle(using: &rng) }
    return members
  }

  /// How the file is laid out: as the canonical form, compact, or with other whitespace.
  enum Style: CaseIterable {
    case canonical, compact, fourSpaces, tabs, crlf, loose
  }

  /// An object's text in `style` at `depth`.
  static func object(_ members: [(String, String)], _ style: Style, depth: Int) -> String {
    guard !members.isEmpty else { return "{}" }
    let (open, separator, close, colon) = layout(style, depth: depth)
    return "{" + open + members.map { "\"\($0.0)\"" + colon + $0.1 }.joined(separator: separator) + close + "}"
  }

  static func array(_ elements: [String], _ style: Style, depth: Int) -> String {
    guard !elements.isEmpty else { return "[]" }
    let (open, separator, close, _) = layout(style, depth: depth)
    return "[" + open + elements.joined(separator: separator) + close + "]"
  }

  static func layout(_ style: Style, depth: Int) -> (String, String, String, String) {
    func lines(_ unit: String, _ newline: String) -> (String, String, String, String) {
      let inner = newline + String(repeating: unit, count: depth + 1)
      return (inner, "," + inner, newline + String(repeating: unit, count: depth), ": ")
    }
    switch style {
    case .canonical: return lines("  ", "\n")
    case .compact: return ("", ",", "", ":")
    case .fourSpaces: return lines("    ", "\n")
    case .tabs: return lines("\t", "\n")
    case .crlf: return lines("  ", "\r\n")
    case .loose: return (" ", " , ", " ", " :  ")
    }
  }

  /// A whole file: 0-4 sections of 0-60 tiles, unknown keys at every level.
  static func file(_ rng: inout SplitMix64, style: Style) -> [UInt8] {
    var next = 0
    var sections: [String] = []
    for s in 0..<rng.int(0...4) {
      var tiles: [String] = []
      for _ in 0..<rng.int(0...60) {
        tiles.append(object(tileMembers(next, &rng), style, depth: 4))
        next += 1
      }
      var members: [(String, String)] = [("id", "\"s\(s)\"")]
      if rng.chance(50) { members.append(("title", "\"" + text(&rng) + "\"")) }
      members.append(("items", array(tiles, style, depth: 3)))
      if rng.chance(20) { members.append(("meta", unknownValue(&rng))) }
      sections.append(object(members, style, depth: 2))
    }
    var top: [(String, String)] = [("version", "1")]
    if rng.chance(50) {
      top.append(("layout", object([("itemSize", object([("width", "\(rng.int(1...30))")], style, depth: 2))], style, depth: 1)))
    }
    top.append(("sections", array(sections, style, depth: 1)))
    if rng.chance(20) { top.append(("x-app", unknownValue(&rng))) }
    return Array((object(top, style, depth: 0) + (style == .crlf ? "\r\n" : "\n")).utf8)
  }

  // MARK: - The fast paths and the general reader agree

  /// Every tile as the store builds it, its width and its text, and the whole arrangement's JSON text,
  /// compared byte for byte (`Tile ==` compares strings by canonical equivalence, too loosely here).
  static func expectSame(_ lazy: Arrangement, _ general: Arrangement, _ context: String) {
    expectSameText(lazy.jsonBytes(), general.jsonBytes(), "\(context): the canonical text")
    #expect(lazy.tiles.slotCount == general.tiles.slotCount && lazy.tileCount == general.tileCount, "\(context)")
    for slot in 0..<min(lazy.tiles.slotCount, general.tiles.slotCount) {
      let ref = TileRef(slot)
      let (a, b) = (lazy[ref], general[ref])
      expectSameText(single(a), single(b), "\(context): slot \(slot)")
      #expect(lazy.width(of: ref) == b.width, "\(context): slot \(slot)'s width")
      var text: ([UInt8]?, [UInt8]) = (nil, [])
      lazy.tiles.withText(of: ref) { title, id in text = (title.map(Array.init), Array(id)) }
      #expect(text.0 == b.title.map { Array($0.utf8) } && text.1 == Array(b.id.utf8), "\(context): slot \(slot)'s text")
    }
  }

  /// Records an issue unless the two texts are the same bytes, showing the first line that differs.
  static func expectSameText(
    _ a: [UInt8], _ b: [UInt8], _ context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard a != b else { return }
    let linesA = a.split(separator: 0x0A, omittingEmptySubsequences: false)
    let linesB = b.split(separator: 0x0A, omittingEmptySubsequences: false)
    let line = zip(linesA, linesB).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(linesA.count, linesB.count)
    func show(_ lines: [ArraySlice<UInt8>]) -> String { line < lines.count ? String(decoding: lines[line], as: UTF8.self) : "(the end)" }
    Issue.record(
      "\(context): the texts differ at line \(line + 1): \(show(linesA)) | \(show(linesB))", sourceLocation: sourceLocation)
  }

  /// A tile's canonical text alone.
  static func single(_ tile: Tile) -> [UInt8] {
    Arrangement(sections: [(Section(id: "s"), [tile])]).jsonBytes()
  }

  @Test("random files in every layout read the same through the fast paths as through the general reader", arguments: FastLoop.first(1, of: 1...4))
  func randomFiles(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    for round in 0..<60 {
      let style = Style.allCases[round % Style.allCases.count]
      let bytes = Self.file(&rng, style: style)
      let context = "seed \(seed), round \(round), \(style)"
      let lazy = try Arrangement(json: bytes)
      let general = try Arrangement(jsonUsingGeneralReader: bytes)
      Self.expectSame(lazy, general, context)
      #expect(throws: Never.self, "\(context)") { try Arrangement.validate(json: bytes) }
      // The canonical text reads back to itself, byte for byte, lazily too.
      let canonical = lazy.jsonBytes()
      Self.expectSameText(try Arrangement(json: canonical).jsonBytes(), canonical, context)
    }
  }

  @Test("the first tiles of a section, the last, and runs broken by unusual tiles")
  func runsOfCanonicalTiles() throws {
    // A canonical file whose tiles alternate between the common form and tiles with unknown keys,
    // escapes or members out of order, so that runs start and stop everywhere.
    var rng = SplitMix64(seed: 99)
    var tiles: [Tile] = []
    for n in 0..<400 {
      var tile = Tile(id: "t\(n)")
      if n % 3 != 0 { tile.title = n % 7 == 0 ? "" : "title \(n)" }
      if n % 4 != 0 { tile.color = TileColor(rng.element(["blue", "#00ff00", "systemIndigo", "lightGray"]))! }
      if n % 5 == 0 { tile.locked = n % 10 == 0 }
      if n % 6 == 0 { tile.width = rng.int(1...40) }
      if n % 11 == 0 { tile.extras = [JSONField("rank", .number("1.50"))] }
      if n % 13 == 0 { tile.title = "quote \" inside" }
      tiles.append(tile)
    }
    let arrangement = Arrangement(sections: [(Section(id: "a"), Array(tiles[..<150])), (Section(id: "b"), []),
      (Section(id: "c"), Array(tiles[150...]))])
    let bytes = arrangement.jsonBytes()
    let lazy = try Arrangement(json: bytes)
    Self.expectSame(lazy, try Arrangement(jsonUsingGeneralReader: bytes), "runs")
    Self.expectSameText(lazy.jsonBytes(), bytes, "a canonical file comes back byte for byte")
    #expect(lazy == arrangement)
  }

  @Test("mutated files are refused with the same error by the fast paths, the general reader and the check", arguments: FastLoop.first(1, of: 1...3))
  func mutatedFiles(seed: UInt64) {
    var rng = SplitMix64(seed: seed &* 7919)
    for round in 0..<250 {
      var bytes = Self.file(&rng, style: Style.allCases[round % Style.allCases.count])
      for _ in 0..<rng.int(1...3) { ByteMutation.mutate(&bytes, using: &rng) }
      let context = "seed \(seed), round \(round)"
      let lazy = read(bytes)
      let general = Result { () throws(LoadError) in try Arrangement(jsonUsingGeneralReader: bytes) }
      let check = Result { () throws(LoadError) in try Arrangement.validate(json: bytes) }
      switch (lazy, general) {
      case (.success(let a), .success(let b)):
        Self.expectSame(a, b, context)
        #expect(throws: Never.self, "\(context)") { try check.get() }
      case (.failure(let a), .failure(let b)):
        #expect(a == b, "\(context)")
        if case .failure(let c) = check {
          #expect(c == a, "\(context)")
        } else {
          Issue.record("\(context): the check accepted what the reader refused: \(a)")
        }
      default:
        Issue.record("\(context): one reader accepted, the other refused: \(lazy), \(general)")
      }
    }
  }

  @Test("a repeated id is found by reading the file again, and named as before; unequal ids never are")
  func repeatedIDs() throws {
    let tiles = (0..<3000).map { Tile(id: "t\($0)", title: "tile \($0)") }
    var file = Arrangement(sections: [(Section(id: "a"), Array(tiles[..<1000])), (Section(id: "b"), Array(tiles[1000...]))])
    #expect(throws: Never.self) { try Arrangement.validate(json: file.jsonBytes()) }
    file.tiles[TileRef(2500)] = Tile(id: "t12", title: "again")
    let error = LoadError.duplicateTileID("t12", first: ItemPath(0, 12), second: ItemPath(1, 1500))
    #expect(loadError(file.jsonBytes()) == error)
    #expect(throws: error) { try Arrangement.validate(json: file.jsonBytes()) }
    // Ids equal only by canonical equivalence are two ids.
    file.tiles[TileRef(2500)] = Tile(id: "e\u{301}")
    file.tiles[TileRef(2501)] = Tile(id: "\u{E9}")
    #expect(loadError(file.jsonBytes()) == nil)
  }

  @Test("the id check finds exactly the repeated hashes, also among hashes alike in their group and low bits")
  func idIndex() {
    for count in [2, 1000, 5000, 300_000] {
      var rng = SplitMix64(seed: UInt64(count))
      var index = TileIDHashes(capacity: count + 3)
      for _ in 0..<count { index.append(rng.next()) }
      #expect(index.repeatedHashes().isEmpty, "\(count) random hashes")
      // Alike in the top 20 and the low 32 bits (the same group, the same kept bits), not equal.
      let alike: UInt64 = 0xABCDE000_00000000 | 0x1234_5678
      index.append(alike | 1 << 40)
      index.append(alike | 1 << 41)
      #expect(index.repeatedHashes().isEmpty, "\(count): alike but not equal")
      index.append(alike | 1 << 41)
      #expect(index.repeatedHashes() == [alike | 1 << 41], "\(count): one repeated")
    }
    var zeros = TileIDHashes(capacity: 4)
    zeros.append(0)
    zeros.append(1 << 40)
    #expect(zeros.repeatedHashes().isEmpty, "low bits of zero are kept aside, not mistaken for equal")
    zeros.append(0)
    #expect(zeros.repeatedHashes() == [0])
  }

  // MARK: - A second reader

  /// Reads `bytes` with a second reader from `start` (`ReadAhead`), as the reader or as the check.
  static func readAhead(_ bytes: [UInt8], at start: Int, chunkSize: Int, first: Bool, checking: Bool = false)
    -> Result<(Arrangement?, taken: Int), LoadError>
  {
    Result { () throws(LoadError) in
      try Arrangement.readingAhead(bytes, at: start, chunkSize: chunkSize, first: first, checking: checking)
    }
  }

  /// Where a second reader may start, how many tiles its chunks hold, and whether it reads before the
  /// reader starts (every chunk it reads can then be taken) or beside it on another thread.
  static func secondReader(_ rng: inout SplitMix64, _ bytes: [UInt8]) -> (start: Int, chunkSize: Int, first: Bool) {
    (rng.int(1...max(1, bytes.count - 1)), rng.element([1, 2, 3, 7, 4096]), rng.chance(70))
  }

  @Test("a second reader from anywhere in a file gives the same tiles, whichever reader read each", arguments: FastLoop.first(1, of: 1...4))
  func secondReader(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed &+ 3000)
    var taken = 0
    for round in 0..<40 {
      // Mostly canonical files (the second reader reads only that layout's runs), some in the others.
      let style = round % 4 == 3 ? rng.element(Style.allCases) : .canonical
      let bytes = Self.file(&rng, style: style)
      let general = try Arrangement(jsonUsingGeneralReader: bytes)
      for _ in 0..<5 {
        let (start, chunkSize, first) = Self.secondReader(&rng, bytes)
        let context = "seed \(seed), round \(round), \(style), from \(start), \(chunkSize) a chunk\(first ? ", first" : "")"
        let (read, n) = try Arrangement.readingAhead(bytes, at: start, chunkSize: chunkSize, first: first)
        Self.expectSame(try #require(read), general, context)
        let checked = try Arrangement.readingAhead(bytes, at: start, chunkSize: chunkSize, first: first, checking: true)
        if first { #expect(checked.taken == n, "\(context): the check takes the same tiles") }
        taken += n
      }
    }
    #expect(taken > 1000, "the reader took tiles from the second reader")
  }

  @Test("a long canonical file read with a second reader, first and beside it: every tile taken from it or read")
  func secondReaderOnALongFile() throws {
    var rng = SplitMix64(seed: 5)
    let colors = ["blue", "#00ff00", "systemIndigo", "lightGray", "Red"]
    let sections = (0..<4).map { s in
      (Section(id: "s\(s)", title: "Section \(s)"),
        (0..<2500).map { n in
          Tile(id: "t\(s)-\(n)", title: rng.chance(80) ? "tile \(n)" : nil, color: rng.chance(70) ? TileColor(rng.element(colors)) : nil,
            locked: rng.chance(10) ? true : nil, width: rng.chance(20) ? rng.int(1...30) : nil)
        })
    }
    let bytes = Arrangement(sections: sections).jsonBytes()
    let general = try Arrangement(jsonUsingGeneralReader: bytes)
    // Read first, from the middle: the reader takes the tiles of the second half, all but the few
    // before the first chunk that starts past the middle.
    let (read, taken) = try Arrangement.readingAhead(bytes, at: bytes.count / 2, chunkSize: 100, first: true)
    Self.expectSame(try #require(read), general, "read first")
    Self.expectSameText(try #require(read).jsonBytes(), bytes, "read first: the canonical text")
    #expect(taken >= 4900 && taken <= 5000, "taken: \(taken)")
    // Beside it: whatever each read, the same tiles.
    for round in 0..<20 {
      let (beside, _) = try Arrangement.readingAhead(bytes, at: rng.int(1...(bytes.count - 1)), chunkSize: 64, first: false)
      Self.expectSameText(try #require(beside).jsonBytes(), bytes, "beside it, round \(round)")
      #expect(try #require(beside).tiles.slotCount == 10_000)
    }
  }

  @Test("mutated files are refused with the same error when a second reader reads ahead", arguments: FastLoop.first(1, of: 1...3))
  func mutatedFilesWithASecondReader(seed: UInt64) {
    var rng = SplitMix64(seed: seed &* 104_729)
    for round in 0..<150 {
      var bytes = Self.file(&rng, style: round % 5 == 4 ? rng.element(Style.allCases) : .canonical)
      for _ in 0..<rng.int(1...3) { ByteMutation.mutate(&bytes, using: &rng) }
      guard bytes.count > 1 else { continue }
      let (start, chunkSize, first) = Self.secondReader(&rng, bytes)
      let context = "seed \(seed), round \(round), from \(start), \(chunkSize) a chunk\(first ? ", first" : "")"
      let general = Result { () throws(LoadError) in try Arrangement(jsonUsingGeneralReader: bytes) }
      let ahead = Self.readAhead(bytes, at: start, chunkSize: chunkSize, first: first)
      let check = Self.readAhead(bytes, at: start, chunkSize: chunkSize, first: first, checking: true)
      switch (ahead, general, check) {
      case (.success(let a), .success(let b), .success):
        if let a = a.0 { Self.expectSame(a, b, context) }
      case (.failure(let a), .failure(let b), .failure(let c)):
        #expect(a == b && c == b, "\(context)")
      default:
        Issue.record("\(context): the readers disagree: \(ahead), \(general), \(check)")
      }
    }
  }

  @Test("a repeated id is named as before, whichever reader read either of the two")
  func repeatedIDsWithASecondReader() throws {
    let tiles = (0..<3000).map { Tile(id: "t\($0)", title: "tile \($0)") }
    var rng = SplitMix64(seed: 11)
    for (a, b) in [(12, 2500), (1800, 2900), (100, 200)] {
      var file = Arrangement(sections: [(Section(id: "a"), Array(tiles[..<1000])), (Section(id: "b"), Array(tiles[1000...]))])
      file.tiles[TileRef(b)] = Tile(id: "t\(a)", title: "again")
      let bytes = file.jsonBytes()
      let error = loadError(bytes)
      #expect(error != nil)
      for _ in 0..<8 {
        let (start, chunkSize, first) = Self.secondReader(&rng, bytes)
        let context = "t\(a) again at \(b), from \(start), \(chunkSize) a chunk\(first ? ", first" : "")"
        for checking in [false, true] {
          guard case .failure(let found) = Self.readAhead(bytes, at: start, chunkSize: chunkSize, first: first, checking: checking)
          else {
            Issue.record("\(context): accepted")
            continue
          }
          #expect(found == error, "\(context)")
        }
      }
    }
  }

  // MARK: - Edits on an arrangement read from a file

  /// A lazily read arrangement and the same tiles held in code, through the same edits: replacing tiles
  /// in their slots, adding tiles, and moves; after each, the two agree in every tile, width, text,
  /// layout and byte of their canonical text.
  @Test("replacing, adding and moving tiles of an arrangement read from a file", arguments: FastLoop.first(1, of: 1...3))
  func edits(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed &+ 1000)
    for round in 0..<20 {
      let bytes = Self.file(&rng, style: .canonical)
      var lazy = try Arrangement(json: bytes)
      let general = try Arrangement(jsonUsingGeneralReader: bytes)
      var held = Arrangement(
        version: general.version, layout: general.layoutSpec,
        sections: general.sections.indices.map { s in
          var section = general.sections[s]
          section.items = []
          return (section, general.tiles(inSection: s))
        }, extras: general.extras)
      guard lazy.tileCount > 0 else { continue }
      let context = "seed \(seed), round \(round)"
      for step in 0..<40 {
        switch rng.int(0...3) {
        case 0:
          // An edit replaces a tile in its slot.
          let slot = rng.int(0...(lazy.tiles.slotCount - 1))
          var tile = lazy[TileRef(slot)]
          tile.title = rng.chance(50) ? "edited \(step)" : nil
          tile.width = rng.chance(50) ? rng.int(1...50) : nil
          tile.color = rng.chance(50) ? TileColor("#12aB34") : tile.color
          tile.extras.append(JSONField("edit", .number("\(step)")))
          lazy.tiles[TileRef(slot)] = tile
          held.tiles[TileRef(slot)] = tile
        case 1:
          // An added tile gets a new slot, and a section takes it.
          let tile = Tile(id: "added-\(step)", title: rng.chance(50) ? "new" : nil, width: rng.chance(30) ? 7 : nil)
          let s = rng.int(0...(lazy.sections.count - 1))
          for a in [0, 1] {
            var arrangement = a == 0 ? lazy : held
            let ref = arrangement.tiles.append(tile)
            arrangement.sections[s].items.append(ref)
            arrangement.tileCount += 1
            if a == 0 { lazy = arrangement } else { held = arrangement }
          }
        default:
          let occupied = lazy.sections.indices.filter { lazy.sections[$0].count > 0 }
          guard let s = occupied.first.map({ _ in rng.element(occupied) }) else { continue }
          let from = ItemPath(s, rng.int(0...(lazy.sections[s].count - 1)))
          let t = rng.int(0...(lazy.sections.count - 1))
          let to = ItemPath(t, rng.int(0...(lazy.sections[t].count - (t == s ? 1 : 0))))
          try lazy.move(from: from, to: to, force: true)
          try held.move(from: from, to: to, force: true)
        }
        Self.expectSameText(lazy.jsonBytes(), held.jsonBytes(), "\(context), step \(step)")
      }
      Self.expectSame(lazy, held, context)
      let viewport = Size(width: rng.int(10...120), height: 30)
      let a = FlowLayout(arrangement: lazy, viewport: viewport)
      let b = FlowLayout(arrangement: held, viewport: viewport)
      #expect(a.contentSize == b.contentSize, "\(context)")
      for s in lazy.sections.indices {
        for i in 0..<lazy.sections[s].count {
          #expect(a.frame(of: ItemPath(s, i)) == b.frame(of: ItemPath(s, i)), "\(context): frame of \(s).\(i)")
        }
      }
    }
  }

  @Test("tiles of two files compare by their bytes exactly as the built tiles do", arguments: FastLoop.first(1, of: 1...3))
  func comparisonsWithoutBuilding(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed &+ 2000)
    for round in 0..<20 {
      let general = try Arrangement(jsonUsingGeneralReader: Self.file(&rng, style: rng.element(Style.allCases)))
      guard general.tileCount > 0 else { continue }
      // Another version: most tiles the same, some with one field changed by a spelling or a presence
      // alone, its colors met in another order (each file numbers its own).
      var other = general
      for slot in 0..<other.tiles.slotCount where rng.chance(40) {
        var tile = other[TileRef(slot)]
        switch rng.int(0...6) {
        case 0: tile.id += rng.chance(50) ? "" : "x"
        case 1: tile.title = tile.title == nil ? "" : nil
        case 2: tile.color = TileColor(rng.element(Self.colors))
        case 3: tile.locked = tile.locked == nil ? false : nil
        case 4: tile.width = tile.width == nil ? 1 : (tile.width == 1 ? nil : tile.width.map { $0 - 1 })
        case 5: tile.extras = tile.extras.isEmpty ? [JSONField("rank", .number("1.0"))] : []
        default: tile.title = tile.title.map { $0 + "\u{301}" }
        }
        other.tiles[TileRef(slot)] = tile
      }
      let context = "seed \(seed), round \(round)"
      let a = try Arrangement(json: general.jsonBytes())
      var b = try Arrangement(json: other.jsonBytes())
      // Some slots replaced, so that a kept tile meets a built one.
      for slot in 0..<b.tiles.slotCount where rng.chance(10) { b.tiles[TileRef(slot)] = b[TileRef(slot)] }
      let n = a.tiles.slotCount
      for _ in 0..<(3 * n) {
        let (x, y) = rng.chance(50) ? (rng.int(0...(n - 1)), rng.int(0...(n - 1))) : { let s = rng.int(0...(n - 1)); return (s, s) }()
        let (refA, refB) = (TileRef(x), TileRef(y))
        #expect(a.tiles.isExactly(refA, b.tiles, refB) == a[refA].isExactly(b[refB]), "\(context): \(x) and \(y)")
        #expect(a.tiles.sameID(refA, b.tiles, refB) == (Array(a[refA].id.utf8) == Array(b[refB].id.utf8)), "\(context): \(x) and \(y)'s ids")
        #expect(b.tiles.isExactly(refB, a.tiles, refA) == b[refB].isExactly(a[refA]), "\(context): \(y) and \(x)")
      }
    }
  }

  @Test("a copy of an arrangement read from a file is edited on its own")
  func copiesAreValues() throws {
    let bytes = Arrangement(sections: [(Section(id: "s"), (0..<50).map { Tile(id: "t\($0)", title: "tile \($0)") })]).jsonBytes()
    let original = try Arrangement(json: bytes)
    var copy = original
    copy.tiles[TileRef(3)] = Tile(id: "t3", title: "changed", width: 9)
    #expect(original[TileRef(3)].title == "tile 3" && original.width(of: TileRef(3)) == nil)
    #expect(copy[TileRef(3)].title == "changed" && copy.width(of: TileRef(3)) == 9)
    #expect(original.jsonBytes() == bytes)
  }
}
