import TileModel

// Reading tiles, where a large file spends its time: the store the tiles go into, a cache of their
// colors, and a fast path for tiles in the common form. The general reader (`readTile` in
// Arrangement+JSON.swift) reads every other tile and reports every error.

/// What reading tiles accumulates across sections.
struct TileContext {
  var tiles: [Tile] = []
  var ids: TileIDIndex
  var colors = ColorCache()

  init(expectedTiles: Int) {
    tiles.reserveCapacity(expectedTiles)
    ids = TileIDIndex(expected: expectedTiles)
  }

  /// Stores a tile read from the file (`idHash` is the hash of its id) and returns its reference.
  /// (`consuming`: the tile moves into the store instead of being copied and then destroyed.)
  mutating func add(_ tile: consuming Tile, idHash: UInt64) -> TileRef {
    let index = tiles.count
    tiles.append(consume tile)
    ids.append(idHash)
    return TileRef(index)
  }

  /// Whether two of the tiles read have the same id.
  var hasDuplicateID: Bool { ids.hasDuplicate(in: tiles) }
}

/// Colors seen so far, by their exact bytes: a file uses few colors, so most tiles find theirs with a
/// hash probe and a comparison of two words instead of building a string and looking up a name.
struct ColorCache {
  /// A cached spelling: its length and bytes (a cached spelling fits two words) and its color's
  /// index + 1 in `colors` (0: an empty slot).
  private struct Slot {
    var head: UInt64 = 0
    var tail: UInt64 = 0
    var count = 0
    var index = 0
  }

  /// A file with many colors (`#RRGGBB` for each tile) gains nothing from caching the rest.
  private static let capacity = 64
  /// Open addressing, at most half full, so a probe always ends at an empty slot.
  private var slots = [Slot](repeating: Slot(), count: 2 * ColorCache.capacity)
  private var colors: [TileColor] = []

  /// The color a string token spells, or nil when it is not a color.
  mutating func color(_ token: JSONScanner.StringToken, in scanner: JSONScanner) -> TileColor? {
    guard token.decoded == nil else { return TileColor(scanner.string(token)) }
    return color(spelledBy: token.range, in: scanner)
  }

  /// The color spelled by the input bytes in `range` (a string's, without escapes), or nil.
  @inline(__always)
  mutating func color(spelledBy range: Range<Int>, in scanner: JSONScanner) -> TileColor? {
    let count = range.count
    // Every color name and `#RRGGBB` fit; longer spellings are not worth a slot.
    guard count <= 16 else { return TileColor(scanner.string(in: range)) }
    let (head, tail) = scanner.leadingWords(of: range)
    let mixed = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
    var slot = Int(truncatingIfNeeded: mixed >> 40) & (slots.count - 1)
    while slots[slot].index != 0 {
      if slots[slot].head == head && slots[slot].tail == tail && slots[slot].count == count {
        return colors[slots[slot].index - 1]
      }
      slot = (slot + 1) & (slots.count - 1)
    }
    return miss(Slot(head: head, tail: tail, count: count, index: 0), at: slot, range, in: scanner)
  }

  /// Parses a spelling not seen before and caches it in the empty slot `slot` while there is room.
  @inline(never)
  private mutating func miss(
    _ spelling: Slot, at slot: Int, _ range: Range<Int>, in scanner: JSONScanner
  ) -> TileColor? {
    guard let color = TileColor(scanner.string(in: range)) else { return nil }
    if colors.count < Self.capacity {
      colors.append(color)
      slots[slot] = spelling
      slots[slot].index = colors.count
    }
    return color
  }
}

extension JSONScanner {
  /// Reads a tile in the form nearly every tile has into the store and returns its reference; for any
  /// other tile returns nil having consumed nothing, and the general reader reads it (and reports its
  /// errors).
  ///
  /// The common form: an object with only the keys `id`, `title`, `color`, `locked` and `width`, none
  /// twice, `id` among them; no escapes in its keys and strings; a non-empty id, a title string, a
  /// color that parses, `true` or `false`, and a width of plain digits within its bounds. The general
  /// reader reads such a tile to the same byte, builds the same `Tile` and throws nothing, so which of
  /// the two read a tile never shows. The fast path only skips that reader's bookkeeping: no path
  /// closures, no member set, no `String` until the tile is built.
  mutating func readCommonTile(into context: inout TileContext) -> TileRef? {
    let start = offset
    if let ref = scanCommonTile(into: &context) { return ref }
    move(to: start)
    return nil
  }

  private mutating func scanCommonTile(into context: inout TileContext) -> TileRef? {
    // The general reader enters the object, which fails beyond the depth limit.
    guard depth < Self.maximumDepth, take(UInt8(ascii: "{")) else { return nil }
    var seen = 0
    var id: Range<Int>?
    var title: Range<Int>?
    var color: TileColor?
    var locked: Bool?
    var width: Int?
    repeat {
      guard let key = readCommonKey(), seen & key.rawValue == 0, take(UInt8(ascii: ":")) else { return nil }
      seen |= key.rawValue
      switch key {
      case .id:
        guard let value = plainString(), !value.isEmpty else { return nil }
        id = value
      case .title:
        guard let value = plainString() else { return nil }
        title = value
      case .color:
        guard let value = plainString(), let c = context.colors.color(spelledBy: value, in: self) else { return nil }
        color = c
      case .locked:
        skipWhitespace()
        if matchLiteral("true") {
          locked = true
        } else if matchLiteral("false") {
          locked = false
        } else {
          return nil
        }
      case .width:
        guard let value = plainWidth() else { return nil }
        width = value
      }
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")), let id else { return nil }

    let idBytes = UnsafeBufferPointer(rebasing: bytes[id])
    // The bytes after the id (its closing quote at least) may be read as padding.
    let idHash = TileIDIndex.hash(idBytes, slack: bytes.count - id.upperBound)
    return context.add(
      Tile(id: string(in: id), title: title.map { string(in: $0) }, color: color, locked: locked, width: width),
      idHash: idHash)
  }

  /// The keys of the common form, each with its bit in the set of keys seen.
  private enum CommonKey: Int {
    case id = 1, title = 2, color = 4, locked = 8, width = 16
  }

  /// Reads a key of the common form (one of the tile's keys, without escapes), or returns nil for any
  /// other key. The key and its closing quote are compared as one word with a literal's bytes, which
  /// the compiler folds to a constant: no scan for the quote, no byte loop.
  @inline(__always)
  private mutating func readCommonKey() -> CommonKey? {
    skipWhitespace()
    guard offset + 9 <= bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
    let word = Self.word(bytes, at: offset + 1)
    let key: CommonKey
    let length: Int  // of the key and its closing quote
    switch bytes[offset + 1] {
    case UInt8(ascii: "i") where Self.word(word, starts: "id\""): (key, length) = (.id, 3)
    case UInt8(ascii: "t") where Self.word(word, starts: "title\""): (key, length) = (.title, 6)
    case UInt8(ascii: "c") where Self.word(word, starts: "color\""): (key, length) = (.color, 6)
    case UInt8(ascii: "l") where Self.word(word, starts: "locked\""): (key, length) = (.locked, 7)
    case UInt8(ascii: "w") where Self.word(word, starts: "width\""): (key, length) = (.width, 6)
    default: return nil
    }
    move(to: offset + 1 + length)
    return key
  }

  /// Whether a word of input (first byte lowest) begins with the bytes of `literal` (at most eight).
  @inline(__always)
  private static func word(_ word: UInt64, starts literal: StaticString) -> Bool {
    var expected: UInt64 = 0
    for k in 0..<literal.utf8CodeUnitCount { expected |= UInt64(literal.utf8Start[k]) << (8 * UInt64(k)) }
    return word & ((1 << (8 * UInt64(literal.utf8CodeUnitCount))) &- 1) == expected
  }

  /// A string without escapes, as the range of its bytes; nil for anything else.
  @inline(__always)
  private mutating func plainString() -> Range<Int>? {
    guard let token = try? readStringToken(), token.decoded == nil else { return nil }
    return token.range
  }

  /// A tile width written as plain digits (no sign, fraction or exponent) within its bounds; nil for
  /// anything else, such as a number the general reader would refuse.
  private mutating func plainWidth() -> Int? {
    skipWhitespace()
    guard let range = try? readNumberRange(), range.count <= 6 else { return nil }
    var value = 0
    for i in range {
      let digit = bytes[i] &- UInt8(ascii: "0")
      guard digit <= 9 else { return nil }
      value = value * 10 + Int(digit)
    }
    return value >= 1 && value <= Arrangement.maximumDimension ? value : nil
  }
}
