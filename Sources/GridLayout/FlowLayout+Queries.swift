import TileModel

/// Where a dragged tile can go, found at a point (docs/layout.md, "Drop zones"). Pure geometry: which
/// zones count, and where they put the tile, is the Reorder module's business.
public enum DropZone: Equatable, Hashable, Sendable {
  /// A tile's frame.
  case item(ItemPath)
  /// The body of an empty section.
  case emptySection(Int)
  /// A section's body after its last tile in reading order. `besideLastItem`: the point is on the
  /// last tile's line (right of it; horizontal: below it in its column), not past that line.
  case sectionEnd(Int, besideLastItem: Bool)

  /// The section the zone is in.
  public var section: Int {
    switch self {
    case .item(let path): return path.section
    case .emptySection(let s), .sectionEnd(let s, _): return s
    }
  }
}

extension FlowLayout {
  var metrics: FlowMetrics {
    FlowMetrics(
      vertical: isVertical, available: available, interitemSpacing: parameters.interitemSpacing,
      lineSpacing: parameters.lineSpacing, rowsPerColumn: rowsPerColumn)
  }

  // MARK: - Moves

  /// Applies `Arrangement.move(from:to:)`'s change (remove + insert) to the layout, re-flowing only
  /// what changed: nothing for a move inside a uniform section; the changed lines of a mixed one; and a
  /// cross-section move touches only the two sections (later sections shift through the prefix sums).
  /// - Complexity: O(log S) plus the sections' `reflow` cost; O(count) once when a uniform section
  ///   receives a tile of another width.
  public mutating func moveItem(from source: ItemPath, to destination: ItemPath) {
    let m = metrics
    if source.section == destination.section {
      sections[source.section].move(from: source.item, to: destination.item, m)
      extents.set(source.section, to: sectionExtent(source.section))
    } else {
      let w = sections[source.section].remove(at: source.item, m)
      sections[destination.section].insert(width: w, at: destination.item, m)
      extents.set(source.section, to: sectionExtent(source.section))
      extents.set(destination.section, to: sectionExtent(destination.section))
      keepLaneTop(source.section)
    }
  }

  // MARK: - Hit testing

  /// The section whose frame (header and body) contains `point`, in content coordinates.
  /// - Complexity: O(log S).
  public func section(at point: Point) -> Int? {
    let content = contentSize
    guard point.x >= 0, point.y >= 0, point.x < content.width, point.y < content.height else { return nil }
    return extents.index(containing: isVertical ? point.y : point.x)
  }

  /// The tile whose frame contains `point`; none in gaps, insets and headers (rule 9).
  /// - Complexity: O(log S) + O(log k) for uniform sections; mixed sections add O(log lines + tiles on
  ///   the line) vertically and O(log columns) horizontally. Never proportional to the tile count.
  public func item(at point: Point) -> ItemPath? {
    if isLanes { return laneItem(at: point) }
    guard let s = section(at: point), sections[s].count > 0 else { return nil }
    let p = parameters
    let start = extents.prefix(s)
    if isVertical {
      let relative = point.y - (start + p.headerHeight + p.sectionInset.top)
      let pitch = itemHeight + p.lineSpacing
      guard relative >= 0, relative % pitch < itemHeight else { return nil }
      let line = relative / pitch
      guard line < lineCount(inSection: s) else { return nil }
      return item(acrossLine: line, section: s, at: point.x)
    }
    let relative = point.x - (start + p.sectionInset.left)
    guard relative >= 0, let column = column(at: relative, section: s) else { return nil }
    guard let path = item(acrossLine: column, section: s, at: point.y) else { return nil }
    // Narrower tiles are centered in their column: check the point is on the tile itself.
    return frame(of: path).contains(point) ? path : nil
  }

  /// Horizontal: the column whose extent (not the spacing after it) holds `relative`.
  private func column(at relative: Int, section s: Int) -> Int? {
    let g = sections[s]
    let spacing = parameters.lineSpacing
    if g.widths == nil {
      let pitch = g.uniformWidth + spacing
      let column = relative / pitch
      guard relative % pitch < g.uniformWidth, column < lineCount(inSection: s) else { return nil }
      return column
    }
    guard let column = g.columns.index(containing: relative) else { return nil }
    return relative - g.columns.prefix(column) < g.columns[column] - spacing ? column : nil
  }

  /// The tile on line `line` whose extent across the line holds `offset` (x vertically, y
  /// horizontally), by binary search over the line's slots.
  private func item(acrossLine line: Int, section s: Int, at offset: Int) -> ItemPath? {
    let placement = self.placement(ofLine: line, section: s)
    let range = placement.range
    guard !range.isEmpty else { return nil }
    if placement.fixedExtent == nil {
      // Mixed widths: one walk along the line.
      var x = placement.start
      for (slot, i) in range.enumerated() {
        if slot > 0 { x += placement.gap + (slot <= placement.wider ? 1 : 0) }
        let w = width(ofItem: i, inSection: s)
        if offset < x { return nil }
        if offset < x + w { return ItemPath(s, i) }
        x += w
      }
      return nil
    }
    let extent = placement.fixedExtent!
    var low = range.lowerBound
    var high = range.upperBound - 1
    guard offset >= placement.offset(of: low, in: self, section: s) else { return nil }
    while low < high {
      let mid = (low + high + 1) / 2
      if placement.offset(of: mid, in: self, section: s) <= offset { low = mid } else { high = mid - 1 }
    }
    return offset < placement.offset(of: low, in: self, section: s) + extent ? ItemPath(s, low) : nil
  }

  /// The drop zone at `point`: a tile, an empty section's body, or a section's end zone; nil in gaps,
  /// insets before the first tile, headers and outside the content (docs/layout.md, "Drop zones").
  /// - Complexity: that of `item(at:)`.
  public func dropZone(at point: Point) -> DropZone? {
    if isLanes { return laneDropZone(at: point) }
    if let path = item(at: point) { return .item(path) }
    guard let s = section(at: point) else { return nil }
    if let header = headerFrame(s), header.contains(point) { return nil }
    let count = sections[s].count
    if count == 0 { return .emptySection(s) }
    let last = frame(of: ItemPath(s, count - 1))
    if isVertical {
      if point.y >= last.maxY { return .sectionEnd(s, besideLastItem: false) }
      if point.y >= last.minY && point.x >= last.maxX { return .sectionEnd(s, besideLastItem: true) }
      return nil
    }
    let lastColumn = lineCount(inSection: s) - 1
    let columnLeft = extents.prefix(s) + parameters.sectionInset.left + columnOffset(lastColumn, section: s)
    let columnRight = columnLeft + columnWidth(lastColumn, section: s)
    if point.x >= columnRight { return .sectionEnd(s, besideLastItem: false) }
    if point.x >= columnLeft && point.y >= last.maxY { return .sectionEnd(s, besideLastItem: true) }
    return nil
  }

  // MARK: - Visiting what is visible

  /// The sections whose frames intersect `rect`. - Complexity: O(log S).
  public func sections(intersecting rect: Rect) -> Range<Int> {
    guard !rect.isEmpty, !sections.isEmpty else { return 0..<0 }
    let low = isVertical ? rect.minY : rect.minX
    let high = isVertical ? rect.maxY : rect.maxX
    let total = extents.total
    guard high > 0, low < total else { return 0..<0 }
    let first = extents.index(containing: max(0, low)) ?? 0
    let last = extents.index(containing: min(high, total) - 1) ?? (sections.count - 1)
    return first..<(last + 1)
  }

  /// Calls `body` with every tile whose frame intersects `rect`, in reading order.
  /// - Complexity: O(log S + visible lines × tiles per line); never proportional to the tile count.
  public func forEachItem(in rect: Rect, _ body: (ItemPath, Rect) -> Void) {
    if isLanes { return forEachLaneItem(in: rect, body) }
    let p = parameters
    for s in sections(intersecting: rect) where sections[s].count > 0 {
      let start = extents.prefix(s)
      let lines = lineCount(inSection: s)
      var firstLine = 0
      var lastLine = lines - 1
      if isVertical {
        let bodyTop = start + p.headerHeight + p.sectionInset.top
        let pitch = itemHeight + p.lineSpacing
        firstLine = max(0, (rect.minY - bodyTop) / pitch)
        lastLine = min(lines - 1, max(-1, (rect.maxY - 1 - bodyTop) / pitch))
        if rect.maxY - 1 < bodyTop { lastLine = -1 }
      } else {
        let columnsLeft = start + p.sectionInset.left
        firstLine = firstColumn(endingAfter: rect.minX - columnsLeft, section: s)
        lastLine = lastColumn(startingBefore: rect.maxX - columnsLeft, section: s)
      }
      guard firstLine <= lastLine else { continue }
      for line in firstLine...lastLine {
        for i in items(inLine: line, section: s) {
          let path = ItemPath(s, i)
          let frame = self.frame(of: path)
          if frame.intersects(rect) { body(path, frame) }
        }
      }
    }
  }

  /// Horizontal: the first column whose right edge is past `relative`.
  private func firstColumn(endingAfter relative: Int, section s: Int) -> Int {
    guard relative > 0 else { return 0 }
    let g = sections[s]
    let spacing = parameters.lineSpacing
    if g.widths == nil {
      return max(0, (relative - g.uniformWidth) / (g.uniformWidth + spacing))
    }
    return g.columns.index(containing: relative) ?? lineCount(inSection: s)
  }

  /// Horizontal: the last column whose left edge is before `relative`.
  private func lastColumn(startingBefore relative: Int, section s: Int) -> Int {
    let lines = lineCount(inSection: s)
    guard relative > 0 else { return -1 }
    let g = sections[s]
    if g.widths == nil {
      return min(lines - 1, (relative - 1) / (g.uniformWidth + parameters.lineSpacing))
    }
    return min(lines - 1, g.columns.index(containing: relative - 1) ?? (lines - 1))
  }
}
