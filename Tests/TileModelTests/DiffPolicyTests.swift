import TestSupport
import Testing

@testable import EditScripts
@testable import TileGridJSON
@testable import TileModel

/// `diff` and the policies (docs/version-control.md, "The fewest moves", "The order of the lines"):
/// among the scripts of the fewest moves it picks one that moves no locked tile or section and fills
/// no full section, whenever one exists, so that applying it without `--force` goes through.
@Suite("Diff and the policies")
struct DiffPolicyTests {
  /// A small board with policies: sections `s0`… (some locked, some with a `maxItems` at or one above
  /// their count), tiles `t0`… (some locked).
  static func board(_ rng: inout SplitMix64) -> Arrangement {
    var sections: [(Section, [Tile])] = []
    var next = 0
    for s in 0..<rng.int(1...3) {
      let tiles = (0..<rng.int(0...3)).map { _ -> Tile in
        defer { next += 1 }
        return Tile(id: "t\(next)", locked: rng.chance(30) ? true : nil)
      }
      let maxItems = rng.chance(40) ? tiles.count + rng.int(0...1) : nil
      sections.append((Section(id: "s\(s)", maxItems: maxItems, locked: rng.chance(20) ? true : nil), tiles))
    }
    return Arrangement(sections: sections)
  }

  /// The board's tiles by section, as ids.
  static func state(_ a: Arrangement) -> [[String]] {
    a.sections.indices.map { a.tiles(inSection: $0).map(\.id) }
  }

  /// The fewest single-tile moves from `a` to `b`, by breadth-first search: any move, or (`allowed`)
  /// only moves `a`'s policies let through, its locks and limits staying as they are.
  static func fewestMoves(from a: Arrangement, to b: [[String]], allowed: Bool) -> Int? {
    let locked = Set(a.allTiles().filter(\.isLocked).map(\.id))
    return TileModelTests.fewestMoves(from: state(a), to: b, upTo: 6) { taken, tile, s, t in
      guard allowed else { return true }
      if locked.contains(tile) { return false }
      if t != s {
        let (from, to) = (a.sections[s], a.sections[t])
        if from.isLocked || to.isLocked { return false }
        if let m = to.maxItems, taken[t].count >= m { return false }
      }
      return true
    }
  }

  @Test("the examples: a locked tile or section stays, a full section is left before it is filled")
  func examples() throws {
    let x = Tile(id: "x", locked: true)
    let y = Tile(id: "y")
    var script = Arrangement.diff(
      Arrangement(sections: [(Section(id: "s"), [x, y])]), Arrangement(sections: [(Section(id: "s"), [y, x])]))
    #expect(EditScript.text(script) == "move y to s:0\n")
    let p = Section(id: "p", locked: true)
    let q = Section(id: "q")
    script = Arrangement.diff(Arrangement(sections: [(p, []), (q, [])]), Arrangement(sections: [(q, []), (p, [])]))
    #expect(EditScript.text(script) == "move-section q to 0\n")
    let full = Section(id: "a", maxItems: 2)
    let other = Section(id: "b")
    let old = Arrangement(sections: [(full, [Tile(id: "x"), Tile(id: "y")]), (other, [Tile(id: "z")])])
    let new = Arrangement(sections: [(full, [Tile(id: "x"), Tile(id: "z")]), (other, [Tile(id: "y")])])
    script = Arrangement.diff(old, new)
    #expect(EditScript.text(script) == "move y to b:0\nmove z to a:1\n")
    var applied = old
    try applied.apply(script)
    #expect(applied.jsonBytes() == new.jsonBytes())
  }

  @Test("tiles trading places between two sections with one free place each go one at a time, alternately")
  func interleaved() throws {
    // Section by section, either section would take both incoming tiles before losing its own and
    // hold 4 of 3; tile by tile, each move takes the free place the one before it left.
    let a = Section(id: "a", maxItems: 3)
    let b = Section(id: "b", maxItems: 3)
    let t = ["a1", "a2", "b1", "b2"].map { Tile(id: $0) }
    let old = Arrangement(sections: [(a, [t[0], t[1]]), (b, [t[2], t[3]])])
    let new = Arrangement(sections: [(a, [t[2], t[3]]), (b, [t[0], t[1]])])
    let script = Arrangement.diff(old, new)
    #expect(script.count == 4)
    var applied = old
    try applied.apply(script)
    #expect(applied.jsonBytes() == new.jsonBytes(), "\(EditScript.text(script))")
    // Into one section from two, where only the second one's tile going first frees the third section.
    let p = Section(id: "p", maxItems: 2)
    let q = Section(id: "q")
    let r = Section(id: "r", maxItems: 1)
    let u = ["p1", "q1", "r1"].map { Tile(id: $0) }
    let old2 = Arrangement(sections: [(p, [u[0]]), (q, [u[1]]), (r, [u[2]])])
    let new2 = Arrangement(sections: [(p, [u[1], u[2]]), (q, []), (r, [u[0]])])
    let script2 = Arrangement.diff(old2, new2)
    #expect(script2.count == 3)
    var applied2 = old2
    try applied2.apply(script2)
    #expect(applied2.jsonBytes() == new2.jsonBytes(), "\(EditScript.text(script2))")
  }

  @Test(
    "random boards with locks and limits: diff has the fewest moves, and applies without force whenever a script of as few does",
    arguments: FastLoop.first(50, of: 0..<400))
  func randomPolicies(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0x10CC, UInt64(seed)))
    let a = Self.board(&rng)
    // B: a few moves the policies allow (so some script gets through), or any moves.
    var b = a
    let forced = rng.chance(30)
    for _ in 0..<rng.int(1...4) {
      let from = b.paths.isEmpty ? nil : rng.element(b.paths)
      guard let from else { break }
      let t = rng.int(0...(b.sections.count - 1))
      let count = b.sections[t].count - (t == from.section ? 1 : 0)
      try? b.move(from: from, to: ItemPath(t, rng.int(0...count)), force: forced)
    }
    try Self.checkAgainstSearch(a, b, seed: seed)
  }

  /// `diff(a, b)` has the fewest moves, and applies without force whenever a script of as few does.
  static func checkAgainstSearch(_ a: Arrangement, _ b: Arrangement, seed: Int) throws {
    let script = Arrangement.diff(a, b)
    let moves = script.count
    let fewest = try #require(Self.fewestMoves(from: a, to: Self.state(b), allowed: false))
    #expect(moves == fewest, "seed \(seed): the fewest moves\n\(EditScript.text(script))")
    var applied = a
    let allowed = Self.fewestMoves(from: a, to: Self.state(b), allowed: true)
    do {
      try applied.apply(script)
      #expect(applied.jsonBytes() == b.jsonBytes(), "seed \(seed)")
    } catch {
      #expect(error.error.isPolicyRefusal, "seed \(seed): \(error)")
      #expect(
        allowed != fewest,
        "seed \(seed): refused (\(error)) though \(fewest) allowed moves do it\n\(EditScript.text(script))\n\(Self.state(a)) -> \(Self.state(b))")
    }
  }

  @Test(
    "random trades between sections at or one under their maxItems: applies without force whenever as few moves do",
    arguments: FastLoop.first(50, of: 0..<400))
  func randomTrades(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0x7EAD, UInt64(seed)))
    var sections: [(Section, [Tile])] = []
    var next = 0
    let count = rng.int(2...3)
    for s in 0..<count {
      let tiles = (0..<rng.int(1...(count == 2 ? 3 : 2))).map { _ -> Tile in
        defer { next += 1 }
        return Tile(id: "t\(next)", locked: rng.chance(10) ? true : nil)
      }
      let maxItems = rng.chance(85) ? tiles.count + rng.int(0...1) : nil
      sections.append((Section(id: "s\(s)", maxItems: maxItems), tiles))
    }
    let a = Arrangement(sections: sections)
    // B: tiles moved across sections regardless of the limits (the counts stay within them at the end
    // often enough: a trade), then a shuffle within a section now and then.
    var b = a
    for _ in 0..<rng.int(2...5) {
      guard let from = b.paths.isEmpty ? nil : rng.element(b.paths) else { break }
      let t = rng.int(0...(b.sections.count - 1))
      let count = b.sections[t].count - (t == from.section ? 1 : 0)
      try? b.move(from: from, to: ItemPath(t, rng.int(0...count)), force: true)
    }
    try Self.checkAgainstSearch(a, b, seed: seed)
  }

  @Test("random section orders with locked sections: the fewest moves, none of a locked section when avoidable",
    arguments: FastLoop.first(25, of: 0..<200))
  func randomSectionLocks(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0x5EC1, UInt64(seed)))
    let n = rng.int(1...6)
    let a = Arrangement(sections: (0..<n).map { (Section(id: "s\($0)", locked: rng.chance(30) ? true : nil), []) })
    var b = a
    let forced = rng.chance(30)
    for _ in 0..<rng.int(1...4) {
      try? b.moveSection(SectionMove(from: rng.int(0...(n - 1)), to: rng.int(0...(n - 1))), force: forced)
    }
    let script = Arrangement.diff(a, b)
    // The sections as the tiles of one section, locked as they are: the same searches.
    let asTiles = Arrangement(sections: [(Section(id: "all"), a.sections.map { Tile(id: $0.id, locked: $0.locked) })])
    let target = [b.sections.map(\.id)]
    let fewest = try #require(Self.fewestMoves(from: asTiles, to: target, allowed: false))
    #expect(script.count == fewest, "seed \(seed)\n\(EditScript.text(script))")
    var applied = a
    do {
      try applied.apply(script)
      #expect(applied.jsonBytes() == b.jsonBytes(), "seed \(seed)")
    } catch {
      #expect(
        Self.fewestMoves(from: asTiles, to: target, allowed: true) != fewest,
        "seed \(seed): refused (\(error)) though as few moves of unlocked sections do it\n\(EditScript.text(script))")
    }
  }
}

extension Arrangement {
  /// Every tile's path, in reading order.
  fileprivate var paths: [ItemPath] {
    sections.indices.flatMap { s in sections[s].items.indices.map { ItemPath(s, $0) } }
  }
}
