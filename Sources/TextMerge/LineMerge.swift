/// How `mergeLines` writes a merge: `git merge-file`'s options.
public struct LineMergeOptions: Equatable, Hashable, Sendable {
  /// How a conflict is written.
  public enum Style: Equatable, Hashable, Sendable {
    /// `<<<<<<<` ours `=======` theirs `>>>>>>>`, the conflicts made as small as the two sides allow
    /// (git's default; its merge level "zealous alnum").
    case merge
    /// The base's lines too, after `|||||||`; conflicts are not made smaller, since the base shown
    /// must be the base of the whole conflict (`--diff3`).
    case diff3
    /// As `diff3`, with the lines both sides begin or end a conflict with taken out of it (`--zdiff3`).
    case zdiff3
  }

  /// What a conflict becomes.
  public enum Favor: Equatable, Hashable, Sendable {
    /// Conflict markers.
    case none
    /// Ours' lines (`--ours`), theirs' (`--theirs`), or ours' then theirs' (`--union`); then nothing
    /// is left in conflict.
    case ours, theirs, union
  }

  /// The length of the marker runs (`<<<<<<<` and the others); 0 or less means git's 7.
  public var markerSize: Int
  /// The words after `<<<<<<<`, `|||||||` and `>>>>>>>`; nil writes the marker alone. (`git
  /// merge-file` without `-L` writes the file names there: the caller gives them here.)
  public var oursLabel: String?
  public var baseLabel: String?
  public var theirsLabel: String?
  public var style: Style
  public var favor: Favor

  public init(
    markerSize: Int = 7, oursLabel: String? = nil, baseLabel: String? = nil, theirsLabel: String? = nil,
    style: Style = .merge, favor: Favor = .none
  ) {
    self.markerSize = markerSize
    self.oursLabel = oursLabel
    self.baseLabel = baseLabel
    self.theirsLabel = theirsLabel
    self.style = style
    self.favor = favor
  }
}

/// A merged text and how many conflicts it holds (each one a `<<<<<<<` … `>>>>>>>` block).
public struct LineMergeResult: Equatable, Hashable, Sendable {
  public var bytes: [UInt8]
  public var conflicts: Int

  public init(bytes: [UInt8], conflicts: Int) {
    self.bytes = bytes
    self.conflicts = conflicts
  }
}

/// Merges two texts changed from a common base line by line, byte for byte as `git merge-file -p ours
/// base theirs` does (git 2.39's xdiff, `xdl_merge`), and counts the conflicts as its exit status does
/// (uncapped; git stops at 127). The rule, step by step:
///
/// 1. Each side is diffed against the base (`lineDiff`). If one side has no change, the result is the
///    other side's text as it is, clean.
/// 2. The two edit scripts are walked together along the base (`mergeHunks`): a change the other side
///    does not touch is taken; changes that overlap or touch are one conflict, unless both sides made
///    exactly the same change.
/// 3. In the `.merge` style each conflict is diffed again, ours' lines against theirs', and becomes the
///    places where they differ, their common lines taken as they are (`refineConflicts`); then two
///    conflicts with three lines or fewer between them, or with only lines without a letter or digit
///    between them, become one (`joinCloseConflicts`). In `.zdiff3` a conflict only loses the lines
///    both sides begin or end it with (`trimCommonEdges`); `.diff3` keeps conflicts whole.
/// 4. The text is written (`MergeWriter`): the lines neither side changed and the changes taken, from
///    ours, and each conflict between markers, whose line endings follow the text's (CRLF where the
///    lines around use it). A side's last line without a newline gets one inside a conflict.
///
/// Texts are bytes: no encoding is assumed and nothing is normalized. (`git merge-file` refuses files
/// with a NUL byte in their first 8,000 bytes as binary; that check is the caller's.)
///
/// - Complexity: that of the two diffs (`lineDiff`), plus one diff per conflict of its two sides' lines.
public func mergeLines(
  base: [UInt8], ours: [UInt8], theirs: [UInt8], options: LineMergeOptions = LineMergeOptions()
) -> LineMergeResult {
  // Large texts are split into lines, and diffed, two or three at once.
  let texts = [base, ours, theirs]
  let apart = base.count + ours.count + theirs.count >= Parallel.worthwhile
  let lines = apart ? Parallel.map(3) { LineText(texts[$0]) } : texts.map(LineText.init)
  let (baseText, oursText, theirsText) = (lines[0], lines[1], lines[2])
  // 1.
  let diff = { @Sendable (k: Int) in diffScript(LineSpan(baseText), LineSpan(lines[k + 1])) }
  let scripts = apart ? Parallel.map(2, diff) : [diff(0), diff(1)]
  let (oursChanges, theirsChanges) = (scripts[0], scripts[1])
  if oursChanges.isEmpty { return LineMergeResult(bytes: theirs, conflicts: 0) }
  if theirsChanges.isEmpty { return LineMergeResult(bytes: ours, conflicts: 0) }
  // 2.
  var hunks = mergeHunks(
    ours: oursChanges, theirs: theirsChanges, base: baseText, oursText: oursText, theirsText: theirsText)
  // 3.
  switch options.style {
  case .merge:
    hunks = refineConflicts(hunks, ours: oursText, theirs: theirsText)
    hunks = joinCloseConflicts(hunks, ours: oursText)
  case .zdiff3:
    trimCommonEdges(&hunks, ours: oursText, theirs: theirsText)
  case .diff3:
    break
  }
  // 4.
  var writer = MergeWriter(base: baseText, ours: oursText, theirs: theirsText, options: options)
  let conflicts = writer.write(hunks)
  return LineMergeResult(bytes: writer.bytes, conflicts: conflicts)
}
