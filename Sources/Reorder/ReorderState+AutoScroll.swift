import Document
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
    let maximum = viewport.maximumPosition(contentSize: contentSize)

    func interval(depth: Int, deepest: Int) -> Int {
      let d = min(depth, deepest)
      let fraction = deepest > 1 ? Double(d - 1) / Double(deepest - 1) : 1
      let speed = config.slowestScroll + (config.fastestScroll - config.slowestScroll) * fraction
      return max(1, Int((1000 / speed).rounded()))
    }

    if moving == -1 && position < start + band && offset > 0 {
      return (-1, interval(depth: start + band - position, deepest: start + band))
    }
    if moving == 1 && position >= end - band && offset < maximum {
      return (1, interval(depth: position - (end - band) + 1, deepest: screenEnd - (end - band)))
    }
    return nil
  }

  /// Starts or stops the auto-scroll timer after the pointer or the scroll position changed.
  mutating func updateAutoScroll() {
    guard var session = gesture.session, session.source == .mouse else { return }
    if autoScrollVelocity(pointer: session.pointer, direction: session.direction) == nil {
      session.scrollAnchor = nil
    } else if session.scrollAnchor == nil {
      session.scrollAnchor = now
    }
    gesture = .dragging(session)
  }

  /// One auto-scroll step: the content moves under the still pointer, so the floating tile (or header)
  /// moves in content coordinates, and the target is chosen again.
  mutating func autoScrollStep(_ document: inout Document) {
    guard var session = gesture.session,
      let velocity = autoScrollVelocity(pointer: session.pointer, direction: session.direction)
    else { return }
    let delta = scroll(by: velocity.delta, document.layout)
    session.scrollAnchor = now
    moveFloatingOrigin(&session, to: session.floatingOrigin + viewport.along(delta))
    gesture = .dragging(session)
    evaluateTarget(&document)
    updateAutoScroll()
  }
}
