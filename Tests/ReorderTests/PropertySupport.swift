import Runtime
import Document
import Canvas
import GridLayout
import TestSupport
import TileModel

@testable import Editor

// Shared pieces of the property tests: a seeded generator, random arrangements and screens, and text
// forms of arrangements and event streams for failure reports. Every name starts with `Property` so
// that nothing collides with the other tests of this module.

/// The seeded generator of the property tests (see TestSupport).
typealias PropertyRNG = SplitMix64

/// Random arrangements and screens (small numbers, so that many tiles fit on a screen and drags
/// cross lines and sections often).
enum PropertyArrangements {
  /// Mostly small explicit parameters; sometimes no layout object (the defaults' 14x3 tiles), or one
  /// that sets only the direction and alignment.
  static func layout(_ rng: inout PropertyRNG) -> LayoutSpec? {
    switch rng.int(0...19) {
    case 0, 1:
      return nil
    case 2:
      return LayoutSpec(direction: rng.element(Direction.allCases), alignment: rng.element(Alignment.allCases))
    default:
      return LayoutSpec(
        LayoutParameters(
          direction: rng.element(Direction.allCases),
          itemSize: Size(width: rng.int(1...6), height: rng.int(1...3)),
          lineSpacing: rng.int(0...2),
          interitemSpacing: rng.int(0...2),
          sectionInset: Insets(
            top: rng.int(0...2), left: rng.int(0...2), bottom: rng.int(0...2), right: rng.int(0...2)),
          headerHeight: rng.int(0...2),
          alignment: rng.element(Alignment.allCases)))
    }
  }

  /// 1-5 sections of 0-12 tiles; some tiles have their own width (some wider than any screen) or are
  /// locked; some sections are locked or have a `maxItems` (at, under or already over it). Ids and
  /// titles are unique; some fields are absent, some carry unknown keys.
  static func arrangement(_ rng: inout PropertyRNG) -> Arrangement {
    let spec = layout(&rng)
    return arrangement(&rng, layout: spec) { rng in rng.chance(20) ? 0 : rng.int(1...12) }
  }

  /// Sections of `count` tiles each, laid out by `spec`.
  static func arrangement(
    _ rng: inout PropertyRNG, layout spec: LayoutSpec?, count: (inout PropertyRNG) -> Int
  ) -> Arrangement {
    var nextTile = 0
    var sections: [(Section, [Tile])] = []
    for s in 0..<rng.int(1...5) {
      let count = count(&rng)
      var tiles: [Tile] = []
      for _ in 0..<count {
        tiles.append(tile(nextTile, &rng))
        nextTile += 1
      }
      var section = Section(id: "s\(s)", title: rng.chance(50) ? "Section \(s)" : nil)
      if rng.chance(15) {
        section.locked = true
      } else if rng.chance(10) {
        section.locked = false
      }
      if rng.chance(35) { section.maxItems = rng.int(max(0, count - 2)...(count + 3)) }
      if rng.chance(10) { section.extras = [JSONField("note", .string("n\(s)"))] }
      sections.append((section, tiles))
    }
    let extras = rng.chance(10) ? [JSONField("generator", .number("12345678901234567"))] : []
    return Arrangement(layout: spec, sections: sections, extras: extras)
  }

  /// A board in lanes (`Direction.lanes`): small cards, 1-5 lanes of which some are longer than any
  /// screen (up to 40 cards), with the same locks, limits and tiles as `arrangement`.
  static func lanes(_ rng: inout PropertyRNG) -> Arrangement {
    let spec = LayoutSpec(
      LayoutParameters(
        direction: .lanes, itemSize: Size(width: rng.int(2...8), height: rng.int(1...4)), lineSpacing: rng.int(0...2),
        interitemSpacing: rng.int(0...2),
        sectionInset: Insets(top: rng.int(0...2), left: rng.int(0...2), bottom: rng.int(0...2), right: rng.int(0...2)),
        headerHeight: rng.int(0...2), alignment: rng.element(Alignment.allCases)))
    return arrangement(&rng, layout: spec) { rng in rng.chance(20) ? 0 : rng.chance(45) ? rng.int(13...40) : rng.int(1...12) }
  }

  static func tile(_ n: Int, _ rng: inout PropertyRNG) -> Tile {
    let title: String? = rng.chance(40) ? "T\(n)" : rng.chance(15) ? "타일\(n)" : nil
    let locked: Bool? = rng.chance(12) ? true : rng.chance(5) ? false : nil
    return Tile(
      id: "t\(n)", title: title, color: rng.chance(50) ? TileColor(rng.element(TileColor.names)) : nil,
      locked: locked, width: rng.chance(35) ? rng.int(1...12) : nil,
      extras: rng.chance(10) ? [JSONField("rank", .number("\(n)"))] : [])
  }

  /// A screen: usually 4-50 x 3-26 cells, sometimes tiny (0-3 x 0-3, no room for a viewport at all).
  static func screen(_ rng: inout PropertyRNG) -> Size {
    if rng.chance(12) { return Size(width: rng.int(0...3), height: rng.int(0...3)) }
    return Size(width: rng.int(4...50), height: rng.int(3...26))
  }
}

/// Text forms for failure reports.
enum PropertyFormat {
  /// The event as a line of a `tilegrid play` events file (focus changes, which that format does not
  /// have, as a comment naming the call).
  static func line(_ event: ScriptEvent) -> String { EventScript.line(event) }

  /// A numbered events file.
  static func script(_ events: [ScriptEvent], from start: Int = 0) -> String {
    events.enumerated().map { "\(Self.line($1))   # \(start + $0)" }.joined(separator: "\n")
  }

  /// One line per section: `s1 (locked, max 3): t4 t7L t9`, `L` marking locked tiles.
  static func describe(_ arrangement: Arrangement) -> String {
    arrangement.sections.indices.map { s in
      let section = arrangement.sections[s]
      var flags: [String] = []
      if section.isLocked { flags.append("locked") }
      if let m = section.maxItems { flags.append("max \(m)") }
      let tiles = arrangement.tiles(inSection: s).map { $0.id + ($0.isLocked ? "L" : "") }
      return "\(section.id)\(flags.isEmpty ? "" : " (\(flags.joined(separator: ", ")))"): "
        + (tiles.isEmpty ? "-" : tiles.joined(separator: " "))
    }.joined(separator: " | ")
  }
}
