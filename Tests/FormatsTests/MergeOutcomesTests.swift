import EditScripts
import TestSupport
import Testing
import TileGridJSON
import TileModel

@testable import Formats

/// A conflicted merge's two outcomes from one run (`Arrangement.merge(…, outcomes:)`) against the
/// second merge toward the other side that they stand for.
@Suite("Merge outcomes")
struct MergeOutcomesTests {
  @Test("one run's outcome toward the other side is the second merge's; the sections it leaves empty change no edit")
  func bothWays() {
    var conflicted = 0
    var emptied = 0
    for seed in 0..<400 {
      var rng = SplitMix64(seed: SplitMix64.seed(0x0C7E, UInt64(seed)))
      // Larger files too, so that most sections are the same in both outcomes.
      let base =
        rng.chance(50)
        ? RandomArrangements.arrangement(&rng, maximumTiles: 60, maximumSections: 8) : RandomArrangements.arrangement(&rng)
      var fresh = 0
      let ours = RandomArrangements.edited(base, &rng, edits: rng.int(1...6), fresh: &fresh)
      if rng.chance(50) { fresh = 0 }  // sometimes both sides add tiles and sections with the same ids
      let theirs = RandomArrangements.edited(base, &rng, edits: rng.int(1...6), fresh: &fresh)
      for prefer in [MergeSide.ours, .theirs] {
        let context = "seed \(seed), \(prefer)"
        let plain = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer)
        let second = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer.other)
        let script = Arrangement.diff(plain.arrangement, second.arrangement).map(EditScript.line)
        let twice = ConflictedArrangement.merged(plain, other: second, took: prefer).write(as: .json).bytes
        for extent in [MergeOutcomes.Extent.whole, .differing] {
          let result = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer, outcomes: extent)
          #expect(result.arrangement.jsonBytes() == plain.arrangement.jsonBytes(), "\(context), \(extent)")
          #expect(result.conflicts == plain.conflicts, "\(context), \(extent)")
          guard let outcomes = result.outcomes else {
            #expect(plain.conflicts.isEmpty, "\(context), \(extent): conflicts without outcomes")
            continue
          }
          #expect(!plain.conflicts.isEmpty, "\(context), \(extent): outcomes without conflicts")
          #expect(outcomes.isWhole == (extent == .whole), "\(context), \(extent)")
          if extent == .whole {
            #expect(outcomes.preferred.jsonBytes() == plain.arrangement.jsonBytes(), "\(context)")
            #expect(outcomes.other.jsonBytes() == second.arrangement.jsonBytes(), "\(context)")
          } else {
            conflicted += 1
            if outcomes.preferred.tileCount < plain.arrangement.tileCount { emptied += 1 }
          }
          #expect(Arrangement.diff(outcomes.preferred, outcomes.other).map(EditScript.line) == script, "\(context), \(extent)")
          let file = ConflictedArrangement.merged(result, took: prefer).write(as: .json).bytes
          #expect(
            file == twice, "\(context), \(extent):\n\(String(decoding: file, as: UTF8.self))\n\(String(decoding: twice, as: UTF8.self))")
        }
      }
    }
    #expect(conflicted >= 200, "only \(conflicted) conflicted merges")
    #expect(emptied >= 50, "only \(emptied) conflicted merges left a section empty")
  }
}
