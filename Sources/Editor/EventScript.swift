import Canvas

/// The events file of `tilegrid play` (DESIGN.md §7): one event per line, `#` starts a comment,
/// coordinates are zero-based screen cells, time is virtual.
///
///     press X Y          button 1 down
///     move X Y           pointer motion (a drag while the button is down)
///     release X Y        button 1 up
///     wait MS            advance the clock (long-press and auto-scroll timers fire)
///     wheel up|down X Y  one notch of the mouse wheel
///     key NAME           space enter esc left right up down pgup pgdn home end tab backtab, or one character
///     resize W H
public enum ScriptEvent: Equatable, Sendable {
  case input(InputEvent)
  case wait(Int)
}

/// A line of an events file that is not an event; `description` is `LINE: MESSAGE`.
public struct EventScriptError: Error, Equatable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public var description: String { "line \(line): \(message)" }
}

public enum EventScript {
  /// The largest coordinate, size or wait a script may give.
  public static let maximumNumber = 1_000_000_000

  static let namedKeys: [String: Key] = [
    "space": .space, "enter": .enter, "esc": .escape, "escape": .escape, "left": .left, "right": .right,
    "up": .up, "down": .down, "pgup": .pageUp, "pgdn": .pageDown, "home": .home, "end": .end, "tab": .tab,
    "backtab": .backtab, "backspace": .backspace, "delete": .delete,
  ]

  /// Parses an events file. - Throws: the first bad line, with its number.
  public static func parse(_ bytes: [UInt8]) throws(EventScriptError) -> [(line: Int, event: ScriptEvent)] {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw EventScriptError(line: lineOfFirstInvalidByte(bytes), message: "the events file is not UTF-8 text")
    }
    var events: [(line: Int, event: ScriptEvent)] = []
    var number = 0
    // "\r\n" is one Character in Swift, so CRLF files need it named as a separator of its own.
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      number += 1
      var line = rawLine
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      guard let verb = words.first else { continue }
      events.append((number, try event(verb: String(verb), Array(words.dropFirst()), line: number)))
    }
    return events
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

  private static func event(verb: String, _ arguments: [Substring], line: Int) throws(EventScriptError) -> ScriptEvent {
    func fail(_ message: String) -> EventScriptError { EventScriptError(line: line, message: message) }
    func numbers(_ names: [String]) throws(EventScriptError) -> [Int] {
      guard arguments.count == names.count else {
        throw fail("'\(verb)' takes \(names.joined(separator: " ")), got \(arguments.count) argument\(arguments.count == 1 ? "" : "s")")
      }
      var values: [Int] = []
      for (name, text) in zip(names, arguments) {
        guard let value = Int(text), value >= 0, value <= maximumNumber else {
          throw fail("\(name) must be a whole number from 0 to \(maximumNumber), not '\(text)'")
        }
        values.append(value)
      }
      return values
    }
    func mouse(_ action: MouseEvent.Action) throws(EventScriptError) -> ScriptEvent {
      let xy = try numbers(["X", "Y"])
      return .input(.mouse(MouseEvent(action, x: xy[0], y: xy[1])))
    }
    switch verb {
    case "press": return try mouse(.press(.left))
    case "move": return try mouse(.motion)
    case "release": return try mouse(.release(.left))
    case "wait": return .wait(try numbers(["MS"])[0])
    case "resize":
      let size = try numbers(["W", "H"])
      return .input(.resize(width: size[0], height: size[1]))
    case "wheel":
      guard arguments.count == 3, arguments[0] == "up" || arguments[0] == "down" else {
        throw fail("'wheel' takes up|down X Y")
      }
      let xy = try numbersAfterFirst(arguments, line: line)
      return .input(.mouse(MouseEvent(arguments[0] == "up" ? .wheelUp : .wheelDown, x: xy.0, y: xy.1)))
    case "key":
      guard arguments.count == 1 else { throw fail("'key' takes one NAME (like space, esc, left or u)") }
      let name = String(arguments[0])
      if let key = namedKeys[name] { return .input(.key(key)) }
      if name.count == 1 { return .input(.key(.character(name.first!))) }
      throw fail("unknown key '\(name)' (space enter esc left right up down pgup pgdn home end tab backtab, or one character)")
    default:
      throw fail("unknown event '\(verb)' (press, move, release, wait, wheel, key or resize)")
    }
  }

  private static func numbersAfterFirst(_ arguments: [Substring], line: Int) throws(EventScriptError) -> (Int, Int) {
    guard let x = Int(arguments[1]), let y = Int(arguments[2]), x >= 0, y >= 0, x <= maximumNumber, y <= maximumNumber else {
      throw EventScriptError(line: line, message: "X and Y must be whole numbers from 0 to \(maximumNumber)")
    }
    return (x, y)
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
    }
  }
}
