import Editor
import Formats
import TileModel

extension EditorState {
  /// The editor refuses what `format` (the one `s` saves in) cannot keep, and a table without a color
  /// column says at the first recolor that it gains one; `m` merges with the file on disk as
  /// `tilegrid merge` merges versions in `format` (cards without ids paired across them).
  mutating func follow(_ format: ArrangementFormat, of arrangement: Arrangement) {
    traits = format.traits
    gainsColorColumn = format.lacksColorColumn(arrangement)
    mergeVersions = { base, ours, theirs in
      let merged = MergeCascade.merge(
        base: MergeVersion(base, format: format), ours: MergeVersion(ours, format: format),
        theirs: MergeVersion(theirs, format: format))
      return MergeResult(arrangement: merged.arrangement, conflicts: merged.conflicts)
    }
  }
}
