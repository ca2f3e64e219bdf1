/// Input as the editor sees it, whatever terminal it came from: keys, mouse reports, size changes and
/// clock ticks. The terminal layer decodes bytes into these; `tilegrid play` reads them from a file.

/// A key press.
public enum Key: Hashable, Sendable {
  /// A printable character (not space).
  case character(Character)
  case space, enter, escape, tab, backtab, backspace, delete
  case up, down, left, right
  case pageUp, pageDown, home, end
  /// Control plus a letter, lower-case (`.control("c")` is Ctrl-C).
  case control(Character)
  case function(Int)
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
  }

  public var action: Action
  public var x: Int
  public var y: Int

  public init(_ action: Action, x: Int, y: Int) {
    self.action = action
    self.x = x
    self.y = y
  }
}

public enum InputEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// The terminal is now `width` x `height` cells.
  case resize(width: Int, height: Int)
  /// The clock reads `milliseconds` (monotonic, from an arbitrary origin): timers due by then fire.
  case tick(milliseconds: Int)
  /// The terminal gained (true) or lost (false) focus.
  case focus(Bool)
  /// Bytes the decoder did not understand; ignored, never an error.
  case unknown([UInt8])
}
