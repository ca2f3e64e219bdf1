import TileModel

// MARK: - Lanes (`Direction.lanes`): a board as taskell, Trello and Obsidian Kanban show it
//
// Each section is a lane, one column of cards from the top that never wraps into a second column; the
// lanes sit side by side and the content scrolls sideways by whole lanes. A lane longer than the
// screen scrolls on its own: `laneTops[s]` is its first card shown, and its cards' frames move with it,
// so content coordinates are where things are drawn (less the sideways scroll) and hit testing, drop
// zones, target selection and motion need nothing else.
//
//     x: lane 0          lane 1          y
//     To Do 200 ───  Doing 2 ──────     0   header
//       ↑ 3 more                        1   sectionInset.top: the row for `↑ N more`
//      ┌─────────┐    ┌─────────┐       2   card laneTops[0] = 3 (cards 0-2 are above, at y < 2)
//      │ card 3  │    │ card 0  │
//      └─────────┘    └─────────┘
//                                           interitemSpacing
//      ┌─────────┐    ┌─────────┐       7   card 4
//      ...
//       ↓ 12 more                           the row under the last card shown: `↓ N more`
//
// The cards shown are `visibleCards` whole cards (`cardWindowHeight` rows, no part of a card); a card
// above or below them has a frame outside that window, which hit testing does not find and a view
// clips away (`cardWindow`). Everything is arithmetic: no query visits more than the cards it returns.

extension FlowLayout {
  /// Lanes: the row of the first card shown, in content coordinates.
  var cardsTop: Int { parameters.headerHeight + parameters.sectionInset.top }

  /// Lanes: from one card's top to the next one's.
  var cardPitch: Int { itemHeight + parameters.interitemSpacing }

  /// Lanes: how many whole cards a lane shows at once (at least one).
  public var visibleCards: Int {
    max(1, (available + parameters.interitemSpacing) / cardPitch)
  }

  /// Lanes: the rows the cards shown take, from `cardsTop`.
  var cardWindowHeight: Int { visibleCards * cardPitch - parameters.interitemSpacing }

  /// Lanes: the band of rows where cards are shown, across the whole content (content coordinates). A
  /// card drawn outside it (one scrolled past, one gliding in) is clipped to it; headers and the `↑ N
  /// more` and `↓ N more` rows lie outside.
  public var cardWindow: Rect {
    Rect(x: 0, y: cardsTop, width: contentSize.width, height: cardWindowHeight)
  }

  /// Lanes: the width of the content, so that every lane-aligned scroll position can be reached: the
  /// last screen shows the last lanes that fit whole, from a lane's left edge, and blank beyond.
  var lanesContentWidth: Int {
    let count = sections.count
    guard count > 0 else { return viewport.width }
    let lane = extents[count - 1]
    let fit = lane > 0 ? max(1, viewport.width / lane) : count
    let lastFirst = max(0, count - fit)
    return max(extents.total, extents.prefix(lastFirst) + viewport.width)
  }

  // MARK: Each lane's scroll

  /// Lanes: the first card lane `s` shows (0 in the other directions). - Complexity: O(1).
  public func laneTop(_ s: Int) -> Int {
    isLanes ? laneTops[s] : 0
  }

  /// Lanes: the furthest a lane scrolls: its last card at the bottom of the cards shown.
  public func maximumLaneTop(_ s: Int) -> Int {
    max(0, sections[s].count - visibleCards)
  }

  /// Lanes: how many cards of lane `s` are above the cards shown.
  public func cardsAbove(_ s: Int) -> Int { laneTop(s) }

  /// Lanes: how many cards of lane `s` are below the cards shown.
  public func cardsBelow(_ s: Int) -> Int {
    isLanes ? max(0, sections[s].count - laneTops[s] - visibleCards) : 0
  }

  /// Lanes: the cards lane `s` shows. - Complexity: O(1).
  public func shownCards(_ s: Int) -> Range<Int> {
    let top = laneTop(s)
    return top..<min(sections[s].count, top + visibleCards)
  }

  /// Lanes: scrolls lane `s` so that `top` is its first card shown, kept within
  /// `0...maximumLaneTop(s)`; returns the change in cards. Nothing else moves. - Complexity: O(1).
  @discardableResult
  public mutating func setLaneTop(_ s: Int, to top: Int) -> Int {
    guard isLanes else { return 0 }
    let old = laneTops[s]
    laneTops[s] = min(max(0, top), maximumLaneTop(s))
    return laneTops[s] - old
  }

  /// Lanes: scrolls lane `s` the least that shows card `item`; returns the change in cards.
  @discardableResult
  public mutating func revealCard(_ item: Int, inLane s: Int) -> Int {
    guard isLanes else { return 0 }
    let top = laneTops[s]
    if item < top { return setLaneTop(s, to: item) }
    if item >= top + visibleCards { return setLaneTop(s, to: item - visibleCards + 1) }
    return 0
  }

  /// Lanes: each lane's scroll, by index (for a layout made again: `restoreLaneTops`).
  public var allLaneTops: [Int] { laneTops }

  /// Lanes: gives the lanes the scrolls of another layout of the same sections (a new screen size),
  /// each kept within range. Nothing happens when the lanes differ in number.
  public mutating func restoreLaneTops(_ tops: [Int]) {
    guard isLanes, tops.count == laneTops.count else { return }
    for s in tops.indices { setLaneTop(s, to: tops[s]) }
  }

  /// Lanes: keeps lane `s`'s scroll within range after it lost or gained cards (a lane that got
  /// shorter than its scroll allows scrolls back, as the whole content does).
  mutating func keepLaneTop(_ s: Int) {
    guard isLanes, laneTops[s] > maximumLaneTop(s) else { return }
    laneTops[s] = maximumLaneTop(s)
  }

  /// Lanes: the sideways scroll position nearest `position` that shows lane `s` whole (or its left
  /// edge, when it is wider than the screen), at a lane's left edge. - Complexity: O(log S).
  public func lanePosition(revealing s: Int, from position: Int) -> Int {
    let left = extents.prefix(s)
    let right = left + extents[s]
    if left < position || right - left >= viewport.width { return left }
    guard right > position + viewport.width else { return position }
    // The first lane whose left edge leaves room for lane `s` to its right.
    var first = s
    while first > 0 && right - extents.prefix(first - 1) <= viewport.width { first -= 1 }
    return extents.prefix(first)
  }

  // MARK: Hit testing and visiting

  /// Lanes: the card at `point`: only cards shown count (one scrolled past is not there to hit).
  func laneItem(at point: Point) -> ItemPath? {
    guard let s = section(at: point) else { return nil }
    let g = sections[s]
    let left = extents.prefix(s) + parameters.sectionInset.left
    guard point.x >= left, point.x < left + g.uniformWidth else { return nil }
    let relative = point.y - cardsTop
    guard relative >= 0, relative < cardWindowHeight, relative % cardPitch < itemHeight else { return nil }
    let i = laneTops[s] + relative / cardPitch
    return i < g.count ? ItemPath(s, i) : nil
  }

  /// Lanes: the drop zone at `point`: a card shown; an empty lane anywhere below its header; below the
  /// last card when it is shown, the lane's end (beside the last card: a lane is one line).
  func laneDropZone(at point: Point) -> DropZone? {
    if let path = laneItem(at: point) { return .item(path) }
    guard let s = section(at: point), point.y >= parameters.headerHeight else { return nil }
    let count = sections[s].count
    if count == 0 { return .emptySection(s) }
    let last = frame(of: ItemPath(s, count - 1))
    return cardsBelow(s) == 0 && point.y >= last.maxY ? .sectionEnd(s, besideLastItem: true) : nil
  }

  /// Lanes: `forEachItem(in:)`, each lane's cards whose frames meet `rect` found by arithmetic.
  func forEachLaneItem(in rect: Rect, _ body: (ItemPath, Rect) -> Void) {
    let pitch = cardPitch
    for s in sections(intersecting: rect) where sections[s].count > 0 {
      let top = laneTops[s]
      // Card k (relative to the lane's top) spans cardsTop + k * pitch ..< that + itemHeight.
      func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
      let first = max(0, top + floorDiv(rect.minY - cardsTop - itemHeight, pitch) + 1)
      let last = min(sections[s].count - 1, top + floorDiv(rect.maxY - 1 - cardsTop, pitch))
      guard first <= last else { continue }
      for i in first...last {
        let path = ItemPath(s, i)
        let frame = self.frame(of: path)
        if frame.intersects(rect) { body(path, frame) }
      }
    }
  }
}
