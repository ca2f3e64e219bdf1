import Canvas
import Document
import Editor
import TerminalInput

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
///     signal interrupt|terminate
///                        SIGINT (asks as q does), SIGTERM or SIGHUP (ends the session)
///     saving file|ask|stdout
///                        where `s` saves from here on: the file, a name asked for (the demo), or
///                        standard output (pipe mode); `play` saves nothing either way
///     save-result ok|changed-on-disk|read-only|exists|failed
///                        how the save asked for by the event before it ended (default: ok)
///     left-behind recovery|backup "NAME"
///                        the editor found this file beside FILE when it opened it, and asks about it
///     disk-version "FILE"|unreadable
///                        the file on disk as the merge the event before it asked for read it
///     disk-changed "FILE"|deleted|unreadable
///                        the file being edited changed on disk (the editor follows it): its new
///                        version is FILE beside the events file, or it was deleted, or it cannot
///                        be read
///     edited-text "TEXT"|failed
///                        what the text editor left of the card's text the event before it sent
///                        there (`e`), as an `input` string is written
///
/// The last seven let `--record` write a session that replays exactly, questions included.
public enum ScriptEvent: Equatable, Sendable {
  case input(InputEvent)
  case bytes([UInt8])
  case wait(Int)
  case signal(EditorSignal)
  case saving(SaveTarget)
  /// The outcome of the save the previous event asked for: nil for success.
  case saveResult(SaveFailure?)
  /// A file an earlier session left beside FILE, which the editor asks about (`LeftBehind`); a replay
  /// reads it from beside FILE.
  case leftBehind(LeftBehind.Kind, name: String)
  /// The file as it was on disk when the previous event asked for it (`m`, merge): an arrangement file
  /// beside the events file (a path relative to it), or nil when it could not be read.
  case diskVersion(String?)
  /// What the text editor left of the card's text the previous event sent it to (`e`), or nil when
  /// it failed.
  case editedText(String?)
  /// The file being edited changed on disk while it was open (the file watcher saw it).
  case diskChanged(DiskChangeEvent)
}

/// How an events file says the file being edited changed on disk (`disk-changed`).
public enum DiskChangeEvent: Equatable, Sendable {
  /// Its new version: an arrangement file beside the events file (a path relative to it).
  case file(String)
  case deleted
  case unreadable
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
  /// comment) and `space`. Ctrl-letters are `ctrl-r`, Alt-characters `alt-x`, function keys `f1`…, and
  /// any key with modifiers their words and the key's name: `shift-up`, `ctrl-left`, `ctrl-alt-pgdn`.
  public static let keyNames: [(name: String, key: Key)] = [
    ("space", .space), ("enter", .enter), ("esc", .escape), ("tab", .tab), ("backtab", .backtab),
    ("backspace", .backspace), ("delete", .delete), ("insert", .insert), ("left", .left), ("right", .right),
    ("up", .up), ("down", .down), ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
    ("hash", .character("#")),
  ]

  /// The words for modifiers in key names, in the order `name(of:)` writes them (any order reads).
  public static let modifierWords: [(word: String, modifier: Modifiers)] = Key.modifierNames.map {
    ($0.word.lowercased(), $0.modifier)
  }

  /// The name `key NAME` uses for a key; `parseKey` reads it back.
  public static func name(of key: Key) -> String {
    if let named = keyNames.first(where: { $0.key == key }) { return named.name }
    switch key {
    case .character(let c): return String(c)
    case .control(let c): return "ctrl-\(c)"
    case .alt(let c): return c == "#" ? "alt-hash" : c == " " ? "alt-space" : "alt-\(c)"
    case .function(let n): return "f\(n)"
    case .modified(let base, let modifiers):
      let words = modifierWords.filter { modifiers.contains($0.modifier) }.map { $0.word + "-" }
      return words.joined() + name(of: base)
    default: return "\(key)"
    }
  }

  /// The key for a name, or nil: the names `Key(name:)` reads, in any case (`space`, `ctrl-r`,
  /// `shift-up`, and the help's `Space`, `Ctrl-R`, `Shift-Up`).
  public static func parseKey(_ name: String) -> Key? { Key(name: name) }

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
            + "f1-f24, one character, or ctrl-, alt-, shift-, meta- before a key, like shift-up)")
      }
      return .input(.key(key))
    case "signal", "saving", "save-result":
      guard arguments.count == 1, let word = arguments[0].plainText else { throw fail("'\(verb)' takes one word") }
      switch (verb, word) {
      case ("signal", "interrupt"): return .signal(.interrupt)
      case ("signal", "terminate"): return .signal(.terminate)
      case ("saving", "file"): return .saving(.file)
      case ("saving", "ask"): return .saving(.askForPath)
      case ("saving", "stdout"): return .saving(.standardOutput)
      case ("save-result", "ok"): return .saveResult(nil)
      case ("save-result", "changed-on-disk"): return .saveResult(.changedOnDisk)
      case ("save-result", "deleted"): return .saveResult(.deletedOnDisk)
      case ("save-result", "read-only"): return .saveResult(.readOnly)
      case ("save-result", "exists"): return .saveResult(.exists)
      case ("save-result", "failed"): return .saveResult(.failed("the save failed when the session was recorded"))
      default:
        let words = ["signal": "interrupt or terminate", "saving": "file, ask or stdout",
                     "save-result": "ok, changed-on-disk, deleted, read-only, exists or failed"][verb]!
        throw fail("'\(verb)' takes \(words), not '\(word)'")
      }
    case "left-behind":
      guard arguments.count == 2, let word = arguments[0].plainText, word == "recovery" || word == "backup",
        case .quoted(let text) = arguments[1]
      else {
        throw fail(#"'left-behind' takes recovery or backup and a quoted file name, like "grid.json.recovery.json""#)
      }
      let name = String(decoding: try unescape(text, line: line), as: UTF8.self)
      return .leftBehind(word == "recovery" ? .recovery : .backup, name: name)
    case "disk-version":
      guard arguments.count == 1 else { throw fail("'disk-version' takes a FILE (quoted) or unreadable") }
      switch arguments[0] {
      case .quoted(let path): return .diskVersion(path)
      case .plain("unreadable"): return .diskVersion(nil)
      case .plain(let word): throw fail("'disk-version' takes a quoted FILE or unreadable, not '\(word)'")
      }
    case "disk-changed":
      guard arguments.count == 1 else { throw fail("'disk-changed' takes a FILE (quoted), deleted or unreadable") }
      switch arguments[0] {
      case .quoted(let path): return .diskChanged(.file(String(decoding: try unescape(path, line: line), as: UTF8.self)))
      case .plain("deleted"): return .diskChanged(.deleted)
      case .plain("unreadable"): return .diskChanged(.unreadable)
      case .plain(let word): throw fail("'disk-changed' takes a quoted FILE, deleted or unreadable, not '\(word)'")
      }
    case "edited-text":
      guard arguments.count == 1 else { throw fail(#"'edited-text' takes the text (quoted, like "- [ ] Buy milk\n") or failed"#) }
      switch arguments[0] {
      case .quoted(let text): return .editedText(String(decoding: try unescape(text, line: line), as: UTF8.self))
      case .plain("failed"): return .editedText(nil)
      case .plain(let word): throw fail("'edited-text' takes a quoted text or failed, not '\(word)'")
      }
    case "input":
      guard arguments.count == 1, case .quoted(let text) = arguments[0] else {
        throw fail(#"'input' takes one quoted string of bytes, like "\e[<0;3;4M""#)
      }
      return .bytes(try unescape(text, line: line))
    default:
      throw fail(
        "unknown event '\(verb)' (press, move, release, wait, wheel, key, resize, input, signal, saving, save-result, "
          + "disk-version, disk-changed, edited-text or left-behind)")
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

extension EventScript {
  /// The events-file line for an event; `parse` reads it back as the same event. Input the verbs
  /// cannot say (a focus change, another button, a modifier click, unknown bytes) is written as the
  /// bytes a terminal would send for it, in an `input` line.
  public static func line(_ event: ScriptEvent) -> String {
    switch event {
    case .wait(let ms): return "wait \(ms)"
    case .bytes(let bytes): return inputLine(bytes)
    case .signal(let signal): return "signal " + (signal == .interrupt ? "interrupt" : "terminate")
    case .saving(let target):
      switch target {
      case .file: return "saving file"
      case .askForPath: return "saving ask"
      case .standardOutput: return "saving stdout"
      }
    case .saveResult(let failure):
      switch failure {
      case nil: return "save-result ok"
      case .changedOnDisk: return "save-result changed-on-disk"
      case .deletedOnDisk: return "save-result deleted"
      case .readOnly: return "save-result read-only"
      case .exists: return "save-result exists"
      case .failed, .cancelled: return "save-result failed"
      }
    case .leftBehind(let kind, let name):
      return "left-behind \(kind == .recovery ? "recovery" : "backup") " + inputLine(Array(name.utf8)).dropFirst("input ".count)
    case .diskVersion(let path):
      // Quoted as an `input` string is, with the events file's own escapes.
      return path.map { "disk-version " + inputLine(Array($0.utf8)).dropFirst("input ".count) } ?? "disk-version unreadable"
    case .editedText(let text):
      return text.map { "edited-text " + inputLine(Array($0.utf8)).dropFirst("input ".count) } ?? "edited-text failed"
    case .diskChanged(.file(let path)): return "disk-changed " + inputLine(Array(path.utf8)).dropFirst("input ".count)
    case .diskChanged(.deleted): return "disk-changed deleted"
    case .diskChanged(.unreadable): return "disk-changed unreadable"
    case .input(.key(let key)): return "key " + name(of: key)
    case .input(.resize(let w, let h)): return "resize \(w) \(h)"
    case .input(.focus(let gained)): return inputLine(Array((gained ? "\u{1B}[I" : "\u{1B}[O").utf8))
    case .input(.unknown(let bytes)): return inputLine(bytes)
    case .input(.paste(let text)): return inputLine(Array("\u{1B}[200~\(text)\u{1B}[201~".utf8))
    case .input(.mouse(let m)):
      if m.modifiers.isEmpty {
        switch m.action {
        case .press(.left): return "press \(m.x) \(m.y)"
        case .motion: return "move \(m.x) \(m.y)"
        case .release(.left): return "release \(m.x) \(m.y)"
        case .wheelUp: return "wheel up \(m.x) \(m.y)"
        case .wheelDown: return "wheel down \(m.x) \(m.y)"
        default: break
        }
      }
      return inputLine(sgrReport(m))
    }
  }

  /// The SGR mouse report (`ESC[<b;x;yM`, `m` for a release; one-based cells) a terminal sends.
  public static func sgrReport(_ m: MouseEvent) -> [UInt8] {
    var code: Int
    var release = false
    switch m.action {
    case .press(let button): code = button == .left ? 0 : button == .middle ? 1 : 2
    case .release(let button):
      code = button == .left ? 0 : button == .middle ? 1 : 2
      release = true
    case .motion: code = 32
    case .wheelUp: code = 64
    case .wheelDown: code = 65
    case .wheelLeft: code = 66
    case .wheelRight: code = 67
    }
    if m.modifiers.contains(.shift) { code += 4 }
    if m.modifiers.contains(.alt) { code += 8 }
    if m.modifiers.contains(.control) { code += 16 }
    return Array("\u{1B}[<\(code);\(m.x + 1);\(m.y + 1)\(release ? "m" : "M")".utf8)
  }
}
