/// Text cut into the units a terminal draws, with the widths it draws them in.
///
/// Titles come from the user's file and may hold anything, so the text is made safe and predictable
/// first; the file itself is never changed, only what is drawn:
///
///     "Caf\u{301}e"           C a f é e             é: "e" + U+0301 is one unit, 1 cell
///     "日本"                  日 本                 2 cells each
///     "👩‍💻" (U+1F469 ZWJ U+1F4BB)  👩 💻             ZWJ dropped: drawn as its parts, 4 cells
///     "❤️" (U+2764 U+FE0F)     ❤                     VS16 dropped: 1 cell, as wcwidth says
///     "\u{1B}[31m"            ␛ [ 3 1 m             controls shown as Control Pictures
///
/// The rules, in order, for each scalar:
/// - C0 controls U+0000...U+001F become their Control Pictures U+2400...U+241F (ESC shows as `␛`, so
///   an escape sequence is shown, never run), DEL becomes `␡` (U+2421).
/// - U+FE0F (VS16) and U+200D (ZWJ) are dropped. Terminals disagree on whether VS16 widens a character;
///   without it every terminal draws the base as `wcwidth` says. Without ZWJ a sequence is its parts,
///   whose widths everyone agrees on.
/// - Other scalars `wcwidth` calls unprintable (C1 controls, U+2028/U+2029, unassigned code points,
///   noncharacters) become U+FFFD `�`, the usual sign for "a character that cannot be shown".
/// - Other zero-width format characters (General Category Cf: zero-width space, bidi marks, embeddings,
///   overrides and isolates, tag characters, BOM) are dropped: they draw nothing, and bidi controls
///   could make a terminal that does bidi reorder the rest of the screen line.
/// - Remaining zero-width scalars (combining marks, Hangul medial and final jamo) join the unit before
///   them, up to four per unit and 15 UTF-8 bytes; more are dropped. One with no unit before it (at the
///   start of the text) attaches to U+25CC `◌`, the conventional base for showing a lone mark.
/// - U+10FF80...U+10FFFF stand for the bytes of a file name that are not UTF-8 (a name is bytes; Files
///   decodes it so without loss): each is shown as `\xNN`, four units, as messages show it.
/// - Every other scalar starts a unit of its `wcwidth`, 1 or 2.
public struct DisplayText: Hashable, Sendable, CustomStringConvertible {
  public let units: [DisplayUnit]
  /// The cells the text takes: the sum of its units' widths.
  public let width: Int

  public init(_ string: String) {
    var units: [DisplayUnit] = []
    units.reserveCapacity(string.utf8.count)
    var width = 0
    DisplayText.forEachUnit(in: string) { unit in
      units.append(unit)
      width += unit.width
      return true
    }
    self.units = units
    self.width = width
  }

  init(units: [DisplayUnit]) {
    self.units = units
    self.width = units.reduce(0) { $0 + $1.width }
  }

  /// The text as drawn: the units' text joined.
  public var description: String {
    var result = ""
    for unit in units { result += unit.text }
    return result
  }

  public var isEmpty: Bool { units.isEmpty }

  /// The cells `string` takes once made into units. Allocates nothing.
  public static func width(of string: String) -> Int {
    var width = 0
    forEachUnit(in: string) { unit in
      width += unit.width
      return true
    }
    return width
  }

  /// The text fitted into `maxWidth` cells: unchanged if it fits; otherwise as many units as fit in
  /// `maxWidth - 1` cells, then `…`, and a space after it when a wide unit would have been cut, so the
  /// result is exactly `maxWidth` cells. Empty for `maxWidth` of 0 or less.
  ///
  ///     "Favorites" in 6:  "Favor…"
  ///     "日本語" in 4:      "日… "    (本 would need cells 3-4, and … needs cell 4)
  public func truncated(toWidth maxWidth: Int) -> DisplayText {
    if width <= maxWidth { return self }
    if maxWidth <= 0 { return DisplayText(units: []) }
    var kept: [DisplayUnit] = []
    var used = 0
    for unit in units {
      if used + unit.width > maxWidth - 1 { break }
      kept.append(unit)
      used += unit.width
    }
    kept.append(.ellipsis)
    if used + 1 < maxWidth { kept.append(.space) }
    return DisplayText(units: kept)
  }

  /// The column offset that centers `width` cells in `available` cells; an odd leftover cell goes to
  /// the right (UIKit centers the same way on whole points). Zero when it does not fit.
  public static func centeringOffset(width: Int, in available: Int) -> Int {
    max(0, (available - width) / 2)
  }

  // MARK: - Cutting

  /// Calls `body` with each unit of `string` in order until it returns false. The segmentation rules
  /// are in the type's documentation. ASCII is handled a byte at a time without any table lookup.
  @inline(__always)
  static func forEachUnit(in string: String, _ body: (DisplayUnit) -> Bool) {
    var string = string
    string.withUTF8 { bytes in
      var scanner = Scanner()
      var i = 0
      let n = bytes.count
      while i < n {
        let lead = bytes[i]
        if lead < 0x80 {
          i += 1
          if lead >= 0x20 && lead < 0x7F {
            if scanner.hasPending && !body(scanner.pending) { return }
            scanner.pending = DisplayUnit(ascii: lead)
            scanner.hasPending = true
            scanner.marks = 0
            continue
          }
          if let unit = scanner.push(UInt32(lead)), !body(unit) { return }
          continue
        }
        // Valid UTF-8 (a Swift string always is): the lead byte gives the length.
        var value: UInt32
        if lead < 0xE0 {
          value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
          i += 2
        } else if lead < 0xF0 {
          value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
          i += 3
        } else {
          value = UInt32(lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
          value |= UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
          i += 4
        }
        if value >= 0x10FF80 && value <= 0x10FFFF {
          // A byte of a file name that is not UTF-8 (Files' `Platform.pathString`): `\xNN`.
          let byte = UInt8(value - 0x10FF00)
          let hex = Array("0123456789abcdef".utf8)
          for ascii in [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 15)]] {
            if let unit = scanner.push(UInt32(ascii)), !body(unit) { return }
          }
          continue
        }
        if let unit = scanner.push(value), !body(unit) { return }
      }
      if scanner.hasPending { _ = body(scanner.pending) }
    }
  }

  /// The unit being built: scalars go in, finished units come out.
  struct Scanner {
    var pending = DisplayUnit.space
    var hasPending = false
    /// Zero-width scalars in `pending` so far.
    var marks = 0

    /// Takes one scalar; returns the unit it finished, if any.
    mutating func push(_ value: UInt32) -> DisplayUnit? {
      switch value {
      case 0..<0x20:
        return start(DisplayUnit(scalar: 0x2400 + value, width: 1))
      case 0x7F:
        return start(DisplayUnit(scalar: 0x2421, width: 1))
      case 0xFE0F, 0x200D:
        return nil
      default:
        break
      }
      let width = TerminalWidth.of(value)
      if width > 0 { return start(DisplayUnit(scalar: value, width: width)) }
      if width < 0 { return start(DisplayUnit(scalar: 0xFFFD, width: 1)) }
      if Unicode.Scalar(value)?.properties.generalCategory == .format { return nil }
      if !hasPending {
        pending = DisplayUnit(scalar: 0x25CC, width: 1)
        hasPending = true
        marks = 0
      }
      if marks < 4 && DisplayUnit.utf8Length(value) <= pending.spareBytes {
        pending.append(value)
        marks += 1
      } else {
        marks = 4  // once one is dropped, the rest of this unit's marks are too
      }
      return nil
    }

    /// Makes `unit` the pending one and returns the one it replaces.
    private mutating func start(_ unit: DisplayUnit) -> DisplayUnit? {
      let finished = hasPending ? pending : nil
      pending = unit
      hasPending = true
      marks = 0
      return finished
    }
  }
}
