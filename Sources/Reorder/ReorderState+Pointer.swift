import Document
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

  mutating func motion(to point: Point, _ document: inout Document) {
    switch gesture {
    case .pressing(let start, _, let since):
      if abs(point.x - start.x) > config.pressTolerance || abs(point.y - start.y) > config.pressTolerance {
        gesture = .failed
      } else {
        gesture = .pressing(point: start, pointer: point, since: since)
      }
    case .dragging(var session) where session.source == .mouse:
      let origin = floatingOrigin(for: point, session)
      session.pointer = point
      // A pointer that stays still never moves anything again, even when the content has shifted under
      // it since the last move. (A header moves along the scrolling axis only: motion across it is
      // still, as far as targets go.)
      guard origin != session.floatingOrigin else {
        gesture = .dragging(session)
        if session.section != nil { updateAutoScroll(document.layout) }
        return
      }
      moveFloatingOrigin(&session, to: origin)
      gesture = .dragging(session)
      evaluateTarget(&document)
      updateAutoScroll(document.layout)
    case .idle, .failed, .dragging:
      break
    }
  }

  /// Where the floating tile or header is for the pointer at `point`: it keeps the grabbed point under
  /// the pointer (a header only along the scrolling axis).
  func floatingOrigin(for point: Point, _ session: DragSession) -> Point {
    session.section == nil
      ? contentPoint(point) - session.grabOffset : floatingHeaderOrigin(pointer: point, grabOffset: session.grabOffset)
  }

  mutating func release(at point: Point, _ document: inout Document) {
    switch gesture {
    case .pressing(let start, _, _):
      // A short click focuses the tile or the header.
      gesture = .idle
      guard viewport.frame.contains(start) else { return }
      let layout = document.layout
      if let path = layout.item(at: contentPoint(start)) {
        setFocus(path, &document)
      } else if let s = header(at: contentPoint(start), layout) {
        focusHeader(s, &document)
      }
    case .dragging(let session) where session.source == .mouse:
      motion(to: point, &document)
      drop(&document)
    case .failed:
      gesture = .idle
    case .idle, .dragging:
      break
    }
  }

  /// The press has lasted `minimumPressDuration`: lift the tile under it (with the other marked tiles
  /// when it is marked), or the section whose header it is on, or fail saying why.
  mutating func lift(pressedAt point: Point, pointer: Point, _ document: inout Document) {
    let layout = document.layout
    let content = contentPoint(point)
    guard viewport.frame.contains(point), let path = layout.item(at: content) else {
      if viewport.frame.contains(point), let s = header(at: content, layout) {
        liftSection(s, source: .mouse, pointer: pointer, &document)
        if !gesture.isDragging { gesture = .failed }
        return
      }
      gesture = .failed
      happenings.append(.nothingToLift)
      return
    }
    if let refusal = document.arrangement.checkLift(path) {
      gesture = .failed
      happenings.append(.refused(.tile(path), refusal))
      return
    }
    // The grab offset is taken where the pointer is when the tile lifts (UIKit's `.began`), so the
    // tile does not jump by the cell the pointer may have wandered during the press.
    let frame = layout.frame(of: path)
    var session = DragSession(
      source: .mouse, lifted: .tiles(TileDrag(origin: path, current: path)), grabOffset: contentPoint(pointer) - frame.origin,
      floatingOrigin: frame.origin, pointer: pointer, direction: DragDirection())
    guard liftTiles(&session, at: path, &document) else {
      gesture = .failed
      return
    }
    gesture = .dragging(session)
  }

  /// Lifts the tile at `path` into `session`: alone, or with the other marked tiles as a block when it
  /// is marked. False when the block could not gather (a policy refused; nothing changed).
  mutating func liftTiles(_ session: inout DragSession, at path: ItemPath, _ document: inout Document) -> Bool {
    if isBlockLift(path, document.arrangement) {
      guard gatherBlock(&session, &document) else { return false }
    } else {
      happenings.append(.lifted(.tile(path)))
    }
    focus = .tile(session.tiles!.current)
    return true
  }

  func moveFloatingOrigin(_ session: inout DragSession, to origin: Point) {
    session.direction.note(origin - session.floatingOrigin)
    session.floatingOrigin = origin
  }

  /// One target selection after the drag moved (or the content moved under it), at most one move.
  mutating func evaluateTarget(_ document: inout Document) {
    if gesture.session?.section != nil {
      evaluateSectionTarget(&document)
    } else {
      evaluateTileTarget(&document)
    }
  }

  /// One tile target selection, at most one move: `selectTarget` decides, this carries it out.
  mutating func evaluateTileTarget(_ document: inout Document) {
    guard var session = gesture.session, var drag = session.tiles else { return }
    switch selectTarget(layout: document.layout, arrangement: document.arrangement, session: session) {
    case .stay:
      break
    case .leaveForbidden:
      drag.refusal = nil
    case .move(let destination):
      let left = drag.run.start
      let shift = moveLifted(&drag, to: destination, &document)
      // The content got shorter and scrolled back under the still pointer: the floating tile, which
      // stays under the pointer, moved in content coordinates.
      if shift != 0 { moveFloatingOrigin(&session, to: session.floatingOrigin + viewport.along(shift)) }
      drag.lastMove = TileDrag.LastMove(left: left, direction: session.direction)
      drag.refusal = nil
      focus = .tile(drag.current)
    case .refuse(let destination, let reason, let announce):
      if announce { happenings.append(.refused(.tile(destination), reason)) }
      drag.refusal = TileDrag.ForbiddenDrop(destination: destination, reason: reason)
    }
    session.lifted = .tiles(drag)
    gesture = .dragging(session)
  }

  /// Moves the lifted tile (or the block's run) so that the run starts at `destination`, a place
  /// counted after it is taken out; reports it and returns the scroll-back (see `apply`).
  mutating func moveLifted(_ drag: inout TileDrag, to destination: ItemPath, _ document: inout Document) -> Int {
    let shift: Int
    if var block = drag.block {
      let from = block.start
      shift = apply(
        .moveBlock(.run(from: from, count: block.count, to: destination)),
        .moved(.block(from, count: block.count), to: .block(destination, count: block.count)), &document)
      block.start = destination
      drag.block = block
      drag.current = ItemPath(destination.section, destination.item + block.lead)
    } else {
      shift = apply(
        .moveTile(from: drag.current, to: destination), .moved(.tile(drag.current), to: .tile(destination)), &document)
      drag.current = destination
    }
    return shift
  }

  /// Drop: the tile, block or section stays where it is. The whole drag becomes one undo step (none when
  /// nothing changed).
  mutating func drop(_ document: inout Document) {
    guard let session = gesture.session else { return }
    gesture = .idle
    switch session.lifted {
    case .section(let drag):
      let moved = drag.current != drag.origin
      if moved { record(.moveSection(SectionMove(from: drag.origin, to: drag.current)), &document) } else { document.endGesture() }
      happenings.append(.dropped(.section(drag.current), moved: moved))
      focus = .header(drag.current)
    case .tiles(let drag):
      if let block = drag.block {
        let move = BlockMove(from: block.origins, to: drag.run.places)
        let moved = !move.isIdentity
        if moved { record(.moveBlock(move), &document) } else { document.endGesture() }
        happenings.append(.dropped(.block(block.start, count: block.count), moved: moved))
      } else {
        let moved = drag.current != drag.origin
        if moved { record(.moveTile(from: drag.origin, to: drag.current), &document) } else { document.endGesture() }
        happenings.append(.dropped(.tile(drag.current), moved: moved))
      }
      focus = .tile(drag.current)
    }
    if session.source == .keyboard { keepFocusVisible(&document) }
  }

  /// Records a gesture's whole move, already applied, as one undo step.
  func record(_ move: Edit, _ document: inout Document) {
    let inverse: Edit
    switch move {
    case .moveTile(let from, let to): inverse = .moveTile(from: to, to: from)
    case .moveBlock(let block): inverse = .moveBlock(block.inverse)
    case .moveSection(let section): inverse = .moveSection(section.inverse)
    default: preconditionFailure("a gesture records moves only")
    }
    document.record([move], undoneBy: [inverse])
  }

  /// Cancel (Esc, focus loss): the exact arrangement from before the drag (cancelInteractiveMovement):
  /// a block's tiles go back to their own places, not just the lifted one.
  mutating func cancelDrag(_ document: inout Document) {
    guard let session = gesture.session else { return }
    gesture = .idle
    defer { document.endGesture() }
    switch session.lifted {
    case .section(let drag):
      let back = Happening.cancelled(.section(drag.origin))
      if drag.current != drag.origin {
        apply(.moveSection(SectionMove(from: drag.current, to: drag.origin)), back, &document)
      } else {
        happenings.append(back)
      }
      focus = .header(drag.origin)
    case .tiles(let drag):
      let back = Happening.cancelled(.tile(drag.origin))
      if let block = drag.block {
        let move = BlockMove(from: drag.run.places, to: block.origins)
        if move.isIdentity { happenings.append(back) } else { apply(.moveBlock(move), back, &document) }
      } else if drag.current != drag.origin {
        apply(.moveTile(from: drag.current, to: drag.origin), back, &document)
      } else {
        happenings.append(back)
      }
      focus = .tile(drag.origin)
    }
  }
}
