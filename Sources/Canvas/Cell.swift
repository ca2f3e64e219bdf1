import Geometry

/// Text attributes a terminal can show. Each maps to one SGR parameter: bold 1, dim 2, italic 3,
/// underline 4, reverse 7.
public struct Attributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = Attributes(rawValue: 1 << 0)
  public static let dim = Attributes(rawValue: 1 << 1)
  public static let italic = Attributes(rawValue: 1 << 2)
  public static let underline = Attributes(rawValue: 1 << 3)
  public static let reverse = Attributes(rawValue: 1 << 4)
}

/// A cell's foreground or background: the terminal's own color (whatever the user's theme says), or
/// an exact sRGB color that the output maps down to what the terminal can show.
public enum CellColor: Hashable, Sendable {
  case `default`
  case rgb(RGB)
}

/// How a cell is drawn: colors and attributes.
public struct Style: Hashable, Sendable {
  public var foreground: CellColor
  public var background: CellColor
  public var attributes: Attributes

  public init(foreground: CellColor = .default, background: CellColor = .default, attributes: Attributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's own colors, no attributes.
  public static let plain = Style()
}

/// The text of one drawing unit: a scalar the terminal draws one or two cells wide, with the
/// zero-width scalars that follow it (combining marks, Hangul medial and final jamo), as `DisplayText`
/// cuts it. A continuation unit (width 0, no text) stands in the cell right of a wide character.
///
/// Stored inline in two words, never on the heap, so a buffer of cells is plain memory: filling it is
/// a memory fill, comparing it is comparing words, and copying a cell retains nothing. The price is a
/// limit of 15 UTF-8 bytes per unit, which `DisplayText` enforces (it also keeps at most four
/// zero-width scalars, as many as ncursesw's `cchar_t` holds after its spacing character).
public struct DisplayUnit: Hashable, Sendable, CustomStringConvertible {
  /// UTF-8 bytes 0-7, first byte lowest; unused bytes are zero, so equal text means equal words.
  @usableFromInline var low: UInt64
  /// UTF-8 bytes 8-14 in the low seven bytes; the top byte holds the byte count (bits 0-3) and the
  /// width (bits 4-5).
  @usableFromInline var high: UInt64

  @inlinable init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  /// The unit for a printable ASCII byte (0x20...0x7E), which is its own text and one cell wide.
  @inlinable init(ascii byte: UInt8) {
    low = UInt64(byte)
    high = 0x11 << 56
  }

  /// A unit of one scalar of width `width`.
  init(scalar: UInt32, width: Int) {
    self.init(low: 0, high: UInt64(width) << 60)
    append(scalar)
  }

  /// The number of UTF-8 bytes of the text (0...15).
  @inlinable var byteCount: Int { Int((high >> 56) & 0x0F) }

  /// How many cells the terminal draws this unit in: 1 or 2, or 0 for a continuation.
  @inlinable public var width: Int { Int((high >> 60) & 0x03) }

  /// The text, exactly as it goes to the terminal. Never allocates (a string this short is stored inline).
  public var text: String {
    withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) { raw in
      String(decoding: raw.prefix(byteCount), as: UTF8.self)
    }
  }

  public var description: String { text }

  /// The UTF-8 bytes free for more scalars.
  var spareBytes: Int { 15 - byteCount }

  /// Adds `scalar`'s UTF-8 bytes; the caller has checked `spareBytes`.
  mutating func append(_ scalar: UInt32) {
    var n = byteCount
    func put(_ byte: UInt32) {
      if n < 8 {
        low |= UInt64(byte) << (8 * n)
      } else {
        high |= UInt64(byte) << (8 * (n - 8))
      }
      n += 1
    }
    switch scalar {
    case 0..<0x80:
      put(scalar)
    case 0x80..<0x800:
      put(0xC0 | scalar >> 6)
      put(0x80 | scalar & 0x3F)
    case 0x800..<0x10000:
      put(0xE0 | scalar >> 12)
      put(0x80 | (scalar >> 6) & 0x3F)
      put(0x80 | scalar & 0x3F)
    default:
      put(0xF0 | scalar >> 18)
      put(0x80 | (scalar >> 12) & 0x3F)
      put(0x80 | (scalar >> 6) & 0x3F)
      put(0x80 | scalar & 0x3F)
    }
    high = high & ~(0x0F << 56) | UInt64(n) << 56
  }

  /// Byte length of `scalar` in UTF-8.
  static func utf8Length(_ scalar: UInt32) -> Int {
    scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
  }

  /// A space: what a blank cell holds, and what replaces half of a wide character.
  public static let space = DisplayUnit(ascii: 0x20)
  /// The right half of a wide character: no text, width 0. Only `Buffer` places it.
  static let continuation = DisplayUnit(low: 0, high: 0)
  /// `…`, which ends a truncated text.
  public static let ellipsis = DisplayUnit(scalar: 0x2026, width: 1)
}

/// One cell of the screen: a drawing unit and its style.
///
/// A wide unit occupies two cells: its own, and a continuation cell right of it with the same style.
/// `Buffer` keeps that pairing intact whatever is drawn over either half.
public struct Cell: Hashable, Sendable, CustomStringConvertible {
  public var unit: DisplayUnit
  public var style: Style

  @inlinable public init(unit: DisplayUnit, style: Style) {
    self.unit = unit
    self.style = style
  }

  /// A space in the terminal's own colors.
  public static let blank = Cell(unit: .space, style: .plain)

  /// The unit's text (empty for a continuation).
  public var text: String { unit.text }
  /// 1 or 2 for a cell that starts a unit, 0 for the right half of a wide character.
  @inlinable public var width: Int { unit.width }
  @inlinable public var isContinuation: Bool { unit.width == 0 }

  public var description: String { isContinuation ? "(continuation)" : text }
}
