/// Writes a merge's hunks as text (git's `xdl_fill_merge_buffer`): ours' lines where neither side
/// changed anything, each hunk as its kind says, and each conflict between markers:
///
///     <<<<<<< ours-label
///     ours' lines
///     ||||||| base-label        (.diff3 and .zdiff3 only)
///     the base's lines
///     =======
///     theirs' lines
///     >>>>>>> theirs-label
///
/// A marker line is the marker character `markerSize` times, then a space and the label if there is
/// one. Its line ending is CRLF when the line before the conflict in ours, the line before it in
/// theirs and the base's first line all end in CRLF (a text's last line without a newline counts as
/// the line before it; an empty text, or a single line without a newline, does not decide), LF
/// otherwise. Inside a conflict, a side's lines that end the text without a newline get one (CRLF by
/// the same rule), so the marker after them stands on its own line.
struct MergeWriter {
  let base: LineText
  let ours: LineText
  let theirs: LineText
  let options: LineMergeOptions
  private(set) var bytes: [UInt8] = []

  init(base: LineText, ours: LineText, theirs: LineText, options: LineMergeOptions) {
    self.base = base
    self.ours = ours
    self.theirs = theirs
    self.options = options
    bytes.reserveCapacity(ours.bytes.count + theirs.bytes.count / 8)
  }

  /// Writes the whole text; returns the conflicts left in it (none when a favor resolves them).
  mutating func write(_ hunks: [MergeHunk]) -> Int {
    var conflicts = 0
    // Ours' first line not yet written.
    var next = 0
    for var hunk in hunks {
      if hunk.kind == .conflict {
        switch options.favor {
        case .none: break
        case .ours: hunk.kind = .ours
        case .theirs: hunk.kind = .theirs
        case .union: hunk.kind = .both
        }
      }
      switch hunk.kind {
      case .same:
        continue
      case .conflict:
        conflicts += 1
        copy(ours, next..<hunk.oursStart)
        writeConflict(hunk)
      case .ours, .theirs, .both:
        copy(ours, next..<hunk.oursStart)
        if hunk.kind != .theirs {
          copy(ours, hunk.oursStart..<hunk.oursEnd, endingLine: hunk.kind == .both, crlf: needsCRLF(hunk))
        }
        if hunk.kind != .ours { copy(theirs, hunk.theirsStart..<hunk.theirsEnd) }
      }
      next = hunk.oursEnd
    }
    copy(ours, next..<ours.count)
    return conflicts
  }

  private mutating func writeConflict(_ hunk: MergeHunk) {
    let crlf = needsCRLF(hunk)
    marker("<", label: options.oursLabel, crlf: crlf)
    copy(ours, hunk.oursStart..<hunk.oursEnd, endingLine: true, crlf: crlf)
    if options.style != .merge {
      marker("|", label: options.baseLabel, crlf: crlf)
      copy(base, hunk.baseStart..<(hunk.baseStart + hunk.baseCount), endingLine: true, crlf: crlf)
    }
    marker("=", label: nil, crlf: crlf)
    copy(theirs, hunk.theirsStart..<hunk.theirsEnd, endingLine: true, crlf: crlf)
    marker(">", label: options.theirsLabel, crlf: crlf)
  }

  private mutating func marker(_ character: Unicode.Scalar, label: String?, crlf: Bool) {
    let size = options.markerSize > 0 ? options.markerSize : 7
    bytes.append(contentsOf: repeatElement(UInt8(ascii: character), count: size))
    if let label {
      bytes.append(UInt8(ascii: " "))
      bytes.append(contentsOf: label.utf8)
    }
    if crlf { bytes.append(UInt8(ascii: "\r")) }
    bytes.append(UInt8(ascii: "\n"))
  }

  /// Appends `lines` of `text`; with `endingLine`, a newline after them if the last has none.
  private mutating func copy(_ text: LineText, _ lines: Range<Int>, endingLine: Bool = false, crlf: Bool = false) {
    guard !lines.isEmpty else { return }
    bytes.append(contentsOf: text.bytes[text.starts[lines.lowerBound]..<text.starts[lines.upperBound]])
    if endingLine && !text.endsWithNewline(lines.upperBound - 1) {
      if crlf { bytes.append(UInt8(ascii: "\r")) }
      bytes.append(UInt8(ascii: "\n"))
    }
  }

  /// Whether the lines the writer adds around a hunk end in CRLF (git's `is_cr_needed`; the rule is
  /// on the type).
  private func needsCRLF(_ hunk: MergeHunk) -> Bool {
    var answer = ours.lineEnding(hunk.oursStart > 0 ? hunk.oursStart - 1 : 0)
    if answer != .lf { answer = theirs.lineEnding(hunk.theirsStart > 0 ? hunk.theirsStart - 1 : 0) }
    if answer != .lf { answer = base.lineEnding(0) }
    return answer == .crlf
  }
}

/// How a line ends, as the writer asks (git's `is_eol_crlf`).
enum LineEnding {
  case lf, crlf, undecided
}

extension LineText {
  /// The ending of line `i`; a last line without a newline takes the ending of the line before it,
  /// and is `.undecided` when it is the only line, as is any line of an empty text.
  func lineEnding(_ i: Int) -> LineEnding {
    func ending(_ line: Int) -> LineEnding {
      let range = self.range(line)
      return range.count > 1 && bytes[range.upperBound - 2] == UInt8(ascii: "\r") ? .crlf : .lf
    }
    if i < count - 1 { return ending(i) }
    if count == 0 { return .undecided }
    if endsWithNewline(i) { return ending(i) }
    if i == 0 { return .undecided }
    return ending(i - 1)
  }
}
