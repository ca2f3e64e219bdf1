/// One change to an arrangement, as a value: every way an arrangement changes — a drag's step, a typed
/// move, an added, renamed or deleted tile, an applied script, a merge — is one of these (docs/editing.md).
///
/// An edit names tiles and sections by their places as they are when it applies. It can be checked
/// against the policies (`Arrangement.check(_:force:)`: the same reasons a drag shows), applied
/// (`Arrangement.apply(_:force:)`), and inverted: `apply` returns the edit that undoes it, and applying
/// that gives back the arrangement exactly, unknown keys included (a deleted tile comes back whole, a
/// deleted section with its tiles).
///
///     var a = Arrangement.demo
///     let undo = try a.apply(.setTile(at: ItemPath(0, 0), to: renamed))  // .setTile(at: 0.0, to: old blue)
///     try a.apply(undo)                                                  // a == .demo again
///
/// Inverses, each exact because an edit keeps everything it does not touch in order:
///
///     moveTile 0.0 -> 0.2        moveTile 0.2 -> 0.0
///     moveBlock from -> to       moveBlock to -> from
///     moveSection 0 -> 2         moveSection 2 -> 0
///     insertTiles ts at ps       deleteTiles at ps
///     deleteTiles at ps          insertTiles (the tiles that were there) at ps
///     insertSection s at i       deleteSection at i
///     deleteSection at i         insertSection (its fields and tiles) at i
///     setTile / setSection / setLayout / setFileExtras: the same edit with the old value
public enum Edit: Equatable, Hashable, Sendable {
  /// One tile taken out at `from` and put in at `to`, a place counted after it is taken out
  /// (`Arrangement.move(from:to:)`).
  case moveTile(from: ItemPath, to: ItemPath)
  /// Several tiles taken out and put in at once (`BlockMove`).
  case moveBlock(BlockMove)
  /// A section moved with its tiles (`SectionMove`).
  case moveSection(SectionMove)
  /// Tiles put in so that the i-th ends at `places[i]`: places in reading order without repeats,
  /// counted in the arrangement the edit makes (as `BlockMove.to`).
  case insertTiles([Tile], at: [ItemPath])
  /// The tiles at these places taken out: reading order without repeats.
  case deleteTiles(at: [ItemPath])
  /// A section with these tiles put in at index `at` among the sections (`0...count`). The section's
  /// fields are taken from `section`; its `items` are ignored.
  case insertSection(Section, tiles: [Tile], at: Int)
  /// The section at this index taken out, with its tiles.
  case deleteSection(at: Int)
  /// The tile at the place replaced by `to`: its title, color, width, lock and unknown keys. Its id
  /// stays the tile's.
  case setTile(at: ItemPath, to: Tile)
  /// The fields of the section at the index replaced by those of `to` (title, `maxItems`, lock,
  /// unknown keys; its `items` are ignored). Its id stays the section's.
  case setSection(at: Int, to: Section)
  /// The file's `layout` object replaced (nil: no `layout` key, every default).
  case setLayout(LayoutSpec?)
  /// The file's top-level unknown keys replaced, in order.
  case setFileExtras([JSONField])

  /// Whether the edit only moves tiles or sections (what a drag, a typed move or `tilegrid move` does).
  public var isMove: Bool {
    switch self {
    case .moveTile, .moveBlock, .moveSection: return true
    default: return false
    }
  }
}

extension Section {
  /// The section's own fields without its tiles, as edits carry them.
  public var fields: Section {
    var copy = self
    copy.items = []
    return copy
  }
}

extension LayoutSpec {
  /// Why the values are outside what the file format allows (docs/file-format.md, "layout"), or nil:
  /// sizes from 1, spacings, insets and the header from 0, none over `Arrangement.maximumDimension`.
  public var problem: EditError? {
    let limit = Arrangement.maximumDimension
    func check(_ value: Int?, _ name: String, minimum: Int) -> EditError? {
      guard let value, value < minimum || value > limit else { return nil }
      return .invalidValue(field: name, "\(value) is not a whole number from \(minimum) to \(limit)")
    }
    return check(itemSize?.width, "itemSize.width", minimum: 1) ?? check(itemSize?.height, "itemSize.height", minimum: 1)
      ?? check(lineSpacing, "lineSpacing", minimum: 0) ?? check(interitemSpacing, "interitemSpacing", minimum: 0)
      ?? check(headerHeight, "headerHeight", minimum: 0) ?? check(sectionInset?.top, "sectionInset.top", minimum: 0)
      ?? check(sectionInset?.left, "sectionInset.left", minimum: 0)
      ?? check(sectionInset?.bottom, "sectionInset.bottom", minimum: 0)
      ?? check(sectionInset?.right, "sectionInset.right", minimum: 0)
  }
}

extension Tile {
  /// Why the tile's values are outside what the file format allows, or nil: a non-empty id, a width
  /// from 1 to `Arrangement.maximumDimension`.
  public var problem: EditError? {
    if id.isEmpty { return .tileIDTaken("") }
    if let width, width < 1 || width > Arrangement.maximumDimension {
      return .invalidValue(
        field: "width", "\(width) is not a whole number from 1 to \(Arrangement.maximumDimension)")
    }
    return nil
  }

  /// Whether `other` differs from this tile in anything but its lock.
  func differsBeyondLock(from other: Tile) -> Bool {
    var unlocked = other
    unlocked.locked = locked
    return unlocked != self
  }
}

extension Section {
  /// Why the section's values are outside what the file format allows, or nil: a non-empty id, a
  /// `maxItems` from 0 to 2^31 - 1.
  public var problem: EditError? {
    if id.isEmpty { return .sectionIDTaken("") }
    if let maxItems, maxItems < 0 || maxItems > Int(Int32.max) {
      return .invalidValue(field: "maxItems", "\(maxItems) is not a whole number from 0 to \(Int32.max)")
    }
    return nil
  }
}
