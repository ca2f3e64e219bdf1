import TestSupport
import Testing
import TileModel

@testable import GridLayout

/// Lanes (`Direction.lanes`, docs/layout.md, "Lanes"): a board as taskell, Trello and Obsidian show it.
/// Each rule as a picture (`#` headers, letters cards in reading order, `.` the rest), then the rules a
/// picture cannot show: each lane's scroll, hit testing of the cards shown only, and the layout kept in
/// step through random moves, edits and scrolls.
@Suite("Lanes: one column per section, each scrolling on its own")
struct LanesTests {
  /// Cards 3 x 2, a blank row between them, a row above the cards for `↑ N more` and one below for
  /// `↓ N more`, a one-row header, a cell of inset either side: lanes 5 wide.
  static func board(_ counts: [Int]) -> Arrangement {
    arrangement(params(.lanes, item: (3, 2), inter: 1, inset: (1, 1, 1, 1), header: 1), counts.map(tiles))
  }

  @Test("each lane is one column of cards from the top; a lane longer than the screen never wraps, its cards go on below")
  func oneColumnPerLane() {
    // Height 10: 7 rows for cards (10 less the header and the two rows), so 2 cards of 3 rows a pitch
    // are shown (rows 2-6); card c lies below them, d and e further down, outside the content.
    let a = Self.board([5, 1, 0])
    let layout = FlowLayout(arrangement: a, viewport: Size(width: 15, height: 10))
    #expect(
      picture(layout.snapshot) == """
        ###############
        ...............
        .aaa..fff......
        .aaa..fff......
        ...............
        .bbb...........
        .bbb...........
        ...............
        .ccc...........
        .ccc...........
        """)
    #expect(layout.visibleCards == 2)
    #expect(layout.cardWindow == Rect(x: 0, y: 2, width: 15, height: 5))
    #expect(layout.lineCount(inSection: 0) == 1 && layout.line(of: ItemPath(0, 4)) == 0)
    #expect(layout.frame(of: ItemPath(0, 4)) == Rect(x: 1, y: 14, width: 3, height: 2))
    #expect(layout.contentSize == Size(width: 15, height: 10))
    // An empty lane's body is where its first card would be.
    #expect(layout.bodyFrame(2) == Rect(x: 11, y: 2, width: 3, height: 2))
    #expect(layout.cardsAbove(0) == 0 && layout.cardsBelow(0) == 3 && layout.cardsBelow(1) == 0)
  }

  @Test("a card keeps the lane's width whatever its own, and a lane of mixed widths is still one column")
  func cardsAreTheLanesWidth() {
    let a = arrangement(params(.lanes, item: (3, 1), inter: 0, header: 1), [[9, nil, 1], [20]])
    let layout = FlowLayout(arrangement: a, viewport: Size(width: 6, height: 4))
    #expect(
      picture(layout.snapshot) == """
        ######
        aaaddd
        bbb...
        ccc...
        """)
  }

  @Test("a lane scrolls by whole cards on its own: its cards move up, the other lanes stay; never past its last card")
  func laneScrollsOnItsOwn() {
    var layout = FlowLayout(arrangement: Self.board([5, 3]), viewport: Size(width: 10, height: 10))
    #expect(layout.setLaneTop(0, to: 2) == 2)
    // Frames are where cards are drawn: b, scrolled past, lies over the header, where a view clips it
    // away (`cardWindow`).
    #expect(
      picture(layout.snapshot) == """
        #bbb######
        ..........
        .ccc..fff.
        .ccc..fff.
        ..........
        .ddd..ggg.
        .ddd..ggg.
        ..........
        .eee..hhh.
        .eee..hhh.
        """)
    #expect(layout.shownCards(0) == 2..<4 && layout.cardsAbove(0) == 2 && layout.cardsBelow(0) == 1)
    #expect(layout.frame(of: ItemPath(0, 0)) == Rect(x: 1, y: -4, width: 3, height: 2))
    // Kept within 0...count - shown: 5 cards, 2 shown.
    #expect(layout.setLaneTop(0, to: 99) == 1 && layout.laneTop(0) == 3)
    #expect(layout.setLaneTop(0, to: -5) == -3 && layout.laneTop(0) == 0)
    // Revealing scrolls the least: card 4 at the bottom of those shown, then card 1 at the top.
    #expect(layout.revealCard(4, inLane: 0) == 3 && layout.shownCards(0) == 3..<5)
    #expect(layout.revealCard(3, inLane: 0) == 0)
    #expect(layout.revealCard(1, inLane: 0) == -2 && layout.shownCards(0) == 1..<3)
  }

  @Test("hit testing finds the cards shown only; an empty lane takes a drop anywhere under its header; a lane's end is under its last card when it is shown")
  func dropZones() {
    var layout = FlowLayout(arrangement: Self.board([5, 1, 0]), viewport: Size(width: 15, height: 10))
    layout.setLaneTop(0, to: 1)
    let a = Self.board([5, 1, 0])
    let area = Rect(x: 0, y: 0, width: 15, height: 10)
    // Lane 0 shows b and c (a is scrolled above, d and e below: nothing to hit there, no end zone); lane
    // 1's end zone is under f; lane 2 is empty.
    #expect(
      queryPicture(area) { dropZoneMark(layout.dropZone(at: $0), in: a) } == """
        ...............
        ..........EEEEE
        .bbb..fff.EEEEE
        .bbb..fff.EEEEE
        .....>>>>>EEEEE
        .ccc.>>>>>EEEEE
        .ccc.>>>>>EEEEE
        .....>>>>>EEEEE
        .....>>>>>EEEEE
        .....>>>>>EEEEE
        """)
    #expect(layout.item(at: Point(x: 1, y: 0)) == nil)
    #expect(layout.item(at: Point(x: 2, y: 5)) == ItemPath(0, 2))
    // Scrolled to its end, lane 0's end zone is under e.
    layout.setLaneTop(0, to: 3)
    #expect(layout.dropZone(at: Point(x: 2, y: 8)) == .sectionEnd(0, besideLastItem: true))
    #expect(layout.dropZone(at: Point(x: 2, y: 4)) == nil)
  }

  @Test("forEachItem(in:) visits exactly the cards whose frames meet a rect, in reading order, scrolled lanes too")
  func visitsMatchBruteForce() {
    var rng = SplitMix64(seed: 0x1A4E_0001)
    for n in 0..<300 {
      let counts = (0..<rng.int(1...5)).map { _ in rng.chance(20) ? 0 : rng.int(1...30) }
      let a = arrangement(
        params(
          .lanes, item: (rng.int(1...6), rng.int(1...4)), inter: rng.int(0...2),
          inset: (rng.int(0...2), rng.int(0...2), rng.int(0...2), rng.int(0...2)), header: rng.int(0...2)),
        counts.map(tiles))
      var layout = FlowLayout(arrangement: a, viewport: Size(width: rng.int(0...40), height: rng.int(0...30)))
      for s in counts.indices { layout.setLaneTop(s, to: rng.int(0...30)) }
      for _ in 0..<10 {
        let rect = Rect(x: rng.int(-5...45), y: rng.int(-40...40), width: rng.int(0...30), height: rng.int(0...40))
        var visited: [ItemPath] = []
        layout.forEachItem(in: rect) { path, frame in
          #expect(frame == layout.frame(of: path))
          visited.append(path)
        }
        let expected = allPaths(a).filter { layout.frame(of: $0).intersects(rect) }
        #expect(visited == expected, "case \(n), rect \(rect)")
        if visited != expected { return }
      }
    }
  }

  @Test("the content is as wide as scrolling by whole lanes needs; lanePosition shows a lane the least, at a lane's edge")
  func sidewaysByWholeLanes() {
    // Lanes 5 wide on a screen 12 wide: 2 fit whole. Five lanes: the last screen starts at lane 3.
    let layout = FlowLayout(arrangement: Self.board([1, 1, 1, 1, 1]), viewport: Size(width: 12, height: 10))
    #expect(layout.contentSize.width == 15 + 12)
    #expect(layout.lanePosition(revealing: 1, from: 0) == 0)
    #expect(layout.lanePosition(revealing: 2, from: 0) == 5)  // lanes 1 and 2
    #expect(layout.lanePosition(revealing: 4, from: 0) == 15)  // lanes 3 and 4
    #expect(layout.lanePosition(revealing: 0, from: 15) == 0)
    #expect(layout.lanePosition(revealing: 3, from: 15) == 15)
    // Fewer lanes than fit: nothing scrolls.
    let two = FlowLayout(arrangement: Self.board([1, 1]), viewport: Size(width: 12, height: 10))
    #expect(two.contentSize.width == 12)
  }

  @Test("random moves, edits and lane scrolls keep the layout equal to a fresh one given the same scrolls")
  func keptInStep() throws {
    var rng = SplitMix64(seed: 0x1A4E_0002)
    for n in 0..<60 {
      var a = arrangement(
        params(.lanes, item: (rng.int(1...5), rng.int(1...3)), inter: rng.int(0...2), inset: (1, 1, rng.int(0...1), 1), header: 1),
        (0..<rng.int(1...6)).map { _ in tiles(rng.chance(20) ? 0 : rng.int(1...25)) })
      let viewport = Size(width: rng.int(5...40), height: rng.int(4...25))
      var layout = FlowLayout(arrangement: a, viewport: viewport)
      var done: [String] = []
      for _ in 0..<80 {
        if rng.chance(25), a.sections.count > 0 {
          let s = rng.int(0...(a.sections.count - 1))
          layout.setLaneTop(s, to: rng.int(-2...30))
          done.append("scroll \(s)")
        } else if let change = OrganizeTests.randomChange(a, layout, &rng, edits: true) {
          done.append(try OrganizeTests.apply(change, to: &a, &layout))
        }
        var fresh = FlowLayout(arrangement: a, viewport: viewport)
        fresh.restoreLaneTops(layout.allLaneTops)
        let failure =
          difference(layout.snapshot, fresh.snapshot, actualName: "kept")
          ?? a.sections.indices.first { layout.laneTop($0) > layout.maximumLaneTop($0) || layout.laneTop($0) < 0 }
          .map { "lane \($0)'s scroll \(layout.laneTop($0)) is out of range" }
        #expect(failure == nil, "case \(n) after [\(done.joined(separator: ", "))]: \(failure ?? "")")
        if failure != nil { return }
      }
    }
  }

  @Test("a million cards in one lane: every query is arithmetic, and a screen's visit meets only the cards shown")
  func aMillionCards() {
    let count = 1_000_000
    let a = Arrangement(sections: [
      (Section(id: "long"), (0..<count).map { Tile(id: "t\($0)") }), (Section(id: "short"), [Tile(id: "x")]),
    ])
    var layout = FlowLayout(
      arrangement: a, viewport: Size(width: 80, height: 22),
      parameters: .lanes(viewportWidth: 80, lanes: a.sections.count))
    #expect(layout.setLaneTop(0, to: count) == count - layout.visibleCards)
    var visited = 0
    layout.forEachItem(in: layout.cardWindow) { _, _ in visited += 1 }
    // The cards shown of the long lane, the short lane's card, and none of the million others.
    #expect(visited == layout.visibleCards + 1)
    #expect(layout.item(at: Point(x: 3, y: 3)) == ItemPath(0, count - layout.visibleCards))
    #expect(layout.cardsAbove(0) == count - layout.visibleCards && layout.cardsBelow(0) == 0)
  }

  @Test("lanes at widths and heights 0, 1 and smaller than a card never crash, never have a negative size, and show a card")
  func degenerateSizes() {
    for counts in [[], [0], [3], [40, 0, 1]] {
      for item in [(1, 1), (5, 3), (30, 10)] {
        let a = arrangement(params(.lanes, item: item, inter: 2, inset: (3, 1, 3, 1), header: 2), counts.map(tiles))
        for width in DegenerateTests.sides {
          for height in DegenerateTests.sides {
            var layout = FlowLayout(arrangement: a, viewport: Size(width: width, height: height))
            for s in counts.indices { layout.setLaneTop(s, to: 100) }
            let content = layout.contentSize
            #expect(content.width >= 0 && content.height >= 0 && layout.available >= 1 && layout.visibleCards >= 1)
            for s in counts.indices where counts[s] > 0 {
              let top = layout.laneTop(s)
              #expect(layout.frame(of: ItemPath(s, top)).height >= 1)
              #expect(layout.item(at: layout.frame(of: ItemPath(s, top)).origin) == ItemPath(s, top))
            }
            for x in -1...(content.width + 1) {
              for y in -1...(content.height + 1) { _ = layout.dropZone(at: Point(x: x, y: y)) }
            }
          }
        }
      }
    }
  }
}
