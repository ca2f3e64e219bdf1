/// Control sequences (CSI `ESC [`, SS3 `ESC O`), strings (OSC, DCS, APC) and mouse reports.
extension InputDecoder {
  /// How far a sequence goes, found before decoding it.
  enum Scan {
    case incomplete
    /// `maximumSequenceLength` bytes without an end: reported as `.unknown`, the rest continues.
    case cut(length: Int)
    /// Ended: a string by its terminator (counted), any sequence by a byte that cannot be in it (not
    /// counted: decoding resumes there).
    case ended(length: Int)
    /// A control sequence with its final byte. `plain`: no intermediate bytes.
    case complete(parameters: Range<Int>, plain: Bool, final: UInt8, length: Int)
  }

  /// The bytes from `index` of a control sequence starting at `start`: parameter bytes (0x30-0x3F) and
  /// intermediate bytes (0x20-0x2F), then a final byte (0x40-0x7E), per ECMA-48.
  static func scanControlSequence(_ bytes: Bytes, from index: Int, start: Int) -> Scan {
    var index = index
    var plain = true
    let first = index
    while true {
      if index - start >= maximumSequenceLength { return .cut(length: index - start) }
      if index == bytes.count { return .incomplete }
      let byte = bytes[index]
      switch byte {
      case 0x30...0x3F: break
      case 0x20...0x2F: plain = false
      case 0x40...0x7E:
        return .complete(parameters: first..<index, plain: plain, final: byte, length: index + 1 - start)
      default: return .ended(length: index - start)
      }
      index += 1
    }
  }

  /// The bytes from `index` of a string starting at `start`, up to BEL or ESC \ (both end it and belong
  /// to it). Esc followed by anything else, or another C0 control, ends it before that byte, as xterm
  /// aborts a string on Esc, CAN and SUB: replies never contain them, and a key pressed right after
  /// Alt+] or Alt+P must not be swallowed.
  static func scanString(_ bytes: Bytes, from index: Int, start: Int) -> Scan {
    var index = index
    while true {
      if index - start >= maximumSequenceLength { return .cut(length: index - start) }
      if index == bytes.count { return .incomplete }
      let byte = bytes[index]
      if byte == Byte.bell { return .ended(length: index + 1 - start) }
      if byte == Byte.escape {
        guard index + 1 < bytes.count else { return .incomplete }
        return .ended(length: bytes[index + 1] == Byte.backslash ? index + 2 - start : index - start)
      }
      if byte < 0x20 { return .ended(length: index - start) }
      index += 1
    }
  }

  /// `ESC [`: keys, focus, SGR and legacy mouse reports; anything else is `.unknown`. `ESC [` followed by
  /// a byte that cannot continue it is Alt+[.
  static func controlSequence(_ bytes: Bytes, at start: Int, _ continuation: inout Continuation?) -> Step {
    guard start + 2 < bytes.count else { return .incomplete }
    switch bytes[start + 2] {
    case UInt8(ascii: "M"):
      // Legacy (X10 / normal) mouse report: three bytes follow, each a value plus 32.
      guard start + 5 < bytes.count else { return .incomplete }
      let event = legacyMouse(bytes[start + 3], bytes[start + 4], bytes[start + 5])
      return .event(event ?? unknown(bytes, start, 6), length: 6)
    case UInt8(ascii: "["):
      // The Linux console's F1-F5: ESC [ [ A to ESC [ [ E.
      guard start + 3 < bytes.count else { return .incomplete }
      let final = bytes[start + 3]
      guard final >= UInt8(ascii: "A") && final <= UInt8(ascii: "E") else {
        return .event(unknown(bytes, start, 3), length: 3)
      }
      return .event(.key(.function(Int(final - UInt8(ascii: "A")) + 1)), length: 4)
    default:
      break
    }
    switch scanControlSequence(bytes, from: start + 2, start: start) {
    case .incomplete:
      return .incomplete
    case .cut(let length):
      continuation = .controlSequence
      return .event(unknown(bytes, start, length), length: length)
    case .ended(let length):
      return .event(length == 2 ? .key(.alt("[")) : unknown(bytes, start, length), length: length)
    case .complete(let parameters, let plain, let final, let length):
      let event = plain ? csiEvent(bytes, parameters, final: final) : nil
      return .event(event ?? unknown(bytes, start, length), length: length)
    }
  }

  /// A complete CSI without intermediates. Modified keys (`ESC [1;5A`, `ESC [5;2~`) decode to their
  /// base key: modifiers on keys are not modelled.
  static func csiEvent(_ bytes: Bytes, _ parameters: Range<Int>, final: UInt8) -> InputEvent? {
    if let first = parameters.first, bytes[first] == UInt8(ascii: "<") {
      // SGR mouse: ESC [ < button ; x ; y, then M (press or motion) or m (release).
      guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
        let numbers = Parameters(bytes, (first + 1)..<parameters.upperBound), numbers.count == 3
      else { return nil }
      return mouse(code: numbers[0], x: numbers[1], y: numbers[2], released: final == UInt8(ascii: "m"))
    }
    // Private markers (`?`, `>`, `=`) and sub-parameters (`:`) fail here: replies, not keys.
    guard let numbers = Parameters(bytes, parameters) else { return nil }
    switch final {
    case UInt8(ascii: "A"): return .key(.up)
    case UInt8(ascii: "B"): return .key(.down)
    case UInt8(ascii: "C"): return .key(.right)
    case UInt8(ascii: "D"): return .key(.left)
    case UInt8(ascii: "H"): return .key(.home)
    case UInt8(ascii: "F"): return .key(.end)
    case UInt8(ascii: "Z"): return .key(.backtab)
    case UInt8(ascii: "P"): return .key(.function(1))
    case UInt8(ascii: "Q"): return .key(.function(2))
    case UInt8(ascii: "S"): return .key(.function(4))
    // Modified F3 is ESC [ 1 ; m R; any other R is a cursor position report.
    case UInt8(ascii: "R"): return numbers.count == 2 && numbers[0] == 1 ? .key(.function(3)) : nil
    case UInt8(ascii: "I"): return numbers.count == 0 ? .focus(true) : nil
    case UInt8(ascii: "O"): return numbers.count == 0 ? .focus(false) : nil
    case UInt8(ascii: "~"): return numbers.count == 0 ? nil : tildeKey(numbers[0]).map(InputEvent.key)
    default: return nil
    }
  }

  /// The keys of `ESC [ n ~` (xterm, VT220, rxvt and the Linux console numbers).
  static func tildeKey(_ number: Int) -> Key? {
    switch number {
    case 1, 7: return .home
    case 2: return .insert
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    case 11...15: return .function(number - 10)
    case 17...21: return .function(number - 11)
    case 23...26: return .function(number - 12)
    case 28, 29: return .function(number - 13)
    case 31...34: return .function(number - 14)
    default: return nil
    }
  }

  /// `ESC O` (keypad transmit mode): arrows, Home, End, F1-F4 and the keypad. Parameters, as in old
  /// xterms' `ESC O 5 A`, are modifiers and ignored. `ESC O` followed by a byte that cannot continue it
  /// is Alt+O.
  static func singleShift(_ bytes: Bytes, at start: Int, _ continuation: inout Continuation?) -> Step {
    switch scanControlSequence(bytes, from: start + 2, start: start) {
    case .incomplete:
      return .incomplete
    case .cut(let length):
      continuation = .controlSequence
      return .event(unknown(bytes, start, length), length: length)
    case .ended(let length):
      return .event(length == 2 ? .key(.alt("O")) : unknown(bytes, start, length), length: length)
    case .complete(let parameters, let plain, let final, let length):
      let key = plain && Parameters(bytes, parameters) != nil ? singleShiftKey(final) : nil
      return .event(key.map(InputEvent.key) ?? unknown(bytes, start, length), length: length)
    }
  }

  /// The keypad's characters for `ESC O j` to `ESC O y`.
  private static let keypadCharacters: [Character] = Array("*+,-./0123456789")

  static func singleShiftKey(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final - UInt8(ascii: "P")) + 1)
    case UInt8(ascii: "M"): return .enter
    case UInt8(ascii: "I"): return .tab
    case UInt8(ascii: "X"): return .character("=")
    case UInt8(ascii: "j")...UInt8(ascii: "y"): return .character(keypadCharacters[Int(final - UInt8(ascii: "j"))])
    default: return nil
    }
  }

  /// OSC (`ESC ]`), DCS (`ESC P`) and APC (`ESC _`) strings: replies and reports, never keys, so always
  /// `.unknown`. The introducer followed by a byte that ends it at once is Alt plus the introducer.
  static func string(_ bytes: Bytes, at start: Int, _ continuation: inout Continuation?) -> Step {
    switch scanString(bytes, from: start + 2, start: start) {
    case .incomplete:
      return .incomplete
    case .cut(let length):
      continuation = .string
      return .event(unknown(bytes, start, length), length: length)
    case .ended(let length), .complete(_, _, _, let length):
      guard length > 2 else { return .event(.key(.alt(Character(Unicode.Scalar(bytes[start + 1])))), length: 2) }
      return .event(unknown(bytes, start, length), length: length)
    }
  }

  /// An SGR report's button code: the low two bits are the button (3: none), +4 Shift, +8 Alt, +16
  /// Control, +32 motion, +64 the wheel (low bits: up, down, left, right). Codes of 128 and up (buttons
  /// 8-11) have no `MouseButton` and are nil, like wheel "releases", which xterm never sends. A release
  /// without a button (the legacy encoding's code 3) is taken as the left button's.
  static func mouse(code: Int, x: Int, y: Int, released: Bool) -> InputEvent? {
    guard code < 128 else { return nil }
    var modifiers: Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let action: MouseEvent.Action
    let button: MouseButton
    switch code & 3 {
    case 0: button = .left
    case 1: button = .middle
    case 2: button = .right
    default: button = .left
    }
    if code & 64 != 0 {
      guard !released else { return nil }
      switch code & 3 {
      case 0: action = .wheelUp
      case 1: action = .wheelDown
      case 2: action = .wheelLeft
      default: action = .wheelRight
      }
    } else if code & 32 != 0 {
      action = .motion
    } else if released || code & 3 == 3 {
      action = .release(button)
    } else {
      action = .press(button)
    }
    return .mouse(MouseEvent(action, x: coordinate(x), y: coordinate(y), modifiers: modifiers))
  }

  /// A one-based reported coordinate as a zero-based cell: 0 (xterm's "out of range") is 0, huge values
  /// are `maximumCoordinate`.
  static func coordinate(_ reported: Int) -> Int {
    min(max(reported, 1), maximumCoordinate + 1) - 1
  }

  /// A legacy report, `ESC [ M` and three bytes (code, x, y, each plus 32). Releases carry code 3 (no
  /// button). A code byte below 32 is no report.
  static func legacyMouse(_ code: UInt8, _ x: UInt8, _ y: UInt8) -> InputEvent? {
    guard code >= 32 else { return nil }
    return mouse(code: Int(code) - 32, x: Int(x) - 32, y: Int(y) - 32, released: false)
  }
}

extension InputDecoder {
  /// Up to three decimal parameters of a control sequence, separated by `;` (an empty one is 0). Values
  /// saturate at `saturation`, so no digit string can overflow; beyond the third only the count is kept.
  struct Parameters {
    static let saturation = 1_000_000

    private(set) var count = 0
    private var first = 0
    private var second = 0
    private var third = 0

    /// Nil when the bytes hold anything but digits and `;`.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
      guard !range.isEmpty else { return }
      count = 1
      var value = 0
      for index in range {
        let byte = bytes[index]
        if byte == UInt8(ascii: ";") {
          store(value)
          value = 0
          count += 1
        } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
          value = min(value * 10 + Int(byte - UInt8(ascii: "0")), Self.saturation)
        } else {
          return nil
        }
      }
      store(value)
    }

    private mutating func store(_ value: Int) {
      switch count {
      case 1: first = value
      case 2: second = value
      case 3: third = value
      default: break
      }
    }

    /// The parameter at `index` (0, 1 or 2); 0 when absent.
    subscript(index: Int) -> Int {
      switch index {
      case 0: return first
      case 1: return second
      case 2: return third
      default: return 0
      }
    }
  }
}
