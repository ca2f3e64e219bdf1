import Canvas

/// The events file of `tilegrid play`: one event per line, `#` starts a comment (outside quotes),
/// coordinates are zero-based screen cells, time is virtual (docs/command-line.md).
///
///     press X Y          button 1 down
///     move X Y           pointer motion (a drag while the button is down)
///     release X Y        button 1 up
///     wait MS            advance the clock (long-press and auto-scroll timers fire)
///     wheel up|down X Y  one notch of the mouse wheel
///     key NAME           a key by name (`EventScript.keyNames`), or one character
///     resize W H         the terminal's new size
///     input "BYTES"      raw terminal input (`\e`, `\xNN`, `\\`, `\"`, `\n`, `\r`, `\t`), decoded
///                        exactly as the interactive editor decodes what the terminal sends
public enum ScriptEvent: Equatable, Sendable {
  case input(InputEvent)
  case bytes([UInt8])
  case wait(Int)
}

/// A line of an events file that is not an event; `description` is `LINE: MESSAGE`.
public struct EventScriptError: Error, Equatable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public var description: String { "line \(line): \(message)" }
}

public enum EventScript {
  /// The largest coordinate or wait a script may give. Sizes follow `Screen.maximumSide`.
  public static let maximumNumber = 1_000_000_000

  /// Every key the editor knows, by the name an events file gives it. Characters are written as
  /// themselves (`key u`), except those that would read as something else: `hash` (`#` starts a
  /// comment) and `space`. Ctrl-letters are `ctrl-r`, Alt-characters `alt-x`, function keys `f1`…
  public static let keyNames: [(name: String, key: Key)] = [
    ("space", .space), ("enter", .enter), ("esc", .escape), ("tab", .tab), ("backtab", .backtab),
    ("backspace", .backspace), ("delete", .delete), ("insert", .insert), ("left", .left), ("right", .right),
    ("up", .up), ("down", .down), ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
    ("hash", .character("#")),
  ]

  /// Other spellings accepted when reading.
  static let aliases: [String: Key] = [
    "escape": .escape, "return": .enter, "pageup": .pageUp, "pagedown": .pageDown, "del": .delete,
    "shift-tab": .backtab,
  ]

  /// The name `key NAME` uses for a key; `parseKey` reads it back.
  public static func name(of key: Key) -> String {
    if let named = keyNames.first(where: { $0.key == key }) { return named.name }
    switch key {
    case .character(let c): return String(c)
    case .control(let c): return "ctrl-\(c)"
    case .alt(let c): return c == "#" ? "alt-hash" : c == " " ? "alt-space" : "alt-\(c)"
    case .function(let n): return "f\(n)"
    default: return "\(key)"
    }
  }

  /// The key for a name, or nil.
  public static func parseKey(_ name: String) -> Key? {
    if let named = keyNames.first(where: { $0.name == name }) { return named.key }
    let lower = name.lowercased()
    if let key = aliases[lower] { return key }
    if lower.hasPrefix("ctrl-") || lower.hasPrefix("alt-") {
      let isControl = lower.hasPrefix("ctrl-")
      let rest = String(name.dropFirst(isControl ? 5 : 4))
      let c: Character? = rest == "hash" ? "#" : rest == "space" ? " " : rest.count == 1 ? rest.first : nil
      guard let c else { return nil }
      if isControl {
        guard let letter = c.lowercased().first, letter.isASCII, letter.isLetter else { return nil }
        return .control(letter)
      }
      return .alt(c)
    }
    if lower.first == "f", let n = Int(lower.dropFirst()), (1...24).contains(n) { return .function(n) }
    if name.count == 1, let c = name.first, c != " " { return .character(c) }
    return nil
  }

  /// Parses an events file. - Throws: the first bad line, with its number.
  public static func parse(_ bytes: [UInt8]) throws(EventScriptError) -> [(line: Int, event: ScriptEvent)] {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw EventScriptError(line: lineOfFirstInvalidByte(bytes), message: "the events file is not UTF-8 text")
    }
    var events: [(line: Int, event: ScriptEvent)] = []
    var number = 0
    // "\r\n" is one Character in Swift, so CRLF files need it named as a separator of its own.
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      number += 1
      let words = try self.words(line, line: number)
      guard let verb = words.first else { continue }
      events.append((number, try event(verb: verb, Array(words.dropFirst()), line: number)))
    }
    return events
  }

  /// A word of a line: plain, or a quoted string (its text between the quotes, escapes undone later).
  enum Word: Equatable {
    case plain(String)
    case quoted(String)

    var plainText: String? {
      if case .plain(let text) = self { return text }
      return nil
    }
  }

  /// Splits a line into words at spaces and tabs; `#` outside quotes ends the line.
  static func words(_ line: Substring, line number: Int) throws(EventScriptError) -> [Word] {
    var words: [Word] = []
    var current = ""
    var quoted: String?
    var escaping = false
    for c in line {
      if var q = quoted {
        if escaping {
          q.append(c)
          escaping = false
        } else if c == "\\" {
          q.append(c)
          escaping = true
        } else if c == "\"" {
          words.append(.quoted(q))
          quoted = nil
          continue
        } else {
          q.append(c)
        }
        quoted = q
        continue
      }
      switch c {
      case "#":
        if !current.isEmpty { words.append(.plain(current)) }
        return words
      case " ", "\t", "\r":
        if !current.isEmpty { words.append(.plain(current)) }
        current = ""
      case "\"" where current.isEmpty:
        quoted = ""
      default:
        current.append(c)
      }
    }
    if quoted != nil { throw EventScriptError(line: number, message: "a quoted string is not closed") }
    if !current.isEmpty { words.append(.plain(current)) }
    return words
  }

  private static func lineOfFirstInvalidByte(_ bytes: [UInt8]) -> Int {
    var line = 1
    var start = 0
    for (i, b) in bytes.enumerated() where b == 0x0A {
      if String(validating: bytes[start..<i], as: UTF8.self) == nil { return line }
      line += 1
      start = i + 1
    }
    return line
  }

  private static func event(verb word: Word, _ arguments: [Word], line: Int) throws(EventScriptError) -> ScriptEvent {
    func fail(_ message: String) -> EventScriptError { EventScriptError(line: line, message: message) }
    guard let verb = word.plainText else { throw fail("a line starts with an event name, not a quoted string") }
    func numbers(_ names: [String], in range: ClosedRange<Int>) throws(EventScriptError) -> [Int] {
      guard arguments.count == names.count else {
        throw fail(
          "'\(verb)' takes \(names.joined(separator: " ")), got \(arguments.count) argument\(arguments.count == 1 ? "" : "s")")
      }
      var values: [Int] = []
      for (name, word) in zip(names, arguments) {
        let text = word.plainText ?? "\"…\""
        guard let value = Int(text), range.contains(value) else {
          throw fail("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        values.append(value)
      }
      return values
    }
    func mouse(_ action: MouseEvent.Action) throws(EventScriptError) -> ScriptEvent {
      let xy = try numbers(["X", "Y"], in: 0...maximumNumber)
      return .input(.mouse(MouseEvent(action, x: xy[0], y: xy[1])))
    }
    switch verb {
    case "press": return try mouse(.press(.left))
    case "move": return try mouse(.motion)
    case "release": return try mouse(.release(.left))
    case "wait": return .wait(try numbers(["MS"], in: 0...maximumNumber)[0])
    case "resize":
      let size = try numbers(["W", "H"], in: 1...Screen.maximumSide)
      return .input(.resize(width: size[0], height: size[1]))
    case "wheel":
      guard arguments.count == 3, let way = arguments[0].plainText, way == "up" || way == "down" else {
        throw fail("'wheel' takes up|down X Y")
      }
      let rest = Array(arguments.dropFirst())
      guard let x = rest[0].plainText.flatMap({ Int($0) }), let y = rest[1].plainText.flatMap({ Int($0) }),
        (0...maximumNumber).contains(x), (0...maximumNumber).contains(y)
      else {
        throw fail("X and Y must be whole numbers from 0 to \(maximumNumber)")
      }
      return .input(.mouse(MouseEvent(way == "up" ? .wheelUp : .wheelDown, x: x, y: y)))
    case "key":
      guard arguments.count == 1, let name = arguments[0].plainText else {
        throw fail("'key' takes one NAME (like space, esc, left, u, hash or ctrl-r)")
      }
      guard let key = parseKey(name) else {
        throw fail(
          "unknown key '\(name)' (\(keyNames.map(\.name).joined(separator: " ")), ctrl-LETTER, alt-CHARACTER, "
            + "f1-f24, or one character)")
      }
      return .input(.key(key))
    case "input":
      guard arguments.count == 1, case .quoted(let text) = arguments[0] else {
        throw fail(#"'input' takes one quoted string of bytes, like "\e[<0;3;4M""#)
      }
      return .bytes(try unescape(text, line: line))
    default:
      throw fail("unknown event '\(verb)' (press, move, release, wait, wheel, key, resize or input)")
    }
  }

  /// The bytes of an `input` string: UTF-8 text with `\e` (ESC), `\xNN`, `\\`, `\"`, `\n`, `\r`, `\t`.
  static func unescape(_ text: String, line: Int) throws(EventScriptError) -> [UInt8] {
    var bytes: [UInt8] = []
    var scalars = text.unicodeScalars.makeIterator()
    func hexValue(_ s: Unicode.Scalar?) -> UInt8? {
      guard let s, s.isASCII, let v = UInt8(String(s), radix: 16) else { return nil }
      return v
    }
    while let s = scalars.next() {
      guard s == "\\" else {
        bytes.append(contentsOf: Array(String(s).utf8))
        continue
      }
      switch scalars.next() {
      case "e": bytes.append(0x1B)
      case "\\": bytes.append(0x5C)
      case "\"": bytes.append(0x22)
      case "n": bytes.append(0x0A)
      case "r": bytes.append(0x0D)
      case "t": bytes.append(0x09)
      case "x":
        guard let high = hexValue(scalars.next()), let low = hexValue(scalars.next()) else {
          throw EventScriptError(line: line, message: #"'\x' takes two hex digits, like \x1b"#)
        }
        bytes.append(high << 4 | low)
      default:
        throw EventScriptError(line: line, message: #"unknown escape in an input string (\e \xNN \\ \" \n \r \t)"#)
      }
    }
    return bytes
  }

  /// An `input` line for bytes, written so that `unescape` gives them back: printable ASCII as itself,
  /// everything else as `\e` or `\xNN`.
  public static func inputLine(_ bytes: [UInt8]) -> String {
    var text = "input \""
    for b in bytes {
      switch b {
      case 0x1B: text += "\\e"
      case 0x5C: text += "\\\\"
      case 0x22: text += "\\\""
      case 0x20...0x7E: text.unicodeScalars.append(Unicode.Scalar(b))
      default:
        let hex = String(b, radix: 16)
        text += "\\x" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return text + "\""
  }
}

extension EditorState {
  /// Lets `milliseconds` of virtual time pass. The engine fires every timer due by then at its own
  /// due time, exactly as the interactive loop does with a real clock.
  public mutating func wait(_ milliseconds: Int) -> [EditorEffect] {
    update(.tick, at: now + milliseconds)
  }

  /// Plays one scripted event at the current virtual time.
  public mutating func play(_ event: ScriptEvent) -> [EditorEffect] {
    switch event {
    case .wait(let milliseconds): return wait(milliseconds)
    case .input(let input): return update(.input(input), at: now)
    case .bytes(let bytes): return update(.bytes(bytes), at: now)
    }
  }
}
