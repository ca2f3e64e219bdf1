/// A stretch of a three-way merge where at least one side changed the base (git's `xdmerge_t`):
/// the lines it covers in the base, in ours and in theirs, and what the merge takes there. Between two
/// hunks, and before the first and after the last, neither side changed anything, and the merge copies
/// ours' lines.
struct MergeHunk: Equatable {
  enum Kind: Equatable {
    /// Both sides changed these lines, differently.
    case conflict
    /// Only ours changed them (or a conflict resolved toward ours), and the reverse.
    case ours, theirs
    /// A conflict resolved as ours' lines then theirs' (`.union`).
    case both
    /// A conflict whose two sides turned out the same when compared line by line: ours' lines stand.
    case same
  }

  var kind: Kind
  /// The base's lines. Only conflicts written with the base (`.diff3`, `.zdiff3`) read them, and those
  /// styles neither refine nor join conflicts, which leave them stale.
  var baseStart: Int
  var baseCount: Int
  var oursStart: Int
  var oursCount: Int
  var theirsStart: Int
  var theirsCount: Int

  var oursEnd: Int { oursStart + oursCount }
  var theirsEnd: Int { theirsStart + theirsCount }
}

/// The hunks of a merge from each side's changes against the base (git's `xdl_do_merge` walk, at the
/// "eager" level: identical changes are not conflicts). The two scripts are walked along the base:
///
/// - a change that ends before the other side's next change begins (not touching it) is taken from
///   its side; its lines in the other side are the base's, shifted by that side's changes so far;
/// - two changes that overlap or touch in the base are a conflict spanning both, unless they replace
///   the same base lines with the same lines;
/// - a hunk that overlaps or touches the previous one in ours or in theirs is joined to it, and is a
///   conflict if the two were taken from different sides.
func mergeHunks(
  ours oursChanges: [LineChange], theirs theirsChanges: [LineChange], base: LineText, oursText: LineText,
  theirsText: LineText
) -> [MergeHunk] {
  var hunks: [MergeHunk] = []
  func append(_ hunk: MergeHunk) {
    guard var last = hunks.last, hunk.oursStart <= last.oursEnd || hunk.theirsStart <= last.theirsEnd else {
      hunks.append(hunk)
      return
    }
    if hunk.kind != last.kind { last.kind = .conflict }
    last.baseCount = hunk.baseStart + hunk.baseCount - last.baseStart
    last.oursCount = hunk.oursEnd - last.oursStart
    last.theirsCount = hunk.theirsEnd - last.theirsStart
    hunks[hunks.count - 1] = last
  }
  /// A change of ours alone; `theirsOffset` is theirs' line minus the base's line there.
  func takeOurs(_ change: LineChange, theirsOffset: Int) {
    append(
      MergeHunk(
        kind: .ours, baseStart: change.old.lowerBound, baseCount: change.old.count,
        oursStart: change.new.lowerBound, oursCount: change.new.count,
        theirsStart: change.old.lowerBound + theirsOffset, theirsCount: change.old.count))
  }
  func takeTheirs(_ change: LineChange, oursOffset: Int) {
    append(
      MergeHunk(
        kind: .theirs, baseStart: change.old.lowerBound, baseCount: change.old.count,
        oursStart: change.old.lowerBound + oursOffset, oursCount: change.old.count,
        theirsStart: change.new.lowerBound, theirsCount: change.new.count))
  }

  var i = 0
  var j = 0
  while i < oursChanges.count && j < theirsChanges.count {
    let x = oursChanges[i]
    let y = theirsChanges[j]
    if x.old.upperBound < y.old.lowerBound {
      takeOurs(x, theirsOffset: y.new.lowerBound - y.old.lowerBound)
      i += 1
      continue
    }
    if y.old.upperBound < x.old.lowerBound {
      takeTheirs(y, oursOffset: x.new.lowerBound - x.old.lowerBound)
      j += 1
      continue
    }
    let sameChange =
      x.old == y.old && x.new.count == y.new.count
      && (0..<x.new.count).allSatisfy { oursText.sameLine(x.new.lowerBound + $0, as: theirsText, y.new.lowerBound + $0) }
    if !sameChange {
      // The conflict starts where the earlier of the two starts and ends where the later ends, in the
      // base; each side's lines are its change widened by the base lines the other covers beyond it.
      let startShift = x.old.lowerBound - y.old.lowerBound
      let endShift = startShift + x.old.count - y.old.count
      var hunk = MergeHunk(
        kind: .conflict, baseStart: x.old.lowerBound, baseCount: 0, oursStart: x.new.lowerBound, oursCount: 0,
        theirsStart: y.new.lowerBound, theirsCount: 0)
      if startShift > 0 {
        hunk.baseStart -= startShift
        hunk.oursStart -= startShift
      } else {
        hunk.theirsStart += startShift
      }
      hunk.baseCount = x.old.upperBound - hunk.baseStart
      hunk.oursCount = x.new.upperBound - hunk.oursStart
      hunk.theirsCount = y.new.upperBound - hunk.theirsStart
      if endShift < 0 {
        hunk.baseCount -= endShift
        hunk.oursCount -= endShift
      } else {
        hunk.theirsCount += endShift
      }
      append(hunk)
    }
    let oursEnd = x.old.upperBound
    let theirsEnd = y.old.upperBound
    if oursEnd >= theirsEnd { j += 1 }
    if theirsEnd >= oursEnd { i += 1 }
  }
  for x in oursChanges[i...] { takeOurs(x, theirsOffset: theirsText.count - base.count) }
  for y in theirsChanges[j...] { takeTheirs(y, oursOffset: oursText.count - base.count) }
  return hunks
}

/// Each conflict whose sides both have lines, made the places where they differ (git's
/// `xdl_refine_conflicts`): ours' lines of the conflict are diffed against theirs' (`lineDiff`'s rule
/// on those lines alone), each change becomes a conflict and the lines between are taken as they are.
/// A conflict whose two sides are the same lines becomes `.same`.
func refineConflicts(_ hunks: [MergeHunk], ours: LineText, theirs: LineText) -> [MergeHunk] {
  var refined: [MergeHunk] = []
  refined.reserveCapacity(hunks.count)
  for hunk in hunks {
    guard hunk.kind == .conflict && hunk.oursCount > 0 && hunk.theirsCount > 0 else {
      refined.append(hunk)
      continue
    }
    let changes = diffScript(
      LineSpan(ours, hunk.oursStart..<hunk.oursEnd), LineSpan(theirs, hunk.theirsStart..<hunk.theirsEnd))
    if changes.isEmpty {
      var same = hunk
      same.kind = .same
      refined.append(same)
      continue
    }
    for change in changes {
      var part = hunk
      part.oursStart = hunk.oursStart + change.old.lowerBound
      part.oursCount = change.old.count
      part.theirsStart = hunk.theirsStart + change.new.lowerBound
      part.theirsCount = change.new.count
      refined.append(part)
    }
  }
  return refined
}

/// Two conflicts with few lines between them made one, since a reader takes them in as one (git's
/// `xdl_simplify_non_conflicts` at the "zealous alnum" level): when ours has three lines or fewer
/// between them, or only lines without an ASCII letter or digit (blank lines, punctuation), the
/// conflict spans both and the lines between are in it, on both sides.
func joinCloseConflicts(_ hunks: [MergeHunk], ours: LineText) -> [MergeHunk] {
  var joined: [MergeHunk] = []
  joined.reserveCapacity(hunks.count)
  for hunk in hunks {
    if var last = joined.last, last.kind == .conflict && hunk.kind == .conflict {
      let between = last.oursEnd..<hunk.oursStart
      if between.count <= 3 || !between.contains(where: { ours.hasAlphanumeric($0) }) {
        last.oursCount = hunk.oursEnd - last.oursStart
        last.theirsCount = hunk.theirsEnd - last.theirsStart
        joined[joined.count - 1] = last
        continue
      }
    }
    joined.append(hunk)
  }
  return joined
}

/// Each conflict without the lines both sides begin it with and end it with (git's
/// `xdl_refine_zdiff3_conflicts`, the `.zdiff3` style): those lines are written outside the markers.
func trimCommonEdges(_ hunks: inout [MergeHunk], ours: LineText, theirs: LineText) {
  for index in hunks.indices where hunks[index].kind == .conflict {
    var hunk = hunks[index]
    while hunk.oursCount > 0 && hunk.theirsCount > 0
      && ours.sameLine(hunk.oursStart, as: theirs, hunk.theirsStart)
    {
      hunk.oursStart += 1
      hunk.oursCount -= 1
      hunk.theirsStart += 1
      hunk.theirsCount -= 1
    }
    while hunk.oursCount > 0 && hunk.theirsCount > 0
      && ours.sameLine(hunk.oursEnd - 1, as: theirs, hunk.theirsEnd - 1)
    {
      hunk.oursCount -= 1
      hunk.theirsCount -= 1
    }
    hunks[index] = hunk
  }
}

extension LineText {
  /// Whether line `i` holds an ASCII letter or digit (git's own `isalnum`, which ignores the locale).
  func hasAlphanumeric(_ i: Int) -> Bool {
    bytes[range(i)].contains { byte in
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
  }
}
