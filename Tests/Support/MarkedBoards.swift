/// Markdown boards of many conflicts, as a merge leaves git's markers in a file: for the tests that a
/// file of thousands of conflict blocks is read, checked and written back without working out every
/// conflict's edits.
public enum MarkedBoards {
  /// A board of one lane, `## Todo`: a card `outside` when `outside` is true, then `blocks` conflict
  /// blocks, the `k`th a card whose title is `card k ours` on one side and `card k theirs` on the other.
  public static func text(blocks: Int, outside: Bool = false) -> String {
    var text = "## Todo\n\n" + (outside ? "- [ ] outside\n" : "")
    for k in 0..<blocks {
      text += "<<<<<<< ours\n- [ ] card \(k) ours\n=======\n- [ ] card \(k) theirs\n>>>>>>> theirs\n"
    }
    return text
  }
}
