import Document
import GridLayout
import TileModel

// MARK: - Marks and the lifted block (SortableJS's MultiDrag, UIKit's multi-item drag: lifting a marked
// tile lifts every marked tile; they travel as one block in reading order, remove all + insert all)

extension ReorderState {
  /// Whether the tile at `path` of `arrangement` is marked. - Complexity: O(1).
  public func isMarked(_ path: ItemPath, in arrangement: Arrangement) -> Bool {
    arrangement.contains(path) && marks.contains(arrangement.ref(at: path))
  }

  /// Whether the tile at `path` belongs to the lifted block (the view draws the run's slots as the
  /// lifted tile's placeholder). - Complexity: O(1).
  public func isInLiftedBlock(_ path: ItemPath) -> Bool {
    guard let drag = gesture.session?.tiles, drag.block != nil else { return false }
    return drag.run.contains(path)
  }

  /// The marked tiles' places in reading order.
  /// - Complexity: one pass over the references until the last marked tile is found, O(n) at worst: a
  ///   bit per tile, so about a millisecond for 1,000,000 tiles. Only a lift asks it.
  public func markedPaths(in arrangement: Arrangement) -> [ItemPath] {
    guard !marks.isEmpty else { return [] }
    var bits = [UInt64](repeating: 0, count: (arrangement.tiles.slotCount + 63) / 64)
    for ref in marks {
      let i = Int(ref.index)
      bits[i >> 6] |= 1 << UInt64(i & 63)
    }
    var paths: [ItemPath] = []
    paths.reserveCapacity(marks.count)
    for (s, section) in arrangement.sections.enumerated() {
      section.items.withUnsafeBufferPointer { items in
        for (i, ref) in items.enumerated() {
          let n = Int(ref.index)
          if bits[n >> 6] & (1 << UInt64(n & 63)) != 0 { paths.append(ItemPath(s, i)) }
        }
      }
      if paths.count == marks.count { break }
    }
    return paths
  }

  /// `x`: marks or unmarks the focused tile. A locked tile cannot be marked: it could never travel
  /// with the block.
  mutating func toggleMarkAtFocus(_ document: Document) {
    guard let path = focus.tile, document.arrangement.contains(path) else {
      happenings.append(.blocked(.nothingToMark))
      return
    }
    toggleMark(path, document.arrangement)
  }

  /// Marks the focused tile unless it is marked already (Shift-arrows extend the marks; they never
  /// unmark).
  mutating func markAtFocus(_ document: Document) {
    guard let path = focus.tile, document.arrangement.contains(path) else { return }
    if !isMarked(path, in: document.arrangement) { toggleMark(path, document.arrangement) }
  }

  /// A click with a modifier: marks or unmarks the tile under the point and focuses it. The button is
  /// then ignored until it is released (the gesture fails), so it never lifts anything.
  mutating func markClick(at point: Point, _ document: inout Document) {
    guard !gesture.isDragging else { return }
    gesture = .failed
    guard viewport.frame.contains(point), let path = document.layout.item(at: contentPoint(point)) else {
      happenings.append(.blocked(.nothingToMark))
      return
    }
    setFocus(path, &document)
    toggleMark(path, document.arrangement)
  }

  private mutating func toggleMark(_ path: ItemPath, _ arrangement: Arrangement) {
    let ref = arrangement.ref(at: path)
    if marks.remove(ref) != nil {
      happenings.append(.unmarked(path))
    } else if let refusal = arrangement.checkLift(path) {
      happenings.append(.refused(.tile(path), refusal))
    } else {
      marks.insert(ref)
      happenings.append(.marked(path))
    }
  }

  /// Esc with nothing lifted: every mark goes.
  mutating func clearMarks() {
    guard !marks.isEmpty else { return }
    let count = marks.count
    marks = []
    happenings.append(.marksCleared(count))
  }

  /// Lifting the tile at `path` lifts a block: it is marked, and it is not the only mark.
  func isBlockLift(_ path: ItemPath, _ arrangement: Arrangement) -> Bool {
    marks.count > 1 && isMarked(path, in: arrangement)
  }

  /// Where the block gathers at its lift: the other marked tiles close up around the lifted one, those
  /// before it in reading order just before it, those after just after, in the lifted tile's section
  /// and among its neighbours as they were (every unmarked tile before it stays before the run):
  ///
  ///     marked a, c, e; c lifted     A: a b c d e     ->     A: b [a c e] d      run at 0.1, lead 1
  ///     marked x (in A) and c (B)    A: x y   B: p c q   ->   A: y   B: p [x c] q
  func gatherPlace(of paths: [ItemPath], lead: Int) -> ItemPath {
    let lifted = paths[lead]
    let before = paths[..<lead].filter { $0.section == lifted.section }.count
    return ItemPath(lifted.section, lifted.item - before)
  }

  /// Lifts the block led by the session's tile: the marked tiles gather into one run (a move, checked
  /// against the policies tile by tile: a locked section lets none in or out, a full one counts every
  /// tile entering it). On a refusal nothing changes and false is returned.
  mutating func gatherBlock(_ session: inout DragSession, _ document: inout Document) -> Bool {
    guard var drag = session.tiles else { return false }
    let lifted = drag.current
    let paths = markedPaths(in: document.arrangement)
    guard let lead = paths.firstIndex(of: lifted) else { preconditionFailure("a block lift of an unmarked tile") }
    let start = gatherPlace(of: paths, lead: lead)
    let move = BlockMove.gathering(paths, at: start)
    if let refusal = document.arrangement.checkMove(move) {
      happenings.append(.refused(.tile(lifted), refusal))
      return false
    }
    let shift = apply(.moveBlock(move), .lifted(.block(start, count: paths.count), grabbed: lifted), &document)
    if shift != 0 && session.source == .mouse {
      moveFloatingOrigin(&session, to: session.floatingOrigin + viewport.along(shift))
    }
    drag.block = BlockDrag(origins: paths, lead: lead, start: start)
    drag.current = ItemPath(start.section, start.item + lead)
    if session.source == .keyboard { session.floatingOrigin = document.layout.frame(of: drag.current).origin }
    session.lifted = .tiles(drag)
    return true
  }
}
