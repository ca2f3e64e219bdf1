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
      return report([.blocked(undo ? .nothingToUndo : .nothingToRedo)])
    }
    let removed = removedTiles(by: applied)
    let step = undo ? document.undo()! : document.redo()!
    followEdits(applied, removed: removed)
    let happening: Happening = undo ? .undone(step) : .redone(step)
    var effects: [EditorEffect] = [.happened(happening)]
    if let last = applied.last, let target = focusTarget(after: last) {
      effects += engineEffects(.focus(target))
    } else {
      effects += engineEffects(.tick)
    }
    if let words = announcement(for: happening) { announcement = words }
    return effects
  }

  /// The tiles `edits` will take out of the arrangement as it is now (for the find and the marks,
  /// which know tiles by reference): only followed for a single edit, else nil (everything is
  /// re-derived).
  func removedTiles(by edits: [Edit]) -> [TileRef]? {
    guard edits.count == 1 else { return nil }
    switch edits[0] {
    case .deleteTiles(let paths): return paths.map { arrangement.ref(at: $0) }
    case .deleteSection(let s): return arrangement.sections[s].items
    default: return []
    }
  }

  /// After `edits` were applied: the find's index and matches, and the marks, follow. Moves change
  /// nothing there (they keep references); a single edit is followed tile by tile; several (a script,
  /// a merge) make the find start afresh and drop marks of tiles that are gone.
  mutating func followEdits(_ edits: [Edit], removed: [TileRef]?) {
    guard !edits.allSatisfy(\.isMove) else { return }
    guard let removed else {
      finding.reset()
      reorder.keepMarks(in: arrangement)
      return
    }
    var changed: [TileRef] = []
    for edit in edits {
      if case .setTile(let path, _) = edit { changed.append(arrangement.ref(at: path)) }
    }
    finding.update(removed: removed, changed: changed, arrangement)
    reorder.forgetMarks(removed)
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
