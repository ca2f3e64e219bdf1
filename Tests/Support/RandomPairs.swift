import TileModel

/// Random pairs (and triples) of arrangements for the tests of `diff` and `merge`: a second arrangement
/// made from a first by random edits of every kind — moves within and across sections, section moves,
/// added and deleted tiles and sections, changed fields, unknown keys set, removed and reordered.
extension RandomArrangements {
  /// Ids that a script must quote, or that look like other tokens: spaces, `#`, `:`, quotes, JSON
  /// literals, digits, combining marks, and non-ASCII letters (which stay bare).
  static let oddIDs = ["a b", "#x", "a:b", "q\"", "null", "123", "to", "e\u{301}", "회의", "tab\t", "-", "."]

  /// `arrangement(_:)` with some of its ids replaced by odd ones (still unique).
  public static func arrangementWithOddIDs(_ rng: inout SplitMix64, maximumTiles: Int = 12, maximumSections: Int = 4)
    -> Arrangement
  {
    let a = arrangement(&rng, maximumTiles: maximumTiles, maximumSections: maximumSections)
    var sections: [(Section, [Tile])] = []
    for (s, section) in a.sections.enumerated() {
      var fields = section.fields
      if rng.chance(30) { fields.id = rng.element(oddIDs) + "s\(s)" }
      let tiles = a.tiles(inSection: s).enumerated().map { i, tile -> Tile in
        var t = tile
        if rng.chance(30) { t.id = rng.element(oddIDs) + "\(s).\(i)" }
        return t
      }
      sections.append((fields, tiles))
    }
    return Arrangement(layout: a.layoutSpec, sections: sections, extras: a.extras)
  }

  /// `a` after `count` random edits (forced: policies do not stop them), with some tiles' unknown keys
  /// reordered. New tiles and sections take ids from `fresh`.
  public static func edited(_ a: Arrangement, _ rng: inout SplitMix64, edits count: Int, fresh: inout Int)
    -> Arrangement
  {
    var b = a
    for _ in 0..<count {
      let edit = RandomArrangements.edit(&rng, on: b, fresh: &fresh)
      _ = try? b.apply(edit, force: true)
      if rng.chance(10), let s = b.sections.indices.filter({ b.sections[$0].count > 0 }).randomElement(using: &rng) {
        let path = ItemPath(s, rng.int(0...(b.sections[s].count - 1)))
        var tile = b[path]
        tile.extras.reverse()
        if rng.chance(50) && !tile.extras.contains(where: { $0.key == "x-late" }) {
          tile.extras.append(JSONField("x-late", value(&rng)))
        }
        _ = try? b.apply(.setTile(at: path, to: tile), force: true)
      }
    }
    return b
  }

  /// Two sides of a merge made from `base`, each by a number of random edits drawn from `edits`; half the
  /// time the second side's new tiles and sections take ids counted from where the first side's did,
  /// half the time from the same start, so that both sides add tiles and sections with the same ids.
  public static func sides(of base: Arrangement, _ rng: inout SplitMix64, edits: ClosedRange<Int>)
    -> (ours: Arrangement, theirs: Arrangement)
  {
    var fresh = 0
    let ours = edited(base, &rng, edits: rng.int(edits), fresh: &fresh)
    if rng.chance(50) { fresh = 0 }
    let theirs = edited(base, &rng, edits: rng.int(edits), fresh: &fresh)
    return (ours, theirs)
  }

  /// A merge's base for the tests of conflicts: half the time an arrangement of up to `maximumTiles`
  /// tiles in up to `maximumSections` sections, otherwise one of the default size (sometimes with odd ids).
  public static func mergeBase(_ rng: inout SplitMix64, maximumTiles: Int, maximumSections: Int) -> Arrangement {
    rng.chance(50)
      ? arrangement(&rng, maximumTiles: maximumTiles, maximumSections: maximumSections)
      : rng.chance(30) ? arrangementWithOddIDs(&rng) : arrangement(&rng)
  }

  /// Two arrangements: a random one (sometimes with odd ids) and one made from it by a few random edits;
  /// now and then two unrelated random arrangements (whose ids partly coincide).
  public static func pair(_ rng: inout SplitMix64) -> (Arrangement, Arrangement) {
    let a = rng.chance(30) ? arrangementWithOddIDs(&rng) : arrangement(&rng)
    if rng.chance(10) { return (a, arrangement(&rng)) }
    var fresh = 0
    return (a, edited(a, &rng, edits: rng.int(0...8), fresh: &fresh))
  }

  /// `a` with `count` random single-tile moves (across sections when `across`), nothing else changed.
  public static func moved(_ a: Arrangement, _ rng: inout SplitMix64, moves count: Int, across: Bool) -> Arrangement {
    var b = a
    for _ in 0..<count {
      let nonEmpty = b.sections.indices.filter { b.sections[$0].count > 0 }
      guard let s = nonEmpty.isEmpty ? nil : rng.element(nonEmpty) else { break }
      let from = ItemPath(s, rng.int(0...(b.sections[s].count - 1)))
      let t = across ? rng.int(0...(b.sections.count - 1)) : s
      let count = b.sections[t].count - (t == s ? 1 : 0)
      try? b.move(from: from, to: ItemPath(t, rng.int(0...count)), force: true)
    }
    return b
  }
}
