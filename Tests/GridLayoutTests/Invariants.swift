import TestSupport
import TileModel

@testable import GridLayout

/// Checks of a layout that hold for every arrangement and viewport, shared by the property, move and
/// degenerate-size tests. Each returns a description of the first violation, or nil.
enum Invariants {
  /// Every check that needs no query points: the reference's frames, sizes, containment, overlap,
  /// lines and reading order.
  static func all(_ layout: FlowLayout, _ reference: ReferenceLayout) -> String? {
    let snapshot = layout.snapshot
    return difference(snapshot, reference.snapshot) ?? sizes(snapshot) ?? containment(snapshot, layout.parameters)
      ?? overlap(snapshot, vertical: reference.vertical) ?? lines(layout, reference, snapshot)
      ?? readingOrder(layout, snapshot)
  }

  /// What an incrementally updated layout keeps equals what a fresh layout of the same arrangement
  /// keeps, not just what the queries show: per section the count, the width histogram, uniform or
  /// mixed (and the common width of a non-empty uniform section), the stored widths, line starts and
  /// column widths, and the sections' extents. A difference the queries cannot see yet would surface
  /// in a later edit.
  static func geometry(_ layout: FlowLayout, _ fresh: FlowLayout) -> String? {
    if layout.sections.count != fresh.sections.count {
      return "\(layout.sections.count) sections kept, a fresh layout has \(fresh.sections.count)"
    }
    for (s, (g, f)) in zip(layout.sections, fresh.sections).enumerated() {
      if g.count != f.count { return "section \(s): count \(g.count), fresh \(f.count)" }
      if g.histogram != f.histogram { return "section \(s): widths \(g.histogram), fresh \(f.histogram)" }
      if (g.widths == nil) != (f.widths == nil) {
        return "section \(s) is \(g.widths == nil ? "uniform" : "mixed"), fresh \(f.widths == nil ? "uniform" : "mixed")"
      }
      if g.widths == nil && g.count > 0 && g.uniformWidth != f.uniformWidth {
        return "section \(s): uniform width \(g.uniformWidth), fresh \(f.uniformWidth)"
      }
      if g.widths != f.widths { return "section \(s): stored widths differ from a fresh layout's" }
      if g.lineStarts != f.lineStarts { return "section \(s): line starts \(g.lineStarts), fresh \(f.lineStarts)" }
      if g.columns.values != f.columns.values {
        return "section \(s): column widths \(g.columns.values), fresh \(f.columns.values)"
      }
      for c in 0...g.columns.count where g.columns.prefix(c) != f.columns.prefix(c) {
        return "section \(s): column offset \(c) is \(g.columns.prefix(c)), fresh \(f.columns.prefix(c))"
      }
    }
    if layout.extents.values != fresh.extents.values {
      return "section extents \(layout.extents.values), fresh \(fresh.extents.values)"
    }
    for s in 0...layout.extents.count where layout.extents.prefix(s) != fresh.extents.prefix(s) {
      return "sections before \(s) extend \(layout.extents.prefix(s)), fresh \(fresh.extents.prefix(s))"
    }
    return nil
  }

  /// No size is negative; every tile is at least one cell.
  static func sizes(_ snapshot: LayoutSnapshot) -> String? {
    if snapshot.contentSize.width < 0 || snapshot.contentSize.height < 0 {
      return "negative content size \(snapshot.contentSize)"
    }
    for (s, section) in snapshot.sections.enumerated() {
      if section.frame.width < 0 || section.frame.height < 0 { return "section \(s) frame \(section.frame)" }
      if let header = section.header, header.width < 0 || header.height <= 0 { return "section \(s) header \(header)" }
    }
    for tile in snapshot.tiles where tile.frame.width < 1 || tile.frame.height < 1 {
      return "tile \(tile.path) has frame \(tile.frame)"
    }
    return nil
  }

  /// Sections tile the content along the scrolling axis and span it across; headers sit at the top of
  /// their sections; tiles lie inside their section's body.
  static func containment(_ snapshot: LayoutSnapshot, _ p: LayoutParameters) -> String? {
    let content = Rect(origin: .zero, size: snapshot.contentSize)
    let vertical = p.direction == .vertical
    var end = 0
    for (s, section) in snapshot.sections.enumerated() {
      let frame = section.frame
      if !content.contains(frame) { return "section \(s) frame \(frame) outside the content \(content)" }
      if vertical ? (frame.minY != end || frame.width != content.width) : (frame.minX != end || frame.height != content.height) {
        return "section \(s) frame \(frame) does not follow the previous section (ending at \(end)) across the content"
      }
      end = vertical ? frame.maxY : frame.maxX
      if let header = section.header {
        let expected = Rect(x: frame.x, y: frame.y, width: frame.width, height: p.headerHeight)
        if header != expected { return "section \(s) header \(header), expected \(expected)" }
      } else if p.headerHeight > 0 {
        return "section \(s) has no header"
      }
      for (i, tile) in section.items.enumerated() {
        if !frame.contains(tile) { return "tile \(ItemPath(s, i)) frame \(tile) outside its section \(frame)" }
        if let header = section.header, header.intersects(tile) { return "tile \(ItemPath(s, i)) covers the header" }
      }
    }
    if end != (vertical ? content.height : content.width) { return "sections end at \(end), the content at \(content)" }
    return nil
  }

  /// No two tiles share a cell: a sweep along the scrolling axis.
  static func overlap(_ snapshot: LayoutSnapshot, vertical: Bool) -> String? {
    let low: (Rect) -> Int = vertical ? { $0.minY } : { $0.minX }
    let high: (Rect) -> Int = vertical ? { $0.maxY } : { $0.maxX }
    let tiles = snapshot.tiles.sorted { low($0.frame) < low($1.frame) }
    for i in tiles.indices {
      var j = i + 1
      while j < tiles.count && low(tiles[j].frame) < high(tiles[i].frame) {
        if tiles[i].frame.intersects(tiles[j].frame) {
          return "tiles \(tiles[i].path) \(tiles[i].frame) and \(tiles[j].path) \(tiles[j].frame) overlap"
        }
        j += 1
      }
    }
    return nil
  }

  /// `lineCount(inSection:)`, `items(inLine:section:)` and `line(of:)` partition each section's tiles
  /// into consecutive lines, the reference's lines, and the frames agree: a line's tiles share a row
  /// (vertical) or sit centered in one column (horizontal), lines one pitch apart.
  static func lines(_ layout: FlowLayout, _ reference: ReferenceLayout, _ snapshot: LayoutSnapshot) -> String? {
    let p = layout.parameters
    for s in 0..<layout.sectionCount {
      let count = layout.itemCount(inSection: s)
      let lineCount = layout.lineCount(inSection: s)
      let expectedLines = reference.sections[s].lines
      if lineCount != max(1, expectedLines.count) {
        return "section \(s): lineCount \(lineCount), expected \(max(1, expectedLines.count))"
      }
      let frames = snapshot.sections[s].items
      var next = 0
      var previous: (start: Int, end: Int)?
      for line in 0..<lineCount {
        let range = layout.items(inLine: line, section: s)
        let expected = expectedLines.isEmpty ? 0..<0 : expectedLines[line]
        if range != expected { return "section \(s) line \(line): items \(range), expected \(expected)" }
        if count > 0 && (range.lowerBound != next || range.isEmpty) {
          return "section \(s) line \(line): items \(range) do not continue from \(next)"
        }
        next = range.upperBound
        for i in range where layout.line(of: ItemPath(s, i)) != line {
          return "line(of: \(ItemPath(s, i))) is \(layout.line(of: ItemPath(s, i))), items(inLine:) says \(line)"
        }
        guard !range.isEmpty else { continue }
        let lineFrames = range.map { frames[$0] }
        let extent: (start: Int, end: Int)
        if reference.vertical {
          extent = (lineFrames[0].minY, lineFrames[0].maxY)
          if let bad = lineFrames.first(where: { $0.minY != extent.start || $0.maxY != extent.end }) {
            return "section \(s) line \(line): \(bad) is not on the row of \(lineFrames[0])"
          }
        } else {
          extent = (lineFrames.map(\.minX).min()!, lineFrames.map(\.maxX).max()!)
          for frame in lineFrames where frame.minX != extent.start + (extent.end - extent.start - frame.width) / 2 {
            return "section \(s) column \(line): \(frame) is not centered in the column \(extent)"
          }
        }
        if let previous, extent.start != previous.end + p.lineSpacing {
          return "section \(s) line \(line) starts at \(extent.start), the previous one ends at \(previous.end)"
        }
        previous = extent
      }
      if next != count { return "section \(s): lines cover \(next) of \(count) tiles" }
    }
    return nil
  }

  /// Each tile comes after the previous one: across its line, or on a later line or section.
  static func readingOrder(_ layout: FlowLayout, _ snapshot: LayoutSnapshot) -> String? {
    let tiles = snapshot.tiles
    let vertical = layout.parameters.direction == .vertical
    for (a, b) in zip(tiles, tiles.dropFirst()) {
      let sameLine = a.path.section == b.path.section && layout.line(of: a.path) == layout.line(of: b.path)
      // Along x: the next tile on a row, or the next column; along y: the next row, or down a column.
      let alongX = vertical ? sameLine : !sameLine
      let follows = alongX ? b.frame.minX >= a.frame.maxX : b.frame.minY >= a.frame.maxY
      if !follows { return "\(b.path) \(b.frame) does not follow \(a.path) \(a.frame) in reading order" }
    }
    return nil
  }

  /// `forEachItem(in:)` over random rects visits exactly the tiles whose frames meet the rect, in
  /// reading order, with their frames.
  static func visits(_ layout: FlowLayout, _ reference: ReferenceLayout, rects: Int, _ rng: inout SplitMix64) -> String? {
    let content = layout.contentSize
    let tiles = reference.snapshot.tiles
    for _ in 0..<rects {
      let rect = randomRect(around: content, &rng)
      var visited: [ItemPath] = []
      var wrongFrame: String?
      layout.forEachItem(in: rect) { path, frame in
        visited.append(path)
        if wrongFrame == nil && frame != layout.frame(of: path) { wrongFrame = "forEachItem gave \(path) the frame \(frame)" }
      }
      if let wrongFrame { return wrongFrame }
      let expected = tiles.filter { $0.frame.intersects(rect) }.map(\.path)
      if visited != expected { return "forEachItem(in: \(rect)) visited \(visited), expected \(expected)" }
    }
    return nil
  }

  /// A rect somewhere in or around the content: empty, a few cells, or large.
  static func randomRect(around content: Size, _ rng: inout SplitMix64) -> Rect {
    func span(_ side: Int) -> (Int, Int) {
      let start = rng.int(-4...side + 3)
      let length: Int
      switch rng.int(0...9) {
      case 0: length = rng.int(-1...0)
      case 1...5: length = rng.int(1...6)
      default: length = rng.int(1...side + 8)
      }
      return (start, length)
    }
    let (x, width) = span(content.width)
    let (y, height) = span(content.height)
    return Rect(x: x, y: y, width: width, height: height)
  }

  /// The points to ask about: every cell of the content and a margin of 2 around it, or, for a larger
  /// content, every cell next to an edge of any frame plus random cells.
  static func queryPoints(
    _ reference: ReferenceLayout, cellLimit: Int, samples: Int, _ rng: inout SplitMix64
  ) -> (area: Rect, points: [Point]?) {
    let content = reference.contentSize
    let area = Rect(x: -2, y: -2, width: content.width + 4, height: content.height + 4)
    if area.width * area.height <= cellLimit { return (area, nil) }
    var points: [Point] = []
    var frames = [Rect(origin: .zero, size: content)]
    for section in reference.sections {
      frames.append(section.frame)
      if let header = section.header { frames.append(header) }
      frames.append(contentsOf: section.items)
    }
    for frame in frames {
      for x in [frame.minX - 1, frame.minX, frame.maxX - 1, frame.maxX] {
        for y in [frame.minY - 1, frame.minY, frame.maxY - 1, frame.maxY] { points.append(Point(x: x, y: y)) }
      }
    }
    for _ in 0..<samples {
      points.append(Point(x: rng.int(area.minX...area.maxX - 1), y: rng.int(area.minY...area.maxY - 1)))
    }
    return (area, points)
  }

  /// `item(at:)`, `section(at:)` and `dropZone(at:)` equal the reference's brute-force answers at
  /// every query point: every cell when there are at most `cellLimit`, else `samples` random ones and
  /// those next to the edges of frames.
  static func queries(
    _ layout: FlowLayout, _ reference: ReferenceLayout, cellLimit: Int = 60_000, samples: Int = 20_000,
    _ rng: inout SplitMix64
  ) -> String? {
    let (area, sampled) = queryPoints(reference, cellLimit: cellLimit, samples: samples, &rng)
    // Which tile is at a point: from a map painted from every frame while it fits in memory, else by
    // scanning every frame.
    let item: (Point) -> ItemPath?
    if area.width * area.height <= 4_000_000 {
      let map = reference.tileMap(area)
      let paths = reference.paths
      item = { p in
        let n = map[(p.y - area.minY) * area.width + (p.x - area.minX)]
        return n < 0 ? nil : paths[Int(n)]
      }
    } else {
      item = reference.item(at:)
    }
    func check(_ p: Point) -> String? {
      let expectedItem = item(p)
      if layout.item(at: p) != expectedItem {
        return "item(at: \(p)): \(String(describing: layout.item(at: p))), expected \(String(describing: expectedItem))"
      }
      let expectedSection = reference.section(at: p)
      if layout.section(at: p) != expectedSection {
        return "section(at: \(p)): \(String(describing: layout.section(at: p))), expected \(String(describing: expectedSection))"
      }
      let expectedZone = reference.dropZone(at: p, item: item)
      if layout.dropZone(at: p) != expectedZone {
        return "dropZone(at: \(p)): \(String(describing: layout.dropZone(at: p))), expected \(String(describing: expectedZone))"
      }
      return nil
    }
    if let sampled {
      for p in sampled { if let failure = check(p) { return failure } }
    } else {
      for y in area.minY..<area.maxY {
        for x in area.minX..<area.maxX { if let failure = check(Point(x: x, y: y)) { return failure } }
      }
    }
    return nil
  }
}
