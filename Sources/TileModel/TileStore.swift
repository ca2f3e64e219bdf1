/// Where an arrangement keeps its tiles: one slot per tile ever added, named by `TileRef`. Moves never
/// touch it (sections hold references); edits replace a tile in its slot, and an added tile gets a new
/// slot. A deleted tile keeps its slot, unreferenced, so that no reference held elsewhere (marks, a
/// find's index) ever names another tile; undo puts a deleted tile back whole, in a new slot (the
/// store grows by the tiles deleted and put back, not by moves or changes).
///
/// The storage is this type's own business: the arrangement, the layout and the edits only ask for a
/// tile by reference, replace one, or add one. Behind that, the tiles of an arrangement read from a file
/// stay in the reader's compact form (a `TileSource`) and a `Tile` is built when one is asked for; a
/// slot that is replaced, and every slot added, holds its `Tile` itself.
public struct TileStore: Sendable {
  /// Slots `0..<sourceCount` are the source's, unless replaced.
  private var source: (any TileSource)?
  private var sourceCount = 0
  /// One bit per source slot, set when the slot has been replaced; empty until the first replacement,
  /// so that reading an unedited slot costs one comparison more than the source's own read.
  private var replacedSlots: [UInt64] = []
  /// The tiles of the replaced source slots.
  private var replaced: [Int32: Tile] = [:]
  /// Slots from `sourceCount` on: every tile of an arrangement built in code, and tiles added since.
  private var added: [Tile]

  /// A store holding `tiles`, referenced as `TileRef(0)`, `TileRef(1)`, … in that order.
  package init(_ tiles: [Tile] = []) {
    added = tiles
  }

  /// A store whose first `source.count` slots are the source's tiles, built when asked for.
  package init(source: any TileSource) {
    self.source = source
    sourceCount = source.count
    added = []
  }

  /// How many slots there are: every tile ever added, referenced or not.
  public var slotCount: Int { sourceCount + added.count }

  /// The tile `ref` refers to. - Complexity: O(1); for a tile read from a file and not replaced since,
  /// building it from its record (its title and id as strings).
  public subscript(ref: TileRef) -> Tile {
    get {
      let slot = Int(ref.index)
      if slot >= sourceCount { return added[slot - sourceCount] }
      if isReplaced(slot) { return replaced[ref.index]! }
      return source.unsafelyUnwrapped.tile(at: slot)
    }
    set {
      let slot = Int(ref.index)
      if slot >= sourceCount {
        added[slot - sourceCount] = newValue
        return
      }
      if replacedSlots.isEmpty { replacedSlots = [UInt64](repeating: 0, count: (sourceCount + 63) / 64) }
      replacedSlots[slot >> 6] |= 1 << UInt64(slot & 63)
      replaced[ref.index] = newValue
    }
  }

  /// Every slot's tile in slot order, as the store holds them (the list itself, shared), when no
  /// slot is a source's; nil when some are.
  package var builtTiles: [Tile]? { source == nil ? added : nil }

  /// The tile's own width (`self[ref].width`: nil means the layout's `itemSize.width`) without
  /// building the tile, for laying out a million tiles. - Complexity: O(1).
  public func width(of ref: TileRef) -> Int? {
    let slot = Int(ref.index)
    if slot >= sourceCount { return added[slot - sourceCount].width }
    if isReplaced(slot) { return replaced[ref.index]!.width }
    return source.unsafelyUnwrapped.width(at: slot)
  }

  /// The tiles' own widths in order (`self[ref].width`), 0 for a tile that has none, without building
  /// the tiles: what laying out a section needs. - Complexity: O(refs), a few instructions each.
  package func widths(of refs: [TileRef]) -> [Int32] {
    guard let source, replacedSlots.isEmpty, added.isEmpty else {
      return refs.map { Int32(truncatingIfNeeded: width(of: $0) ?? 0) }
    }
    // No widths are the empty array itself: built with no capacity, an array stores its count into
    // the storage every empty array shares (a write that races with other threads' empty arrays, as
    // when diff and merge read files side by side).
    guard !refs.isEmpty else { return [] }
    return [Int32](unsafeUninitializedCapacity: refs.count) { widths, count in
      refs.withUnsafeBufferPointer { source.widths(of: $0, into: widths.baseAddress!) }
      count = refs.count
    }
  }

  /// Calls `body` with the UTF-8 bytes of the tile's title (nil when it has none) and of its id, the
  /// same bytes as `self[ref].title` and `self[ref].id`, without building strings when the source keeps
  /// them as bytes (for indexing every tile's text).
  package func withText(
    of ref: TileRef, _ body: (_ title: UnsafeBufferPointer<UInt8>?, _ id: UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let slot = Int(ref.index)
    if slot < sourceCount && !isReplaced(slot) { return source.unsafelyUnwrapped.withText(at: slot, body) }
    if slot >= sourceCount {
      // A tile held as a `Tile`: its strings' bytes, in place.
      return added.withUnsafeBufferPointer { Self.withText(of: $0[slot - sourceCount], body) }
    }
    Self.withText(of: self[ref], body)
  }

  /// `withText(of:_:)` for a tile at hand.
  package static func withText(
    of tile: Tile, _ body: (_ title: UnsafeBufferPointer<UInt8>?, _ id: UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var id = tile.id
    id.withUTF8 { id in
      guard var title = tile.title else { return body(nil, id) }
      title.withUTF8 { body($0, id) }
    }
  }

  /// Whether the tile `a` refers to here has the same id as the one `b` refers to in `other`, by
  /// UTF-8 bytes (`sameBytes(self[a].id, other[b].id)`), without building the tiles.
  package func sameID(_ a: TileRef, _ other: TileStore, _ b: TileRef) -> Bool {
    let (slotA, slotB) = (Int(a.index), Int(b.index))
    if slotA < sourceCount && !isReplaced(slotA) && slotB < other.sourceCount && !other.isReplaced(slotB),
      let same = source.unsafelyUnwrapped.sameID(at: slotA, other.source.unsafelyUnwrapped, at: slotB)
    {
      return same
    }
    // Two tiles held as `Tile`s: their ids compared where they are, without copying the tiles out.
    if slotA >= sourceCount && slotB >= other.sourceCount {
      return added.withUnsafeBufferPointer { tilesA in
        other.added.withUnsafeBufferPointer { tilesB in
          tilesA[slotA - sourceCount].id.isExactly(tilesB[slotB - other.sourceCount].id)
        }
      }
    }
    var same = false
    withText(of: a) { _, idA in
      other.withText(of: b) { _, idB in same = sameBytes(idA, idB) }
    }
    return same
  }

  /// Whether the tile `a` refers to here and the one `b` refers to in `other` are written the same
  /// (`self[a].isExactly(other[b])`), without building them when both are kept by their sources.
  package func isExactly(_ a: TileRef, _ other: TileStore, _ b: TileRef) -> Bool {
    let (slotA, slotB) = (Int(a.index), Int(b.index))
    if slotA < sourceCount && !isReplaced(slotA) && slotB < other.sourceCount && !other.isReplaced(slotB),
      let same = source.unsafelyUnwrapped.isExactly(at: slotA, other.source.unsafelyUnwrapped, at: slotB)
    {
      return same
    }
    // Two tiles held as `Tile`s: compared where they are, without copying them out.
    if slotA >= sourceCount && slotB >= other.sourceCount {
      return added.withUnsafeBufferPointer { tilesA in
        other.added.withUnsafeBufferPointer { tilesB in
          tilesA[slotA - sourceCount].isExactly(tilesB[slotB - other.sourceCount])
        }
      }
    }
    return self[a].isExactly(other[b])
  }

  /// Adds a tile in a new slot and returns its reference. - Complexity: amortized O(1).
  package mutating func append(_ tile: Tile) -> TileRef {
    added.append(tile)
    return TileRef(slotCount - 1)
  }

  /// Room for `count` more tiles without reallocating.
  package mutating func reserveCapacity(_ count: Int) {
    added.reserveCapacity(added.count + count)
  }

  private func isReplaced(_ slot: Int) -> Bool {
    !replacedSlots.isEmpty && replacedSlots[slot >> 6] & (1 << UInt64(slot & 63)) != 0
  }
}

/// Tiles kept in another form and built when asked for: the file reader (TileGridJSON) keeps each tile
/// of a file as a fixed-size record and its text, so that opening a million tiles builds no strings.
/// A source never changes; `TileStore` keeps the tiles that replace its slots.
package protocol TileSource: AnyObject, Sendable {
  /// How many tiles the source holds, in slots `0..<count`.
  var count: Int { get }
  /// The tile in `slot`: exactly the `Tile` that reading it eagerly would have built.
  func tile(at slot: Int) -> Tile
  /// `tile(at: slot).width`, without building the tile.
  func width(at slot: Int) -> Int?
  /// The widths of the tiles in `slots` (all the source's) into `widths`, 0 for none.
  func widths(of slots: UnsafeBufferPointer<TileRef>, into widths: UnsafeMutablePointer<Int32>)
  /// Whether `tile(at: slot)` is exactly `other.tile(at: otherSlot)` (`Tile.isExactly`), when the
  /// source can tell without building them (nil when it cannot, say for another kind of source).
  func isExactly(at slot: Int, _ other: any TileSource, at otherSlot: Int) -> Bool?
  /// Whether the two tiles' ids are the same bytes, when the source can tell without building them.
  func sameID(at slot: Int, _ other: any TileSource, at otherSlot: Int) -> Bool?
  /// Calls `body` with the UTF-8 bytes of `tile(at: slot).title` (nil when it has none) and of its id.
  func withText(
    at slot: Int, _ body: (_ title: UnsafeBufferPointer<UInt8>?, _ id: UnsafeBufferPointer<UInt8>) -> Void
  )
}
