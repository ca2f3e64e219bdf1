/// The tile ids read so far, to find a repeated one while reading a file.
///
/// An open-addressing table of 4-byte tile indexes, hashed from the ids' UTF-8 bytes as the reader
/// sees them: a `Set<String>` of a million ids costs several times the memory and spends most of its
/// time in SipHash. Equal hashes are confirmed by comparing the ids themselves.
struct TileIDIndex {
  /// Tile index + 1 per slot; 0 is empty.
  private var slots: [Int32]
  private var mask: Int
  private var count = 0

  init(expected: Int) {
    var size = 16
    while size < expected * 2 { size *= 2 }
    slots = [Int32](repeating: 0, count: size)
    mask = size - 1
  }

  /// A 64-bit hash of UTF-8 bytes (multiply-xorshift over 8-byte words).
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var i = 0
    while i + 8 <= bytes.count {
      h = (h ^ UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
      h ^= h >> 31
      i += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while i < bytes.count {
      tail |= UInt64(bytes[i]) << shift
      shift += 8
      i += 1
    }
    h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
    return h ^ (h >> 29)
  }

  static func hash(_ id: String) -> UInt64 {
    var id = id
    return id.withUTF8 { hash($0) }
  }

  /// Records that `tiles[index]` has `id` (whose hash is `hash`); returns false when an earlier tile
  /// already had it. - Complexity: amortized O(1).
  mutating func insert(_ id: String, hash: UInt64, index: Int, in tiles: [Tile]) -> Bool {
    if (count + 1) * 2 > slots.count { grow(tiles) }
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      if tiles[Int(slots[slot]) - 1].id == id { return false }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(index + 1)
    count += 1
    return true
  }

  private mutating func grow(_ tiles: [Tile]) {
    let old = slots
    slots = [Int32](repeating: 0, count: old.count * 2)
    mask = slots.count - 1
    for entry in old where entry != 0 {
      var slot = Int(truncatingIfNeeded: Self.hash(tiles[Int(entry) - 1].id)) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }
}
