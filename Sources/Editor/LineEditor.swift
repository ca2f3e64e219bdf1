import Document
import Canvas
import TerminalInput

/// A one-line text field for the status line's prompts (save as, and later find and typed moves):
/// typing, Backspace, Delete, Left/Right, Home/End (also Ctrl-A/Ctrl-E), Ctrl-U to clear; Enter
/// submits, Esc cancels. Pure: keys in, text out.
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
    default:
      return .ignored
    }
    return .edited
  }
}
