import Testing

@testable import TileGridJSON
@testable import TileModel

/// Moves (docs/reordering.md: moves and policies): remove + insert, never a swap; refused moves change nothing.
/// The exhaustive tests try every FROM with every TO, valid or not, on a three-section fixture with an
/// empty middle section, and compare with a plain model of sections as arrays of ids.
@Suite("Moving tiles")
struct MoveTests {
  /// The policies one fixture variant sets on the base sections `first: a b c`, `empty: (none)`,
  /// `last: d e`.
  struct Variant: CustomStringConvertible, Sendable {
    var name: String
    var lockedTiles: Set<String> = []
    var lockedSections: Set<Int> = []
    var maxItems: [Int: Int] = [:]

    var description: String { name }

    static let all: [Variant] = [
      Variant(name: "no policies"),
      Variant(name: "tile b locked", lockedTiles: ["b"]),
      Variant(name: "section last locked", lockedSections: [2]),
      Variant(name: "empty section locked", lockedSections: [1]),
      Variant(name: "first and last full", maxItems: [0: 3, 2: 2]),
      Variant(name: "empty section takes none, last has room", maxItems: [1: 0, 2: 3]),
    ]
  }

  static let ids: [[String]] = [["a", "b", "c"], [], ["d", "e"]]
  static let sectionIDs = ["first", "empty", "last"]
  static let sectionTitles = ["First", "Empty", "Last"]

  /// A tile with every field set, so a move that lost or mixed up a field would show.
  static func tile(_ id: String, locked: Bool) -> Tile {
    let index = Int(id.unicodeScalars.first!.value) - 0x61
    return Tile(
      id: id, title: "Tile \(id.uppercased())",
      color: TileColor(["red", "green", "#0A0B0C", "link", "systemMint"][index]),
      locked: locked ? true : (index % 2 == 0 ? false : nil), width: 10 + index,
      extras: [JSONField("rank", .number("\(index)0000000000000000001")), JSONField("tags", .array([.string(id)]))])
  }

  static func arrangement(_ variant: Variant, ids: [[String]] = ids) -> Arrangement {
    Arrangement(
      sections: ids.enumerated().map { s, sectionIDs in
        (
          Section(
            id: Self.sectionIDs[s], title: sectionTitles[s], maxItems: variant.maxItems[s],
            locked: variant.lockedSections.contains(s) ? true : nil,
            extras: [JSONField("position", .number("\(s)"))]),
          sectionIDs.map { tile($0, locked: variant.lockedTiles.contains($0)) }
        )
      },
      extras: [JSONField("fixture", .string(variant.name))])
  }

  /// What a move should do, worked out on arrays of ids: the new ids, or the refusal, checked in the
  /// documented order (source, destination section, destination index, then the policies).
  static func expectedMove(_ variant: Variant, from: ItemPath, to: ItemPath, force: Bool) -> Result<
    [[String]], EditError
  > {
    var model = ids
    let n = model.count
    guard (0..<n).contains(from.section) else { return .failure(.noSuchSection(from.section, sectionCount: n)) }
    guard model[from.section].indices.contains(from.item) else {
      return .failure(.noSuchItem(from, count: model[from.section].count))
    }
    guard (0..<n).contains(to.section) else { return .failure(.noSuchSection(to.section, sectionCount: n)) }
    let sameSection = from.section == to.section
    let valid = 0...(model[to.section].count - (sameSection ? 1 : 0))
    guard valid.contains(to.item) else { return .failure(.noSuchDestination(to, valid: valid)) }
    let id = model[from.section][from.item]
    if !force {
      if variant.lockedTiles.contains(id) { return .failure(.tileLocked(id: id, at: from)) }
      if !sameSection {
        for (s, leaving) in [(from.section, true), (to.section, false)] where variant.lockedSections.contains(s) {
          return .failure(.sectionLocked(id: sectionIDs[s], title: sectionTitles[s], section: s, leaving: leaving))
        }
        if let maxItems = variant.maxItems[to.section], model[to.section].count >= maxItems {
          return .failure(
            .sectionFull(
              id: sectionIDs[to.section], title: sectionTitles[to.section], section: to.section, maxItems: maxItems))
        }
      }
    }
    model[from.section].remove(at: from.item)
    model[to.section].insert(id, at: to.item)
    return .success(model)
  }

  /// Every path worth trying: each real place, the append place, and one beyond on each side.
  static let paths: [ItemPath] = (-1...3).flatMap { s in (-1...4).map { ItemPath(s, $0) } }

  static func allIDs(_ a: Arrangement) -> [String] {
    (0..<a.sections.count).flatMap { a.tiles(inSection: $0).map(\.id) }
  }

  @Test(
    "every FROM x every TO does what the model says, or refuses and changes nothing", arguments: Variant.all,
    [false, true])
  func exhaustive(variant: Variant, force: Bool) {
    let original = Self.arrangement(variant)
    let originalBytes = original.jsonBytes()
    for from in Self.paths {
      for to in Self.paths {
        let context = Comment(rawValue: "\(variant), force \(force): move \(from) -> \(to)")
        var a = original
        let outcome = Result { () throws(EditError) in try a.move(from: from, to: to, force: force) }
        #expect(original.checkMove(from: from, to: to, force: force) == outcome.failureValue, context)
        switch (outcome, Self.expectedMove(variant, from: from, to: to, force: force)) {
        case (.success, .success(let ids)):
          let tile = original[from]
          #expect(a == Self.arrangement(variant, ids: ids), context)
          #expect(a[to] == tile, context)
          #expect(a.tileCount == original.tileCount, context)
          #expect(Set(Self.allIDs(a)).count == original.tileCount, context)
          #expect(Self.allIDs(a).filter { $0 != tile.id } == Self.allIDs(original).filter { $0 != tile.id }, context)
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

  @Test("within a section a move is remove + insert, never a swap")
  func removeAndInsertWithinSection() throws {
    let ids = ["a", "b", "c", "d", "e"]
    let base = Arrangement(sections: [(Section(id: "s"), ids.map { Tile(id: $0) })])
    func moved(_ from: Int, _ to: Int) throws -> [String] {
      var a = base
      try a.move(from: ItemPath(0, from), to: ItemPath(0, to))
      return a.tiles(inSection: 0).map(\.id)
    }
    #expect(try moved(0, 3) == ["b", "c", "d", "a", "e"])
    #expect(try moved(4, 1) == ["a", "e", "b", "c", "d"])
    #expect(try moved(1, 1) == ids)
    for from in 0..<5 {
      for to in 0..<5 {
        var model = ids
        model.insert(model.remove(at: from), at: to)
        #expect(try moved(from, to) == model, "move \(from) -> \(to)")
      }
    }
  }

  @Test("a locked section allows reordering inside it; a locked tile cannot move even there")
  func policiesWithinASection() throws {
    var a = Self.arrangement(Variant(name: "", lockedTiles: ["e"], lockedSections: [2]))
    #expect(throws: EditError.tileLocked(id: "e", at: ItemPath(2, 1))) {
      try a.move(from: ItemPath(2, 1), to: ItemPath(2, 0))
    }
    try a.move(from: ItemPath(2, 0), to: ItemPath(2, 1))
    #expect(a.tiles(inSection: 2).map(\.id) == ["e", "d"])
    #expect(a.checkLift(ItemPath(2, 0)) == .tileLocked(id: "e", at: ItemPath(2, 0)))
    #expect(a.checkLift(ItemPath(2, 1)) == nil)
    #expect(a.checkLift(ItemPath(1, 0)) == .noSuchItem(ItemPath(1, 0), count: 0))
  }

  @Test("refusals are described in words, and policy refusals are told apart from bad paths")
  func refusalDescriptions() {
    let cases: [(EditError, String, Bool)] = [
      (.noSuchSection(5, sectionCount: 3), "there is no section 5 (sections are 0 to 2)", false),
      (.noSuchSection(0, sectionCount: 0), "there is no section 0 (the arrangement has no sections)", false),
      (.noSuchItem(ItemPath(1, 0), count: 0), "there is no tile 1.0 (section 1 is empty)", false),
      (.noSuchItem(ItemPath(0, 7), count: 3), "there is no tile 0.7 (section 0 has tiles 0 to 2)", false),
      (
        .noSuchDestination(ItemPath(2, 9), valid: 0...2), "2.9 is not a place to move to (section 2 takes 0 to 2)",
        false
      ),
      (.tileLocked(id: "b", at: ItemPath(0, 1)), #"tile "b" at 0.1 is locked"#, true),
      (
        .sectionLocked(id: "last", title: "Last", section: 2, leaving: true),
        #"section "Last" is locked: no tile may leave it"#, true
      ),
      (
        .sectionLocked(id: "last", title: "Last", section: 2, leaving: false),
        #"section "Last" is locked: no tile may enter it"#, true
      ),
      (.sectionFull(id: "first", title: "First", section: 0, maxItems: 3), #"section "First" is full (3 of 3)"#, true),
    ]
    for (error, description, isPolicy) in cases {
      #expect(error.description == description)
      #expect(error.isPolicyRefusal == isPolicy, "\(description)")
    }
  }
}

extension Result {
  /// The error of a failure, or nil.
  var failureValue: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
