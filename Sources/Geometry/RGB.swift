/// A 24-bit sRGB color.
public struct RGB: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

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
