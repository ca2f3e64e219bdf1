import TileModel

// MARK: - Block and section moves: the layout follows `Arrangement.move(_: BlockMove)` and
// `moveSection(_:)` incrementally, never re-laying out sections the change does not touch.

extension FlowLayout {
  /// Applies a block move (several tiles taken out and put back at once) to the layout. Only the
  /// sections the tiles leave or enter change: each keeps its widths (a uniform one stays arithmetic)
  /// and re-flows from its first changed tile until its lines fall back into step; later sections
  /// shift through the prefix sums.
  ///
  /// - Complexity: a run moved within a section, O(k + distance) plus the re-flow of the lines between
  ///   its two places; across sections, O(k + the changed sections' counts from the first change) at
  ///   worst, O(k) for uniform sections; plus O(log S) per changed section.
  public mutating func moveBlock(_ block: BlockMove) {
    guard !block.isIdentity else { return }
    let m = metrics
    let widths = block.from.map { Int32(width(ofItem: $0.item, inSection: $0.section)) }
    var removed: [Int: [Int]] = [:]
    var inserted: [Int: (items: [Int], widths: [Int32])] = [:]
    block.from.forEachSectionGroup { s, items in removed[s] = items }
    var k = 0
    block.to.forEachSectionGroup { s, items in
      inserted[s] = (items, Array(widths[k..<(k + items.count)]))
      k += items.count
    }
    for s in Set(removed.keys).union(inserted.keys).sorted() {
      let added = inserted[s] ?? ([], [])
      sections[s].replace(removing: removed[s] ?? [], inserting: added.items, widths: added.widths, m)
      extents.set(s, to: sectionExtent(s))
      keepLaneTop(s)
    }
  }

  /// Applies a section move: the section's geometry goes with it unchanged (nothing in a section
  /// depends on where it is), and the extents between the two places are set again.
  /// - Complexity: O(|to - from| log S).
  public mutating func moveSection(_ move: SectionMove) {
    guard move.from != move.to else { return }
    sections.moveElement(from: move.from, to: move.to)
    if isLanes { laneTops.moveElement(from: move.from, to: move.to) }
    for s in min(move.from, move.to)...max(move.from, move.to) { extents.set(s, to: sectionExtent(s)) }
  }

  /// The section whose extent along the scrolling axis holds `offset` (y in the vertical direction, x in
  /// the horizontal one), whatever the point across the axis; nil outside the content.
  /// - Complexity: O(log S).
  public func section(alongAxis offset: Int) -> Int? {
    extents.index(containing: offset)
  }

  /// The line the `lead`-th tile of a run would be on after `moveBlock(.run(from: run, count: count,
  /// to: destination))`, without moving it (target selection asks this before a block moves, as
  /// `lineAfterMoving(from:to:)` for one tile). The widths after the move are read through the old
  /// ones, and lines are broken greedily from the line before the first change until the tile's place.
  ///
  /// - Complexity: O(1) when the destination section keeps one width, and in the horizontal
  ///   direction; else O(count) to compare the run's widths plus O(tiles from the line before the
  ///   change to the tile's place).
  public func lineAfterMoving(run start: ItemPath, count k: Int, lead j: Int, to destination: ItemPath) -> Int {
    let s = destination.section
    let d = destination.item
    let landing = d + j
    if !isVertical { return landing / rowsPerColumn }
    let g = sections[s]
    let sameSection = start.section == s
    func runWidth(_ r: Int) -> Int { width(ofItem: start.item + r, inSection: start.section) }
    if g.widths == nil {
      // The section stays uniform: arithmetic.
      if sameSection && g.count > 0 { return landing / uniformPerLine(g.uniformWidth) }
      let w = runWidth(0)
      let sourceUniform = sections[start.section].widths == nil
      if (g.count == 0 || w == g.uniformWidth) && (sourceUniform || (0..<k).allSatisfy { runWidth($0) == w }) {
        return landing / uniformPerLine(w)
      }
    }

    // The section's widths after the move, read through the old ones.
    func old(_ i: Int) -> Int { width(ofItem: i, inSection: s) }
    func without(_ i: Int) -> Int { i < start.item ? old(i) : old(i + k) }
    func new(_ i: Int) -> Int {
      if i >= d && i < d + k { return runWidth(i - d) }
      let rest = i < d ? i : i - k
      return sameSection ? without(rest) : old(rest)
    }
    let count = sameSection ? g.count : g.count + k

    // Lines before the one holding the first changed index keep their breaks; when that index opens its
    // line, a narrower tile may now fit on the line before, so breaking starts there.
    let first = sameSection ? min(start.item, d) : d
    var line = 0
    var lineStart = 0
    if g.count > 0 {
      if g.widths == nil {
        let perLine = uniformPerLine(g.uniformWidth)
        line = first / perLine
        lineStart = line * perLine
        if line > 0 && lineStart == first {
          line -= 1
          lineStart -= perLine
        }
      } else {
        line = g.line(containing: first)
        lineStart = Int(g.lineStarts[line])
        if line > 0 && lineStart == first {
          line -= 1
          lineStart = Int(g.lineStarts[line])
        }
      }
    }
    let spacing = parameters.interitemSpacing
    while true {
      var used = new(lineStart)
      var end = lineStart + 1
      while end < count {
        let next = used + spacing + new(end)
        if next > available { break }
        used = next
        end += 1
      }
      if landing < end { return line }
      line += 1
      lineStart = end
    }
  }
}
