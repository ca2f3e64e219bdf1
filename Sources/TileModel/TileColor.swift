/// A tile's color as written in the file: a UIKit color name or `#RRGGBB`, with its RGB value.
///
/// The spelling is kept so that a file comes back as it was written (`"#ff0000"` stays lower-case).
public struct TileColor: Equatable, Hashable, Sendable {
  /// The text as written: `"blue"`, `"darkGray"`, `"#ff0000"`.
  public let spelling: String
  /// The color's sRGB value (UIKit's light-mode value for a name).
  public let rgb: RGB

  /// Parses a UIKit color name (`blue`, `darkGray`, `systemTeal`, …; case-insensitive) or `#RRGGBB`
  /// (either case); `nil` for anything else. `TileColor("#0A84FF")?.rgb` is `RGB(10, 132, 255)`.
  public init?(_ text: String) {
    if let rgb = Self.parse(text) {
      self.spelling = text
      self.rgb = rgb
    } else {
      return nil
    }
  }

  /// `gray`, RGB(128, 128, 128): a tile's color when it has none.
  public static let gray = TileColor("gray")!

  private static func parse(_ text: String) -> RGB? {
    if text.utf8.first == UInt8(ascii: "#") {
      var text = text
      return text.withUTF8(parseHex)
    }
    return namedColors[text] ?? namedColors[text.lowercased()]
  }

  /// `#RRGGBB` from its UTF-8 bytes. No arrays: a file may give every tile its own color, and then this
  /// runs once per tile.
  private static func parseHex(_ utf8: UnsafeBufferPointer<UInt8>) -> RGB? {
    guard utf8.count == 7 else { return nil }
    var value: UInt32 = 0
    for c in utf8.dropFirst() {
      guard let digit = hexDigit(c) else { return nil }
      value = value << 4 | UInt32(digit)
    }
    return RGB(UInt8(value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
  }

  private static func hexDigit(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: return c - 0x30
    case 0x41...0x46: return c - 0x41 + 10
    case 0x61...0x66: return c - 0x61 + 10
    default: return nil
    }
  }

  /// The names this version knows: UIKit's fixed colors (UIColor.blue, …) and its system colors.
  public static let names: [String] = [
    "black", "blue", "brown", "cyan", "darkGray", "gray", "green", "lightGray", "magenta", "orange",
    "purple", "red", "white", "yellow", "link", "systemBlue", "systemBrown", "systemCyan", "systemGreen",
    "systemIndigo", "systemMint", "systemOrange", "systemPink", "systemPurple", "systemRed", "systemTeal",
    "systemYellow", "systemGray", "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6",
  ]

  /// Every name in its UIKit spelling and lower-cased, to their light-mode sRGB values.
  private static let namedColors: [String: RGB] = {
    var table = lowercasedColors
    for name in names { table[name] = lowercasedColors[name.lowercased()] }
    return table
  }()

  private static let lowercasedColors: [String: RGB] = [
    "black": RGB(0, 0, 0),
    "blue": RGB(0, 0, 255),
    "brown": RGB(153, 102, 51),
    "cyan": RGB(0, 255, 255),
    "darkgray": RGB(85, 85, 85),
    "gray": RGB(128, 128, 128),
    "green": RGB(0, 255, 0),
    "lightgray": RGB(170, 170, 170),
    "magenta": RGB(255, 0, 255),
    "orange": RGB(255, 128, 0),
    "purple": RGB(128, 0, 128),
    "red": RGB(255, 0, 0),
    "white": RGB(255, 255, 255),
    "yellow": RGB(255, 255, 0),
    "link": RGB(0, 122, 255),
    "systemblue": RGB(0, 122, 255),
    "systembrown": RGB(162, 132, 94),
    "systemcyan": RGB(50, 173, 230),
    "systemgreen": RGB(52, 199, 89),
    "systemindigo": RGB(88, 86, 214),
    "systemmint": RGB(0, 199, 190),
    "systemorange": RGB(255, 149, 0),
    "systempink": RGB(255, 45, 85),
    "systempurple": RGB(175, 82, 222),
    "systemred": RGB(255, 59, 48),
    "systemteal": RGB(48, 176, 199),
    "systemyellow": RGB(255, 204, 0),
    "systemgray": RGB(142, 142, 147),
    "systemgray2": RGB(174, 174, 178),
    "systemgray3": RGB(199, 199, 204),
    "systemgray4": RGB(209, 209, 214),
    "systemgray5": RGB(229, 229, 234),
    "systemgray6": RGB(242, 242, 247),
  ]
}
