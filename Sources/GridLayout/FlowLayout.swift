import TileModel

/// UICollectionViewFlowLayout's rules in whole terminal cells (docs/layout.md), built to answer queries
/// about 1,000,000 tiles without visiting them. A value: it holds no reference to the arrangement, so
/// keep the two in step (after `Arrangement.move(from:to:)`, call `moveItem(from:to:)` with the same
/// paths; `ReorderState` does both; tiles and sections added, deleted or resized have their own calls,
/// FlowLayout+Edits.swift).
///
///     let layout = FlowLayout(arrangement: .demo, viewport: Size(width: 80, height: 22))
///     layout.frame(of: ItemPath(0, 1))      // (17, 1, 14x3): content cells
///     layout.item(at: Point(x: 20, y: 2))   // 0.1: hit testing
///     layout.contentSize                    // 80x24: what scrolls
///
/// Frames and points are in content coordinates: (0, 0) is the top left of the first section; a
/// `Viewport` turns them into screen cells.
///
/// Vertical direction, `justify`, tiles 4 wide, interitem spacing 1, a section inset of 1 left/right:
///
///     W = 16, A = 14          k = (A + s) / (w + s) = 3 per line, leftover L = 14 - 12 - 2 = 0
///     +----------------+
///     |Header          |      header (headerHeight rows)
///     | aaaa bbbb cccc |      line 0
///     |                |      lineSpacing
///     | dddd           |      line 1: the last line uses the same columns ("as if filled")
///     |                |      bottom inset
///     +----------------+
///
/// How it stays fast:
/// - A section whose tiles share one width ("uniform") is pure arithmetic: no per-tile storage.
/// - A section with mixed widths keeps its tiles' widths and, in the vertical direction, the index of
///   each line's first tile (lines break greedily, so breaks need storage); in the horizontal direction
///   every column holds the same number of tiles, so only the columns' widths are kept, as prefix sums.
/// - Sections' extents along the scrolling axis are prefix sums too, so finding a section is a search.
/// - A move or an edit re-flows only from the first changed line until the lines fall back into step
///   with the old ones (see `moveItem`, `insertItems`), never the whole arrangement; a uniform section
///   that receives another width takes its old lines by arithmetic and re-flows around the change.
///
/// Deviations from UIKit's rules, for degenerate viewports only: the available width `A` (vertical) or
/// height (horizontal) is at least 1, and the content grows to hold the insets and that one cell, so
/// every frame lies inside the content and no size is negative (DECISIONS.md).
public struct FlowLayout: Sendable {
  /// The arrangement's layout parameters, defaults applied.
  public let parameters: LayoutParameters
  /// The viewport the layout was made for (negative sizes are taken as 0).
  public let viewport: Size
  /// Space for tiles across a line: width in the vertical direction, height in the horizontal one.
  public let available: Int
  /// Tile height: `itemSize.height`, shrunk to `available` in the horizontal direction.
  let itemHeight: Int
  /// Tiles per column (horizontal direction only; lanes: no limit, a lane is one column).
  let rowsPerColumn: Int

  var sections: [SectionGeometry]
  /// Each section's extent along the scrolling axis: heights (vertical) or widths (horizontal).
  var extents: PrefixSums
  /// Lanes: each lane's first card shown (its scroll, in whole cards), kept within
  /// `0...maximumLaneTop(s)`; empty in the other directions (FlowLayout+Lanes.swift).
  var laneTops: [Int] = []

  /// Lays out `arrangement` for `viewport`.
  /// - Complexity: O(n) for sections of mixed widths, O(1) per uniform section.
  public init(arrangement: Arrangement, viewport: Size) {
    self.init(arrangement: arrangement, viewport: viewport, parameters: arrangement.layout)
  }

  /// Lays out `arrangement` for `viewport` with `parameters` instead of its own (a view of it, such as
  /// a board's lanes, `LayoutView`).
  public init(arrangement: Arrangement, viewport: Size, parameters p: LayoutParameters) {
    self.parameters = p
    self.viewport = Size(width: max(0, viewport.width), height: max(0, viewport.height))
    let inset = p.sectionInset
    switch p.direction {
    case .vertical:
      available = max(1, self.viewport.width - inset.left - inset.right)
      itemHeight = p.itemSize.height
      rowsPerColumn = 1
    case .horizontal:
      available = max(1, self.viewport.height - p.headerHeight - inset.top - inset.bottom)
      itemHeight = min(p.itemSize.height, available)
      rowsPerColumn = max(1, (available + p.interitemSpacing) / (itemHeight + p.interitemSpacing))
    case .lanes:
      available = max(1, self.viewport.height - p.headerHeight - inset.top - inset.bottom)
      itemHeight = min(p.itemSize.height, available)
      rowsPerColumn = Self.unlimitedRows
    }
    sections = []
    sections.reserveCapacity(arrangement.sections.count)
    extents = PrefixSums()
    if p.direction == .lanes {
      // Every card is as wide as its lane: only the counts matter, and no tile is visited.
      for section in arrangement.sections {
        var g = SectionGeometry(uniformWidth: defaultWidth)
        g.count = section.count
        sections.append(g)
      }
      extents = PrefixSums(sections.indices.map(sectionExtent))
      laneTops = Array(repeating: 0, count: sections.count)
      return
    }
    let m = metrics
    // The store's widths, section by section (no tile is built), resolved in place: 0 (no width of
    // its own) is the default tile's, and a width is shrunk as `effectiveWidth` shrinks it.
    let absent = resolvedWidth(nil)
    let shrinkTo = Int32(clamping: isVertical ? available : Int.max)
    for s in arrangement.sections.indices {
      var widths = arrangement.widths(inSection: s)
      widths.withUnsafeMutableBufferPointer { widths in
        for k in widths.indices {
          let own = widths[k]
          widths[k] = own == 0 ? absent : min(own, shrinkTo)
        }
      }
      sections.append(SectionGeometry(widths: widths, defaultWidth: defaultWidth, m))
    }
    extents = PrefixSums(sections.indices.map(sectionExtent))
  }

  // MARK: - Sizes

  /// A tile's width after rule 2: shrunk to the available width (vertical direction); in lanes every
  /// card is the lane's, whatever its own width.
  func effectiveWidth(_ width: Int) -> Int {
    switch parameters.direction {
    case .vertical: return min(width, available)
    case .horizontal: return width
    case .lanes: return parameters.itemSize.width
    }
  }

  /// The width the layout keeps for a tile whose own width is `width` (nil: `itemSize.width`).
  func resolvedWidth(_ width: Int?) -> Int32 {
    Int32(effectiveWidth(width ?? parameters.itemSize.width))
  }

  /// The common width kept for an empty section: the default tile's.
  var defaultWidth: Int { effectiveWidth(parameters.itemSize.width) }

  var isVertical: Bool { parameters.direction == .vertical }

  /// Whether this is a board's lanes (`Direction.lanes`): each section one column that scrolls on its own.
  public var isLanes: Bool { parameters.direction == .lanes }

  /// A lane's `rowsPerColumn`: its one column takes every card.
  static let unlimitedRows = Int(Int32.max)

  /// How many sections are laid out.
  public var sectionCount: Int { sections.count }

  /// How many tiles section `s` holds. - Complexity: O(1).
  public func itemCount(inSection s: Int) -> Int { sections[s].count }

  /// The size of everything laid out: `(W, bottom of the last section)` in the vertical direction,
  /// `(right edge of the last section, H)` in the horizontal one (grown for degenerate viewports).
  /// - Complexity: O(log S).
  public var contentSize: Size {
    let inset = parameters.sectionInset
    if isVertical {
      return Size(width: max(viewport.width, inset.left + available + inset.right), height: extents.total)
    }
    let needed = parameters.headerHeight + inset.top + available + inset.bottom
    if isLanes { return Size(width: lanesContentWidth, height: max(viewport.height, needed)) }
    return Size(width: extents.total, height: max(viewport.height, needed))
  }

  /// A section's extent along the scrolling axis.
  func sectionExtent(_ s: Int) -> Int {
    let p = parameters
    let lines = lineCount(inSection: s)
    if isVertical {
      return p.headerHeight + p.sectionInset.top + lines * itemHeight + (lines - 1) * p.lineSpacing
        + p.sectionInset.bottom
    }
    return p.sectionInset.left + columnsExtent(s) + p.sectionInset.right
  }

  /// Horizontal direction: the width of a section's columns with the spacing between them.
  func columnsExtent(_ s: Int) -> Int {
    let g = sections[s]
    if g.count == 0 { return parameters.itemSize.width }
    if g.widths == nil {
      let columns = lineCount(inSection: s)
      return columns * g.uniformWidth + (columns - 1) * parameters.lineSpacing
    }
    return g.columns.total - parameters.lineSpacing
  }

  // MARK: - Lines

  /// The number of lines (rows in the vertical direction, columns in the horizontal one); an empty
  /// section has one, its drop line. - Complexity: O(1).
  public func lineCount(inSection s: Int) -> Int {
    let g = sections[s]
    if g.count == 0 { return 1 }
    if isVertical {
      if g.widths == nil {
        let k = uniformPerLine(g.uniformWidth)
        return (g.count + k - 1) / k
      }
      return g.lineStarts.count
    }
    return (g.count + rowsPerColumn - 1) / rowsPerColumn
  }

  /// Tiles per line in a vertical section whose tiles are all `w` wide.
  func uniformPerLine(_ w: Int) -> Int {
    metrics.uniformPerLine(w)
  }

  /// The line holding item `i` of section `s`. - Complexity: O(1) uniform, O(log lines) mixed.
  public func line(of path: ItemPath) -> Int {
    let g = sections[path.section]
    if !isVertical { return path.item / rowsPerColumn }
    guard let _ = g.widths else { return path.item / uniformPerLine(g.uniformWidth) }
    return g.line(containing: path.item)
  }

  /// The items on line `line` of section `s` (empty for an empty section's drop line).
  /// - Complexity: O(1).
  public func items(inLine line: Int, section s: Int) -> Range<Int> {
    let g = sections[s]
    if g.count == 0 { return 0..<0 }
    if !isVertical {
      return (line * rowsPerColumn)..<min(g.count, (line + 1) * rowsPerColumn)
    }
    if g.widths == nil {
      let k = uniformPerLine(g.uniformWidth)
      return (line * k)..<min(g.count, (line + 1) * k)
    }
    let start = Int(g.lineStarts[line])
    let end = line + 1 < g.lineStarts.count ? Int(g.lineStarts[line + 1]) : g.count
    return start..<end
  }

  /// The width of item `i` in section `s` after shrinking.
  public func width(ofItem i: Int, inSection s: Int) -> Int {
    let g = sections[s]
    return g.widths.map { Int($0[i]) } ?? g.uniformWidth
  }

  // MARK: - Frames

  /// The section's frame: header and body, across the content (docs/layout.md, "Sections stack downward").
  /// - Complexity: O(log S).
  public func sectionFrame(_ s: Int) -> Rect {
    let start = extents.prefix(s)
    let content = contentSize
    if isVertical {
      return Rect(x: 0, y: start, width: content.width, height: extents[s])
    }
    return Rect(x: start, y: 0, width: extents[s], height: content.height)
  }

  /// The header's frame, or nil when `headerHeight` is 0. - Complexity: O(log S).
  public func headerFrame(_ s: Int) -> Rect? {
    guard parameters.headerHeight > 0 else { return nil }
    var frame = sectionFrame(s)
    frame.height = parameters.headerHeight
    return frame
  }

  /// The section's body: where its tiles sit, inside its insets and after its header. For an empty
  /// section this is its one-line drop zone. - Complexity: O(log S).
  public func bodyFrame(_ s: Int) -> Rect {
    let p = parameters
    let start = extents.prefix(s)
    let lines = lineCount(inSection: s)
    if isVertical {
      return Rect(
        x: p.sectionInset.left, y: start + p.headerHeight + p.sectionInset.top, width: available,
        height: lines * itemHeight + (lines - 1) * p.lineSpacing)
    }
    if isLanes {
      // The cards shown (an empty lane: where the first card would be).
      let height = sections[s].count == 0 ? itemHeight : cardWindowHeight
      return Rect(x: start + p.sectionInset.left, y: cardsTop, width: columnsExtent(s), height: height)
    }
    return Rect(
      x: start + p.sectionInset.left, y: p.headerHeight + p.sectionInset.top, width: columnsExtent(s),
      height: available)
  }

  /// The frame of the tile at `path`.
  /// - Complexity: O(log S) + O(1) for uniform sections; mixed sections add O(log lines + tiles on the
  ///   line) vertically, O(log columns) horizontally.
  public func frame(of path: ItemPath) -> Rect {
    let p = parameters
    let s = path.section
    let i = path.item
    let start = extents.prefix(s)
    let w = width(ofItem: i, inSection: s)
    if isVertical {
      let line = self.line(of: path)
      let y = start + p.headerHeight + p.sectionInset.top + line * (itemHeight + p.lineSpacing)
      let placement = self.placement(ofLine: line, section: s)
      return Rect(x: placement.offset(of: i, in: self, section: s), y: y, width: w, height: itemHeight)
    }
    if isLanes {
      return Rect(
        x: start + p.sectionInset.left, y: cardsTop + (i - laneTops[s]) * cardPitch, width: w, height: itemHeight)
    }
    let column = i / rowsPerColumn
    let columnLeft = start + p.sectionInset.left + columnOffset(column, section: s)
    let columnWidth = self.columnWidth(column, section: s)
    let rows = placement(ofLine: column, section: s)
    return Rect(
      x: columnLeft + (columnWidth - w) / 2, y: rows.offset(of: i, in: self, section: s), width: w,
      height: itemHeight)
  }

  /// Horizontal direction: a column's left edge relative to the section's left inset.
  func columnOffset(_ column: Int, section s: Int) -> Int {
    let g = sections[s]
    if g.widths == nil { return column * (g.uniformWidth + parameters.lineSpacing) }
    return g.columns.prefix(column)
  }

  /// Horizontal direction: a column's width, that of its widest tile.
  func columnWidth(_ column: Int, section s: Int) -> Int {
    let g = sections[s]
    if g.count == 0 { return parameters.itemSize.width }
    if g.widths == nil { return g.uniformWidth }
    return g.columns[column] - parameters.lineSpacing
  }
}

/// Where a line's tiles sit across it: the first tile's offset, then gaps of `gap` cells, the first
/// `wider` of them one cell more (rule 5's remainder to the first gaps).
struct LinePlacement {
  var range: Range<Int>
  var start: Int
  var gap: Int
  var wider: Int
  /// The common tile extent across the line when it is fixed (uniform widths, or rows in the
  /// horizontal direction), else nil and widths are read per tile.
  var fixedExtent: Int?

  /// The offset across the line of item `i` (vertical: x; horizontal: y).
  /// - Complexity: O(1) for fixed extents, else O(i - range.lowerBound).
  func offset(of i: Int, in layout: FlowLayout, section s: Int) -> Int {
    let slot = i - range.lowerBound
    let before: Int
    if let fixedExtent {
      before = slot * fixedExtent
    } else {
      var sum = 0
      for k in range.lowerBound..<i { sum += layout.width(ofItem: k, inSection: s) }
      before = sum
    }
    return start + before + slot * gap + min(slot, wider)
  }
}

extension FlowLayout {
  /// How line `line` of section `s` places its tiles (rule 5; rule 8 for horizontal columns).
  /// - Complexity: O(1), or O(tiles on the line) for a mixed line that is justified or centered.
  func placement(ofLine line: Int, section s: Int) -> LinePlacement {
    let p = parameters
    let g = sections[s]
    let range = items(inLine: line, section: s)
    let n = range.count
    let spacing = p.interitemSpacing
    let lead: Int
    let extent: Int?
    if isVertical {
      lead = p.sectionInset.left
      extent = g.widths == nil ? g.uniformWidth : nil
    } else {
      lead = p.headerHeight + p.sectionInset.top
      extent = itemHeight
    }
    var placement = LinePlacement(range: range, start: lead, gap: spacing, wider: 0, fixedExtent: extent)
    guard n > 0 else { return placement }

    func used() -> Int {
      if let extent { return n * extent + (n - 1) * spacing }
      var sum = (n - 1) * spacing
      for i in range { sum += width(ofItem: i, inSection: s) }
      return sum
    }

    switch p.alignment {
    case .left:
      break
    case .center:
      placement.start = lead + (available - used()) / 2
    case .justify:
      if let extent {
        // Fixed columns (rows), "as if filled": the same slots for every line, the last one too.
        let k = isVertical ? uniformPerLine(extent) : rowsPerColumn
        if k == 1 {
          placement.start = lead + (available - extent) / 2
        } else {
          let leftover = available - k * extent - (k - 1) * spacing
          placement.gap = spacing + leftover / (k - 1)
          placement.wider = leftover % (k - 1)
        }
      } else if line < lineCount(inSection: s) - 1 {
        // A full line of mixed widths: one tile is centered, more share the leftover.
        if n == 1 {
          placement.start = lead + (available - width(ofItem: range.lowerBound, inSection: s)) / 2
        } else {
          let leftover = available - used()
          placement.gap = spacing + leftover / (n - 1)
          placement.wider = leftover % (n - 1)
        }
      }
    // The last line of a mixed section stays left-aligned with exactly `spacing` between tiles.
    }
    return placement
  }
}
