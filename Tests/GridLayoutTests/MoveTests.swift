import TestSupport
import Testing
import TileModel

@testable import GridLayout

/// `FlowLayout.moveItem(from:to:)` re-flows only what a move changed; after every move it must give
/// exactly what a fresh `FlowLayout(arrangement:viewport:)` and the reference give for the moved
/// arrangement.
@Suite("Incremental moves: moveItem equals a fresh layout and the reference")
struct MoveTests {
  /// How `moved` (updated move by move) differs from a fresh layout and from the reference for `a`:
  /// frames, sizes, lines, and the answers of the queries at random points and rects.
  static func mismatch(_ moved: FlowLayout, _ a: Arrangement, _ viewport: Size, _ rng: inout SplitMix64) -> String? {
    let fresh = FlowLayout(arrangement: a, viewport: viewport)
    let reference = ReferenceLayout(a, viewport: viewport)
    let snapshot = moved.snapshot
    if let diff = difference(snapshot, fresh.snapshot, actualName: "moved") { return "vs a fresh layout: \(diff)" }
    if let diff = difference(snapshot, reference.snapshot, actualName: "moved") { return "vs the reference: \(diff)" }
    if let failure = Invariants.geometry(moved, fresh) { return "what it keeps: \(failure)" }
    if let failure = Invariants.lines(moved, reference, snapshot) { return failure }
    let content = moved.contentSize
    for _ in 0..<30 {
      let p = Point(x: rng.int(-2...content.width + 1), y: rng.int(-2...content.height + 1))
      if moved.item(at: p) != fresh.item(at: p) || moved.section(at: p) != fresh.section(at: p)
        || moved.dropZone(at: p) != fresh.dropZone(at: p)
      {
        return "at \(p): moved answers \(String(describing: moved.item(at: p))) / \(String(describing: moved.dropZone(at: p))), "
          + "fresh \(String(describing: fresh.item(at: p))) / \(String(describing: fresh.dropZone(at: p)))"
      }
    }
    return Invariants.visits(moved, reference, rects: 3, &rng)
  }

  /// A random move `Arrangement.move` accepts: half within a section, half to any section.
  static func randomMove(_ a: Arrangement, _ rng: inout SplitMix64) -> (from: ItemPath, to: ItemPath)? {
    let nonEmpty = a.sections.indices.filter { a.sections[$0].count > 0 }
    guard !nonEmpty.isEmpty else { return nil }
    let s = rng.element(nonEmpty)
    let from = ItemPath(s, rng.int(0...a.sections[s].count - 1))
    let section = rng.chance(50) ? s : rng.int(0...a.sections.count - 1)
    return (from, ItemPath(section, rng.int(a.destinationRange(from: from, toSection: section))))
  }

  /// Applies `moves` to `start` and its layout one by one, checking after each.
  func expectMoves(
    _ start: Arrangement, _ viewport: Size, _ moves: [(ItemPath, ItemPath)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var a = start
    var layout = FlowLayout(arrangement: a, viewport: viewport)
    var rng = SplitMix64(seed: 7)
    for (n, (from, to)) in moves.enumerated() {
      try a.move(from: from, to: to, force: true)
      layout.moveItem(from: from, to: to)
      if let failure = Self.mismatch(layout, a, viewport, &rng) {
        Issue.record(
          "after move \(n) (\(from) -> \(to)) of \(fixtureSource(start.layout, widths(of: start), viewport: viewport)): \(failure)",
          sourceLocation: sourceLocation)
        return
      }
    }
  }

  /// Random arrangements, then `moves` random moves each, checked after every move.
  func randomMoves(_ cases: Int, moves: Int, seed: UInt64, make: (inout SplitMix64) -> RandomCase) throws {
    try forEachRandomCase(cases, seed: seed, make: make) { c, rng in
      var a = c.arrangement
      var layout = FlowLayout(arrangement: a, viewport: c.viewport)
      var done: [String] = []
      for _ in 0..<moves {
        guard let (from, to) = Self.randomMove(a, &rng) else { return nil }
        let predicted = layout.lineAfterMoving(from: from, to: to)
        try a.move(from: from, to: to, force: true)
        layout.moveItem(from: from, to: to)
        done.append("\(from)->\(to)")
        if layout.line(of: to) != predicted {
          return "after moves [\(done.joined(separator: ", "))]: lineAfterMoving said line \(predicted), "
            + "the tile is on line \(layout.line(of: to))"
        }
        if let failure = Self.mismatch(layout, a, c.viewport, &rng) {
          return "after moves [\(done.joined(separator: ", "))]: \(failure)"
        }
      }
      return nil
    }
  }

  @Test("hundreds of random moves on small sections (emptying them, flipping uniform and mixed widths)")
  func randomMovesSmallSections() throws {
    try randomMoves(80, moves: 200, seed: 0x0DD_0001) {
      RandomCase.random(
        &$0, sections: 1...6, tiles: 0...10, styles: [.mostlyItemSize, .mostlyItemSize, .mixed, .uniformPerSection, .itemSize],
        side: RandomCase.moderateSide)
    }
  }

  @Test("hundreds of random moves on large sections and any viewport")
  func randomMovesLargeSections() throws {
    try randomMoves(25, moves: 200, seed: 0x0DD_0002) { RandomCase.random(&$0, sections: 1...6, tiles: 0...40) }
  }

  @Test("random moves among many small sections (7-40)")
  func randomMovesManySections() throws {
    try randomMoves(30, moves: 200, seed: 0x0DD_0003) {
      RandomCase.random(&$0, sections: 7...40, tiles: 0...4, side: RandomCase.moderateSide)
    }
  }

  @Test("random moves within and between long sections of mixed widths (100-300 tiles, many lines)")
  func randomMovesLongMixedSections() throws {
    try randomMoves(8, moves: 150, seed: 0x0DD_0004) {
      RandomCase.random(&$0, sections: 1...3, tiles: 100...300, styles: [.mixed, .mostlyItemSize], side: RandomCase.moderateSide)
    }
  }

  /// One tile of another width among uniform ones.
  static func flipFixture(_ direction: Direction, align: Alignment) -> Arrangement {
    arrangement(params(direction, item: (3, 1), line: 1, inter: 1, header: 1, align: align), [tiles(5), [7, nil, nil], []])
  }

  @Test(
    "a tile of another width moving between sections flips them between uniform and mixed widths",
    arguments: flowDirections, Alignment.allCases)
  func uniformMixedFlips(direction: Direction, align: Alignment) throws {
    let moves: [(ItemPath, ItemPath)] = [
      (ItemPath(1, 0), ItemPath(0, 2)),  // section 0 becomes mixed, section 1 uniform
      (ItemPath(0, 2), ItemPath(0, 5)),  // within a mixed section
      (ItemPath(0, 5), ItemPath(2, 0)),  // section 0 uniform again; the empty section gets the odd tile
      (ItemPath(1, 0), ItemPath(2, 1)),  // section 2 becomes mixed
      (ItemPath(1, 0), ItemPath(2, 0)),  // section 1 becomes empty
      (ItemPath(2, 1), ItemPath(1, 0)),  // the odd tile alone in section 1; section 2 uniform
      (ItemPath(1, 0), ItemPath(0, 0)),  // backwards across two sections
      (ItemPath(0, 0), ItemPath(0, 5)),
      (ItemPath(0, 5), ItemPath(0, 0)),
    ]
    let a = Self.flipFixture(direction, align: align)
    for side in [0, 1, 3, 5, 11, 30] {
      try expectMoves(a, Size(width: side, height: side), moves)
    }
    // The fixture does flip the engine's representation, so both paths are exercised.
    var layout = FlowLayout(arrangement: a, viewport: Size(width: 11, height: 11))
    #expect(layout.sections[0].widths == nil && layout.sections[1].widths != nil)
    layout.moveItem(from: ItemPath(1, 0), to: ItemPath(0, 2))
    #expect(layout.sections[0].widths != nil && layout.sections[1].widths == nil)
  }

  @Test("moving every tile out empties a section (one line tall), moving them back refills it", arguments: flowDirections)
  func emptyAndRefill(direction: Direction) throws {
    let a = arrangement(params(direction, item: (2, 1), line: 1, inter: 1, header: 1), [[nil, 4, nil], [3, nil]])
    var moves: [(ItemPath, ItemPath)] = []
    for k in 0..<3 { moves.append((ItemPath(0, 0), ItemPath(1, k))) }  // section 0 empties forward
    for k in 0..<5 { moves.append((ItemPath(1, 0), ItemPath(0, k))) }  // section 1 empties backward
    for k in 0..<5 { moves.append((ItemPath(0, 4 - k), ItemPath(1, 0))) }  // and back again
    for side in [0, 2, 6, 12, 40] {
      try expectMoves(a, Size(width: side, height: side), moves)
    }
  }

  @Test("every single move on a four-section fixture, both directions, every alignment", arguments: flowDirections)
  func everySingleMove(direction: Direction) throws {
    for align in Alignment.allCases {
      let a = arrangement(
        params(direction, item: (2, 1), line: 1, inter: 1, inset: (0, 1, 1, 1), header: 1, align: align),
        [[nil, 5, nil, 2, nil], [nil, nil], [], [6]])
      for side in [1, 4, 7, 9, 13, 40] {
        for from in allPaths(a) {
          for section in a.sections.indices {
            for item in a.destinationRange(from: from, toSection: section) {
              try expectMoves(a, Size(width: side, height: side), [(from, ItemPath(section, item))])
            }
          }
        }
      }
    }
  }
}
