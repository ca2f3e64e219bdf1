import Geometry

/// How many colors the output may use.
public enum ColorDepth: Hashable, Sendable, CaseIterable {
  /// 24-bit: `38;2;r;g;b` and `48;2;r;g;b`.
  case trueColor
  /// xterm's 256 colors: `38;5;n` and `48;5;n`, n in 16...255 (`XtermPalette.nearest256`).
  case xterm256
  /// The 16 basic colors: 30-37 and 90-97, backgrounds 40-47 and 100-107.
  case ansi16
  /// The 8 basic colors: 30-37, backgrounds 40-47.
  case ansi8
}

/// How a buffer becomes text (`tilegrid render`).
public enum RenderMode: Hashable, Sendable {
  /// No escape sequences at all: the characters only.
  case plain
  /// SGR attributes (bold, dim, italic, underline, reverse) but no colors, for `NO_COLOR`.
  case attributesOnly
  /// SGR attributes and colors at the given depth.
  case colored(ColorDepth)
}

extension Buffer {
  /// The buffer as text: `height` lines, each ending in `"\n"`. See `renderedLines(_:)`.
  public func rendered(_ mode: RenderMode) -> String {
    var result = ""
    for line in renderedLines(mode) {
      result += line
      result += "\n"
    }
    return result
  }

  /// Each row as text, exactly `width` cells wide on a terminal (a wide character once, its
  /// continuation skipped). Outside `.plain` the only escape sequences are SGR (`ESC[…m`), never cursor
  /// movement, so the text can go into a file, a pipe or a pager (`less -R`). Each row starts in the
  /// terminal's default state; a sequence appears only where the style changes from the cell before,
  /// and carries only what changed (or a reset and the new state, when that is shorter); a row that
  /// ends in a non-default state ends with `ESC[0m`.
  ///
  ///     "ab" in bold red on the default background, then "c" plain, at true color:
  ///     ESC[1;38;2;255;0;0m ab ESC[0m c
  public func renderedLines(_ mode: RenderMode) -> [String] {
    (0..<size.height).map { y in
      var line = ""
      var current = SGRState.initial
      for cell in row(y) where !cell.isContinuation {
        if mode != .plain {
          let next = SGRState(cell.style, mode)
          if next != current {
            line += next.sequence(from: current)
            current = next
          }
        }
        line += cell.unit.text
      }
      if current != .initial { line += "\u{1B}[0m" }
      return line
    }
  }
}

extension Buffer {
  /// What the terminal has been told: attributes and colors as they will be written, so two RGB values
  /// that map to the same palette entry count as no change.
  struct SGRState: Equatable {
    enum Color: Equatable {
      case `default`
      /// A palette index for `38;5;n` / `48;5;n`.
      case indexed(Int)
      /// A basic color 0...15 (8...15 bright).
      case basic(Int)
      case rgb(RGB)
    }

    var attributes: Attributes
    var foreground: Color
    var background: Color

    static let initial = SGRState(attributes: [], foreground: .default, background: .default)

    init(attributes: Attributes, foreground: Color, background: Color) {
      self.attributes = attributes
      self.foreground = foreground
      self.background = background
    }

    init(_ style: Style, _ mode: RenderMode) {
      attributes = style.attributes
      switch mode {
      case .plain, .attributesOnly:
        foreground = .default
        background = .default
      case .colored(let depth):
        foreground = Self.color(style.foreground, depth)
        background = Self.color(style.background, depth)
      }
    }

    static func color(_ color: CellColor, _ depth: ColorDepth) -> Color {
      guard case .rgb(let rgb) = color else { return .default }
      switch depth {
      case .trueColor: return .rgb(rgb)
      case .xterm256: return .indexed(XtermPalette.nearest256(rgb))
      case .ansi16: return .basic(XtermPalette.nearest16(rgb))
      case .ansi8: return .basic(XtermPalette.nearest8(rgb))
      }
    }

    /// The SGR sequence that turns `old` into `self`: the changes alone, or `0` and the whole new state,
    /// whichever is shorter (the changes when equal).
    func sequence(from old: SGRState) -> String {
      let changes = parameters(from: old)
      let reset = ["0"] + parameters(from: .initial)
      let chosen = length(reset) < length(changes) ? reset : changes
      return "\u{1B}[" + chosen.joined(separator: ";") + "m"
    }

    private func length(_ parameters: [String]) -> Int {
      parameters.reduce(parameters.count - 1) { $0 + $1.utf8.count }
    }

    /// Parameters that take `old` to `self` without a reset.
    private func parameters(from old: SGRState) -> [String] {
      var result: [String] = []
      let removed = old.attributes.subtracting(attributes)
      var added = attributes.subtracting(old.attributes)
      // 22 turns off both bold and dim; whichever of the two stays must be turned on again.
      if !removed.isDisjoint(with: [.bold, .dim]) {
        result.append("22")
        added.formUnion(attributes.intersection([.bold, .dim]))
      }
      if removed.contains(.italic) { result.append("23") }
      if removed.contains(.underline) { result.append("24") }
      if removed.contains(.reverse) { result.append("27") }
      let codes: [(Attributes, String)] = [
        (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"),
      ]
      for (attribute, code) in codes where added.contains(attribute) { result.append(code) }
      if foreground != old.foreground { result.append(Self.parameter(foreground, background: false)) }
      if background != old.background { result.append(Self.parameter(background, background: true)) }
      return result
    }

    private static func parameter(_ color: Color, background: Bool) -> String {
      switch color {
      case .default:
        return background ? "49" : "39"
      case .indexed(let n):
        return (background ? "48;5;" : "38;5;") + String(n)
      case .basic(let n):
        let base = n < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
        return String(base + n % 8)
      case .rgb(let c):
        return (background ? "48;2;" : "38;2;") + "\(c.red);\(c.green);\(c.blue)"
      }
    }
  }
}
