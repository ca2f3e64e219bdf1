/// A tile's place: section index and item index within the section, both zero-based.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  public init(_ section: Int, _ item: Int) {
    self.init(section: section, item: item)
  }

  public static func < (a: ItemPath, b: ItemPath) -> Bool {
    (a.section, a.item) < (b.section, b.item)
  }

  /// `S.I`, as the command line writes paths.
  public var description: String { "\(section).\(item)" }
}

/// One tile. Optional fields are `nil` when the file did not have them, so saving writes back exactly
/// what was read; `displayTitle`, `displayColor` and `isLocked` apply the defaults.
public struct Tile: Equatable, Hashable, Sendable {
  public var id: String
  public var title: String?
  public var color: TileColor?
  public var locked: Bool?
  /// The tile's own width in cells; `nil` means the layout's `itemSize.width`.
  public var width: Int?
  /// Keys this version does not know, in their original order.
  public var extras: [JSONField]

  public init(
    id: String, title: String? = nil, color: TileColor? = nil, locked: Bool? = nil, width: Int? = nil,
    extras: [JSONField] = []
  ) {
    self.id = id
    self.title = title
    self.color = color
    self.locked = locked
    self.width = width
    self.extras = extras
  }

  public var displayTitle: String { title ?? id }
  public var displayColor: RGB { (color ?? TileColor.gray).rgb }
  public var isLocked: Bool { locked ?? false }
}

/// A tile's index in an arrangement's tile store. Moves never change it, so it names a tile for as long
/// as the arrangement lives.
public struct TileRef: Hashable, Sendable {
  public let index: Int32

  package init(_ index: Int) { self.index = Int32(truncatingIfNeeded: index) }
}

/// One section: its own fields and its tiles in order (as references into the arrangement's store).
public struct Section: Equatable, Hashable, Sendable {
  public var id: String
  public var title: String?
  public var maxItems: Int?
  public var locked: Bool?
  /// Keys this version does not know, in their original order.
  public var extras: [JSONField]
  /// The section's tiles in order. Changed only by `Arrangement.move`, so that no tile can be lost or
  /// duplicated.
  public package(set) var items: [TileRef] = []

  public init(id: String, title: String? = nil, maxItems: Int? = nil, locked: Bool? = nil, extras: [JSONField] = []) {
    self.id = id
    self.title = title
    self.maxItems = maxItems
    self.locked = locked
    self.extras = extras
  }

  public var count: Int { items.count }
  public var displayTitle: String { title ?? id }
  public var isLocked: Bool { locked ?? false }
  /// True when the section is at (or, in a file edited by hand, over) its `maxItems`.
  public var isFull: Bool { maxItems.map { items.count >= $0 } ?? false }
}

/// A whole arrangement: layout parameters and sections of tiles (DESIGN.md §3).
///
/// Tiles live in one store (`tiles`) and sections hold references, so a move shifts 4-byte references
/// rather than whole tiles: a move inside a section costs O(distance), one across sections O(count) of
/// the two sections' reference arrays, whatever the size of the tiles' text.
public struct Arrangement: Sendable {
  public var version: Int
  /// The file's `layout` object; `nil` when the file had none.
  public var layoutSpec: LayoutSpec?
  public private(set) var tiles: [Tile]
  public internal(set) var sections: [Section]
  /// Top-level keys this version does not know, in their original order.
  public var extras: [JSONField]

  /// Builds an arrangement from sections and their tiles. The caller vouches for unique ids
  /// (`validate()` checks them; the JSON reader always does).
  public init(
    version: Int = 1, layout: LayoutSpec? = nil, sections: [(Section, [Tile])], extras: [JSONField] = []
  ) {
    self.version = version
    self.layoutSpec = layout
    self.extras = extras
    var tiles: [Tile] = []
    tiles.reserveCapacity(sections.reduce(0) { $0 + $1.1.count })
    var built: [Section] = []
    built.reserveCapacity(sections.count)
    for (section, sectionTiles) in sections {
      var s = section
      s.items = []
      s.items.reserveCapacity(sectionTiles.count)
      for tile in sectionTiles {
        s.items.append(TileRef(tiles.count))
        tiles.append(tile)
      }
      built.append(s)
    }
    self.tiles = tiles
    self.sections = built
  }

  /// Assembles an arrangement from a store and sections that reference it; used by the reader.
  package init(version: Int, layout: LayoutSpec?, tiles: [Tile], sections: [Section], extras: [JSONField]) {
    self.version = version
    self.layoutSpec = layout
    self.tiles = tiles
    self.sections = sections
    self.extras = extras
  }

  /// The layout parameters with defaults applied.
  public var layout: LayoutParameters { layoutSpec?.resolved ?? .defaults }

  public var tileCount: Int { tiles.count }

  public subscript(path: ItemPath) -> Tile {
    tiles[Int(sections[path.section].items[path.item].index)]
  }

  public subscript(ref: TileRef) -> Tile {
    tiles[Int(ref.index)]
  }

  public func ref(at path: ItemPath) -> TileRef {
    sections[path.section].items[path.item]
  }

  public func contains(_ path: ItemPath) -> Bool {
    path.section >= 0 && path.section < sections.count && path.item >= 0
      && path.item < sections[path.section].items.count
  }

  /// The tiles of section `s` in order.
  public func tiles(inSection s: Int) -> [Tile] {
    sections[s].items.map { tiles[Int($0.index)] }
  }

  /// Where the tile with this id is. - Complexity: O(n); for the command line, not for event handling.
  public func path(ofTileID id: String) -> ItemPath? {
    for (s, section) in sections.enumerated() {
      for (i, ref) in section.items.enumerated() where tiles[Int(ref.index)].id.isExactly(id) {
        return ItemPath(s, i)
      }
    }
    return nil
  }

  public func sectionIndex(ofID id: String) -> Int? {
    sections.firstIndex { $0.id.isExactly(id) }
  }
}

extension Arrangement: Equatable {
  /// Two arrangements are equal when they hold the same sections with the same tiles in the same order
  /// (however their stores are laid out). - Complexity: O(n).
  public static func == (a: Arrangement, b: Arrangement) -> Bool {
    guard a.version == b.version, a.layoutSpec == b.layoutSpec, a.extras == b.extras,
      a.sections.count == b.sections.count, a.tiles.count == b.tiles.count
    else { return false }
    for (sa, sb) in zip(a.sections, b.sections) {
      guard sa.id == sb.id, sa.title == sb.title, sa.maxItems == sb.maxItems, sa.locked == sb.locked,
        sa.extras == sb.extras, sa.items.count == sb.items.count
      else { return false }
      for (ra, rb) in zip(sa.items, sb.items) where a[ra] != b[rb] { return false }
    }
    return true
  }
}
