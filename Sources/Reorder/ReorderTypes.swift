import GridLayout
import TileModel

/// The tunable numbers of the reorder interaction. Times are milliseconds, distances cells.
public struct ReorderConfig: Equatable, Hashable, Sendable {
  /// How long button 1 must stay down before the tile lifts, in milliseconds (UILongPressGestureRecognizer's
  /// minimumPressDuration; 300, as in the UIKit posts TileGrid's rules come from).
  public var minimumPressDuration: Int
  /// How far (cells, per axis) the pointer may wander during the press.
  public var pressTolerance: Int
  /// Cells per mouse wheel notch.
  public var wheelStep: Int
  /// The auto-scroll edge band in the vertical direction: rows at the viewport's top and bottom.
  public var verticalBand: Int
  /// The auto-scroll edge band in the horizontal direction: columns at the viewport's left and right.
  public var horizontalBand: Int
  /// Auto-scroll speed at the band's inner edge, in cells per second.
  public var slowestScroll: Double
  /// Auto-scroll speed at the screen's edge (beyond the viewport), in cells per second.
  public var fastestScroll: Double

  /// A configuration; each value defaults to TileGrid's (docs/reordering.md).
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

/// Input to the reorder engine, already decoded: pointer positions are screen cells (the viewport's
/// `frame` says where the content is on the screen).
public enum ReorderInput: Equatable, Hashable, Sendable {
  /// Button 1 went down at this cell: a long press begins.
  case press(Point)
  /// The pointer moved to this cell (with the button down, a drag).
  case motion(Point)
  /// Button 1 came up at this cell: a short click focuses, a drag drops.
  case release(Point)
  /// One wheel notch: -1 toward the start (up / left), +1 toward the end.
  case wheel(Int, at: Point)
  /// A key, already mapped to its command.
  case key(ReorderKey)
  /// The screen changed size; `viewport` is where the content now sits on it.
  case resize(screen: Size, viewport: Rect)
  /// The terminal lost focus: a drag in progress is cancelled.
  case focusLost
  /// Focus this tile and scroll it into view (a find jumps to a match); ignored during a drag.
  case focus(ItemPath)
  /// Focus a section's header and scroll it into view (a find cancelled from a header goes back to
  /// it); ignored during a drag.
  case focusSection(Int)
  /// Move the marked tiles, or else the focused tile, to a place written as people write it (the
  /// section's count is its end): the editor's typed move (`m`). Ignored during a drag.
  case moveTyped(to: ItemPath)
  /// A click with a modifier key held (Ctrl, Alt or Shift, as the terminal reports them): marks or
  /// unmarks the tile under the point. It never starts a long press.
  case markClick(Point)
  /// Only time passes (timers fire).
  case tick
}

/// The keyboard commands the engine understands; the editor maps keys to them.
///
/// Idle, the arrows move the focus; with a tile, a block or a section lifted from the keyboard they carry
/// it (docs/reordering.md, "The keyboard"). In the horizontal direction the arrows turn with the layout.
public enum ReorderKey: Equatable, Hashable, Sendable {
  /// An arrow: the focus or the lifted tile one step that way.
  case left, right, up, down
  /// Scrolling: a page less one cell back or forward, or to the start or end of the content.
  case pageUp, pageDown, home, end
  /// The focus to the next or previous section's header, in reading order (Tab, Shift-Tab).
  case nextSection, previousSection
  /// Space or Enter: lift the focused tile (with the other marked tiles when it is marked) or the
  /// focused header's section, or drop what was lifted from the keyboard.
  case liftOrDrop
  /// Esc: cancel a drag, putting everything back where it was before the lift; with nothing lifted,
  /// unmark every marked tile.
  case cancel
  /// Undo or redo one step (a whole drag is one step).
  case undo, redo
  /// Mark or unmark the focused tile (`x`).
  case toggleMark
}

/// Why a keyboard step, undo or redo did nothing.
public enum BlockReason: Equatable, Hashable, Sendable {
  /// An arrow key found no tile in that direction.
  case noTileThatWay
  /// The lifted tile is at the arrangement's edge in that direction.
  case atEdge
  /// Tab: there is no later section.
  case noSectionAfter
  /// Shift-Tab: there is no earlier section.
  case noSectionBefore
  /// Undo with nothing done.
  case nothingToUndo
  /// Redo with nothing undone.
  case nothingToRedo
  /// `x` or a modifier click with no tile to mark (a header has the focus, or the click missed).
  case nothingToMark
  /// The lifted section is already first or last.
  case sectionAtEdge
  /// A typed move named the place the tiles already have.
  case alreadyThere
}

/// What happened, for the trace, the status line and the tests: `handle(_:at:)` returns them in order.
/// Paths are where the tile is after the happening.
public enum Happening: Equatable, Hashable, Sendable {
  /// A tile lifted (the long press fired, or Space): a drag began.
  case lifted(ItemPath)
  /// The lifted tile moved (remove + insert) from one place to the other.
  case moved(from: ItemPath, to: ItemPath)
  /// A policy refused: lifting the tile at the path, or moving the lifted tile to the path.
  case refused(ItemPath, EditError)
  /// The drag ended with the tile at the path; `moved` when that is not where it was lifted.
  case dropped(ItemPath, moved: Bool)
  /// A drag was cancelled and the tile is back at the path.
  case cancelled(ItemPath)
  /// The content scrolled by this many cells along the scrolling axis.
  case scrolled(Int)
  /// Undo applied this step (the inverse of the step undone).
  case undone(HistoryStep)
  /// Redo applied this step.
  case redone(HistoryStep)
  /// The keyboard focus moved to the tile at the path.
  case focused(ItemPath)
  /// The tile at the path was marked.
  case marked(ItemPath)
  /// The tile at the path was unmarked.
  case unmarked(ItemPath)
  /// Esc with nothing lifted unmarked this many tiles.
  case marksCleared(Int)
  /// A marked tile was lifted with the other marked tiles: `count` tiles in all, the lifted one at
  /// `lead` before they gathered into one run starting at `run`.
  case liftedBlock(lead: ItemPath, count: Int, run: ItemPath)
  /// The lifted block's run moved from starting at `from` to starting at `to`.
  case movedBlock(from: ItemPath, to: ItemPath, count: Int)
  /// The lifted block was dropped; its run starts at the path.
  case droppedBlock(ItemPath, count: Int, moved: Bool)
  /// A section header has the keyboard focus.
  case focusedSection(Int)
  /// A section lifted (a long press on its header, or Space on a focused one): a section drag began.
  case liftedSection(Int)
  /// The lifted section moved (remove + insert) from one index to the other.
  case movedSection(from: Int, to: Int)
  /// A policy refused to lift a section (a locked one keeps its place).
  case refusedSection(Int, EditError)
  /// The section drag ended with the section at the index; `moved` when that is not where it was.
  case droppedSection(Int, moved: Bool)
  /// A section drag was cancelled and the section is back at its index.
  case cancelledSection(Int)
  /// A typed move (`moveTyped`) placed the focused tile, or the marked tiles, with this step (one
  /// undo step; no drag).
  case placed(HistoryStep)
  /// A typed move to this place was refused (a policy, or no such place); nothing moved.
  case placeRefused(ItemPath, EditError)
  /// A long press (or Space) found no tile to lift.
  case nothingToLift
  /// A keyboard move or focus step had nowhere to go, or undo/redo had nothing to do.
  case blocked(BlockReason)
}
