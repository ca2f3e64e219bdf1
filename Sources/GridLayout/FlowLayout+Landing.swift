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
  ///   direction; else O(tiles from the line before the change to the destination)
  ///   (`lineAfterMoving(run:count:lead:to:)` does the work).
  public func lineAfterMoving(from source: ItemPath, to destination: ItemPath) -> Int {
    // One tile is a run of one.
    lineAfterMoving(run: source, count: 1, lead: 0, to: destination)
  }
}
