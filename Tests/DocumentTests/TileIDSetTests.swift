import TestSupport
import Testing
import TileGridJSON
import TileModel

@testable import Document

/// The document's id index agrees with a plain set of ids through additions, removals and growth.
@Suite("The tile id index")
struct TileIDSetTests {
  @Test(arguments: [0, 1, 7, 300])
  func agreesWithASet(tiles: Int) throws {
    var rng = SplitMix64(seed: UInt64(tiles))
    var arrangement = Arrangement(
      sections: [(Section(id: "s"), (0..<tiles).map { Tile(id: "t\($0)") })])
    var set = TileIDSet(arrangement)
    var ids = Set((0..<tiles).map { "t\($0)" })
    for round in 0..<400 {
      if !ids.isEmpty && rng.chance(40) {
        let path = ItemPath(0, rng.int(0...(arrangement.sections[0].count - 1)))
        let id = arrangement[path].id
        set.remove(id, in: arrangement)
        try arrangement.apply(.deleteTiles(at: [path]))
        ids.remove(id)
      } else {
        // Ids that differ only in their last bytes, in other scripts, or by composition.
        let id = rng.element(["n\(round)", "회의\(round)", "e\u{301}\(round)", "\u{E9}\(round)", "\(round)x"])
        guard !ids.contains(id) else { continue }
        let place = ItemPath(0, arrangement.sections[0].count)
        try arrangement.apply(.insertTiles([Tile(id: id)], at: [place]))
        set.insert(id, arrangement.ref(at: place))
        ids.insert(id)
      }
      for probe in ["t0", "n\(round)", "회의\(round)", "e\u{301}\(round)", "\u{E9}\(round)", "missing"] {
        #expect(set.contains(probe, in: arrangement) == ids.contains(where: { $0.utf8.elementsEqual(probe.utf8) }))
      }
    }
    let rebuilt = TileIDSet(arrangement)
    for id in ids { #expect(rebuilt.contains(id, in: arrangement)) }
  }

  /// Built over a file's tiles (their id bytes read where the reader keeps them, not built), the index
  /// finds every id as one built from `Tile`s does: plain ids, escaped ones (kept as JSON text), other
  /// scripts, composed and precomposed forms, ids one byte apart.
  @Test func findsTheIdsOfAFile() throws {
    let ids = ["a", "ab", "abcdefgh", "abcdefghi", "회의", "e\u{301}", "\u{E9}", "quote\"d", "tab\tx", "slash/"]
      + (0..<200).map { "t\($0)" }
    let built = Arrangement(sections: [(Section(id: "s"), ids.map { Tile(id: $0, title: "x") })])
    let read = try Arrangement(json: built.jsonBytes())
    let (fromFile, fromTiles) = (TileIDSet(read), TileIDSet(built))
    for id in ids {
      #expect(fromFile.contains(id, in: read), "\(id)")
      #expect(fromTiles.contains(id, in: built), "\(id)")
    }
    for missing in ["", "A", "abcdefg", "e", "\u{E9}\u{301}", "t200", "quote", "t1 "] {
      #expect(!fromFile.contains(missing, in: read), "\(missing)")
    }
  }
}
