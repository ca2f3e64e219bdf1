import Document
import GridLayout
import Reorder
import TileModel

// MARK: - Undo and redo, and keeping the editor in step with edits

extension EditorState {
  /// `u`: undoes the last step (a drag, a typed move, an edit) and shows what it changed.
  mutating func undo() -> [EditorEffect] {
    changeHistory(undo: true)
  }

  /// `U` or Ctrl-R: redoes the last undone step.
  mutating func redo() -> [EditorEffect] {
    changeHistory(undo: false)
  }

  private mutating func changeHistory(undo: Bool) -> [EditorEffect] {
    let history = document.history
    let applied = undo ? history.stepToUndo?.inverses : history.stepToRedo?.edits
    guard let applied else {
      return report(undo ? .nothingToUndo : .nothingToRedo)
    }
    // A delete's tiles, named before redo takes them out again.
    var deleted: [String] = []
    if !undo, case .deleteTiles(let paths)? = applied.first, applied.count == 1 {
      deleted = paths.filter { arrangement.contains($0) }.map { cardStyle.title(of: arrangement[$0]) }
    }
    let step = undo ? document.undo()! : document.redo()!
    followChanges()
    let happening: EditorHappening = undo ? .undone(step) : .redone(step)
    var effects: [EditorEffect] = [.happened(happening)]
    if let last = applied.last, let target = focusTarget(after: last) {
      effects += engineEffects(.focus(target))
    } else {
      effects += engineEffects(.tick)
    }
    if let words = announcement(for: happening) { announcement = words }
    if !undo, deleted.count == 1 {
      announcement = .told("Redone: deleted \(deleted[0]) — " + (nowFocused() ?? "nothing left"))
    } else if undo, applied.count == 1, case .insertTiles(let tiles, _) = applied[0], tiles.count > 1 {
      announcement = .told("Undone: \(tiles.count) tiles back — " + (nowFocused() ?? ""))
    }
    return effects
  }

  /// After edits: the find's index and matches, and the marks, follow the tiles the document says were
  /// taken out, replaced or put in (moves change nothing there: references follow their tiles).
  /// - Complexity: O(the touched tiles), never the tile count.
  mutating func followChanges() {
    let changes = document.takeChanges()
    guard !changes.removed.isEmpty || !changes.replaced.isEmpty || !changes.added.isEmpty else { return }
    let removed = Set(changes.removed)
    finding.update(removed: changes.removed, changed: changes.replaced.filter { !removed.contains($0) }, arrangement)
    reorder.forgetMarks(changes.removed)
  }

  /// What to focus after `edit`, to show what it changed: the moved, added or changed tile; the moved,
  /// added or changed section's header; where a deleted tile was (the tile now there, else the one
  /// before, else its section's header); nil to leave the focus.
  func focusTarget(after edit: Edit) -> Focus? {
    let sections = arrangement.sections
    switch edit {
    case .moveTile(_, let to): return .tile(to)
    case .moveBlock(let block): return block.to.first.map(Focus.tile)
    case .moveSection(let move): return .header(move.to)
    case .insertTiles(_, let places): return places.first.map(Focus.tile)
    case .deleteTiles(let paths):
      guard let first = paths.first else { return nil }
      let count = sections[first.section].count
      if first.item < count { return .tile(first) }
      return count > 0 ? .tile(ItemPath(first.section, count - 1)) : .header(first.section)
    case .insertSection(_, _, let index): return .header(index)
    case .deleteSection(let s):
      if sections.isEmpty { return Focus.none }
      return .header(min(s, sections.count - 1))
    case .setTile(let path, _): return .tile(path)
    case .setSection(let s, _): return .header(s)
    case .setLayout, .setFileExtras: return nil
    }
  }
}
