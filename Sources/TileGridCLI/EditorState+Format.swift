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

  /// Cards are drawn as a file of `format` holds them: a Markdown board's titles and lines as Markdown,
  /// its checkboxes hidden when its settings say `show-checkboxes: false`; `e` edits a card's text as
  /// the file holds it.
  mutating func showCards(as format: ArrangementFormat, of arrangement: Arrangement) {
    cardStyle.markdown = format.cardsAreMarkdown
    cardStyle.showsCheckboxes = format.showsCheckboxes(arrangement)
    cardText = CardTextEditing(
      text: { format.cardText(of: $0) },
      read: { text, tile in format.card(fromText: text, replacing: tile).mapError { CardTextProblem($0.description) } })
  }
}
