import EditScripts
import TestSupport
import Testing
import TileGridJSON
import TileModel

@testable import Formats

/// A conflicted merge's versions of its conflicts from one run (`Arrangement.merge(…, outcomes:)`)
/// against the merges toward each side that they stand for.
@Suite("Merge outcomes")
struct MergeOutcomesTests {
  static func text(_ a: Arrangement) -> String { String(decoding: a.jsonBytes(), as: UTF8.self) }

  @Test("one run's version of each side is the merge toward it; the sections it leaves empty change no edit")
  func bothWays() {
    var conflicted = 0
    var emptied = 0
    for seed in 0..<400 {
      var rng = SplitMix64(seed: SplitMix64.seed(0x0C7E, UInt64(seed)))
      // Larger files too, so that most sections are the same in both outcomes.
      let base = RandomArrangements.mergeBase(&rng, maximumTiles: 60, maximumSections: 8)
      let (ours, theirs) = RandomArrangements.sides(of: base, &rng, edits: 1...6)
      for prefer in [MergeSide.ours, .theirs] {
        let context = "seed \(seed), \(prefer)"
        let plain = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer)
        let sides = [MergeSide.ours, .theirs].map {
          Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: $0, honouringDeletions: true).arrangement
        }
        let scripts = sides.map { Arrangement.diff(plain.arrangement, $0).map(EditScript.line) }
        var whole: String?
        for extent in [MergeOutcomes.Extent.whole, .differing] {
          let result = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer, outcomes: extent)
          #expect(Self.text(result.arrangement) == Self.text(plain.arrangement), "\(context), \(extent)")
          #expect(result.conflicts == plain.conflicts, "\(context), \(extent)")
          guard let outcomes = result.outcomes else {
            #expect(plain.conflicts.isEmpty, "\(context), \(extent): conflicts without outcomes")
            continue
          }
          #expect(!plain.conflicts.isEmpty, "\(context), \(extent): outcomes without conflicts")
          #expect(outcomes.isWhole == (extent == .whole), "\(context), \(extent)")
          if extent == .whole {
            #expect(Self.text(outcomes.result) == Self.text(plain.arrangement), "\(context)")
            #expect(Self.text(outcomes.ours) == Self.text(sides[0]), "\(context)")
            #expect(Self.text(outcomes.theirs) == Self.text(sides[1]), "\(context)")
          } else {
            conflicted += 1
            if outcomes.result.tileCount < plain.arrangement.tileCount { emptied += 1 }
          }
          for (k, side) in [MergeSide.ours, .theirs].enumerated() {
            #expect(
              Arrangement.diff(outcomes.result, outcomes.version(side)).map(EditScript.line) == scripts[k],
              "\(context), \(extent), \(side)")
          }
          let file = String(decoding: ConflictedArrangement.merged(result).write(as: .json).bytes, as: UTF8.self)
          if let whole { #expect(file == whole, "\(context), \(extent)") } else { whole = file }
          // Every conflict recorded has something to choose, and exit 1 has a conflict recorded.
          let recorded = ConflictedArrangement.merged(result).conflicts
          #expect(!recorded.isEmpty, "\(context), \(extent): conflicts, none recorded")
          for conflict in recorded { #expect(!conflict.ours.isEmpty || !conflict.theirs.isEmpty, "\(context)") }
        }
      }
    }
    #expect(conflicted >= 200, "only \(conflicted) conflicted merges")
    #expect(emptied >= 50, "only \(emptied) conflicted merges left a section empty")
  }

  @Test("a second card's id is free among all the file's ids exactly when it is among secondCardIDs'")
  func secondCardIDs() {
    // Taken as `String`s compare: "e\u{301}-2" is "é-2"; "blue-2" by its `-`; "blue2" takes nothing.
    let file = Arrangement(sections: [
      (Section(id: "a"), ["blue", "blue-2", "blue2", "é", "e\u{301}-2", "x-1", "ｘ-2", "x", "t1"].map { Tile(id: $0) })
    ])
    let all = Set(file.allTiles().map(\.id))
    let few = ConflictedArrangement.secondCardIDs(file)
    #expect(!few.contains("blue") && !few.contains("blue2") && !few.contains("t1"), "\(few)")
    for id in ["blue", "blue2", "é", "e\u{301}", "x", "t1", "x-1"] {
      let expected = IDs.unique(id) { all.contains($0) }
      #expect(IDs.unique(id) { $0 == id || few.contains($0) } == expected, "\(id)")
    }
    #expect(IDs.unique("é") { $0 == "é" || few.contains($0) } == "é-3")
  }
}
