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
  /// seed's flip-flop when the pointer moves along one axis only.
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

/// A lifted tile, from `began` to `ended` or `cancelled`: `ReorderState.gesture` holds it while a drag
/// lasts. A view draws the placeholder at `current` and the floating tile at `floatingOrigin`.
public struct DragSession: Equatable, Hashable, Sendable {
  /// How the tile was lifted.
  public var source: DragSource
  /// The tile's slot when it was lifted; cancel returns it there.
  public var origin: ItemPath
  /// The tile's slot now (its placeholder).
  public var current: ItemPath
  /// Pointer minus the tile's origin at lift, in content coordinates (docs/reordering.md, "The grab
  /// offset"): the grabbed point stays under the pointer.
  public var grabOffset: Point
  /// The floating tile's origin `o` in content coordinates.
  public var floatingOrigin: Point
  /// The pointer, in screen cells.
  public var pointer: Point
  /// The drag's direction so far, which target selection follows.
  public var direction: DragDirection
  /// The destination a policy refused at the last target selection, shown as "forbidden".
  public var refusal: Refusal?
  /// Auto-scroll: when the running scroll last stepped (or started); nil while not scrolling.
  public var scrollAnchor: Int?
  /// The slot the tile left at its last move, and the drag's direction then: the tile goes back there
  /// only after the drag reverses (docs/reordering.md, "No flip-flop").
  public var lastMove: LastMove?

  /// The slot a move left, and the drag's direction when it did.
  public struct LastMove: Equatable, Hashable, Sendable {
    /// The slot the tile left.
    public var left: ItemPath
    /// The drag's direction at that move.
    public var direction: DragDirection
  }

  /// A destination a policy refused, shown as "forbidden" while the tile is over its section.
  public struct Refusal: Equatable, Hashable, Sendable {
    /// The place the tile would have gone.
    public var destination: ItemPath
    /// Why it may not.
    public var reason: MoveError
  }
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
  /// A tile is lifted, by the mouse or the keyboard.
  case dragging(DragSession)

  /// The drag session while dragging, else `nil`.
  public var session: DragSession? {
    if case .dragging(let session) = self { return session }
    return nil
  }
}
