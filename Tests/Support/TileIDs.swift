import TileModel

/// The ids of an arrangement's tiles, section by section: what the tests of diffs and edit scripts
/// compare after applying one.
public func tileIDs(_ a: Arrangement) -> [[String]] {
  a.sections.indices.map { a.tiles(inSection: $0).map(\.id) }
}
