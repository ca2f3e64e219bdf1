import TestSupport
import Testing

@testable import EditScripts
@testable import TileGridJSON
@testable import TileModel

/// `Arrangement.merge` (docs/version-control.md, "merge"): the order rule on the pictures of the
/// docs, conflicts and their resolution, and properties on random triples.
@Suite("Merge")
struct MergeTests {
  static func board(_ ids: [[String]], sectionIDs: [String]? = nil) -> Arrangement {
    DiffTests.board(ids, sectionIDs: sectionIDs)
  }

  static func ids(_ a: Arrangement) -> [[String]] { DiffTests.ids(a) }

  static func merged(_ base: Arrangement, _ ours: Arrangement, _ theirs: Arrangement, prefer: MergeSide = .ours)
    -> (Arrangement, [String])
  {
    let result = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer)
    return (result.arrangement, result.conflicts.map(\.description))
  }

  // MARK: - The pictures of docs/version-control.md

  @Test("two people move different tiles of one section: both moves are kept")
  func differentTilesOneSection() {
    let base = Self.board([["a", "b", "c", "d", "e"]])
    let ours = Self.board([["b", "c", "d", "e", "a"]])  // a to the end
    let theirs = Self.board([["e", "a", "b", "c", "d"]])  // e to the front
    let (m, conflicts) = Self.merged(base, ours, theirs)
    #expect(Self.ids(m) == [["e", "b", "c", "d", "a"]])
    #expect(conflicts.isEmpty)
  }

  @Test("one moves a tile while the other moves its neighbour: each lands by the tiles the other left")
  func neighbours() {
    let base = Self.board([["a", "b", "c", "d"]])
    let ours = Self.board([["a", "c", "d", "b"]])  // b after d
    let theirs = Self.board([["c", "a", "b", "d"]])  // c to the front
    let (m, conflicts) = Self.merged(base, ours, theirs)
    #expect(Self.ids(m) == [["c", "a", "d", "b"]])
    #expect(conflicts.isEmpty)
  }

  @Test("a swap beside the other side's move of one of the two, in the section: both moved it, a conflict")
  func swapBesideAMoveInTheSection() {
    // Ours moved b to the end; theirs swapped b and c, as long a reading moving b as moving c, and
    // read as moving b (the later kept). Both moved b, to different places: a conflict, resolved
    // toward the preferred side.
    let base = Self.board([["a", "b", "c", "d"]])
    let ours = Self.board([["a", "c", "d", "b"]])
    let theirs = Self.board([["a", "c", "b", "d"]])
    let (m, conflicts) = Self.merged(base, ours, theirs)
    #expect(Self.ids(m) == [["a", "c", "d", "b"]])
    #expect(conflicts == [#"tile "b": moved by ours to s0:3, by theirs to s0:2; took ours"#])
    #expect(Self.ids(Self.merged(base, ours, theirs, prefer: .theirs).0) == [["a", "c", "b", "d"]])
    // Theirs alone: the later kept, b moved.
    #expect(Self.merged(base, base, theirs).0.jsonBytes() == theirs.jsonBytes())
  }

  @Test("a swap beside a tile the other side took away: the swap moved the tile the other did not touch")
  func swapBesideTakenTile() {
    // Theirs swapped a and b: as long a reading moves a as moves b. Ours moved a to another
    // section, so theirs is read as moving b to the top, and the two changes join.
    let base = Self.board([["a", "b", "c"], ["d"]])
    let ours = Self.board([["b", "c"], ["a", "d"]])
    let theirs = Self.board([["b", "a", "c"], ["d"]])
    for prefer in [MergeSide.ours, .theirs] {
      let (m, conflicts) = Self.merged(base, ours, theirs, prefer: prefer)
      #expect(Self.ids(m) == [["b", "c"], ["a", "d"]])
      #expect(conflicts.isEmpty)
      let (n, swapped) = Self.merged(base, theirs, ours, prefer: prefer)
      #expect(Self.ids(n) == [["b", "c"], ["a", "d"]])
      #expect(swapped.isEmpty)
    }
    // Ours deleted a: theirs' swap is b to the top, not a moved against the deletion.
    let deleted = Self.board([["b", "c"], ["d"]])
    let (m, conflicts) = Self.merged(base, deleted, theirs)
    #expect(Self.ids(m) == [["b", "c"], ["d"]])
    #expect(conflicts.isEmpty)
    // Both swapped alike: one swap, whatever the reading.
    #expect(Self.merged(base, theirs, theirs).0.jsonBytes() == theirs.jsonBytes())
    // The same for sections: ours deleted section s0 (empty), theirs swapped it with s1.
    let sections = Self.board([[], ["x"], ["y"]])
    let (s, sectionConflicts) = Self.merged(
      sections, Self.board([["x"], ["y"]], sectionIDs: ["s1", "s2"]), Self.board([["x"], [], ["y"]], sectionIDs: ["s1", "s0", "s2"]))
    #expect(Self.ids(s) == [["x"], ["y"]])
    #expect(sectionConflicts.isEmpty)
  }

  @Test(
    "the merge's reading of a side: the longest run, the most preferred, then the latest, against brute force",
    arguments: FastLoop.first(40, of: 0..<300))
  func latestLongestIncreasing(seed: UInt64) {
    var rng = SplitMix64(seed: SplitMix64.seed(0x1A7E, seed))
    let n = rng.int(0...9)
    var values = (0..<n).map { Int32($0) }
    values.shuffle(using: &rng)
    let preferred = (0..<n).map { _ in rng.chance(30) }
    // Every increasing subset, best by (length, preferred), then the latest: its indexes compared from
    // the last one down.
    var best: [Int] = []
    var bestScore = (-1, -1)
    for mask in 0..<(1 << n) {
      let indexes = (0..<n).filter { mask & (1 << $0) != 0 }
      guard zip(indexes, indexes.dropFirst()).allSatisfy({ values[$0] < values[$1] }) else { continue }
      let score = (indexes.count, indexes.filter { preferred[$0] }.count)
      if score > bestScore || (score == bestScore && best.reversed().lexicographicallyPrecedes(indexes.reversed())) {
        best = indexes
        bestScore = score
      }
    }
    #expect(Sequences.latestLongestIncreasing(values, preferring: preferred) == best, "\(values) \(preferred)")
  }

  @Test("the latest run reads a swap as a line diff does: x y z → y x z moved x")
  func swapReadAsALineDiff() {
    #expect(Sequences.latestLongestIncreasing([1, 0, 2], preferring: [false, false, false]) == [1, 2])
    #expect(Sequences.latestLongestIncreasing([1, 0, 2], preferring: [true, false, false]) == [0, 2])
    #expect(Sequences.latestLongestIncreasing([], preferring: []) == [])
  }

  @Test("one deletes what the other moved: a conflict, resolved toward the preferred side")
  func deleteAgainstMove() {
    let base = Self.board([["a", "b", "c"], []])
    let ours = Self.board([["a", "c"], []])
    let theirs = Self.board([["a", "c"], ["b"]])
    let (m, conflicts) = Self.merged(base, ours, theirs)
    #expect(Self.ids(m) == [["a", "c"], []])
    #expect(conflicts == [#"tile "b": deleted by ours, moved by theirs; deleted, as ours has it"#])
    let (t, theirsConflicts) = Self.merged(base, ours, theirs, prefer: .theirs)
    #expect(Self.ids(t) == [["a", "c"], ["b"]])
    #expect(theirsConflicts == [#"tile "b": deleted by ours, moved by theirs; kept, as theirs has it"#])
  }

  @Test("a tile moved alike by both is taken once; moved differently, the preferred place wins")
  func sameTileMoved() {
    let base = Self.board([["a", "b", "c"], ["d"]])
    let alike = Self.board([["b", "c"], ["a", "d"]])
    #expect(Self.merged(base, alike, alike).0.jsonBytes() == alike.jsonBytes())
    let ours = Self.board([["b", "c"], ["d", "a"]])
    let theirs = Self.board([["b", "c", "a"], ["d"]])
    let (m, conflicts) = Self.merged(base, ours, theirs)
    #expect(Self.ids(m) == [["b", "c"], ["d", "a"]])
    #expect(conflicts == [#"tile "a": moved by ours to s1:1, by theirs to s0:2; took ours"#])
    #expect(Self.ids(Self.merged(base, ours, theirs, prefer: .theirs).0) == [["b", "c", "a"], ["d"]])
  }

  @Test("keys merge one by one, unknown ones too; the same key set differently is a conflict")
  func keys() throws {
    let base = Arrangement(
      sections: [(Section(id: "s"), [Tile(id: "red", title: "Red", extras: [JSONField("n", .number("1"))])])])
    var ours = base
    var theirs = base
    try ours.apply([.set(tile: "red", .title("Rouge")), .set(tile: "red", .other("n", .number("2")))])
    try theirs.apply([
      .set(tile: "red", .color(TileColor("red"))), .set(tile: "red", .other("n", .number("3"))),
      .set(tile: "red", .other("m", .bool(true))), .setSection("s", .title("S")),
    ])
    let (m, conflicts) = Self.merged(base, ours, theirs)
    let red = m[ItemPath(0, 0)]
    #expect(red.title == "Rouge")
    #expect(red.color?.spelling == "red")
    #expect(red.extras == [JSONField("n", .number("2")), JSONField("m", .bool(true))])
    #expect(m.sections[0].title == "S")
    #expect(conflicts == [#"tile "red" n: 2 in ours, 3 in theirs; took ours"#])
  }

  @Test("a section one side deleted stays when the other put a tile in it")
  func sectionKeptForATile() {
    let base = Self.board([["a"], ["b"]])
    let ours = Self.board([["a"]])  // s1 deleted with b
    let theirs = Self.board([["a"], ["b", "n"]])  // n added to s1
    let (m, conflicts) = Self.merged(base, ours, theirs)
    #expect(Self.ids(m) == [["a"], ["n"]])
    #expect(conflicts == [#"section "s1": deleted by ours, but theirs put tile "n" in it; kept"#])
  }

  @Test("a section kept against its deletion keeps the tiles that went with it")
  func sectionDeletionOverruled() throws {
    let base = Self.board([["a"], ["b", "c"]])
    let ours = Self.board([["a"]])
    var theirs = base
    try theirs.apply([.setSection("s1", .title("Later"))])
    let (m, conflicts) = Self.merged(base, ours, theirs, prefer: .theirs)
    #expect(Self.ids(m) == [["a"], ["b", "c"]])
    #expect(m.sections[1].title == "Later")
    #expect(conflicts == [#"section "s1": deleted by ours, changed by theirs; kept, as theirs has it"#])
    #expect(Self.ids(Self.merged(base, ours, theirs).0) == [["a"]])
  }

  @Test("sections: moves of different sections are both kept")
  func sectionMoves() {
    let base = Self.board([[], [], [], []], sectionIDs: ["a", "b", "c", "d"])
    let ours = Self.board([[], [], [], []], sectionIDs: ["b", "c", "d", "a"])
    let theirs = Self.board([[], [], [], []], sectionIDs: ["d", "a", "b", "c"])
    let (m, conflicts) = Self.merged(base, ours, theirs)
    #expect(m.sections.map(\.id) == ["d", "b", "c", "a"])
    #expect(conflicts.isEmpty)
  }

  @Test("the layout and the file's keys merge key by key")
  func layoutAndFile() {
    var base = Self.board([["a"]])
    base.layoutSpec = LayoutSpec(lineSpacing: 1)
    var ours = base
    ours.layoutSpec = LayoutSpec(lineSpacing: 2)
    ours.extras = [JSONField("owner", .string("ops"))]
    var theirs = base
    theirs.layoutSpec = LayoutSpec(lineSpacing: 1, headerHeight: 0)
    let (m, conflicts) = Self.merged(base, ours, theirs)
    #expect(m.layoutSpec == LayoutSpec(lineSpacing: 2, headerHeight: 0))
    #expect(m.extras == [JSONField("owner", .string("ops"))])
    #expect(conflicts.isEmpty)
    var other = base
    other.layoutSpec = LayoutSpec(lineSpacing: 3)
    #expect(Self.merged(base, ours, other).1 == ["layout lineSpacing: 2 in ours, 3 in theirs; took ours"])
  }

  // MARK: - Properties

  @Test("merge(B, X, B) = merge(B, B, X) = merge(B, X, X) = X, byte for byte", arguments: FastLoop.first(25, of: 0..<200))
  func identities(seed: Int) {
    var rng = SplitMix64(seed: SplitMix64.seed(0x3E26, UInt64(seed)))
    let (b, x) = RandomArrangements.pair(&rng)
    for prefer in [MergeSide.ours, .theirs] {
      for (name, ours, theirs) in [("B X B", x, b), ("B B X", b, x), ("B X X", x, x)] {
        let result = Arrangement.merge(base: b, ours: ours, theirs: theirs, prefer: prefer)
        #expect(text(result.arrangement.jsonBytes()) == text(x.jsonBytes()), "seed \(seed), \(name), \(prefer)")
        #expect(result.conflicts.isEmpty, "seed \(seed), \(name): \(result.conflicts)")
      }
    }
  }

  /// The tiles and sections a script names, with the tiles a deleted section takes along and the
  /// layout's and the file's keys.
  static func touched(_ script: [ScriptEdit], in base: Arrangement) -> Set<String> {
    var names = Set<String>()
    for edit in script {
      switch edit {
      case .move(let id, let place):
        names.insert("tile " + id)
        names.insert("section " + place.section)
      case .add(let tile, let place):
        names.insert("tile " + tile.id)
        names.insert("section " + place.section)
      case .delete(let id), .set(let id, _):
        names.insert("tile " + id)
      case .moveSection(let id, _), .setSection(let id, _):
        names.insert("section " + id)
      case .addSection(let section, _, _):
        names.insert("section " + section.id)
      case .deleteSection(let id):
        names.insert("section " + id)
        if let s = base.sectionIndex(ofID: id) { for tile in base.tiles(inSection: s) { names.insert("tile " + tile.id) } }
      case .setLayout(let field): names.insert("layout " + field.key)
      case .replaceLayout: names.insert("layout")
      case .setFile(let key, _): names.insert("file " + key)
      }
    }
    return names
  }

  /// Whether two sides touched nothing in common (a whole layout replaced touches every layout key).
  static func disjoint(_ a: Set<String>, _ b: Set<String>) -> Bool {
    func layout(_ s: Set<String>) -> Bool { s.contains { $0.hasPrefix("layout") } }
    if (a.contains("layout") && layout(b)) || (b.contains("layout") && layout(a)) { return false }
    return a.isDisjoint(with: b)
  }

  /// The ids a script moves (tiles moved or added; sections moved or added).
  static func movedIDs(_ script: [ScriptEdit]) -> (tiles: Set<String>, sections: Set<String>) {
    var tiles = Set<String>()
    var sections = Set<String>()
    for edit in script {
      switch edit {
      case .move(let id, _): tiles.insert(id)
      case .add(let tile, _): tiles.insert(tile.id)
      case .moveSection(let id, _): sections.insert(id)
      case .addSection(let section, _, _): sections.insert(section.id)
      default: break
      }
    }
    return (tiles, sections)
  }

  static func tilesByID(_ a: Arrangement) -> [String: (section: String, tile: Tile)] {
    var result: [String: (String, Tile)] = [:]
    for (s, section) in a.sections.enumerated() { for tile in a.tiles(inSection: s) { result[tile.id] = (section.id, tile) } }
    return result
  }

  @Test("two sides that touched different tiles and sections: the merge has both sides' changes")
  func disjointChanges() throws {
    var checked = 0
    for seed in 0..<400 where try disjointChanges(seed: seed) { checked += 1 }
    #expect(checked >= 100, "only \(checked) of 400 random triples touched disjoint things")
  }

  /// Checks one random triple; false when its two sides touched something in common.
  func disjointChanges(seed: Int) throws -> Bool {
    var rng = SplitMix64(seed: SplitMix64.seed(0xD15C, UInt64(seed)))
    let base = RandomArrangements.arrangement(&rng, maximumTiles: 24, maximumSections: 5)
    var fresh = 0
    let ours = RandomArrangements.edited(base, &rng, edits: rng.int(1...3), fresh: &fresh)
    fresh += 100
    let theirs = RandomArrangements.edited(base, &rng, edits: rng.int(1...3), fresh: &fresh)
    let oursScript = Arrangement.diff(base, ours)
    let theirsScript = Arrangement.diff(base, theirs)
    guard Self.disjoint(Self.touched(oursScript, in: base), Self.touched(theirsScript, in: base)) else { return false }
    let result = Arrangement.merge(base: base, ours: ours, theirs: theirs)
    let context = "seed \(seed)\nours:\n\(EditScript.text(oursScript))theirs:\n\(EditScript.text(theirsScript))"
    #expect(result.conflicts.isEmpty, "\(context)\(result.conflicts)")
    let m = result.arrangement
    // Each tile as the side that touched it has it (or as the base has it, untouched).
    let merged = Self.tilesByID(m)
    let (b, x, y) = (Self.tilesByID(base), Self.tilesByID(ours), Self.tilesByID(theirs))
    for id in Set(b.keys).union(x.keys).union(y.keys) {
      let expected = Self.touched(oursScript, in: base).contains("tile " + id) ? x[id] : y[id]
      #expect(merged[id]?.section == expected?.section, "\(id): \(context)")
      #expect(merged[id].map { $0.tile.isExactly(expected!.tile) } ?? (expected == nil), "\(id): \(context)")
    }
    // In every section, the tiles keep each side's order among those the other side did not move.
    for (side, script, other) in [(ours, oursScript, theirsScript), (theirs, theirsScript, oursScript)] {
      let otherMoved = Self.movedIDs(other)
      for (s, section) in side.sections.enumerated() {
        guard let t = m.sectionIndex(ofID: section.id) else { continue }
        let keep = { (id: String) in !otherMoved.tiles.contains(id) && merged[id]?.section == section.id }
        #expect(
          m.tiles(inSection: t).map(\.id).filter(keep) == side.tiles(inSection: s).map(\.id).filter(keep), "\(context)")
      }
      let keepSection = { (id: String) in !otherMoved.sections.contains(id) && m.sectionIndex(ofID: id) != nil }
      #expect(m.sections.map(\.id).filter(keepSection) == side.sections.map(\.id).filter(keepSection), "\(context)")
      _ = script
    }
    return true
  }

  @Test("merging never loses or duplicates a tile neither side deleted, and always gives a valid file",
    arguments: FastLoop.first(40, of: 0..<300))
  func nothingLost(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0x1055, UInt64(seed)))
    let base = rng.chance(30) ? RandomArrangements.arrangementWithOddIDs(&rng) : RandomArrangements.arrangement(&rng)
    let (ours, theirs) = RandomArrangements.sides(of: base, &rng, edits: 0...8)
    for prefer in [MergeSide.ours, .theirs] {
      let m = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer).arrangement
      let ids = m.allTiles().map(\.id)
      #expect(Set(ids.map(ExactString.init)).count == ids.count, "seed \(seed): no tile twice")
      let inBoth = Set(ours.allTiles().map { ExactString($0.id) }).intersection(theirs.allTiles().map { ExactString($0.id) })
      #expect(inBoth.isSubset(of: Set(ids.map(ExactString.init))), "seed \(seed): every tile neither deleted")
      let either = Set(ours.allTiles().map { ExactString($0.id) }).union(theirs.allTiles().map { ExactString($0.id) })
      #expect(Set(ids.map(ExactString.init)).isSubset(of: either), "seed \(seed): no tile from nowhere")
      let reread = try Arrangement(json: m.jsonBytes())
      #expect(reread.jsonBytes() == m.jsonBytes(), "seed \(seed): a valid file")
    }
  }
}
