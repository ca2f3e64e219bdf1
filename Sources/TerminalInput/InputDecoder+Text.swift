/// Single bytes, Esc-prefixed keys and UTF-8: everything that is not a control sequence or a string.
extension InputDecoder {
  typealias Bytes = UnsafeBufferPointer<UInt8>

  /// Decodes the sequence starting at `start`. `continuation`, when set, takes the bytes first.
  static func step(_ bytes: Bytes, at start: Int, _ continuation: inout Continuation?) -> Step {
    if let kind = continuation {
      let scan =
        kind == .string
        ? scanString(bytes, from: start, start: start) : scanControlSequence(bytes, from: start, start: start)
      switch scan {
      case .incomplete:
        return .incomplete
      case .cut(let length):
        return .event(unknown(bytes, start, length), length: length)
      case .ended(let length):
        continuation = nil
        if length > 0 { return .event(unknown(bytes, start, length), length: length) }
      case .complete(_, _, _, let length):
        continuation = nil
        return .event(unknown(bytes, start, length), length: length)
      }
    }
    let byte = bytes[start]
    if byte == Byte.escape { return escape(bytes, at: start, &continuation) }
    if byte < 0x80 { return .event(.key(key(ascii: byte)), length: 1) }
    switch utf8(bytes, at: start) {
    case .incomplete: return .incomplete
    case .character(let character, let length): return .event(.key(.character(character)), length: length)
    case .invalid(let length): return .event(unknown(bytes, start, length), length: length)
    }
  }

  /// One ASCII byte other than Esc. Raw mode sends Enter as CR (LF is accepted too), Backspace as DEL or
  /// BS; Tab, CR and BS win over Ctrl-I, Ctrl-M and Ctrl-H. The other C0 bytes are Ctrl plus the
  /// character of their caret notation (`^C`), letters lower-cased: NUL (Ctrl-Space) is `.control("@")`,
  /// 0x1C-0x1F are `.control("\\")`, `"]"`, `"^"`, `"_"`.
  static func key(ascii byte: UInt8) -> Key {
    switch byte {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x08, 0x7F: return .backspace
    case 0x20: return .space
    case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
    case 0x00...0x1F: return .control(Character(Unicode.Scalar(byte + 0x40)))
    default: return .character(Character(Unicode.Scalar(byte)))
    }
  }

  /// Esc and what follows it. Esc then a printable character (ASCII or UTF-8) is Alt plus it; Esc then
  /// Esc, a C0 control or DEL is the Escape key, and the next byte starts over, so two presses of Esc are
  /// two Escapes and Esc then Enter is Escape then Enter. `[`, `O`, `]`, `P` and `_` introduce a CSI, an
  /// SS3, an OSC, a DCS and an APC.
  static func escape(_ bytes: Bytes, at start: Int, _ continuation: inout Continuation?) -> Step {
    guard start + 1 < bytes.count else { return .incomplete }
    let next = bytes[start + 1]
    switch next {
    case UInt8(ascii: "["): return controlSequence(bytes, at: start, &continuation)
    case UInt8(ascii: "O"): return singleShift(bytes, at: start, &continuation)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"): return string(bytes, at: start, &continuation)
    case 0x20...0x7E: return .event(.key(.alt(Character(Unicode.Scalar(next)))), length: 2)
    case 0x80...:
      switch utf8(bytes, at: start + 1) {
      case .incomplete: return .incomplete
      case .character(let character, let length): return .event(.key(.alt(character)), length: 1 + length)
      case .invalid: return .event(.key(.escape), length: 1)
      }
    default:
      return .event(.key(.escape), length: 1)
    }
  }

  enum UTF8Result {
    case incomplete
    case character(Character, length: Int)
    /// Bytes that cannot start or continue a character: the lead byte and the continuation bytes that
    /// were right before the first wrong one (Unicode's "maximal subpart"), so decoding resumes there.
    case invalid(length: Int)
  }

  /// One UTF-8 character by the well-formed byte sequences of Unicode's table 3-7 (no overlong forms,
  /// surrogates or values past U+10FFFF). C1 controls (U+0080-U+009F) are no characters to type and count
  /// as invalid. Each scalar is its own character: a combining mark is not joined to the character before.
  static func utf8(_ bytes: Bytes, at start: Int) -> UTF8Result {
    let lead = bytes[start]
    let count: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: count = 2
    case 0xE0:
      count = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: count = 3
    case 0xED:
      count = 3
      high = 0x9F
    case 0xF0:
      count = 4
      low = 0x90
    case 0xF1...0xF3: count = 4
    case 0xF4:
      count = 4
      high = 0x8F
    default: return .invalid(length: 1)
    }
    var value = UInt32(lead) & (count == 2 ? 0x1F : count == 3 ? 0x0F : 0x07)
    for offset in 1..<count {
      guard start + offset < bytes.count else { return .incomplete }
      let byte = bytes[start + offset]
      guard byte >= low && byte <= high else { return .invalid(length: offset) }
      value = value << 6 | UInt32(byte & 0x3F)
      low = 0x80
      high = 0xBF
    }
    guard value > 0x9F, let scalar = Unicode.Scalar(value) else { return .invalid(length: count) }
    return .character(Character(scalar), length: count)
  }

  /// `.unknown` with `length` bytes from `start`.
  static func unknown(_ bytes: Bytes, _ start: Int, _ length: Int) -> InputEvent {
    .unknown(Array(bytes[start..<(start + length)]))
  }
}
