import Testing
import TileModel

@testable import GridLayout

/// The flow layout's rules 1-7 (vertical direction, docs/layout.md), one picture per rule. Each picture is drawn from the
/// engine and from the reference layout; both must match it exactly.
@Suite("Flow layout, vertical: one picture per rule")
struct VerticalRuleTests {
  @Test("rule 1: sections stack top to bottom: header, top inset, lines, bottom inset")
  func sectionsStack() {
    // A = 14 - 1 - 2 = 11, k = (11 + 1) / (3 + 1) = 3, no leftover.
    let a = arrangement(params(item: (3, 1), inter: 1, inset: (1, 1, 1, 2), header: 1), [tiles(2), tiles(4)])
    expectPicture(
      a, width: 14, height: 5,
      """
      ##############
      ..............
      .aaa.bbb......
      ..............
      ##############
      ..............
      .ccc.ddd.eee..
      .fff..........
      ..............
      """)
    let layout = FlowLayout(arrangement: a, viewport: Size(width: 14, height: 5))
    #expect(layout.sectionFrame(0) == Rect(x: 0, y: 0, width: 14, height: 4))
    #expect(layout.sectionFrame(1) == Rect(x: 0, y: 4, width: 14, height: 5))
    #expect(layout.headerFrame(0) == Rect(x: 0, y: 0, width: 14, height: 1))
    #expect(layout.headerFrame(1) == Rect(x: 0, y: 4, width: 14, height: 1))
  }

  @Test("rule 1: with headerHeight 0 a section has no header, and its frame starts at its top inset")
  func noHeader() {
    let a = arrangement(params(item: (3, 1), inter: 1, inset: (1, 0, 0, 0)), [tiles(1), tiles(1)])
    expectPicture(
      a, width: 5, height: 3,
      """
      .....
      .aaa.
      .....
      .bbb.
      """)
    let layout = FlowLayout(arrangement: a, viewport: Size(width: 5, height: 3))
    #expect(layout.headerFrame(0) == nil)
    #expect(layout.sectionFrame(1) == Rect(x: 0, y: 2, width: 5, height: 2))
  }

  @Test("rule 2: a tile wider than A = W - inset.left - inset.right is shrunk to A")
  func tooWideTileShrinks() {
    // A = 6: the 9-wide tile becomes 6 wide, like the 6-wide one; a full line of one tile is centered.
    let a = arrangement(params(item: (2, 1), inter: 1, inset: (0, 1, 0, 1)), [[9, 6, nil, nil]])
    expectPicture(
      a, width: 8, height: 3,
      """
      .aaaaaa.
      .bbbbbb.
      .cc.dd..
      """)
    let layout = FlowLayout(arrangement: a, viewport: Size(width: 8, height: 3))
    #expect(layout.frame(of: ItemPath(0, 0)) == Rect(x: 1, y: 0, width: 6, height: 1))
  }

  @Test("rule 3: lines fill greedily: a tile joins while used + spacing + w <= A (equality fits)")
  func greedyFilling() {
    // W = A = 10; line 3 is e (5) + 1 + f (4) = 10 exactly.
    let a = arrangement(params(inter: 1, align: .left), [[3, 3, 3, 2, 5, 4, 1]])
    expectPicture(
      a, width: 10, height: 4,
      """
      aaa.bbb...
      ccc.dd....
      eeeee.ffff
      g.........
      """)
  }

  @Test("rule 4: lines are itemSize.height tall, lineSpacing apart, none before the first or after the last")
  func lineSpacing() {
    let a = arrangement(params(item: (2, 2), line: 1, inter: 1, header: 1), [tiles(3), tiles(1)])
    expectPicture(
      a, width: 5, height: 9,
      """
      #####
      aa.bb
      aa.bb
      .....
      cc...
      cc...
      #####
      dd...
      dd...
      """)
  }

  @Test("rule 5: justify uses fixed columns, leftover shared by the gaps with the remainder to the first gaps")
  func justifyFixedColumns() {
    // W = 13, w = 2, s = 1: k = 14 / 3 = 4, L = 13 - 8 - 3 = 2: gaps 1 + 0 + (1, 1, 0) = 2, 2, 1.
    let a = arrangement(params(item: (2, 1), inter: 1), [tiles(7)])
    expectPicture(
      a, width: 13, height: 2,
      """
      aa..bb..cc.dd
      ee..ff..gg...
      """)
  }

  @Test("rule 5: a 3-per-line section whose last line has 1 tile puts it on the first column")
  func lastPartialLineOnFirstColumn() {
    // A = 16, k = 17 / 5 = 3, L = 16 - 12 - 2 = 2: gaps of 2.
    let a = arrangement(params(item: (4, 1), inter: 1, inset: (0, 1, 0, 1)), [tiles(4)])
    expectPicture(
      a, width: 18, height: 2,
      """
      .aaaa..bbbb..cccc.
      .dddd.............
      """)
  }

  @Test("rule 5: a section of one tile per line (k == 1) centers every tile, floor")
  func oneTilePerLineCentered() {
    // k = (11 + 2) / (6 + 2) = 1: x = (11 - 6) / 2 = 2.
    let a = arrangement(params(item: (6, 1), inter: 2), [tiles(2)])
    expectPicture(
      a, width: 11, height: 2,
      """
      ..aaaaaa...
      ..bbbbbb...
      """)
  }

  @Test("rule 5: mixed widths: a full line is justified, a full line of one tile centered, the last line left with exactly s")
  func mixedWidthsJustify() {
    // Line 1: 3 + 3 + 2 + 2 gaps = 10, L = 3 over 2 gaps: 1 + 1 (+1 for the first) -> gaps 3, 2.
    // Line 2: the 10-wide tile alone, centered at (13 - 10) / 2 = 1. Line 3 (last): gap exactly 1.
    let a = arrangement(params(item: (2, 1), inter: 1), [[3, 3, 2, 10, 3, 2]])
    expectPicture(
      a, width: 13, height: 3,
      """
      aaa...bbb..cc
      .dddddddddd..
      eee.ff.......
      """)
  }

  @Test("rule 5: a mixed section of one line is its last line: left-aligned, not justified")
  func mixedSingleLineIsLeftAligned() {
    let a = arrangement(params(item: (2, 1), inter: 1), [[3, 2]])
    expectPicture(a, width: 10, height: 1, "aaa.bb....")
  }

  @Test("rule 5: left alignment puts every line at the left inset with gaps of exactly s")
  func leftAlignment() {
    let a = arrangement(params(item: (2, 1), inter: 1, header: 1, align: .left), [tiles(7), [3, 3, 2, 10, 3, 2]])
    expectPicture(
      a, width: 13, height: 7,
      """
      #############
      aa.bb.cc.dd..
      ee.ff.gg.....
      #############
      hhh.iii.jj...
      kkkkkkkkkk...
      lll.mm.......
      """)
  }

  @Test("rule 5: center alignment centers every line's content (floor), the last line too")
  func centerAlignment() {
    let a = arrangement(params(item: (2, 1), inter: 1, header: 1, align: .center), [tiles(7), [3, 3, 2, 10, 3, 2]])
    expectPicture(
      a, width: 13, height: 7,
      """
      #############
      .aa.bb.cc.dd.
      ..ee.ff.gg...
      #############
      .hhh.iii.jj..
      .kkkkkkkkkk..
      ...lll.mm....
      """)
  }

  @Test("rule 6: an empty section still has a body one line (itemSize.height) tall")
  func emptySectionOneLineTall() {
    let a = arrangement(params(item: (3, 2), inter: 1, inset: (1, 0, 0, 0), header: 1), [tiles(1), [], tiles(1)])
    expectPicture(
      a, width: 5, height: 12,
      """
      #####
      .....
      .aaa.
      .aaa.
      #####
      .....
      .....
      .....
      #####
      .....
      .bbb.
      .bbb.
      """)
    let layout = FlowLayout(arrangement: a, viewport: Size(width: 5, height: 12))
    #expect(layout.sectionFrame(1) == Rect(x: 0, y: 4, width: 5, height: 4))
    #expect(layout.lineCount(inSection: 1) == 1)
    #expect(layout.items(inLine: 0, section: 1) == 0..<0)
  }

  @Test("rule 7: the content size is (W, bottom of the last section); no sections, no height")
  func contentSize() {
    let p = params(item: (2, 2), line: 1, inter: 1, header: 1)
    let layout = FlowLayout(arrangement: arrangement(p, [tiles(3), tiles(1)]), viewport: Size(width: 5, height: 3))
    #expect(layout.contentSize == Size(width: 5, height: 9))
    let none = FlowLayout(arrangement: arrangement(p, []), viewport: Size(width: 30, height: 10))
    #expect(none.contentSize == Size(width: 30, height: 0))
  }

  @Test("degenerate viewport: A is at least 1 and the content grows to inset + A + inset")
  func degenerateViewportGrowsContent() {
    let a = arrangement(params(item: (3, 1), inter: 1, inset: (0, 1, 0, 1)), [tiles(2)])
    for width in [-2, 0, 1, 2] {
      expectPicture(
        a, width: width, height: 1,
        """
        .a.
        .b.
        """)
    }
  }
}

/// The cases reported in the issue, with the file format's default parameters (docs/file-format.md) (14x3 tiles, spacing 2,
/// line spacing 1, insets 0/1/1/1, header 1), checked by number.
@Suite("Flow layout: the issue's numeric cases")
struct IssueCaseTests {
  static let defaults = LayoutParameters.defaults

  func frames(_ widths: [[Int?]], width: Int) -> [Rect] {
    let a = arrangement(Self.defaults, widths)
    let viewport = Size(width: width, height: 24)
    let layout = FlowLayout(arrangement: a, viewport: viewport)
    let diff = difference(layout.snapshot, ReferenceLayout(a, viewport: viewport).snapshot)
    #expect(diff == nil)
    return allPaths(a).map { layout.frame(of: $0) }
  }

  @Test("issue, rule 5: a 3-per-line section whose last line has 1 tile: it sits on the first column")
  func threePerLineLastOnFirstColumn() {
    // A = 49, k = 51 / 16 = 3, L = 49 - 42 - 4 = 3: gaps 2 + 1, the first one more: 4, 3.
    #expect(
      frames([tiles(4)], width: 51) == [
        Rect(x: 1, y: 1, width: 14, height: 3), Rect(x: 19, y: 1, width: 14, height: 3),
        Rect(x: 36, y: 1, width: 14, height: 3), Rect(x: 1, y: 5, width: 14, height: 3),
      ])
  }

  @Test("issue, rule 5: a section of one tile per line centers it")
  func onePerLineCentered() {
    // A = 19, k = 21 / 16 = 1: x = 1 + (19 - 14) / 2 = 3.
    #expect(
      frames([tiles(2)], width: 21) == [
        Rect(x: 3, y: 1, width: 14, height: 3), Rect(x: 3, y: 5, width: 14, height: 3),
      ])
  }

  @Test("issue, rule 5: mixed widths justify full lines (remainder to the first gap) and left-align the last")
  func mixedJustifyThenLeft() {
    // A = 48. Line 1: 10 + 11 + 12 + 2 * 2 = 37, L = 11 over 2 gaps: 2 + 5 (+1 first) = 8, 7.
    // Line 2 (last): 30, 5, 6 with exactly 2 between.
    #expect(
      frames([[10, 11, 12, 30, 5, 6]], width: 50) == [
        Rect(x: 1, y: 1, width: 10, height: 3), Rect(x: 19, y: 1, width: 11, height: 3),
        Rect(x: 37, y: 1, width: 12, height: 3), Rect(x: 1, y: 5, width: 30, height: 3),
        Rect(x: 33, y: 5, width: 5, height: 3), Rect(x: 40, y: 5, width: 6, height: 3),
      ])
  }
}
