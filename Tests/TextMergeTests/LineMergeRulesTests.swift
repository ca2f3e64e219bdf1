import Testing
import TextMerge

// The rules of the line merge that the comparison with git cannot show: what the command line cannot
// ask for (no label, a marker size of 0), what it cannot report (more than 127 conflicts), and the
// lines and changes as the API hands them out.

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("The line merge's rules")
struct LineMergeRulesTests {
  @Test("a diff of values standing for lines gives the changes of the lines' own diff")
  func valueDiff() {
    for seed in 0..<2_000 {
      let input = RandomMergeInput(seed: UInt64(seed))
      // Each distinct line a value of its own, far from its text (the diff sees only which are equal).
      var values: [ArraySlice<UInt8>: UInt64] = [:]
      func valued(_ text: [UInt8]) -> [UInt64] {
        lineRanges(text).map { range in
          let line = text[range]
          if let known = values[line] { return known }
          let value = UInt64(values.count) &* 0x9E37_79B9_7F4A_7C15 ^ 0xDEAD_BEEF
          values[line] = value
          return value
        }
      }
      for (old, new) in [(input.base, input.ours), (input.base, input.theirs), (input.ours, input.theirs)] {
        #expect(
          lineDiff(oldValues: valued(old), newValues: valued(new)) == lineDiff(old: old, new: new), "seed \(seed)\n\(input)")
      }
    }
  }

  @Test("a line ends after its newline; the bytes after the last newline are a line without one")
  func lines() {
    #expect(lineRanges(bytes("")) == [])
    #expect(lineRanges(bytes("a")) == [0..<1])
    #expect(lineRanges(bytes("a\nb")) == [0..<2, 2..<3])
    #expect(lineRanges(bytes("a\r\n\n")) == [0..<3, 3..<4])
    #expect(lineRanges(bytes("\n\n")) == [0..<1, 1..<2])
  }

  @Test("an insertion of lines equal to the ones above slides down as far as it goes")
  func compaction() {
    #expect(lineDiff(old: bytes("a\nb\n"), new: bytes("a\nb\na\nb\n")) == [LineChange(old: 2..<2, new: 2..<4)])
    #expect(lineDiff(old: bytes("x\n\ny\n"), new: bytes("x\n\ny\n\ny\n")) == [LineChange(old: 3..<3, new: 3..<5)])
    #expect(lineDiff(old: bytes("same\n"), new: bytes("same\n")) == [])
    #expect(lineDiff(old: bytes(""), new: bytes("a")) == [LineChange(old: 0..<0, new: 0..<1)])
  }

  @Test("no label writes the marker alone; a marker size of 0 or less is git's 7")
  func markers() {
    for size in [0, -3, 7] {
      let result = mergeLines(base: bytes("a\n"), ours: bytes("b\n"), theirs: bytes("c\n"), options: LineMergeOptions(markerSize: size))
      #expect(result == LineMergeResult(bytes: bytes("<<<<<<<\nb\n=======\nc\n>>>>>>>\n"), conflicts: 1))
    }
    let labelled = LineMergeOptions(markerSize: 3, oursLabel: "mine", baseLabel: "old", theirsLabel: "yours", style: .diff3)
    #expect(
      mergeLines(base: bytes("a\n"), ours: bytes("b\n"), theirs: bytes("c\n"), options: labelled).bytes
        == bytes("<<< mine\nb\n||| old\na\n===\nc\n>>> yours\n"))
  }

  @Test("a side that changed nothing gives the other side's bytes as they are")
  func oneSideOnly() {
    let theirs = bytes("x\r\ny")
    #expect(mergeLines(base: bytes("x\n"), ours: bytes("x\n"), theirs: theirs) == LineMergeResult(bytes: theirs, conflicts: 0))
    #expect(mergeLines(base: bytes("x\n"), ours: theirs, theirs: bytes("x\n")) == LineMergeResult(bytes: theirs, conflicts: 0))
  }

  @Test("the same change on both sides is taken once, clean")
  func sameChange() {
    let result = mergeLines(base: bytes("a\nb\nc\n"), ours: bytes("a\nB\nc\n"), theirs: bytes("a\nB\nc\n"))
    #expect(result == LineMergeResult(bytes: bytes("a\nB\nc\n"), conflicts: 0))
  }

  @Test("conflicts are counted past 127, where git's exit status stops")
  func manyConflicts() {
    // 200 lines each changed two ways, with 4 lines holding a letter between them so they stay apart.
    let block = { (line: String) in line + "\nkeep 1\nkeep 2\nkeep 3\nkeep 4\n" }
    let base = (0..<200).map { block("line \($0)") }.joined()
    let ours = (0..<200).map { block("ours \($0)") }.joined()
    let theirs = (0..<200).map { block("theirs \($0)") }.joined()
    #expect(mergeLines(base: bytes(base), ours: bytes(ours), theirs: bytes(theirs)).conflicts == 200)
  }
}
