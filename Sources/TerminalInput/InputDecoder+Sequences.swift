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

  /// `ESC [`: keys, focus, SGR, urxvt and legacy mouse reports, the start of a bracketed paste; anything
  /// else is `.unknown`. `ESC [` followed by a byte that cannot continue it is Alt+[.
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
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      // rxvt's Shift with an `ESC [ n ~` key ends in `$`, which ECMA-48 would read as an intermediate
      // byte (and wait for a final one): digits and `$` are the whole sequence.
      var index = start + 2
      while index < bytes.count, index - start < maximumSequenceLength, (0x30...0x39).contains(bytes[index]) {
        index += 1
      }
      guard index < bytes.count else { break }
      if bytes[index] == UInt8(ascii: "$") {
        let number = Parameters(bytes, (start + 2)..<index)?[0] ?? 0
        let key = tildeKey(number).map { InputEvent.key($0.with(.shift)) }
        return .event(key ?? unknown(bytes, start, index + 1 - start), length: index + 1 - start)
      }
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
      if plain && final == UInt8(ascii: "~") && bytes[parameters].elementsEqual("200".utf8) {
        return .pasteStart(length: length)
      }
      let event = plain ? csiEvent(bytes, parameters, final: final) : nil
      return .event(event ?? unknown(bytes, start, length), length: length)
    }
  }

  /// A complete CSI without intermediates. Keys with modifiers come in xterm's forms (`ESC [1;5A`
  /// Ctrl-Up, `ESC [5;2~` Shift-PageUp, `ESC [1;3P` Alt-F1, `ESC [27;5;9~` with modifyOtherKeys),
  /// the `CSI u` form of fixterms and kitty (`ESC [97;5u` Ctrl-a), and rxvt's (`ESC [a` Shift-Up,
  /// `ESC [5^` Ctrl-PageUp, `ESC [5@` Ctrl-Shift-PageUp; `ESC [5$` is in `controlSequence`).
  static func csiEvent(_ bytes: Bytes, _ parameters: Range<Int>, final: UInt8) -> InputEvent? {
    if let first = parameters.first, bytes[first] == UInt8(ascii: "<") {
      // SGR mouse: ESC [ < button ; x ; y, then M (press or motion) or m (release).
      guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
        let numbers = Parameters(bytes, (first + 1)..<parameters.upperBound), numbers.count == 3
      else { return nil }
      return mouse(code: numbers[0], x: numbers[1], y: numbers[2], released: final == UInt8(ascii: "m"))
    }
    if final == UInt8(ascii: "u") { return csiU(bytes, parameters).map(InputEvent.key) }
    // Private markers (`?`, `>`, `=`) and sub-parameters (`:`) fail here: replies, not keys.
    guard let numbers = Parameters(bytes, parameters) else { return nil }
    /// The key with the modifiers of `CSI 1 ; m X` (none without a second parameter).
    func modified(_ key: Key) -> InputEvent? {
      guard numbers.count == 2 else { return .key(key) }
      return Modifiers(parameter: numbers[1]).map { .key(key.with($0)) }
    }
    switch final {
    case UInt8(ascii: "A"): return modified(.up)
    case UInt8(ascii: "B"): return modified(.down)
    case UInt8(ascii: "C"): return modified(.right)
    case UInt8(ascii: "D"): return modified(.left)
    case UInt8(ascii: "H"): return modified(.home)
    case UInt8(ascii: "F"): return modified(.end)
    case UInt8(ascii: "Z"): return modified(.backtab)
    case UInt8(ascii: "P"): return modified(.function(1))
    case UInt8(ascii: "Q"): return modified(.function(2))
    case UInt8(ascii: "S"): return modified(.function(4))
    // Modified F3 is ESC [ 1 ; m R; any other R is a cursor position report.
    case UInt8(ascii: "R"): return numbers.count == 2 && numbers[0] == 1 ? modified(.function(3)) : nil
    case UInt8(ascii: "I"): return numbers.count == 0 ? .focus(true) : nil
    case UInt8(ascii: "O"): return numbers.count == 0 ? .focus(false) : nil
    // urxvt's mouse mode 1015: ESC [ code ; x ; y M, the code plus 32 as in the legacy form.
    case UInt8(ascii: "M"):
      guard numbers.count == 3, numbers[0] >= 32 else { return nil }
      return mouse(code: numbers[0] - 32, x: numbers[1], y: numbers[2], released: false)
    case UInt8(ascii: "~"):
      if numbers.count == 3 && numbers[0] == 27 {
        // xterm's modifyOtherKeys: ESC [ 27 ; modifiers ; code ~.
        guard let key = unicodeKey(numbers[2]), let modifiers = Modifiers(parameter: numbers[1]) else { return nil }
        return .key(key.with(modifiers))
      }
      guard numbers.count == 1 || numbers.count == 2, let key = tildeKey(numbers[0]) else { return nil }
      return modified(key)
    // rxvt: Shift-arrows as ESC [ a-d; Ctrl (^) and Ctrl-Shift (@) after the `ESC [ n ~` numbers.
    case UInt8(ascii: "a")...UInt8(ascii: "d"):
      guard numbers.count == 0 else { return nil }
      return .key(rxvtArrow(final).with(.shift))
    case UInt8(ascii: "^"), UInt8(ascii: "@"):
      guard numbers.count == 1, let key = tildeKey(numbers[0]) else { return nil }
      return .key(key.with(final == UInt8(ascii: "^") ? .control : [.control, .shift]))
    default: return nil
    }
  }

  /// The arrow of rxvt's `a` to `d` finals (after `ESC [` Shift, after `ESC O` Ctrl).
  static func rxvtArrow(_ final: UInt8) -> Key {
    switch final {
    case UInt8(ascii: "a"): return .up
    case UInt8(ascii: "b"): return .down
    case UInt8(ascii: "c"): return .right
    default: return .left
    }
  }

  /// `ESC [ code ; modifiers u` (fixterms, kitty's keyboard protocol): the key's Unicode code point and
  /// xterm's modifier number. kitty's sub-parameters (`code:shifted:base`, `modifiers:event`) are read
  /// for their first value; a release event (`:3`) and text parameters make it no key press.
  static func csiU(_ bytes: Bytes, _ parameters: Range<Int>) -> Key? {
    var fields: [[Int]] = [[0]]
    for index in parameters {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let last = fields[fields.count - 1].count - 1
        fields[fields.count - 1][last] = min(
          fields[fields.count - 1][last] * 10 + Int(byte - UInt8(ascii: "0")), Parameters.saturation)
      case UInt8(ascii: ":"): fields[fields.count - 1].append(0)
      case UInt8(ascii: ";"):
        guard fields.count < 2 else { return nil }
        fields.append([0])
      default: return nil
      }
    }
    if fields.count > 1 && fields[1].count > 1 && fields[1][1] == 3 { return nil }
    guard let key = unicodeKey(fields[0][0]) else { return nil }
    let modifiers: Modifiers? = fields.count > 1 ? Modifiers(parameter: fields[1][0]) : []
    return modifiers.map { key.with($0) }
  }

  /// The key for a Unicode code point in `CSI u` and modifyOtherKeys: Tab, Enter, Escape, Backspace
  /// and Space by their control codes, a printable character as itself. Control codes, C1, surrogates
  /// and the private use area (kitty's codes for keypad, media and modifier keys) are nil.
  static func unicodeKey(_ code: Int) -> Key? {
    switch code {
    case 9: return .tab
    case 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace
    case 32: return .space
    case 0...31, 0x80...0x9F, 0xE000...0xF8FF, 0xF0000...: return nil
    default: return Unicode.Scalar(UInt32(code)).map { .character(Character($0)) }
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

  /// `ESC O` (keypad transmit mode): arrows, Home, End, F1-F4 and the keypad. A parameter is a
  /// modifier, as in old xterms' `ESC O 5 A` (Ctrl-Up) or `ESC O 1 ; 2 P` (Shift-F1); rxvt sends
  /// Ctrl-arrows as `ESC O a` to `ESC O d`. `ESC O` followed by a byte that cannot continue it is Alt+O.
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
      var key: Key?
      if plain, let numbers = Parameters(bytes, parameters), numbers.count <= 2 {
        let modifiers: Modifiers? = numbers.count == 0 ? [] : Modifiers(parameter: numbers[numbers.count - 1])
        if let modifiers { key = singleShiftKey(final)?.with(modifiers) }
      }
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
    case UInt8(ascii: "a")...UInt8(ascii: "d"): return rxvtArrow(final).with(.control)
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
