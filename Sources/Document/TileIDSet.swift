import TileModel

/// The ids of an arrangement's tiles, for "is this id taken?" in O(1): an open-addressing table of
/// 64-bit hashes of the ids' UTF-8 bytes with the tile's reference beside each, so a hash that matches
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
  init(_ arrangement: Arrangement) {
    var capacity = 16
    while capacity < arrangement.tileCount * 2 { capacity *= 2 }
    hashes = [UInt64](repeating: 0, count: capacity)
    refs = [Int32](repeating: 0, count: capacity)
    for section in arrangement.sections {
      for ref in section.items { insert(arrangement[ref].id, ref) }
    }
  }

  /// FNV-1a over the bytes, then a full avalanche (SplitMix64's finalizer), kept off 0 and 1.
  static func hash(_ id: String) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in id.utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
    h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
    h ^= h >> 31
    return h < 2 ? h + 2 : h
  }

  /// Whether a tile of `arrangement` has this id. - Complexity: O(1) expected.
  func contains(_ id: String, in arrangement: Arrangement) -> Bool {
    slot(of: id, in: arrangement) != nil
  }

  private func slot(of id: String, in arrangement: Arrangement) -> Int? {
    let h = Self.hash(id)
    let mask = hashes.count - 1
    var i = Int(truncatingIfNeeded: h) & mask
    while hashes[i] != 0 {
      if hashes[i] == h && arrangement.tiles[TileRef(Int(refs[i]))].id.isExactly(id) { return i }
      i = (i + 1) & mask
    }
    return nil
  }

  /// Adds the id of the tile `ref` (not already in the set).
  mutating func insert(_ id: String, _ ref: TileRef) {
    if (used + removed + 1) * 2 > hashes.count { grow() }
    let h = Self.hash(id)
    let mask = hashes.count - 1
    var i = Int(truncatingIfNeeded: h) & mask
    while hashes[i] > 1 { i = (i + 1) & mask }
    if hashes[i] == 1 { removed -= 1 }
    hashes[i] = h
    refs[i] = ref.index
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
    used = 0
    removed = 0
    let mask = capacity - 1
    for (k, h) in oldHashes.enumerated() where h > 1 {
      var i = Int(truncatingIfNeeded: h) & mask
      while hashes[i] != 0 { i = (i + 1) & mask }
      hashes[i] = h
      refs[i] = oldRefs[k]
      used += 1
    }
  }
}
