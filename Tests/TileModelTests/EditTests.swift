import TestSupport
import Testing

@testable import TileGridJSON
@testable import TileModel

/// Edits as values (docs/editing.md): each is checked against the policies, applied, and inverted, and
/// the inverse gives back the arrangement byte for byte, unknown keys included.
@Suite("Edits")
struct EditTests {
  /// `first: a b c`, `empty`, `last: d e` with an unknown key on `b` and on the file.
  static func fixture() -> Arrangement {
    Arrangement(
      sections: [
        (
          Section(id: "first", title: "First"),
          [
            Tile(id: "a"), Tile(id: "b", title: "Bee", extras: [JSONField("rank", .number("12345678901234567"))]),
            Tile(id: "c"),
          ]
        ),
        (Section(id: "empty", extras: [JSONField("note", .string("x"))]), []),
        (Section(id: "last"), [Tile(id: "d"), Tile(id: "e")]),
      ], extras: [JSONField("owner", .string("ops"))])
  }

  static func ids(_ a: Arrangement) -> String {
    a.sections.indices.map { s in a.sections[s].id + ":" + a.tiles(inSection: s).map { " " + $0.id }.joined() }
      .joined(separator: " | ")
  }

  /// Applies `edit`, checks the result, undoes it and checks the bytes are back.
  func roundTrip(_ edit: Edit, on start: Arrangement = fixture(), expect: String) throws {
    var a = start
    let before = a.jsonBytes()
    let inverse = try a.apply(edit)
    #expect(Self.ids(a) == expect)
    #expect(a.tileCount == a.sections.reduce(0) { $0 + $1.count })
    try a.apply(inverse)
    #expect(a.jsonBytes() == before)
    #expect(a == start)
  }

  @Test func addingTilesPutsThemAtTheirPlaces() throws {
    try roundTrip(
      .insertTiles([Tile(id: "x"), Tile(id: "y")], at: [ItemPath(0, 0), ItemPath(0, 2)]),
      expect: "first: x a y b c | empty: | last: d e")
    try roundTrip(.insertTiles([Tile(id: "x")], at: [ItemPath(1, 0)]), expect: "first: a b c | empty: x | last: d e")
    try roundTrip(.insertTiles([Tile(id: "x")], at: [ItemPath(2, 2)]), expect: "first: a b c | empty: | last: d e x")
  }

  @Test func deletingTilesTakesThemOutAndUndoPutsThemBackWhole() throws {
    try roundTrip(.deleteTiles(at: [ItemPath(0, 1), ItemPath(2, 0)]), expect: "first: a c | empty: | last: e")
    var a = Self.fixture()
    let inverse = try a.apply(.deleteTiles(at: [ItemPath(0, 1)]))
    #expect(inverse == .insertTiles([Self.fixture()[ItemPath(0, 1)]], at: [ItemPath(0, 1)]))
  }

  @Test func sectionsComeAndGoWithTheirTiles() throws {
    try roundTrip(
      .insertSection(Section(id: "new", title: "New"), tiles: [Tile(id: "x")], at: 1),
      expect: "first: a b c | new: x | empty: | last: d e")
    try roundTrip(.deleteSection(at: 0), expect: "empty: | last: d e")
    try roundTrip(.deleteSection(at: 1), expect: "first: a b c | last: d e")
  }

  @Test func settingFieldsKeepsUnknownKeys() throws {
    var renamed = Self.fixture()[ItemPath(0, 1)]
    renamed.title = "회의"
    renamed.color = TileColor("#FF0000")
    renamed.width = 20
    try roundTrip(.setTile(at: ItemPath(0, 1), to: renamed), expect: "first: a b c | empty: | last: d e")
    var a = Self.fixture()
    try a.apply(.setTile(at: ItemPath(0, 1), to: renamed))
    #expect(a[ItemPath(0, 1)].extras == [JSONField("rank", .number("12345678901234567"))])
    var section = a.sections[1].fields
    section.title = "Empty"
    section.maxItems = 3
    try roundTrip(.setSection(at: 1, to: section), expect: "first: a b c | empty: | last: d e")
    try roundTrip(.setLayout(LayoutSpec(lineSpacing: 3)), expect: "first: a b c | empty: | last: d e")
    try roundTrip(.setFileExtras([]), expect: "first: a b c | empty: | last: d e")
  }

  @Test func aLockedTileCanOnlyBeUnlocked() throws {
    var a = Self.fixture()
    var locked = a[ItemPath(0, 0)]
    locked.locked = true
    try a.apply(.setTile(at: ItemPath(0, 0), to: locked))
    var renamed = locked
    renamed.title = "A!"
    #expect(a.check(.setTile(at: ItemPath(0, 0), to: renamed)) == .tileLocked(id: "a", at: ItemPath(0, 0)))
    #expect(a.check(.deleteTiles(at: [ItemPath(0, 0)])) == .tileLocked(id: "a", at: ItemPath(0, 0)))
    #expect(a.check(.deleteSection(at: 0)) == .sectionHoldsLockedTile(id: "first", title: "First", section: 0, tileID: "a"))
    var unlocked = locked
    unlocked.locked = false
    #expect(a.check(.setTile(at: ItemPath(0, 0), to: unlocked)) == nil)
    #expect(a.check(.setTile(at: ItemPath(0, 0), to: renamed), force: true) == nil)
  }

  @Test func lockedAndFullSectionsRefuseAddedTiles() throws {
    var a = Self.fixture()
    var fields = a.sections[0].fields
    fields.locked = true
    try a.apply(.setSection(at: 0, to: fields))
    #expect(
      a.check(.insertTiles([Tile(id: "x")], at: [ItemPath(0, 0)]))
        == .sectionLocked(id: "first", title: "First", section: 0, leaving: false))
    #expect(
      a.check(.deleteTiles(at: [ItemPath(0, 2)])) == .sectionLocked(id: "first", title: "First", section: 0, leaving: true))
    #expect(a.check(.deleteSection(at: 0)) == .sectionLockedAgainstDeletion(id: "first", title: "First", section: 0))
    #expect(
      a.check(.deleteSection(at: 0))?.description == #"section "First" is locked: it cannot be deleted"#)
    var full = a.sections[2].fields
    full.maxItems = 2
    try a.apply(.setSection(at: 2, to: full))
    #expect(
      a.check(.insertTiles([Tile(id: "x")], at: [ItemPath(2, 0)]))
        == .sectionFull(id: "last", title: "last", section: 2, maxItems: 2))
    full.maxItems = 3
    try a.apply(.setSection(at: 2, to: full))
    #expect(
      a.check(.insertTiles([Tile(id: "x"), Tile(id: "y")], at: [ItemPath(2, 0), ItemPath(2, 1)]))
        == .sectionLacksRoom(id: "last", title: "last", section: 2, maxItems: 3, room: 1, entering: 2))
  }

  @Test func valuesAndIdsAreChecked() {
    let a = Self.fixture()
    #expect(a.check(.insertSection(Section(id: "last"), tiles: [], at: 0)) == .sectionIDTaken("last"))
    #expect(a.check(.insertTiles([Tile(id: "x"), Tile(id: "x")], at: [ItemPath(0, 0), ItemPath(0, 1)])) == .tileIDTaken("x"))
    #expect(a.check(.insertTiles([Tile(id: "")], at: [ItemPath(0, 0)])) == .tileIDTaken(""))
    #expect(a.check(.insertTiles([Tile(id: "x")], at: [ItemPath(0, 5)])) == .noSuchDestination(ItemPath(0, 5), valid: 0...3))
    #expect(a.check(.setTile(at: ItemPath(0, 0), to: Tile(id: "z"))) == .idChanged(from: "a", to: "z"))
    #expect(a.check(.setTile(at: ItemPath(0, 0), to: Tile(id: "a", width: 0)))?.isPolicyRefusal == false)
    #expect(a.check(.setLayout(LayoutSpec(itemSize: LayoutSpec.SizeSpec(width: 0)))) != nil)
    #expect(a.check(.deleteSection(at: 3)) == .noSuchSection(3, sectionCount: 3))
  }

  @Test func aListAppliesWholeOrNotAtAll() throws {
    var a = Self.fixture()
    let before = a.jsonBytes()
    #expect(throws: IndexedEditError(index: 1, error: .tileIDTaken("x"))) {
      try a.apply([
        .insertTiles([Tile(id: "x")], at: [ItemPath(0, 0)]), .insertSection(Section(id: "s"), tiles: [Tile(id: "x"), Tile(id: "x")], at: 0),
      ])
    }
    #expect(a.jsonBytes() == before)
    let inverses = try a.apply([.deleteSection(at: 1), .moveTile(from: ItemPath(0, 0), to: ItemPath(1, 2))])
    #expect(Self.ids(a) == "first: b c | last: d e a")
    _ = try a.apply(inverses)
    #expect(a.jsonBytes() == before)
  }

  /// Random edits of every kind on random arrangements: the live count matches, and undoing every
  /// edit in reverse gives back the first arrangement byte for byte.
  @Test(arguments: FastLoop.first(10, of: 0..<40))
  func randomEditsUndoExactly(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0xED17, UInt64(seed)))
    let start = RandomArrangements.arrangement(&rng)
    var a = start
    var undo: [Edit] = []
    var fresh = 0
    var states = [a.jsonBytes()]
    for _ in 0..<30 {
      let edit = RandomArrangements.edit(&rng, on: a, fresh: &fresh)
      let force = rng.chance(30)
      let before = a.jsonBytes()
      if let error = a.check(edit, force: force) {
        #expect(throws: error) { try a.apply(edit, force: force) }
        #expect(a.jsonBytes() == before, "a refused edit changed nothing")
        continue
      }
      undo.append(try a.apply(edit, force: force))
      #expect(a.tileCount == a.sections.reduce(0) { $0 + $1.count })
      states.append(a.jsonBytes())
      #expect(Arrangement.reread(a) == a, "the edited arrangement is a valid file")
    }
    for inverse in undo.reversed() {
      states.removeLast()
      try a.apply(inverse, force: true)
      #expect(a.jsonBytes() == states.last!)
    }
    #expect(a.jsonBytes() == start.jsonBytes())
  }
}

extension Arrangement {
  /// The arrangement written and read back (nil when the reader refuses it).
  static func reread(_ a: Arrangement) -> Arrangement? {
    try? Arrangement(json: a.jsonBytes())
  }
}
