import Runtime
import Document
import Canvas
import TerminalInput
import GridLayout
import TileModel

@testable import Editor
@testable import Reorder

/// No flip-flop (docs/reordering.md) for mouse drags of a tile, a block or a section, watched across events:
///
/// - **Still pointer**: once a target selection has happened with the pointer on a cell (a motion to
///   it, or an auto-scroll step), further motions to the same cell, a release there, and waits that
///   do not auto-scroll never move the tile again. (A resize moves the content under the pointer, so
///   it ends the watch until the next motion.)
/// - **No flip-flop**: two consecutive moves of a drag never undo each other (`A -> B` then `B -> A`, of
///   a tile, a block's run or a section)
///   unless the drag's direction reversed on some axis between them, or a resize re-flowed the layout.
///   docs/reordering.md asks for a reversal "on that axis"; this checks the weaker "on some axis", which never
///   blames a legitimate move back.
struct PropertyDragWatch {
  /// Where the pointer rests after a selection there, while a mouse drag goes on.
  var restingAt: Point?
  var lastMove: (from: ItemPath, to: ItemPath)?
  /// The drag's effective direction (left?, up?) after the last event, nil before the first.
  var heading: (left: Bool, up: Bool)?
  var reversedSinceLastMove = false
  var resizedSinceLastMove = false

  mutating func reset() {
    self = PropertyDragWatch()
  }

  static func isMouseDrag(_ state: EditorState) -> Bool {
    state.reorder.gesture.session?.source == .mouse
  }

  /// A move of any kind as two places (a section's index as place `S.0`).
  static func move(_ trace: PropertyTrace) -> (ItemPath, ItemPath)? {
    switch trace {
    case .move(let a, let b), .moveBlock(let a, let b): return (a, b)
    case .moveSection(let a, let b): return (ItemPath(a, 0), ItemPath(b, 0))
    default: return nil
    }
  }

  /// The pointer cell of a motion or a release.
  static func pointerCell(_ event: ScriptEvent) -> Point? {
    guard case .input(.mouse(let m)) = event else { return nil }
    switch m.action {
    case .motion, .release(.left): return Point(x: m.x, y: m.y)
    default: return nil
    }
  }

  /// `inputStart`: where the input's own happenings begin in `traces`, after the timers that fired first.
  mutating func check(
    before: EditorState, event: ScriptEvent, traces: [PropertyTrace], inputStart: Int, after: EditorState,
    flipFlop: Bool
  ) throws(PropertyFailure) {
    let lifted = traces.contains {
      switch $0 {
      case .lift, .liftBlock, .liftSection: return true
      default: return false
      }
    }
    if lifted { reset() }
    let wasDragging = Self.isMouseDrag(before) && !lifted
    let isDragging = Self.isMouseDrag(after)
    guard wasDragging || isDragging else {
      reset()
      return
    }
    // Still pointer: no move before the content scrolls.
    if wasDragging, let rest = restingAt {
      let still: Bool
      if case .wait = event { still = true } else { still = Self.pointerCell(event) == rest }
      if still {
        let firstScroll = traces.firstIndex(where: \.isScroll) ?? traces.count
        for trace in traces[..<firstScroll] {
          if let (a, b) = Self.move(trace) {
            throw PropertyFailure(
              kind: "still-pointer",
              message: "the pointer stayed on \(rest) (\(PropertyFormat.line(event))) and the tile moved again: \(a) -> \(b)")
          }
        }
      }
    }

    // Direction after the event; a release ends the drag, so its motion is replayed on a copy.
    func dragDirection(_ state: EditorState) -> DragDirection? {
      state.reorder.gesture.session?.direction
    }
    var direction = dragDirection(after)
    if !isDragging, let cell = Self.pointerCell(event) {
      var fork = before
      _ = fork.update(.input(.mouse(MouseEvent(.motion, x: cell.x, y: cell.y))), at: fork.now)
      direction = dragDirection(fork)
    }
    // Timers due by the event's time fire before the input is handled: auto-scroll steps (a scroll,
    // then maybe a move) still go the old way; the input's own change of direction and its move come
    // after them. (In a wait only timers fire, and they keep the direction.)
    for index in 0...traces.count {
      if index == inputStart {
        if let direction {
          let now = (left: direction.isLeft, up: direction.isUp)
          if let heading, heading != now { reversedSinceLastMove = true }
          heading = now
        }
        if case .input(.resize) = event { resizedSinceLastMove = true }
      }
      guard index < traces.count, let (a, b) = Self.move(traces[index]) else { continue }
      if flipFlop, let last = lastMove, last.from == b, last.to == a, !reversedSinceLastMove, !resizedSinceLastMove {
        throw PropertyFailure(
          kind: "flip-flop",
          message: "move \(a) -> \(b) undoes the previous move \(last.from) -> \(last.to) without a reversal of the drag")
      }
      lastMove = (a, b)
      reversedSinceLastMove = false
      resizedSinceLastMove = false
    }

    // Where the pointer now rests.
    guard isDragging else {
      reset()
      return
    }
    switch event {
    case .input(.mouse(let m)) where m.action == .motion:
      restingAt = Point(x: m.x, y: m.y)
    case .wait:
      if traces.contains(where: \.isScroll) {
        restingAt = after.reorder.gesture.session?.pointer
      }
    case .input(.resize):
      restingAt = nil
    default:
      break  // presses, wheels and keys other than Esc do nothing during a mouse drag
    }
  }
}
