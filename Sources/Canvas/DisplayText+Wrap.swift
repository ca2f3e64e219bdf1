extension DisplayText {
  /// The text broken into at most `lines` lines of at most `width` cells, for a tile's title over
  /// several rows (docs/editor.md, "Titles over several lines"):
  /// - lines break at spaces (a run of spaces is one break, none is drawn at a line's ends);
  /// - a word wider than the line is cut with `…` (`truncated(toWidth:)`) on a line of its own;
  /// - when the text needs more lines than `lines`, the last line holds what it can of the rest, ending
  ///   in `…`.
  ///
  /// One line is `truncated(toWidth:)` of the text with its spaces trimmed. Empty for no room.
  ///
  ///     "Write the quarterly report" in 10 x 2:  "Write the" / "quarterly…"
  ///     "Supercalifragilistic day" in 8 x 2:     "Superca…" / "day"
  /// - Complexity: O(units).
  public func wrapped(toWidth width: Int, lines maxLines: Int) -> [DisplayText] {
    guard width > 0, maxLines > 0 else { return [] }
    // The words: runs of units that are not spaces.
    var words: [ArraySlice<DisplayUnit>] = []
    var start: Int? = nil
    for (k, unit) in units.enumerated() {
      if unit == .space {
        if let s = start { words.append(units[s..<k]) }
        start = nil
      } else if start == nil {
        start = k
      }
    }
    if let s = start { words.append(units[s..<units.count]) }
    var lines: [[DisplayUnit]] = []
    var current: [DisplayUnit] = []
    var used = 0
    var next = 0
    while next < words.count {
      if lines.count == maxLines - 1 {
        // The last line: what is left, joined by single spaces, cut with `…` when it does not fit.
        var rest = current
        for word in words[next...] {
          if !rest.isEmpty { rest.append(.space) }
          rest += word
        }
        lines.append(DisplayText(units: rest).truncated(toWidth: width).units)
        return lines.map { DisplayText(units: $0) }
      }
      let word = words[next]
      let wordWidth = word.reduce(0) { $0 + $1.width }
      if current.isEmpty {
        if wordWidth > width {
          lines.append(DisplayText(units: Array(word)).truncated(toWidth: width).units)
        } else {
          current = Array(word)
          used = wordWidth
        }
        next += 1
      } else if used + 1 + wordWidth <= width {
        current.append(.space)
        current += word
        used += 1 + wordWidth
        next += 1
      } else {
        lines.append(current)
        current = []
        used = 0
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines.map { DisplayText(units: $0) }
  }
}
