import Document
import GridLayout
import TestSupport
import Testing
import TileGridJSON
import TileModel

/// The document: edits as undo steps, the saved point, ids for new tiles, and the layout kept in step
/// (docs/editing.md).
@Suite("The document")
struct DocumentTests {
  static let viewport = Size(width: 60, height: 20)

  @Test func aStepIsAllOrNothingAndUndoesExactly() throws {
    var document = Document(arrangement: .demo, viewport: Self.viewport)
    let before = document.arrangement.jsonBytes()
    #expect(!document.isDirty)
    try document.perform([
      .moveTile(from: ItemPath(0, 0), to: ItemPath(1, 0)), .deleteTiles(at: [ItemPath(1, 1)]),
    ])
    #expect(document.isDirty)
    #expect(document.arrangement.tileCount == 17)
    // The second edit names a tile that is not there: nothing of the step happens.
    #expect(throws: IndexedEditError.self) {
      try document.perform([.deleteTiles(at: [ItemPath(0, 0)]), .deleteTiles(at: [ItemPath(9, 0)])])
    }
    #expect(document.arrangement.tileCount == 17)
    document.undo()
    #expect(document.arrangement.jsonBytes() == before)
    #expect(!document.isDirty)
    document.redo()
    #expect(document.arrangement.tileCount == 17)
    #expect(document.arrangement.tiles(inSection: 1).first?.id == "blue")
  }

  @Test func theSavedPointIsAPlaceInTheHistory() throws {
    var document = Document(arrangement: .demo, viewport: Self.viewport)
    try document.perform([.moveTile(from: ItemPath(0, 0), to: ItemPath(0, 1))])
    document.markSaved()
    #expect(!document.isDirty)
    document.undo()
    #expect(document.isDirty)
    document.redo()
    #expect(!document.isDirty)
    document.undo()
    try document.perform([.moveTile(from: ItemPath(0, 0), to: ItemPath(0, 1))])
    #expect(document.isDirty, "the same move again is another step than the one saved")
  }

  @Test func addedTilesGetNewIdsAndTakenOnesAreRefused() throws {
    var document = Document(arrangement: .demo, viewport: Self.viewport)
    #expect(document.newTileID(forTitle: "Red") == "red-2")
    #expect(document.newTileID(forTitle: "Gray 44") == "gray-44")
    #expect(document.newSectionID(forTitle: "Others") == "others-2")
    #expect(throws: IndexedEditError(index: 0, error: .tileIDTaken("red"))) {
      try document.perform([.insertTiles([Tile(id: "red")], at: [ItemPath(3, 0)])])
    }
    try document.perform([.insertTiles([Tile(id: "red-2")], at: [ItemPath(3, 0)])])
    #expect(document.newTileID(forTitle: "Red") == "red-3")
    try document.perform([.deleteSection(at: 3)])
    #expect(document.newTileID(forTitle: "Red") == "red-2", "a deleted tile's id is free again")
    document.undo()
    #expect(document.newTileID(forTitle: "Red") == "red-3", "and taken again when undo brings it back")
  }

  @Test func aGestureIsRecordedOnceWhenItEnds() {
    var document = Document(arrangement: .demo, viewport: Self.viewport)
    document.apply(.moveTile(from: ItemPath(0, 0), to: ItemPath(0, 1)))
    document.apply(.moveTile(from: ItemPath(0, 1), to: ItemPath(0, 2)))
    #expect(!document.history.canUndo)
    document.record([.moveTile(from: ItemPath(0, 0), to: ItemPath(0, 2))], undoneBy: [.moveTile(from: ItemPath(0, 2), to: ItemPath(0, 0))])
    document.undo()
    #expect(document.arrangement == .demo)
  }

  /// Random edits through the document: the layout always equals a fresh one, undo-all gives back the
  /// first arrangement byte for byte and redo-all the last.
  @Test(arguments: FastLoop.first(5, of: 0..<25))
  func layoutFollowsAndHistoryIsExact(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0xD0C, UInt64(seed)))
    let start = RandomArrangements.arrangement(&rng)
    var document = Document(arrangement: start, viewport: Size(width: rng.int(1...60), height: rng.int(1...30)))
    var fresh = 0
    for _ in 0..<25 {
      let edit = RandomArrangements.edit(&rng, on: document.arrangement, fresh: &fresh)
      _ = try? document.perform([edit], force: rng.chance(30))
      let layout = FlowLayout(arrangement: document.arrangement, viewport: document.layout.viewport)
      #expect(document.layout.contentSize == layout.contentSize)
      for s in 0..<layout.sectionCount {
        #expect(document.layout.sectionFrame(s) == layout.sectionFrame(s))
        for i in 0..<layout.itemCount(inSection: s) {
          #expect(document.layout.frame(of: ItemPath(s, i)) == layout.frame(of: ItemPath(s, i)))
        }
      }
    }
    let end = document.arrangement.jsonBytes()
    while document.undo() != nil {}
    #expect(document.arrangement.jsonBytes() == start.jsonBytes())
    #expect(!document.isDirty)
    while document.redo() != nil {}
    #expect(document.arrangement.jsonBytes() == end)
  }

  /// The saved arrangement is found again through undo, redo and new steps that drop the saved
  /// point from the history.
  @Test(arguments: FastLoop.first(5, of: 0..<25))
  func theSavedArrangementIsAlwaysThere(seed: Int) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0x5A7E, UInt64(seed)))
    var document = Document(arrangement: RandomArrangements.arrangement(&rng), viewport: Self.viewport)
    var saved = document.arrangement.jsonBytes()
    var fresh = 0
    for _ in 0..<40 {
      switch rng.int(0...9) {
      case 0...4:
        _ = try? document.perform([RandomArrangements.edit(&rng, on: document.arrangement, fresh: &fresh)])
      case 5, 6: document.undo()
      case 7: document.redo()
      default:
        document.markSaved()
        saved = document.arrangement.jsonBytes()
      }
      #expect(document.arrangementAtSavedPoint().jsonBytes() == saved)
      if !document.isDirty { #expect(document.arrangement.jsonBytes() == saved, "not dirty, so as saved") }
    }
  }
}
