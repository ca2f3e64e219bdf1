import GridLayout
import TileModel

/// The flow layout rules (docs/layout.md) done the obvious way, to check the engine against: one pass over every tile, every
/// frame stored, queries answered by scanning every frame. Written from the design alone.
///
/// Degenerate viewports follow the rule documented on `FlowLayout`: a negative viewport side counts
/// as 0, the available width (vertical) or height (horizontal) is at least 1, and the content grows to
/// `inset + A + inset` (plus the header, horizontally) when the viewport is smaller.
struct ReferenceLayout {
  struct Section {
    var frame: Rect
    var header: Rect?
    var items: [Rect]
    /// The tiles of each line (rows vertically, columns horizontally); empty for an empty section.
    var lines: [Range<Int>]

    /// Rule 6: an empty section still has one line.
    var lineCount: Int { max(1, lines.count) }
  }

  let vertical: Bool
  let contentSize: Size
  let sections: [Section]

  init(_ arrangement: Arrangement, viewport: Size) {
    let p = arrangement.layout
    let width = max(0, viewport.width)
    let height = max(0, viewport.height)
    let inset = p.sectionInset
    let s = p.interitemSpacing
    var result: [Section] = []
    vertical = p.direction == .vertical

    if vertical {
      // Rules 1-7.
      let available = max(1, width - inset.left - inset.right)
      let contentWidth = max(width, inset.left + available + inset.right)
      let h = p.itemSize.height
      var y = 0
      for index in arrangement.sections.indices {
        let top = y
        let widths = arrangement.tiles(inSection: index).map { min($0.width ?? p.itemSize.width, available) }
        let lines = Self.greedyLines(widths, available: available, spacing: s)
        let sameWidth = Set(widths).count == 1
        var frames = [Rect](repeating: .zero, count: widths.count)
        let bodyTop = top + p.headerHeight + inset.top
        for (n, line) in lines.enumerated() {
          let lineWidths = line.map { widths[$0] }
          let xs: [Int]
          switch p.alignment {
          case .left:
            xs = Self.packed(lineWidths, from: inset.left, spacing: s)
          case .center:
            xs = Self.centered(lineWidths, lead: inset.left, available: available, spacing: s)
          case .justify:
            if sameWidth {
              // Fixed columns, as if every line were full.
              let w = widths[0]
              let k = max(1, (available + s) / (w + s))
              let columns = Self.justified(Array(repeating: w, count: k), lead: inset.left, available: available, spacing: s)
              xs = Array(columns.prefix(line.count))
            } else if n < lines.count - 1 {
              xs = Self.justified(lineWidths, lead: inset.left, available: available, spacing: s)
            } else {
              xs = Self.packed(lineWidths, from: inset.left, spacing: s)
            }
          }
          let lineY = bodyTop + n * (h + p.lineSpacing)
          for (slot, i) in line.enumerated() {
            frames[i] = Rect(x: xs[slot], y: lineY, width: widths[i], height: h)
          }
        }
        let lineCount = max(1, lines.count)
        y = bodyTop + lineCount * h + (lineCount - 1) * p.lineSpacing + inset.bottom
        result.append(
          Section(
            frame: Rect(x: 0, y: top, width: contentWidth, height: y - top),
            header: p.headerHeight > 0 ? Rect(x: 0, y: top, width: contentWidth, height: p.headerHeight) : nil,
            items: frames, lines: lines))
      }
      contentSize = Size(width: contentWidth, height: y)
    } else {
      // Rule 8.
      let available = max(1, height - p.headerHeight - inset.top - inset.bottom)
      let contentHeight = max(height, p.headerHeight + inset.top + available + inset.bottom)
      let h = min(p.itemSize.height, available)
      let lead = p.headerHeight + inset.top
      let rowsPerColumn = max(1, (available + s) / (h + s))
      let rows = Self.justified(Array(repeating: h, count: rowsPerColumn), lead: lead, available: available, spacing: s)
      var x = 0
      for index in arrangement.sections.indices {
        let left = x
        let widths = arrangement.tiles(inSection: index).map { $0.width ?? p.itemSize.width }
        let columns = Self.greedyLines(widths.map { _ in h }, available: available, spacing: s)
        var frames = [Rect](repeating: .zero, count: widths.count)
        x += inset.left
        if columns.isEmpty { x += p.itemSize.width }
        for (c, column) in columns.enumerated() {
          if c > 0 { x += p.lineSpacing }
          let columnWidth = column.map { widths[$0] }.max()!
          let heights = Array(repeating: h, count: column.count)
          let ys: [Int]
          switch p.alignment {
          case .justify: ys = Array(rows.prefix(column.count))
          case .left: ys = Self.packed(heights, from: lead, spacing: s)
          case .center: ys = Self.centered(heights, lead: lead, available: available, spacing: s)
          }
          for (slot, i) in column.enumerated() {
            frames[i] = Rect(x: x + (columnWidth - widths[i]) / 2, y: ys[slot], width: widths[i], height: h)
          }
          x += columnWidth
        }
        x += inset.right
        result.append(
          Section(
            frame: Rect(x: left, y: 0, width: x - left, height: contentHeight),
            header: p.headerHeight > 0 ? Rect(x: left, y: 0, width: x - left, height: p.headerHeight) : nil,
            items: frames, lines: columns))
      }
      contentSize = Size(width: x, height: contentHeight)
    }
    sections = result
  }

  // MARK: - Placing tiles across a line

  /// Rule 3: the next tile joins the line while `used + spacing + extent <= available`.
  static func greedyLines(_ extents: [Int], available: Int, spacing: Int) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    var used = 0
    for (i, extent) in extents.enumerated() {
      if i == start {
        used = extent
      } else if used + spacing + extent <= available {
        used += spacing + extent
      } else {
        lines.append(start..<i)
        start = i
        used = extent
      }
    }
    if start < extents.count { lines.append(start..<extents.count) }
    return lines
  }

  /// Offsets of `extents` laid one after another from `start`, `spacing` apart.
  static func packed(_ extents: [Int], from start: Int, spacing: Int) -> [Int] {
    var offsets: [Int] = []
    var position = start
    for extent in extents {
      offsets.append(position)
      position += extent + spacing
    }
    return offsets
  }

  /// `packed`, with the whole run centered in `available` (floor).
  static func centered(_ extents: [Int], lead: Int, available: Int, spacing: Int) -> [Int] {
    let used = extents.reduce(0, +) + (extents.count - 1) * spacing
    return packed(extents, from: lead + (available - used) / 2, spacing: spacing)
  }

  /// Rule 5's justification: the leftover is shared by the gaps, the first `leftover % gaps` gaps one
  /// cell wider; a lone extent is centered.
  static func justified(_ extents: [Int], lead: Int, available: Int, spacing: Int) -> [Int] {
    if extents.count == 1 { return [lead + (available - extents[0]) / 2] }
    let gaps = extents.count - 1
    let leftover = available - extents.reduce(0, +) - gaps * spacing
    var offsets: [Int] = []
    var position = lead
    for (gap, extent) in extents.enumerated() {
      offsets.append(position)
      position += extent + spacing + leftover / gaps + (gap < leftover % gaps ? 1 : 0)
    }
    return offsets
  }

  // MARK: - Results and brute-force queries

  var snapshot: LayoutSnapshot {
    LayoutSnapshot(
      contentSize: contentSize,
      sections: sections.map { LayoutSnapshot.SectionSnapshot(frame: $0.frame, header: $0.header, items: $0.items) })
  }

  /// The tile whose frame contains `point`, by scanning every frame (rule 9).
  func item(at point: Point) -> ItemPath? {
    for (s, section) in sections.enumerated() {
      for (i, frame) in section.items.enumerated() where frame.contains(point) { return ItemPath(s, i) }
    }
    return nil
  }

  /// The section whose frame contains `point`, by scanning every section.
  func section(at point: Point) -> Int? {
    sections.firstIndex { $0.frame.contains(point) }
  }

  /// The drop zones (docs/layout.md#drop-zones) at `point`, with `item` answering which tile is there (a scan by
  /// default; a precomputed map in tests that ask about every cell).
  ///
  /// A section's body is its frame without the header. An empty section's whole body is its zone. A
  /// section's end zone is the part of its body after its last tile in reading order: vertically
  /// right of the last tile on its row (`besideLastItem`) or below that row; horizontally below the
  /// last tile within its column's extent (`besideLastItem`) or right of that column.
  func dropZone(at point: Point, item: (Point) -> ItemPath?) -> DropZone? {
    if let path = item(point) { return .item(path) }
    guard let s = section(at: point) else { return nil }
    let section = sections[s]
    if let header = section.header, header.contains(point) { return nil }
    guard let lastLine = section.lines.last else { return .emptySection(s) }
    let last = section.items[lastLine.upperBound - 1]
    if vertical {
      if point.y >= last.maxY { return .sectionEnd(s, besideLastItem: false) }
      if point.y >= last.minY && point.x >= last.maxX { return .sectionEnd(s, besideLastItem: true) }
      return nil
    }
    let columnLeft = lastLine.map { section.items[$0].minX }.min()!
    let columnRight = lastLine.map { section.items[$0].maxX }.max()!
    if point.x >= columnRight { return .sectionEnd(s, besideLastItem: false) }
    if point.x >= columnLeft && point.y >= last.maxY { return .sectionEnd(s, besideLastItem: true) }
    return nil
  }

  func dropZone(at point: Point) -> DropZone? { dropZone(at: point, item: item(at:)) }

  /// Which tile covers each cell of `area` (row by row; -1 for none), painted from every frame: the
  /// same answers as `item(at:)`, for tests that ask about every cell of a large content.
  func tileMap(_ area: Rect) -> [Int32] {
    var map = [Int32](repeating: -1, count: max(0, area.width) * max(0, area.height))
    var n: Int32 = 0
    for section in sections {
      for frame in section.items {
        for p in frame.cells(in: area) { map[(p.y - area.minY) * area.width + (p.x - area.minX)] = n }
        n += 1
      }
    }
    return map
  }

  /// Global tile numbers (reading order) back to paths.
  var paths: [ItemPath] {
    sections.enumerated().flatMap { s, section in section.items.indices.map { ItemPath(s, $0) } }
  }
}
