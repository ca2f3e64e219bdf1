import TileModel

extension FlowLayout {
  /// The line the tile at `source` would be on after `moveItem(from: source, to: destination)`,
  /// without moving it. Target selection asks this before a move: with mixed widths a move re-breaks
  /// the lines, and the tile can land on another line than the one its target was on.
  /// For example, in a section 10 cells wide with spacing 1, taking a 2-wide tile off a full first line
  /// lets the first tile of the second line move up: a tile dropped on that second tile's slot can
  /// then land on the first line, not the second.
  ///
  /// - Complexity: O(1) when the destination section keeps one width, and in the horizontal
  ///   direction; else O(tiles from the line before the change to the destination).
  public func lineAfterMoving(from source: ItemPath, to destination: ItemPath) -> Int {
    let s = destination.section
    let d = destination.item
    if !isVertical { return d / rowsPerColumn }
    let g = sections[s]
    let sameSection = source.section == s
    let w = width(ofItem: source.item, inSection: source.section)
    if g.count == 0 { return 0 }
    if g.widths == nil && (sameSection || w == g.uniformWidth) {
      return d / uniformPerLine(g.uniformWidth)
    }

    // The section's widths after the move, read through the old ones.
    let f = source.item
    func old(_ i: Int) -> Int { width(ofItem: i, inSection: s) }
    func new(_ i: Int) -> Int {
      if i == d { return w }
      if sameSection {
        if f < d && i >= f && i < d { return old(i + 1) }
        if d < f && i > d && i <= f { return old(i - 1) }
        return old(i)
      }
      return i < d ? old(i) : old(i - 1)
    }
    let count = sameSection ? g.count : g.count + 1

    // Lines before the one holding the first changed index keep their breaks; when that index opens
    // its line, a narrower tile may now fit on the line before, so breaking starts there.
    let first = sameSection ? min(f, d) : d
    var line: Int
    var start: Int
    if g.widths == nil {
      let k = uniformPerLine(g.uniformWidth)
      line = first / k
      start = line * k
      if line > 0 && start == first {
        line -= 1
        start -= k
      }
    } else {
      line = g.line(containing: first)
      start = Int(g.lineStarts[line])
      if line > 0 && start == first {
        line -= 1
        start = Int(g.lineStarts[line])
      }
    }
    let spacing = parameters.interitemSpacing
    while true {
      var used = new(start)
      var end = start + 1
      while end < count {
        let next = used + spacing + new(end)
        if next > available { break }
        used = next
        end += 1
      }
      if d < end { return line }
      line += 1
      start = end
    }
  }
}
