/// A tile's place: section index and item index within the section, both zero-based (UIKit's
/// `IndexPath` of a collection view). Paths order by section, then item: reading order.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section's index in `Arrangement.sections`.
  public var section: Int
  /// The tile's index within its section.
  public var item: Int

  /// The path of item `item` in section `section`.
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// The path of item `item` in section `section`: `ItemPath(1, 3)` is `1.3`.
  public init(_ section: Int, _ item: Int) {
    self.init(section: section, item: item)
  }

  /// Reading order: by section, then by item.
  public static func < (a: ItemPath, b: ItemPath) -> Bool {
    (a.section, a.item) < (b.section, b.item)
  }

  /// `S.I`, as the command line writes paths.
  public var description: String { "\(section).\(item)" }
}

/// One tile. Optional fields are `nil` when the file did not have them, so saving writes back exactly
/// what was read; `displayTitle`, `displayColor` and `isLocked` apply the defaults.
public struct Tile: Equatable, Hashable, Sendable {
  /// The tile's id: not empty, unique among all the arrangement's tiles, compared by its UTF-8 bytes.
  public var id: String
  /// The title to show; `nil` means the id (`displayTitle`).
  public var title: String?
  /// The tile's color; `nil` means gray (`displayColor`).
  public var color: TileColor?
  /// Whether the tile may not be lifted; `nil` means `false` (`isLocked`).
  public var locked: Bool?
  /// The tile's own width in cells; `nil` means the layout's `itemSize.width`.
  public var width: Int?
  /// Keys this version does not know, in their original order.
  public var extras: [JSONField]

  /// A tile with the given fields; those left out are absent, as in a file that does not have them.
  /// The id must not be empty, and unique in the arrangement the tile goes into.
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

  /// The title, or the id when there is none.
  public var displayTitle: String { title ?? id }
  /// The color's RGB value, gray's when there is none.
  public var displayColor: RGB { (color ?? TileColor.gray).rgb }
  /// Whether the tile is locked (`locked`, `false` when absent).
  public var isLocked: Bool { locked ?? false }
}

/// A tile's index in an arrangement's tile store. Moves never change it, so it names a tile for as long
/// as the arrangement lives.
public struct TileRef: Hashable, Sendable {
  /// The tile's slot in the arrangement's `TileStore`.
  public let index: Int32

  @inlinable
  package init(_ index: Int) { self.index = Int32(truncatingIfNeeded: index) }
}

/// One section: its own fields and its tiles in order (as references into the arrangement's store).
public struct Section: Equatable, Hashable, Sendable {
  /// The section's id: not empty, unique among the arrangement's sections, compared by its UTF-8 bytes.
  public var id: String
  /// The header's title; `nil` means the id (`displayTitle`).
  public var title: String?
  /// The most tiles other sections may bring in; `nil` means no limit (`isFull`).
  public var maxItems: Int?
  /// Whether no tile may leave or enter the section; `nil` means `false` (`isLocked`).
  public var locked: Bool?
  /// Keys this version does not know, in their original order.
  public var extras: [JSONField]
  /// The section's tiles in order. Changed only by `Arrangement.move`, so that no tile can be lost or
  /// duplicated.
  public package(set) var items: [TileRef] = []

  /// A section without tiles (they come with `Arrangement.init(version:layout:sections:extras:)`); the
  /// fields left out are absent.
  public init(id: String, title: String? = nil, maxItems: Int? = nil, locked: Bool? = nil, extras: [JSONField] = []) {
    self.id = id
    self.title = title
    self.maxItems = maxItems
    self.locked = locked
    self.extras = extras
  }

  /// How many tiles the section holds.
  public var count: Int { items.count }
  /// The title, or the id when there is none.
  public var displayTitle: String { title ?? id }
  /// Whether the section is locked (`locked`, `false` when absent).
  public var isLocked: Bool { locked ?? false }
  /// True when the section is at (or, in a file edited by hand, over) its `maxItems`.
  public var isFull: Bool { maxItems.map { items.count >= $0 } ?? false }
}

/// A whole arrangement: layout parameters and sections of tiles (docs/file-format.md). A value: copy
/// it freely (copies share storage until one changes).
///
/// Tiles live in one store (`tiles`) and sections hold references, so a move shifts 4-byte references
/// rather than whole tiles: a move inside a section costs O(distance), one across sections O(count) of
/// the two sections' reference arrays, whatever the size of the tiles' text.
///
///     var arrangement = Arrangement(sections: [
///       (Section(id: "a", title: "A"), [Tile(id: "red", color: TileColor("red")), Tile(id: "blue")]),
///       (Section(id: "b", maxItems: 4), []),
///     ])
///     try arrangement.move(from: ItemPath(0, 0), to: ItemPath(1, 0))  // red into section b
///     arrangement[ItemPath(1, 0)].id  // "red"
///
/// Reading and writing the file is `TileGridJSON`'s: `Arrangement(json:)` and `jsonBytes()`.
public struct Arrangement: Sendable {
  /// The file format's version; 1 is the only one there is.
  public var version: Int
  /// The file's `layout` object; `nil` when the file had none.
  public var layoutSpec: LayoutSpec?
  /// Every tile, in the order they were added (file order); moves never reorder it, so a `TileRef`
  /// stays valid. The order on screen is the sections' `items`.
  public internal(set) var tiles: TileStore
  /// How many tiles the sections hold (the store may hold deleted ones too).
  public internal(set) var tileCount: Int
  /// The sections in order, each with its tiles' references in order. Changed only by moves, so no
  /// tile is ever lost or duplicated.
  public internal(set) var sections: [Section]
  /// Top-level keys this version does not know, in their original order.
  public var extras: [JSONField]

  /// Builds an arrangement from sections and their tiles, in order; the store holds the tiles in the
  /// order given. The caller vouches for non-empty ids, unique among tiles and among sections (the JSON
  /// reader checks them in a file; nothing checks them here).
  /// - Complexity: O(n).
  public init(
    version: Int = 1, layout: LayoutSpec? = nil, sections: [(Section, [Tile])], extras: [JSONField] = []
  ) {
    self.version = version
    self.layoutSpec = layout
    self.extras = extras
    var tiles = TileStore()
    tiles.reserveCapacity(sections.reduce(0) { $0 + $1.1.count })
    var built: [Section] = []
    built.reserveCapacity(sections.count)
    for (section, sectionTiles) in sections {
      var s = section
      s.items = []
      s.items.reserveCapacity(sectionTiles.count)
      for tile in sectionTiles { s.items.append(tiles.append(tile)) }
      built.append(s)
    }
    self.tiles = tiles
    self.sections = built
    tileCount = tiles.slotCount
  }

  /// Assembles an arrangement from a store and sections that reference each of its slots once; used
  /// by the reader.
  package init(version: Int, layout: LayoutSpec?, tiles: TileStore, sections: [Section], extras: [JSONField]) {
    self.version = version
    self.layoutSpec = layout
    tileCount = tiles.slotCount
    self.tiles = tiles
    self.sections = sections
    self.extras = extras
  }

  /// The largest size, spacing, inset or tile width the file reader accepts, in cells, so that layout
  /// arithmetic cannot overflow. Arrangements built in code should keep to it too.
  public static let maximumDimension = 100_000

  /// The layout parameters with defaults applied.
  public var layout: LayoutParameters { layoutSpec?.resolved ?? .defaults }

  /// The tile at `path`, which must exist (`contains(_:)`). - Complexity: O(1).
  public subscript(path: ItemPath) -> Tile {
    tiles[sections[path.section].items[path.item]]
  }

  /// The tile `ref` refers to. - Complexity: O(1).
  public subscript(ref: TileRef) -> Tile {
    tiles[ref]
  }

  /// The tile's own width (`self[ref].width`) without building the tile. - Complexity: O(1).
  public func width(of ref: TileRef) -> Int? {
    tiles.width(of: ref)
  }

  /// The own widths of section `s`'s tiles in order, 0 for a tile that has none, without building
  /// the tiles (the layout's input). - Complexity: O(tiles in the section).
  package func widths(inSection s: Int) -> [Int32] {
    tiles.widths(of: sections[s].items)
  }

  /// The reference of the tile at `path`, which must exist: it names the tile wherever it moves.
  public func ref(at path: ItemPath) -> TileRef {
    sections[path.section].items[path.item]
  }

  /// Whether `path` names a tile: its section exists and holds that many tiles. - Complexity: O(1).
  public func contains(_ path: ItemPath) -> Bool {
    path.section >= 0 && path.section < sections.count && path.item >= 0
      && path.item < sections[path.section].items.count
  }

  /// The tiles of section `s` in order.
  public func tiles(inSection s: Int) -> [Tile] {
    sections[s].items.map { tiles[$0] }
  }

  /// Every tile the sections hold, in reading order. - Complexity: O(n); when the store holds every
  /// tile as built, in reading order (an arrangement just read from a text format, or built in
  /// code), its list itself, shared: no tile is copied.
  public func allTiles() -> [Tile] {
    if let built = tiles.builtTiles, built.count == tileCount, isInSlotOrder { return built }
    var all: [Tile] = []
    all.reserveCapacity(tileCount)
    for section in sections { for ref in section.items { all.append(tiles[ref]) } }
    return all
  }

  /// Whether the sections reference the store's slots `0, 1, 2, …` in reading order.
  private var isInSlotOrder: Bool {
    var next: Int32 = 0
    for section in sections {
      for ref in section.items {
        guard ref.index == next else { return false }
        next += 1
      }
    }
    return true
  }

  /// Where the tile with this id is (compared by UTF-8 bytes).
  /// - Complexity: O(n); for the command line, not for event handling.
  public func path(ofTileID id: String) -> ItemPath? {
    var id = id
    return id.withUTF8 { wanted in
      // The ids' bytes, without building the tiles.
      for (s, section) in sections.enumerated() {
        for (i, ref) in section.items.enumerated() {
          var same = false
          tiles.withText(of: ref) { _, bytes in same = sameBytes(bytes, wanted) }
          if same { return ItemPath(s, i) }
        }
      }
      return nil
    }
  }

  /// The index of the section with this id (compared by UTF-8 bytes). - Complexity: O(sections).
  public func sectionIndex(ofID id: String) -> Int? {
    sections.firstIndex { $0.id.isExactly(id) }
  }
}

extension Arrangement: Equatable {
  /// Two arrangements are equal when they hold the same sections with the same tiles in the same order
  /// (however their stores are laid out). - Complexity: O(n).
  public static func == (a: Arrangement, b: Arrangement) -> Bool {
    guard a.version == b.version, a.layoutSpec == b.layoutSpec, a.extras == b.extras,
      a.sections.count == b.sections.count, a.tileCount == b.tileCount
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
