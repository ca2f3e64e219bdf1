import GridLayout
import TileModel

/// The tunable numbers of the reorder interaction.
public struct ReorderConfig: Equatable, Hashable, Sendable {
  /// How long button 1 must stay down before the tile lifts (UILongPressGestureRecognizer's
  /// minimumPressDuration; 0.3 s, as in the UIKit posts TileGrid's rules come from).
  public var minimumPressDuration: Int
  /// How far (cells, per axis) the pointer may wander during the press.
  public var pressTolerance: Int
  /// Cells per mouse wheel notch.
  public var wheelStep: Int
  /// Auto-scroll edge bands: rows (vertical direction) and columns (horizontal).
  public var verticalBand: Int
  public var horizontalBand: Int
  /// Auto-scroll speed, cells per second, at the band's inner edge and at the screen's edge.
  public var slowestScroll: Double
  public var fastestScroll: Double

  public init(
    minimumPressDuration: Int = 300, pressTolerance: Int = 1, wheelStep: Int = 3, verticalBand: Int = 2,
    horizontalBand: Int = 4, slowestScroll: Double = 4, fastestScroll: Double = 30
  ) {
    self.minimumPressDuration = minimumPressDuration
    self.pressTolerance = pressTolerance
    self.wheelStep = wheelStep
    self.verticalBand = verticalBand
    self.horizontalBand = horizontalBand
    self.slowestScroll = slowestScroll
    self.fastestScroll = fastestScroll
  }
}

/// Input to the reorder engine, already decoded: pointer positions are screen cells.
public enum ReorderInput: Equatable, Hashable, Sendable {
  case press(Point)
  case motion(Point)
  case release(Point)
  /// One wheel notch: -1 toward the start (up / left), +1 toward the end.
  case wheel(Int, at: Point)
  case key(ReorderKey)
  /// The screen changed size; `viewport` is where the content now sits on it.
  case resize(screen: Size, viewport: Rect)
  /// The terminal lost focus: a drag in progress is cancelled.
  case focusLost
  /// Focus this tile and scroll it into view (a find jumps to a match); ignored during a drag.
  case focus(ItemPath)
  /// Only time passes (timers fire).
  case tick
}

/// The keyboard commands the engine understands; the editor maps keys to them.
public enum ReorderKey: Equatable, Hashable, Sendable {
  case left, right, up, down
  case pageUp, pageDown, home, end
  case nextSection, previousSection
  case liftOrDrop
  case cancel
  case undo, redo
}

/// Why a keyboard step, undo or redo did nothing.
public enum BlockReason: Equatable, Hashable, Sendable {
  /// An arrow key found no tile in that direction.
  case noTileThatWay
  /// The lifted tile is at the arrangement's edge in that direction.
  case atEdge
  case noSectionAfter
  case noSectionBefore
  case nothingToUndo
  case nothingToRedo
}

/// What happened, for the trace, the status line and the tests.
public enum Happening: Equatable, Hashable, Sendable {
  case lifted(ItemPath)
  case moved(from: ItemPath, to: ItemPath)
  /// A policy refused: lifting the tile at the path, or moving the lifted tile to the path.
  case refused(ItemPath, MoveError)
  case dropped(ItemPath, moved: Bool)
  /// A drag was cancelled and the tile is back at the path.
  case cancelled(ItemPath)
  /// The content scrolled by this many cells along the scrolling axis.
  case scrolled(Int)
  case undone(MoveStep)
  case redone(MoveStep)
  case focused(ItemPath)
  /// A long press (or Space) found no tile to lift.
  case nothingToLift
  /// A keyboard move or focus step had nowhere to go, or undo/redo had nothing to do.
  case blocked(BlockReason)
}
