import Runtime
import Document
import Canvas
import Testing
import TileGridJSON
import TileModel

@testable import Editor
@testable import Reorder

/// Minimal streams the random tests found (shrunk by `PropertyShrinker`), kept so that each broken
/// property has a small, fixed reproduction. Each runs through every check, the extra ones included;
/// the same files work with `tilegrid play FILE --width W --height H --events EVENTS --trace`.
@Suite("Property: minimal streams found by the random tests")
struct PropertyKnownStreamTests {
  struct Known: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var width: Int
    var height: Int
    var events: String

    var testDescription: String { name }
  }

  static let streams: [Known] = [
    // t1 is lifted and dragged left onto t0 (move 0.1 -> 0.0); one more cell down-left puts the
    // primary probe (o.x + w/3, o.y + 2h/3) = (2, 4) in the section's bottom inset, below its only
    // line: the section's end zone on "the line after", which counts while the drag moves down, so
    // the tile goes back (move 0.0 -> 0.1) though the pointer never moved right (docs/reordering.md#no-flip-flop).
    Known(
      name: "flip-flop: dragged left, then down-left, the tile goes back to the end",
      json: """
        {"version": 1, "layout": {"direction": "vertical", "itemSize": {"width": 5, "height": 2}, "lineSpacing": 0,
         "interitemSpacing": 0, "sectionInset": {"top": 1, "left": 2, "bottom": 1, "right": 1}, "headerHeight": 1,
         "alignment": "left"},
         "sections": [{"id": "s0", "items": [{"id": "t0"}, {"id": "t1"}]}]}
        """,
      width: 44, height: 12,
      events: """
        press 8 4
        wait 300
        move 3 4
        move 2 5
        """),
    // The default 14x3 tiles shrink to 9 cells on an 11-cell screen; t2 (1 wide) is dragged down-left
    // to the bottom edge. Each auto-scroll step moves it: below the last line (the end zone, "the line
    // after", allowed while moving down) it goes to the end, 1.3 -> 1.4, where it shares the last line
    // with t7; the next step finds t7's slot, an earlier slot on its line, allowed while moving left:
    // 1.4 -> 1.3; and so on, back and forth on every step with the drag's direction unchanged.
    Known(
      name: "flip-flop: auto-scroll moves the tile back and forth between two slots",
      json: """
        {"version": 1, "sections": [{"id": "s0", "maxItems": 1, "items": []},
         {"id": "s1", "locked": true, "items": [{"id": "t0"}, {"id": "t1", "width": 8}, {"id": "t2", "width": 1},
          {"id": "t5", "locked": true}, {"id": "t7", "width": 6}]}]}
        """,
      width: 11, height: 18,
      events: """
        press 5 15
        wait 300
        move 7 15
        move 6 17
        wait 444
        """),
    // Scrolled to the end (5), h is dragged from s2 to the end of s1 (move 2.4 -> 1.1). s2 loses a
    // line, the content gets 3 rows shorter and the scroll is clamped from 5 to 2 without a trace and
    // without moving the floating tile: the release on the very same cell then finds the tile 3 rows
    // higher in content coordinates, a drag upward, and moves it again (1.1 -> 0.2) before the drop.
    Known(
      name: "still pointer: a move that shortens the content moves the tile again on a release in place",
      json: """
        {"version": 1, "layout": {"direction": "vertical", "itemSize": {"width": 4, "height": 2}, "lineSpacing": 1,
         "interitemSpacing": 1, "sectionInset": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "headerHeight": 1,
         "alignment": "left"},
         "sections": [{"id": "s0", "items": [{"id": "a"}, {"id": "b"}]}, {"id": "s1", "items": [{"id": "c"}]},
          {"id": "s2", "items": [{"id": "d"}, {"id": "e"}, {"id": "f"}, {"id": "g"}, {"id": "h"}]}]}
        """,
      width: 10, height: 12,
      events: """
        key end
        press 1 9
        wait 300
        move 6 0
        release 6 0
        """),
    // Auto-scroll up starts at 300 ms (one step every 59 ms at row 1); the motion to row 0 at 400 ms
    // makes the steps faster, due at anchor 359 + 33 = 392 ms, already past: nothing fires until the
    // next event, so Esc first scrolls (and selects a target, here refused) and only then cancels.
    Known(
      name: "timers: a motion deeper into the band leaves an auto-scroll step overdue",
      json: """
        {"version": 1, "sections": [{"id": "s0", "maxItems": 11, "items": [{"id": "t7", "width": 1}]},
         {"id": "s1", "locked": true, "items": [{"id": "t9", "width": 10}]}]}
        """,
      width: 9, height: 4,
      events: """
        key tab
        press 1 2
        wait 300
        move 6 1
        wait 100
        move 7 0
        """),
  ]

  @Test("keeps every property", arguments: streams)
  func known(_ known: Known) throws {
    let arrangement = try Arrangement(json: known.json)
    let events = try EventScript.parse(Array(known.events.utf8)).map(\.event)
    let c = PropertyCase(
      seed: 0, profile: .mouse, arrangement: arrangement, screen: Size(width: known.width, height: known.height))
    let run = PropertyHarness.run(c, events: events, checks: [.flipFlop, .timers])
    let failure = run.failure ?? PropertyHarness.checkReplay(c, run)
    #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")\n\(PropertyFormat.script(run.played))")
  }
}
