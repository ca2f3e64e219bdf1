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
      BoardVersions.merge(base: base, ours: ours, theirs: theirs, formats: [format, format, format])
    }
  }
}
