import Canvas
import Geometry

/// `--color`: whether the screen is drawn in color.
public enum ColorChoice: String, Sendable, CaseIterable {
  /// Color unless `NO_COLOR` is set (and not empty) or the terminal has none.
  case auto
  /// Color even when `NO_COLOR` is set, as far as the terminal has any.
  case always
  /// Characters and attributes only.
  case never
}

/// How colors reach the terminal, decided once at start from `--color`, the environment and the
/// terminal's description; and how one color becomes an ncurses color number. Pure, so each choice
/// is tested without a terminal.
public enum ColorPlan {
  /// Whether the person allows color at all: `--color never`, or `NO_COLOR` with a value under
  /// `--color auto` (no-color.org: "regardless of its value", but an empty one counts as unset), say no.
  public static func allowsColor(choice: ColorChoice, noColor: String?) -> Bool {
    switch choice {
    case .never: return false
    case .always: return true
    case .auto: return (noColor ?? "").isEmpty
    }
  }

  /// Whether to draw in 24-bit color: `COLORTERM` is how terminals announce it (terminfo rarely does).
  public static func wantsTrueColor(choice: ColorChoice, noColor: String?, colorTerm: String?) -> Bool {
    guard allowsColor(choice: choice, noColor: noColor) else { return false }
    return colorTerm == "truecolor" || colorTerm == "24bit"
  }

  /// The depth to draw with, or nil for none (the monochrome screen).
  ///
  /// - Parameters:
  ///   - terminalColors: the terminal's `colors` (ncurses' COLORS; 0 or less without color).
  ///   - directColor: the terminal's description takes 24-bit values as color numbers (`RGB`): its own
  ///     (`TERM=xterm-direct`), or the private entry TileGrid compiled because `COLORTERM` asked.
  public static func depth(
    choice: ColorChoice, noColor: String?, colorTerm: String?, terminalColors: Int, directColor: Bool
  ) -> ColorDepth? {
    guard allowsColor(choice: choice, noColor: noColor), terminalColors >= 8 else { return nil }
    // An entry with RGB takes every color number as 0xRRGGBB (but the lowest few), so palette
    // numbers cannot be given to it: it is 24-bit color or nothing.
    if directColor { return .trueColor }
    if terminalColors >= 256 { return .xterm256 }
    if terminalColors >= 16 { return .ansi16 }
    return .ansi8
  }

  /// The ncurses color number for a cell's color: -1 for the terminal's own (with
  /// `use_default_colors`), a palette index, or a direct 24-bit value.
  public static func colorNumber(_ color: CellColor, depth: ColorDepth) -> Int32 {
    guard case .rgb(let rgb) = color else { return -1 }
    switch depth {
    case .trueColor: return directValue(rgb)
    case .xterm256: return Int32(XtermPalette.nearest256(rgb))
    case .ansi16: return Int32(XtermPalette.nearest16(rgb))
    case .ansi8: return Int32(XtermPalette.nearest8(rgb))
    }
  }

  /// A direct color's number, `0xRRGGBB`. With the `RGB` capability numbers below 256 still name
  /// palette entries, so a color that small (red and green both 0: black and dark blues) gets green 1
  /// instead of 0, a difference no eye can see.
  public static func directValue(_ rgb: RGB) -> Int32 {
    let value = Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
    return value < 256 ? value | 0x100 : value
  }
}
