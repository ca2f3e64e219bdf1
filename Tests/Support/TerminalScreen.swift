import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// A terminal's screen as tmux shows it: every cell's character and colors, parsed from
// `capture-pane -p -e -N`, with the pane's modes (`TerminalState`) read in the same tmux call.

/// A cell's foreground or background color.
public enum TerminalColor: Hashable, Sendable, CustomStringConvertible {
  case `default`
  /// One of the 256 palette colors (30-37 and 40-47 are 0-7, 90-97 and 100-107 are 8-15).
  case palette(Int)
  case rgb(Int, Int, Int)

  public var description: String {
    switch self {
    case .default: return "default"
    case .palette(let n): return "palette \(n)"
    case .rgb(let r, let g, let b): return "rgb(\(r), \(g), \(b))"
    }
  }
}

/// SGR attributes other than colors.
public struct TerminalAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static let bold = Self(rawValue: 1 << 0)
  public static let dim = Self(rawValue: 1 << 1)
  public static let italic = Self(rawValue: 1 << 2)
  public static let underline = Self(rawValue: 1 << 3)
  public static let blink = Self(rawValue: 1 << 4)
  public static let reverse = Self(rawValue: 1 << 5)
  public static let hidden = Self(rawValue: 1 << 6)
  public static let strikethrough = Self(rawValue: 1 << 7)
  public static let overline = Self(rawValue: 1 << 8)
}

/// One screen cell. The right half of a wide character is a cell of its own whose `character` is
/// empty (`isContinuation`), so `cells[y][x]` is always column `x`.
public struct TerminalCell: Hashable, Sendable, CustomStringConvertible {
  /// The character (a base and any combining marks); "" for the right half of a wide character.
  public var character: String
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: TerminalAttributes

  public init(
    _ character: String = " ", foreground: TerminalColor = .default, background: TerminalColor = .default,
    attributes: TerminalAttributes = []
  ) {
    self.character = character
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let blank = TerminalCell()

  public var isContinuation: Bool { character.isEmpty }

  public var description: String {
    "\(character.debugDescription) fg \(foreground) bg \(background)"
      + (attributes.isEmpty ? "" : " attributes \(attributes.rawValue)")
  }
}

/// The pane's modes and process, as tmux's formats report them.
public struct TerminalState: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int
  public var cursorX: Int
  public var cursorY: Int
  /// DECTCEM: the cursor is shown.
  public var cursorVisible: Bool
  /// The alternate screen (1049) is on.
  public var alternateScreen: Bool
  /// Mouse reporting modes: 1000 (press and release), 1002 (and motion with a button held), 1003 (all
  /// motion); 1006 is the SGR encoding, which is no mode of its own.
  public var mouseStandard: Bool
  public var mouseButton: Bool
  public var mouseAll: Bool
  public var mouseSGR: Bool
  /// Whether the terminal reports any mouse events at all (tmux's `mouse_any_flag`).
  public var mouseReporting: Bool
  /// The pane's title (OSC 0/2 set it; a new pane's title is the host name).
  public var title: String
  /// The host name, which is what a new pane's title is.
  public var host: String
  /// The first process in the pane (the program itself when the pane command `exec`s it).
  public var processID: Int32
  /// The program in the pane has exited (the pane stays, `remain-on-exit`).
  public var dead: Bool
  public var exitStatus: Int32?
  public var exitSignal: Int32?

  /// Alternate screen off, mouse reporting off, cursor visible: what a program must leave behind.
  public var isRestored: Bool { !alternateScreen && !mouseReporting && cursorVisible }

  public var description: String {
    var parts = [
      "\(width)x\(height)", "cursor \(cursorX),\(cursorY)\(cursorVisible ? "" : " hidden")",
      "alternate screen \(alternateScreen ? "on" : "off")",
      "mouse reporting \(mouseReporting ? "on" : "off")"
        + (mouseReporting
          ? " (1000 \(mouseStandard ? 1 : 0), 1002 \(mouseButton ? 1 : 0), 1003 \(mouseAll ? 1 : 0), "
            + "1006 \(mouseSGR ? 1 : 0))" : ""),
      "title \(title.debugDescription)",
    ]
    if dead {
      parts.append(
        "exited" + (exitStatus.map { " with status \($0)" } ?? "") + (exitSignal.map { " by signal \($0)" } ?? ""))
    }
    return parts.joined(separator: ", ")
  }

  /// The tmux format that `init(formatted:)` reads: tab-separated, the title (free text) last.
  static let format = [
    "pane_width", "pane_height", "cursor_x", "cursor_y", "cursor_flag", "alternate_on", "mouse_standard_flag",
    "mouse_button_flag", "mouse_all_flag", "mouse_sgr_flag", "mouse_any_flag", "pane_pid", "pane_dead",
    "pane_dead_status", "pane_dead_signal", "host", "pane_title",
  ].map { "#{\($0)}" }.joined(separator: "\t")

  init?(formatted line: Substring) {
    let fields = line.split(separator: "\t", maxSplits: 16, omittingEmptySubsequences: false)
    guard fields.count == 17 else { return nil }
    func int(_ i: Int) -> Int? { Int(fields[i]) }
    func flag(_ i: Int) -> Bool { fields[i] == "1" }
    guard let width = int(0), let height = int(1), let x = int(2), let y = int(3), let pid = int(11) else {
      return nil
    }
    self.width = width
    self.height = height
    cursorX = x
    cursorY = y
    cursorVisible = flag(4)
    alternateScreen = flag(5)
    mouseStandard = flag(6)
    mouseButton = flag(7)
    mouseAll = flag(8)
    mouseSGR = flag(9)
    mouseReporting = flag(10)
    processID = Int32(pid)
    dead = flag(12)
    exitStatus = dead ? Int32(fields[13]) : nil
    exitSignal = dead ? Int32(fields[14]) : nil
    host = String(fields[15])
    title = String(fields[16])
  }
}

/// What the pane showed at one moment: cells with colors, the text of each row, and the pane's state.
public struct TerminalScreen: Sendable, CustomStringConvertible {
  /// `cells[y][x]`; every row has `width` cells.
  public let cells: [[TerminalCell]]
  /// Each row's text as `capture-pane -p` gives it: wide characters once, trailing spaces removed.
  public let rows: [String]
  public let state: TerminalState
  /// What tmux printed for the screen, escape sequences and all (for failure messages and debugging).
  public let escaped: String

  public var width: Int { state.width }
  public var height: Int { state.height }

  /// The rows joined with newlines.
  public var text: String { rows.joined(separator: "\n") }

  public func contains(_ text: String) -> Bool { rows.contains { $0.contains(text) } }

  /// Row `y`'s text; "" outside the screen.
  public func row(_ y: Int) -> String { rows.indices.contains(y) ? rows[y] : "" }

  /// The cell at column `x`, row `y` (zero-based); nil outside the screen.
  public func cell(_ x: Int, _ y: Int) -> TerminalCell? {
    guard cells.indices.contains(y), cells[y].indices.contains(x) else { return nil }
    return cells[y][x]
  }

  /// The text of columns `x..<x+count` on row `y`, wide characters once.
  public func text(x: Int, y: Int, count: Int) -> String {
    guard cells.indices.contains(y) else { return "" }
    let row = cells[y]
    let start = max(0, min(x, row.count))
    let end = max(start, min(x + count, row.count))
    return row[start..<end].map(\.character).joined()
  }

  /// Where `text` first appears, as screen cells (column, row): columns count wide characters as two.
  public func find(_ text: String) -> (x: Int, y: Int)? {
    findAll(text).first
  }

  /// Every place `text` appears, top to bottom, left to right.
  public func findAll(_ text: String) -> [(x: Int, y: Int)] {
    let wanted = text.map(String.init)
    guard !wanted.isEmpty else { return [] }
    var found: [(x: Int, y: Int)] = []
    for (y, row) in cells.enumerated() {
      let columns = row.indices.filter { !row[$0].isContinuation }
      guard columns.count >= wanted.count else { continue }
      for start in 0...(columns.count - wanted.count)
      where (0..<wanted.count).allSatisfy({ row[columns[start + $0]].character == wanted[$0] }) {
        found.append((columns[start], y))
      }
    }
    return found
  }

  /// The rows numbered, for failure messages.
  public var description: String {
    let numbered = rows.enumerated().map { y, row in
      (y < 10 ? " " : "") + "\(y)|" + row
    }
    return "screen \(width)x\(height) (\(state)):\n" + numbered.joined(separator: "\n")
  }

  /// Parses `capture-pane -p -e -N` output for a `width` x `height` pane.
  public init(escaped: String, state: TerminalState) {
    self.escaped = escaped
    self.state = state
    cells = TerminalScreen.parse(escaped, width: state.width, height: state.height)
    rows = cells.map { row in
      var text = row.map(\.character).joined()
      while text.hasSuffix(" ") { text.removeLast() }
      return text
    }
  }

  static func parse(_ escaped: String, width: Int, height: Int) -> [[TerminalCell]] {
    var cells = Array(repeating: Array(repeating: TerminalCell.blank, count: max(0, width)), count: max(0, height))
    var pen = TerminalCell.blank
    var x = 0
    var y = 0
    let scalars = Array(escaped.unicodeScalars)
    var i = 0
    func put(_ cell: TerminalCell, at column: Int) {
      if cells.indices.contains(y) && cells[y].indices.contains(column) { cells[y][column] = cell }
    }
    while i < scalars.count {
      let scalar = scalars[i]
      i += 1
      switch scalar {
      case "\n":
        y += 1
        x = 0
      case "\u{1B}":
        guard i < scalars.count else { break }
        let kind = scalars[i]
        i += 1
        if kind == "[" {
          var parameters = ""
          while i < scalars.count, !(0x40...0x7E).contains(scalars[i].value) {
            parameters.unicodeScalars.append(scalars[i])
            i += 1
          }
          guard i < scalars.count else { break }
          let final = scalars[i]
          i += 1
          if final == "m" { applySGR(parameters, to: &pen) }
        } else if kind == "]" {
          // OSC (a hyperlink): skip to BEL or ST.
          while i < scalars.count {
            if scalars[i] == "\u{07}" {
              i += 1
              break
            }
            if scalars[i] == "\u{1B}" && i + 1 < scalars.count && scalars[i + 1] == "\\" {
              i += 2
              break
            }
            i += 1
          }
        }
      default:
        let width = characterWidth(scalar)
        if width == 0 {
          // A combining mark belongs to the character before it.
          var column = x - 1
          while column > 0, cells.indices.contains(y), cells[y].indices.contains(column),
            cells[y][column].isContinuation
          {
            column -= 1
          }
          if cells.indices.contains(y) && cells[y].indices.contains(column) {
            cells[y][column].character.unicodeScalars.append(scalar)
          }
          continue
        }
        var cell = pen
        cell.character = String(Character(scalar))
        put(cell, at: x)
        if width == 2 {
          var right = pen
          right.character = ""
          put(right, at: x + 1)
        }
        x += width
      }
    }
    return cells
  }

  /// Applies an SGR sequence's parameters (`1;38;5;196`, `38:2::1:2:3`, `4:3`, or empty for reset).
  static func applySGR(_ text: String, to pen: inout TerminalCell) {
    let parameters =
      text.isEmpty ? ["0"] : text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    var i = 0
    func number(_ s: String) -> Int? { s.isEmpty ? 0 : Int(s) }
    /// A color after 38/48/58: colon form inside the parameter, or semicolon form in the ones after it.
    func color(_ sub: [String]) -> TerminalColor? {
      if sub.count > 1 {
        let values = sub.dropFirst().map { Int($0) ?? 0 }
        if values.first == 5, values.count >= 2 { return .palette(values[1]) }
        if values.first == 2, values.count >= 5 { return .rgb(values[2], values[3], values[4]) }  // 38:2:cs:r:g:b
        if values.first == 2, values.count == 4 { return .rgb(values[1], values[2], values[3]) }  // 38:2:r:g:b
        return nil
      }
      guard i + 1 < parameters.count, let mode = number(parameters[i + 1]) else { return nil }
      if mode == 5, i + 2 < parameters.count, let n = number(parameters[i + 2]) {
        i += 2
        return .palette(n)
      }
      if mode == 2, i + 4 < parameters.count, let r = number(parameters[i + 2]), let g = number(parameters[i + 3]),
        let b = number(parameters[i + 4])
      {
        i += 4
        return .rgb(r, g, b)
      }
      return nil
    }
    while i < parameters.count {
      let sub = parameters[i].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      let code = number(sub[0]) ?? -1
      switch code {
      case 0:
        pen.foreground = .default
        pen.background = .default
        pen.attributes = []
      case 1: pen.attributes.insert(.bold)
      case 2: pen.attributes.insert(.dim)
      case 3: pen.attributes.insert(.italic)
      case 4:
        if sub.count > 1 && sub[1] == "0" {
          pen.attributes.remove(.underline)
        } else {
          pen.attributes.insert(.underline)
        }
      case 5, 6: pen.attributes.insert(.blink)
      case 7: pen.attributes.insert(.reverse)
      case 8: pen.attributes.insert(.hidden)
      case 9: pen.attributes.insert(.strikethrough)
      case 21: pen.attributes.insert(.underline)
      case 22: pen.attributes.subtract([.bold, .dim])
      case 23: pen.attributes.remove(.italic)
      case 24: pen.attributes.remove(.underline)
      case 25: pen.attributes.remove(.blink)
      case 27: pen.attributes.remove(.reverse)
      case 28: pen.attributes.remove(.hidden)
      case 29: pen.attributes.remove(.strikethrough)
      case 30...37: pen.foreground = .palette(code - 30)
      case 38: if let c = color(sub) { pen.foreground = c }
      case 39: pen.foreground = .default
      case 40...47: pen.background = .palette(code - 40)
      case 48: if let c = color(sub) { pen.background = c }
      case 49: pen.background = .default
      case 53: pen.attributes.insert(.overline)
      case 55: pen.attributes.remove(.overline)
      case 58: _ = color(sub)  // underline color: not kept
      case 90...97: pen.foreground = .palette(code - 90 + 8)
      case 100...107: pen.background = .palette(code - 100 + 8)
      default: break
      }
      i += 1
    }
  }
}

// MARK: - Character widths

/// glibc's `wcwidth` in the C.UTF-8 locale, the function tmux and ncursesw measure characters with.
/// Swift's Glibc module does not export it, so it is looked up once; the locale is set for the calling
/// thread only (`uselocale`), never for the process.
private struct WidthFunction: @unchecked Sendable {
  typealias Function = @convention(c) (wchar_t) -> Int32
  let function: Function?
  let locale: locale_t?

  static let shared: WidthFunction = {
    let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth")
    let locale = newlocale(Int32(LC_CTYPE_MASK), "C.UTF-8", nil)
    return WidthFunction(function: symbol.map { unsafeBitCast($0, to: Function.self) }, locale: locale)
  }()
}

/// How many cells `scalar` takes on the screen: 0 (combining), 1 or 2.
public func characterWidth(_ scalar: Unicode.Scalar) -> Int {
  if scalar.value < 0x7F { return 1 }
  let shared = WidthFunction.shared
  if let function = shared.function, let locale = shared.locale {
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    let width = Int(function(wchar_t(bitPattern: scalar.value)))
    return width < 0 ? 1 : width
  }
  // No wcwidth: the common wide ranges (Hangul, CJK, kana, full-width forms, emoji).
  switch scalar.value {
  case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
    0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
    0x1F900...0x1F9FF, 0x20000...0x3FFFD:
    return 2
  case 0x0300...0x036F, 0x200B...0x200F:
    return 0
  default:
    return 1
  }
}
