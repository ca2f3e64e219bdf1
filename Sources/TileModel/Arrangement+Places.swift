// Places as people write them: "the end of the section" is the section's tile count, also in the tile's
// own section, where after the tile is taken out the end is one place less.

extension Arrangement {
  /// The destination `move(from:to:)` needs for `place`, a place as people write one: `place.item` is
  /// an index in the arrangement after the tile is taken out (as in `move(from:to:)`), or the section's
  /// tile count as it is now, meaning "at the end". Only the second case changes anything: in the
  /// tile's own section the end is then `count - 1`. Into another section `count` is the end already.
  ///
  ///     // Section 0 holds a, b, c.
  ///     arrangement.destination(from: ItemPath(0, 0), forPlace: ItemPath(0, 3))  // 0.2: the end
  ///     arrangement.destination(from: ItemPath(0, 0), forPlace: ItemPath(0, 1))  // 0.1: unchanged
  ///
  /// A `source` that names no tile leaves `place` unchanged (the move then reports it).
  /// - Complexity: O(1).
  public func destination(from source: ItemPath, forPlace place: ItemPath) -> ItemPath {
    guard place.section == source.section, contains(source), place.item == sections[place.section].count else {
      return place
    }
    return ItemPath(place.section, place.item - 1)
  }

  /// Moves the tile at `source` to `place`, read as `destination(from:forPlace:)` reads it: so
  /// `ItemPath(s, sections[s].count)` is the end of section `s` whichever section the tile is in. This
  /// is how `tilegrid move` reads its TO.
  ///
  ///     try arrangement.move(from: ItemPath(0, 0), toPlace: ItemPath(0, arrangement.sections[0].count))
  ///
  /// - Throws: `move(from:to:force:)`'s errors; a place outside the section is
  ///   `.noSuchDestination(place, valid:)` with the places that may be written, `0...count` in the tile's
  ///   own section too. Nothing changes when the move is refused.
  /// - Complexity: that of `move(from:to:force:)`.
  public mutating func move(from source: ItemPath, toPlace place: ItemPath, force: Bool = false) throws(MoveError) {
    do {
      try move(from: source, to: destination(from: source, forPlace: place), force: force)
    } catch .noSuchDestination(_, let valid) where place.section == source.section {
      throw .noSuchDestination(place, valid: valid.lowerBound...(valid.upperBound + 1))
    }
  }
}
