import TileModel

/// The part of the content a screen shows: where on the screen it sits (`frame`) and which content
/// point is at the frame's origin (`offset`). Only the scrolling axis scrolls: y in the vertical
/// direction, x in the horizontal one.
///
///     screen                      content
///     +------------------+        +---------------+
///     | title bar        |        |               |  offset.y
///     +------------------+ <----- +---------------+ <- offset
///     | frame            |        | visibleContent|
///     +------------------+ <----- +---------------+
///     | status line      |        |               |
///     +------------------+        +---------------+
///
/// A value: converting, clamping and revealing are pure; the caller decides when to scroll.
public struct Viewport: Equatable, Hashable, Sendable {
  /// Where the content is shown, in screen cells.
  public var frame: Rect
  /// The scrolling axis.
  public let direction: Direction
  /// The content point shown at `frame.origin`; zero on the axis that does not scroll.
  public private(set) var offset: Point

  /// A viewport showing the content in `frame` (screen cells), scrolled to `offset`, whose coordinate
  /// on the axis that does not scroll is ignored.
  public init(frame: Rect, direction: Direction, offset: Point = .zero) {
    self.frame = frame
    self.direction = direction
    self.offset = direction == .vertical ? Point(x: 0, y: offset.y) : Point(x: offset.x, y: 0)
  }

  var isVertical: Bool { direction == .vertical }

  /// The scroll position: the offset along the scrolling axis.
  public var position: Int { isVertical ? offset.y : offset.x }

  /// The frame's extent along the scrolling axis.
  public var length: Int { isVertical ? frame.height : frame.width }

  /// The content rectangle the frame shows.
  public var visibleContent: Rect { Rect(origin: offset, size: frame.size) }

  // MARK: - Converting

  /// The content point under a screen cell.
  public func contentPoint(fromScreen point: Point) -> Point {
    point - frame.origin + offset
  }

  /// The screen cell showing a content point (which may lie outside the frame).
  public func screenPoint(fromContent point: Point) -> Point {
    point - offset + frame.origin
  }

  /// A content rectangle in screen cells (which may lie partly or wholly outside the frame).
  public func screenRect(fromContent rect: Rect) -> Rect {
    Rect(origin: screenPoint(fromContent: rect.origin), size: rect.size)
  }

  /// A distance along the scrolling axis as a point.
  public func along(_ distance: Int) -> Point {
    isVertical ? Point(x: 0, y: distance) : Point(x: distance, y: 0)
  }

  // MARK: - Scrolling

  /// The largest scroll position for content of `size`: its end at the frame's end, or 0.
  public func maximumPosition(contentSize size: Size) -> Int {
    max(0, isVertical ? size.height - frame.height : size.width - frame.width)
  }

  /// Scrolls by `delta` along the axis, kept within `0...maximumPosition`; returns the change.
  @discardableResult
  public mutating func scroll(by delta: Int, contentSize: Size) -> Int {
    let old = position
    let new = min(max(0, old + delta), maximumPosition(contentSize: contentSize))
    offset = along(new)
    return new - old
  }

  /// Brings the scroll position back within range (after the content shrank or the frame grew);
  /// returns the change.
  @discardableResult
  public mutating func clamp(contentSize: Size) -> Int {
    scroll(by: 0, contentSize: contentSize)
  }

  /// Scrolls the least that shows `span` (a range along the scrolling axis, in content
  /// coordinates): nothing when it is visible; a span longer than the frame shows its start.
  /// Returns the change.
  @discardableResult
  public mutating func reveal(_ span: Range<Int>, contentSize: Size) -> Int {
    let start = position
    let end = start + length
    if span.lowerBound < start {
      return scroll(by: span.lowerBound - start, contentSize: contentSize)
    }
    if span.upperBound > end {
      return scroll(by: min(span.upperBound - end, span.lowerBound - start), contentSize: contentSize)
    }
    return 0
  }

  /// The span of a content rectangle along the scrolling axis.
  public func span(of rect: Rect) -> Range<Int> {
    isVertical ? rect.minY..<rect.maxY : rect.minX..<rect.maxX
  }
}
