extension Arrangement {
  /// Whether the tile at `path` may be lifted: it exists and is not locked.
  public func checkLift(_ path: ItemPath) -> EditError? {
    if let error = checkSource(path) { return error }
    let tile = self[path]
    return tile.isLocked ? .tileLocked(id: tile.id, at: path) : nil
  }

  private func checkSource(_ path: ItemPath) -> EditError? {
    guard path.section >= 0 && path.section < sections.count else {
      return .noSuchSection(path.section, sectionCount: sections.count)
    }
    let count = sections[path.section].count
    guard path.item >= 0 && path.item < count else { return .noSuchItem(path, count: count) }
    return nil
  }

  /// The destination indexes a move from `source` into `section` allows: within the tile's own section
  /// `0..<count` (the index after removal), into another section `0...count`.
  public func destinationRange(from source: ItemPath, toSection section: Int) -> ClosedRange<Int> {
    let count = sections[section].count
    return section == source.section ? 0...(count - 1) : 0...count
  }

  /// Why `move(from:to:)` would be refused, or nil if it would be done. Paths are checked first, then
  /// the policies (docs/reordering.md, "Policies"; skipped with `force`).
  /// - Complexity: O(1).
  public func checkMove(from source: ItemPath, to destination: ItemPath, force: Bool = false) -> EditError? {
    if let error = checkSource(source) { return error }
    guard destination.section >= 0 && destination.section < sections.count else {
      return .noSuchSection(destination.section, sectionCount: sections.count)
    }
    let valid = destinationRange(from: source, toSection: destination.section)
    guard valid.contains(destination.item) else { return .noSuchDestination(destination, valid: valid) }
    if force { return nil }
    let tile = self[source]
    if tile.isLocked { return .tileLocked(id: tile.id, at: source) }
    guard destination.section != source.section else { return nil }
    let from = sections[source.section]
    let to = sections[destination.section]
    if from.isLocked {
      return .sectionLocked(id: from.id, title: from.displayTitle, section: source.section, leaving: true)
    }
    if to.isLocked {
      return .sectionLocked(id: to.id, title: to.displayTitle, section: destination.section, leaving: false)
    }
    if let maxItems = to.maxItems, to.count >= maxItems {
      return .sectionFull(id: to.id, title: to.displayTitle, section: destination.section, maxItems: maxItems)
    }
    return nil
  }

  /// Moves one tile: removes it at `source` and inserts it at `destination` (UICollectionView's
  /// moveItem; never a swap). `destination.item` is an index in the arrangement after the removal. No
  /// other tile changes its relative order, and nothing changes when the move is refused.
  ///
  /// - Complexity: O(|destination - source|) within a section; O(count) of the two sections' reference
  ///   arrays across sections.
  public mutating func move(from source: ItemPath, to destination: ItemPath, force: Bool = false) throws(EditError) {
    if let error = checkMove(from: source, to: destination, force: force) { throw error }
    if source.section == destination.section {
      sections[source.section].items.moveElement(from: source.item, to: destination.item)
    } else {
      let ref = sections[source.section].items.remove(at: source.item)
      sections[destination.section].items.insert(ref, at: destination.item)
    }
  }
}

extension Array {
  /// Moves the element at `from` to `to`, shifting the ones between by one place: the same result as
  /// `insert(remove(at: from), at: to)`, without touching the elements outside the two indexes.
  /// - Complexity: O(|to - from|).
  package mutating func moveElement(from: Int, to: Int) {
    guard from != to else { return }
    withUnsafeMutableBufferPointer { buffer in
      let moving = buffer[from]
      if from < to {
        for k in from..<to { buffer[k] = buffer[k + 1] }
      } else {
        for k in stride(from: from, to: to, by: -1) { buffer[k] = buffer[k - 1] }
      }
      buffer[to] = moving
    }
  }
}
