import Testing
import TileModel

@testable import GridLayout

/// Hit testing, the section at a point, and the drop zones (docs/layout.md), as pictures of the
/// queries' answers over every cell of the content. Each picture is also checked against the reference's
/// brute-force scan, and the ring of cells just outside the content must answer nothing.
@Suite("Hit testing: pictures of the queries")
struct HitTestingTests {
  /// Vertical: 3x1 tiles, 3 per line, line spacing 1, insets 1/1/1/2, header 1; an empty section in
  /// the middle. Its layout:
  ///
  ///     ##############      section 0
  ///     ..............
  ///     .aaa.bbb......
  ///     ..............
  ///     ##############      section 1 (empty)
  ///     ..............
  ///     ..............
  ///     ..............
  ///     ##############      section 2
  ///     ..............
  ///     .ccc.ddd.eee..
  ///     ..............
  ///     .fff..........
  ///     ..............
  static let vertical = arrangement(
    params(item: (3, 1), line: 1, inter: 1, inset: (1, 1, 1, 2), header: 1), [tiles(2), [], tiles(4)])
  static let verticalViewport = Size(width: 14, height: 6)

  /// Horizontal: 2x1 tiles of mixed widths, 3 rows, line spacing 1, insets 0/1/1/1, header 1; an
  /// empty section last. Its layout:
  ///
  ///     #############
  ///     .aaaaa.d.....
  ///     ..bb.........
  ///     .cccc........
  ///     .............
  static let horizontal = arrangement(
    params(.horizontal, item: (2, 1), line: 1, inter: 0, inset: (0, 1, 1, 1), header: 1), [[5, 2, 4, 1], []])
  static let horizontalViewport = Size(width: 40, height: 5)

  /// Draws `query` over the content of `a`'s layout, checks the same picture comes from the reference's
  /// answers, and that every cell just outside the content answers with `.`.
  func expectQueryPicture(
    _ a: Arrangement, _ viewport: Size, _ expected: String,
    engine query: (FlowLayout, Point) -> Character, reference: (ReferenceLayout, Point) -> Character,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let layout = FlowLayout(arrangement: a, viewport: viewport)
    let brute = ReferenceLayout(a, viewport: viewport)
    let content = Rect(origin: .zero, size: layout.contentSize)
    let drawn = queryPicture(content) { query(layout, $0) }
    #expect(drawn == expected, "the engine answered\n\(drawn)\nexpected\n\(expected)", sourceLocation: sourceLocation)
    let bruteDrawn = queryPicture(content) { reference(brute, $0) }
    #expect(bruteDrawn == expected, "the reference answered\n\(bruteDrawn)\nexpected\n\(expected)", sourceLocation: sourceLocation)
    let ring = Rect(x: -1, y: -1, width: content.width + 2, height: content.height + 2)
    let outside = queryPicture(ring) { content.contains($0) ? "." : query(layout, $0) }
    #expect(!outside.contains { $0 != "." && $0 != "\n" }, "answers outside the content:\n\(outside)", sourceLocation: sourceLocation)
  }

  @Test("rule 9: item(at:) finds the tile whose frame holds the point; none in gaps, insets and headers (vertical)")
  func itemAtVertical() {
    let a = Self.vertical
    expectQueryPicture(
      a, Self.verticalViewport,
      """
      ..............
      ..............
      .aaa.bbb......
      ..............
      ..............
      ..............
      ..............
      ..............
      ..............
      ..............
      .ccc.ddd.eee..
      ..............
      .fff..........
      ..............
      """,
      engine: { letter(of: $0.item(at: $1), in: a) }, reference: { letter(of: $0.item(at: $1), in: a) })
  }

  @Test("rule 9: item(at:) finds only the tile itself, not the rest of its column (horizontal)")
  func itemAtHorizontal() {
    let a = Self.horizontal
    expectQueryPicture(
      a, Self.horizontalViewport,
      """
      .............
      .aaaaa.d.....
      ..bb.........
      .cccc........
      .............
      """,
      engine: { letter(of: $0.item(at: $1), in: a) }, reference: { letter(of: $0.item(at: $1), in: a) })
  }

  @Test("rule 9: section(at:) names the section whose frame (header and body) holds the point (vertical)")
  func sectionAtVertical() {
    expectQueryPicture(
      Self.vertical, Self.verticalViewport,
      """
      00000000000000
      00000000000000
      00000000000000
      00000000000000
      11111111111111
      11111111111111
      11111111111111
      11111111111111
      22222222222222
      22222222222222
      22222222222222
      22222222222222
      22222222222222
      22222222222222
      """,
      engine: { sectionMark($0.section(at: $1)) }, reference: { sectionMark($0.section(at: $1)) })
  }

  @Test("rule 9: section(at:) names the section whose frame (header and body) holds the point (horizontal)")
  func sectionAtHorizontal() {
    expectQueryPicture(
      Self.horizontal, Self.horizontalViewport,
      """
      0000000001111
      0000000001111
      0000000001111
      0000000001111
      0000000001111
      """,
      engine: { sectionMark($0.section(at: $1)) }, reference: { sectionMark($0.section(at: $1)) })
  }

  @Test("drop zones (vertical): tiles, an empty section's body, right of the last tile on its line, below it")
  func dropZonesVertical() {
    let a = Self.vertical
    expectQueryPicture(
      a, Self.verticalViewport,
      """
      ..............
      ..............
      .aaa.bbb>>>>>>
      vvvvvvvvvvvvvv
      ..............
      EEEEEEEEEEEEEE
      EEEEEEEEEEEEEE
      EEEEEEEEEEEEEE
      ..............
      ..............
      .ccc.ddd.eee..
      ..............
      .fff>>>>>>>>>>
      vvvvvvvvvvvvvv
      """,
      engine: { dropZoneMark($0.dropZone(at: $1), in: a) }, reference: { dropZoneMark($0.dropZone(at: $1), in: a) })
  }

  @Test("drop zones (horizontal): below the last tile in its column, right of its column, an empty section")
  func dropZonesHorizontal() {
    let a = Self.horizontal
    expectQueryPicture(
      a, Self.horizontalViewport,
      """
      .............
      .aaaaa.dvEEEE
      ..bb...>vEEEE
      .cccc..>vEEEE
      .......>vEEEE
      """,
      engine: { dropZoneMark($0.dropZone(at: $1), in: a) }, reference: { dropZoneMark($0.dropZone(at: $1), in: a) })
  }

  @Test("drop zones: each zone names its section and kind")
  func dropZoneSections() {
    let layout = FlowLayout(arrangement: Self.vertical, viewport: Self.verticalViewport)
    #expect(layout.dropZone(at: Point(x: 2, y: 6)) == .emptySection(1))
    #expect(layout.dropZone(at: Point(x: 9, y: 12)) == .sectionEnd(2, besideLastItem: true))
    #expect(layout.dropZone(at: Point(x: 0, y: 13)) == .sectionEnd(2, besideLastItem: false))
    #expect(layout.dropZone(at: Point(x: 5, y: 10)) == .item(ItemPath(2, 1)))
    #expect(layout.dropZone(at: Point(x: 9, y: 12))?.section == 2)
  }
}
