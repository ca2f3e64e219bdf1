import TileModel

/// The ids of an arrangement's tiles, for "is this id taken?" in O(1): the one id table, open addressing
/// over the ids' 64-bit hashes (`IDHash`, the reader's too) with the tile's reference beside each, so a hash that matches
/// is confirmed against the tile's own id (ids are compared by their bytes, as everywhere).
///
/// A million ids go in in tens of milliseconds (a `Set<String>` spends most of a second in SipHash and
/// allocations): the document builds it at the first edit that adds a tile, not at open.
struct TileIDSet: Sendable {
  /// 0: empty slot; 1: a removed entry (probing goes on past it); else an id's hash.
  private var hashes: [UInt64]
  private var refs: [Int32]
  private var used = 0
  private var removed = 0

  /// The ids of every tile `arrangement` holds. - Complexity: O(n).
  ///
  /// A table of a million entries filled in tile order misses the cache at nearly every insertion, so
  /// the hashes are computed first (in order), sorted by the slot they start at with a counting sort on
  /// their top bits, and put in in that order: the table is then written from start to end.
  init(_ arrangement: Arrangement) {
    var capacity = 16
    while capacity < arrangement.tileCount * 2 { capacity *= 2 }
    hashes = [UInt64](repeating: 0, count: capacity)
    refs = [Int32](repeating: 0, count: capacity)
    let n = arrangement.tileCount
    var pending = [UInt64](repeating: 0, count: n)
    var pendingRefs = [Int32](repeating: 0, count: n)
    var k = 0
    for section in arrangement.sections {
      for ref in section.items {
        // The id's bytes where the store keeps them (a tile read from a file is not built).
        arrangement.tiles.withText(of: ref) { _, id in pending[k] = Self.hash(id) }
        pendingRefs[k] = ref.index
        k += 1
      }
    }
    // Buckets by the top 16 bits of the slot, which is the top bits of the hash.
    let shift = UInt64(64 - capacity.trailingZeroBitCount)
    let bucketShift = UInt64(64 - 16)
    var starts = [Int](repeating: 0, count: (1 << 16) + 1)
    for h in pending { starts[Int(h >> bucketShift) + 1] += 1 }
    for b in 0..<(1 << 16) { starts[b + 1] += starts[b] }
    var sorted = [UInt64](repeating: 0, count: n)
    var sortedRefs = [Int32](repeating: 0, count: n)
    for i in 0..<n {
      let b = Int(pending[i] >> bucketShift)
      sorted[starts[b]] = pending[i]
      sortedRefs[starts[b]] = pendingRefs[i]
      starts[b] += 1
    }
    self.shift = shift
    for i in 0..<n { put(sorted[i], sortedRefs[i]) }
  }

  /// How far a hash is shifted to give its first slot (the top bits pick the slot, so that slots
  /// follow hash order).
  private var shift: UInt64 = 60

  /// `IDHash` of the id, kept off 0 and 1 (which mark empty and removed slots).
  static func hash(_ id: String) -> UInt64 {
    let h = IDHash.of(id)
    return h < 2 ? h + 2 : h
  }

  /// `hash(_:)` of the id whose UTF-8 bytes these are.
  static func hash(_ id: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let h = IDHash.of(id)
    return h < 2 ? h + 2 : h
  }

  /// Whether a tile of `arrangement` has this id. - Complexity: O(1) expected.
  func contains(_ id: String, in arrangement: Arrangement) -> Bool {
    slot(of: id, in: arrangement) != nil
  }

  private func slot(of id: String, in arrangement: Arrangement) -> Int? {
    let h = Self.hash(id)
    let mask = hashes.count - 1
    var i = Int(truncatingIfNeeded: h >> shift)
    while hashes[i] != 0 {
      if hashes[i] == h && arrangement.tiles[TileRef(Int(refs[i]))].id.isExactly(id) { return i }
      i = (i + 1) & mask
    }
    return nil
  }

  /// Adds the id of the tile `ref` (not already in the set).
  mutating func insert(_ id: String, _ ref: TileRef) {
    if (used + removed + 1) * 2 > hashes.count { grow() }
    put(Self.hash(id), ref.index)
  }

  /// Puts a hash and its tile's reference in the first free slot from the hash's own.
  private mutating func put(_ h: UInt64, _ ref: Int32) {
    let mask = hashes.count - 1
    var i = Int(truncatingIfNeeded: h >> shift)
    while hashes[i] > 1 { i = (i + 1) & mask }
    if hashes[i] == 1 { removed -= 1 }
    hashes[i] = h
    refs[i] = ref
    used += 1
  }

  /// Removes `id`, whose tile is still in `arrangement`'s store (a deleted tile keeps its slot).
  mutating func remove(_ id: String, in arrangement: Arrangement) {
    guard let i = slot(of: id, in: arrangement) else { return }
    hashes[i] = 1
    used -= 1
    removed += 1
  }

  /// Doubles the table (or only drops removed entries when they are most of it).
  private mutating func grow() {
    let capacity = used * 4 > hashes.count ? hashes.count * 2 : hashes.count
    let oldHashes = hashes
    let oldRefs = refs
    hashes = [UInt64](repeating: 0, count: capacity)
    refs = [Int32](repeating: 0, count: capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    used = 0
    removed = 0
    // The old table is in slot order, which is hash order: the new one fills from start to end too.
    for (k, h) in oldHashes.enumerated() where h > 1 { put(h, oldRefs[k]) }
  }
}
