import Geometry

/// Input as the editor sees it, whatever terminal it came from: keys, mouse reports, size changes and
/// focus changes. `InputDecoder` turns terminal bytes into these; `tilegrid play` also reads them from a
/// file. Time is not an event: every message reaches the editor with the time it happened.

/// A key press.
///
/// A key pressed with modifiers is `.modified(base, modifiers)`, the base never itself modified, except
/// where the terminal has always had a key of its own for it (`Key.with(_:)` says which): Ctrl and a
/// letter is `.control`, Alt and a character `.alt`, Shift-Tab `.backtab`, however the terminal encoded
/// them. So a match on `.up` or `.control("r")` sees the same keys it always did, and Shift-Up is
/// `.modified(.up, .shift)`, never `.up`.
public indirect enum Key: Hashable, Sendable {
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
  /// A key with modifiers that has no key of its own: Shift-Up, Ctrl-Left, Alt-PageDown, Ctrl-F5,
  /// Ctrl-Alt-a (`modifiers` never empty; see `with(_:)`).
  case modified(Key, Modifiers)
}

extension Key {
  /// This key with `modifiers` added, in the one form the decoder and the events file give it:
  ///
  /// - no modifiers: the key itself;
  /// - Ctrl alone and a letter (either case), or one of `@ \ ] ^ _`: `.control`, lower-cased, as the
  ///   C0 byte reads (`CSI 114;5u` is Ctrl-R, the same key as byte 0x12);
  /// - Alt alone and a character or Space: `.alt` (`CSI 120;3u` is Alt-x, as `ESC x` is);
  /// - Shift alone and Tab: `.backtab`;
  /// - anything else: `.modified(base, all the modifiers)`, the base's own modifiers merged in.
  public func with(_ modifiers: Modifiers) -> Key {
    if modifiers.isEmpty { return self }
    switch self {
    case .modified(let base, let own): return base.with(own.union(modifiers))
    case .control(let c): return .modified(.character(c), modifiers.union(.control)).canonical
    case .alt(let c): return .modified(c == " " ? .space : .character(c), modifiers.union(.alt)).canonical
    case .backtab: return .modified(.tab, modifiers.union(.shift)).canonical
    default: return Key.modified(self, modifiers).canonical
    }
  }

  /// The key of its own for a modified key, if it has one (see `with(_:)`).
  private var canonical: Key {
    guard case .modified(let base, let modifiers) = self else { return self }
    switch (base, modifiers) {
    case (.character(let c), .control):
      if c.isASCII && c.isLetter, let lower = c.lowercased().first { return .control(lower) }
      if "@\\]^_".contains(c) { return .control(c) }
    case (.character(let c), .alt): return .alt(c)
    case (.space, .alt): return .alt(" ")
    case (.tab, .shift): return .backtab
    default: break
    }
    return self
  }
}

/// Modifier keys held with a key or during a mouse report.
public struct Modifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let shift = Modifiers(rawValue: 1)
  public static let alt = Modifiers(rawValue: 2)
  public static let control = Modifiers(rawValue: 4)
  /// Meta in xterm's numbering (modifier bit 8), which kitty gives Super.
  public static let meta = Modifiers(rawValue: 8)

  /// The modifiers of xterm's modifier parameter (`CSI 1;5A`: 5 is Ctrl): one more than the sum of
  /// 1 Shift, 2 Alt, 4 Ctrl, 8 Meta. Caps Lock (64) and Num Lock (128), which kitty adds, are left out;
  /// 16 and 32 (Hyper and Meta in kitty) have no `Modifiers` and give nil, so an unknown modifier never
  /// reads as the plain key. 0 and 1 are none.
  public init?(parameter: Int) {
    let bits = max(parameter, 1) - 1
    guard bits & ~0xCF == 0 else { return nil }
    self.init(rawValue: UInt8(bits & 0x0F))
  }
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
  /// Text pasted while bracketed paste mode was on (between `ESC[200~` and `ESC[201~`): exactly as
  /// pasted, control characters and newlines included (terminals send a line break as CR); bytes that
  /// are not UTF-8 are U+FFFD. A very long paste comes in pieces (`InputDecoder.maximumPasteBytes`).
  case paste(String)
  /// Bytes the decoder did not understand; ignored, never an error.
  case unknown([UInt8])
}
