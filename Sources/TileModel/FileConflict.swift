/// One unresolved conflict of a merge, as a conflicted file records it (docs/version-control.md,
/// "Conflicts in the file"): what it is about, what each side had, and the edits that take each
/// side's version — applied to the arrangement as the file holds it.
public struct FileConflict: Hashable, Sendable {
  /// What it is about: `tile "blue"`, `section "later"`, `layout`, `file`; for conflict markers in a
  /// text file, `lines 12-18`.
  public var subject: String
  /// The tile, section, layout or file it is about, for a conflict from a merge (or the JSON
  /// record); nil for conflict markers in a text file.
  public var about: MergeSubject?
  /// What each side had, in one line (the merge's conflict line, or the two sides' first lines).
  public var message: String
  /// The line of the file it is written on (its `<<<<<<<` marker, or its entry in the JSON record),
  /// 1-based; 0 when it has not been written yet.
  public var line: Int
  /// The edits that take ours's version; empty when the file holds ours's (the usual case).
  public var ours: [ScriptEdit]
  /// The edits that take theirs's version; empty when the file holds theirs's.
  public var theirs: [ScriptEdit]
  /// The edits that keep both versions (two cards), or nil where that is not possible.
  public var both: [ScriptEdit]?

  public init(
    subject: String, about: MergeSubject? = nil, message: String, line: Int = 0, ours: [ScriptEdit] = [],
    theirs: [ScriptEdit], both: [ScriptEdit]? = nil
  ) {
    self.subject = subject
    self.about = about
    self.message = message
    self.line = line
    self.ours = ours
    self.theirs = theirs
    self.both = both
  }

  /// The edits for a choice: `ours`, `theirs`, or `both` (nil when both cannot be kept).
  public func edits(_ choice: ConflictChoice) -> [ScriptEdit]? {
    switch choice {
    case .ours: return ours
    case .theirs: return theirs
    case .both: return both
    }
  }
}

/// How a person resolves a conflict: `o`, `t` or `b` in the editor's Conflicts panel.
public enum ConflictChoice: String, Hashable, Sendable, CaseIterable {
  case ours, theirs, both
}
