import TestSupport
import Testing

@testable import EditScripts
@testable import TileGridJSON
@testable import TileModel

/// `Arrangement.diff` (docs/version-control.md, "diff"): the script applied to the old arrangement
/// gives the new one byte for byte, reads back from its text to the same edits, and moves as few
/// tiles and sections as can be.
@Suite("Diff")
struct DiffTests {
  /// Sections `s0`, `s1`, … holding tiles with these ids, nothing else.
  static func board(_ ids: [[String]], sectionIDs: [String]? = nil) -> Arrangement {
    Arrangement(
      sections: ids.enumerated().map { s, tiles in
        (Section(id: sectionIDs?[s] ?? "s\(s)"), tiles.map { Tile(id: $0) })
      })
  }

  static func ids(_ a: Arrangement) -> [[String]] { tileIDs(a) }

  /// Applies `script` to `a` (forced) and returns the result.
  static func applied(_ script: [ScriptEdit], to a: Arrangement, force: Bool = true) throws -> Arrangement {
    var b = a
    try b.apply(script, force: force)
    return b
  }

  func expectScript(
    _ old: Arrangement, _ new: Arrangement, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let script = Arrangement.diff(old, new)
    #expect(EditScript.text(script) == expected, sourceLocation: sourceLocation)
    #expect(text(try Self.applied(script, to: old).jsonBytes()) == text(new.jsonBytes()), sourceLocation: sourceLocation)
  }

  // MARK: - Examples

  @Test("equal arrangements have the empty script")
  func equal() throws {
    try expectScript(.demo, .demo, "")
    try expectScript(Arrangement(sections: []), Arrangement(sections: []), "")
  }

  @Test("within a section only the tiles outside a longest increasing subsequence move")
  func longestIncreasingSubsequence() throws {
    try expectScript(Self.board([["a", "b", "c", "d", "e"]]), Self.board([["b", "c", "d", "e", "a"]]), "move a to s0:4\n")
    try expectScript(Self.board([["a", "b", "c", "d", "e"]]), Self.board([["e", "a", "b", "c", "d"]]), "move e to s0:0\n")
    try expectScript(
      Self.board([["a", "b", "c", "d", "e"]]), Self.board([["b", "a", "d", "c", "e"]]),
      "move a to s0:1\nmove c to s0:3\n")
    try expectScript(
      Self.board([["a", "b", "c", "d"]]), Self.board([["d", "c", "b", "a"]]),
      "move c to s0:3\nmove b to s0:3\nmove a to s0:3\n")
  }

  @Test("a tile that changed section is one move, to its place among the tiles already in place")
  func acrossSections() throws {
    try expectScript(
      Self.board([["a", "b", "c"], ["d"]]), Self.board([["a", "c"], ["b", "d"]]), "move b to s1:0\n")
    try expectScript(
      Self.board([["x", "a", "b"], []]), Self.board([["b", "a"], ["x"]]),
      "move a to s0:2\nmove x to s1:0\n")
  }

  @Test("sections are added before tiles move into them and deleted after their tiles moved out")
  func sectionOrder() throws {
    let old = Self.board([["a", "b"], ["c"]], sectionIDs: ["old", "keep"])
    let new = Self.board([["c"], ["a"]], sectionIDs: ["keep", "new"])
    try expectScript(
      old, new,
      """
      add-section new at 2 {"id": "new", "items": []}
      move a to new:0
      delete-section old

      """)
    try expectScript(
      Self.board([[], [], []], sectionIDs: ["a", "b", "c"]), Self.board([[], [], []], sectionIDs: ["c", "a", "b"]),
      "move-section c to 0\n")
  }

  @Test("keys: set, removed with null, unknown keys in place or appended, JSON null kept as (null)")
  func keys() throws {
    let old = Arrangement(
      sections: [
        (
          Section(id: "s", title: "S"),
          [
            Tile(
              id: "red", title: "Red", color: TileColor("red"),
              extras: [JSONField("a", .number("1")), JSONField("b", .string("x"))])
          ]
        )
      ])
    let new = Arrangement(
      sections: [
        (
          Section(id: "s", maxItems: 3),
          [
            Tile(
              id: "red", title: "Red!", width: 20,
              extras: [JSONField("b", .string("x")), JSONField("a", .number("2")), JSONField("c", .null)])
          ]
        )
      ], extras: [JSONField("owner", .string("ops"))])
    try expectScript(
      old, new,
      """
      set-file owner "ops"
      set-section s title null
      set red title "Red!"
      set red color null
      set red width 20
      set red a null
      set red a 2
      set red c (null)
      set-section s maxItems 3

      """)
  }

  @Test("a lock comes off first and goes on last, so the policies let the script through")
  func lockOrder() throws {
    var old = Self.board([["a", "b"], []])
    try old.apply(.setTile(at: ItemPath(0, 0), to: Tile(id: "a", locked: true)))
    var new = Self.board([["b"], ["a"]])
    try new.apply(.setTile(at: ItemPath(0, 0), to: Tile(id: "b", locked: true)))
    let script = Arrangement.diff(old, new)
    #expect(EditScript.text(script) == "set a locked null\nmove a to s1:0\nset b locked true\n")
    #expect(try Self.applied(script, to: old, force: false).jsonBytes() == new.jsonBytes())
  }

  @Test("a new locked section that receives tiles is added open and locked after them")
  func newLockedSection() throws {
    let old = Self.board([["a"]])
    let new = Arrangement(sections: [(Section(id: "s0"), []), (Section(id: "v", locked: true), [Tile(id: "a")])])
    let script = Arrangement.diff(old, new)
    #expect(
      EditScript.text(script)
        == "add-section v at 1 {\"id\": \"v\", \"items\": []}\nmove a to v:0\nset-section v locked true\n")
    #expect(try Self.applied(script, to: old, force: false).jsonBytes() == new.jsonBytes())
  }

  @Test("the layout: set key by key, added whole, removed with set-layout null")
  func layout() throws {
    let plain = Self.board([["a"]])
    var spaced = plain
    spaced.layoutSpec = LayoutSpec(lineSpacing: 2)
    var empty = plain
    empty.layoutSpec = LayoutSpec()
    try expectScript(plain, spaced, "set-layout {\"lineSpacing\": 2}\n")
    try expectScript(spaced, plain, "set-layout null\n")
    try expectScript(spaced, empty, "set-layout lineSpacing null\n")
    try expectScript(plain, empty, "set-layout {}\n")
  }

  @Test("ids that are not bare words are written as JSON strings")
  func quotedIDs() throws {
    let old = Self.board([["a b", "회의", "#1"]], sectionIDs: ["my list"])
    let new = Self.board([["회의", "#1", "a b"]], sectionIDs: ["my list"])
    try expectScript(old, new, "move \"a b\" to \"my list\":2\n")
  }

  // MARK: - Properties

  @Test("apply(A, diff(A, B)) is B byte for byte, and the script's text reads back to the same script",
    arguments: FastLoop.first(40, of: 0..<300))
  func roundTrip(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0xD1FF, UInt64(seed)))
    let (a, b) = RandomArrangements.pair(&rng)
    let script = Arrangement.diff(a, b)
    #expect(script.isEmpty == (a.jsonBytes() == b.jsonBytes()), "seed \(seed): empty exactly when equal")
    let result = try Self.applied(script, to: a)
    #expect(text(result.jsonBytes()) == text(b.jsonBytes()), "seed \(seed):\n\(EditScript.text(script))")
    let text = EditScript.text(script)
    let read = try EditScript.read(text)
    #expect(EditScript.text(read.map(\.edit)) == text, "seed \(seed): the text reads back to the same edits")
    #expect(read.map(\.line) == (0..<read.count).map { $0 + 1 })
    #expect(try Self.applied(read.map(\.edit), to: a).jsonBytes() == b.jsonBytes(), "seed \(seed)")
    // Without force, a script is refused only by a policy, never for a name or place.
    var unforced = a
    do {
      try unforced.apply(script)
      #expect(unforced.jsonBytes() == b.jsonBytes(), "seed \(seed)")
    } catch {
      #expect(error.error.isPolicyRefusal, "seed \(seed): \(error)")
      #expect(unforced.jsonBytes() == a.jsonBytes(), "seed \(seed): a refused script changes nothing")
    }
    // And back.
    #expect(try Self.applied(Arrangement.diff(b, a), to: b).jsonBytes() == a.jsonBytes(), "seed \(seed)")
  }

  @Test("pairing tiles by id walking both orders finds every pair a table finds", arguments: FastLoop.first(10, of: 0..<40))
  func matching(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0x3A7C, UInt64(seed)))
    let a = RandomArrangements.arrangement(&rng, maximumTiles: 300, maximumSections: 3)
    var fresh = 0
    var b = RandomArrangements.moved(a, &rng, moves: rng.int(0...(seed % 4 == 0 ? 400 : 20)), across: true)
    b = RandomArrangements.edited(b, &rng, edits: rng.int(0...6), fresh: &fresh)
    let (ra, rb) = (TileMatching.readingOrder(a), TileMatching.readingOrder(b))
    let found = TileMatching.match(a, ra, b, rb)
    var index: [String: Int32] = [:]
    for (k, ref) in ra.enumerated() { index[a.tiles[ref].id] = Int32(k) }
    #expect(found == rb.map { index[b.tiles[$0].id] ?? -1 }, "seed \(seed)")
  }

  /// The fewest single-tile moves from `a` to `b` (same sections, same tiles), by breadth-first search.
  static func fewestMoves(_ a: [[String]], _ b: [[String]]) -> Int {
    TileModelTests.fewestMoves(from: a, to: b) ?? -1
  }

  @Test("the number of tile moves is the fewest there can be (brute force on small cases)", arguments: FastLoop.first(10, of: 0..<60))
  func fewestTileMoves(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0x3073, UInt64(seed)))
    let a = RandomArrangements.arrangement(&rng, maximumTiles: 6, maximumSections: 3)
    let b = RandomArrangements.moved(a, &rng, moves: rng.int(1...4), across: rng.chance(60))
    let script = Arrangement.diff(a, b)
    let moves = script.filter { if case .move = $0 { return true } else { return false } }.count
    #expect(moves == Self.fewestMoves(Self.ids(a), Self.ids(b)), "seed \(seed):\n\(EditScript.text(script))")
    #expect(moves == script.count, "only moves")
    #expect(try Self.applied(script, to: a).jsonBytes() == b.jsonBytes())
  }

  @Test("the number of section moves is the fewest there can be", arguments: FastLoop.first(10, of: 0..<40))
  func fewestSectionMoves(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0x5EC7, UInt64(seed)))
    let n = rng.int(1...5)
    let a = Self.board(Array(repeating: [], count: n), sectionIDs: (0..<n).map { "s\($0)" })
    var b = a
    for _ in 0..<rng.int(1...4) {
      try b.moveSection(SectionMove(from: rng.int(0...(n - 1)), to: rng.int(0...(n - 1))))
    }
    let script = Arrangement.diff(a, b)
    // Sections as tiles of one section: the same brute force.
    let fewest = Self.fewestMoves([a.sections.map(\.id)], [b.sections.map(\.id)])
    #expect(script.count == fewest, "seed \(seed):\n\(EditScript.text(script))")
    #expect(try Self.applied(script, to: a).jsonBytes() == b.jsonBytes())
  }
}
