import Editor
import Formats
import TileModel

extension EditorState {
  /// The editor refuses what `format` (the one `s` saves in) cannot keep, and a table without a color
  /// column says at the first recolor that it gains one.
  mutating func follow(_ format: ArrangementFormat, of arrangement: Arrangement) {
    traits = format.traits
    gainsColorColumn = format.lacksColorColumn(arrangement)
  }
}
