import TileModel

/// One undoable step: the edits it made, in order, and the edits that undo them, in the order that
/// undoes them (the last edit's inverse first). A whole drag is one step however many moves it made; so
/// is a typed move, an editing key, an applied script and a merge.
///
///     tile     A: a b c      [moveTile 0.0 -> 0.2]        undo [moveTile 0.2 -> 0.0]
///     delete   A: a b c      [deleteTiles 0.1]            undo [insertTiles (b) at 0.1]
///     script   A: a b c      [moveTile 0.0 -> 0.2,        undo [setTile 0.1 (old b),
///                             setTile 0.1 (b renamed)]          moveTile 0.2 -> 0.0]
public struct Step: Equatable, Hashable, Sendable {
  /// The edits, in the order they were applied.
  public var edits: [Edit]
  /// Their inverses, in the order that undoes them.
  public var inverses: [Edit]

  /// A step of `edits`, undone by `inverses` (in the order they are to be applied).
  public init(edits: [Edit], inverses: [Edit]) {
    self.edits = edits
    self.inverses = inverses
  }
}

/// Undo and redo (docs/editing.md, "Undo and redo"): the steps in order, and how many of them are
/// applied. Steps store edits, not arrangements: a moved tile costs a few words whatever the tile count,
/// a deleted one its own fields.
public struct History: Equatable, Hashable, Sendable {
  /// Every recorded step, oldest first; those from `position` on can be redone.
  public private(set) var steps: [Step] = []
  /// How many steps are applied; steps after it can be redone.
  public private(set) var position = 0
  /// A serial number per recorded step, so that a state is identified even after undo + new step.
  private var serials: [Int] = []
  private var nextSerial = 1

  /// An empty history.
  public init() {}

  /// Identifies the arrangement the applied steps lead to: equal ids mean equal arrangements, so a
  /// document compares it with the id it saved to know whether there are unsaved changes.
  public var stateID: Int { position == 0 ? 0 : serials[position - 1] }

  /// Where the state `id` (a `stateID`) is in the history: the number of steps applied to reach it;
  /// nil when it is no longer in the history (it was undone, then other steps were recorded).
  /// - Complexity: O(log steps): serials only grow along the history.
  public func position(ofState id: Int) -> Int? {
    if id == 0 { return 0 }
    var low = 0
    var high = serials.count
    while low < high {
      let mid = (low + high) / 2
      if serials[mid] < id { low = mid + 1 } else { high = mid }
    }
    return low < serials.count && serials[low] == id ? low + 1 : nil
  }

  /// The step `undo` would undo, if any.
  public var stepToUndo: Step? { position > 0 ? steps[position - 1] : nil }
  /// The step `redo` would redo, if any.
  public var stepToRedo: Step? { position < steps.count ? steps[position] : nil }

  /// Whether there is a step to undo.
  public var canUndo: Bool { position > 0 }
  /// Whether there is an undone step to redo.
  public var canRedo: Bool { position < steps.count }

  /// Records a new step, dropping what could have been redone.
  mutating func record(_ step: Step) {
    steps.removeSubrange(position...)
    serials.removeSubrange(position...)
    steps.append(step)
    serials.append(nextSerial)
    nextSerial += 1
    position += 1
  }

  /// Adds `edits` (undone by `inverses`, applied first) to the last applied step, which becomes a new
  /// state: what a drop into a board's complete lane does to the card it moved, in the same step.
  mutating func amendLast(edits: [Edit], inverses: [Edit]) {
    guard position > 0, position == steps.count else { return }
    steps[position - 1].edits += edits
    steps[position - 1].inverses = inverses + steps[position - 1].inverses
    serials[position - 1] = nextSerial
    nextSerial += 1
  }

  /// The step to undo, stepping back; nil when there is none.
  mutating func undo() -> Step? {
    guard canUndo else { return nil }
    position -= 1
    return steps[position]
  }

  /// The step to redo, stepping forward; nil when there is none.
  mutating func redo() -> Step? {
    guard canRedo else { return nil }
    position += 1
    return steps[position - 1]
  }
}
