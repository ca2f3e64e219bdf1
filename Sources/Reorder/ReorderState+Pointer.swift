import GridLayout
import TileModel

// MARK: - Long press, drag, drop and cancel (UILongPressGestureRecognizer: possible -> began ->
// changed… -> ended | cancelled)

extension ReorderState {
  mutating func press(at point: Point) {
    switch gesture {
    case .dragging:
      return  // a drag is in progress: other gestures are ignored
    case .idle, .pressing, .failed:
      gesture = .pressing(point: point, pointer: point, since: now)
    }
  }

  mutating func motion(to point: Point) {
    switch gesture {
    case .pressing(let start, _, let since):
      if abs(point.x - start.x) > config.pressTolerance || abs(point.y - start.y) > config.pressTolerance {
        gesture = .failed
      } else {
        gesture = .pressing(point: start, pointer: point, since: since)
      }
    case .dragging(var session) where session.source == .mouse:
      let origin = contentPoint(point) - session.grabOffset
      // A pointer that stays still never moves the tile again, even when the content has shifted
      // under it since the last move.
      guard origin != session.floatingOrigin else { return }
      session.pointer = point
      moveFloatingOrigin(&session, to: origin)
      gesture = .dragging(session)
      evaluateTarget()
      updateAutoScroll()
    case .idle, .failed, .dragging:
      break
    }
  }

  mutating func release(at point: Point) {
    switch gesture {
    case .pressing(let start, _, _):
      // A short click focuses the tile.
      gesture = .idle
      if viewport.frame.contains(start), let path = layout.item(at: contentPoint(start)) {
        setFocus(path)
      }
    case .dragging(let session) where session.source == .mouse:
      motion(to: point)
      drop()
    case .failed:
      gesture = .idle
    case .idle, .dragging:
      break
    }
  }

  /// The press has lasted `minimumPressDuration`: lift the tile under it, or fail saying why.
  mutating func lift(pressedAt point: Point, pointer: Point) {
    let content = contentPoint(point)
    guard viewport.frame.contains(point), let path = layout.item(at: content) else {
      gesture = .failed
      happenings.append(.nothingToLift)
      return
    }
    if let refusal = arrangement.checkLift(path) {
      gesture = .failed
      happenings.append(.refused(path, refusal))
      return
    }
    // The grab offset is taken where the pointer is when the tile lifts (UIKit's `.began`), so the
    // tile does not jump by the cell the pointer may have wandered during the press.
    let frame = layout.frame(of: path)
    let grab = contentPoint(pointer) - frame.origin
    gesture = .dragging(
      DragSession(
        source: .mouse, origin: path, current: path, grabOffset: grab, floatingOrigin: frame.origin,
        pointer: pointer, direction: DragDirection(), refusal: nil, scrollAnchor: nil))
    focus = path
    happenings.append(.lifted(path))
  }

  func moveFloatingOrigin(_ session: inout DragSession, to origin: Point) {
    session.direction.note(origin - session.floatingOrigin)
    session.floatingOrigin = origin
  }

  /// One target selection, at most one move: `selectTarget` decides, this carries it out.
  mutating func evaluateTarget() {
    guard var session = gesture.session else { return }
    switch selectTarget(layout: layout, arrangement: arrangement, session: session) {
    case .stay:
      break
    case .leaveForbidden:
      session.refusal = nil
    case .move(let destination):
      let shift = apply(
        MoveStep(from: session.current, to: destination), .moved(from: session.current, to: destination))
      // The content got shorter and scrolled back under the still pointer: the floating tile, which
      // stays under the pointer, moved in content coordinates.
      if shift != 0 { moveFloatingOrigin(&session, to: session.floatingOrigin + viewport.along(shift)) }
      session.lastMove = DragSession.LastMove(left: session.current, direction: session.direction)
      session.current = destination
      session.refusal = nil
      focus = destination
    case .refuse(let destination, let reason, let announce):
      if announce { happenings.append(.refused(destination, reason)) }
      session.refusal = DragSession.Refusal(destination: destination, reason: reason)
    }
    gesture = .dragging(session)
  }

  mutating func drop() {
    guard let session = gesture.session else { return }
    gesture = .idle
    let moved = session.current != session.origin
    if moved { history.record(MoveStep(from: session.origin, to: session.current)) }
    focus = session.current
    happenings.append(.dropped(session.current, moved: moved))
    if session.source == .keyboard { keepFocusVisible() }
  }

  /// Cancel (Esc, focus loss): the exact arrangement from before the drag (cancelInteractiveMovement).
  mutating func cancelDrag() {
    guard let session = gesture.session else { return }
    gesture = .idle
    if session.current != session.origin {
      apply(MoveStep(from: session.current, to: session.origin), .cancelled(session.origin))
    } else {
      happenings.append(.cancelled(session.origin))
    }
    focus = session.origin
  }
}
