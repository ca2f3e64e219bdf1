import TestSupport
import Testing

@testable import TileModel

/// Block moves (several tiles at once: remove all, insert all) and section moves, tried exhaustively on
/// `MoveTests`' fixture (`first: a b c`, `empty`, `last: d e`) with each of its policy variants, and
/// compared with a plain model of sections as arrays of ids.
@Suite("Moving blocks of tiles and sections")
struct BlockMoveTests {
  typealias Variant = MoveTests.Variant

  /// Every place of the fixture's tiles, in reading order.
  static let places: [ItemPath] = MoveTests.ids.enumerated().flatMap { s, ids in ids.indices.map { ItemPath(s, $0) } }

  /// Every non-empty set of tiles, as places in reading order.
  static let subsets: [[ItemPath]] = (1..<(1 << places.count)).map { mask in
    places.indices.filter { mask & (1 << $0) != 0 }.map { places[$0] }
  }

  /// What gathering `sources` at `start` should do, on arrays of ids: the new ids, or the refusal, in
  /// the documented order (the destination section, the place, then the policies tile by tile: a
  /// locked tile, leaving a locked section, entering one, room for every entering tile).
  static func expectedGathering(
    _ variant: Variant, _ sources: [ItemPath], at start: ItemPath, force: Bool
  ) -> Result<[[String]], EditError> {
    var model = MoveTests.ids
    let n = model.count
    guard (0..<n).contains(start.section) else { return .failure(.noSuchSection(start.section, sectionCount: n)) }
    let remaining = model[start.section].count - sources.filter { $0.section == start.section }.count
    guard (0...remaining).contains(start.item) else {
      return .failure(.noSuchDestination(start, valid: 0...remaining))
    }
    let moving = sources.map { model[$0.section][$0.item] }
    let title = MoveTests.sectionTitles
    let id = MoveTests.sectionIDs
    if !force {
      for (path, tile) in zip(sources, moving) where variant.lockedTiles.contains(tile) {
        return .failure(.tileLocked(id: tile, at: path))
      }
      for path in sources where path.section != start.section && variant.lockedSections.contains(path.section) {
        let s = path.section
        return .failure(.sectionLocked(id: id[s], title: title[s], section: s, leaving: true))
      }
      let entering = sources.filter { $0.section != start.section }.count
      let s = start.section
      if entering > 0 && variant.lockedSections.contains(s) {
        return .failure(.sectionLocked(id: id[s], title: title[s], section: s, leaving: false))
      }
      let count = model[s].count
      if entering > 0, let maxItems = variant.maxItems[s], count + entering > maxItems {
        if count >= maxItems {
          return .failure(.sectionFull(id: id[s], title: title[s], section: s, maxItems: maxItems))
        }
        return .failure(
          .sectionLacksRoom(
            id: id[s], title: title[s], section: s, maxItems: maxItems, room: maxItems - count, entering: entering))
      }
    }
    for path in sources.reversed() { model[path.section].remove(at: path.item) }
    model[start.section].insert(contentsOf: moving, at: start.item)
    return .success(model)
  }

  @Test(
    "every set of tiles x every place gathers as the model says, or refuses and changes nothing; the inverse restores",
    arguments: Variant.all, [false, true])
  func exhaustive(variant: Variant, force: Bool) {
    let original = MoveTests.arrangement(variant)
    let originalBytes = original.jsonBytes()
    var moved = 0
    for (k, sources) in Self.subsets.enumerated() {
      for section in -1...3 {
        for item in -1...6 {
          let start = ItemPath(section, item)
          let context = Comment(rawValue: "\(variant), force \(force): gather \(sources) at \(start)")
          var a = original
          // Sources may be given in any order.
          let given = k % 2 == 0 ? sources : sources.reversed()
          let outcome = a.gathering(given, at: start, force: force).flatMap { move in
            Result { () throws(EditError) in try a.move(move, force: force) }.map { move }
          }
          switch (outcome, Self.expectedGathering(variant, sources, at: start, force: force)) {
          case (.success(let move), .success(let ids)):
            moved += 1
            #expect(a == MoveTests.arrangement(variant, ids: ids), context)
            #expect(move.from == sources && move.to.first == start && move.to.isRun, context)
            // Every tile keeps every field; the inverse puts each one back exactly.
            var back = a
            #expect(throws: Never.self, context) { try back.move(move.inverse, force: true) }
            #expect(back == original && back.jsonBytes() == originalBytes, context)
          case (.failure(let error), .failure(let expected)):
            #expect(error == expected, context)
            if force { #expect(!error.isPolicyRefusal, context) }
            #expect(a == original && a.jsonBytes() == originalBytes, context)
          case (let actual, let expected):
            Issue.record("\(context): got \(actual), expected \(expected)")
          }
        }
      }
    }
    #expect(moved > 20)
  }

  @Test("a block of one tile is a move of one tile: the same result and the same refusal")
  func blockOfOneIsAMove() {
    for variant in Variant.all {
      let original = MoveTests.arrangement(variant)
      for from in Self.places {
        for section in 0..<3 {
          for item in original.destinationRange(from: from, toSection: section) {
            let to = ItemPath(section, item)
            var single = original
            var block = original
            let one = Result { () throws(EditError) in try single.move(from: from, to: to) }
            let many = Result { () throws(EditError) in try block.move(BlockMove(from: [from], to: [to])) }
            #expect(one.failureValue == many.failureValue, "\(variant): \(from) -> \(to)")
            #expect(single == block, "\(variant): \(from) -> \(to)")
          }
        }
      }
    }
  }

  @Test("scattered places both ways: any block move followed by its inverse is the identity")
  func scatteredInverse() throws {
    let original = MoveTests.arrangement(Variant(name: "no policies"))
    var rng = SplitMix64(seed: 0xB10C)
    for _ in 0..<2000 {
      let sources = rng.element(Self.subsets)
      // Final places: a random set of as many places as the result can hold, per section.
      var remaining = original.sections.map(\.count)
      for path in sources { remaining[path.section] -= 1 }
      var slots: [ItemPath] = []
      var sizes = remaining
      for _ in sources {
        let s = rng.int(0...2)
        sizes[s] += 1
        slots.append(ItemPath(s, 0))
      }
      // Choose which places of each section the moved tiles take.
      var to: [ItemPath] = []
      for s in 0..<3 {
        let k = slots.filter { $0.section == s }.count
        var chosen = Set<Int>()
        while chosen.count < k { chosen.insert(rng.int(0...(sizes[s] - 1))) }
        to += chosen.sorted().map { ItemPath(s, $0) }
      }
      let move = BlockMove(from: sources, to: to)
      var a = original
      try a.move(move)
      for (path, source) in zip(to, sources) { #expect(a[path] == original[source], "\(move)") }
      try a.move(move.inverse)
      #expect(a == original, "\(move)")
    }
  }

  @Test("sections: every FROM x every TO moves as the model says (remove + insert), or refuses and changes nothing")
  func everySectionMove() {
    for variant in Variant.all {
      for force in [false, true] {
        let original = MoveTests.arrangement(variant)
        for from in -1...3 {
          for to in -1...3 {
            let move = SectionMove(from: from, to: to)
            var a = original
            let outcome = Result { () throws(EditError) in try a.moveSection(move, force: force) }
            let expected: EditError?
            if !(0..<3).contains(from) {
              expected = .noSuchSection(from, sectionCount: 3)
            } else if !(0..<3).contains(to) {
              expected = .noSuchSectionDestination(to, valid: 0...2)
            } else if !force && variant.lockedSections.contains(from) {
              let s = from
              expected = .sectionLockedInPlace(
                id: MoveTests.sectionIDs[s], title: MoveTests.sectionTitles[s], section: s)
            } else {
              expected = nil
            }
            #expect(outcome.failureValue == expected, "\(variant), force \(force): \(from) -> \(to)")
            #expect(original.checkMove(move, force: force) == expected)
            guard expected == nil else {
              #expect(a == original)
              continue
            }
            var order = [0, 1, 2]
            order.insert(order.remove(at: from), at: to)
            #expect(a.sections.map(\.id) == order.map { MoveTests.sectionIDs[$0] })
            for (s, was) in order.enumerated() {
              #expect(a.sections[s] == original.sections[was], "section \(was)'s fields and tiles go with it")
              #expect(a.tiles(inSection: s) == original.tiles(inSection: was))
              #expect(move.index(after: was) == s)
            }
            try? a.moveSection(move.inverse, force: true)
            #expect(a == original)
          }
        }
      }
    }
  }

  @Test("a locked section keeps its place, but others move around it")
  func lockedSectionsStayButOthersMove() throws {
    var a = MoveTests.arrangement(Variant(name: "", lockedSections: [1]))
    #expect(throws: EditError.sectionLockedInPlace(id: "empty", title: "Empty", section: 1)) {
      try a.moveSection(SectionMove(from: 1, to: 0))
    }
    try a.moveSection(SectionMove(from: 2, to: 0))
    #expect(a.sections.map(\.id) == ["last", "first", "empty"])
  }

  @Test("block refusals in words")
  func refusalDescriptions() {
    let cases: [(EditError, String, Bool)] = [
      (
        .sectionLacksRoom(id: "last", title: "Last", section: 2, maxItems: 3, room: 1, entering: 2),
        #"section "Last" has room for 1 more tile, not 2"#, true
      ),
      (
        .sectionLacksRoom(id: "last", title: "Last", section: 2, maxItems: 5, room: 2, entering: 4),
        #"section "Last" has room for 2 more tiles, not 4"#, true
      ),
      (
        .sectionLockedInPlace(id: "v", title: "Vault", section: 1), #"section "Vault" is locked: it stays where it is"#,
        true
      ),
      (.noSuchSectionDestination(7, valid: 0...3), "7 is not a place for a section (places are 0 to 3)", false),
    ]
    for (error, description, isPolicy) in cases {
      #expect(error.description == description)
      #expect(error.isPolicyRefusal == isPolicy, "\(description)")
    }
  }

  @Test("the array helpers equal plain removes and inserts: sorted removals, sorted insertions, range moves")
  func arrayHelpers() {
    var rng = SplitMix64(seed: 0xA77A)
    for _ in 0..<3000 {
      let n = rng.int(0...12)
      let array = Array(0..<n)
      // Removals at a random set of indexes.
      let removed = (0..<n).filter { _ in rng.chance(30) }
      var fast = array
      fast.removeSorted(at: removed)
      #expect(fast == array.filter { !removed.contains($0) }, "remove \(removed) from \(n)")
      // Insertions at a random set of final places.
      let k = rng.int(0...4)
      var places = Set<Int>()
      while places.count < k { places.insert(rng.int(0...(n + k - 1))) }
      let sortedPlaces = places.sorted()
      let elements = (0..<k).map { 100 + $0 }
      var inserted = array
      inserted.insertSorted(elements, at: sortedPlaces)
      var plain = array
      for (place, element) in zip(sortedPlaces, elements) { plain.insert(element, at: place) }
      #expect(inserted == plain, "insert at \(sortedPlaces) into \(n)")
      // A range moved to a place counted after it is taken out.
      guard n > 0 else { continue }
      let lower = rng.int(0...(n - 1))
      let upper = rng.int((lower + 1)...n)
      let destination = rng.int(0...(n - (upper - lower)))
      var rotated = array
      rotated.moveRange(lower..<upper, to: destination)
      var expected = array
      let moving = Array(expected[lower..<upper])
      expected.removeSubrange(lower..<upper)
      expected.insert(contentsOf: moving, at: destination)
      #expect(rotated == expected, "move \(lower)..<\(upper) to \(destination) in \(n)")
    }
  }
}
