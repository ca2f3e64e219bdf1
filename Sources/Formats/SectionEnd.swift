/// A section's end (docs/formats.md, "Where blank lines belong"): the blank lines between a section's
/// last tile and the next heading (or a board's archive or settings block, or the end of the file) are
/// the section's, not the tile's. A tile
/// moved to the end of a section goes before them, and the section's last tile moved away leaves
/// them where they were: every heading keeps the lines around it.
///
/// In a file whose cards are apart (blank lines between them), the last card keeps as many of the
/// blank lines after it as the first card followed by another keeps (`separation`), and the rest are
/// the section's end: so the last card moved away and back is the file again.
///
/// An empty section's blank lines are both under its heading and at its end; as many stay under the
/// heading as the file's sections with tiles keep there, the rest are its end, so a section emptied
/// and filled again is written as it was.
enum SectionEnd {
  /// How many lines at the end of `lines` are blank.
  static func blankRun<C: BidirectionalCollection>(_ lines: C) -> Int where C.Element == String {
    var n = 0
    var i = lines.endIndex
    while i != lines.startIndex {
      i = lines.index(before: i)
      guard lines[i].isBlankLine else { break }
      n += 1
    }
    return n
  }

  /// Splits each empty section's blank lines under its heading (`text`, the last of them) between
  /// the heading and the section's `end`: as many stay under the heading as the first section with
  /// a heading and tiles keeps there before its first tile (the first one with text under its heading
  /// for a section with text; none when there is no such section), else half of them.
  static func splitEmpty<Draft>(
    _ drafts: inout [Draft], text: WritableKeyPath<Draft, [String]>, end: WritableKeyPath<Draft, [String]>,
    hasHeading: (Draft) -> Bool, isEmpty: (Draft) -> Bool
  ) {
    var underBlank: Int?
    var underText: Int?
    for draft in drafts where hasHeading(draft) && !isEmpty(draft) {
      let lines = draft[keyPath: text]
      let run = blankRun(lines)
      if run == lines.count {
        if underBlank == nil { underBlank = run }
      } else if underText == nil {
        underText = run
      }
      if underBlank != nil && underText != nil { break }
    }
    for k in drafts.indices where hasHeading(drafts[k]) && isEmpty(drafts[k]) {
      let lines = drafts[k][keyPath: text]
      let run = blankRun(lines)
      guard run > 0 else { continue }
      let under = run == lines.count ? (underBlank ?? run / 2) : (underText ?? 0)
      let moved = run - min(under, run)
      guard moved > 0 else { continue }
      drafts[k][keyPath: end] = Array(lines.suffix(moved)) + drafts[k][keyPath: end]
      drafts[k][keyPath: text].removeLast(moved)
    }
  }
}
