/// A 24-bit sRGB color, 0-255 per channel.
public struct RGB: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The red channel, 0-255.
  public var red: UInt8
  /// The green channel, 0-255.
  public var green: UInt8
  /// The blue channel, 0-255.
  public var blue: UInt8

  /// The color with these channels: `RGB(0, 122, 255)` is UIKit's `systemBlue`.
  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// `#RRGGBB`, upper-case hex.
  public var description: String {
    func hex(_ v: UInt8) -> String {
      let digits = Array("0123456789ABCDEF")
      return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
    }
    return "#" + hex(red) + hex(green) + hex(blue)
  }
}
