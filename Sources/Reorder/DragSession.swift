import Document
import GridLayout
import TileModel

/// The sign of the last nonzero movement on each axis (docs/reordering.md, "Direction"). `nil` until the
/// axis has moved: for choosing probes it counts as right / down (as in the UIKit original the rules come
/// from, where an unchanged coordinate is neither up nor left), for auto-scroll it means "not moving
/// toward an edge".
public struct DragDirection: Equatable, Hashable, Sendable {
  /// -1 for the last horizontal movement to the left, +1 to the right, `nil` before any.
  public var horizontal: Int?
  /// -1 for the last vertical movement up, +1 down, `nil` before any.
  public var vertical: Int?

  /// A direction with the given signs (`nil`: that axis has not moved).
  public init(horizontal: Int? = nil, vertical: Int? = nil) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// Notes a movement; an axis that did not move keeps its direction, which is what removes the
  /// flip-flop a naive rule has when the pointer moves along one axis only (an unchanged coordinate
  /// taken as "down" would probe the other side on every sideways motion).
  public mutating func note(_ delta: Point) {
    if delta.x != 0 { horizontal = delta.x < 0 ? -1 : 1 }
    if delta.y != 0 { vertical = delta.y < 0 ? -1 : 1 }
  }

  /// Whether the last horizontal movement went left.
  public var isLeft: Bool { horizontal == -1 }
  /// Whether the last vertical movement went up.
  public var isUp: Bool { vertical == -1 }
}

/// How the tile was lifted: by a long press of the mouse, or from the keyboard.
public enum DragSource: Equatable, Hashable, Sendable {
  /// A long press; the tile follows the pointer.
  case mouse
  /// Space or Enter on the focused tile; the arrows carry it.
  case keyboard
}

/// Something lifted, from `began` to `ended` or `cancelled`: `ReorderState.gesture` holds it while a drag
/// lasts. One shape for a tile, a block and a section: what is lifted (`lifted`) and how the drag goes
/// (pointer, floating origin, direction, auto-scroll), which all three share. A view draws the
/// placeholder where the lifted subject is now and the floating tile or header at `floatingOrigin`.
public struct DragSession: Equatable, Hashable, Sendable {
  /// What is lifted.
  public enum Lifted: Equatable, Hashable, Sendable {
    /// A tile, alone or with the other marked tiles as a block.
    case tiles(TileDrag)
    /// A section with its tiles.
    case section(SectionDrag)
  }

  /// How it was lifted.
  public internal(set) var source: DragSource
  /// What is lifted, and where it is.
  public internal(set) var lifted: Lifted
  /// Pointer minus the lifted thing's origin at lift, in content coordinates (docs/reordering.md, "The
  /// grab offset"): the grabbed point stays under the pointer.
  var grabOffset: Point
  /// The floating tile's (or header's) origin in content coordinates.
  public internal(set) var floatingOrigin: Point
  /// The pointer, in screen cells.
  public internal(set) var pointer: Point
  /// The drag's direction so far, which target selection follows.
  var direction: DragDirection
  /// Auto-scroll: when the running scroll last stepped (or started); nil while not scrolling.
  var scrollAnchor: Int?

  /// The tile drag, when a tile or a block is lifted.
  public var tiles: TileDrag? {
    if case .tiles(let drag) = lifted { return drag }
    return nil
  }

  /// The section drag, when a section is lifted.
  public var section: SectionDrag? {
    if case .section(let drag) = lifted { return drag }
    return nil
  }

  /// What is lifted and where it is now: the tile, the block's run, or the section.
  public var subject: Subject {
    switch lifted {
    case .tiles(let drag):
      guard let block = drag.block else { return .tile(drag.current) }
      return .block(block.start, count: block.count)
    case .section(let drag):
      return .section(drag.current)
    }
  }

  /// Whether the last target a policy refused is shown as "forbidden".
  public var isForbidden: Bool { tiles?.refusal != nil }
}

/// A lifted tile, or the marked tiles lifted as a block: where they were, where they are, and what the
/// target selection remembers between motions.
public struct TileDrag: Equatable, Hashable, Sendable {
  /// The tile's slot when it was lifted; cancel returns it there.
  public internal(set) var origin: ItemPath
  /// The lifted tile's slot now (its placeholder).
  public internal(set) var current: ItemPath
  /// The destination a policy refused at the last target selection, shown as "forbidden".
  public internal(set) var refusal: ForbiddenDrop?
  /// The slot the tile left at its last move, and the drag's direction then: the tile goes back there
  /// only after the drag reverses (docs/reordering.md, "No flip-flop"). For a block, the place its run
  /// started at.
  var lastMove: LastMove?
  /// The other marked tiles travelling with the lifted one, or nil when it travels alone.
  public internal(set) var block: BlockDrag?

  /// The lifted tiles as they lie now: one run (a single tile is a run of one).
  public var run: LiftedRun {
    guard let block else { return LiftedRun(start: current, count: 1, lead: 0) }
    return LiftedRun(start: block.start, count: block.count, lead: block.lead)
  }

  /// The slot a move left, and the drag's direction when it did.
  struct LastMove: Equatable, Hashable, Sendable {
    /// The slot the tile left (for a block, where its run started).
    var left: ItemPath
    /// The drag's direction at that move.
    var direction: DragDirection
  }

  /// A destination a policy refused, shown as "forbidden" while the tile is over its section.
  public struct ForbiddenDrop: Equatable, Hashable, Sendable {
    /// The place the tile would have gone.
    public var destination: ItemPath
    /// Why it may not.
    public var reason: EditError
  }
}

/// A lifted section: the floating header moves along the scrolling axis only (a header spans the
/// content across it), and the section moves when the header crosses into another section in the
/// direction of the drag.
public struct SectionDrag: Equatable, Hashable, Sendable {
  /// The section's index when it was lifted; cancel returns it there.
  public internal(set) var origin: Int
  /// The section's index now.
  public internal(set) var current: Int
}

/// A block: the marked tiles lifted together. At the lift they gather into one run around the lifted
/// tile (in reading order, the lifted one `lead` places in); the run moves as one, and is dropped, or put
/// back exactly where its tiles were (`origins`) by a cancel.
///
///     marked a c e, c lifted       A: a b [c] d e   ->   A: b [a C e] d      (run 0.1...0.3, lead 1)
public struct BlockDrag: Equatable, Hashable, Sendable {
  /// Where the block's tiles were when it was lifted, in reading order.
  public var origins: [ItemPath]
  /// The lifted tile's index in the block.
  public var lead: Int
  /// Where the run starts now: its tiles are `start.item ..< start.item + count` of `start.section`.
  public var start: ItemPath

  /// How many tiles travel.
  public var count: Int { origins.count }
}

/// Where lifted tiles lie: `count` tiles from `start` in one section, the lifted tile `lead` places in.
public struct LiftedRun: Equatable, Hashable, Sendable {
  /// The run's first place.
  public var start: ItemPath
  /// How many tiles the run holds.
  public var count: Int
  /// The lifted tile's index in the run.
  public var lead: Int

  /// The run of `count` tiles from `start`, the lifted one `lead` places in.
  public init(start: ItemPath, count: Int, lead: Int) {
    self.start = start
    self.count = count
    self.lead = lead
  }

  /// The lifted tile's place.
  public var current: ItemPath { ItemPath(start.section, start.item + lead) }

  /// The run's last place.
  public var end: ItemPath { ItemPath(start.section, start.item + count - 1) }

  /// Whether the tile at `path` is one of the run's.
  public func contains(_ path: ItemPath) -> Bool {
    path.section == start.section && path.item >= start.item && path.item < start.item + count
  }

  /// The run's places.
  public var places: [ItemPath] { (0..<count).map { ItemPath(start.section, start.item + $0) } }
}

/// The long-press recognizer and drag state machine (UILongPressGestureRecognizer's possible -> began
/// -> changed -> ended | cancelled).
public enum GestureState: Equatable, Hashable, Sendable {
  /// No button down and nothing lifted.
  case idle
  /// Button 1 went down at `point` (screen) at time `since` and the pointer is now at `pointer`; it
  /// becomes a drag at `since + minimumPressDuration` unless it moves away first.
  case pressing(point: Point, pointer: Point, since: Int)
  /// The press moved away or found nothing to lift: nothing happens until the button is released.
  case failed
  /// A tile, a block or a section is lifted, by the mouse or the keyboard.
  case dragging(DragSession)

  /// The drag in progress, if any.
  public var session: DragSession? {
    if case .dragging(let session) = self { return session }
    return nil
  }

  /// Something is lifted: a tile, a block or a section. Saving and quitting wait until it is dropped.
  public var isDragging: Bool { session != nil }
}
