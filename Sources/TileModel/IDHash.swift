/// The one hash of a tile's id, from its UTF-8 bytes: the document's id table (`TileIDSet`) and the
/// reader's check for repeated ids (`TileIDHashes`) both use it, so a hash the reader computed from a
/// file's bytes is the hash the table computes from the tile's id.
///
/// A multiply-xorshift over 8-byte words (first byte lowest), then SplitMix64's finalizer, so that
/// every bit of the result depends on every byte: ids that differ only in their last digits (`t123`,
/// `t124`) differ in the top bits and the low bits alike.
package enum IDHash {
  /// The hash of the id whose UTF-8 bytes these are.
  ///
  /// - Parameter slack: how many bytes after `bytes` may be read. With seven or more, the last partial
  ///   word is one load with the extra bytes masked off (they never change the hash).
  @inlinable @inline(__always)
  package static func of(_ bytes: UnsafeBufferPointer<UInt8>, slack: Int = 0) -> UInt64 {
    @inline(__always) func word(at i: Int) -> UInt64 {
      UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
    }
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var i = 0
    while i + 8 <= bytes.count {
      h = (h ^ word(at: i)) &* 0xBF58_476D_1CE4_E5B9
      h ^= h >> 31
      i += 8
    }
    var tail: UInt64 = 0
    let rest = bytes.count - i
    if rest > 0 && slack >= 7 {
      tail = word(at: i) & ((1 << (8 * UInt64(rest))) &- 1)
    } else {
      var shift: UInt64 = 0
      while i < bytes.count {
        tail |= UInt64(bytes[i]) << shift
        shift += 8
        i += 1
      }
    }
    h ^= tail
    h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
    h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
    return h ^ (h >> 31)
  }

  /// The hash of `id`'s UTF-8 bytes.
  @inlinable
  package static func of(_ id: String) -> UInt64 {
    var id = id
    return id.withUTF8 { of($0) }
  }
}
