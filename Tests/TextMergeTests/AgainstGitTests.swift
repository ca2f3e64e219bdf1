import TestSupport
import Testing
import TextMerge

// `mergeLines` and `lineDiff` against the installed git on random inputs (RandomMergeInput): the same
// bytes and the same number of conflicts, with no exception. TEXTMERGE_RUNS=N and TEXTMERGE_SEED=S run
// seeds S..<S+N instead of the default 0..<200; TEXTMERGE_LARGE_RUNS=N runs N long inputs instead of 2.

@Suite("The line merge and diff byte for byte as the installed git")
struct AgainstGitTests {
  @Test("random three-way merges: git merge-file -p, --diff3, --zdiff3, the favors and marker sizes")
  func randomMerges() throws {
    let git = try InstalledGit()
    let first = environmentNumber("TEXTMERGE_SEED", 0)
    let runs = environmentNumber("TEXTMERGE_RUNS", 200)
    var failures = 0
    var conflicted = 0
    var seed = first
    while seed < first + runs && failures < 5 {
      // A batch of seeds at a time, for one shell to run git on.
      let seeds = seed..<min(first + runs, seed + 200)
      seed = seeds.upperBound
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
    print("TextMerge against git merge-file: seeds \(first)..<\(first + runs), \(conflicted) in conflict, \(failures) different")
    // The inputs must make conflicts, or the comparison says little.
    #expect(runs < 50 || conflicted * 10 > runs)
  }

  @Test("random line diffs: git diff --no-index -U0 --no-indent-heuristic")
  func randomDiffs() throws {
    let git = try InstalledGit()
    let first = environmentNumber("TEXTMERGE_SEED", 0)
    let runs = environmentNumber("TEXTMERGE_RUNS", 200)
    var failures = 0
    var seed = first
    while seed < first + runs && failures < 5 {
      let seeds = seed..<min(first + runs, seed + 500)
      seed = seeds.upperBound
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
    let runs = environmentNumber("TEXTMERGE_LARGE_RUNS", 2)
    let inputs = (0..<runs).map { RandomMergeInput(largeSeed: UInt64($0)) }
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
    var rng = SplitMix64(seed: 5000)
    let base = (0..<5000).map { _ in rng.element(["a\n", "b\n", "c\n"]) }
    func movedThree(_ lines: [String]) -> [String] {
      var lines = lines
      for _ in 0..<3 {
        let line = lines.remove(at: rng.int(0...(lines.count - 1)))
        lines.insert(line, at: rng.int(0...lines.count))
      }
      return lines
    }
    let ours = movedThree(base)
    let theirs = movedThree(base)
    let bytes = { (lines: [String]) in Array(lines.joined().utf8) }
    let git = try InstalledGit()
    for style in [LineMergeOptions.Style.merge, .diff3] {
      let options = labelled(style)
      let result = mergeLines(base: bytes(base), ours: bytes(ours), theirs: bytes(theirs), options: options)
      let expected = try git.mergeFiles([
        InstalledGit.Merge(base: bytes(base), ours: bytes(ours), theirs: bytes(theirs), options: options)
      ])[0]
      #expect(result.bytes == expected.bytes)
      #expect(min(result.conflicts, 127) == Int(expected.status))
    }
  }
}

private func labelled(_ style: LineMergeOptions.Style) -> LineMergeOptions {
  LineMergeOptions(oursLabel: "ours", baseLabel: "base", theirsLabel: "theirs", style: style)
}
