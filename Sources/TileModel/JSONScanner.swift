/// A malformed-JSON error at a byte offset; the decoder turns the offset into a line and column.
struct JSONSyntaxError: Error {
  var offset: Int
  var reason: String
}

/// A strict JSON (RFC 8259) reader over UTF-8 bytes, driven by the caller's schema.
///
/// The schema code asks for what it expects next (an object's members, a string, a whole number), so
/// nothing is built that is not kept; `readValue()` builds a `JSONValue` for keys the schema does not
/// know. It is hardened like any parser: nesting depth is limited, strings must be valid UTF-8 with no
/// raw control characters and no lone surrogates, and truncated input is an error.
///
/// - Complexity: every read is linear in the bytes it consumes.
struct JSONScanner {
  static let maximumDepth = 512

  let bytes: UnsafeBufferPointer<UInt8>
  private(set) var offset: Int = 0
  private var depth = 0
  /// Scratch space for strings with escapes, reused to avoid an allocation per string.
  private var scratch: [UInt8] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    // A UTF-8 byte order mark is not JSON, but editors write it; it carries no data.
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { offset = 3 }
  }

  // MARK: - Whitespace, punctuation, kinds

  @inline(__always)
  mutating func skipWhitespace() {
    // Most calls stand on a value already; only then is there anything to do.
    guard offset < bytes.count, bytes[offset] <= 0x20 else { return }
    skipWhitespaceRun()
  }

  private mutating func skipWhitespaceRun() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20:
        offset += 1
        // Indentation comes in long runs of spaces: skip them eight at a time.
        while offset + 8 <= bytes.count && Self.word(bytes, at: offset) == 0x2020_2020_2020_2020 { offset += 8 }
      case 0x0A, 0x0D, 0x09:
        offset += 1
      default:
        return
      }
    }
  }

  var isAtEnd: Bool { offset >= bytes.count }

  /// The next byte after whitespace, without consuming it.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return offset < bytes.count ? bytes[offset] : nil
  }

  /// What the next value is, in words, for type errors: "a string", "an array", ….
  mutating func nextKind() -> String {
    guard let c = peek() else { return "the end of the input" }
    switch c {
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
    default: return "an invalid value"
    }
  }

  func error(_ reason: String, at position: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(offset: position ?? offset, reason: reason)
  }

  /// Describes the byte at the current offset for "expected X, found Y" messages.
  private func found() -> String {
    guard offset < bytes.count else { return "the end of the input" }
    return Self.describe(bytes[offset])
  }

  /// A byte as a message shows it: a visible ASCII character quoted, anything else (which could break
  /// the one-line message or not be a character at all) as hex.
  private static func describe(_ c: UInt8) -> String {
    if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
    return "byte 0x" + String(c, radix: 16, uppercase: true)
  }

  /// Eight input bytes as one word (either byte order: the tests below treat every byte alike).
  @inline(__always)
  static func word(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt64 {
    UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
  }

  /// Whether none of a word's bytes ends a string's fast path: no `"`, no `\`, no control character
  /// below 0x20, nothing non-ASCII. (SWAR: a byte is zero where `v - 0x01…` borrows into its high bit
  /// while `v` had it clear.)
  @inline(__always)
  static func isPlain(_ x: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
    let quote = hasZero(x ^ (ones &* 0x22))
    let backslash = hasZero(x ^ (ones &* 0x5C))
    let control = (x &- ones &* 0x20) & ~x & highs
    return (quote | backslash | control | (x & highs)) == 0
  }

  /// Whether `c` can begin a JSON value.
  static func startsValue(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "t"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return false
    }
  }

  /// The syntax error for a place where `expected` should begin but no JSON value does (or the input
  /// ends): it is malformed JSON, reported with its line and column, not a value of the wrong type.
  mutating func notAValue(expected: String) -> JSONSyntaxError {
    skipWhitespace()
    return error("expected \(expected), found \(found())")
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == byte else {
      throw error("expected \(what), found \(found())")
    }
    offset += 1
  }

  /// Fails unless only whitespace remains.
  mutating func expectEnd() throws {
    skipWhitespace()
    if offset < bytes.count { throw error("unexpected \(found()) after the JSON value") }
  }

  private mutating func enter() throws {
    depth += 1
    if depth > Self.maximumDepth {
      throw error("nesting is deeper than \(Self.maximumDepth) levels")
    }
  }

  // MARK: - Containers

  /// Reads an object, calling `member` with each key (as a token, undecoded unless it had escapes) and
  /// the key's offset when the scanner stands at its value; `member` must consume exactly one value.
  /// Duplicate keys are the caller's to detect.
  mutating func readObject(_ member: (inout JSONScanner, StringToken, Int) throws -> Void) throws {
    try expect(UInt8(ascii: "{"), "'{'")
    try enter()
    defer { depth -= 1 }
    if peek() == UInt8(ascii: "}") {
      offset += 1
      return
    }
    while true {
      guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key, found \(found())") }
      let keyOffset = offset
      let key = try readStringToken()
      try expect(UInt8(ascii: ":"), "':' after the key")
      skipWhitespace()
      try member(&self, key, keyOffset)
      skipWhitespace()
      guard offset < bytes.count else { throw error("expected ',' or '}', found the end of the input") }
      let c = bytes[offset]
      offset += 1
      if c == UInt8(ascii: "}") { return }
      if c != UInt8(ascii: ",") {
        offset -= 1
        throw error("expected ',' or '}' after an object member, found \(found())")
      }
    }
  }

  /// Reads an array, calling `element` with each index when the scanner stands at that element.
  mutating func readArray(_ element: (inout JSONScanner, Int) throws -> Void) throws {
    try expect(UInt8(ascii: "["), "'['")
    try enter()
    defer { depth -= 1 }
    if peek() == UInt8(ascii: "]") {
      offset += 1
      return
    }
    var index = 0
    while true {
      skipWhitespace()
      try element(&self, index)
      index += 1
      skipWhitespace()
      guard offset < bytes.count else { throw error("expected ',' or ']', found the end of the input") }
      let c = bytes[offset]
      offset += 1
      if c == UInt8(ascii: "]") { return }
      if c != UInt8(ascii: ",") {
        offset -= 1
        throw error("expected ',' or ']' after an array element, found \(found())")
      }
    }
  }

  // MARK: - Scalars

  /// Reads `true` or `false`.
  mutating func readBool() throws -> Bool {
    skipWhitespace()
    if matchLiteral("true") { return true }
    if matchLiteral("false") { return false }
    throw error("expected true or false, found \(found())")
  }

  private mutating func matchLiteral(_ literal: StaticString) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard offset + n <= bytes.count else { return false }
    let p = literal.utf8Start
    for k in 0..<n where bytes[offset + k] != p[k] { return false }
    offset += n
    return true
  }

  /// Reads a number and returns its exact text after checking it against JSON's grammar.
  mutating func readNumberText() throws -> String {
    let range = try readNumberRange()
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// Reads a number, checks it against JSON's grammar
  /// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`) and returns where its text is.
  mutating func readNumberRange() throws -> Range<Int> {
    skipWhitespace()
    let start = offset
    func digits(_ s: inout JSONScanner) -> Int {
      let from = s.offset
      while s.offset < s.bytes.count, s.bytes[s.offset] >= 0x30, s.bytes[s.offset] <= 0x39 { s.offset += 1 }
      return s.offset - from
    }
    if offset < bytes.count && bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39 else {
      throw error("expected a digit in a number, found \(found())")
    }
    if bytes[offset] == 0x30 {
      offset += 1
      if offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39 {
        throw error("a number may not have a leading zero")
      }
    } else {
      _ = digits(&self)
    }
    if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      if digits(&self) == 0 { throw error("expected a digit after the decimal point, found \(found())") }
    }
    if offset < bytes.count && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
      offset += 1
      if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) {
        offset += 1
      }
      if digits(&self) == 0 { throw error("expected a digit in the exponent, found \(found())") }
    }
    return start..<offset
  }

  /// Reads a string, decoding escapes; rejects raw control characters, invalid UTF-8 and lone surrogates.
  mutating func readString() throws -> String {
    string(try readStringToken())
  }

  /// A string as read: a range of valid UTF-8 input bytes when it had no escapes (so the schema can
  /// match or cache it without building a `String`), else its decoded value.
  struct StringToken {
    var range: Range<Int>
    var decoded: String?
  }

  /// The token's text.
  func string(_ token: StringToken) -> String {
    token.decoded ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self)
  }

  /// The token's UTF-8 bytes, when they are a slice of the input.
  func rawBytes(_ token: StringToken) -> UnsafeBufferPointer<UInt8>? {
    token.decoded == nil ? UnsafeBufferPointer(rebasing: bytes[token.range]) : nil
  }

  /// Whether the token spells `candidate`.
  func token(_ token: StringToken, equals candidate: [UInt8]) -> Bool {
    if let decoded = token.decoded { return decoded.utf8.elementsEqual(candidate) }
    guard token.range.count == candidate.count else { return false }
    var i = token.range.lowerBound
    for c in candidate {
      if bytes[i] != c { return false }
      i += 1
    }
    return true
  }

  /// Reads a string with the checks of `readString`, without building it when it has no escapes.
  mutating func readStringToken() throws -> StringToken {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw error("expected a string, found \(found())")
    }
    let start = offset + 1
    var j = start
    // Fast path: no escapes, so the string is a slice of the input. Eight plain bytes at a time first.
    while j + 8 <= bytes.count && Self.isPlain(Self.word(bytes, at: j)) { j += 8 }
    while j < bytes.count {
      let c = bytes[j]
      if c == UInt8(ascii: "\"") {
        offset = j + 1
        return StringToken(range: start..<j, decoded: nil)
      }
      if c == UInt8(ascii: "\\") {
        return StringToken(range: start..<start, decoded: try readEscapedString(from: start, firstEscape: j))
      }
      if c < 0x20 { throw error(Self.controlCharacterMessage(c), at: j) }
      if c < 0x80 {
        j += 1
      } else {
        j = try skipUTF8Sequence(at: j)
      }
    }
    throw error("unterminated string", at: start - 1)
  }

  private static func controlCharacterMessage(_ c: UInt8) -> String {
    "a raw control character (0x" + String(c, radix: 16, uppercase: true)
      + ") in a string must be written as an escape"
  }

  private mutating func readEscapedString(from start: Int, firstEscape: Int) throws -> String {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
    var j = firstEscape
    while j < bytes.count {
      let c = bytes[j]
      if c == UInt8(ascii: "\"") {
        offset = j + 1
        return String(decoding: scratch, as: UTF8.self)
      }
      if c == UInt8(ascii: "\\") {
        guard j + 1 < bytes.count else { break }
        let e = bytes[j + 1]
        j += 2
        switch e {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4(at: j)
          j += 4
          if scalar >= 0xD800 && scalar < 0xDC00 {
            // A high surrogate must be followed by an escaped low surrogate.
            guard j + 6 <= bytes.count, bytes[j] == UInt8(ascii: "\\"), bytes[j + 1] == UInt8(ascii: "u") else {
              throw error("a lone surrogate (\\u\(String(scalar, radix: 16, uppercase: true))) is not a character", at: j - 6)
            }
            let low = try hex4(at: j + 2)
            guard low >= 0xDC00 && low < 0xE000 else {
              throw error("a lone surrogate (\\u\(String(scalar, radix: 16, uppercase: true))) is not a character", at: j - 6)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            j += 6
          } else if scalar >= 0xDC00 && scalar < 0xE000 {
            throw error("a lone surrogate (\\u\(String(scalar, radix: 16, uppercase: true))) is not a character", at: j - 6)
          }
          appendUTF8(scalar)
        default:
          let escape = e >= 0x21 && e < 0x7F ? "'\\\(Character(Unicode.Scalar(e)))'" : "'\\' followed by \(Self.describe(e))"
          throw error("invalid escape \(escape) in a string", at: j - 2)
        }
        continue
      }
      if c < 0x20 { throw error(Self.controlCharacterMessage(c), at: j) }
      if c < 0x80 {
        scratch.append(c)
        j += 1
      } else {
        let end = try skipUTF8Sequence(at: j)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[j..<end]))
        j = end
      }
    }
    throw error("unterminated string", at: start - 1)
  }

  private func hex4(at position: Int) throws -> UInt32 {
    guard position + 4 <= bytes.count else { throw error("truncated \\u escape", at: position - 2) }
    var value: UInt32 = 0
    for k in 0..<4 {
      let c = bytes[position + k]
      let digit: UInt32
      switch c {
      case 0x30...0x39: digit = UInt32(c - 0x30)
      case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
      default: throw error("invalid \\u escape: expected four hex digits", at: position - 2)
      }
      value = value << 4 | digit
    }
    return value
  }

  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | (scalar >> 6)))
      scratch.append(UInt8(0x80 | (scalar & 0x3F)))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | (scalar >> 12)))
      scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      scratch.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
      scratch.append(UInt8(0xF0 | (scalar >> 18)))
      scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
      scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      scratch.append(UInt8(0x80 | (scalar & 0x3F)))
    }
  }

  /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, at most U+10FFFF)
  /// and returns the offset after it.
  private func skipUTF8Sequence(at j: Int) throws -> Int {
    let lead = bytes[j]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: throw error("invalid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)))", at: j)
    }
    guard j + length <= bytes.count else { throw error("invalid UTF-8: truncated sequence", at: j) }
    let second = bytes[j + 1]
    guard second >= low && second <= high else {
      throw error("invalid UTF-8 (byte 0x\(String(second, radix: 16, uppercase: true)))", at: j + 1)
    }
    for k in 2..<length where bytes[j + k] & 0xC0 != 0x80 {
      throw error("invalid UTF-8 (byte 0x\(String(bytes[j + k], radix: 16, uppercase: true)))", at: j + k)
    }
    return j + length
  }

  // MARK: - Any value

  /// Reads any JSON value, keeping number text and key order; duplicate keys are an error at `path`.
  mutating func readValue(at path: JSONPath) throws -> JSONValue {
    guard let c = peek() else { throw error("expected a value, found the end of the input") }
    switch c {
    case UInt8(ascii: "\""):
      return .string(try readString())
    case UInt8(ascii: "{"):
      var fields: [JSONField] = []
      var seen: Set<String> = []
      try readObject { s, token, keyOffset in
        let key = s.string(token)
        if fields.count < 16 {
          if fields.contains(where: { $0.key == key }) { throw DuplicateKey(path: path, key: key, offset: keyOffset) }
        } else {
          if seen.isEmpty { seen = Set(fields.map(\.key)) }
          if !seen.insert(key).inserted { throw DuplicateKey(path: path, key: key, offset: keyOffset) }
        }
        fields.append(JSONField(key, try s.readValue(at: path.key(key))))
      }
      return .object(fields)
    case UInt8(ascii: "["):
      var elements: [JSONValue] = []
      try readArray { s, index in elements.append(try s.readValue(at: path.index(index))) }
      return .array(elements)
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      return .bool(try readBool())
    case UInt8(ascii: "n"):
      if matchLiteral("null") { return .null }
      throw error("expected a value, found \(found())")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try readNumberText())
    default:
      throw error("expected a value, found \(found())")
    }
  }

  /// Skips one value of any kind, with the same checks as `readValue`.
  mutating func skipValue(at path: JSONPath) throws {
    _ = try readValue(at: path)
  }
}

/// A key that appears twice in one object; reported with its path, not its offset.
struct DuplicateKey: Error {
  var path: JSONPath
  var key: String
  var offset: Int
}
