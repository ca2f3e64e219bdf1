// Checking and applying `Edit` values. Moves keep their own files (Arrangement+Move, +Block,
// +Sections); this one adds the rest and the one entry point every change goes through.

extension Arrangement {
  /// Why `apply(edit, force: force)` would refuse, or nil. Places and values are checked first, then
  /// the policies (skipped with `force`):
  ///
  /// - moves: as `checkMove` (a locked tile stays; a locked section lets nothing in or out; a full one
  ///   takes nothing in; a locked section keeps its place);
  /// - added tiles: a locked section takes none, a section with `maxItems` only as many as fit;
  /// - deleted tiles: a locked tile, or a tile of a locked section, stays;
  /// - a deleted section: not a locked one, nor one holding a locked tile;
  /// - a changed tile: a locked one can only be unlocked (not renamed, recolored or resized).
  ///
  /// Ids: an added section's id must be new among the sections, and added tiles' ids unique among
  /// themselves. Whether they are new among all the tiles is the caller's to know (`Document` keeps an
  /// index for it), as for `init(sections:)`: finding out here would cost a pass over every tile.
  /// - Complexity: O(1) for one tile; O(k log k) for k tiles; O(S) for an added section; O(count) for a
  ///   deleted one.
  public func check(_ edit: Edit, force: Bool = false) -> EditError? {
    switch edit {
    case .moveTile(let from, let to):
      return checkMove(from: from, to: to, force: force)
    case .moveBlock(let block):
      return checkMove(block, force: force)
    case .moveSection(let move):
      return checkMove(move, force: force)
    case .insertTiles(let tiles, let places):
      return checkInsert(tiles, at: places, force: force)
    case .deleteTiles(let paths):
      return checkDelete(paths, force: force)
    case .insertSection(let section, let tiles, let index):
      guard index >= 0 && index <= sections.count else {
        return .noSuchSectionDestination(index, valid: 0...sections.count)
      }
      if let problem = section.problem { return problem }
      if sectionIndex(ofID: section.id) != nil { return .sectionIDTaken(section.id) }
      return checkNewTiles(tiles)
    case .deleteSection(let s):
      guard s >= 0 && s < sections.count else { return .noSuchSection(s, sectionCount: sections.count) }
      let section = sections[s]
      guard !force else { return nil }
      if section.isLocked {
        return .sectionLockedAgainstDeletion(id: section.id, title: section.displayTitle, section: s)
      }
      if let locked = section.items.first(where: { tiles[$0].isLocked }) {
        return .sectionHoldsLockedTile(
          id: section.id, title: section.displayTitle, section: s, tileID: tiles[locked].id)
      }
      return nil
    case .setTile(let path, let tile):
      guard contains(path) else { return missing(path) }
      let old = self[path]
      if !old.id.isExactly(tile.id) { return .idChanged(from: old.id, to: tile.id) }
      if let problem = tile.problem { return problem }
      if !force && old.isLocked && old.differsBeyondLock(from: tile) { return .tileLocked(id: old.id, at: path) }
      return nil
    case .setSection(let s, let section):
      guard s >= 0 && s < sections.count else { return .noSuchSection(s, sectionCount: sections.count) }
      if !sections[s].id.isExactly(section.id) { return .idChanged(from: sections[s].id, to: section.id) }
      return section.problem
    case .setLayout(let spec):
      return spec?.problem
    case .setFileExtras:
      return nil
    }
  }

  /// Applies `edit` when `check(edit, force: force)` allows it, and returns the edit that undoes it;
  /// nothing changes when it is refused. The caller vouches that added tiles' ids are new (see
  /// `check`).
  ///
  /// - Complexity: a move as `move(from:to:)`, `move(_: BlockMove)` and `moveSection`; adding or
  ///   deleting k tiles O(k + the touched sections' counts from the first change); a section O(S +
  ///   its tiles); a changed tile or section O(1) plus its fields' size.
  @discardableResult
  public mutating func apply(_ edit: Edit, force: Bool = false) throws(EditError) -> Edit {
    if let error = check(edit, force: force) { throw error }
    return applyChecked(edit)
  }

  /// Applies an edit that `check` allows (a precondition) and returns its inverse.
  package mutating func applyChecked(_ edit: Edit) -> Edit {
    do {
      switch edit {
      case .moveTile(let from, let to):
        try move(from: from, to: to, force: true)
        return .moveTile(from: to, to: from)
      case .moveBlock(let block):
        try move(block, force: true)
        return .moveBlock(block.inverse)
      case .moveSection(let move):
        try moveSection(move, force: true)
        return .moveSection(move.inverse)
      case .insertTiles(let added, let places):
        let refs = added.map { tiles.append($0) }
        var k = 0
        places.forEachSectionGroup { s, items in
          sections[s].items.insertSorted(Array(refs[k..<(k + items.count)]), at: items)
          k += items.count
        }
        tileCount += added.count
        return .deleteTiles(at: places)
      case .deleteTiles(let paths):
        let removed = paths.map { self[$0] }
        paths.forEachSectionGroup { s, items in sections[s].items.removeSorted(at: items) }
        tileCount -= paths.count
        return .insertTiles(removed, at: paths)
      case .insertSection(let fields, let added, let index):
        var section = fields.fields
        section.items = added.map { tiles.append($0) }
        sections.insert(section, at: index)
        tileCount += added.count
        return .deleteSection(at: index)
      case .deleteSection(let s):
        let section = sections.remove(at: s)
        tileCount -= section.count
        return .insertSection(section.fields, tiles: section.items.map { tiles[$0] }, at: s)
      case .setTile(let path, let tile):
        let ref = ref(at: path)
        let old = tiles[ref]
        tiles[ref] = tile
        return .setTile(at: path, to: old)
      case .setSection(let s, let fields):
        let old = sections[s].fields
        let items = sections[s].items
        sections[s] = fields.fields
        sections[s].items = items
        return .setSection(at: s, to: old)
      case .setLayout(let spec):
        let old = layoutSpec
        layoutSpec = spec
        return .setLayout(old)
      case .setFileExtras(let fields):
        let old = extras
        extras = fields
        return .setFileExtras(old)
      }
    } catch {
      preconditionFailure("a checked edit failed: \(error)")
    }
  }

  /// Applies edits in order as one change: all of them, or (when one is refused) none. Returns the
  /// inverses in the order that undoes them (the last edit's first).
  /// - Throws: the first refused edit's index and reason; the arrangement is then as it was.
  public mutating func apply(
    _ edits: [Edit], force: Bool = false
  ) throws(IndexedEditError) -> [Edit] {
    var inverses: [Edit] = []
    inverses.reserveCapacity(edits.count)
    for (index, edit) in edits.enumerated() {
      if let error = check(edit, force: force) {
        for inverse in inverses.reversed() { _ = applyChecked(inverse) }
        throw IndexedEditError(index: index, error: error)
      }
      inverses.append(applyChecked(edit))
    }
    return inverses.reversed()
  }

  private func missing(_ path: ItemPath) -> EditError {
    guard path.section >= 0 && path.section < sections.count else {
      return .noSuchSection(path.section, sectionCount: sections.count)
    }
    return .noSuchItem(path, count: sections[path.section].count)
  }

  /// Added tiles: valid values, ids unique among themselves.
  private func checkNewTiles(_ added: [Tile]) -> EditError? {
    var seen = Set<ExactString>()
    for tile in added {
      if let problem = tile.problem { return problem }
      if !seen.insert(ExactString(tile.id)).inserted { return .tileIDTaken(tile.id) }
    }
    return nil
  }

  private func checkInsert(_ added: [Tile], at places: [ItemPath], force: Bool) -> EditError? {
    precondition(added.count == places.count, "\(added.count) tiles for \(places.count) places")
    var entering: [Int: Int] = [:]
    for (k, place) in places.enumerated() {
      guard place.section >= 0 && place.section < sections.count else {
        return .noSuchSection(place.section, sectionCount: sections.count)
      }
      precondition(k == 0 || places[k - 1] < place, "added tiles' places are in reading order, once")
      entering[place.section, default: 0] += 1
    }
    for place in places {
      let count = sections[place.section].count + entering[place.section]!
      guard place.item >= 0 && place.item < count else { return .noSuchDestination(place, valid: 0...(count - 1)) }
    }
    if let problem = checkNewTiles(added) { return problem }
    if force { return nil }
    for s in entering.keys.sorted() {
      let section = sections[s]
      let n = entering[s]!
      if section.isLocked {
        return .sectionLocked(id: section.id, title: section.displayTitle, section: s, leaving: false)
      }
      if let maxItems = section.maxItems, section.count + n > maxItems {
        if section.count >= maxItems {
          return .sectionFull(id: section.id, title: section.displayTitle, section: s, maxItems: maxItems)
        }
        return .sectionLacksRoom(
          id: section.id, title: section.displayTitle, section: s, maxItems: maxItems,
          room: maxItems - section.count, entering: n)
      }
    }
    return nil
  }

  private func checkDelete(_ paths: [ItemPath], force: Bool) -> EditError? {
    for (k, path) in paths.enumerated() {
      guard contains(path) else { return missing(path) }
      precondition(k == 0 || paths[k - 1] < path, "deleted tiles are listed in reading order, once")
    }
    if force { return nil }
    for path in paths {
      let tile = self[path]
      if tile.isLocked { return .tileLocked(id: tile.id, at: path) }
      let section = sections[path.section]
      if section.isLocked {
        return .sectionLocked(id: section.id, title: section.displayTitle, section: path.section, leaving: true)
      }
    }
    return nil
  }
}

/// A refused edit in a list applied as one change: which (its index in the list), and why.
public struct IndexedEditError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The edit's index in the list.
  public var index: Int
  /// Why it was refused.
  public var error: EditError

  public init(index: Int, error: EditError) {
    self.index = index
    self.error = error
  }

  public var description: String { "edit \(index + 1): \(error)" }
}
