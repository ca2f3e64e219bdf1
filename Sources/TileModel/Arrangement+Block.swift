/// Several tiles moved at once: the tiles at `from` are taken out together and put back at `to`, the
/// i-th tile of `from` (in reading order) at `to[i]`. Both lists are in reading order without repeats,
/// and `to` names places in the arrangement the move makes, so the tiles keep their order and every
/// other tile keeps its order too (SortableJS's MultiDrag, UIKit's multi-item drop: remove all, insert
/// all; never swaps).
///
/// Gathering three marked tiles into one run at 1.1 (places after the move):
///
///     before     A: a [b] c [d]      B: e f [g]        from = 0.1 0.3 1.2
///     taken out  A: a c              B: e f
///     after      A: a c              B: e b d g f      to   = 1.1 1.2 1.3
///
/// The inverse swaps the lists: the run at 1.1...1.3 goes back to 0.1, 0.3 and 1.2, exactly. Undo, redo,
/// cancel and `tilegrid move` with several FROMs all come down to this one operation.
public struct BlockMove: Equatable, Hashable, Sendable {
  /// Where the tiles are, in reading order, each once.
  public var from: [ItemPath]
  /// Where they end, in the same order: places in the arrangement the move makes.
  public var to: [ItemPath]

  /// The move taking the tiles at `from` to `to` (as many places, both in reading order).
  public init(from: [ItemPath], to: [ItemPath]) {
    self.from = from
    self.to = to
  }

  /// The tiles at `sources` (reading order) gathered into one run whose first tile goes to `start` (a
  /// place counted after they are taken out).
  public static func gathering(_ sources: [ItemPath], at start: ItemPath) -> BlockMove {
    BlockMove(from: sources, to: (0..<sources.count).map { ItemPath(start.section, start.item + $0) })
  }

  /// The run of `count` tiles from `start` moved so that it starts at `destination` (after it is taken
  /// out).
  public static func run(from start: ItemPath, count: Int, to destination: ItemPath) -> BlockMove {
    gathering((0..<count).map { ItemPath(start.section, start.item + $0) }, at: destination)
  }

  /// How many tiles move.
  public var count: Int { from.count }

  /// The move that puts every tile back: exact, because both moves keep all other tiles in order.
  public var inverse: BlockMove { BlockMove(from: to, to: from) }

  /// True when every tile stays where it is.
  public var isIdentity: Bool { from == to }
}

extension Arrangement {
  /// Why `move(_:force:)` would refuse `block`, or nil. The lists are checked first (existing tiles in
  /// reading order, places the result has), then the policies tile by tile, as for one tile:
  ///
  /// 1. a locked tile does not move (the first one in reading order is named);
  /// 2. no tile leaves a locked section;
  /// 3. no tile enters a locked section;
  /// 4. a section with `maxItems` takes tiles from other sections only if all of them fit: at its
  ///    maximum it is "full", below it the block needs `entering` places and there are `room`.
  ///
  /// Policies are skipped with `force`. - Complexity: O(k log k) for k tiles.
  public func checkMove(_ block: BlockMove, force: Bool = false) -> EditError? {
    if let error = checkStructure(block) { return error }
    if force { return nil }
    for path in block.from {
      let tile = self[path]
      if tile.isLocked { return .tileLocked(id: tile.id, at: path) }
    }
    var entering: [Int: Int] = [:]
    var leaving: [Int: Int] = [:]
    for (source, destination) in zip(block.from, block.to) where source.section != destination.section {
      let from = sections[source.section]
      if from.isLocked {
        return .sectionLocked(id: from.id, title: from.displayTitle, section: source.section, leaving: true)
      }
      leaving[source.section, default: 0] += 1
      entering[destination.section, default: 0] += 1
    }
    for s in entering.keys.sorted() where sections[s].isLocked {
      let to = sections[s]
      return .sectionLocked(id: to.id, title: to.displayTitle, section: s, leaving: false)
    }
    for s in entering.keys.sorted() {
      let to = sections[s]
      guard let maxItems = to.maxItems, let count = entering[s] else { continue }
      let staying = to.count - leaving[s, default: 0]
      if staying + count > maxItems {
        if to.count >= maxItems {
          return .sectionFull(id: to.id, title: to.displayTitle, section: s, maxItems: maxItems)
        }
        return .sectionLacksRoom(
          id: to.id, title: to.displayTitle, section: s, maxItems: maxItems, room: max(0, maxItems - staying),
          entering: count)
      }
    }
    return nil
  }

  /// The lists of a block move: `from` names existing tiles in reading order without repeats; `to` has
  /// as many places, in reading order without repeats, each inside its section as the move leaves it.
  private func checkStructure(_ block: BlockMove) -> EditError? {
    guard block.from.count == block.to.count else {
      preconditionFailure("a block move of \(block.from.count) tiles to \(block.to.count) places")
    }
    var finalCounts: [Int: Int] = [:]
    for (k, path) in block.from.enumerated() {
      guard path.section >= 0 && path.section < sections.count else {
        return .noSuchSection(path.section, sectionCount: sections.count)
      }
      let count = sections[path.section].count
      guard path.item >= 0 && path.item < count else { return .noSuchItem(path, count: count) }
      precondition(k == 0 || block.from[k - 1] < path, "a block's tiles are listed in reading order, once")
      finalCounts[path.section, default: count] -= 1
    }
    for path in block.to {
      guard path.section >= 0 && path.section < sections.count else {
        return .noSuchSection(path.section, sectionCount: sections.count)
      }
      finalCounts[path.section, default: sections[path.section].count] += 1
    }
    for (k, path) in block.to.enumerated() {
      precondition(k == 0 || block.to[k - 1] < path, "a block's places are listed in reading order, once")
      let count = finalCounts[path.section]!
      guard path.item >= 0 && path.item < count else {
        return .noSuchDestination(path, valid: 0...(count - 1))
      }
    }
    return nil
  }

  /// Moves several tiles at once (see `BlockMove`): nothing changes when the move is refused.
  ///
  /// - Complexity: a run moved within its section rotates the references between its old and new
  ///   places, O(k + distance); a run moved to another section is one removal and one insertion of
  ///   references, O(k + the sections' counts); scattered tiles cost one pass over each section they
  ///   leave or enter from the first changed place.
  public mutating func move(_ block: BlockMove, force: Bool = false) throws(EditError) {
    if let error = checkMove(block, force: force) { throw error }
    guard !block.isIdentity else { return }
    if let s = block.from.first?.section, let first = block.from.first?.item, let start = block.to.first?.item,
      block.to[0].section == s, block.from.isRun, block.to.isRun
    {
      sections[s].items.moveRange(first..<(first + block.count), to: start)
      return
    }
    let refs = block.from.map { ref(at: $0) }
    block.from.forEachSectionGroup { s, items in sections[s].items.removeSorted(at: items) }
    var k = 0
    block.to.forEachSectionGroup { s, items in
      sections[s].items.insertSorted(Array(refs[k..<(k + items.count)]), at: items)
      k += items.count
    }
  }

  /// The block move that gathers the tiles at `sources` (in any order; a place named twice is one tile)
  /// into one run starting at `start`, or why it would be refused (`tilegrid move` with several FROMs).
  /// The run keeps the tiles' reading order; `start` is a place in the section as it is once they are
  /// taken out, `0...count` of what remains there. Checked in order: the sources exist, the
  /// destination section exists, `start` is such a place, then the policies (unless `force`).
  public func gathering(
    _ sources: [ItemPath], at start: ItemPath, force: Bool = false
  ) -> Result<BlockMove, EditError> {
    let paths = Array(Set(sources)).sorted()
    for path in paths {
      guard path.section >= 0 && path.section < sections.count else {
        return .failure(.noSuchSection(path.section, sectionCount: sections.count))
      }
      let count = sections[path.section].count
      guard path.item >= 0 && path.item < count else { return .failure(.noSuchItem(path, count: count)) }
    }
    guard start.section >= 0 && start.section < sections.count else {
      return .failure(.noSuchSection(start.section, sectionCount: sections.count))
    }
    let remaining = sections[start.section].count - paths.filter { $0.section == start.section }.count
    guard start.item >= 0 && start.item <= remaining else {
      return .failure(.noSuchDestination(start, valid: 0...remaining))
    }
    let move = BlockMove.gathering(paths, at: start)
    if let error = checkMove(move, force: force) { return .failure(error) }
    return .success(move)
  }
}

extension Arrangement {
  /// `gathering(_:at:force:)` with the start written as people write places (`tilegrid move` with
  /// several FROMs): an index in the section once the tiles are taken out, or the section's tile count
  /// as it is now, meaning "at the end" (as `move(from:toPlace:force:)` reads one tile's place). A place
  /// that is neither is `.noSuchDestination(place, valid: 0...remaining)`, named as written.
  ///
  ///     // Section 0 holds a b c d; a and c gather at the end, written 0.4 (the count) or 0.2.
  ///     arrangement.gathering([ItemPath(0, 0), ItemPath(0, 2)], atPlace: ItemPath(0, 4))  // b d a c
  public func gathering(
    _ sources: [ItemPath], atPlace place: ItemPath, force: Bool = false
  ) -> Result<BlockMove, EditError> {
    guard place.section >= 0 && place.section < sections.count else {
      return gathering(sources, at: place, force: force)
    }
    let count = sections[place.section].count
    let remaining = count - Set(sources).filter { $0.section == place.section && contains($0) }.count
    let start = place.item == count ? ItemPath(place.section, remaining) : place
    let result = gathering(sources, at: start, force: force)
    if case .failure(.noSuchDestination(_, let valid)) = result { return .failure(.noSuchDestination(place, valid: valid)) }
    return result
  }
}

extension Array where Element == ItemPath {
  /// True when the paths are consecutive places of one section.
  @inlinable
  package var isRun: Bool {
    guard let first else { return true }
    for (k, path) in enumerated() where path.section != first.section || path.item != first.item + k {
      return false
    }
    return true
  }

  /// Calls `body` once per section with that section's items, for paths in reading order.
  @inlinable
  package func forEachSectionGroup(_ body: (Int, [Int]) throws -> Void) rethrows {
    var start = 0
    while start < count {
      let s = self[start].section
      var end = start + 1
      while end < count && self[end].section == s { end += 1 }
      try body(s, self[start..<end].map(\.item))
      start = end
    }
  }
}

extension Array {
  /// Removes the elements at `indexes` (ascending, no repeats): one removal when they are consecutive,
  /// else one pass from the first of them. - Complexity: O(count - indexes.first).
  @inlinable
  package mutating func removeSorted(at indexes: [Int]) {
    guard let first = indexes.first, let last = indexes.last else { return }
    if last - first + 1 == indexes.count {
      removeSubrange(first...last)
      return
    }
    var next = 0
    var write = first
    withUnsafeMutableBufferPointer { buffer in
      for read in first..<buffer.count {
        if next < indexes.count && indexes[next] == read {
          next += 1
          continue
        }
        buffer.swapAt(write, read)
        write += 1
      }
    }
    removeLast(count - write)
  }

  /// Inserts `elements` so that each ends at the matching place of `indexes` (ascending, no repeats,
  /// places in the result): one insertion when they are consecutive, else one merge from the back, in
  /// place. - Complexity: O(count - indexes.first + elements.count).
  @inlinable
  package mutating func insertSorted(_ elements: [Element], at indexes: [Int]) {
    guard let first = indexes.first, let last = indexes.last else { return }
    if last - first + 1 == indexes.count {
      insert(contentsOf: elements, at: first)
      return
    }
    var read = count - 1
    append(contentsOf: elements)  // room at the end; every slot is written below
    withUnsafeMutableBufferPointer { buffer in
      var write = buffer.count - 1
      var next = elements.count - 1
      while next >= 0 {
        if indexes[next] == write {
          buffer[write] = elements[next]
          next -= 1
        } else {
          buffer[write] = buffer[read]
          read -= 1
        }
        write -= 1
      }
    }
  }

  /// Moves the elements of `range` so that they start at `destination` (counted after they are taken
  /// out), shifting the ones between: the same as removing and inserting them, without touching the
  /// elements outside the two places. - Complexity: O(range.count + distance).
  @inlinable
  package mutating func moveRange(_ range: Range<Int>, to destination: Int) {
    guard destination != range.lowerBound, !range.isEmpty else { return }
    let moving = Array(self[range])
    let n = range.count
    withUnsafeMutableBufferPointer { buffer in
      if destination > range.lowerBound {
        // The elements after the range slide back to fill its place.
        for k in range.lowerBound..<destination { buffer[k] = buffer[k + n] }
      } else {
        for k in stride(from: range.upperBound - 1, through: destination + n, by: -1) { buffer[k] = buffer[k - n] }
      }
      for k in 0..<n { buffer[destination + k] = moving[k] }
    }
  }
}
