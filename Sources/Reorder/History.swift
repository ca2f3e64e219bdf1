import TileModel

/// One tile moved from `from` to `to` (remove + insert). Composite drags collapse into one step,
/// because moving one tile several times leaves the others in their relative order: the whole drag
/// equals one move from where it was lifted to where it was dropped.
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

/// One undoable step: a tile, a block of tiles, or a section moved. Each has an exact inverse, because
/// each keeps everything it does not move in order:
///
///     tile     A: a b c      0.0 -> 0.2          A: b c a      inverse 0.2 -> 0.0
///     block    A: a b c d    0.0 0.2 -> 0.2 0.3  A: b d a c    inverse 0.2 0.3 -> 0.0 0.2
///     section  A B C         0 -> 2              B C A         inverse 2 -> 0
///
/// A whole drag is one step however many moves it made: a block's step goes from where its tiles were
/// before they gathered to where the run was dropped.
public enum HistoryStep: Equatable, Hashable, Sendable {
  /// One tile moved.
  case tile(MoveStep)
  /// Several tiles moved at once: taken out at their places, put back at others.
  case block(BlockMove)
  /// A section moved with its tiles.
  case section(SectionMove)

  /// The step that undoes this one exactly.
  public var inverse: HistoryStep {
    switch self {
    case .tile(let step): return .tile(step.inverse)
    case .block(let move): return .block(move.inverse)
    case .section(let move): return .section(move.inverse)
    }
  }
}

/// Undo and redo (docs/reordering.md, "Undo and redo"): each completed drag or keyboard move is one
/// step. Steps store places, not arrangements: O(1) per tile or section step whatever the tile count,
/// O(k) for a block of k tiles.
public struct History: Equatable, Hashable, Sendable {
  /// Every recorded step, oldest first; those from `position` on can be redone.
  public private(set) var steps: [HistoryStep] = []
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
  public mutating func record(_ step: HistoryStep) {
    steps.removeSubrange(position...)
    serials.removeSubrange(position...)
    steps.append(step)
    serials.append(nextSerial)
    nextSerial += 1
    position += 1
  }

  /// The step that undoes the last one, and steps back.
  public mutating func undo() -> HistoryStep? {
    guard canUndo else { return nil }
    position -= 1
    return steps[position].inverse
  }

  /// The step that redoes the next one, and steps forward.
  public mutating func redo() -> HistoryStep? {
    guard canRedo else { return nil }
    position += 1
    return steps[position - 1]
  }
}
