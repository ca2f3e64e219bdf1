import Document
import GridLayout
import TileModel

// MARK: - Section headers: focus (Tab, Shift-Tab, a click), and section drags (a long press on a header,
// or Space on a focused one; arrows carry the section, Enter drops, Esc cancels)

extension ReorderState {
  /// The section whose header holds `point` (content coordinates), if any.
  func header(at point: Point, _ layout: FlowLayout) -> Int? {
    guard let s = layout.section(at: point), let frame = layout.headerFrame(s), frame.contains(point) else {
      return nil
    }
    return s
  }

  /// Where section `s`'s header starts (its section's start when there are no headers).
  func headerOrigin(_ s: Int, _ layout: FlowLayout) -> Point {
    layout.headerFrame(s)?.origin ?? layout.sectionFrame(s).origin
  }

  /// The floating header's origin for the pointer: it keeps the grabbed point under the pointer along
  /// the scrolling axis and stays at 0 across it, since a header spans the content.
  func floatingHeaderOrigin(pointer: Point, grabOffset: Point) -> Point {
    let p = contentPoint(pointer) - grabOffset
    return isVertical ? Point(x: 0, y: p.y) : Point(x: p.x, y: 0)
  }

  /// Gives section `s`'s header the focus.
  mutating func focusHeader(_ s: Int, _ document: inout Document) {
    focus = .header(s)
    happenings.append(.focused(focus))
    keepFocusVisible(&document)
  }

  /// Tab and Shift-Tab: the next or previous header in reading order. Headers come before their
  /// sections' tiles, so from a tile Shift-Tab goes to its own section's header.
  ///
  ///     [A] a1 a2 [B] b1 [C] (empty) [D] d1      from b1: Tab -> [C], Shift-Tab -> [B]
  mutating func focusHeader(step: Int, _ document: inout Document) {
    let count = document.arrangement.sections.count
    let target: Int
    if let s = focus.header {
      target = s + step
    } else if let path = focus.tile, document.arrangement.contains(path) {
      target = step > 0 ? path.section + 1 : path.section
    } else {
      target = step > 0 ? 0 : count - 1
    }
    if target >= 0 && target < count {
      focusHeader(target, &document)
    } else {
      happenings.append(.blocked(step > 0 ? .noSectionAfter : .noSectionBefore))
    }
  }

  /// An arrow on a focused header goes to the tiles: forward (right, down) to the first tile after the
  /// header in reading order, back (left, up) to the last tile before it. (Arrows on tiles never land on
  /// headers: Tab does.)
  mutating func leaveHeader(_ s: Int, _ key: ReorderKey, _ document: inout Document) {
    let arrangement = document.arrangement
    let forward = key == .right || key == .down
    var target: ItemPath?
    if isLanes {
      // The first card shown of the lane, or of the nearest lane that way holding cards.
      let lane = arrangement.sections[s].count > 0 && forward ? s : neighbourLane(of: s, step: forward ? 1 : -1, arrangement)
      target = lane.map { ItemPath($0, document.layout.laneTop($0)) }
    } else if forward {
      target = Self.firstTile(in: arrangement, from: s, step: 1)
    } else if let t = (0..<s).last(where: { arrangement.sections[$0].count > 0 }) {
      target = ItemPath(t, arrangement.sections[t].count - 1)
    }
    if let target { setFocus(target, &document) } else { happenings.append(.blocked(.noTileThatWay)) }
  }

  /// Scrolls the least that shows section `s`'s header.
  mutating func revealHeader(_ s: Int, _ layout: FlowLayout) {
    if isLanes { return revealLane(s, layout) }
    let frame = layout.headerFrame(s) ?? layout.bodyFrame(s)
    let change = viewport.reveal(viewport.span(of: frame), contentSize: layout.contentSize)
    if change != 0 { happenings.append(.scrolled(change)) }
  }

  /// Lifts section `s`, unless it is locked (a locked section keeps its place; others move around it).
  mutating func liftSection(_ s: Int, source: DragSource, pointer: Point, _ document: inout Document) {
    if let refusal = document.arrangement.checkMove(SectionMove(from: s, to: s)) {
      happenings.append(.refused(.section(s), refusal))
      return
    }
    let origin = headerOrigin(s, document.layout)
    gesture = .dragging(
      DragSession(
        source: source, lifted: .section(SectionDrag(origin: s, current: s)),
        grabOffset: source == .mouse ? contentPoint(pointer) - origin : .zero, floatingOrigin: origin,
        pointer: pointer, direction: DragDirection()))
    happenings.append(.lifted(.section(s)))
    focus = .header(s)
    if source == .keyboard { keepFocusVisible(&document) }
  }

  /// One section target selection, at most one move: `selectSectionTarget` decides.
  mutating func evaluateSectionTarget(_ document: inout Document) {
    guard var session = gesture.session, var drag = session.section,
      let to = selectSectionTarget(layout: document.layout, session: session)
    else { return }
    let from = drag.current
    // Sections only change places: the content keeps its size, so nothing scrolls back.
    let shift = apply(.moveSection(SectionMove(from: from, to: to)), .moved(.section(from), to: .section(to)), &document)
    session.floatingOrigin = session.floatingOrigin + viewport.along(shift)
    drag.current = to
    session.lifted = .section(drag)
    gesture = .dragging(session)
  }

  /// An arrow while a section is lifted from the keyboard: one place earlier (left, up) or later (right,
  /// down) among the sections, past locked ones too.
  mutating func keyboardMoveSection(_ key: ReorderKey, _ document: inout Document) {
    guard var session = gesture.session, var drag = session.section else { return }
    let step = key == .left || key == .up ? -1 : 1
    let to = drag.current + step
    guard to >= 0 && to < document.arrangement.sections.count else {
      happenings.append(.blocked(.sectionAtEdge))
      return
    }
    apply(.moveSection(SectionMove(from: drag.current, to: to)), .moved(.section(drag.current), to: .section(to)), &document)
    drag.current = to
    session.floatingOrigin = headerOrigin(to, document.layout)
    session.lifted = .section(drag)
    gesture = .dragging(session)
    focus = .header(to)
    keepFocusVisible(&document)
  }
}
