/// SHA-256 (FIPS 180-4), for naming a file's exact content in `--record`'s header: small, and without
/// any package (no Foundation, no CryptoKit). Feed bytes in any pieces with `update`, then `finish`.
///
/// - Complexity: O(n); about 64 rounds of 32-bit arithmetic per 64-byte block.
struct SHA256 {
  /// The hash so far (H0...H7).
  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  /// Bytes not yet hashed: fewer than 64.
  private var pending: [UInt8] = []
  /// The message's length so far, in bytes.
  private(set) var count: UInt64 = 0

  static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  init() { pending.reserveCapacity(64) }

  /// The digest of `bytes`.
  static func digest(_ bytes: [UInt8]) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finish()
  }

  /// The digest as 64 lower-case hex digits, as `sha256sum` prints it.
  static func hex(_ digest: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in digest { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
    return String(decoding: text, as: UTF8.self)
  }

  mutating func update(_ bytes: [UInt8]) {
    count &+= UInt64(bytes.count)
    var start = 0
    if !pending.isEmpty {
      let taken = min(64 - pending.count, bytes.count)
      pending += bytes[0..<taken]
      start = taken
      guard pending.count == 64 else { return }
      let block = pending
      block.withUnsafeBufferPointer { compress($0.baseAddress!) }
      pending.removeAll(keepingCapacity: true)
    }
    bytes.withUnsafeBufferPointer { buffer in
      while start + 64 <= buffer.count {
        compress(buffer.baseAddress! + start)
        start += 64
      }
    }
    pending += bytes[start...]
  }

  /// The digest: the padding (a 1 bit, zeros, the length in bits) hashed, then the state's 32 bytes.
  mutating func finish() -> [UInt8] {
    let bits = count &* 8
    var tail = pending + [0x80]
    while tail.count % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    tail.withUnsafeBufferPointer { buffer in
      for block in stride(from: 0, to: buffer.count, by: 64) { compress(buffer.baseAddress! + block) }
    }
    pending.removeAll()
    return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
  }

  /// One 64-byte block into the state.
  private mutating func compress(_ block: UnsafePointer<UInt8>) {
    Self.compress(block, &state)
  }

  private static func compress(_ block: UnsafePointer<UInt8>, _ state: inout [UInt32]) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for t in 0..<16 {
        w[t] =
          UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16 | UInt32(block[4 * t + 2]) << 8
          | UInt32(block[4 * t + 3])
      }
      for t in 16..<64 {
        let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
        let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
      }
      var (a, b, c, d) = (state[0], state[1], state[2], state[3])
      var (e, f, g, h) = (state[4], state[5], state[6], state[7])
      roundConstants.withUnsafeBufferPointer { k in
        for t in 0..<64 {
          let t1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
          let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
          (h, g, f, e) = (g, f, e, d &+ t1)
          (d, c, b, a) = (c, b, a, t1 &+ t2)
        }
      }
      state[0] &+= a
      state[1] &+= b
      state[2] &+= c
      state[3] &+= d
      state[4] &+= e
      state[5] &+= f
      state[6] &+= g
      state[7] &+= h
    }
  }

  @inline(__always) private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
}

/// A file's size and SHA-256, as `--record`'s header gives them and `play` checks them.
struct FileDigest: Equatable {
  var size: Int
  /// 64 lower-case hex digits.
  var sha256: String

  init(size: Int, sha256: String) {
    self.size = size
    self.sha256 = sha256
  }

  init(of bytes: [UInt8]) {
    self.init(size: bytes.count, sha256: SHA256.hex(SHA256.digest(bytes)))
  }

  /// The header line: `# file: 1234 bytes, SHA-256 9f86d0…`.
  var headerLine: String { "\(Self.headerPrefix)\(size) bytes, SHA-256 \(sha256)" }
  static let headerPrefix = "# file: "

  /// The digest a recording's header gives: the `# file:` line among the comments before its first
  /// event; nil when there is none (a hand-written events file, or a recording made before there was one).
  static func recorded(in events: [UInt8]) -> FileDigest? {
    for line in events.split(separator: 0x0A, omittingEmptySubsequences: false) {
      var text = String(decoding: line, as: UTF8.self)
      if text.hasSuffix("\r") { text.removeLast() }
      guard text.hasPrefix("#") else {
        if text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
        return nil
      }
      guard text.hasPrefix(headerPrefix) else { continue }
      let words = text.dropFirst(headerPrefix.count).split(separator: " ")
      guard words.count == 4, words[1] == "bytes,", words[2] == "SHA-256", let size = Int(words[0]),
        words[3].count == 64, words[3].allSatisfy({ $0.isHexDigit && !$0.isUppercase })
      else { return nil }
      return FileDigest(size: size, sha256: String(words[3]))
    }
    return nil
  }
}
