import TestSupport
import Testing
import TileModel

@testable import GridLayout

/// `FlowLayout.moveBlock(_:)` and `moveSection(_:)` re-flow only what they change; after every one of
/// them, mixed with single moves, the layout must give exactly what a fresh layout and the reference
/// give, and `lineAfterMoving(run:count:lead:to:)` must have said where a run's tile lands.
@Suite("Incremental block and section moves: they equal a fresh layout and the reference")
struct OrganizeTests {
  /// A random set of up to `limit` tiles, as places in reading order.
  static func randomTiles(_ a: Arrangement, _ rng: inout SplitMix64, limit: Int) -> [ItemPath] {
    let all = a.sections.indices.flatMap { s in (0..<a.sections[s].count).map { ItemPath(s, $0) } }
    guard !all.isEmpty else { return [] }
    var chosen = Set<ItemPath>()
    let k = rng.int(1...min(limit, all.count))
    while chosen.count < k { chosen.insert(rng.element(all)) }
    return chosen.sorted()
  }

  /// One change: a gathering (scattered tiles into a run), a run moved as a drag moves it, the tiles put
  /// back somewhere scattered, a section move, or a single move; with edits, also tiles and sections
  /// put in or taken out and a tile's width changed (`EditTests.randomEdit`). Block moves carry the
  /// run's landing check (the lead's place and the predicted line).
  enum Change {
    case block(BlockMove, lead: (place: ItemPath, line: Int)?)
    case section(SectionMove)
    case single(ItemPath, ItemPath)
    case insertItems(widths: [Int?], at: [ItemPath])
    case removeItems([ItemPath])
    case setWidth(Int?, ItemPath)
    case insertSection(Int, widths: [Int?])
    case removeSection(Int)
  }

  /// A random change `a` accepts; with `edits`, half of them are edits. Without, the generator draws
  /// what it always drew, so the move tests keep their cases.
  static func randomChange(_ a: Arrangement, _ layout: FlowLayout, _ rng: inout SplitMix64, edits: Bool = false) -> Change? {
    if edits && rng.chance(50) { return EditTests.randomEdit(a, &rng) }
    let n = a.sections.count
    guard n > 0 else { return nil }
    switch rng.int(0...9) {
    case 0, 1:
      return .section(SectionMove(from: rng.int(0...(n - 1)), to: rng.int(0...(n - 1))))
    case 2:
      guard let (from, to) = MoveTests.randomMove(a, &rng) else { return nil }
      return .single(from, to)
    case 3, 4, 5:
      // A run moved as a drag moves it: contiguous tiles of one section to a place after they leave.
      let nonEmpty = a.sections.indices.filter { a.sections[$0].count > 0 }
      guard !nonEmpty.isEmpty else { return nil }
      let s = rng.element(nonEmpty)
      let count = a.sections[s].count
      let k = rng.int(1...min(count, 8))
      let start = ItemPath(s, rng.int(0...(count - k)))
      let section = rng.int(0...(n - 1))
      let room = a.sections[section].count - (section == s ? k : 0)
      let destination = ItemPath(section, rng.int(0...room))
      let lead = rng.int(0...(k - 1))
      let predicted = layout.lineAfterMoving(run: start, count: k, lead: lead, to: destination)
      return .block(
        .run(from: start, count: k, to: destination),
        lead: (ItemPath(destination.section, destination.item + lead), predicted))
    case 6, 7:
      let sources = randomTiles(a, &rng, limit: 10)
      guard !sources.isEmpty else { return nil }
      let section = rng.int(0...(n - 1))
      let room = a.sections[section].count - sources.filter { $0.section == section }.count
      guard case .success(let move) = a.gathering(sources, at: ItemPath(section, rng.int(0...room)), force: true)
      else { return nil }
      return .block(move, lead: nil)
    default:
      // Scattered both ways: the tiles end at random places of random sections.
      let sources = randomTiles(a, &rng, limit: 10)
      guard !sources.isEmpty else { return nil }
      var sizes = a.sections.map(\.count)
      for path in sources { sizes[path.section] -= 1 }
      var perSection = [Int](repeating: 0, count: n)
      for _ in sources { perSection[rng.int(0...(n - 1))] += 1 }
      var to: [ItemPath] = []
      for s in 0..<n where perSection[s] > 0 {
        let final = sizes[s] + perSection[s]
        var chosen = Set<Int>()
        while chosen.count < perSection[s] { chosen.insert(rng.int(0...(final - 1))) }
        to += chosen.sorted().map { ItemPath(s, $0) }
      }
      return .block(BlockMove(from: sources, to: to), lead: nil)
    }
  }

  /// Random arrangements, then `changes` random changes each (moves, and edits when `edits`), checked
  /// after every change against a fresh layout, the reference and what a fresh layout keeps.
  static func randomChanges(
    _ cases: Int, changes: Int, seed: UInt64, edits: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
    make: (inout SplitMix64) -> RandomCase
  ) throws {
    try forEachRandomCase(cases, seed: seed, make: make, sourceLocation: sourceLocation) { c, rng in
      var a = c.arrangement
      var layout = FlowLayout(arrangement: a, viewport: c.viewport)
      var done: [String] = []
      for _ in 0..<changes {
        guard let change = Self.randomChange(a, layout, &rng, edits: edits) else { continue }
        done.append(try Self.apply(change, to: &a, &layout))
        if case .block(_, let lead?) = change, layout.line(of: lead.place) != lead.line {
          return "after [\(done.joined(separator: ", "))]: lineAfterMoving(run:) said line \(lead.line), "
            + "the tile at \(lead.place) is on line \(layout.line(of: lead.place))"
        }
        if let failure = MoveTests.mismatch(layout, a, c.viewport, &rng) {
          return "after [\(done.joined(separator: ", "))]: \(failure)"
        }
      }
      return nil
    }
  }

  /// Makes `change` in the arrangement and the layout alike; returns it in words.
  static func apply(_ change: Change, to a: inout Arrangement, _ layout: inout FlowLayout) throws -> String {
    switch change {
    case .block(let move, _):
      try a.move(move, force: true)
      layout.moveBlock(move)
      return "block \(move.from) -> \(move.to)"
    case .section(let move):
      try a.moveSection(move, force: true)
      layout.moveSection(move)
      return "section \(move.from) -> \(move.to)"
    case .single(let from, let to):
      try a.move(from: from, to: to, force: true)
      layout.moveItem(from: from, to: to)
      return "\(from) -> \(to)"
    case .insertItems, .removeItems, .setWidth, .insertSection, .removeSection:
      return EditTests.apply(change, to: &a, &layout)
    }
  }

  @Test("random block, section and single moves on small sections (emptying them, flipping uniform and mixed)")
  func smallSections() throws {
    try Self.randomChanges(80, changes: 120, seed: 0x0B10_0001) {
      RandomCase.random(
        &$0, sections: 1...6, tiles: 0...10,
        styles: [.mostlyItemSize, .mostlyItemSize, .mixed, .uniformPerSection, .itemSize],
        side: RandomCase.moderateSide)
    }
  }

  @Test("random block, section and single moves on large sections and any viewport")
  func largeSections() throws {
    try Self.randomChanges(25, changes: 120, seed: 0x0B10_0002) { RandomCase.random(&$0, sections: 1...6, tiles: 0...40) }
  }

  @Test("random block and section moves among many small sections (7-40)")
  func manySections() throws {
    try Self.randomChanges(30, changes: 120, seed: 0x0B10_0003) {
      RandomCase.random(&$0, sections: 7...40, tiles: 0...4, side: RandomCase.moderateSide)
    }
  }

  @Test("random block moves within and between long sections of mixed widths (100-300 tiles)")
  func longMixedSections() throws {
    try Self.randomChanges(8, changes: 100, seed: 0x0B10_0004) {
      RandomCase.random(
        &$0, sections: 1...3, tiles: 100...300, styles: [.mixed, .mostlyItemSize], side: RandomCase.moderateSide)
    }
  }

  @Test(
    "every run of one fixture moved to every place, both directions, every alignment: layout and landing",
    arguments: flowDirections)
  func everyRunMove(direction: Direction) throws {
    for align in Alignment.allCases {
      let a = arrangement(
        params(direction, item: (2, 1), line: 1, inter: 1, inset: (0, 1, 1, 1), header: 1, align: align),
        [[nil, 5, nil, 2, nil], [nil, nil], [], [6]])
      for side in [1, 4, 7, 9, 13] {
        let viewport = Size(width: side, height: side)
        let layout = FlowLayout(arrangement: a, viewport: viewport)
        var rng = SplitMix64(seed: 3)
        for s in a.sections.indices {
          let count = a.sections[s].count
          for k in stride(from: 1, through: count, by: 1) {
            for first in 0...(count - k) {
              for section in a.sections.indices {
                let room = a.sections[section].count - (section == s ? k : 0)
                for item in 0...room {
                  let start = ItemPath(s, first)
                  let destination = ItemPath(section, item)
                  let move = BlockMove.run(from: start, count: k, to: destination)
                  var moved = a
                  try moved.move(move, force: true)
                  var movedLayout = layout
                  movedLayout.moveBlock(move)
                  let context = "run \(start) x\(k) -> \(destination), \(direction) \(align) \(viewport)"
                  if let failure = MoveTests.mismatch(movedLayout, moved, viewport, &rng) {
                    Issue.record("\(context): \(failure)")
                    return
                  }
                  for lead in 0..<k {
                    let predicted = layout.lineAfterMoving(run: start, count: k, lead: lead, to: destination)
                    let actual = movedLayout.line(of: ItemPath(section, item + lead))
                    #expect(predicted == actual, "\(context), lead \(lead)")
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  @Test("a section move keeps every section's geometry and shifts only the extents between its places")
  func sectionMovesKeepGeometry() throws {
    let a = arrangement(
      params(.vertical, item: (3, 1), line: 1, inter: 1, header: 1), [[nil, 7, nil], tiles(5), [], [2, 2, 9]])
    for from in 0..<4 {
      for to in 0..<4 {
        var moved = a
        try moved.moveSection(SectionMove(from: from, to: to))
        var layout = FlowLayout(arrangement: a, viewport: Size(width: 11, height: 20))
        layout.moveSection(SectionMove(from: from, to: to))
        let fresh = FlowLayout(arrangement: moved, viewport: Size(width: 11, height: 20))
        #expect(difference(layout.snapshot, fresh.snapshot, actualName: "moved") == nil, "\(from) -> \(to)")
        #expect(layout.contentSize == FlowLayout(arrangement: a, viewport: Size(width: 11, height: 20)).contentSize)
        for s in 0..<4 {
          let frame = layout.sectionFrame(s)
          #expect(layout.section(alongAxis: frame.minY) == s && layout.section(alongAxis: frame.maxY - 1) == s)
        }
        #expect(layout.section(alongAxis: -1) == nil && layout.section(alongAxis: layout.contentSize.height) == nil)
      }
    }
  }
}
