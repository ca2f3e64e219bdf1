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
  public mutating func move(from source: ItemPath, toPlace place: ItemPath, force: Bool = false) throws(EditError) {
    do {
      try move(from: source, to: destination(from: source, forPlace: place), force: force)
    } catch .noSuchDestination(_, let valid) where place.section == source.section {
      throw .noSuchDestination(place, valid: valid.lowerBound...(valid.upperBound + 1))
    }
  }
}

/// A tile's place as people write it: `S.I` (section index and item index, zero-based, like `1.3`) or
/// `SECTION_ID:I` (like `favorites:0`; the id is everything before the last colon). The command line's
/// FROM and TO read places this way (the editor's typed moves count from 1 instead, as its screen does).
public enum WrittenPlace: Equatable, Hashable, Sendable {
  case index(section: Int, item: Int)
  case id(String, item: Int)

  /// Reads `text`; nil when it is not written as a place (numbers are plain digits).
  public init?(_ text: String) {
    func wholeNumber(_ s: Substring) -> Int? {
      guard !s.isEmpty, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      return Int(s)
    }
    if let colon = text.lastIndex(of: ":") {
      let id = text[..<colon]
      guard !id.isEmpty, let item = wholeNumber(text[text.index(after: colon)...]) else { return nil }
      self = .id(String(id), item: item)
    } else if let dot = text.firstIndex(of: "."), let s = wholeNumber(text[..<dot]),
      let item = wholeNumber(text[text.index(after: dot)...])
    {
      self = .index(section: s, item: item)
    } else {
      return nil
    }
  }

  /// The item index written.
  public var item: Int {
    switch self {
    case .index(_, let item), .id(_, let item): return item
    }
  }
}

extension Arrangement {
  /// The path a written place names: its section index as written, or the section with that id (nil
  /// when no section has it). The path is not checked further: a move reports a place that is not there.
  /// - Complexity: O(1) for an index, O(sections) for an id.
  public func path(for place: WrittenPlace) -> ItemPath? {
    switch place {
    case .index(let s, let item): return ItemPath(s, item)
    case .id(let id, let item): return sectionIndex(ofID: id).map { ItemPath($0, item) }
    }
  }
}
