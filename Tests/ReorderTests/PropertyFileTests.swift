import Testing
import TileGridJSON
import TileModel

@testable import Editor
@testable import Reorder

/// The property streams of `PropertyStreamTests` played on arrangements read from their files, whose
/// tiles stay in the reader's compact form and are built when asked for: every invariant holds as it
/// does for the same arrangement held in code (moves, policies, marks, undo and redo, layout, replay).
@Suite("Property: random event streams on arrangements read from files")
struct PropertyFileTests {
  /// Plays `count` generated streams of `profile` on each case's arrangement written and read back.
  static func runBatch(profile: PropertyProfile, batch: Int, count: Int) throws -> PropertyStats {
    var stats = PropertyStats()
    var reported = 0
    for index in 0..<count {
      let seed = PropertyRNG.seed(profile.salt, UInt64(5_000_000 + batch * 1_000_000 + index))
      var (c, rng) = PropertyCase.make(seed: seed, profile: profile)
      let read = try Arrangement(json: c.arrangement.jsonBytes())
      #expect(read == c.arrangement, "seed \(seed): the file reads back as it was written")
      c.arrangement = read
      var generator = PropertyStreamGenerator(profile: profile)
      let length = rng.int(20...100)
      var run = PropertyHarness.run(c, limit: length, checks: [], stats: &stats) { state in generator.next(state, &rng) }
      stats.streams += 1
      if run.failure == nil { run.failure = PropertyHarness.checkReplay(c, run) }
      guard let failure = run.failure else { continue }
      reported += 1
      Issue.record(Comment(rawValue: PropertyHarness.report(c, run: run, failure: failure, checks: [])))
      if reported == 3 { break }
    }
    return stats
  }

  @Test("mouse, keyboard and chaos streams", arguments: [PropertyProfile.mouse, .keyboard, .chaos])
  func streams(profile: PropertyProfile) throws {
    let stats = try Self.runBatch(profile: profile, batch: 0, count: 60)
    #expect(stats.lifts > 0 && stats.moves > 0 && stats.drops > 0)
  }

  @Test("organizing: marks, blocks, sections, typed moves, undo and redo")
  func organize() throws {
    let stats = try Self.runBatch(profile: .organize, batch: 1, count: 80)
    #expect(stats.blockMoves > 0 && stats.sectionMoves > 0 && stats.undos > 0)
  }
}
