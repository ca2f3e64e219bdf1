import Document
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
  /// The terminal lost focus (or the screen became too small for the grid): a drag in progress is
  /// cancelled, and a press in progress fails.
  case focusLost
  /// Focus this tile or header and scroll it into view (a find jumps to a match; undo shows what it
  /// changed); ignored during a drag.
  case focus(Focus)
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
  /// Mark or unmark the focused tile (`x`).
  case toggleMark
  /// Shift with an arrow: mark the focused tile, move the focus that way, and mark the tile it lands
  /// on, extending the marks as a file manager does.
  indirect case marking(ReorderKey)
}

/// What has the keyboard focus: a tile, a section's header, or nothing (an arrangement without tiles).
public enum Focus: Equatable, Hashable, Sendable {
  case tile(ItemPath)
  case header(Int)
  case none

  /// The focused tile, if a tile has the focus.
  public var tile: ItemPath? {
    if case .tile(let path) = self { return path }
    return nil
  }

  /// The section whose header has the focus, if one has.
  public var header: Int? {
    if case .header(let s) = self { return s }
    return nil
  }

  /// The section of the focused tile or header.
  public var section: Int? { tile?.section ?? header }
}

/// Why a keyboard step or a mark did nothing.
public enum BlockReason: Equatable, Hashable, Sendable {
  /// An arrow key found no tile in that direction.
  case noTileThatWay
  /// The lifted tile is at the arrangement's edge in that direction.
  case atEdge
  /// Tab: there is no later section.
  case noSectionAfter
  /// Shift-Tab: there is no earlier section.
  case noSectionBefore
  /// `x` or a modifier click with no tile to mark (a header has the focus, or the click missed).
  case nothingToMark
  /// The lifted section is already first or last.
  case sectionAtEdge
  /// A typed move named the place the tiles already have.
  case alreadyThere
}

/// What a happening is about, and where it is (after the happening, unless said otherwise).
public enum Subject: Equatable, Hashable, Sendable {
  /// One tile.
  case tile(ItemPath)
  /// A block: `count` marked tiles in one run starting at the path.
  case block(ItemPath, count: Int)
  /// A section.
  case section(Int)
}

/// What the gesture recognizer did, for the trace, the status line and the tests: a verb and its subject.
/// `handle(_:at:in:)` returns them in order. They are the gesture's alone: the editor wraps them in its
/// own happenings, beside those of its own keys (edits, merges, undo, redo).
public enum Happening: Equatable, Hashable, Sendable {
  /// A tile, a block or a section lifted (a long press, or Space): a drag began. For a block,
  /// `grabbed` is where the lifted tile was before the others gathered around it.
  case lifted(Subject, grabbed: ItemPath? = nil)
  /// The lifted subject moved (remove + insert) from one place to the other.
  case moved(Subject, to: Subject)
  /// The drag ended with the subject here; `moved` when that is not where it was lifted.
  case dropped(Subject, moved: Bool)
  /// A drag was cancelled and the subject is back here.
  case cancelled(Subject)
  /// A policy refused: lifting, moving the lifted subject to this place, or marking.
  case refused(Subject, EditError)
  /// A typed move (`m`) made this move, one undo step, no drag.
  case placed(Edit)
  /// A typed move to this place was refused (a policy, or no such place); nothing moved.
  case placeRefused(ItemPath, EditError)
  /// The content scrolled by this many cells along the scrolling axis.
  case scrolled(Int)
  /// Lanes: this lane scrolled on its own by this many cards (down when positive).
  case laneScrolled(Int, by: Int)
  /// The keyboard focus moved.
  case focused(Focus)
  /// The tile at the path was marked.
  case marked(ItemPath)
  /// The tile at the path was unmarked.
  case unmarked(ItemPath)
  /// Esc with nothing lifted unmarked this many tiles.
  case marksCleared(Int)
  /// A long press (or Space) found no tile to lift.
  case nothingToLift
  /// A keyboard move or focus step had nowhere to go, or there was nothing to mark.
  case blocked(BlockReason)
}
