import Testing

@testable import TileGridCLI

/// `TileGridCommand.contains`, the scan for git's markers in a file that is not JSON: found wherever
/// it is, across the megabyte windows the scan lets go of, whichever of its bytes it looks for.
@Suite("Looking for a string in a file's bytes")
struct ByteSearchTests {
  func found(_ bytes: [UInt8], _ needle: String) -> Bool {
    bytes.withUnsafeBufferPointer { TileGridCommand.contains($0, Array(needle.utf8)) }
  }

  @Test("at the start, the end, across a window's end, and not when one byte differs")
  func places() {
    let window = 1 << 20
    for needle in ["<<<<<<<", "\"conflicts\"", "x"] {
      for at in [0, 1, window - 3, window - 1, window, 2 * window - 5, 2 * window + 17 - needle.utf8.count] {
        // Quotes everywhere, as in JSON: the rarest byte is looked for, never a quote alone.
        var bytes = [UInt8](repeating: UInt8(ascii: "\""), count: 2 * window + 17)
        bytes.replaceSubrange(at..<(at + needle.utf8.count), with: Array(needle.utf8))
        #expect(found(bytes, needle), "\(needle) at \(at)")
        bytes[at + needle.utf8.count - 1] = UInt8(ascii: "?")
        #expect(!found(bytes, needle) || needle == "x", "\(needle) at \(at), its last byte changed")
      }
    }
    #expect(!found([], "a"))
    #expect(!found(Array("ab".utf8), "abc"))
    #expect(found(Array("abc".utf8), "abc"))
  }
}
