/// Where an arrangement keeps its tiles: one slot per tile ever added, named by `TileRef`. Moves never
/// touch it (sections hold references); edits replace a tile in its slot, and an added tile gets a new
/// slot. A deleted tile keeps its slot, unreferenced, so that no reference held elsewhere (marks, a
/// find's index) ever names another tile; undo puts a deleted tile back whole, in a new slot (the
/// store grows by the tiles deleted and put back, not by moves or changes).
///
/// The storage is this type's own business: the arrangement, the layout and the edits only ask for a
/// tile by reference, replace one, or add one.
public struct TileStore: Sendable {
  private var storage: [Tile]

  /// A store holding `tiles`, referenced as `TileRef(0)`, `TileRef(1)`, … in that order.
  package init(_ tiles: [Tile] = []) {
    storage = tiles
  }

  /// How many slots there are: every tile ever added, referenced or not.
  public var slotCount: Int { storage.count }

  /// The tile `ref` refers to. - Complexity: O(1).
  public subscript(ref: TileRef) -> Tile {
    get { storage[Int(ref.index)] }
    set { storage[Int(ref.index)] = newValue }
  }

  /// Adds a tile in a new slot and returns its reference. - Complexity: amortized O(1).
  package mutating func append(_ tile: Tile) -> TileRef {
    storage.append(tile)
    return TileRef(storage.count - 1)
  }

  /// Room for `count` more tiles without reallocating.
  package mutating func reserveCapacity(_ count: Int) {
    storage.reserveCapacity(count)
  }
}
