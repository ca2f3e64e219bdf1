import TileModel

/// One undoable step: a tile moved from `from` to `to` (remove + insert). Composite drags collapse into
/// one step, because moving one tile several times leaves the others in their relative order: the
/// whole drag equals one move from where it was lifted to where it was dropped.
public struct MoveStep: Equatable, Hashable, Sendable {
  /// Where the tile was.
  public var from: ItemPath
  /// Where it went: an index after the removal, as `Arrangement.move(from:to:)` takes it.
  public var to: ItemPath

  /// The step moving the tile at `from` to `to`.
  public init(from: ItemPath, to: ItemPath) {
    self.from = from
    self.to = to
  }

  /// The step that takes it back: `to` to `from`.
  public var inverse: MoveStep { MoveStep(from: to, to: from) }
}

/// Undo and redo (docs/reordering.md, "Undo and redo"): each completed drag or keyboard move is one
/// step. Steps store two paths, not arrangements, so history costs O(1) per step whatever the tile
/// count.
public struct History: Equatable, Hashable, Sendable {
  /// Every recorded step, oldest first; those from `position` on can be redone.
  public private(set) var steps: [MoveStep] = []
  /// How many steps are applied; steps after it can be redone.
  public private(set) var position = 0
  /// A serial number per recorded step, so that a state is identified even after undo + new step.
  private var serials: [Int] = []
  private var nextSerial = 1

  /// An empty history.
  public init() {}

  /// Identifies the arrangement the applied steps lead to: equal ids mean equal arrangements, so an
  /// editor compares it with the id it saved to know whether there are unsaved changes.
  public var stateID: Int { position == 0 ? 0 : serials[position - 1] }

  /// Whether there is a step to undo.
  public var canUndo: Bool { position > 0 }
  /// Whether there is an undone step to redo.
  public var canRedo: Bool { position < steps.count }

  /// Records a new step, dropping what could have been redone.
  public mutating func record(_ step: MoveStep) {
    steps.removeSubrange(position...)
    serials.removeSubrange(position...)
    steps.append(step)
    serials.append(nextSerial)
    nextSerial += 1
    position += 1
  }

  /// The move that undoes the last step, and steps back.
  public mutating func undo() -> MoveStep? {
    guard canUndo else { return nil }
    position -= 1
    return steps[position].inverse
  }

  /// The move that redoes the next step, and steps forward.
  public mutating func redo() -> MoveStep? {
    guard canRedo else { return nil }
    position += 1
    return steps[position - 1]
  }
}
