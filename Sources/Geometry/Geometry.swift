/// Geometry in whole terminal cells. Origin top-left, y grows downward; a rectangle contains its
/// minimum edges and not its maximum ones (half-open).

public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)

  public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }

  public var description: String { "(\(x), \(y))" }
}

public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)

  public var description: String { "\(width)x\(height)" }
}

public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public init(origin: Point, size: Size) {
    self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var origin: Point { Point(x: x, y: y) }
  public var size: Size { Size(width: width, height: height) }
  public var minX: Int { x }
  public var minY: Int { y }
  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// Half-open containment: the minimum edges belong to the rectangle, the maximum ones do not.
  public func contains(_ p: Point) -> Bool {
    p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
  }

  public func intersects(_ other: Rect) -> Bool {
    !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }

  public func contains(_ other: Rect) -> Bool {
    other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
  }

  public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

public struct Insets: Equatable, Hashable, Sendable {
  public var top: Int
  public var left: Int
  public var bottom: Int
  public var right: Int

  public init(top: Int, left: Int, bottom: Int, right: Int) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}
