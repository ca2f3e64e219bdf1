import TileModel

// The tiles of an arrangement read from a file, kept the way the reader found them: a record of one
// word per tile and the bytes of its id and title, in two allocations, and a `Tile` built only when one
// is asked for (`TileStore`'s source). Opening a million tiles then builds no strings and allocates
// nothing per tile; the first frame builds the hundred or so tiles it shows.

/// One tile as the reader keeps it: a word of fixed-size fields, and the tile's bytes in `TileText`.
///
///     bits  0-31  where the tile's bytes start in the text
///     bit     32  the tile is kept as its JSON text (read again by the general reader when asked for)
///     bit     33  it has a title
///     bits 34-35  locked: 0 absent, 1 false, 2 true
///     bits 36-52  width: 0 absent, else the width (at most `Arrangement.maximumDimension`)
///     bits 53-59  color: 0 absent, 1...126 the reader's color table, 127 spelled in the text
///     bits 60-63  the length of that spelling
///
/// A tile in the common form (see `readCommonTile`) keeps `[id length][id][title][color spelling]`;
/// any other tile keeps its JSON text, whose record still has its width (for the layout).
struct TileRecord {
  var bits: UInt64

  static let jsonBit: UInt64 = 1 << 32
  static let titleBit: UInt64 = 1 << 33
  static let spelledColor = 127

  init(bits: UInt64) { self.bits = bits }

  /// The record of a common tile whose bytes start at `start`; `locked` 0 absent, 1 false, 2 true;
  /// `width` 0 when it has none.
  @inline(__always)
  init(start: Int, hasTitle: Bool, locked: Int, width: Int, color: Int, spellingCount: Int) {
    var bits = UInt64(truncatingIfNeeded: start)
    if hasTitle { bits |= Self.titleBit }
    bits |= UInt64(truncatingIfNeeded: locked) << 34
    bits |= UInt64(truncatingIfNeeded: width) << 36
    bits |= UInt64(truncatingIfNeeded: color) << 53
    bits |= UInt64(truncatingIfNeeded: spellingCount) << 60
    self.bits = bits
  }

  /// The record of a tile kept as its JSON text from `start`.
  init(jsonStart start: Int, width: Int?) {
    bits = UInt64(truncatingIfNeeded: start) | Self.jsonBit | UInt64(truncatingIfNeeded: width ?? 0) << 36
  }

  var start: Int { Int(truncatingIfNeeded: bits & 0xFFFF_FFFF) }
  var isJSON: Bool { bits & Self.jsonBit != 0 }
  var hasTitle: Bool { bits & Self.titleBit != 0 }
  var locked: Bool? {
    switch (bits >> 34) & 3 {
    case 0: return nil
    case 1: return false
    default: return true
    }
  }
  var width: Int? {
    let w = Int(truncatingIfNeeded: (bits >> 36) & 0x1_FFFF)
    return w == 0 ? nil : w
  }
  var color: Int { Int(truncatingIfNeeded: (bits >> 53) & 0x7F) }
  var spellingCount: Int { Int(truncatingIfNeeded: bits >> 60) }
}

/// The memory behind a file's tiles: their bytes and their records, each one allocation reserved at
/// the largest size the file could need. Pages never written cost nothing (not even in the peak
/// memory), so the reader appends without ever growing or copying.
///
/// Written only by the reader, before the arrangement that refers to it exists; read-only after.
final class TileText: @unchecked Sendable {
  let bytes: UnsafeMutablePointer<UInt8>
  let byteCapacity: Int
  let records: UnsafeMutablePointer<TileRecord>
  let recordCapacity: Int

  /// Room for the tiles of a file of `inputCount` bytes: their bytes are never more than the file's
  /// (plus 16, so that a short copy may move two whole words), and a tile takes at least ten bytes
  /// (`{"id":"a"}`), so there are at most `inputCount / 10` tiles (plus a closing record).
  init(inputCount: Int) {
    byteCapacity = inputCount + 16
    bytes = .allocate(capacity: byteCapacity)
    recordCapacity = inputCount / 10 + 2
    records = .allocate(capacity: recordCapacity)
  }

  deinit {
    bytes.deallocate()
    records.deallocate()
  }
}

/// The tiles of a file as `TileStore`'s source: `TileText` and the reader's color table, or several
/// (`ReadAhead` reads part of a large file's tiles into its own), each holding a run of slots.
final class FileTiles: TileSource {
  /// Slots from `first` on (to the next part's first) whose records are `records[slot + offset]`, in
  /// `texts[text]`, with `colors[text]`'s colors. Plain values: looking one up retains nothing.
  /// (The memory it points to is read-only once the reader is done: `TileText`.)
  struct Part: @unchecked Sendable {
    let first: Int
    let offset: Int
    let records: UnsafeMutablePointer<TileRecord>
    let bytes: UnsafeMutablePointer<UInt8>
    let text: Int
  }

  let parts: [Part]
  /// Where the parts' records and bytes are (kept alive here), and each one's color table: the colors
  /// of records 1...126 (`TileRecord.color - 1`).
  let texts: [TileText]
  let colors: [[TileColor]]
  let count: Int

  /// `count` tiles in one text, whose `count + 1` records are written (the last one marks where the
  /// bytes end).
  convenience init(text: TileText, count: Int, colors: [TileColor]) {
    self.init(parts: [Part(first: 0, offset: 0, records: text.records, bytes: text.bytes, text: 0)], texts: [text],
      colors: [colors], count: count)
  }

  /// `count` tiles in `parts` (sorted by their first slots, the first at 0); in each text, the record
  /// after the last one a part uses is written (it marks where that tile's bytes end).
  init(parts: [Part], texts: [TileText], colors: [[TileColor]], count: Int) {
    self.parts = parts
    self.texts = texts
    self.colors = colors
    self.count = count
  }

  /// The index of the part holding `slot`. - Complexity: O(log parts); O(1) for one.
  @inline(__always)
  private func partIndex(_ slot: Int) -> Int {
    if parts.count == 1 { return 0 }
    return parts.withUnsafeBufferPointer { parts in
      var (low, high) = (0, parts.count - 1)
      while low < high {
        let mid = (low + high + 1) >> 1
        if parts[mid].first <= slot { low = mid } else { high = mid - 1 }
      }
      return low
    }
  }

  @inline(__always)
  private func part(_ slot: Int) -> Part { parts[partIndex(slot)] }

  /// The record of `slot`, and where its bytes are: from its start to the next record's.
  @inline(__always)
  private func place(_ slot: Int) -> (TileRecord, UnsafeBufferPointer<UInt8>, Int) {
    let part = part(slot)
    let record = part.records[slot + part.offset]
    let start = record.start
    let bytes = UnsafeBufferPointer(start: part.bytes + start, count: part.records[slot + part.offset + 1].start - start)
    return (record, bytes, part.text)
  }

  func width(at slot: Int) -> Int? {
    let part = part(slot)
    return part.records[slot + part.offset].width
  }

  func widths(of slots: UnsafeBufferPointer<TileRef>, into widths: UnsafeMutablePointer<Int32>) {
    if parts.count == 1 {
      let records = parts[0].records
      for k in 0..<slots.count {
        widths[k] = Int32(truncatingIfNeeded: (records[Int(slots[k].index)].bits >> 36) & 0x1_FFFF)
      }
      return
    }
    // A section's slots mostly follow one another: the part of the last one is tried first.
    parts.withUnsafeBufferPointer { parts in
      var (low, high) = (0, 0)
      var current = parts[0]
      for k in 0..<slots.count {
        let slot = Int(slots[k].index)
        if slot < low || slot >= high {
          let index = partIndex(slot)
          current = parts[index]
          (low, high) = (current.first, index + 1 < parts.count ? parts[index + 1].first : Int.max)
        }
        widths[k] = Int32(truncatingIfNeeded: (current.records[slot + current.offset].bits >> 36) & 0x1_FFFF)
      }
    }
  }

  func tile(at slot: Int) -> Tile {
    let (record, bytes, text) = place(slot)
    if record.isJSON { return Self.readJSON(bytes) }
    let idCount = Int(bytes[0])
    let id = JSONScanner.makeString(UnsafeBufferPointer(rebasing: bytes[1..<(1 + idCount)]))
    let titleEnd = bytes.count - record.spellingCount
    let title = record.hasTitle ? JSONScanner.makeString(UnsafeBufferPointer(rebasing: bytes[(1 + idCount)..<titleEnd])) : nil
    let color: TileColor?
    switch record.color {
    case 0: color = nil
    case TileRecord.spelledColor:
      // The reader checked the spelling; parsing it again gives the same color.
      color = TileColor(JSONScanner.makeString(UnsafeBufferPointer(rebasing: bytes[titleEnd...])))
    case let index: color = colors[text][index - 1]
    }
    return Tile(id: id, title: title, color: color, locked: record.locked, width: record.width)
  }

  func withText(
    at slot: Int, _ body: (_ title: UnsafeBufferPointer<UInt8>?, _ id: UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let (record, bytes, _) = place(slot)
    if record.isJSON { return TileStore.withText(of: tile(at: slot), body) }
    let idCount = Int(bytes[0])
    let id = UnsafeBufferPointer(rebasing: bytes[1..<(1 + idCount)])
    guard record.hasTitle else { return body(nil, id) }
    return body(UnsafeBufferPointer(rebasing: bytes[(1 + idCount)..<(bytes.count - record.spellingCount)]), id)
  }

  func isExactly(at slot: Int, _ other: any TileSource, at otherSlot: Int) -> Bool? {
    guard let other = Self.fileTiles(other) else { return nil }
    let ((a, bytesA, textA), (b, bytesB, textB)) = (place(slot), other.place(otherSlot))
    // Tiles kept as their JSON text are compared as tiles.
    guard !a.isJSON && !b.isJSON else { return nil }
    // The same title presence, lock and width; then the same id, title and color spelling bytes (the
    // color numbers are each file's own).
    let fields: UInt64 = TileRecord.titleBit | 3 << 34 | 0x1_FFFF << 36
    guard a.bits & fields == b.bits & fields, (a.color == 0) == (b.color == 0) else { return false }
    // The id length byte, the id and the title.
    guard
      sameBytes(
        UnsafeBufferPointer(rebasing: bytesA[..<(bytesA.count - a.spellingCount)]),
        UnsafeBufferPointer(rebasing: bytesB[..<(bytesB.count - b.spellingCount)]))
    else { return false }
    guard a.color != 0 else { return true }
    return withSpelling(of: a, bytesA, textA) { spellingA in
      other.withSpelling(of: b, bytesB, textB) { sameBytes(spellingA, $0) }
    }
  }

  func sameID(at slot: Int, _ other: any TileSource, at otherSlot: Int) -> Bool? {
    guard let other = Self.fileTiles(other) else { return nil }
    let ((a, bytesA, _), (b, bytesB, _)) = (place(slot), other.place(otherSlot))
    guard !a.isJSON && !b.isJSON else { return nil }
    // The id's length byte, then the id.
    return sameBytes(
      UnsafeBufferPointer(rebasing: bytesA[...Int(bytesA[0])]), UnsafeBufferPointer(rebasing: bytesB[...Int(bytesB[0])]))
  }

  /// `other` as file tiles, if it is (a type check, not a dynamic cast: this is once per tile).
  @inline(__always)
  private static func fileTiles(_ other: any TileSource) -> FileTiles? {
    type(of: other) == FileTiles.self ? unsafeDowncast(other, to: FileTiles.self) : nil
  }

  /// Calls `body` with the UTF-8 bytes of a common tile's color spelling (which it has).
  private func withSpelling<R>(
    of record: TileRecord, _ bytes: UnsafeBufferPointer<UInt8>, _ text: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    if record.color == TileRecord.spelledColor {
      return body(UnsafeBufferPointer(rebasing: bytes[(bytes.count - record.spellingCount)...]))
    }
    var spelling = colors[text][record.color - 1].spelling
    return spelling.withUTF8(body)
  }

  /// A tile kept as its JSON text, read by the general reader, as when the file was read.
  private static func readJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Tile {
    var scanner = JSONScanner(bytes)
    var colors = ColorCache()
    do {
      return try scanner.readTile(at: { .root }, &colors).0
    } catch {
      fatalError("a tile the reader accepted does not read again: \(error)")
    }
  }
}
