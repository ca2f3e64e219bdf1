import Document
import Canvas
import TerminalInput

/// A one-line text field for the status line's prompts (save as, find, typed moves, titles, colors):
/// typing (wide characters too: the view measures them), Backspace, Delete, Left/Right, Home/End (also
/// Ctrl-A/Ctrl-E), Ctrl-U (to the start), Ctrl-K (to the end), Ctrl-W (the word before the cursor);
/// Enter submits, Esc cancels. Pure: keys in, text out.
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

  public mutating func handle(_ key: Key) -> Outcome {
    switch key {
    case .enter: return .submitted
    case .escape: return .cancelled
    case .character(let c):
      characters.insert(c, at: cursor)
      cursor += 1
    case .space:
      characters.insert(" ", at: cursor)
      cursor += 1
    case .backspace:
      guard cursor > 0 else { return .ignored }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete, .control("d"):
      guard cursor < characters.count else { return .ignored }
      characters.remove(at: cursor)
    case .left, .control("b"):
      guard cursor > 0 else { return .ignored }
      cursor -= 1
    case .right, .control("f"):
      guard cursor < characters.count else { return .ignored }
      cursor += 1
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .control("u"):
      characters.removeSubrange(..<cursor)
      cursor = 0
    case .control("k"):
      characters.removeSubrange(cursor...)
    case .control("w"):
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
}
