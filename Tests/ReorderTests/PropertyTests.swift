import Document
import Canvas
import Foundation
import GridLayout
import TestSupport
import Testing
import TileGridJSON
import TileModel

@testable import Editor
@testable import Reorder

/// Property tests of the reorder engine (docs/layout.md, docs/reordering.md): thousands of random event streams
/// (presses, motions, waits, releases, wheels, keys, resizes and focus losses, also in the middle of a
/// drag) on random arrangements in every direction (lanes too, with lanes longer than the screen, in
/// a profile of their own), played through `EditorState`.
///
/// After every event: the tiles are a permutation of the original with every field intact; the
/// arrangement is what the trace says (every traced move passes the policies, cancel returns to the
/// arrangement from before the lift, undo and redo walk the completed drags, marks follow their tiles,
/// a lifted block gathers by the documented rule and moves as one run); locked tiles keep their
/// section, locked sections their members, sections their `maxItems`; the layout equals one built from
/// scratch; the scroll is in range; the focus is a tile; a drag's `current` holds the lifted tile; Esc
/// and a focus loss (on copies) restore the arrangement from before the lift; a still pointer never
/// moves the tile again. After every stream: undo all gives the original, redo all the latest
/// arrangement of the history, and replaying the stream gives the same effects and state.
///
/// Two more properties have tests of their own (`PropertyExtraChecks`), so that streams stopped by
/// them do not hide the others: no move is undone by the next without a reversal of the drag, and no
/// timer is left overdue. `PropertyKnownStreamTests` keeps the minimal streams the random tests found.
///
/// A failure names the seed, the profile and the event, and shows a shrunk reproduction as an
/// arrangement file and a `tilegrid play` events file. `TILEGRID_PROPERTY_SEED=N` (with
/// `TILEGRID_PROPERTY_PROFILE=mouse|keyboard|chaos|stillPointer|diagonal|organize`) runs one stream alone.
@Suite("Property: random event streams keep the reorder engine's invariants")
struct PropertyStreamTests {
  /// Streams per batch; 4 batches per profile, 20-100 events each plus the undo/redo finale. The fast
  /// loop (`FastLoop`) runs each profile's first batch, and fewer streams for the two extra checks.
  static let streamsPerBatch = 100

  @Test("mouse drags: long presses, motions, auto-scroll, releases", arguments: FastLoop.first(1, of: 0..<4))
  func mouse(batch: Int) {
    let stats = PropertyHarness.runBatch(profile: .mouse, batch: batch, count: Self.streamsPerBatch)
    #expect(stats.lifts > 0 && stats.moves > 0 && stats.crossSectionMoves > 0 && stats.drops > 0)
    #expect(stats.refusals > 0 && stats.cancels > 0 && stats.autoScrolls > 0 && stats.resizesMidDrag > 0)
  }

  @Test("keyboard: focus moves, lifts, arrow moves, undo and redo", arguments: FastLoop.first(1, of: 0..<4))
  func keyboard(batch: Int) {
    let stats = PropertyHarness.runBatch(profile: .keyboard, batch: batch, count: Self.streamsPerBatch)
    #expect(stats.lifts > 0 && stats.moves > 0 && stats.crossSectionMoves > 0 && stats.drops > 0)
    #expect(stats.refusals > 0 && stats.undos > 0 && stats.resizesMidDrag > 0)
  }

  @Test("chaos: any event in any phase", arguments: FastLoop.first(1, of: 0..<4))
  func chaos(batch: Int) {
    let stats = PropertyHarness.runBatch(profile: .chaos, batch: batch, count: Self.streamsPerBatch)
    #expect(stats.lifts > 0 && stats.moves > 0 && stats.cancels > 0 && stats.resizesMidDrag > 0)
  }

  @Test("a pointer that stays still never moves the tile again", arguments: FastLoop.first(1, of: 0..<4))
  func stillPointer(batch: Int) {
    let stats = PropertyHarness.runBatch(profile: .stillPointer, batch: batch, count: Self.streamsPerBatch)
    #expect(stats.moves > 0 && stats.stillMotionsMidDrag > 0 && stats.autoScrolls > 0)
  }

  @Test("diagonal drags with auto-scroll", arguments: FastLoop.first(1, of: 0..<2))
  func diagonal(batch: Int) {
    let stats = PropertyHarness.runBatch(profile: .diagonal, batch: batch, count: Self.streamsPerBatch)
    #expect(stats.moves > 0 && stats.crossSectionMoves > 0 && stats.autoScrolls > 0)
  }

  @Test("organizing: marks, block drags (mouse and keyboard), section drags, Esc, undo and redo", arguments: FastLoop.first(1, of: 0..<6))
  func organize(batch: Int) {
    let stats = PropertyHarness.runBatch(profile: .organize, batch: batch, count: Self.streamsPerBatch)
    #expect(stats.marks > 0 && stats.blockLifts > 0 && stats.blockMoves > 0 && stats.blockCrossSectionMoves > 0)
    #expect(stats.sectionLifts > 0 && stats.sectionMoves > 0 && stats.sectionRefusals > 0)
    #expect(stats.typedMoves > 0, "the streams make typed moves")
    #expect(stats.refusals > 0 && stats.cancels > 0 && stats.undos > 0 && stats.drops > 0)
  }

  @Test("editing mixed with drags, blocks, sections, finds and typed moves", arguments: FastLoop.first(1, of: 0..<6))
  func editing(batch: Int) {
    let stats = PropertyHarness.runBatch(profile: .editing, batch: batch, count: Self.streamsPerBatch)
    #expect(stats.adds > 0 && stats.deletes > 0 && stats.changes > 0, "the streams add, delete and change")
    #expect(stats.lifts > 0 && stats.moves > 0 && stats.undos > 0 && stats.refusals > 0)
  }

  @Test("lanes: drags across lanes and along long ones (auto-scroll both ways), keys that scroll a lane", arguments: FastLoop.first(1, of: 0..<4))
  func lanes(batch: Int) {
    let stats = PropertyHarness.runBatch(profile: .lanes, batch: batch, count: Self.streamsPerBatch)
    #expect(stats.lifts > 0 && stats.moves > 0 && stats.crossSectionMoves > 0 && stats.drops > 0)
    #expect(stats.laneScrolls > 0 && stats.laneAutoScrolls > 0 && stats.autoScrolls > 0 && stats.refusals > 0)
  }

  @Test("organizing, over six batches: blocks are refused somewhere, and section drags auto-scroll")
  func organizeCoverage() {
    var stats = PropertyStats()
    for batch in 10..<16 {
      stats.add(PropertyHarness.runBatch(profile: .organize, batch: batch, count: Self.streamsPerBatch / 2))
    }
    #expect(stats.blockRefusals > 0 && stats.sectionAutoScrolls > 0)
  }

  @Test("no move of a mouse drag is undone by the next one without a reversal of the drag", arguments: PropertyProfile.allCases)
  func noFlipFlop(profile: PropertyProfile) {
    PropertyHarness.runBatch(profile: profile, batch: 100, count: FastLoop.count(2 * Self.streamsPerBatch, fast: Self.streamsPerBatch / 4), checks: .flipFlop)
  }

  @Test("no timer is left overdue after an event (each fires at its own due time)")
  func timers() {
    PropertyHarness.runBatch(profile: .mouse, batch: 200, count: FastLoop.count(2 * Self.streamsPerBatch, fast: Self.streamsPerBatch / 2), checks: .timers)
  }

  @Test(
    "one stream, from the environment",
    .enabled(if: ProcessInfo.processInfo.environment["TILEGRID_PROPERTY_SEED"] != nil))
  func one() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = try #require(environment["TILEGRID_PROPERTY_SEED"].flatMap { UInt64($0) })
    let profile = try #require(PropertyProfile(rawValue: environment["TILEGRID_PROPERTY_PROFILE"] ?? "mouse"))
    var stats = PropertyStats()
    let (c, run) = PropertyHarness.runGenerated(seed: seed, profile: profile, checks: [.flipFlop, .timers], stats: &stats)
    print("Arrangement: \(PropertyFormat.describe(c.arrangement)); screen \(c.screen.width)x\(c.screen.height)")
    print(PropertyFormat.script(run.played))
    if let failure = run.failure {
      Issue.record(Comment(rawValue: PropertyHarness.report(c, run: run, failure: failure, checks: [.flipFlop, .timers])))
    }
  }
}

@Suite("Property: the generators and the harness")
struct PropertyHarnessTests {
  @Test("the same seed makes the same arrangement, screen and events")
  func reproducible() {
    for profile in PropertyProfile.allCases {
      for seed: UInt64 in [1, 2, 3] {
        var first = PropertyStats()
        var second = PropertyStats()
        let (a, runA) = PropertyHarness.runGenerated(seed: seed, profile: profile, stats: &first)
        let (b, runB) = PropertyHarness.runGenerated(seed: seed, profile: profile, stats: &second)
        #expect(a.arrangement == b.arrangement && a.screen == b.screen, "seed \(seed), \(profile)")
        #expect(runA.played == runB.played && runA.effects == runB.effects, "seed \(seed), \(profile)")
      }
    }
  }

  @Test("generated arrangements are valid files: they read back as they were written")
  func arrangementsAreValid() throws {
    var rng = PropertyRNG(seed: 42)
    for _ in 0..<200 {
      let arrangement = PropertyArrangements.arrangement(&rng)
      #expect(try Arrangement(json: arrangement.jsonBytes()) == arrangement)
    }
  }

  @Test("the checks catch what they are for: a move without a lift, a forbidden move, a wrong cancel, a lost tile")
  func checksBite() throws {
    let two = Arrangement(sections: [(Section(id: "a"), [Tile(id: "x"), Tile(id: "y")])])
    var model = PropertyModel(original: two)
    // A move without a lift is not a move the engine can make.
    #expect(throws: PropertyFailure.self) { try model.consume([.move(ItemPath(0, 0), ItemPath(0, 1))]) }
    // Cancel returns the model to the arrangement from before the lift, so an engine that kept the
    // move fails the comparison with the model.
    try model.consume([.lift(ItemPath(0, 0)), .move(ItemPath(0, 0), ItemPath(0, 1)), .cancel])
    #expect(model.expected == two && model.drag == nil)

    // A locked section refuses a tile from elsewhere.
    let locked = Arrangement(sections: [
      (Section(id: "a"), [Tile(id: "x"), Tile(id: "y")]),
      (Section(id: "b", locked: true), [Tile(id: "z")]),
    ])
    var lockedModel = PropertyModel(original: locked)
    try lockedModel.consume([.lift(ItemPath(0, 0))])
    #expect(throws: PropertyFailure.self) { try lockedModel.consume([.move(ItemPath(0, 0), ItemPath(1, 0))]) }

    // Moving a tile into a locked section shows in the before/after policy check too.
    var moved = locked
    try moved.move(from: ItemPath(0, 0), to: ItemPath(1, 0), force: true)
    #expect(throws: PropertyFailure.self) {
      try PropertyInvariants.checkPolicies(before: locked, after: moved, original: locked, traces: [])
    }
    // The permutation check finds nothing wrong with it (no tile lost), but does with a lost tile.
    try PropertyInvariants.checkPermutation(moved, original: locked, originalTiles: PropertyInvariants.tilesByID(locked))
    let lost = Arrangement(sections: [
      (Section(id: "a"), [Tile(id: "x")]), (Section(id: "b", locked: true), [Tile(id: "z")]),
    ])
    #expect(throws: PropertyFailure.self) {
      try PropertyInvariants.checkPermutation(lost, original: locked, originalTiles: PropertyInvariants.tilesByID(locked))
    }
  }
}
