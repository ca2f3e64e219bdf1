/// JSON string literals as the canonical form writes them: only `"`, `\` and control characters below
/// U+0020 are escaped (`\n`, `\t`, … or lower-case `\u00xx`), everything else is written as it is, as
/// Python's `json.dumps(..., ensure_ascii=False)` does.
///
/// The model's messages quote ids and titles this way, so a message is always one line and an empty or
/// odd id is visible; the file writer (TileGridJSON) escapes every string with the same code. Not public:
/// a program using the library gets the messages, not the quoting.
package enum JSONString {
  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends `s` to `bytes` as a JSON string literal, quotes included.
  /// - Complexity: O(`s.utf8.count`); no intermediate strings.
  package static func append(_ s: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var s = s
    s.withUTF8 { utf8 in
      var runStart = 0
      for (i, c) in utf8.enumerated() where c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
        runStart = i + 1
        bytes.append(UInt8(ascii: "\\"))
        switch c {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
          bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
          bytes.append(hexDigits[Int(c >> 4)])
          bytes.append(hexDigits[Int(c & 15)])
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// At most this many characters of a string or number that a message quotes.
  package static let excerptLength = 60

  /// `s` quoted as `quoted` does, for an error message, cut after its first `excerptLength` characters
  /// with `…` when it is longer: a 5 MB id does not make a 5 MB message line.
  /// - Complexity: O(`excerptLength`) beyond the quoting.
  /// Characters that do not show (format and separator characters, a byte order mark, private and
  /// unassigned code points) are written as `\\u` escapes, so nothing invisible reaches a terminal raw.
  package static func excerpt(_ s: String) -> String {
    var text = quoted(cut(s))
    guard text.unicodeScalars.contains(where: isInvisible) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      guard isInvisible(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 {
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    text = out
    return text
  }

  /// A code point that shows nothing by itself on a terminal (but a plain space).
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate: return true
    case .spaceSeparator: return scalar != " "
    default: return false
    }
  }

  /// `s`, or its first `excerptLength` characters and `…` (a number's text in a message).
  package static func cut(_ s: String) -> String {
    var count = 0
    for i in s.indices {
      if count == excerptLength { return String(s[..<i]) + "…" }
      count += 1
    }
    return s
  }

  /// `s` as a JSON string literal, for messages: `tile "a\nb"`.
  package static func quoted(_ s: String) -> String {
    var bytes: [UInt8] = []
    append(s, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
