import TileModel

/// The hashes of the tile ids read so far, to find out once a file is read whether an id repeats.
///
/// A hash table of a million ids is tens of megabytes probed at random, and most probes miss the cache:
/// on this machine that was a third of the reading time. So the reader only appends each id's hash (8
/// bytes, in order) and `hasDuplicate` looks for equal hashes a cache-sized group at a time: one pass
/// distributes the hashes by their top bits, then each group goes through a small open-addressing table
/// that stays in cache. Equal hashes are confirmed by comparing the ids themselves. (A `Set<String>` of
/// a million ids costs several times the memory and spends most of its time in SipHash.)
struct TileIDIndex {
  /// The hash of `tiles[i].id` at `i`.
  private var hashes: [UInt64] = []

  init(expected: Int) {
    hashes.reserveCapacity(expected)
  }

  /// Records the hash of the next tile's id.
  mutating func append(_ hash: UInt64) {
    hashes.append(hash)
  }

  /// A 64-bit hash of UTF-8 bytes (multiply-xorshift over 8-byte words, first byte lowest, then a full
  /// finalizer, so that every bit of the result depends on every byte).
  ///
  /// - Parameter slack: how many bytes after `bytes` may be read. With seven or more, the last partial
  ///   word is one load with the extra bytes masked off (they never change the hash).
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, slack: Int = 0) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var i = 0
    while i + 8 <= bytes.count {
      h = (h ^ JSONScanner.word(bytes, at: i)) &* 0xBF58_476D_1CE4_E5B9
      h ^= h >> 31
      i += 8
    }
    var tail: UInt64 = 0
    let rest = bytes.count - i
    if rest > 0 && slack >= 7 {
      tail = JSONScanner.word(bytes, at: i) & ((1 << (8 * UInt64(rest))) &- 1)
    } else {
      var shift: UInt64 = 0
      while i < bytes.count {
        tail |= UInt64(bytes[i]) << shift
        shift += 8
        i += 1
      }
    }
    // SplitMix64's finalizer: ids that differ only in their last digits (`t123`, `t124`) must differ in
    // the top bits (which pick a group) and in the low bits (which pick a slot) alike.
    h ^= tail
    h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
    h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
    return h ^ (h >> 31)
  }

  static func hash(_ id: String) -> UInt64 {
    var id = id
    return id.withUTF8 { hash($0) }
  }

  /// Whether two of `tiles` have the same id; `tiles[i]` is the tile whose id's hash was appended `i`th.
  /// - Complexity: O(n) expected.
  func hasDuplicate(in tiles: [Tile]) -> Bool {
    let n = hashes.count
    guard n > 1 else { return false }
    // Groups of about a thousand hashes, chosen by the top `groupBits` bits.
    var groupBits = 0
    while n >> groupBits > 1024 { groupBits += 1 }
    func group(_ h: UInt64) -> Int { groupBits == 0 ? 0 : Int(truncatingIfNeeded: h >> UInt64(64 - groupBits)) }
    var starts = [Int](repeating: 0, count: (1 << groupBits) + 1)
    for h in hashes { starts[group(h) + 1] += 1 }
    for g in 0..<(1 << groupBits) { starts[g + 1] += starts[g] }
    var next = starts
    // Every place is written exactly once, so the array need not be zeroed first.
    let grouped = [UInt64](unsafeUninitializedCapacity: n) { buffer, count in
      for h in hashes {
        let g = group(h)
        buffer[next[g]] = h
        next[g] += 1
      }
      count = n
    }

    // Each group through an open-addressing table at most half full, indexed by the hashes' low bits.
    // 0 marks an empty slot, so a hash of 0 is counted aside.
    var repeated: Set<UInt64> = []
    var table: [UInt64] = []
    var zeros = 0
    for g in 0..<(1 << groupBits) where starts[g + 1] - starts[g] > 1 {
      var size = 16
      while size < 2 * (starts[g + 1] - starts[g]) { size *= 2 }
      if table.count < size { table = [UInt64](repeating: 0, count: size) }
      for k in 0..<size { table[k] = 0 }
      let mask = size - 1
      for h in grouped[starts[g]..<starts[g + 1]] {
        if h == 0 {
          zeros += 1
          continue
        }
        var slot = Int(truncatingIfNeeded: h) & mask
        while table[slot] != 0 && table[slot] != h { slot = (slot + 1) & mask }
        if table[slot] == h { repeated.insert(h) }
        table[slot] = h
      }
    }
    if zeros > 1 { repeated.insert(0) }
    guard !repeated.isEmpty else { return false }

    // Equal hashes (in practice: a repeated id): compare the ids of the tiles that have them.
    var ids: Set<ExactString> = []
    for (i, h) in hashes.enumerated() where repeated.contains(h) {
      if !ids.insert(ExactString(tiles[i].id)).inserted { return true }
    }
    return false
  }
}
