#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Paths are bytes. A file name on Linux is any bytes but `/` and NUL, UTF-8 or not; a Swift `String`
// holds Unicode only, and decoding a name the usual way (`String(cString:)`) turns every byte that is
// not UTF-8 into U+FFFD: `l\xe9.txt` and `l\xef\xbf\xbd.txt` (`l�.txt`) would be one name, and the
// second file would be written for the first. So every path that comes from the system (the
// command line, a directory, a link, the environment) is decoded here without loss, and turned back
// into its very bytes wherever it goes to the system:
//
//     bytes                      String                              bytes again
//     6c e9 2e 74 78 74          "l" U+10FFE9 ".txt"                 6c e9 2e 74 78 74
//     6c ef bf bd 2e 74 78 74    "l" U+FFFD ".txt"                   6c ef bf bd 2e 74 78 74
//
// A byte that is not part of a well-formed UTF-8 sequence becomes the scalar U+10FF00 plus the byte
// (U+10FF80 to U+10FFFF, at the end of the last private-use plane), as Python's `surrogateescape`
// does with lone surrogates, which a Swift string cannot hold. The bytes of a well-formed sequence
// that decodes to one of those scalars are escaped one by one too, so the decoding is one to one.
// Messages show an escaped byte as `\xNN` (`CLIError.oneLine`), and so does the screen (`DisplayText`).

extension Platform {
  /// The first of the scalars that stand for one byte each: U+10FF00 + byte, for bytes 0x80 to 0xFF.
  static let escapedByteBase: UInt32 = 0x10FF00

  /// Whether `scalar` stands for a byte of a path that was not UTF-8, and which.
  public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
    scalar.value >= escapedByteBase + 0x80 && scalar.value <= escapedByteBase + 0xFF
      ? UInt8(scalar.value - escapedByteBase) : nil
  }

  /// Bytes from the system (a path, an argument, a directory entry) as a string, without loss.
  /// - Complexity: O(bytes).
  public static func pathString(_ bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var scalars = String.UnicodeScalarView()
    var k = 0
    while k < bytes.count {
      let lead = bytes[k]
      if lead < 0x80 {
        scalars.append(Unicode.Scalar(lead))
        k += 1
        continue
      }
      if let (scalar, length) = wellFormed(bytes, at: k), escapedByte(scalar) == nil {
        scalars.append(scalar)
        k += length
        continue
      }
      // Not UTF-8 (or, rarely, a sequence that decodes to an escape itself): this byte alone.
      scalars.append(Unicode.Scalar(escapedByteBase + UInt32(lead))!)
      k += 1
    }
    return String(scalars)
  }

  /// A NUL-terminated C string from the system as a string, without loss.
  public static func pathString(cString: UnsafePointer<CChar>) -> String {
    pathString(UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self), count: strlen(cString)))
  }

  /// The bytes a path string stands for (`pathString`'s inverse).
  public static func pathBytes(_ path: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if let byte = escapedByte(scalar) {
        bytes.append(byte)
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// A path as the system takes it: its bytes and a NUL. Passed where a C function takes a path
  /// (`open(cPath(path), …)`), so that the file opened is the one the path names, byte for byte.
  public static func cPath(_ path: String) -> [CChar] {
    if path.unicodeScalars.allSatisfy({ $0.value < escapedByteBase + 0x80 }) { return Array(path.utf8CString) }
    return pathBytes(path).map { CChar(bitPattern: $0) } + [0]
  }

  /// `path` as a message shows it: each byte that is not UTF-8 as `\xNN`.
  public static func shown(_ path: String) -> String {
    guard path.unicodeScalars.contains(where: { escapedByte($0) != nil }) else { return path }
    var text = ""
    for scalar in path.unicodeScalars {
      if let byte = escapedByte(scalar) {
        text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// The well-formed UTF-8 sequence at `k` (Unicode's table 3-7: no overlong forms, no surrogates,
  /// nothing past U+10FFFF) and its length, or nil.
  private static func wellFormed(_ bytes: [UInt8], at k: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[k]
    let count: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: count = 2
    case 0xE0: (count, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: count = 3
    case 0xED: (count, high) = (3, 0x9F)
    case 0xF0: (count, low) = (4, 0x90)
    case 0xF1...0xF3: count = 4
    case 0xF4: (count, high) = (4, 0x8F)
    default: return nil
    }
    guard k + count <= bytes.count else { return nil }
    var value = UInt32(lead) & (count == 2 ? 0x1F : count == 3 ? 0x0F : 0x07)
    for offset in 1..<count {
      let byte = bytes[k + offset]
      guard byte >= low && byte <= high else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
      (low, high) = (0x80, 0xBF)
    }
    return Unicode.Scalar(value).map { ($0, count) }
  }
}
