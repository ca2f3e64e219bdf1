import GridLayout
import TileModel

/// The tunable numbers of the reorder interaction.
public struct ReorderConfig: Equatable, Hashable, Sendable {
  /// How long button 1 must stay down before the tile lifts (UILongPressGestureRecognizer's
  /// minimumPressDuration; seed 004 uses 0.3 s).
  public var minimumPressDuration: Int
  /// How far (cells, per axis) the pointer may wander during the press.
  public var pressTolerance: Int
  /// Cells per mouse wheel notch.
  public var wheelStep: Int
  /// Auto-scroll edge bands: rows (vertical direction) and columns (horizontal).
  public var verticalBand: Int
  public var horizontalBand: Int
  /// Auto-scroll speed, cells per second, at the band's inner edge and at the screen's edge.
  public var slowestScroll: Double
  public var fastestScroll: Double

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

/// Input to the reorder engine, already decoded: pointer positions are screen cells.
public enum ReorderInput: Equatable, Hashable, Sendable {
  case press(Point)
  case motion(Point)
  case release(Point)
  /// One wheel notch: -1 toward the start (up / left), +1 toward the end.
  case wheel(Int, at: Point)
  case key(ReorderKey)
  /// The screen changed size; `viewport` is where the content now sits on it.
  case resize(screen: Size, viewport: Rect)
  /// The terminal lost focus: a drag in progress is cancelled.
  case focusLost
  /// Only time passes (timers fire).
  case tick
}

/// The keyboard commands the engine understands; the editor maps keys to them.
public enum ReorderKey: Equatable, Hashable, Sendable {
  case left, right, up, down
  case pageUp, pageDown, home, end
  case nextSection, previousSection
  case liftOrDrop
  case cancel
  case undo, redo
}

/// What happened, for the trace, the status line and the tests.
public enum Happening: Equatable, Hashable, Sendable {
  case lifted(ItemPath)
  case moved(from: ItemPath, to: ItemPath)
  /// A policy refused: lifting the tile at the path, or moving the lifted tile to the path.
  case refused(ItemPath, MoveError)
  case dropped(ItemPath, moved: Bool)
  /// A drag was cancelled and the tile is back at the path.
  case cancelled(ItemPath)
  /// The content scrolled by this many cells along the scrolling axis.
  case scrolled(Int)
  case undone(MoveStep)
  case redone(MoveStep)
  case focused(ItemPath)
  /// A long press found no tile.
  case nothingToLift
  /// A keyboard move or focus step had nowhere to go, or undo/redo had nothing to do.
  case blocked(String)
}

/// The reorder engine: arrangement, layout, scroll position, focus, gesture and history, and the one
/// function that changes them, `handle(_:at:)`. Pure: time comes in as a value, the screen as sizes.
///
/// Every pointer event costs two hit tests, at most one move and its incremental re-flow: never work
/// proportional to the tile count (DESIGN.md §10).
public struct ReorderState: Sendable {
  public private(set) var arrangement: Arrangement
  public private(set) var layout: FlowLayout
  public private(set) var screen: Size
  /// Where the content viewport sits on the screen.
  public private(set) var viewport: Rect
  /// The content offset shown at the viewport's origin.
  public private(set) var scroll: Point = .zero
  public private(set) var gesture: GestureState = .idle
  public private(set) var focus: ItemPath?
  public private(set) var history = History()
  public let config: ReorderConfig
  /// The time of the last input, in milliseconds.
  public private(set) var now: Int = 0

  /// Happenings of the input being handled.
  private var happenings: [Happening] = []

  public init(arrangement: Arrangement, screen: Size, viewport: Rect, config: ReorderConfig = ReorderConfig()) {
    self.arrangement = arrangement
    self.screen = screen
    self.viewport = viewport
    self.config = config
    layout = FlowLayout(arrangement: arrangement, viewport: viewport.size)
    focus = firstTile(from: 0, step: 1)
  }

  var isVertical: Bool { layout.parameters.direction == .vertical }

  /// Handles one input at time `now` (milliseconds, never decreasing): first the timers due by then
  /// fire, then the input is handled. Returns what happened, in order.
  public mutating func handle(_ input: ReorderInput, at now: Int) -> [Happening] {
    happenings = []
    advance(to: max(now, self.now))
    switch input {
    case .press(let point): press(at: point)
    case .motion(let point): motion(to: point)
    case .release(let point): release(at: point)
    case .wheel(let notches, _): wheel(notches)
    case .key(let key): self.key(key)
    case .resize(let screen, let viewport): resize(screen: screen, viewport: viewport)
    case .focusLost: if gesture.session != nil { cancelDrag() }
    case .tick: break
    }
    return happenings
  }

  /// When the next timer fires (the long press, the next auto-scroll step), if one is running.
  public var nextDeadline: Int? {
    switch gesture {
    case .pressing(_, _, let since):
      return since + config.minimumPressDuration
    case .dragging(let session):
      guard let anchor = session.scrollAnchor, let velocity = autoScrollVelocity(session) else { return nil }
      // A faster speed (the pointer went deeper into the band) can bring the next step before now:
      // then it is due now, never in the past.
      return max(anchor + velocity.interval, now)
    case .idle, .failed:
      return nil
    }
  }

  /// Fires every timer due by `time`, each at its own due time.
  private mutating func advance(to time: Int) {
    while let due = nextDeadline, due <= time {
      now = max(now, due)
      switch gesture {
      case .pressing(let point, let pointer, _): lift(pressedAt: point, pointer: pointer)
      case .dragging: autoScrollStep()
      case .idle, .failed: break
      }
    }
    now = time
  }

  // MARK: - Coordinates

  /// A screen cell in content coordinates.
  public func contentPoint(_ screenPoint: Point) -> Point {
    screenPoint - viewport.origin + scroll
  }

  /// The largest scroll offset along the scrolling axis.
  public var maximumScroll: Int {
    let content = layout.contentSize
    return isVertical ? max(0, content.height - viewport.height) : max(0, content.width - viewport.width)
  }

  /// Scrolls along the scrolling axis by `delta` (clamped); returns the change.
  @discardableResult
  private mutating func scroll(by delta: Int) -> Int {
    let old = isVertical ? scroll.y : scroll.x
    let new = min(max(0, old + delta), maximumScroll)
    if isVertical { scroll.y = new } else { scroll.x = new }
    if new != old { happenings.append(.scrolled(new - old)) }
    return new - old
  }

  // MARK: - Long press and drag

  private mutating func press(at point: Point) {
    switch gesture {
    case .dragging:
      return  // a drag is in progress: other gestures are ignored (seed 004)
    case .idle, .pressing, .failed:
      gesture = .pressing(point: point, pointer: point, since: now)
    }
  }

  private mutating func motion(to point: Point) {
    switch gesture {
    case .pressing(let start, _, let since):
      if abs(point.x - start.x) > config.pressTolerance || abs(point.y - start.y) > config.pressTolerance {
        gesture = .failed
      } else {
        gesture = .pressing(point: start, pointer: point, since: since)
      }
    case .dragging(var session) where session.source == .mouse:
      let origin = contentPoint(point) - session.grabOffset
      // A pointer that stays still never moves the tile again (DESIGN.md §5.7), even when the
      // content has shifted under it since the last move.
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

  private mutating func release(at point: Point) {
    switch gesture {
    case .pressing(let start, _, _):
      // A short click focuses the tile.
      gesture = .idle
      if viewport.contains(start), let path = layout.item(at: contentPoint(start)) {
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
  private mutating func lift(pressedAt point: Point, pointer: Point) {
    let content = contentPoint(point)
    guard viewport.contains(point), let path = layout.item(at: content) else {
      gesture = .failed
      happenings.append(.nothingToLift)
      return
    }
    if let refusal = arrangement.checkLift(path) {
      gesture = .failed
      happenings.append(.refused(path, refusal))
      return
    }
    // The grab offset is taken where the pointer is when the tile lifts (seed 001's `.began`), so the
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

  private func moveFloatingOrigin(_ session: inout DragSession, to origin: Point) {
    session.direction.note(origin - session.floatingOrigin)
    session.floatingOrigin = origin
  }

  /// One target selection, at most one move (DESIGN.md §5.7).
  private mutating func evaluateTarget() {
    guard var session = gesture.session else { return }
    switch selectTarget(layout: layout, arrangement: arrangement, session: session) {
    case .stay:
      // "Forbidden" lasts while the tile is over the refusing section.
      if let refusal = session.refusal,
        layout.section(at: probes(session, size: layout.frame(of: session.current).size).primary)
          != refusal.destination.section
      {
        session.refusal = nil
      }
    case .move(let destination):
      // The target was chosen on the lines as they are; with mixed widths the move re-flows them, and
      // the tile can land on another line than the target's. A move whose result goes against the drag
      // is taken back: otherwise a diagonal drag can walk a tile around a loop of slots.
      let from = (line: LinePosition(section: session.current.section, line: layout.line(of: session.current)),
                  item: session.current.item)
      move(MoveStep(from: session.current, to: destination))
      let to = (line: LinePosition(section: destination.section, line: layout.line(of: destination)),
                item: destination.item)
      guard followsDrag(from: from, to: to, direction: session.direction, vertical: isVertical) else {
        move(MoveStep(from: destination, to: session.current))
        break
      }
      let shift = report(.moved(from: session.current, to: destination))
      // The content got shorter and scrolled back under the still pointer: the floating tile, which
      // stays under the pointer, moved in content coordinates.
      if shift != 0 { moveFloatingOrigin(&session, to: session.floatingOrigin + axisPoint(shift)) }
      session.lastMove = DragSession.LastMove(left: session.current, direction: session.direction)
      session.current = destination
      session.refusal = nil
      focus = destination
    case .refused(let destination, let reason):
      let refusal = DragSession.Refusal(destination: destination, reason: reason)
      if session.refusal?.destination.section != destination.section || session.refusal?.reason != reason {
        happenings.append(.refused(destination, reason))
      }
      session.refusal = refusal
    }
    gesture = .dragging(session)
  }

  /// Applies a move to the arrangement and the layout together and reports it as `happening`; callers
  /// have checked it. When the content gets shorter than the scroll position allows, the content
  /// scrolls back: that is reported too, and returned (cells along the scrolling axis).
  @discardableResult
  private mutating func apply(_ step: MoveStep, _ happening: Happening) -> Int {
    move(step)
    return report(happening)
  }

  /// Reports a move that was made; returns the scroll back it caused (see `apply`).
  private mutating func report(_ happening: Happening) -> Int {
    happenings.append(happening)
    return scroll(by: 0)
  }

  /// Moves a tile in the arrangement and the layout together; nothing is reported.
  private mutating func move(_ step: MoveStep) {
    do {
      try arrangement.move(from: step.from, to: step.to, force: true)
    } catch {
      preconditionFailure("a checked move failed: \(error)")
    }
    layout.moveItem(from: step.from, to: step.to)
  }

  /// A distance along the scrolling axis as a point.
  private func axisPoint(_ distance: Int) -> Point {
    isVertical ? Point(x: 0, y: distance) : Point(x: distance, y: 0)
  }

  private mutating func drop() {
    guard let session = gesture.session else { return }
    gesture = .idle
    let moved = session.current != session.origin
    if moved { history.record(MoveStep(from: session.origin, to: session.current)) }
    focus = session.current
    happenings.append(.dropped(session.current, moved: moved))
    if session.source == .keyboard { keepFocusVisible() }
  }

  /// Cancel (Esc, focus loss): the exact arrangement from before the drag (cancelInteractiveMovement).
  private mutating func cancelDrag() {
    guard let session = gesture.session else { return }
    gesture = .idle
    let step = MoveStep(from: session.current, to: session.origin)
    if session.current != session.origin {
      apply(step, .cancelled(session.origin))
    } else {
      happenings.append(.cancelled(session.origin))
    }
    focus = session.origin
  }

  // MARK: - Auto-scroll

  /// While the pointer is in an edge band and the drag has moved toward that edge: the scroll step
  /// (-1 or +1 along the scrolling axis) and the milliseconds between steps, faster deeper in the band.
  func autoScrollVelocity(_ session: DragSession) -> (delta: Int, interval: Int)? {
    let band = isVertical ? config.verticalBand : config.horizontalBand
    let position = isVertical ? session.pointer.y : session.pointer.x
    let start = isVertical ? viewport.minY : viewport.minX
    let end = isVertical ? viewport.maxY : viewport.maxX
    let screenEnd = isVertical ? screen.height : screen.width
    let moving = isVertical ? session.direction.vertical : session.direction.horizontal
    let offset = isVertical ? scroll.y : scroll.x

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
  private mutating func updateAutoScroll() {
    guard var session = gesture.session, session.source == .mouse else { return }
    if autoScrollVelocity(session) == nil {
      session.scrollAnchor = nil
    } else if session.scrollAnchor == nil {
      session.scrollAnchor = now
    }
    gesture = .dragging(session)
  }

  /// One auto-scroll step: the content moves under the still pointer, so the floating tile moves in
  /// content coordinates, and the target is chosen again.
  private mutating func autoScrollStep() {
    guard var session = gesture.session, let velocity = autoScrollVelocity(session) else { return }
    let delta = scroll(by: velocity.delta)
    session.scrollAnchor = now
    moveFloatingOrigin(&session, to: session.floatingOrigin + axisPoint(delta))
    gesture = .dragging(session)
    evaluateTarget()
    updateAutoScroll()
  }

  // MARK: - Wheel, keys, resize

  private mutating func wheel(_ notches: Int) {
    guard gesture.session == nil else { return }  // while dragging, auto-scroll rules
    // Scrolling moves the content under a pending press: the press fails, as a scroll gesture wins
    // over a long press in UIKit.
    if case .pressing = gesture { gesture = .failed }
    scroll(by: notches * config.wheelStep)
  }

  private mutating func key(_ key: ReorderKey) {
    if let session = gesture.session {
      switch (session.source, key) {
      case (_, .cancel): cancelDrag()
      case (.keyboard, .liftOrDrop): drop()
      case (.keyboard, .left), (.keyboard, .right), (.keyboard, .up), (.keyboard, .down):
        keyboardMove(key)
      default: break  // other keys wait for the drag to end
      }
      return
    }
    let page = max(1, (isVertical ? viewport.height : viewport.width) - 1)
    switch key {
    case .left, .right, .up, .down: moveFocus(key)
    case .nextSection: focusSection(step: 1)
    case .previousSection: focusSection(step: -1)
    case .pageUp: scroll(by: -page)
    case .pageDown: scroll(by: page)
    case .home: scroll(by: -(isVertical ? scroll.y : scroll.x))
    case .end: scroll(by: maximumScroll)
    case .liftOrDrop: keyboardLift()
    case .cancel: break
    case .undo: undoOrRedo(undo: true)
    case .redo: undoOrRedo(undo: false)
    }
  }

  private mutating func resize(screen: Size, viewport: Rect) {
    self.screen = screen
    self.viewport = viewport
    layout = FlowLayout(arrangement: arrangement, viewport: viewport.size)
    scroll(by: 0)
    if var session = gesture.session {
      if session.source == .mouse {
        session.floatingOrigin = contentPoint(session.pointer) - session.grabOffset
      } else {
        session.floatingOrigin = layout.frame(of: session.current).origin
      }
      gesture = .dragging(session)
    } else {
      keepFocusVisible()
    }
  }

  private mutating func undoOrRedo(undo: Bool) {
    guard let step = undo ? history.undo() : history.redo() else {
      happenings.append(.blocked(undo ? "Nothing to undo" : "Nothing to redo"))
      return
    }
    apply(step, undo ? .undone(step) : .redone(step))
    focus = step.to
    keepFocusVisible()
  }
}

// MARK: - Keyboard (dnd-kit's keyboard sensor; DESIGN.md §5.10)

extension ReorderState {
  /// The first tile at or after section `from` going by `step` (+1 or -1), if any.
  func firstTile(from section: Int, step: Int) -> ItemPath? {
    var s = section
    while s >= 0 && s < arrangement.sections.count {
      if arrangement.sections[s].count > 0 { return ItemPath(s, 0) }
      s += step
    }
    return nil
  }

  private mutating func setFocus(_ path: ItemPath) {
    focus = path
    happenings.append(.focused(path))
    keepFocusVisible()
  }

  /// Scrolls the least that shows the focused tile (and its section's header when it is on the first
  /// line) in the viewport.
  mutating func keepFocusVisible() {
    guard let focus, arrangement.contains(focus) else { return }
    let frame = layout.frame(of: focus)
    var low = isVertical ? frame.minY : frame.minX
    let high = isVertical ? frame.maxY : frame.maxX
    if layout.line(of: focus) == 0 {
      low = isVertical ? layout.sectionFrame(focus.section).minY : low
    }
    let offset = isVertical ? scroll.y : scroll.x
    let extent = isVertical ? viewport.height : viewport.width
    if low < offset {
      scroll(by: low - offset)
    } else if high > offset + extent {
      scroll(by: min(high - (offset + extent), low - offset))
    }
  }

  /// The key's meaning in flow terms: a step in reading order, or a step across lines.
  private func flowStep(_ key: ReorderKey) -> (alongLine: Int, acrossLines: Int) {
    switch (key, isVertical) {
    case (.left, true), (.up, false): return (-1, 0)
    case (.right, true), (.down, false): return (1, 0)
    case (.up, true), (.left, false): return (0, -1)
    case (.down, true), (.right, false): return (0, 1)
    default: return (0, 0)
    }
  }

  /// The cross-axis center of a frame: x in the vertical direction, y in the horizontal one.
  private func crossCenter(_ frame: Rect) -> Int {
    isVertical ? frame.minX * 2 + frame.width : frame.minY * 2 + frame.height
  }

  /// The tile of line `line` in section `s` nearest to `center` across the line (ties: the earlier).
  private func nearestItem(inLine line: Int, section s: Int, to center: Int) -> Int? {
    var best: (item: Int, distance: Int)?
    for i in layout.items(inLine: line, section: s) {
      let distance = abs(crossCenter(layout.frame(of: ItemPath(s, i))) - center)
      if best == nil || distance < best!.distance { best = (i, distance) }
    }
    return best?.item
  }

  /// The line before or after `path`'s line that holds tiles, crossing into neighbouring sections.
  private func neighbourLine(of path: ItemPath, step: Int) -> (section: Int, line: Int)? {
    let line = layout.line(of: path) + step
    if line >= 0 && line < layout.lineCount(inSection: path.section) { return (path.section, line) }
    var s = path.section + step
    while s >= 0 && s < arrangement.sections.count {
      if arrangement.sections[s].count > 0 { return (s, step > 0 ? 0 : layout.lineCount(inSection: s) - 1) }
      s += step
    }
    return nil
  }

  private mutating func moveFocus(_ key: ReorderKey) {
    guard let current = focus, arrangement.contains(current) else {
      if let first = firstTile(from: 0, step: 1) { setFocus(first) }
      return
    }
    let (along, across) = flowStep(key)
    var target: ItemPath?
    if along != 0 {
      let i = current.item + along
      if i >= 0 && i < arrangement.sections[current.section].count {
        target = ItemPath(current.section, i)
      } else if along > 0 {
        target = firstTile(from: current.section + 1, step: 1)
      } else if let s = (0..<current.section).last(where: { arrangement.sections[$0].count > 0 }) {
        target = ItemPath(s, arrangement.sections[s].count - 1)
      }
    } else if let (s, line) = neighbourLine(of: current, step: across),
      let i = nearestItem(inLine: line, section: s, to: crossCenter(layout.frame(of: current)))
    {
      target = ItemPath(s, i)
    }
    if let target { setFocus(target) } else { happenings.append(.blocked("No tile that way")) }
  }

  private mutating func focusSection(step: Int) {
    let start = (focus?.section ?? (step > 0 ? -1 : arrangement.sections.count)) + step
    if let target = firstTile(from: start, step: step) {
      setFocus(target)
    } else {
      happenings.append(.blocked(step > 0 ? "No section after this one" : "No section before this one"))
    }
  }

  private mutating func keyboardLift() {
    guard let path = focus, arrangement.contains(path) else {
      happenings.append(.nothingToLift)
      return
    }
    if let refusal = arrangement.checkLift(path) {
      happenings.append(.refused(path, refusal))
      return
    }
    let origin = layout.frame(of: path).origin
    gesture = .dragging(
      DragSession(
        source: .keyboard, origin: path, current: path, grabOffset: .zero, floatingOrigin: origin,
        pointer: .zero, direction: DragDirection(), refusal: nil, scrollAnchor: nil))
    happenings.append(.lifted(path))
    keepFocusVisible()
  }

  /// Where the lifted tile may go for an arrow key, best first: one place in reading order, or the
  /// nearest place on the line before or after. At a section's edge the candidates are the places in
  /// each following section in turn, so that a tile can be carried past a section that refuses it
  /// (locked or full), as a mouse drag can.
  func keyboardDestinations(_ key: ReorderKey, from current: ItemPath) -> [ItemPath] {
    let (along, across) = flowStep(key)
    let sections = arrangement.sections
    let step = along != 0 ? along : across
    guard step != 0 else { return [] }
    if along > 0 && current.item + 1 < sections[current.section].count {
      return [ItemPath(current.section, current.item + 1)]
    }
    if along < 0 && current.item > 0 {
      return [ItemPath(current.section, current.item - 1)]
    }
    let center = crossCenter(layout.frame(of: current))
    if across != 0 {
      let line = layout.line(of: current) + across
      if line >= 0 && line < layout.lineCount(inSection: current.section) {
        return nearestPlace(inLine: line, section: current.section, to: center, from: current).map { [$0] } ?? []
      }
    }
    var candidates: [ItemPath] = []
    var s = current.section + step
    while s >= 0 && s < sections.count {
      if along > 0 {
        candidates.append(ItemPath(s, 0))
      } else if along < 0 {
        candidates.append(ItemPath(s, sections[s].count))
      } else {
        let line = step > 0 ? 0 : layout.lineCount(inSection: s) - 1
        if let place = nearestPlace(inLine: line, section: s, to: center, from: current) { candidates.append(place) }
      }
      s += step
    }
    return candidates
  }

  /// The place on line `line` of section `s` nearest to `center` across the line; past the last tile of
  /// another section's last line, that section's end.
  private func nearestPlace(inLine line: Int, section s: Int, to center: Int, from current: ItemPath) -> ItemPath? {
    let count = arrangement.sections[s].count
    if count == 0 { return ItemPath(s, 0) }
    guard let nearest = nearestItem(inLine: line, section: s, to: center) else { return nil }
    if s != current.section && nearest == count - 1 && center > crossCenter(layout.frame(of: ItemPath(s, nearest))) {
      return ItemPath(s, count)
    }
    return ItemPath(s, nearest)
  }

  private mutating func keyboardMove(_ key: ReorderKey) {
    guard var session = gesture.session else { return }
    let candidates = keyboardDestinations(key, from: session.current)
    guard let first = candidates.first else {
      happenings.append(.blocked("The tile is at the edge"))
      return
    }
    guard let destination = candidates.first(where: { arrangement.checkMove(from: session.current, to: $0) == nil })
    else {
      let refusal = arrangement.checkMove(from: session.current, to: first)!
      session.refusal = DragSession.Refusal(destination: first, reason: refusal)
      gesture = .dragging(session)
      happenings.append(.refused(first, refusal))
      return
    }
    apply(MoveStep(from: session.current, to: destination), .moved(from: session.current, to: destination))
    session.current = destination
    session.refusal = nil
    session.floatingOrigin = layout.frame(of: destination).origin
    gesture = .dragging(session)
    focus = destination
    keepFocusVisible()
  }
}
