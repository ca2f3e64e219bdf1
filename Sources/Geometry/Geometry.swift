// Geometry in whole terminal cells. Origin top-left, y grows downward; a rectangle contains its
// minimum edges and not its maximum ones (half-open). Every value is a count of cells: a cell is one
// column wide and one row high.

/// A cell position: column `x`, row `y`, counted from 0 at the top left.
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The column, growing to the right.
  public var x: Int
  /// The row, growing downward.
  public var y: Int

  /// The point at column `x`, row `y`.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)

  /// The sum of two points, coordinate by coordinate (a point moved by an offset).
  public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  /// The difference of two points, coordinate by coordinate (the offset from `b` to `a`).
  public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }

  /// `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}

/// A size in cells: `width` columns by `height` rows.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// A size of `width` columns by `height` rows.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// No cells, 0 x 0.
  public static let zero = Size(width: 0, height: 0)

  /// `WxH`, as `tilegrid` writes screen sizes (`80x24`).
  public var description: String { "\(width)x\(height)" }
}

/// A rectangle of cells: `width` columns and `height` rows from its top-left cell `(x, y)`. Half-open:
/// it holds the cells from `minX` up to but not including `maxX` (and likewise down to `maxY`).
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// The rectangle whose top-left cell is `(x, y)`, `width` columns by `height` rows.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The rectangle of `size` whose top-left cell is `origin`.
  public init(origin: Point, size: Size) {
    self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The top-left cell.
  public var origin: Point { Point(x: x, y: y) }
  /// The width and height.
  public var size: Size { Size(width: width, height: height) }
  /// The left column, `x`.
  public var minX: Int { x }
  /// The top row, `y`.
  public var minY: Int { y }
  /// The first column after the rectangle, `x + width` (not inside it).
  public var maxX: Int { x + width }
  /// The first row below the rectangle, `y + height` (not inside it).
  public var maxY: Int { y + height }
  /// Whether the rectangle holds no cell (a width or height of 0 or less).
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// Half-open containment: the minimum edges belong to the rectangle, the maximum ones do not.
  public func contains(_ p: Point) -> Bool {
    p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
  }

  /// Whether the two rectangles share at least one cell (never true when either is empty).
  public func intersects(_ other: Rect) -> Bool {
    !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }

  /// Whether `other` lies wholly inside this rectangle (edges may coincide).
  public func contains(_ other: Rect) -> Bool {
    other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
  }

  /// The cells both rectangles hold (empty, at this one's origin, when they share none).
  public func intersection(_ other: Rect) -> Rect {
    let (minX, minY) = (max(x, other.x), max(y, other.y))
    let (maxX, maxY) = (min(self.maxX, other.maxX), min(self.maxY, other.maxY))
    guard minX < maxX, minY < maxY else { return Rect(x: x, y: y, width: 0, height: 0) }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// `(x, y, WxH)`.
  public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// Margins in cells on the four sides, as a section's inset (UIKit's `UIEdgeInsets`).
public struct Insets: Equatable, Hashable, Sendable {
  /// Rows above.
  public var top: Int
  /// Columns on the left.
  public var left: Int
  /// Rows below.
  public var bottom: Int
  /// Columns on the right.
  public var right: Int

  /// Insets of the given rows and columns.
  public init(top: Int, left: Int, bottom: Int, right: Int) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}
