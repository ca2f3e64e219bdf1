import Geometry

/// A terminal-neutral screen: `size.width x size.height` cells, drawn into every frame, then compared
/// with the previous frame (`diff`) so the terminal backend writes only what changed.
///
/// Everything clips at the buffer's edges and at an optional clip rectangle, so callers can draw tiles
/// that are partly scrolled out of the viewport without arithmetic of their own.
///
/// A wide character is never split. Writing one whose second half would fall outside the clip writes
/// a space instead (in the half that is inside); drawing over either half of a wide character already
/// there turns its other half into a space, keeping that half's style — even when that half lies
/// outside the clip, the one case where drawing changes a cell outside it:
///
///     a 4-cell row    write "x" at 1    then "日" at 3, the clip ending at column 4
///     日本            ␠x本              ␠x␠␠
///
/// "x" over 日's right half turns its left half into a space; 日 does not fit in the clip, so a space
/// goes in its left half, which was 本's right half, so 本's left half becomes a space too.
///
/// Invariant: every width-2 cell is followed by a width-0 continuation with the same style, and every
/// continuation follows a width-2 cell.
///
/// Storage is one row-major array of plain cells (no references), so a frame is drawn without any
/// allocation and `fill` is a memory fill.
public struct Buffer: Equatable, Sendable {
  public let size: Size
  /// Row-major: cell (x, y) is `cells[y * size.width + x]`.
  public private(set) var cells: [Cell]

  /// A `size` buffer of blank cells (negative sides count as 0).
  public init(size: Size, style: Style = .plain) {
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
    cells = Array(repeating: Cell(unit: .space, style: style), count: self.size.width * self.size.height)
  }

  public var width: Int { size.width }
  public var height: Int { size.height }
  public var bounds: Rect { Rect(origin: .zero, size: size) }

  /// The cell at `(x, y)`, which must lie inside the buffer.
  public subscript(x: Int, y: Int) -> Cell {
    precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "(\(x), \(y)) is outside \(size)")
    return cells[y * size.width + x]
  }

  public subscript(point: Point) -> Cell { self[point.x, point.y] }

  /// The cells of row `y`.
  public func row(_ y: Int) -> ArraySlice<Cell> {
    precondition(y >= 0 && y < size.height, "row \(y) is outside \(size)")
    return cells[y * size.width..<(y + 1) * size.width]
  }

  /// Each row as plain text: wide characters once, continuation cells skipped, so each line is exactly
  /// `width` cells wide on a terminal.
  public var lines: [String] {
    (0..<size.height).map { y in
      var line = ""
      for cell in row(y) where !cell.isContinuation { line += cell.unit.text }
      return line
    }
  }

  // MARK: - Clipping

  /// The area drawing may touch: the buffer, narrowed by `clip`. Never negative.
  @inline(__always)
  func area(_ clip: Rect?) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
    var minX = 0
    var minY = 0
    var maxX = size.width
    var maxY = size.height
    if let clip {
      minX = max(minX, clip.minX)
      minY = max(minY, clip.minY)
      maxX = min(maxX, clip.maxX)
      maxY = min(maxY, clip.maxY)
    }
    return (minX, minY, max(minX, maxX), max(minY, maxY))
  }

  // MARK: - Fill

  /// Fills `rect` (clipped to the buffer and `clip`) with `character` in `style`. The character is cut
  /// into units like any text (`DisplayText`); its first unit is used, a space if it has none. A wide
  /// unit fills pairs of cells, and a space the last cell of an odd width.
  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain, clip: Rect? = nil) {
    let unit: DisplayUnit
    if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
      unit = DisplayUnit(ascii: ascii)
    } else {
      var first = DisplayUnit.space
      DisplayText.forEachUnit(in: String(character)) { u in
        first = u
        return false
      }
      unit = first
    }
    fill(rect, with: unit, style: style, clip: clip)
  }

  /// Fills with one unit; see `fill(_:with:style:clip:)`.
  public mutating func fill(_ rect: Rect, with unit: DisplayUnit, style: Style = .plain, clip: Rect? = nil) {
    let unit = unit.width == 0 ? DisplayUnit.space : unit
    let a = area(clip)
    let minX = max(a.minX, rect.minX)
    let maxX = min(a.maxX, rect.maxX)
    let minY = max(a.minY, rect.minY)
    let maxY = min(a.maxY, rect.maxY)
    guard minX < maxX, minY < maxY else { return }
    let w = size.width
    let cell = Cell(unit: unit, style: style)
    cells.withUnsafeMutableBufferPointer { cells in
      for y in minY..<maxY {
        let start = y * w
        Buffer.breakWide(cells, at: start + minX)
        Buffer.breakWide(cells, at: start + maxX - 1)
        if unit.width == 1 {
          UnsafeMutableBufferPointer(rebasing: cells[start + minX..<start + maxX]).update(repeating: cell)
        } else {
          var x = minX
          let continuation = Cell(unit: .continuation, style: style)
          while x + 1 < maxX {
            cells[start + x] = cell
            cells[start + x + 1] = continuation
            x += 2
          }
          if x < maxX { cells[start + x] = Cell(unit: .space, style: style) }
        }
      }
    }
  }

  /// Fills the whole buffer with blank cells of `style`.
  public mutating func clear(style: Style = .plain) {
    let cell = Cell(unit: .space, style: style)
    cells.withUnsafeMutableBufferPointer { $0.update(repeating: cell) }
  }

  // MARK: - Writing text

  /// What `write` does with text wider than its `maxWidth`.
  public enum Overflow: Sendable {
    /// Cut at the limit (a wide unit straddling it leaves a space in its first half).
    case clip
    /// End with `…` as `DisplayText.truncated(toWidth:)` does.
    case ellipsis
  }

  /// Writes `text` on row `origin.y` from column `origin.x`, in at most `maxWidth` cells, clipped to the
  /// buffer and `clip`. Returns the column after the text (`origin.x` plus its width, at most
  /// `origin.x + maxWidth`), counting cells clipped away, so the next piece of text can follow it.
  /// ASCII text is written a byte at a time with no lookups and no allocation.
  @discardableResult
  public mutating func write(
    _ text: String, at origin: Point, style: Style = .plain, maxWidth: Int = .max, overflow: Overflow = .clip,
    clip: Rect? = nil
  ) -> Int {
    var limit = maxWidth
    var ellipsis = false
    if overflow == .ellipsis && maxWidth > 0 && DisplayText.width(of: text) > maxWidth {
      limit = maxWidth - 1
      ellipsis = true
    }
    var pen = Pen(buffer: self, origin: origin, limit: limit, style: style, clip: clip)
    cells.withUnsafeMutableBufferPointer { cells in
      DisplayText.forEachUnit(in: text) { pen.draw($0, cells, cutWide: !ellipsis) }
    }
    if ellipsis { pen.finishWithEllipsis(&cells, maxWidth: maxWidth) }
    return pen.end
  }

  /// Writes units already cut (`DisplayText`), as `write(_:at:style:maxWidth:overflow:clip:)` does.
  @discardableResult
  public mutating func write(
    _ text: DisplayText, at origin: Point, style: Style = .plain, maxWidth: Int = .max,
    overflow: Overflow = .clip, clip: Rect? = nil
  ) -> Int {
    let ellipsis = overflow == .ellipsis && maxWidth > 0 && text.width > maxWidth
    var pen = Pen(buffer: self, origin: origin, limit: ellipsis ? maxWidth - 1 : maxWidth, style: style, clip: clip)
    cells.withUnsafeMutableBufferPointer { cells in
      for unit in text.units where !pen.draw(unit, cells, cutWide: !ellipsis) { break }
    }
    if ellipsis { pen.finishWithEllipsis(&cells, maxWidth: maxWidth) }
    return pen.end
  }

  /// Writes `text` on the middle row of `rect` (the upper one of two), centered, ending in `…` if it is
  /// wider than the rectangle. Returns the column after the text.
  @discardableResult
  public mutating func write(_ text: String, centeredIn rect: Rect, style: Style = .plain, clip: Rect? = nil) -> Int {
    guard !rect.isEmpty else { return rect.x }
    let width = min(DisplayText.width(of: text), rect.width)
    let x = rect.x + DisplayText.centeringOffset(width: width, in: rect.width)
    return write(
      text, at: Point(x: x, y: rect.y + (rect.height - 1) / 2), style: style, maxWidth: rect.width,
      overflow: .ellipsis, clip: clip)
  }

  /// Draws units along one row, keeping track of the column, the limit and the clip.
  struct Pen {
    let rowStart: Int
    let rowVisible: Bool
    let minX: Int
    let maxX: Int
    /// The column the text may not reach (`origin.x + limit`, saturated).
    let stop: Int
    let style: Style
    var x: Int

    init(buffer: Buffer, origin: Point, limit: Int, style: Style, clip: Rect?) {
      let a = buffer.area(clip)
      rowStart = origin.y * buffer.size.width
      rowVisible = origin.y >= a.minY && origin.y < a.maxY
      minX = a.minX
      maxX = a.maxX
      let (sum, overflow) = origin.x.addingReportingOverflow(max(0, limit))
      stop = overflow ? Int.max : sum
      self.style = style
      x = origin.x
    }

    var end: Int { x }

    /// Draws `unit` at the pen and advances; false once the limit is reached. A wide unit that would
    /// cross the limit leaves a space in its first cell if `cutWide`, and nothing otherwise.
    @inline(__always)
    mutating func draw(_ unit: DisplayUnit, _ cells: UnsafeMutableBufferPointer<Cell>, cutWide: Bool) -> Bool {
      let w = unit.width
      if x + w > stop {
        if cutWide && x < stop {
          put(Cell(unit: .space, style: style), cells)
          x += 1
        }
        return false
      }
      if w == 1 {
        put(Cell(unit: unit, style: style), cells)
      } else {
        putWide(unit, cells)
      }
      x += w
      return x < stop
    }

    /// One width-1 cell at `x`, if visible.
    @inline(__always)
    func put(_ cell: Cell, _ cells: UnsafeMutableBufferPointer<Cell>) {
      guard rowVisible && x >= minX && x < maxX else { return }
      let i = rowStart + x
      if cells[i].unit.width != 1 { Buffer.breakWide(cells, at: rowStart + x) }
      cells[i] = cell
    }

    /// A wide unit at `x` and `x + 1`; where only one of the two is visible, a space there instead.
    func putWide(_ unit: DisplayUnit, _ cells: UnsafeMutableBufferPointer<Cell>) {
      guard rowVisible else { return }
      let leftIn = x >= minX && x < maxX
      let rightIn = x + 1 >= minX && x + 1 < maxX
      if leftIn && rightIn {
        Buffer.breakWide(cells, at: rowStart + x)
        Buffer.breakWide(cells, at: rowStart + x + 1)
        cells[rowStart + x] = Cell(unit: unit, style: style)
        cells[rowStart + x + 1] = Cell(unit: .continuation, style: style)
      } else if leftIn || rightIn {
        let column = leftIn ? x : x + 1
        Buffer.breakWide(cells, at: rowStart + column)
        cells[rowStart + column] = Cell(unit: .space, style: style)
      }
    }

    /// After text cut at `maxWidth - 1`: `…`, then a space if a wide unit stopped the text one cell short.
    mutating func finishWithEllipsis(_ cells: inout [Cell], maxWidth: Int) {
      let end = stop == Int.max ? Int.max : stop + 1
      cells.withUnsafeMutableBufferPointer { cells in
        put(Cell(unit: .ellipsis, style: style), cells)
        x += 1
        if x < end {
          put(Cell(unit: .space, style: style), cells)
          x += 1
        }
      }
    }
  }

  // MARK: - Restyling

  /// Changes the style of every cell in `rect` (clipped to the buffer and `clip`) with `transform`, for
  /// shadows, highlights and the lifted tile. A wide character is restyled whole when either half is
  /// inside, even if the other half is outside the clip: one character cannot have two backgrounds,
  /// and a shadow over only its right half must still darken it.
  public mutating func restyle(_ rect: Rect, clip: Rect? = nil, _ transform: (inout Style) -> Void) {
    let a = area(clip)
    let minX = max(a.minX, rect.minX)
    let maxX = min(a.maxX, rect.maxX)
    let minY = max(a.minY, rect.minY)
    let maxY = min(a.maxY, rect.maxY)
    guard minX < maxX, minY < maxY else { return }
    let w = size.width
    cells.withUnsafeMutableBufferPointer { cells in
      for y in minY..<maxY {
        let start = y * w
        var x = minX
        // The right half of a wide character whose left half is outside: restyle from its left half.
        if cells[start + x].unit.width == 0 { x -= 1 }
        while x < maxX {
          let i = start + x
          transform(&cells[i].style)
          if cells[i].unit.width == 2 {
            cells[i + 1].style = cells[i].style
            x += 2
          } else {
            x += 1
          }
        }
      }
    }
  }

  // MARK: - Wide characters

  /// Before cell `i` is overwritten: if it is half of a wide character, the other half becomes
  /// a space in that half's style, so the pair never survives half drawn over.
  @inline(__always)
  static func breakWide(_ cells: UnsafeMutableBufferPointer<Cell>, at i: Int) {
    switch cells[i].unit.width {
    case 0:
      // Not a row's first cell, by the invariant: a continuation always has its wide character on its left.
      cells[i - 1].unit = .space
      cells[i].unit = .space
    case 2:
      cells[i + 1].unit = .space
      cells[i].unit = .space
    default:
      break
    }
  }
}

extension Buffer {
  /// Writes a run's cells where the run says (a backend keeping a screen of cells); the run must fit.
  public mutating func place(_ run: Run) {
    precondition(run.row >= 0 && run.row < size.height && run.x >= 0 && run.x + run.cells.count <= size.width)
    let start = run.row * size.width + run.x
    cells.replaceSubrange(start..<start + run.cells.count, with: run.cells)
  }
}
