import TileModel

/// Random arrangements and edits for property tests: every kind of field (titles with wide and control
/// characters, colors, widths, locks, `maxItems`), unknown keys at every level with exact numbers and
/// nested values, empty sections, and edits of every kind — some of them refused by a policy.
public enum RandomArrangements {
  static let titles = ["red", "Blue sky", "회의 준비", "タワー", "e\u{301}", "tab\there", "😀", "", "a \"q\""]
  static let colors = ["blue", "red", "gray", "systemTeal", "#1A2B3C", "#FFFFFF"]

  /// An unknown value: numbers keep their digits, objects their key order.
  public static func value(_ rng: inout SplitMix64, depth: Int = 0) -> JSONValue {
    switch rng.int(0...(depth > 1 ? 3 : 5)) {
    case 0: return .null
    case 1: return .bool(rng.chance(50))
    case 2: return .number(rng.element(["12345678901234567", "-0.5", "1e10", "3", "1.50e+10"]))
    case 3: return .string(rng.element(titles))
    case 4: return .array((0..<rng.int(0...2)).map { _ in value(&rng, depth: depth + 1) })
    default:
      return .object((0..<rng.int(0...2)).map { JSONField("k\($0)", value(&rng, depth: depth + 1)) })
    }
  }

  /// Zero to two unknown keys (`x-…`, so they never collide with a known one).
  public static func extras(_ rng: inout SplitMix64) -> [JSONField] {
    (0..<(rng.chance(70) ? 0 : rng.int(1...2))).map { JSONField("x-\($0)", value(&rng)) }
  }

  /// A tile with the given id and random other fields.
  public static func tile(_ rng: inout SplitMix64, id: String) -> Tile {
    Tile(
      id: id, title: rng.chance(30) ? nil : rng.element(titles),
      color: rng.chance(30) ? nil : TileColor(rng.element(colors)),
      locked: rng.chance(85) ? nil : rng.chance(60), width: rng.chance(70) ? nil : rng.int(1...30),
      extras: extras(&rng))
  }

  /// A section's fields with the given id.
  public static func section(_ rng: inout SplitMix64, id: String) -> Section {
    Section(
      id: id, title: rng.chance(30) ? nil : rng.element(titles),
      maxItems: rng.chance(80) ? nil : rng.int(0...8), locked: rng.chance(85) ? nil : rng.chance(60),
      extras: extras(&rng))
  }

  /// An arrangement of up to `maximumSections` sections and `maximumTiles` tiles, ids `t0`, `t1`, … and
  /// `s0`, `s1`, …; sections may be over their `maxItems` (files edited by hand can be).
  public static func arrangement(_ rng: inout SplitMix64, maximumTiles: Int = 12, maximumSections: Int = 4)
    -> Arrangement
  {
    let sectionCount = rng.int(0...maximumSections)
    var sections: [(Section, [Tile])] = []
    var next = 0
    for s in 0..<sectionCount {
      let count = rng.int(0...max(0, maximumTiles / max(1, sectionCount)))
      var tiles: [Tile] = []
      for _ in 0..<count {
        tiles.append(tile(&rng, id: "t\(next)"))
        next += 1
      }
      sections.append((section(&rng, id: "s\(s)"), tiles))
    }
    var layout: LayoutSpec?
    if rng.chance(50) {
      layout = LayoutSpec(
        itemSize: LayoutSpec.SizeSpec(width: rng.int(1...16)), lineSpacing: rng.chance(50) ? nil : rng.int(0...2),
        extras: extras(&rng))
    }
    return Arrangement(layout: layout, sections: sections, extras: extras(&rng))
  }

  /// A random edit on `arrangement`: any kind, with places that exist (so only policies refuse it).
  /// New tiles and sections take ids from `fresh`, counted up.
  public static func edit(_ rng: inout SplitMix64, on arrangement: Arrangement, fresh: inout Int) -> Edit {
    let sections = arrangement.sections
    let nonEmpty = sections.indices.filter { sections[$0].count > 0 }
    func anyTile() -> ItemPath? {
      guard let s = nonEmpty.isEmpty ? nil : rng.element(nonEmpty) else { return nil }
      return ItemPath(s, rng.int(0...(sections[s].count - 1)))
    }
    func newID(_ prefix: String) -> String {
      fresh += 1
      return "\(prefix)\(fresh)"
    }
    switch rng.int(0...10) {
    case 0:
      if let from = anyTile() {
        let s = rng.int(0...(sections.count - 1))
        let count = sections[s].count - (s == from.section ? 1 : 0)
        return .moveTile(from: from, to: ItemPath(s, rng.int(0...count)))
      }
    case 1:
      var paths: Set<ItemPath> = []
      for _ in 0..<rng.int(1...3) { if let p = anyTile() { paths.insert(p) } }
      if !paths.isEmpty {
        let sorted = paths.sorted()
        let s = rng.int(0...(sections.count - 1))
        let remaining = sections[s].count - sorted.filter { $0.section == s }.count
        return .moveBlock(.gathering(sorted, at: ItemPath(s, rng.int(0...remaining))))
      }
    case 2:
      if !sections.isEmpty {
        return .moveSection(SectionMove(from: rng.int(0...(sections.count - 1)), to: rng.int(0...(sections.count - 1))))
      }
    case 3, 4:
      if !sections.isEmpty {
        let s = rng.int(0...(sections.count - 1))
        let n = rng.int(1...2)
        var chosen: Set<Int> = []
        while chosen.count < n { chosen.insert(rng.int(0...(sections[s].count + n - 1))) }
        let places = chosen.sorted().map { ItemPath(s, $0) }
        let tiles = places.map { _ in tile(&rng, id: newID("n")) }
        return .insertTiles(tiles, at: places)
      }
    case 5:
      var paths: Set<ItemPath> = []
      for _ in 0..<rng.int(1...2) { if let p = anyTile() { paths.insert(p) } }
      if !paths.isEmpty { return .deleteTiles(at: paths.sorted()) }
    case 6:
      let tiles = (0..<rng.int(0...2)).map { _ in tile(&rng, id: newID("n")) }
      return .insertSection(section(&rng, id: newID("ns")), tiles: tiles, at: rng.int(0...sections.count))
    case 7:
      if !sections.isEmpty { return .deleteSection(at: rng.int(0...(sections.count - 1))) }
    case 8:
      if let path = anyTile() {
        var changed = tile(&rng, id: arrangement[path].id)
        if rng.chance(50) {
          changed = arrangement[path]
          changed.title = rng.element(titles)
        }
        return .setTile(at: path, to: changed)
      }
    case 9:
      if !sections.isEmpty {
        let s = rng.int(0...(sections.count - 1))
        return .setSection(at: s, to: section(&rng, id: sections[s].id))
      }
    default:
      return rng.chance(50)
        ? .setFileExtras(extras(&rng))
        : .setLayout(rng.chance(30) ? nil : LayoutSpec(lineSpacing: rng.int(0...3), extras: extras(&rng)))
    }
    return .setFileExtras(extras(&rng))
  }
}
