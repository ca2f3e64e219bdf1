import Document
import GridLayout
import Testing
import TileModel

@testable import Reorder

/// `selectTarget` decides completely: stay, leave "forbidden", move, or refuse (announced once per
/// episode). One picture per rule; the floating tile's probes are worked out in each comment.
@Suite("Target selection: the whole decision, as a pure function")
struct TargetSelectionTests {
  /// Sections of one-row tiles with the given widths, no header, no insets, spacing 1, left-aligned,
  /// on a screen `width` cells wide: each section is one or more rows.
  static func arrangement(_ widths: [[Int]], width: Int = 10, policies: (inout [Section]) -> Void = { _ in })
    -> (Arrangement, FlowLayout)
  {
    let p = LayoutParameters(
      itemSize: Size(width: 4, height: 1), lineSpacing: 0, interitemSpacing: 1,
      sectionInset: Insets(top: 0, left: 0, bottom: 0, right: 0), headerHeight: 0, alignment: .left)
    var letter = UnicodeScalar("a").value
    var sections = widths.indices.map { Section(id: "s\($0)") }
    policies(&sections)
    let built: [(Section, [Tile])] = widths.enumerated().map { s, row in
      (sections[s], row.map { w in
        defer { letter += 1 }
        let id = String(UnicodeScalar(letter)!)
        return Tile(id: id, width: w)
      })
    }
    let a = Arrangement(layout: LayoutSpec(p), sections: built)
    return (a, FlowLayout(arrangement: a, viewport: Size(width: width, height: 20)))
  }

  static func session(
    _ layout: FlowLayout, lifted path: ItemPath, at origin: Point, left: Bool, up: Bool,
    refusal: TileDrag.ForbiddenDrop? = nil
  ) -> DragSession {
    DragSession(
      source: .mouse, lifted: .tiles(TileDrag(origin: path, current: path, refusal: refusal)), grabOffset: .zero,
      floatingOrigin: origin, pointer: origin, direction: DragDirection(horizontal: left ? -1 : 1, vertical: up ? -1 : 1))
  }

  ///     aaaa bbbb      a lifted and moved right by 4: primary probe (o.x + 2w/3, o.y) = (6, 0), on b
  @Test func whenTheProbeIsOnALaterSlotWhileMovingRight_thatTheTileMoves() {
    let (a, layout) = Self.arrangement([[4, 4]])
    let s = Self.session(layout, lifted: ItemPath(0, 0), at: Point(x: 4, y: 0), left: false, up: false)
    #expect(selectTarget(layout: layout, arrangement: a, session: s) == .move(ItemPath(0, 1)))
  }

  ///     aaaa bbbb      the same place while moving left: b is a later slot, against the drag
  @Test func whenTheTargetIsAgainstTheDrag_thatNothingMoves() {
    let (a, layout) = Self.arrangement([[4, 4]])
    // Moving left, the primary probe is at o.x + w/3 = 6 + 1: still on b.
    let s = Self.session(layout, lifted: ItemPath(0, 0), at: Point(x: 6, y: 0), left: true, up: false)
    #expect(selectTarget(layout: layout, arrangement: a, session: s) == .stay)
  }

  ///     aaaa bbbb      the probes fall in the gap and beyond the content: nothing, stay
  @Test func whenTheProbesFindNothing_thatTheDragGoesOn() {
    let (a, layout) = Self.arrangement([[4, 4]])
    let s = Self.session(layout, lifted: ItemPath(0, 0), at: Point(x: 2, y: 5), left: false, up: false)
    #expect(selectTarget(layout: layout, arrangement: a, session: s) == .stay)
  }

  ///     aaaa           section 0
  ///     ....           section 1, empty: its body is the drop zone
  @Test func whenTheProbeIsInAnEmptySection_thatTheTileGoesToItsStart() {
    let (a, layout) = Self.arrangement([[4], []])
    let s = Self.session(layout, lifted: ItemPath(0, 0), at: Point(x: 0, y: 1), left: false, up: false)
    #expect(selectTarget(layout: layout, arrangement: a, session: s) == .move(ItemPath(1, 0)))
  }

  ///     aaaa bbbb      section 0
  ///     cccc           section 1: a probe right of c (its end zone, beside it) appends to section 1
  @Test func whenTheProbeIsBesideAnotherSectionsLastTile_thatTheTileAppends() {
    let (a, layout) = Self.arrangement([[4, 4], [4]])
    // Moving down-right from b: primary probe (o.x + 2, o.y + 0) = (7, 1), right of c.
    let s = Self.session(layout, lifted: ItemPath(0, 1), at: Point(x: 5, y: 1), left: false, up: false)
    #expect(selectTarget(layout: layout, arrangement: a, session: s) == .move(ItemPath(1, 1)))
  }

  ///     aaaa           section 0: entered from after it (moving up from section 1) onto its last tile,
  ///     bbbb           the destination is the section's end ("row + 1 at section end")
  @Test func whenEnteringAnEarlierSectionsLastTileFromAfter_thatTheTileGoesToItsEnd() {
    let (a, layout) = Self.arrangement([[4], [4]])
    let s = Self.session(layout, lifted: ItemPath(1, 0), at: Point(x: 0, y: 0), left: false, up: true)
    #expect(selectTarget(layout: layout, arrangement: a, session: s) == .move(ItemPath(0, 1)))
  }

  ///     aaaa           section 0
  ///     ....           section 1, locked: refused, announced once; the same refusal again is not
  @Test func whenASectionRefuses_thatTheRefusalIsAnnouncedOncePerEpisode() {
    let (a, layout) = Self.arrangement([[4], []]) { $0[1].locked = true }
    var s = Self.session(layout, lifted: ItemPath(0, 0), at: Point(x: 0, y: 1), left: false, up: false)
    let reason = EditError.sectionLocked(id: "s1", title: "s1", section: 1, leaving: false)
    #expect(selectTarget(layout: layout, arrangement: a, session: s) == .refuse(ItemPath(1, 0), reason, announce: true))
    s.lifted = .tiles(TileDrag(origin: ItemPath(0, 0), current: ItemPath(0, 0), refusal: TileDrag.ForbiddenDrop(destination: ItemPath(1, 0), reason: reason)))
    #expect(selectTarget(layout: layout, arrangement: a, session: s) == .refuse(ItemPath(1, 0), reason, announce: false))
  }

  ///     aaaa           "forbidden" over the locked section 1 ends when the primary probe leaves it,
  ///     ....           even where there is no target (the gap right of a)
  @Test func whenTheTileLeavesTheRefusingSection_thatForbiddenEnds() {
    let (a, layout) = Self.arrangement([[4], []]) { $0[1].locked = true }
    let reason = EditError.sectionLocked(id: "s1", title: "s1", section: 1, leaving: false)
    let refusal = TileDrag.ForbiddenDrop(destination: ItemPath(1, 0), reason: reason)
    let away = Self.session(
      layout, lifted: ItemPath(0, 0), at: Point(x: 3, y: 0), left: false, up: true, refusal: refusal)
    #expect(selectTarget(layout: layout, arrangement: a, session: away) == .leaveForbidden)
    let still = Self.session(
      layout, lifted: ItemPath(0, 0), at: Point(x: 3, y: 1), left: false, up: false, refusal: refusal)
    #expect(selectTarget(layout: layout, arrangement: a, session: still) != .leaveForbidden)
  }

  ///     aaaa bbbbb     W = 10: d (7 wide) is lifted and dragged up onto b. Put at b's index, d no
  ///     ddddddd        longer fits beside a: it lands on its own line again, one slot earlier. That is
  ///                    a move along the line to the left: made while the drag moves up-left, not
  ///                    while it moves up-right (a move whose landing goes against the drag).
  @Test func whenTheTileWouldLandAgainstTheDrag_thatItStays() {
    let (a, layout) = Self.arrangement([[4, 5, 7]])
    #expect(layout.line(of: ItemPath(0, 2)) == 1)
    #expect(layout.lineAfterMoving(from: ItemPath(0, 2), to: ItemPath(0, 1)) == 1)
    // Up-right: primary probe (o.x + 2*7/3, o.y) = (3 + 4, 0) = (7, 0), on b.
    let right = Self.session(layout, lifted: ItemPath(0, 2), at: Point(x: 3, y: 0), left: false, up: true)
    #expect(selectTarget(layout: layout, arrangement: a, session: right) == .stay)
    // Up-left: primary probe (o.x + 7/3, o.y) = (4 + 2, 0) = (6, 0), on b.
    let left = Self.session(layout, lifted: ItemPath(0, 2), at: Point(x: 4, y: 0), left: true, up: true)
    #expect(selectTarget(layout: layout, arrangement: a, session: left) == .move(ItemPath(0, 1)))
  }
}
