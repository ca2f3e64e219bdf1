import TileModel

/// A malformed-JSON error at a byte offset; the decoder turns the offset into a line and column.
package struct JSONSyntaxError: Error {
  package var offset: Int
  package var reason: String
}

/// A strict JSON (RFC 8259) reader over UTF-8 bytes, driven by the caller's schema.
///
/// The schema code asks for what it expects next (an object's members, a string, a whole number), so
/// nothing is built that is not kept; `readValue()` builds a `JSONValue` for keys the schema does not
/// know. It is hardened like any parser: nesting depth is limited, strings must be valid UTF-8 with no
/// raw control characters and no lone surrogates, and truncated input is an error.
///
/// - Complexity: every read is linear in the bytes it consumes.
package struct JSONScanner {
  static let maximumDepth = 512

  package let bytes: UnsafeBufferPointer<UInt8>
  package private(set) var offset: Int = 0
  private(set) var depth = 0
  // Nothing here is reference-counted, so the scanner is passed around and copied for free.

  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    // A UTF-8 byte order mark is not JSON, but editors write it; it carries no data.
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { offset = 3 }
  }

  // MARK: - Whitespace, punctuation, kinds

  @inline(__always)
  mutating func skipWhitespace() {
    // Most calls stand on a value already; only then is there anything to do. The one space after a
    // key's colon is the next most common case.
    guard offset < bytes.count, bytes[offset] <= 0x20 else { return }
    if bytes[offset] == 0x20 && offset + 1 < bytes.count && bytes[offset + 1] > 0x20 {
      offset += 1
      return
    }
    skipWhitespaceRun()
  }

  private mutating func skipWhitespaceRun() {
    let spaces: UInt64 = 0x2020_2020_2020_2020
    // Indented JSON puts a newline and up to sixteen spaces before most tokens: measure that with two
    // word loads (the first byte that is not a space is the lowest nonzero byte of the word XOR eight
    // spaces) and no loop. Anything else continues in the loop below.
    if bytes[offset] == 0x0A && offset &+ 17 <= bytes.count {
      offset &+= 1
      var notSpace = Self.word(bytes, at: offset) ^ spaces
      if notSpace == 0 {
        offset &+= 8
        notSpace = Self.word(bytes, at: offset) ^ spaces
      }
      if notSpace != 0 {
        offset &+= notSpace.trailingZeroBitCount >> 3
        if bytes[offset] > 0x20 { return }
      }
    }
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09:
        offset &+= 1
        // Runs of spaces are measured a word at a time, as above.
        while offset &+ 8 <= bytes.count {
          let notSpace = Self.word(bytes, at: offset) ^ spaces
          if notSpace != 0 {
            offset &+= notSpace.trailingZeroBitCount >> 3
            break
          }
          offset &+= 8
        }
      default:
        return
      }
    }
  }

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

  /// Eight input bytes as one word, the first byte lowest, so that in a mask of marked bytes
  /// `trailingZeroBitCount / 8` is the index of the first one.
  @inline(__always)
  static func word(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
  }

  /// The bytes of a word that end a string's fast path (`"`, `\`, a control character below 0x20, or
  /// anything non-ASCII), as the high bit of each such byte; zero when the word is plain text. (SWAR: a
  /// byte is zero where `v - 0x01…` borrows into its high bit while `v` had it clear. A borrow can mark
  /// a byte above a marked one falsely, never below, so the lowest mark is exact.)
  @inline(__always)
  static func specialBytes(_ x: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
    let quote = hasZero(x ^ (ones &* 0x22))
    let backslash = hasZero(x ^ (ones &* 0x5C))
    let control = (x &- ones &* 0x20) & ~x & highs
    return quote | backslash | control | (x & highs)
  }

  /// The first sixteen bytes of `range` as two words (first byte lowest), zero past its end: enough to
  /// tell short strings apart without comparing them byte by byte.
  @inline(__always)
  func leadingWords(of range: Range<Int>) -> (UInt64, UInt64) {
    let n = range.count
    var head: UInt64 = 0
    var tail: UInt64 = 0
    if range.lowerBound + 16 <= bytes.count {
      // Reading past the end of the range stays inside the input; the extra bytes are masked off.
      head = Self.word(bytes, at: range.lowerBound)
      tail = Self.word(bytes, at: range.lowerBound + 8)
      if n < 8 {
        head &= (1 << (8 * UInt64(n))) &- 1
        tail = 0
      } else if n < 16 {
        tail &= (1 << (8 * UInt64(n - 8))) &- 1
      }
    } else {
      for k in 0..<min(n, 16) {
        let b = UInt64(bytes[range.lowerBound + k]) << (8 * UInt64(k % 8))
        if k < 8 { head |= b } else { tail |= b }
      }
    }
    return (head, tail)
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

  /// Consumes `byte` if it comes next (after whitespace); for a reader that tries a form and gives up
  /// on anything else (see `move(to:)`).
  @inline(__always)
  mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  /// Moves to another offset at the same depth: past bytes a speculative read has checked itself, or
  /// back to where it started when it gives up.
  mutating func move(to newOffset: Int) {
    offset = newOffset
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

  // Objects and arrays are read with a cursor, not a callback per member:
  //
  //     if try s.beginObject() {
  //       repeat {
  //         let (key, keyOffset) = try s.readKey()
  //         … read exactly one value …
  //       } while try s.endMember()
  //     }
  //
  // On a million tiles a closure per member, with its captured state, cost more than reading the member.
  // Duplicate keys are the caller's to detect.

  /// Consumes `{` and enters the object. Returns whether a member follows; if not, `}` is consumed too.
  mutating func beginObject() throws -> Bool {
    try expect(UInt8(ascii: "{"), "'{'")
    try enter()
    if peek() == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return false
    }
    return true
  }

  /// Reads a member's key (as a token, undecoded unless it had escapes) and the `:` after it, leaving the
  /// scanner at the value. `offset` is where the key starts.
  mutating func readKey() throws -> (token: StringToken, offset: Int) {
    guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key, found \(found())") }
    let keyOffset = offset
    let key = try readStringToken()
    // Canonical files write `": "`: take that without the general whitespace calls.
    if offset + 1 < bytes.count && bytes[offset] == UInt8(ascii: ":") && bytes[offset + 1] == 0x20 {
      offset += 2
    } else {
      try expect(UInt8(ascii: ":"), "':' after the key")
    }
    skipWhitespace()
    return (key, keyOffset)
  }

  /// After a member's value: consumes `,` and returns true when another member follows, or consumes `}`,
  /// leaves the object and returns false.
  mutating func endMember() throws -> Bool {
    skipWhitespace()
    guard offset < bytes.count else { throw error("expected ',' or '}', found the end of the input") }
    switch bytes[offset] {
    case UInt8(ascii: ","):
      offset += 1
      return true
    case UInt8(ascii: "}"):
      offset += 1
      depth -= 1
      return false
    default:
      throw error("expected ',' or '}' after an object member, found \(found())")
    }
  }

  /// Consumes `[` and enters the array. Returns whether an element follows (the scanner then stands at
  /// it); if not, `]` is consumed too.
  mutating func beginArray() throws -> Bool {
    try expect(UInt8(ascii: "["), "'['")
    try enter()
    if peek() == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return false
    }
    return true
  }

  /// After an element: consumes `,` and returns true when another element follows (the scanner then
  /// stands at it), or consumes `]`, leaves the array and returns false.
  @inline(__always)
  mutating func endElement() throws -> Bool {
    skipWhitespace()
    guard offset < bytes.count else { throw error("expected ',' or ']', found the end of the input") }
    switch bytes[offset] {
    case UInt8(ascii: ","):
      offset += 1
      skipWhitespace()
      return true
    case UInt8(ascii: "]"):
      offset += 1
      depth -= 1
      return false
    default:
      throw error("expected ',' or ']' after an array element, found \(found())")
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

  /// Consumes `literal` if the input continues with it.
  mutating func matchLiteral(_ literal: StaticString) -> Bool {
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

  /// What a number means where the file requires a whole number.
  enum WholeNumber: Equatable {
    case value(Int)
    /// Not integral, like `1.5` or `1e-400`.
    case fraction
    /// Integral but beyond `Int`, like `1e400` or 20 digits.
    case overflow(negative: Bool)
  }

  /// The value of the number at `range` (already checked by `readNumberRange`) when it is integral:
  /// `1`, `1.0`, `1e0`, `10E-1` and `0.5e1` are all 1. JSON writers are free to spell a whole number in
  /// any of these ways, so the value decides, not the spelling. Worked out on the digits (no `Double`,
  /// which would round 2^53 + 1), with the exponent saturated so that `1e999999999999999999999` is an
  /// overflow rather than a crash.
  func wholeNumber(in range: Range<Int>) -> WholeNumber {
    let end = range.upperBound
    var i = range.lowerBound
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    func isDigit(_ k: Int) -> Bool { k < end && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
    let integerDigits = i
    while isDigit(i) { i += 1 }
    let integerCount = i - integerDigits
    var fractionDigits = i
    var fractionCount = 0
    if i < end && bytes[i] == UInt8(ascii: ".") {
      i += 1
      fractionDigits = i
      while isDigit(i) { i += 1 }
      fractionCount = i - fractionDigits
    }
    var exponent = 0
    if i < end && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
      i += 1
      var exponentNegative = false
      if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
        exponentNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      // Any exponent beyond 10^12 means the same here as 10^12: far outside Int, or far below 1.
      while isDigit(i) {
        exponent = min(exponent * 10 + Int(bytes[i] - 0x30), 1_000_000_000_000)
        i += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    // The significant digits are the integer digits followed by the fraction digits; the value is
    // those digits times 10^(exponent - fractionCount).
    let count = integerCount + fractionCount
    func digit(_ k: Int) -> Int {
      Int(bytes[k < integerCount ? integerDigits + k : fractionDigits + (k - integerCount)] - 0x30)
    }
    var first = 0
    while first < count && digit(first) == 0 { first += 1 }
    if first == count { return .value(0) }
    var last = count - 1
    while digit(last) == 0 { last -= 1 }
    // Trailing zeros become powers of ten; what is left must not need a negative power.
    let scale = exponent - fractionCount + (count - 1 - last)
    if scale < 0 { return .fraction }
    if last - first + 1 + scale > 19 { return .overflow(negative: negative) }
    var value = 0
    for k in first...(last + scale) {
      let (product, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = product.addingReportingOverflow(k <= last ? digit(k) : 0)
      if o1 || o2 { return .overflow(negative: negative) }
      value = sum
    }
    return .value(negative ? -value : value)
  }

  /// Reads a string, decoding escapes; rejects raw control characters, invalid UTF-8 and lone surrogates.
  package mutating func readString() throws -> String {
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
    token.decoded ?? string(in: token.range)
  }

  /// The text of input bytes that a string without escapes was read from.
  func string(in range: Range<Int>) -> String {
    Self.makeString(UnsafeBufferPointer(rebasing: bytes[range]))
  }

  /// A `String` of UTF-8 bytes (the scanner has checked them already; the standard library checks again).
  static func makeString(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
    // Up to 15 bytes a string is stored inline, and building it in place takes about a third fewer
    // instructions than `String(decoding:as:)` on that path. Longer strings are allocated either way.
    if utf8.count <= 15 {
      return String(unsafeUninitializedCapacity: utf8.count) { $0.initialize(fromContentsOf: utf8) }
    }
    return String(decoding: utf8, as: UTF8.self)
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
  @inline(__always)
  mutating func readStringToken() throws -> StringToken {
    skipWhitespace()
    // Most strings (keys, ids, short titles) are plain ASCII, and most are a word or two long: find the
    // closing quote a word at a time, inline. Anything else (escapes, other bytes, the end of the input
    // near) is left to the general loop, which starts over.
    if offset < bytes.count && bytes[offset] == UInt8(ascii: "\"") {
      var j = offset + 1
      while j + 8 <= bytes.count {
        let special = Self.specialBytes(Self.word(bytes, at: j))
        if special == 0 {
          j += 8
          continue
        }
        j += special.trailingZeroBitCount >> 3
        guard bytes[j] == UInt8(ascii: "\"") else { break }
        let token = StringToken(range: offset + 1..<j, decoded: nil)
        offset = j + 1
        return token
      }
    }
    return try readAnyStringToken()
  }

  /// `readStringToken`'s general loop: any string, or the error in it.
  private mutating func readAnyStringToken() throws -> StringToken {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
      throw error("expected a string, found \(found())")
    }
    let start = offset + 1
    var j = start
    // Fast path: no escapes, so the string is a slice of the input. Plain text is skipped a word at a
    // time, straight to the first byte that needs a look; only the last few bytes go one by one.
    while j < bytes.count {
      if j + 8 <= bytes.count {
        let special = Self.specialBytes(Self.word(bytes, at: j))
        if special == 0 {
          j += 8
          continue
        }
        j += special.trailingZeroBitCount >> 3
      }
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
    // A string with escapes is rare enough to get an array of its own.
    var scratch: [UInt8] = []
    scratch.reserveCapacity(firstEscape - start + 32)
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
          Self.appendUTF8(scalar, to: &scratch)
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

  private static func appendUTF8(_ scalar: UInt32, to scratch: inout [UInt8]) {
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
    guard let (length, low, high) = UTF8Lead.sequence(lead) else {
      throw error("invalid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)))", at: j)
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
  package mutating func readValue(at path: JSONPath) throws -> JSONValue {
    guard let c = peek() else { throw error("expected a value, found the end of the input") }
    switch c {
    case UInt8(ascii: "\""):
      return .string(try readString())
    case UInt8(ascii: "{"):
      var fields: [JSONField] = []
      var seen: Set<ExactString> = []
      if try beginObject() {
        repeat {
          let (token, keyOffset) = try readKey()
          let key = string(token)
          if fields.count < 16 {
            if fields.contains(where: { $0.key.isExactly(key) }) { throw DuplicateKey(path: path, key: key, offset: keyOffset) }
          } else {
            if seen.isEmpty { seen = Set(fields.map { ExactString($0.key) }) }
            if !seen.insert(ExactString(key)).inserted { throw DuplicateKey(path: path, key: key, offset: keyOffset) }
          }
          fields.append(JSONField(key, try readValue(at: path.key(key))))
        } while try endMember()
      }
      return .object(fields)
    case UInt8(ascii: "["):
      var elements: [JSONValue] = []
      if try beginArray() {
        repeat {
          elements.append(try readValue(at: path.index(elements.count)))
        } while try endElement()
      }
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
}

/// A key that appears twice in one object; reported with its path, not its offset.
package struct DuplicateKey: Error {
  package var path: JSONPath
  package var key: String
  package var offset: Int
}

/// What a UTF-8 lead byte starts (RFC 3629: no overlongs, no surrogates, at most U+10FFFF): the
/// sequence's length and the range its second byte must be in (the others are 0x80...0xBF).
package enum UTF8Lead {
  /// nil for a byte that starts no multi-byte sequence (ASCII included).
  @inline(__always)
  package static func sequence(_ lead: UInt8) -> (length: Int, low: UInt8, high: UInt8)? {
    switch lead {
    case 0xC2...0xDF: return (2, 0x80, 0xBF)
    case 0xE0: return (3, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: return (3, 0x80, 0xBF)
    case 0xED: return (3, 0x80, 0x9F)
    case 0xF0: return (4, 0x90, 0xBF)
    case 0xF1...0xF3: return (4, 0x80, 0xBF)
    case 0xF4: return (4, 0x80, 0x8F)
    default: return nil
    }
  }
}
