/// One place where two texts differ: lines `old` of the old text stand where lines `new` of the new
/// text do (either may be empty, not both). Lines are numbered from 0 as `lineRanges` splits a text.
public struct LineChange: Equatable, Hashable, Sendable {
  public var old: Range<Int>
  public var new: Range<Int>

  public init(old: Range<Int>, new: Range<Int>) {
    self.old = old
    self.new = new
  }
}

/// The changes from `old` to `new`, in order, exactly as `git merge-file` diffs each side against the
/// base: git's default (Myers) diff with its heuristics and cost limit, the lines it sets aside before
/// searching, then its change compaction (each group of changed lines slid as far up as it goes, then
/// down, and back up to line up with a change of the other text; no indent heuristic). This is
/// `git diff --no-indent-heuristic`'s edit script, without context.
///
/// - Complexity: O(bytes) to read the lines, then O((N + M)·D) with D the lines changed, bounded by
///   git's cost limit (about √(N + M) edits per split before it takes the furthest-reaching path).
public func lineDiff(old: [UInt8], new: [UInt8]) -> [LineChange] {
  diffScript(LineSpan(LineText(old)), LineSpan(LineText(new)))
}

/// The edit script of two spans, as `lineDiff` describes (git's `xdl_do_diff`, `xdl_change_compact`
/// both ways, `xdl_build_script`); lines are numbered from each span's first line.
func diffScript(_ a: LineSpan, _ b: LineSpan) -> [LineChange] {
  diffScript(LineClasses(a, b))
}

/// The changes from `old` to `new`, where each line is given as a value that stands for its bytes
/// (equal values for equal lines, different ones for different lines: a fingerprint, a key): the
/// same changes as `lineDiff` of two texts whose lines are those values written out, since the diff
/// compares lines only by their classes, never by their bytes. A diff of a hundred thousand cards'
/// fingerprints so needs no text made of them.
///
/// - Complexity: O(N + M) expected for the classes, then as `lineDiff`.
public func lineDiff(oldValues old: [UInt64], newValues new: [UInt64]) -> [LineChange] {
  diffScript(LineClasses(values: old, new))
}

/// The edit script of two sides' lines as classes (`lineDiff`).
func diffScript(_ classes: LineClasses) -> [LineChange] {
  var (fileA, fileB) = DiffFile.compared(classes)
  fileA.compact(against: fileB)
  fileB.compact(against: fileA)
  return fileA.script(with: fileB)
}

/// One side of a diff: each line's class and whether it is changed (git's `xdfile_t`, with its
/// `rchg`). `changed` has a false at each end, so a walk along changed lines stops without a bound
/// check: line `i` is `changed[i + 1]`.
struct DiffFile {
  var classes: [Int]
  var changed: [Bool]

  var count: Int { classes.count }

  init(classes: [Int]) {
    self.classes = classes
    changed = [Bool](repeating: false, count: classes.count + 2)
  }

  func isChanged(_ line: Int) -> Bool { changed[line + 1] }

  /// The two sides' lines marked changed by the diff, before compaction:
  ///
  /// 1. Lines are classified by their bytes, or by the values standing for them (`LineClasses`).
  /// 2. The common lines at the start and the end are set aside (git's `xdl_trim_ends`).
  /// 3. In between, a line whose class the other side lacks is changed at once; a line whose class is
  ///    on the other side at least √N times (N its own side's lines, the bound at most 1,024) is
  ///    changed too when it stands in a run of such frequent lines and lacking ones, with lacking ones
  ///    on both sides of it and more than three for each frequent one (`discardsAmongChanges`); the
  ///    others are kept (git's `xdl_cleanup_records`).
  /// 4. The kept lines go through Myers' search (`MyersDiff`), which marks the rest.
  static func compared(_ classes: LineClasses) -> (DiffFile, DiffFile) {
    var fileA = DiffFile(classes: classes.first)
    var fileB = DiffFile(classes: classes.second)
    // 2. The common start and end.
    let shorter = min(fileA.count, fileB.count)
    var start = 0
    while start < shorter && fileA.classes[start] == fileB.classes[start] { start += 1 }
    var tail = 0
    while tail < shorter - start
      && fileA.classes[fileA.count - 1 - tail] == fileB.classes[fileB.count - 1 - tail]
    {
      tail += 1
    }
    // 3. Lines set aside; the kept ones' lines and classes.
    let keptA = fileA.keep(start..<(fileA.count - tail), otherCounts: classes.inSecond)
    let keptB = fileB.keep(start..<(fileB.count - tail), otherCounts: classes.inFirst)
    // 4. The search.
    var search = MyersDiff(a: keptA.classes, b: keptB.classes)
    search.run()
    for (index, changed) in search.changedA.enumerated() where changed { fileA.changed[keptA.lines[index] + 1] = true }
    for (index, changed) in search.changedB.enumerated() where changed { fileB.changed[keptB.lines[index] + 1] = true }
    return (fileA, fileB)
  }

  /// Marks the lines of `range` that the search can do without as changed (step 3 of `compared`), and
  /// returns the others: their lines and classes.
  private mutating func keep(_ range: Range<Int>, otherCounts: [Int]) -> (lines: [Int], classes: [Int]) {
    let limit = min(squareRootBound(count), 1024)
    // 0: not on the other side; 1: there, fewer than `limit` times; 2: there at least `limit` times.
    var matches = [UInt8](repeating: 0, count: count)
    for line in range {
      let occurrences = otherCounts[classes[line]]
      matches[line] = occurrences == 0 ? 0 : occurrences >= limit ? 2 : 1
    }
    var kept: (lines: [Int], classes: [Int]) = ([], [])
    kept.lines.reserveCapacity(range.count)
    kept.classes.reserveCapacity(range.count)
    for line in range {
      if matches[line] == 1 || (matches[line] == 2 && !discardsAmongChanges(matches, line, range)) {
        kept.lines.append(line)
        kept.classes.append(classes[line])
      } else {
        changed[line + 1] = true
      }
    }
    return kept
  }

  /// Whether a line found many times on the other side (`matches[line] == 2`) is set aside because it
  /// stands in a run of such lines and lines not found there, with enough of the latter: git's
  /// `xdl_clean_mmatch`. The run is looked for within 100 lines each way; there must be lines not
  /// found on both sides of it, and the frequent lines (this one included, counted once per side)
  /// must be fewer than a quarter of the run.
  private func discardsAmongChanges(_ matches: [UInt8], _ line: Int, _ range: Range<Int>) -> Bool {
    let window = 100
    let low = max(range.lowerBound, line - window)
    let high = min(range.upperBound - 1, line + window)
    var missingBefore = 0
    var frequentBefore = 1
    var r = 1
    while line - r >= low {
      if matches[line - r] == 0 {
        missingBefore += 1
      } else if matches[line - r] == 2 {
        frequentBefore += 1
      } else {
        break
      }
      r += 1
    }
    if missingBefore == 0 { return false }
    var missingAfter = 0
    var frequentAfter = 1
    r = 1
    while line + r <= high {
      if matches[line + r] == 0 {
        missingAfter += 1
      } else if matches[line + r] == 2 {
        frequentAfter += 1
      } else {
        break
      }
      r += 1
    }
    if missingAfter == 0 { return false }
    let missing = missingBefore + missingAfter
    let frequent = frequentBefore + frequentAfter
    return frequent * 4 < frequent + missing
  }

  /// The changes, in order: each maximal run of changed lines of this side with the run of the other
  /// side's changed lines between the same unchanged lines (git's `xdl_build_script`).
  func script(with other: DiffFile) -> [LineChange] {
    var changes: [LineChange] = []
    var i = 0
    var j = 0
    while i < count || j < other.count {
      if isChanged(i) || other.isChanged(j) {
        let startI = i
        let startJ = j
        while isChanged(i) { i += 1 }
        while other.isChanged(j) { j += 1 }
        changes.append(LineChange(old: startI..<i, new: startJ..<j))
      } else {
        i += 1
        j += 1
      }
    }
    return changes
  }
}

/// git's `xdl_bogosqrt`: a power of two near √n (1 for 0, 2 for 1...3, 4 for 4...15, 8 for 16...63).
func squareRootBound(_ n: Int) -> Int {
  var n = n
  var root = 1
  while n > 0 {
    root <<= 1
    n >>= 2
  }
  return root
}
