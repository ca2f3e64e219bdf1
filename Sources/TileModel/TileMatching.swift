/// Pairs the tiles of two arrangements by id, for `diff` and `merge`.
///
/// Two versions of a file are mostly the same tiles in mostly the same order: a move takes one tile
/// out of the run and puts it in elsewhere. So the tiles are first paired walking both reading orders
/// side by side, looking a few places ahead where they part (a tile taken out, a tile put in); only
/// the tiles left over — the moved, added and deleted ones — go through a hash table. A million ids
/// hashed into a table probed at random cost most of a second; the walk, a few milliseconds.
enum TileMatching {
  /// How far ahead the walk looks for the tile it stands on before leaving both to the table.
  static let window = 8

  /// Every tile's reference, in reading order. - Complexity: O(n).
  static func readingOrder(_ a: Arrangement) -> [TileRef] {
    var refs: [TileRef] = []
    refs.reserveCapacity(a.tileCount)
    for section in a.sections { refs.append(contentsOf: section.items) }
    return refs
  }

  /// For each of `other`'s tiles (`otherRefs`, in reading order), the index in `baseRefs` of `base`'s
  /// tile with the same id (UTF-8 bytes), or -1.
  /// - Complexity: O(n) when the orders mostly agree; O(n) expected hash operations at worst.
  static func match(_ base: Arrangement, _ baseRefs: [TileRef], _ other: Arrangement, _ otherRefs: [TileRef]) -> [Int32] {
    let (n, m) = (baseRefs.count, otherRefs.count)
    var result = [Int32](repeating: -1, count: m)
    var used = [Bool](repeating: false, count: n)
    @inline(__always) func same(_ i: Int, _ j: Int) -> Bool {
      sameBytes(base.tiles[baseRefs[i]].id, other.tiles[otherRefs[j]].id)
    }
    // 1. The walk.
    var i = 0
    var j = 0
    while i < n && j < m {
      if same(i, j) {
        result[j] = Int32(i)
        used[i] = true
        i += 1
        j += 1
        continue
      }
      var resumed = false
      for d in 1...window {
        if i + d < n && same(i + d, j) {
          result[j] = Int32(i + d)
          used[i + d] = true
          i += d + 1
          j += 1
          resumed = true
          break
        }
        if j + d < m && same(i, j + d) {
          result[j + d] = Int32(i)
          used[i] = true
          i += 1
          j += d + 1
          resumed = true
          break
        }
      }
      if !resumed {
        i += 1
        j += 1
      }
    }
    // 2. The rest, by id.
    var byID: [ExactString: Int32] = [:]
    for k in 0..<n where !used[k] { byID[ExactString(base.tiles[baseRefs[k]].id)] = Int32(k) }
    guard !byID.isEmpty else { return result }
    for k in 0..<m where result[k] < 0 {
      if let found = byID[ExactString(other.tiles[otherRefs[k]].id)] { result[k] = found }
    }
    return result
  }
}
