import TestSupport
import Testing
import TextMerge

// `mergeLines` and `lineDiff` against the installed git on random inputs (RandomMergeInput): the same
// bytes and the same number of conflicts, with no exception. TEXTMERGE_RUNS=N and TEXTMERGE_SEED=S run
// seeds S..<S+N instead of the default 0..<200; TEXTMERGE_LARGE_RUNS=N runs long inputs 0..<N
// instead of two chosen ones.

@Suite("The line merge and diff byte for byte as the installed git")
struct AgainstGitTests {
  @Test("random three-way merges: git merge-file -p, --diff3, --zdiff3, the favors and marker sizes")
  func randomMerges() throws {
    let git = try InstalledGit()
    var failures = 0
    var conflicted = 0
    let batches = seedBatches(of: 200)
    for seeds in batches where failures < 5 {
      var merges: [(seed: Int, input: RandomMergeInput, options: LineMergeOptions)] = []
      for seed in seeds {
        let input = RandomMergeInput(seed: UInt64(seed))
        var rng = SplitMix64(seed: SplitMix64.seed(UInt64(seed), 1))
        var styles: [LineMergeOptions] = [labelled(.merge), labelled(.diff3)]
        if seed % 3 == 0 { styles.append(labelled(.zdiff3)) }
        if seed % 5 == 0 {
          var favored = labelled(rng.element([.merge, .diff3, .zdiff3]))
          favored.favor = rng.element([.ours, .theirs, .union])
          styles.append(favored)
        }
        if seed % 7 == 0 {
          var sized = labelled(rng.element([.merge, .diff3]))
          sized.markerSize = rng.int(1...12)
          styles.append(sized)
        }
        merges += styles.map { (seed, input, $0) }
      }
      let expected = try git.mergeFiles(
        merges.map { InstalledGit.Merge(base: $0.input.base, ours: $0.input.ours, theirs: $0.input.theirs, options: $0.options) })
      for ((seed, input, options), expected) in zip(merges, expected) {
        let ours = mergeLines(base: input.base, ours: input.ours, theirs: input.theirs, options: options)
        if options.style == .merge && options.favor == .none && ours.conflicts > 0 { conflicted += 1 }
        if ours.bytes != expected.bytes || min(ours.conflicts, 127) != Int(expected.status) {
          failures += 1
          Issue.record(
            """
            seed \(seed), \(options.style) \(options.favor) marker size \(options.markerSize): \
            \(ours.conflicts) conflicts, git \(expected.status)
            \(input)
            ours: \(String(decoding: ours.bytes, as: UTF8.self).debugDescription)
            git:  \(String(decoding: expected.bytes, as: UTF8.self).debugDescription)
            """)
        }
      }
    }
    let runs = batches.map(\.count).reduce(0, +)
    print("TextMerge against git merge-file: \(runs) seeds from \(batches[0].lowerBound), \(conflicted) in conflict, \(failures) different")
    // The inputs must make conflicts, or the comparison says little.
    #expect(runs < 50 || conflicted * 10 > runs)
  }

  @Test("random line diffs: git diff --no-index -U0 --no-indent-heuristic")
  func randomDiffs() throws {
    let git = try InstalledGit()
    var failures = 0
    for seeds in seedBatches(of: 500) where failures < 5 {
      let inputs = seeds.map { RandomMergeInput(seed: UInt64($0)) }
      let expected = try git.diffs(inputs.map { ($0.base, $0.ours) })
      for (seed, (input, expected)) in zip(seeds, zip(inputs, expected)) {
        let changes = lineDiff(old: input.base, new: input.ours)
        if changes != expected {
          failures += 1
          Issue.record("seed \(seed): \(changes) but git \(expected)\n\(input)")
        }
      }
    }
  }

  @Test("long texts far apart, where the diff's search is cut by git's heuristic and cost limit")
  func largeMerges() throws {
    let git = try InstalledGit()
    // By default seed 9, where both directions of the heuristic cut the search, and seed 11, where the
    // cost limit does 9 times (counted in a scratch build); of seeds 0..<100, the heuristic cut 146
    // times and the cost limit 227.
    let runs = environmentNumber("TEXTMERGE_LARGE_RUNS", 0)
    let inputs = (runs > 0 ? Array(0..<runs) : [9, 11]).map { RandomMergeInput(largeSeed: UInt64($0)) }
    let merges = inputs.flatMap { input in
      [labelled(.merge), labelled(.diff3)].map {
        InstalledGit.Merge(base: input.base, ours: input.ours, theirs: input.theirs, options: $0)
      }
    }
    for (merge, expected) in zip(merges, try git.mergeFiles(merges)) {
      let result = mergeLines(base: merge.base, ours: merge.ours, theirs: merge.theirs, options: merge.options)
      #expect(result.bytes == expected.bytes, "\(merge.options.style), \(merge.base.count) bytes")
      #expect(min(result.conflicts, 127) == Int(expected.status))
    }
    let diffs = try git.diffs(inputs.map { ($0.base, $0.ours) })
    for (input, expected) in zip(inputs, diffs) { #expect(lineDiff(old: input.base, new: input.ours) == expected) }
  }

  @Test("5,000 lines of a, b and c, each side moving 3 of them: the same as git")
  func repeatedLines() throws {
    let (base, ours, theirs) = repeatedLinesMerge()
    let git = try InstalledGit()
    for style in [LineMergeOptions.Style.merge, .diff3] {
      let options = labelled(style)
      let result = mergeLines(base: base, ours: ours, theirs: theirs, options: options)
      let expected = try git.mergeFiles([InstalledGit.Merge(base: base, ours: ours, theirs: theirs, options: options)])[0]
      #expect(result.bytes == expected.bytes)
      #expect(min(result.conflicts, 127) == Int(expected.status))
      // git merges it cleanly (in the diff3 style too: the moves are apart).
      #expect(result.conflicts == 0)
    }
  }
}

/// The seeds to run, `TEXTMERGE_SEED` and on, `TEXTMERGE_RUNS` of them (200 by default), in batches
/// of `size` for one shell each to run git on.
private func seedBatches(of size: Int) -> [Range<Int>] {
  let first = environmentNumber("TEXTMERGE_SEED", 0)
  let end = first + environmentNumber("TEXTMERGE_RUNS", 200)
  return stride(from: first, to: end, by: size).map { $0..<min(end, $0 + size) }
}

private func labelled(_ style: LineMergeOptions.Style) -> LineMergeOptions {
  LineMergeOptions(oursLabel: "ours", baseLabel: "base", theirsLabel: "theirs", style: style)
}
