import Canvas
import GridLayout
import TileModel

@testable import Editor

// Shared pieces of the property tests: a seeded generator, random arrangements and screens, and text
// forms of arrangements and event streams for failure reports. Every name starts with `Property` so
// that nothing collides with the other tests of this module.

/// SplitMix64 (Steele, Lea and Flood, 2014): small, fast and the same numbers on every platform, so a
/// seed printed by a failing test reproduces the failure exactly. Bounded numbers use a plain modulo
/// (the bias is negligible for the small ranges used here) rather than the standard library's
/// `random(in:using:)`, whose algorithm is not promised to stay the same.
struct PropertyRNG {
  private(set) var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % span)
  }

  /// True `percent` times out of 100.
  mutating func percent(_ percent: Int) -> Bool { int(0...99) < percent }

  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

  /// One of `choices`, each as likely as its weight (weights of 0 are never chosen).
  mutating func weighted<T>(_ choices: [(Int, T)]) -> T {
    let total = choices.reduce(0) { $0 + $1.0 }
    var r = int(0...(total - 1))
    for (weight, value) in choices {
      if r < weight { return value }
      r -= weight
    }
    return choices[choices.count - 1].1
  }

  /// A seed for an independent stream of numbers, made from two numbers.
  static func seed(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var rng = PropertyRNG(seed: a ^ (b &* 0xD6E8_FEB8_6659_FD93))
    return rng.next()
  }
}

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
      return LayoutSpec(direction: rng.pick(Direction.allCases), alignment: rng.pick(Alignment.allCases))
    default:
      return LayoutSpec(
        LayoutParameters(
          direction: rng.pick(Direction.allCases),
          itemSize: Size(width: rng.int(1...6), height: rng.int(1...3)),
          lineSpacing: rng.int(0...2),
          interitemSpacing: rng.int(0...2),
          sectionInset: Insets(
            top: rng.int(0...2), left: rng.int(0...2), bottom: rng.int(0...2), right: rng.int(0...2)),
          headerHeight: rng.int(0...2),
          alignment: rng.pick(Alignment.allCases)))
    }
  }

  /// 1-5 sections of 0-12 tiles; some tiles have their own width (some wider than any screen) or are
  /// locked; some sections are locked or have a `maxItems` (at, under or already over it). Ids and
  /// titles are unique; some fields are absent, some carry unknown keys.
  static func arrangement(_ rng: inout PropertyRNG) -> Arrangement {
    let spec = layout(&rng)
    var nextTile = 0
    var sections: [(Section, [Tile])] = []
    for s in 0..<rng.int(1...5) {
      let count = rng.percent(20) ? 0 : rng.int(1...12)
      var tiles: [Tile] = []
      for _ in 0..<count {
        tiles.append(tile(nextTile, &rng))
        nextTile += 1
      }
      var section = Section(id: "s\(s)", title: rng.percent(50) ? "Section \(s)" : nil)
      if rng.percent(15) {
        section.locked = true
      } else if rng.percent(10) {
        section.locked = false
      }
      if rng.percent(35) { section.maxItems = rng.int(max(0, count - 2)...(count + 3)) }
      if rng.percent(10) { section.extras = [JSONField("note", .string("n\(s)"))] }
      sections.append((section, tiles))
    }
    let extras = rng.percent(10) ? [JSONField("generator", .number("12345678901234567"))] : []
    return Arrangement(layout: spec, sections: sections, extras: extras)
  }

  static func tile(_ n: Int, _ rng: inout PropertyRNG) -> Tile {
    let title: String? = rng.percent(40) ? "T\(n)" : rng.percent(15) ? "타일\(n)" : nil
    let locked: Bool? = rng.percent(12) ? true : rng.percent(5) ? false : nil
    return Tile(
      id: "t\(n)", title: title, color: rng.percent(50) ? TileColor(rng.pick(TileColor.names)) : nil,
      locked: locked, width: rng.percent(35) ? rng.int(1...12) : nil,
      extras: rng.percent(10) ? [JSONField("rank", .number("\(n)"))] : [])
  }

  /// A screen: usually 4-50 x 3-26 cells, sometimes tiny (0-3 x 0-3, no room for a viewport at all).
  static func screen(_ rng: inout PropertyRNG) -> Size {
    if rng.percent(12) { return Size(width: rng.int(0...3), height: rng.int(0...3)) }
    return Size(width: rng.int(4...50), height: rng.int(3...26))
  }
}

/// Text forms for failure reports.
enum PropertyFormat {
  static let keyNames: [Key: String] = [
    .space: "space", .enter: "enter", .escape: "esc", .left: "left", .right: "right", .up: "up",
    .down: "down", .pageUp: "pgup", .pageDown: "pgdn", .home: "home", .end: "end", .tab: "tab",
    .backtab: "backtab",
  ]

  /// The event as a line of a `tilegrid play` events file (focus changes, which that format does not
  /// have, as a comment naming the call).
  static func line(_ event: ScriptEvent) -> String {
    switch event {
    case .wait(let ms):
      return "wait \(ms)"
    case .input(.mouse(let m)):
      switch m.action {
      case .press: return "press \(m.x) \(m.y)"
      case .motion: return "move \(m.x) \(m.y)"
      case .release: return "release \(m.x) \(m.y)"
      case .wheelUp: return "wheel up \(m.x) \(m.y)"
      case .wheelDown: return "wheel down \(m.x) \(m.y)"
      }
    case .input(.key(let key)):
      if let name = keyNames[key] { return "key \(name)" }
      if case .character(let c) = key { return "key \(c)" }
      return "# key \(key)"
    case .input(.resize(let w, let h)):
      return "resize \(w) \(h)"
    case .input(.focus(let gained)):
      return "# EditorState.update(.focus(\(gained)))"
    case .input(let other):
      return "# EditorState.update(\(other))"
    }
  }

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
