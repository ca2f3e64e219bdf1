import Document
import Canvas
import TerminalInput

/// A one-line text field for the status line's prompts (save as, find, typed moves, titles, colors, the
/// palette): typing (wide characters too: the view measures them), and the prompt's commands of the
/// keymap: by default Backspace, Delete, Left/Right, Home/End (also Ctrl-A/Ctrl-E), Ctrl-U (to the
/// start), Ctrl-K (to the end), Ctrl-W (the word before the cursor); Enter submits, Esc cancels. Pure:
/// keys in, text out.
public struct LineEditor: Equatable, Sendable {
  public private(set) var characters: [Character]
  /// Where typing inserts: 0...characters.count.
  public private(set) var cursor: Int

  public init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  public var text: String { String(characters) }

  public enum Outcome: Equatable, Sendable {
    case edited
    case submitted
    case cancelled
    /// The key means nothing here (the text did not change).
    case ignored
  }

  /// Inserts `text` at the cursor (pasted text: control characters, newlines included, become spaces,
  /// since a prompt is one line).
  public mutating func insert(_ text: String) -> Outcome {
    guard !text.isEmpty else { return .ignored }
    let cleaned = text.map { $0.unicodeScalars.allSatisfy { $0.value < 0x20 || $0.value == 0x7F } ? " " : $0 }
    characters.insert(contentsOf: cleaned, at: cursor)
    cursor += cleaned.count
    return .edited
  }

  /// A key in a prompt (`context`: or in the palette): its command's edit (`keymap`), or a printable key
  /// typed at the cursor; any other key is ignored.
  public mutating func handle(_ key: Key, keymap: Keymap = .standard, in context: KeyContext = .prompt) -> Outcome {
    guard case .editor(let command)? = keymap.command(for: key, in: context) else {
      switch key {
      case .character(let c): return insert(c)
      case .space: return insert(" ")
      default: return .ignored
      }
    }
    return perform(command)
  }

  /// Does a prompt's command: submit, cancel, move the cursor, delete.
  public mutating func perform(_ command: EditorCommand) -> Outcome {
    switch command {
    case .submit: return .submitted
    case .cancelLine: return .cancelled
    case .deleteBack:
      guard cursor > 0 else { return .ignored }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .deleteForward:
      guard cursor < characters.count else { return .ignored }
      characters.remove(at: cursor)
    case .cursorLeft:
      guard cursor > 0 else { return .ignored }
      cursor -= 1
    case .cursorRight:
      guard cursor < characters.count else { return .ignored }
      cursor += 1
    case .lineStart: cursor = 0
    case .lineEnd: cursor = characters.count
    case .deleteToStart:
      characters.removeSubrange(..<cursor)
      cursor = 0
    case .deleteToEnd:
      characters.removeSubrange(cursor...)
    case .deleteWord:
      // The spaces before the cursor, then the word before them, as a shell's line editor does.
      var start = cursor
      while start > 0 && characters[start - 1] == " " { start -= 1 }
      while start > 0 && characters[start - 1] != " " { start -= 1 }
      guard start < cursor else { return .ignored }
      characters.removeSubrange(start..<cursor)
      cursor = start
    default:
      return .ignored
    }
    return .edited
  }

  /// Types `c` at the cursor.
  private mutating func insert(_ c: Character) -> Outcome {
    characters.insert(c, at: cursor)
    cursor += 1
    return .edited
  }
}
