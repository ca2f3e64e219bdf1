import GridLayout
import TileModel

// MARK: - Section headers: focus (Tab, Shift-Tab, a click), and section drags (a long press on a header,
// or Space on a focused one; arrows carry the section, Enter drops, Esc cancels)

extension ReorderState {
  /// The section whose header holds `point` (content coordinates), if any.
  func header(at point: Point) -> Int? {
    guard let s = layout.section(at: point), let frame = layout.headerFrame(s), frame.contains(point) else {
      return nil
    }
    return s
  }

  /// Where section `s`'s header starts (its section's start when there are no headers).
  func headerOrigin(_ s: Int) -> Point {
    layout.headerFrame(s)?.origin ?? layout.sectionFrame(s).origin
  }

  /// The floating header's origin for the pointer: it keeps the grabbed point under the pointer along
  /// the scrolling axis and stays at 0 across it, since a header spans the content.
  func floatingHeaderOrigin(pointer: Point, grabOffset: Point) -> Point {
    let p = contentPoint(pointer) - grabOffset
    return isVertical ? Point(x: 0, y: p.y) : Point(x: p.x, y: 0)
  }

  /// Gives section `s`'s header the focus.
  mutating func focusHeader(_ s: Int) {
    focus = nil
    focusedSection = s
    happenings.append(.focusedSection(s))
    keepFocusVisible()
  }

  /// Tab and Shift-Tab: the next or previous header in reading order. Headers come before their
  /// sections' tiles, so from a tile Shift-Tab goes to its own section's header.
  ///
  ///     [A] a1 a2 [B] b1 [C] (empty) [D] d1      from b1: Tab -> [C], Shift-Tab -> [B]
  mutating func focusHeader(step: Int) {
    let count = arrangement.sections.count
    let target: Int
    if let s = focusedSection {
      target = s + step
    } else if let path = focus, arrangement.contains(path) {
      target = step > 0 ? path.section + 1 : path.section
    } else {
      target = step > 0 ? 0 : count - 1
    }
    if target >= 0 && target < count {
      focusHeader(target)
    } else {
      happenings.append(.blocked(step > 0 ? .noSectionAfter : .noSectionBefore))
    }
  }

  /// An arrow on a focused header goes to the tiles: forward (right, down) to the first tile after the
  /// header in reading order, back (left, up) to the last tile before it. (Arrows on tiles never land on
  /// headers: Tab does.)
  mutating func leaveHeader(_ s: Int, _ key: ReorderKey) {
    let forward = key == .right || key == .down
    var target: ItemPath?
    if forward {
      target = firstTile(from: s, step: 1)
    } else if let t = (0..<s).last(where: { arrangement.sections[$0].count > 0 }) {
      target = ItemPath(t, arrangement.sections[t].count - 1)
    }
    if let target { setFocus(target) } else { happenings.append(.blocked(.noTileThatWay)) }
  }

  /// Scrolls the least that shows section `s`'s header.
  mutating func revealHeader(_ s: Int) {
    let frame = layout.headerFrame(s) ?? layout.bodyFrame(s)
    let change = viewport.reveal(viewport.span(of: frame), contentSize: layout.contentSize)
    if change != 0 { happenings.append(.scrolled(change)) }
  }

  /// Lifts section `s`, unless it is locked (a locked section keeps its place; others move around it).
  mutating func liftSection(_ s: Int, source: DragSource, pointer: Point) {
    if let refusal = arrangement.checkMove(SectionMove(from: s, to: s)) {
      happenings.append(.refusedSection(s, refusal))
      return
    }
    let origin = headerOrigin(s)
    gesture = .draggingSection(
      SectionDragSession(
        source: source, origin: s, current: s, grabOffset: source == .mouse ? contentPoint(pointer) - origin : .zero,
        floatingOrigin: origin, pointer: pointer, direction: DragDirection(), scrollAnchor: nil))
    happenings.append(.liftedSection(s))
    focus = nil
    focusedSection = s
    if source == .keyboard { keepFocusVisible() }
  }

  /// One section target selection, at most one move: `selectSectionTarget` decides.
  mutating func evaluateSectionTarget() {
    guard var session = gesture.sectionSession, let to = selectSectionTarget(layout: layout, session: session) else {
      return
    }
    let from = session.current
    // Sections only change places: the content keeps its size, so nothing scrolls back.
    let shift = apply(.section(SectionMove(from: from, to: to)), .movedSection(from: from, to: to))
    session.floatingOrigin = session.floatingOrigin + viewport.along(shift)
    session.current = to
    gesture = .draggingSection(session)
  }

  /// An arrow while a section is lifted from the keyboard: one place earlier (left, up) or later (right,
  /// down) among the sections, past locked ones too.
  mutating func keyboardMoveSection(_ key: ReorderKey) {
    guard var session = gesture.sectionSession else { return }
    let step = key == .left || key == .up ? -1 : 1
    let to = session.current + step
    guard to >= 0 && to < arrangement.sections.count else {
      happenings.append(.blocked(.sectionAtEdge))
      return
    }
    apply(.section(SectionMove(from: session.current, to: to)), .movedSection(from: session.current, to: to))
    session.current = to
    session.floatingOrigin = headerOrigin(to)
    gesture = .draggingSection(session)
    focusedSection = to
    keepFocusVisible()
  }

  mutating func dropSection(_ session: SectionDragSession) {
    gesture = .idle
    let moved = session.current != session.origin
    if moved { history.record(.section(SectionMove(from: session.origin, to: session.current))) }
    happenings.append(.droppedSection(session.current, moved: moved))
    focus = nil
    focusedSection = session.current
    if session.source == .keyboard { keepFocusVisible() }
  }

  /// Cancel: the section goes back to its index; the arrangement is exactly the one before the lift.
  mutating func cancelSection(_ session: SectionDragSession) {
    gesture = .idle
    if session.current != session.origin {
      apply(.section(SectionMove(from: session.current, to: session.origin)), .cancelledSection(session.origin))
    } else {
      happenings.append(.cancelledSection(session.origin))
    }
    focus = nil
    focusedSection = session.origin
  }
}
