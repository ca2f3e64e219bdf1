import Testing
import TileModel

@testable import GridLayout

/// The flow layout's rule 8 (horizontal direction, docs/layout.md), one picture per rule, drawn from the engine and from
/// the reference layout.
@Suite("Flow layout, horizontal: one picture per rule")
struct HorizontalRuleTests {
  @Test("rule 8: columns fill top to bottom in fixed rows, leftover to the first gaps, the last column as if filled")
  func fixedRows() {
    // A = 9 - 1 = 8, k = (8 + 1) / (1 + 1) = 4, L = 8 - 4 - 3 = 1: gaps 2, 1, 1 from y = 1.
    let a = arrangement(params(.horizontal, item: (2, 1), line: 1, inter: 1, inset: (0, 1, 0, 1), header: 1), [tiles(6)])
    expectPicture(
      a, width: 40, height: 9,
      """
      #######
      .aa.ee.
      .......
      .......
      .bb.ff.
      .......
      .cc....
      .......
      .dd....
      """)
  }

  @Test("rule 8: sections sit left to right; the header is a row across the top of the section's width")
  func sectionsLeftToRight() {
    let a = arrangement(params(.horizontal, item: (1, 1), line: 2, inter: 0, header: 1), [tiles(3), tiles(1)])
    expectPicture(
      a, width: 40, height: 3,
      """
      #####
      a..cd
      b....
      """)
    let layout = FlowLayout(arrangement: a, viewport: Size(width: 40, height: 3))
    #expect(layout.sectionFrame(0) == Rect(x: 0, y: 0, width: 4, height: 3))
    #expect(layout.sectionFrame(1) == Rect(x: 4, y: 0, width: 1, height: 3))
    #expect(layout.headerFrame(1) == Rect(x: 4, y: 0, width: 1, height: 1))
  }

  @Test("rule 8: columns are lineSpacing apart, and a section starts with inset.left and ends with inset.right")
  func lineSpacingBetweenColumns() {
    let a = arrangement(params(.horizontal, item: (2, 1), line: 3, inter: 0, inset: (0, 2, 0, 1)), [tiles(4)])
    expectPicture(
      a, width: 40, height: 2,
      """
      ..aa...cc.
      ..bb...dd.
      """)
  }

  @Test("rule 8: a column of one row (k == 1) centers its tile vertically, floor")
  func loneRowCentered() {
    // A = 5, k = (5 + 2) / (2 + 2) = 1: y = (5 - 2) / 2 = 1.
    let a = arrangement(params(.horizontal, item: (2, 2), line: 1, inter: 2), [tiles(3)])
    expectPicture(
      a, width: 40, height: 5,
      """
      ........
      aa.bb.cc
      aa.bb.cc
      ........
      ........
      """)
  }

  @Test("rule 8: a column is as wide as its widest tile; narrower tiles are centered in it (floor)")
  func columnAsWideAsWidestTile() {
    let a = arrangement(params(.horizontal, item: (2, 1), line: 1, inter: 0), [[5, 2, 4, 1, 3]])
    expectPicture(
      a, width: 40, height: 3,
      """
      aaaaa..d.
      .bb...eee
      cccc.....
      """)
  }

  @Test("rule 8: an empty section's body is one column itemSize.width wide")
  func emptySectionOneColumn() {
    let a = arrangement(params(.horizontal, item: (3, 1), inter: 0, inset: (0, 1, 0, 1), header: 1), [[1], [], [nil]])
    expectPicture(
      a, width: 40, height: 3,
      """
      #############
      .a.......bbb.
      .............
      """)
    let layout = FlowLayout(arrangement: a, viewport: Size(width: 40, height: 3))
    #expect(layout.sectionFrame(1) == Rect(x: 3, y: 0, width: 5, height: 3))
    #expect(layout.lineCount(inSection: 1) == 1)
  }

  @Test("rule 8: left alignment puts each column's rows at the top with gap s")
  func leftAlignment() {
    let a = arrangement(params(.horizontal, item: (1, 1), line: 1, inter: 1, align: .left), [tiles(6)])
    expectPicture(
      a, width: 40, height: 8,
      """
      a.e
      ...
      b.f
      ...
      c..
      ...
      d..
      ...
      """)
  }

  @Test("rule 8: center alignment centers each column's tiles (floor)")
  func centerAlignment() {
    let a = arrangement(params(.horizontal, item: (1, 1), line: 1, inter: 1, align: .center), [tiles(6)])
    expectPicture(
      a, width: 40, height: 8,
      """
      a..
      ...
      b.e
      ...
      c.f
      ...
      d..
      ...
      """)
  }

  @Test("rule 8: tiles taller than A are shrunk to A; the content is (right edge of the last section, H)")
  func tallTilesShrinkAndContentSize() {
    // A = 6 - 1 = 5, tiles 7 tall become 5: one row per column.
    let a = arrangement(params(.horizontal, item: (2, 7), line: 1, inter: 0, header: 1), [tiles(2)])
    expectPicture(
      a, width: 40, height: 6,
      """
      #####
      aa.bb
      aa.bb
      aa.bb
      aa.bb
      aa.bb
      """)
    let layout = FlowLayout(arrangement: a, viewport: Size(width: 40, height: 6))
    #expect(layout.contentSize == Size(width: 5, height: 6))
    let none = FlowLayout(arrangement: arrangement(params(.horizontal), []), viewport: Size(width: 30, height: 10))
    #expect(none.contentSize == Size(width: 0, height: 10))
  }

  @Test("degenerate viewport: A is at least 1 and the content grows to header + inset + A + inset")
  func degenerateViewportGrowsContent() {
    let a = arrangement(params(.horizontal, item: (2, 3), line: 1, inter: 0, inset: (1, 0, 1, 0), header: 1), [tiles(2)])
    for height in [-1, 0, 1, 3] {
      expectPicture(
        a, width: 40, height: height,
        """
        #####
        .....
        aa.bb
        .....
        """)
    }
  }
}
