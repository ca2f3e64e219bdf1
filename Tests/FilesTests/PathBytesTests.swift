import Files
import TestSupport
import Testing

/// `Platform.pathString` and `Platform.pathBytes`: a file name's bytes, whatever they are, decoded into
/// a string and back without loss, and one string for one name.
@Suite("Paths are bytes")
struct PathBytesTests {
  @Test("UTF-8 names are their own strings; other bytes are U+10FF00 + the byte, and come back as they were")
  func examples() {
    #expect(Platform.pathString(Array("board.md".utf8)) == "board.md")
    #expect(Platform.pathString(Array("회의 준비 🎉.md".utf8)) == "회의 준비 🎉.md")
    #expect(Platform.pathString([0x6C, 0xE9, 0x2E, 0x74]) == "l\u{10FFE9}.t")
    #expect(Platform.pathString([0x6C, 0xEF, 0xBF, 0xBD]) == "l\u{FFFD}", "a real U+FFFD is itself")
    // A well-formed sequence for an escape scalar is escaped byte by byte, so no two names meet.
    #expect(Platform.pathString([0xF4, 0x8F, 0xBF, 0xBF]) == "\u{10FFF4}\u{10FF8F}\u{10FFBF}\u{10FFBF}")
    #expect(Platform.shown("l\u{10FFE9}.txt") == #"l\xe9.txt"#)
    #expect(Platform.cPath("l\u{10FFE9}") == [0x6C, CChar(bitPattern: 0xE9), 0])
  }

  @Test("random bytes: back to the same bytes, and different bytes are different strings")
  func roundTrip() {
    var random = SplitMix64(seed: 32)
    var seen: [String: [UInt8]] = [:]
    for _ in 0..<20_000 {
      let count = Int(random.next() % 12)
      // Bytes near UTF-8's edges: lead bytes, continuations, the escape range's own encoding.
      let pool: [UInt8] = [0x41, 0x2F, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0x8F, 0xFF, 0x9F, 0xA0]
      let bytes = (0..<count).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
      let string = Platform.pathString(bytes)
      #expect(Platform.pathBytes(string) == bytes, "\(bytes)")
      if let other = seen[string] { #expect(other == bytes, "two names, one string: \(other) and \(bytes)") }
      seen[string] = bytes
    }
  }
}
