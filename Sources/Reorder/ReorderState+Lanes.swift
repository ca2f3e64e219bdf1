import Document
import GridLayout
import TileModel

// MARK: - Lanes (`Direction.lanes`, docs/reordering.md, "Lanes"): ↑ ↓ within a lane, ← → between lanes
// at the same row, each lane scrolled on its own to show the focus, the board sideways by whole lanes.
//
// A lane's scroll belongs to the layout (`FlowLayout.laneTop`), so that what is drawn, hit tested and
// chosen as a target is where the cards are; these rules decide when it changes. Each costs a few
// lookups, whatever a lane holds.

extension ReorderState {
  /// Whether the content is a board's lanes.
  var isLanes: Bool { viewport.direction == .lanes }

  /// Lanes: the focused card shown in its lane, and its lane (or the focused header's) on screen,
  /// scrolled sideways by whole lanes.
  mutating func keepLaneFocusVisible(_ document: inout Document) {
    let s: Int
    if let header = focus.header, header >= 0, header < document.layout.sectionCount {
      s = header
    } else if let path = focus.tile, document.arrangement.contains(path) {
      s = path.section
      let change = document.revealCard(at: path)
      if change != 0 { happenings.append(.laneScrolled(s, by: change)) }
    } else {
      return
    }
    revealLane(s, document.layout)
  }

  /// Lanes: scrolls sideways, by whole lanes, the least that shows lane `s`.
  mutating func revealLane(_ s: Int, _ layout: FlowLayout) {
    scroll(by: layout.lanePosition(revealing: s, from: viewport.position) - viewport.position, layout)
  }

  /// Lanes: scrolls lane `s` by `delta` cards (kept within range), reports it, and returns the change.
  @discardableResult
  mutating func scrollLane(_ s: Int, by delta: Int, _ document: inout Document) -> Int {
    let change = document.scrollLane(s, to: document.layout.laneTop(s) + delta)
    if change != 0 { happenings.append(.laneScrolled(s, by: change)) }
    return change
  }

  /// Lanes: the row among a lane's cards shown that card `path` is drawn on (0: the first card shown),
  /// kept to the rows there are.
  func laneRow(of path: ItemPath, _ layout: FlowLayout) -> Int {
    min(max(0, path.item - layout.laneTop(path.section)), layout.visibleCards - 1)
  }

  /// Lanes: the nearest lane that holds cards, from lane `s` going by `step`, not `s` itself.
  func neighbourLane(of s: Int, step: Int, _ arrangement: Arrangement) -> Int? {
    var other = s + step
    while other >= 0 && other < arrangement.sections.count {
      if arrangement.sections[other].count > 0 { return other }
      other += step
    }
    return nil
  }

  /// Lanes: where an arrow takes the focus from card `current`: ↑ ↓ the card above or below in its
  /// lane (none past its ends), ← → the card drawn at the same row in the nearest lane that way that
  /// holds cards (its last card, when the lane is shorter).
  func laneFocusTarget(_ key: ReorderKey, from current: ItemPath, _ document: Document) -> ItemPath? {
    let (arrangement, layout) = (document.arrangement, document.layout)
    switch key {
    case .up, .down:
      let i = current.item + (key == .up ? -1 : 1)
      return i >= 0 && i < arrangement.sections[current.section].count ? ItemPath(current.section, i) : nil
    case .left, .right:
      guard let s = neighbourLane(of: current.section, step: key == .left ? -1 : 1, arrangement) else { return nil }
      let i = min(layout.laneTop(s) + laneRow(of: current, layout), arrangement.sections[s].count - 1)
      return ItemPath(s, i)
    default:
      return nil
    }
  }

  /// Lanes: where an arrow may carry the lifted card (or a block's run), best first: ↑ ↓ one place in
  /// its lane (nothing past its ends: a card leaves a lane sideways only); ← → the place at the same row
  /// in each lane that way in turn (the lane's end when it is shorter), so that a card is carried past a
  /// lane that refuses it.
  func laneDestinations(_ key: ReorderKey, run: LiftedRun, _ document: Document) -> [ItemPath] {
    let (arrangement, layout) = (document.arrangement, document.layout)
    let s = run.start.section
    switch key {
    case .up:
      return run.start.item > 0 ? [ItemPath(s, run.start.item - 1)] : []
    case .down:
      return run.end.item + 1 < arrangement.sections[s].count ? [ItemPath(s, run.start.item + 1)] : []
    case .left, .right:
      let step = key == .left ? -1 : 1
      let row = laneRow(of: run.start, layout)
      var candidates: [ItemPath] = []
      var other = s + step
      while other >= 0 && other < arrangement.sections.count {
        candidates.append(ItemPath(other, min(layout.laneTop(other) + row, arrangement.sections[other].count)))
        other += step
      }
      return candidates
    default:
      return []
    }
  }

  /// Lanes: PageUp and PageDown move the focus a lane's page of cards (the cards shown, less one) up or
  /// down its lane, which scrolls to show it; nothing past the lane's ends.
  mutating func lanePage(_ step: Int, _ document: inout Document) {
    guard let current = focus.tile, document.arrangement.contains(current) else {
      happenings.append(.blocked(.noTileThatWay))
      return
    }
    let count = document.arrangement.sections[current.section].count
    let target = min(max(0, current.item + step * max(1, document.layout.visibleCards - 1)), count - 1)
    guard target != current.item else {
      happenings.append(.blocked(.noTileThatWay))
      return
    }
    setFocus(ItemPath(current.section, target), &document)
  }

  /// Lanes: the mouse wheel scrolls the lane under the pointer, a card a notch.
  mutating func laneWheel(_ notches: Int, at point: Point, _ document: inout Document) {
    guard viewport.frame.contains(point), let s = document.layout.section(at: contentPoint(point)) else { return }
    scrollLane(s, by: notches, &document)
  }
}
