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
  func autoScrollVelocity(pointer: Point, direction: DragDirection) -> AutoScrollStep? {
    if isLanes { return laneAutoScroll(pointer: pointer, direction: direction) }
    let band = isVertical ? config.verticalBand : config.horizontalBand
    let position = isVertical ? pointer.y : pointer.x
    let frame = viewport.frame
    let start = isVertical ? frame.minY : frame.minX
    let end = isVertical ? frame.maxY : frame.maxX
    let screenEnd = isVertical ? screen.height : screen.width
    let moving = isVertical ? direction.vertical : direction.horizontal
    let offset = viewport.position
    let maximum = viewport.maximumPosition(contentSize: contentSize)

    func interval(depth: Int, deepest: Int) -> Int { autoScrollInterval(depth: depth, deepest: deepest) }

    if moving == -1 && position < start + band && offset > 0 {
      return AutoScrollStep(delta: -1, interval: interval(depth: start + band - position, deepest: start + band))
    }
    if moving == 1 && position >= end - band && offset < maximum {
      return AutoScrollStep(
        delta: 1, interval: interval(depth: position - (end - band) + 1, deepest: screenEnd - (end - band)))
    }
    return nil
  }

  /// The milliseconds between auto-scroll steps for a pointer `depth` rows or columns into a band
  /// whose deepest point (the screen's edge) is `deepest`: from `slowestScroll` steps a second at the
  /// band's inner edge to `fastestScroll` at the screen's edge, linearly, divided by `perStep`.
  func autoScrollInterval(depth: Int, deepest: Int, perStep: Double = 1) -> Int {
    let d = min(depth, deepest)
    let fraction = deepest > 1 ? Double(d - 1) / Double(deepest - 1) : 1
    let speed = (config.slowestScroll + (config.fastestScroll - config.slowestScroll) * fraction) / perStep
    return max(1, Int((1000 / speed).rounded()))
  }

  /// Lanes: a card at a time in the lane under the pointer while it is in the band at the viewport's
  /// top or bottom (and the lane has cards that way), else a lane at a time sideways in the band at its
  /// left or right; each a step, four cells' worth of the speed (docs/reordering.md, "Lanes").
  func laneAutoScroll(pointer: Point, direction: DragDirection) -> AutoScrollStep? {
    let frame = viewport.frame
    let band = config.verticalBand
    if let s = pointerLane {
      if direction.vertical == -1 && pointer.y < frame.minY + band && s.above > 0 {
        let deepest = frame.minY + band
        return AutoScrollStep(
          delta: -1, interval: autoScrollInterval(depth: deepest - pointer.y, deepest: deepest, perStep: Self.cellsPerStep),
          lane: s.index)
      }
      if direction.vertical == 1 && pointer.y >= frame.maxY - band && s.below > 0 {
        let inner = frame.maxY - band
        return AutoScrollStep(
          delta: 1,
          interval: autoScrollInterval(depth: pointer.y - inner + 1, deepest: screen.height - inner, perStep: Self.cellsPerStep),
          lane: s.index)
      }
    }
    let side = config.horizontalBand
    let maximum = viewport.maximumPosition(contentSize: contentSize)
    if direction.horizontal == -1 && pointer.x < frame.minX + side && viewport.position > 0 {
      let deepest = frame.minX + side
      return AutoScrollStep(
        delta: -1, interval: autoScrollInterval(depth: deepest - pointer.x, deepest: deepest, perStep: Self.cellsPerStep))
    }
    if direction.horizontal == 1 && pointer.x >= frame.maxX - side && viewport.position < maximum {
      let inner = frame.maxX - side
      return AutoScrollStep(
        delta: 1,
        interval: autoScrollInterval(depth: pointer.x - inner + 1, deepest: screen.width - inner, perStep: Self.cellsPerStep))
    }
    return nil
  }

  /// Lanes: an auto-scroll step (a card or a lane) counts as this many cells of the speed.
  static let cellsPerStep: Double = 4

  /// Starts or stops the auto-scroll timer after the pointer or the scroll position changed.
  mutating func updateAutoScroll(_ layout: FlowLayout) {
    guard var session = gesture.session, session.source == .mouse else { return }
    notePointerLane(session.pointer, layout)
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
    session.scrollAnchor = now
    if let lane = velocity.lane {
      // The lane's cards move under the still tile: it goes that way among them.
      let change = scrollLane(lane, by: velocity.delta, &document)
      session.direction.note(Point(x: 0, y: change))
    } else if isLanes {
      // Sideways by a whole lane.
      let layout = document.layout
      let first = layout.section(alongAxis: viewport.position) ?? 0
      let target = max(0, min(first + velocity.delta, layout.sectionCount - 1))
      let delta = scroll(by: layout.sectionFrame(target).minX - viewport.position, layout)
      moveFloatingOrigin(&session, to: session.floatingOrigin + viewport.along(delta))
    } else {
      let delta = scroll(by: velocity.delta, document.layout)
      moveFloatingOrigin(&session, to: session.floatingOrigin + viewport.along(delta))
    }
    gesture = .dragging(session)
    evaluateTarget(&document)
    updateAutoScroll(document.layout)
  }

  /// Lanes: notes the lane under `pointer` and how many of its cards lie above and below those shown,
  /// for the auto-scroll timer between inputs (which has no layout to ask).
  mutating func notePointerLane(_ pointer: Point, _ layout: FlowLayout) {
    guard isLanes, viewport.frame.contains(pointer), let s = layout.section(at: contentPoint(pointer)) else {
      pointerLane = nil
      return
    }
    pointerLane = PointerLane(index: s, above: layout.cardsAbove(s), below: layout.cardsBelow(s))
  }
}

/// One auto-scroll step and how often it comes: `delta` (-1 or +1) along the scrolling axis, or, in
/// lanes, down or up lane `lane`'s cards.
struct AutoScrollStep: Equatable {
  var delta: Int
  /// Milliseconds between steps.
  var interval: Int
  /// Lanes: the lane whose cards scroll; nil when the whole content scrolls (sideways, in lanes).
  var lane: Int? = nil
}

/// Lanes: the lane under the pointer during a drag, and its cards outside those shown.
struct PointerLane: Equatable, Hashable, Sendable {
  var index: Int
  var above: Int
  var below: Int
}
