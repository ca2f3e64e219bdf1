import Canvas
import Geometry

/// `--color`: whether the screen is drawn in color, and at which depth.
public enum ColorChoice: String, Sendable, CaseIterable {
  /// Color unless `NO_COLOR` is set (and not empty) or the terminal has none; 24-bit when the terminal
  /// announces it (`ColorPlan.trueColorSignal`), else the terminal's own colors.
  case auto
  /// As `auto`, even when `NO_COLOR` is set.
  case always
  /// Characters and attributes only.
  case never
  /// 24-bit color, whatever the terminal announces (and `NO_COLOR` says).
  case trueColor = "truecolor"
  /// xterm's 256 colors, likewise.
  case palette256 = "256"
  /// The 16 basic colors, likewise.
  case basic16 = "16"
  /// The 8 basic colors, likewise.
  case basic8 = "8"

  /// The depth this choice forces, if it forces one.
  public var forcedDepth: ColorDepth? {
    switch self {
    case .auto, .always, .never: return nil
    case .trueColor: return .trueColor
    case .palette256: return .xterm256
    case .basic16: return .ansi16
    case .basic8: return .ansi8
    }
  }

  /// The values `--color` takes, for help and messages.
  public static let spelled = "auto, always, never, truecolor, 256, 16 or 8"
}

/// How a terminal says it shows 24-bit color (`ColorPlan.trueColorSignal`), in the order they are
/// looked at.
public enum TrueColorSignal: Equatable, Sendable, CustomStringConvertible {
  /// `COLORTERM=truecolor` or `24bit`: the convention most terminals follow.
  case colorTerm
  /// The terminal's terminfo entry has the `RGB` flag (ncurses' `*-direct` entries).
  case terminfoRGB
  /// The entry has `Tc` (tmux's flag for the same).
  case terminfoTc
  /// `TERM` names a direct-color entry (`xterm-direct`, `kitty-direct`…).
  case directTerm
  /// A variable only that terminal emulator sets (xterm, which drops `COLORTERM`; VTE, Konsole, iTerm2,
  /// WezTerm, kitty, Windows Terminal), with the version it needs where older ones lacked 24-bit color.
  case emulator(String)

  public var description: String {
    switch self {
    case .colorTerm: return "COLORTERM"
    case .terminfoRGB: return "terminfo RGB"
    case .terminfoTc: return "terminfo Tc"
    case .directTerm: return "a -direct TERM"
    case .emulator(let variable): return variable
    }
  }
}

/// How colors reach the terminal, decided once at start from `--color`, the environment and the
/// terminal's description; and how one color becomes an ncurses color number. Pure, so each choice
/// is tested without a terminal.
public enum ColorPlan {
  /// Whether the person allows color at all: `--color never`, or `NO_COLOR` with a value under
  /// `--color auto` (no-color.org: "regardless of its value", but an empty one counts as unset), say no.
  /// A depth given with `--color` is color on purpose, as `always` is.
  public static func allowsColor(choice: ColorChoice, noColor: String?) -> Bool {
    switch choice {
    case .never: return false
    case .auto: return (noColor ?? "").isEmpty
    case .always, .trueColor, .palette256, .basic16, .basic8: return true
    }
  }

  /// The variables a terminal emulator sets in its children, each with the first version that shows
  /// 24-bit color (nil: every version that sets the variable does). Checked in this order.
  static let emulatorVariables: [(name: String, minimum: Int?)] = [
    ("XTERM_VERSION", 331),  // "XTerm(379)": direct color since patch 331
    ("VTE_VERSION", 3600),  // "7006" for 0.70.6: 24-bit since 0.36
    ("KONSOLE_VERSION", nil),
    ("KITTY_WINDOW_ID", nil),
    ("WEZTERM_PANE", nil),
    ("WT_SESSION", nil),  // Windows Terminal
  ]

  /// Why the terminal is taken to show 24-bit color, or nil when nothing says so. In order: `COLORTERM`;
  /// the terminfo entry's `RGB` or `Tc`; a `TERM` ending in `-direct` (or `-direct` and a number); then
  /// the emulator's own variables (`emulatorVariables`, and `TERM_PROGRAM` `iTerm.app` from version 3 or
  /// `WezTerm`). Those describe the emulator TileGrid was started in, so they are not believed inside
  /// GNU screen (`TERM=screen…` without `TMUX`), which shows no 24-bit color and would misread it; tmux
  /// takes 24-bit color and passes it on, or turns it into the nearest of its outer terminal's colors.
  public static func trueColorSignal(
    term: String, environment: [String: String], terminfoRGB: Bool, terminfoTc: Bool
  ) -> TrueColorSignal? {
    if let value = environment["COLORTERM"], value == "truecolor" || value == "24bit" { return .colorTerm }
    if terminfoRGB { return .terminfoRGB }
    if terminfoTc { return .terminfoTc }
    if let range = term.firstRange(of: "-direct"), term[range.upperBound...].allSatisfy(\.isNumber) { return .directTerm }
    let insideScreen = term.hasPrefix("screen") && (environment["TMUX"] ?? "").isEmpty
    if insideScreen { return nil }
    for (name, minimum) in emulatorVariables {
      guard let value = environment[name], !value.isEmpty else { continue }
      if let minimum {
        guard let version = firstNumber(in: value), version >= minimum else { continue }
      }
      return .emulator(name)
    }
    switch environment["TERM_PROGRAM"] {
    case "iTerm.app":
      let major = environment["TERM_PROGRAM_VERSION"].flatMap(firstNumber) ?? 3
      if major >= 3 { return .emulator("TERM_PROGRAM=iTerm.app") }
    case "WezTerm": return .emulator("TERM_PROGRAM=WezTerm")
    default: break
    }
    return nil
  }

  /// The first run of digits in `text` as a number (`XTerm(379)` is 379), if there is one.
  static func firstNumber(in text: String) -> Int? {
    let digits = text.drop { !$0.isASCII || !$0.isNumber }.prefix { $0.isASCII && $0.isNumber }.prefix(9)
    return Int(digits)
  }

  /// Whether a terminfo entry draws `depth` as it is: 24-bit color needs `RGB`; a palette depth needs
  /// that many colors and no `RGB` (whose color numbers are 0xRRGGBB, but for the lowest few).
  public static func entryFits(_ depth: ColorDepth, terminalColors: Int, directColor: Bool) -> Bool {
    switch depth {
    case .trueColor: return directColor
    case .xterm256: return !directColor && terminalColors >= 256
    case .ansi16: return !directColor && terminalColors >= 16
    case .ansi8: return !directColor && terminalColors >= 8
    }
  }

  /// The depth to compile a private terminfo entry for (`ColorEntry`), or nil when the terminal's own
  /// entry serves: a forced depth it cannot draw, or 24-bit color announced to an entry without `RGB`.
  public static func entryNeeded(
    choice: ColorChoice, noColor: String?, trueColor: TrueColorSignal?, terminalColors: Int, directColor: Bool
  ) -> ColorDepth? {
    guard allowsColor(choice: choice, noColor: noColor) else { return nil }
    if let forced = choice.forcedDepth {
      return entryFits(forced, terminalColors: terminalColors, directColor: directColor) ? nil : forced
    }
    return trueColor != nil && !directColor ? .trueColor : nil
  }

  /// The depth to draw with, or nil for none (the monochrome screen), given the entry ncurses was
  /// started with (the terminal's own, or the private one `entryNeeded` asked for).
  ///
  /// - Parameters:
  ///   - terminalColors: the entry's `colors` (ncurses' COLORS; 0 or less without color).
  ///   - directColor: the entry takes 24-bit values as color numbers (`RGB`).
  public static func depth(
    choice: ColorChoice, noColor: String?, terminalColors: Int, directColor: Bool
  ) -> ColorDepth? {
    guard allowsColor(choice: choice, noColor: noColor), terminalColors >= 8 else { return nil }
    // An entry with RGB takes every color number as 0xRRGGBB (but the lowest few), so palette
    // numbers cannot be given to it: it is 24-bit color or nothing.
    if directColor { return .trueColor }
    let own: ColorDepth = terminalColors >= 256 ? .xterm256 : terminalColors >= 16 ? .ansi16 : .ansi8
    guard let forced = choice.forcedDepth, forced != .trueColor else { return own }
    // A forced depth the entry cannot draw (its private entry could not be made): the entry's own.
    return entryFits(forced, terminalColors: terminalColors, directColor: false) ? forced : own
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
