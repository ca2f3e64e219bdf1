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
    var scalars = String.UnicodeScalarView()
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var rest = bytes[...]
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        if escapedByte(scalar) == nil {
          scalars.append(scalar)
        } else {
          // A sequence that decodes to an escape itself: its bytes escaped one by one.
          for byte in encoded { scalars.append(Unicode.Scalar(escapedByteBase + UInt32(byte))!) }
        }
        rest = rest.dropFirst(encoded.count)
      case .error(let length):
        // Not UTF-8 (the longest start of a sequence that goes wrong, as Unicode counts it).
        for byte in rest.prefix(length) { scalars.append(Unicode.Scalar(escapedByteBase + UInt32(byte))!) }
        rest = rest.dropFirst(length)
      case .emptyInput:
        return String(scalars)
      }
    }
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
}
