import GridLayout
import TileModel

// MARK: - Auto-scroll: while a mouse drag holds the pointer in an edge band of the viewport

extension ReorderState {
  /// While the pointer is in an edge band and the drag has moved toward that edge: the scroll step
  /// (-1 or +1 along the scrolling axis) and the milliseconds between steps, faster deeper in the band.
  ///
  ///     title bar     <- depth 3: fastest (the screen's edge)
  ///     band row 1    <- depth 2
  ///     band row 2    <- depth 1: slowest (the band's inner edge)
  ///     ...
  func autoScrollVelocity(pointer: Point, direction: DragDirection) -> (delta: Int, interval: Int)? {
    let band = isVertical ? config.verticalBand : config.horizontalBand
    let position = isVertical ? pointer.y : pointer.x
    let frame = viewport.frame
    let start = isVertical ? frame.minY : frame.minX
    let end = isVertical ? frame.maxY : frame.maxX
    let screenEnd = isVertical ? screen.height : screen.width
    let moving = isVertical ? direction.vertical : direction.horizontal
    let offset = viewport.position

    func interval(depth: Int, deepest: Int) -> Int {
      let d = min(depth, deepest)
      let fraction = deepest > 1 ? Double(d - 1) / Double(deepest - 1) : 1
      let speed = config.slowestScroll + (config.fastestScroll - config.slowestScroll) * fraction
      return max(1, Int((1000 / speed).rounded()))
    }

    if moving == -1 && position < start + band && offset > 0 {
      return (-1, interval(depth: start + band - position, deepest: start + band))
    }
    if moving == 1 && position >= end - band && offset < maximumScroll {
      return (1, interval(depth: position - (end - band) + 1, deepest: screenEnd - (end - band)))
    }
    return nil
  }

  /// Starts or stops the auto-scroll timer after the pointer or the scroll position changed.
  mutating func updateAutoScroll() {
    func anchor(_ current: Int?, pointer: Point, direction: DragDirection) -> Int? {
      autoScrollVelocity(pointer: pointer, direction: direction) == nil ? nil : current ?? now
    }
    if var session = gesture.session, session.source == .mouse {
      session.scrollAnchor = anchor(session.scrollAnchor, pointer: session.pointer, direction: session.direction)
      gesture = .dragging(session)
    } else if var session = gesture.sectionSession, session.source == .mouse {
      session.scrollAnchor = anchor(session.scrollAnchor, pointer: session.pointer, direction: session.direction)
      gesture = .draggingSection(session)
    }
  }

  /// One auto-scroll step: the content moves under the still pointer, so the floating tile (or header)
  /// moves in content coordinates, and the target is chosen again.
  mutating func autoScrollStep() {
    if var session = gesture.session {
      guard let velocity = autoScrollVelocity(pointer: session.pointer, direction: session.direction) else { return }
      let delta = scroll(by: velocity.delta)
      session.scrollAnchor = now
      moveFloatingOrigin(&session, to: session.floatingOrigin + viewport.along(delta))
      gesture = .dragging(session)
      evaluateTarget()
    } else if var session = gesture.sectionSession {
      guard let velocity = autoScrollVelocity(pointer: session.pointer, direction: session.direction) else { return }
      let delta = scroll(by: velocity.delta)
      session.scrollAnchor = now
      session.direction.note(viewport.along(delta))
      session.floatingOrigin = session.floatingOrigin + viewport.along(delta)
      gesture = .draggingSection(session)
      evaluateSectionTarget()
    }
    updateAutoScroll()
  }
}
