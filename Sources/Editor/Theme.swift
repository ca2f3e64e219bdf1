import Document
import Canvas
import TileModel

/// How the screen is drawn: in color, or with characters and attributes alone (`NO_COLOR`,
/// `--color never`, a terminal without colors). Without color every tile's extent stays visible (a
/// border), and focus, the placeholder, the lifted tile and the forbidden state each have their own
/// characters, so even plain text tells them apart.
public enum ColorScheme: Equatable, Hashable, Sendable {
  case color
  case monochrome
}

/// The screen's fixed colors. Tiles bring their own; everything else keeps to these few, chosen to
/// read on dark and light terminal themes alike (the content area keeps the terminal's own background).
enum Theme {
  static let barBackground = RGB(0x2B, 0x30, 0x3B)
  static let barText = RGB(0xE5, 0xE9, 0xF0)
  static let barDim = RGB(0x9A, 0xA3, 0xB5)
  static let accent = RGB(0x5E, 0x9B, 0xFF)
  static let dragAccent = RGB(0xFF, 0x9F, 0x0A)
  static let refusal = RGB(0xFF, 0x45, 0x3A)
  static let placeholder = RGB(0x80, 0x86, 0x94)
  /// The lifted tile's shadow where the terminal's own background shows: the `░` shade in a gray that
  /// contrasts about 4:1 with black and with white, so it shows on dark and light themes alike (the
  /// terminal's background color is not known). A shadow on a tile darkens the tile instead.
  static let shadowShade = RGB(0x80, 0x80, 0x80)
  /// The least contrast a darkened cell must have with the cell it darkens to count as a shadow.
  static let shadowContrast = 1.6
  static let rule = RGB(0x5C, 0x63, 0x70)
  static let helpBackground = RGB(0x1F, 0x23, 0x2B)
  /// The highlight of a find's matches.
  static let match = RGB(0xFF, 0xD6, 0x0A)
  /// A card's tags are drawn on a band of the card's color mixed with this dark blue.
  static let tagBand = RGB(0x1F, 0x2A, 0x44)
  /// A card's due date is drawn on a band of the card's color mixed with this pale amber.
  static let dateBand = RGB(0xFF, 0xE3, 0xA3)

  /// `color` mixed with `other`: `amount` 0 keeps `color`, 1 gives `other`.
  static func mix(_ color: RGB, _ other: RGB, _ amount: Double) -> RGB {
    func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Double(a) + (Double(b) - Double(a)) * amount).rounded())
    }
    return RGB(channel(color.red, other.red), channel(color.green, other.green), channel(color.blue, other.blue))
  }

  static let white = RGB(255, 255, 255)
  static let black = RGB(0, 0, 0)
}

/// The lines of a box, for borders.
struct BoxLines {
  var horizontal: Character
  var vertical: Character
  var topLeft: Character
  var topRight: Character
  var bottomLeft: Character
  var bottomRight: Character
  /// For a tile one row tall, which has no room for a box: marks at its two ends.
  var left: Character
  var right: Character

  static let light = BoxLines(
    horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", left: "[",
    right: "]")
  static let rounded = BoxLines(
    horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", left: "▸",
    right: "◂")
  static let double = BoxLines(
    horizontal: "═", vertical: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", left: "»",
    right: "«")
  static let heavy = BoxLines(
    horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", left: "▶",
    right: "◀")
  static let dashed = BoxLines(
    horizontal: "╌", vertical: "╎", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", left: "╎",
    right: "╎")
  static let forbidden = BoxLines(
    horizontal: "━", vertical: "┃", topLeft: "╳", topRight: "╳", bottomLeft: "╳", bottomRight: "╳", left: "╳",
    right: "╳")
}

extension Buffer {
  /// Draws a box along the edges of `rect` (clipped), keeping the cells inside. A rectangle one row
  /// tall gets the box's end marks instead, a column one cell wide a vertical line.
  mutating func drawBox(_ rect: Rect, _ lines: BoxLines, style: Style, clip: Rect) {
    guard !rect.isEmpty else { return }
    if rect.height == 1 {
      if rect.width == 1 {
        fill(rect, with: lines.left, style: style, clip: clip)
        return
      }
      fill(Rect(x: rect.minX, y: rect.minY, width: 1, height: 1), with: lines.left, style: style, clip: clip)
      fill(Rect(x: rect.maxX - 1, y: rect.minY, width: 1, height: 1), with: lines.right, style: style, clip: clip)
      return
    }
    if rect.width == 1 {
      fill(rect, with: lines.vertical, style: style, clip: clip)
      return
    }
    let top = Rect(x: rect.minX + 1, y: rect.minY, width: rect.width - 2, height: 1)
    fill(top, with: lines.horizontal, style: style, clip: clip)
    fill(Rect(x: top.minX, y: rect.maxY - 1, width: top.width, height: 1), with: lines.horizontal, style: style, clip: clip)
    let side = Rect(x: rect.minX, y: rect.minY + 1, width: 1, height: rect.height - 2)
    fill(side, with: lines.vertical, style: style, clip: clip)
    fill(Rect(x: rect.maxX - 1, y: side.minY, width: 1, height: side.height), with: lines.vertical, style: style, clip: clip)
    fill(Rect(x: rect.minX, y: rect.minY, width: 1, height: 1), with: lines.topLeft, style: style, clip: clip)
    fill(Rect(x: rect.maxX - 1, y: rect.minY, width: 1, height: 1), with: lines.topRight, style: style, clip: clip)
    fill(Rect(x: rect.minX, y: rect.maxY - 1, width: 1, height: 1), with: lines.bottomLeft, style: style, clip: clip)
    fill(Rect(x: rect.maxX - 1, y: rect.maxY - 1, width: 1, height: 1), with: lines.bottomRight, style: style, clip: clip)
  }
}
