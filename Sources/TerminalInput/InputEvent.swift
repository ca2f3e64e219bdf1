import Geometry

/// Input as the editor sees it, whatever terminal it came from: keys, mouse reports, size changes and
/// focus changes. `InputDecoder` turns terminal bytes into these; `tilegrid play` also reads them from a
/// file. Time is not an event: every message reaches the editor with the time it happened.

/// A key press.
public enum Key: Hashable, Sendable {
  /// A printable character (not space).
  case character(Character)
  case space, enter, escape, tab, backtab, backspace, delete
  case up, down, left, right
  case pageUp, pageDown, home, end
  /// Control plus a letter, lower-case (`.control("c")` is Ctrl-C).
  case control(Character)
  /// Alt (Meta) plus a character: Esc immediately followed by the character.
  case alt(Character)
  case insert
  case function(Int)
}

/// Modifier keys held during a mouse report.
public struct Modifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let shift = Modifiers(rawValue: 1)
  public static let alt = Modifiers(rawValue: 2)
  public static let control = Modifiers(rawValue: 4)
}

public enum MouseButton: Hashable, Sendable {
  case left, middle, right
}

/// One mouse report. Coordinates are zero-based screen cells, as the terminal reports them.
public struct MouseEvent: Hashable, Sendable {
  public enum Action: Hashable, Sendable {
    case press(MouseButton)
    case release(MouseButton)
    /// Pointer motion (with a button held, in the drag-reporting mode TileGrid asks for).
    case motion
    case wheelUp
    case wheelDown
    case wheelLeft
    case wheelRight
  }

  public var action: Action
  public var x: Int
  public var y: Int
  public var modifiers: Modifiers

  public init(_ action: Action, x: Int, y: Int, modifiers: Modifiers = []) {
    self.action = action
    self.x = x
    self.y = y
    self.modifiers = modifiers
  }

  public var point: Point { Point(x: x, y: y) }
}

public enum InputEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// The terminal is now `width` x `height` cells.
  case resize(width: Int, height: Int)
  /// The terminal gained (true) or lost (false) focus.
  case focus(Bool)
  /// Bytes the decoder did not understand; ignored, never an error.
  case unknown([UInt8])
}
