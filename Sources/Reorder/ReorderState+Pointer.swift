import GridLayout
import TileModel

// MARK: - Long press, drag, drop and cancel (UILongPressGestureRecognizer: possible -> began ->
// changed… -> ended | cancelled)

extension ReorderState {
  mutating func press(at point: Point) {
    switch gesture {
    case .dragging, .draggingSection:
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
    case .draggingSection(var session) where session.source == .mouse:
      let origin = floatingHeaderOrigin(pointer: point, grabOffset: session.grabOffset)
      session.pointer = point
      // Motion across the scrolling axis moves no header: still, as far as targets go.
      guard origin != session.floatingOrigin else {
        gesture = .draggingSection(session)
        updateAutoScroll()
        return
      }
      session.direction.note(origin - session.floatingOrigin)
      session.floatingOrigin = origin
      gesture = .draggingSection(session)
      evaluateSectionTarget()
      updateAutoScroll()
    case .idle, .failed, .dragging, .draggingSection:
      break
    }
  }

  mutating func release(at point: Point) {
    switch gesture {
    case .pressing(let start, _, _):
      // A short click focuses the tile.
      gesture = .idle
      guard viewport.frame.contains(start) else { return }
      if let path = layout.item(at: contentPoint(start)) {
        setFocus(path)
      } else if let s = header(at: contentPoint(start)) {
        focusHeader(s)
      }
    case .dragging(let session) where session.source == .mouse:
      motion(to: point)
      drop()
    case .draggingSection(let session) where session.source == .mouse:
      motion(to: point)
      drop()
    case .failed:
      gesture = .idle
    case .idle, .dragging, .draggingSection:
      break
    }
  }

  /// The press has lasted `minimumPressDuration`: lift the tile under it (with the other marked tiles
  /// when it is marked), or the section whose header it is on, or fail saying why.
  mutating func lift(pressedAt point: Point, pointer: Point) {
    let content = contentPoint(point)
    guard viewport.frame.contains(point), let path = layout.item(at: content) else {
      if viewport.frame.contains(point), let s = header(at: content) {
        liftSection(s, source: .mouse, pointer: pointer)
        if !gesture.isDragging { gesture = .failed }
        return
      }
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
    var session = DragSession(
      source: .mouse, origin: path, current: path, grabOffset: grab, floatingOrigin: frame.origin,
      pointer: pointer, direction: DragDirection(), refusal: nil, scrollAnchor: nil)
    if isBlockLift(path) {
      guard gatherBlock(&session) else {
        gesture = .failed
        return
      }
    } else {
      happenings.append(.lifted(path))
    }
    gesture = .dragging(session)
    focus = session.current
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
      let left = session.run.start
      let shift = moveLifted(&session, to: destination)
      // The content got shorter and scrolled back under the still pointer: the floating tile, which
      // stays under the pointer, moved in content coordinates.
      if shift != 0 { moveFloatingOrigin(&session, to: session.floatingOrigin + viewport.along(shift)) }
      session.lastMove = DragSession.LastMove(left: left, direction: session.direction)
      session.refusal = nil
      focus = session.current
    case .refuse(let destination, let reason, let announce):
      if announce { happenings.append(.refused(destination, reason)) }
      session.refusal = DragSession.Refusal(destination: destination, reason: reason)
    }
    gesture = .dragging(session)
  }

  /// Moves the lifted tile (or the block's run) so that the run starts at `destination`, a place
  /// counted after it is taken out; reports it and returns the scroll-back (see `apply`).
  mutating func moveLifted(_ session: inout DragSession, to destination: ItemPath) -> Int {
    let shift: Int
    if var block = session.block {
      let from = block.start
      shift = apply(
        .block(.run(from: from, count: block.count, to: destination)),
        .movedBlock(from: from, to: destination, count: block.count))
      block.start = destination
      session.block = block
      session.current = ItemPath(destination.section, destination.item + block.lead)
    } else {
      shift = apply(MoveStep(from: session.current, to: destination), .moved(from: session.current, to: destination))
      session.current = destination
    }
    return shift
  }

  /// Drop: the tile, block or section stays where it is. The whole drag becomes one undo step (none when
  /// nothing changed).
  mutating func drop() {
    if let section = gesture.sectionSession {
      dropSection(section)
      return
    }
    guard let session = gesture.session else { return }
    gesture = .idle
    if let block = session.block {
      let move = BlockMove(from: block.origins, to: session.run.places)
      let moved = !move.isIdentity
      if moved { history.record(.block(move)) }
      happenings.append(.droppedBlock(block.start, count: block.count, moved: moved))
    } else {
      let moved = session.current != session.origin
      if moved { history.record(.tile(MoveStep(from: session.origin, to: session.current))) }
      happenings.append(.dropped(session.current, moved: moved))
    }
    focus = session.current
    if session.source == .keyboard { keepFocusVisible() }
  }

  /// Cancel (Esc, focus loss): the exact arrangement from before the drag (cancelInteractiveMovement):
  /// a block's tiles go back to their own places, not just the lifted one.
  mutating func cancelDrag() {
    if let section = gesture.sectionSession {
      cancelSection(section)
      return
    }
    guard let session = gesture.session else { return }
    gesture = .idle
    if let block = session.block {
      let back = BlockMove(from: session.run.places, to: block.origins)
      if back.isIdentity {
        happenings.append(.cancelled(session.origin))
      } else {
        apply(.block(back), .cancelled(session.origin))
      }
    } else if session.current != session.origin {
      apply(MoveStep(from: session.current, to: session.origin), .cancelled(session.origin))
    } else {
      happenings.append(.cancelled(session.origin))
    }
    focus = session.origin
  }
}
