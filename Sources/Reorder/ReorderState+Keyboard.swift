import Document
import GridLayout
import TileModel

// MARK: - Focus and keyboard moves (as dnd-kit's keyboard sensor: arrows move the focus, Space lifts,
// arrows carry the lifted tile, Space drops, Esc cancels)

extension ReorderState {
  /// The first tile at or after section `from` going by `step` (+1 or -1), if any.
  static func firstTile(in arrangement: Arrangement, from section: Int, step: Int) -> ItemPath? {
    var s = section
    while s >= 0 && s < arrangement.sections.count {
      if arrangement.sections[s].count > 0 { return ItemPath(s, 0) }
      s += step
    }
    return nil
  }

  mutating func setFocus(_ path: ItemPath, _ document: inout Document) {
    focus = .tile(path)
    happenings.append(.focused(focus))
    keepFocusVisible(&document)
  }

  /// Scrolls the least that shows the focused tile (and its section's header when it is on the first
  /// line), or the focused header, in the viewport.
  mutating func keepFocusVisible(_ document: inout Document) {
    if isLanes { return keepLaneFocusVisible(&document) }
    let layout = document.layout
    if let s = focus.header, s >= 0, s < layout.sectionCount {
      revealHeader(s, layout)
      return
    }
    guard let focus = focus.tile, document.arrangement.contains(focus) else { return }
    var span = viewport.span(of: layout.frame(of: focus))
    if layout.line(of: focus) == 0 && isVertical {
      span = layout.sectionFrame(focus.section).minY..<span.upperBound
    }
    let change = viewport.reveal(span, contentSize: layout.contentSize)
    if change != 0 { happenings.append(.scrolled(change)) }
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
  private func nearestItem(inLine line: Int, section s: Int, to center: Int, _ layout: FlowLayout) -> Int? {
    var best: (item: Int, distance: Int)?
    for i in layout.items(inLine: line, section: s) {
      let distance = abs(crossCenter(layout.frame(of: ItemPath(s, i))) - center)
      if best == nil || distance < best!.distance { best = (i, distance) }
    }
    return best?.item
  }

  /// The line before or after `path`'s line that holds tiles, crossing into neighbouring sections.
  private func neighbourLine(of path: ItemPath, step: Int, _ document: Document) -> (section: Int, line: Int)? {
    let (arrangement, layout) = (document.arrangement, document.layout)
    let line = layout.line(of: path) + step
    if line >= 0 && line < layout.lineCount(inSection: path.section) { return (path.section, line) }
    var s = path.section + step
    while s >= 0 && s < arrangement.sections.count {
      if arrangement.sections[s].count > 0 { return (s, step > 0 ? 0 : layout.lineCount(inSection: s) - 1) }
      s += step
    }
    return nil
  }

  mutating func moveFocus(_ key: ReorderKey, _ document: inout Document) {
    if let s = focus.header {
      leaveHeader(s, key, &document)
      return
    }
    let (arrangement, layout) = (document.arrangement, document.layout)
    guard let current = focus.tile, arrangement.contains(current) else {
      if let first = Self.firstTile(in: arrangement, from: 0, step: 1) { setFocus(first, &document) }
      return
    }
    let (along, across) = flowStep(key)
    var target: ItemPath?
    if isLanes {
      target = laneFocusTarget(key, from: current, document)
    } else if along != 0 {
      let i = current.item + along
      if i >= 0 && i < arrangement.sections[current.section].count {
        target = ItemPath(current.section, i)
      } else if along > 0 {
        target = Self.firstTile(in: arrangement, from: current.section + 1, step: 1)
      } else if let s = (0..<current.section).last(where: { arrangement.sections[$0].count > 0 }) {
        target = ItemPath(s, arrangement.sections[s].count - 1)
      }
    } else if let (s, line) = neighbourLine(of: current, step: across, document),
      let i = nearestItem(inLine: line, section: s, to: crossCenter(layout.frame(of: current)), layout)
    {
      target = ItemPath(s, i)
    }
    if let target { setFocus(target, &document) } else { happenings.append(.blocked(.noTileThatWay)) }
  }

  /// Space or Enter on a focused tile: lift it, or the block when it is marked.
  mutating func keyboardLift(_ document: inout Document) {
    guard let path = focus.tile, document.arrangement.contains(path) else {
      happenings.append(.nothingToLift)
      return
    }
    if let refusal = document.arrangement.checkLift(path) {
      happenings.append(.refused(.tile(path), refusal))
      return
    }
    var session = DragSession(
      source: .keyboard, lifted: .tiles(TileDrag(origin: path, current: path)), grabOffset: .zero,
      floatingOrigin: document.layout.frame(of: path).origin, pointer: .zero, direction: DragDirection())
    guard liftTiles(&session, at: path, &document) else { return }
    gesture = .dragging(session)
    keepFocusVisible(&document)
    followLiftedTile(document)
  }

  /// After the focus was kept visible: a lane that scrolled moved the lifted tile's slot, and the tile
  /// lifted from the keyboard floats over its slot.
  mutating func followLiftedTile(_ document: Document) {
    guard var session = gesture.session, session.source == .keyboard, let drag = session.tiles,
      document.arrangement.contains(drag.current)
    else { return }
    session.floatingOrigin = document.layout.frame(of: drag.current).origin
    gesture = .dragging(session)
  }

  /// Where the lifted tile (or the block's run: places are where the run starts, counted after it is
  /// taken out) may go for an arrow key, best first: one place in reading order, or the nearest place
  /// on the line before or after. At a section's edge the candidates are the places in each following
  /// section in turn, so that a tile can be carried past a section that refuses it (locked or full), as
  /// a mouse drag can.
  ///
  /// A block's run moves as its tile facing the way would: down, its last tile goes to the nearest
  /// place on the line after the run; up, its first tile to the nearest place on the line before it.
  ///
  ///     A: a b [R R R]         down      A: a b c d e
  ///        c d e f g           ------>      f g [R R R]      the last R goes below itself (under g)
  func keyboardDestinations(_ key: ReorderKey, run: LiftedRun, _ document: Document) -> [ItemPath] {
    if isLanes { return laneDestinations(key, run: run, document) }
    let (along, across) = flowStep(key)
    let (arrangement, layout) = (document.arrangement, document.layout)
    let sections = arrangement.sections
    let step = along != 0 ? along : across
    guard step != 0 else { return [] }
    let s = run.start.section
    if along > 0 && run.end.item + 1 < sections[s].count {
      return [ItemPath(s, run.start.item + 1)]
    }
    if along < 0 && run.start.item > 0 {
      return [ItemPath(s, run.start.item - 1)]
    }
    // The run's tile facing the way.
    let current = step > 0 ? run.end : run.start
    let center = crossCenter(layout.frame(of: current))
    if across != 0 {
      let line = layout.line(of: current) + across
      if line >= 0 && line < layout.lineCount(inSection: s) {
        guard let place = nearestPlace(inLine: line, section: s, to: center, from: current, document) else {
          return []
        }
        return [ItemPath(s, across > 0 ? place.item - (run.count - 1) : place.item)]
      }
    }
    var candidates: [ItemPath] = []
    var other = s + step
    while other >= 0 && other < sections.count {
      if along > 0 {
        candidates.append(ItemPath(other, 0))
      } else if along < 0 {
        candidates.append(ItemPath(other, sections[other].count))
      } else {
        let line = step > 0 ? 0 : layout.lineCount(inSection: other) - 1
        if let place = nearestPlace(inLine: line, section: other, to: center, from: current, document) {
          candidates.append(place)
        }
      }
      other += step
    }
    return candidates
  }

  /// The place on line `line` of section `s` nearest to `center` across the line; past the last tile of
  /// another section's last line, that section's end.
  private func nearestPlace(
    inLine line: Int, section s: Int, to center: Int, from current: ItemPath, _ document: Document
  ) -> ItemPath? {
    let layout = document.layout
    let count = document.arrangement.sections[s].count
    if count == 0 { return ItemPath(s, 0) }
    guard let nearest = nearestItem(inLine: line, section: s, to: center, layout) else { return nil }
    if s != current.section && nearest == count - 1 && center > crossCenter(layout.frame(of: ItemPath(s, nearest))) {
      return ItemPath(s, count)
    }
    return ItemPath(s, nearest)
  }

  mutating func keyboardMove(_ key: ReorderKey, _ document: inout Document) {
    guard var session = gesture.session, var drag = session.tiles else { return }
    let run = drag.run
    let candidates = keyboardDestinations(key, run: run, document)
    guard let first = candidates.first else {
      happenings.append(.blocked(.atEdge))
      return
    }
    let arrangement = document.arrangement
    guard let destination = candidates.first(where: { arrangement.checkMove(run: run, to: $0) == nil }) else {
      let refusal = arrangement.checkMove(run: run, to: first)!
      drag.refusal = TileDrag.ForbiddenDrop(destination: first, reason: refusal)
      session.lifted = .tiles(drag)
      gesture = .dragging(session)
      happenings.append(.refused(.tile(first), refusal))
      return
    }
    _ = moveLifted(&drag, to: destination, &document)
    drag.refusal = nil
    session.floatingOrigin = document.layout.frame(of: drag.current).origin
    session.lifted = .tiles(drag)
    gesture = .dragging(session)
    focus = .tile(drag.current)
    keepFocusVisible(&document)
    followLiftedTile(document)
  }
}
