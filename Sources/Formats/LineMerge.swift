import TextMerge
import TileModel

/// Git's line merge as the merge's stages use it (docs/merge.md): stage 2 merges the three files line
/// by line exactly as `git merge-file` does, and the card merge joins a card's (a lane's, the front
/// matter's) lines both sides changed the same way.
enum GitLineMerge {
  /// Stage 2: the three texts merged line by line exactly as `git merge-file` merges them (TextMerge's
  /// port of git's xdiff: the same diff, change compaction, merge level and markers), with git's
  /// labels and marker size; how many conflicts it left.
  static func lineMerge(base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: ConflictLabels) -> (
    bytes: [UInt8], conflicts: Int
  ) {
    let options = LineMergeOptions(
      markerSize: labels.markerSize, oursLabel: labels.ours.isEmpty ? nil : labels.ours,
      baseLabel: labels.base.isEmpty ? nil : labels.base, theirsLabel: labels.theirs.isEmpty ? nil : labels.theirs)
    let merged = TextMerge.mergeLines(base: base, ours: ours, theirs: theirs, options: options)
    return (merged.bytes, merged.conflicts)
  }

  /// The lines of one card, lane or part of a file that both sides changed, merged as git merges
  /// lines; nil where they conflict. The blank lines at their end are not their text but where the
  /// card sits (a lane's last card holds the blank line before the next lane): they are set aside,
  /// and ours' kept when both changed them, so that a card moved from a lane's end by one side and
  /// changed by the other is no conflict.
  static func mergeLines(_ base: [String], _ ours: [String], _ theirs: [String]) -> [String]? {
    func split(_ lines: [String]) -> (ArraySlice<String>, ArraySlice<String>) {
      var end = lines.count
      while end > 0 && lines[end - 1].isBlankLine { end -= 1 }
      return (lines[..<end], lines[end...])
    }
    let (bb, bt) = split(base)
    let (xb, xt) = split(ours)
    let (yb, yt) = split(theirs)
    guard let body = mergeText(Array(bb), Array(xb), Array(yb)) else { return nil }
    let tail = xt.elementsEqual(bt, by: sameBytes) ? yt : xt
    return body + tail
  }

  static func sameBytes(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

  /// Three lists of lines merged by git's line merge; nil where it conflicts.
  static func mergeText(_ b: [String], _ x: [String], _ y: [String]) -> [String]? {
    let merged = TextMerge.mergeLines(base: bytes(b), ours: bytes(x), theirs: bytes(y))
    guard merged.conflicts == 0 else { return nil }
    return lines(merged.bytes)
  }

  /// Lines as one text, each ended by a line break (none holds one).
  static func bytes(_ lines: [String]) -> [UInt8] {
    var bytes: [UInt8] = []
    for line in lines {
      bytes += line.utf8
      bytes.append(0x0A)
    }
    return bytes
  }

  /// A text made of lines each ended by a line break, as its lines.
  static func lines(_ bytes: [UInt8]) -> [String] {
    TextMerge.lineRanges(bytes).map { range in
      let end = range.upperBound > range.lowerBound && bytes[range.upperBound - 1] == 0x0A ? range.upperBound - 1 : range.upperBound
      return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
    }
  }
}

/// Git's line diff as the merge's stages use it: the card pairing's (one line per card) and the
/// conflicted file's (one line per card, lane heading or file part).
enum GitLineDiff {
  /// The changes from `old` to `new` (lines of each replaced by lines of the other), in order.
  static func changes(_ old: [String], _ new: [String]) -> [(old: Range<Int>, new: Range<Int>)] {
    TextMerge.lineDiff(old: GitLineMerge.bytes(old), new: GitLineMerge.bytes(new)).map { ($0.old, $0.new) }
  }
}
