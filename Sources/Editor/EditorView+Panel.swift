import Canvas
import Document
import TileModel

extension Painter {
  /// A box drawn over the screen for a panel, the help or the palette: filled, framed, its title on the
  /// top edge (cut with `…` where the box is narrow).
  func drawFrame(_ box: Rect, title: String, into buffer: inout Buffer) {
    buffer.fill(box, with: " ", style: style(Theme.barText, Theme.helpBackground))
    buffer.drawBox(box, .rounded, style: style(Theme.accent, Theme.helpBackground), clip: buffer.bounds)
    buffer.write(
      " \(title) ", at: Point(x: box.minX + 2, y: box.minY), style: style(Theme.accent, Theme.helpBackground, .bold),
      maxWidth: max(0, box.width - 4), overflow: .ellipsis)
  }

  /// A panel of lines (what changed since the file was saved; a merge's conflicts): a box over the
  /// content between the bars, its title on the frame, the lines from the panel's offset, each cut to
  /// the width with `…`, and where the view is (`12–31 of 40`) on the bottom edge when not all show.
  func drawPanel(_ panel: TextPanel, into buffer: inout Buffer) {
    let screen = state.screen
    let box = Rect(x: 0, y: 1, width: screen.width, height: max(0, screen.height - 2))
    guard box.width >= 4, box.height >= 3 else { return }
    let face = style(Theme.barText, Theme.helpBackground)
    drawFrame(box, title: panel.title, into: &buffer)
    let rows = box.height - 2
    let shown = panel.lines.dropFirst(panel.offset).prefix(rows)
    for (k, line) in shown.enumerated() {
      buffer.write(
        line, at: Point(x: box.minX + 2, y: box.minY + 1 + k), style: face, maxWidth: max(0, box.width - 4),
        overflow: .ellipsis)
    }
    if panel.lines.count > rows {
      let where_ = " \(panel.offset + 1)–\(panel.offset + shown.count) of \(panel.lines.count) "
      let width = DisplayText.width(of: where_)
      buffer.write(
        where_, at: Point(x: max(box.minX + 1, box.maxX - width - 2), y: box.maxY - 1),
        style: style(Theme.barDim, Theme.helpBackground), maxWidth: max(0, box.width - 2))
    }
  }
}

extension Painter {
  /// The most rows one conflict's words take in the Conflicts panel.
  static let conflictRows = 4

  /// A conflict as the Conflicts panel says it: in words (the card and what each side did), then
  /// where it is in the file — `Buy milk: ours moved it to Done, theirs to Todo (lines 5-16)`, `tile
  /// "blue": moved by ours to others:0, by theirs to archive:0 (line 138)`.
  /// The place is one word (its space a no-break space), so that it wraps whole.
  static func conflictText(_ conflict: FileConflict) -> String {
    let nbsp = "\u{A0}"
    guard conflict.about != nil else {
      return "\(conflict.message) (\(conflict.subject.replacingSpaces(with: nbsp)))"
    }
    var message = conflict.message
    for side in ["; took ours", "; took theirs"] where message.hasSuffix(side) { message.removeLast(side.count) }
    return "\(conflict.subject): \(message)" + (conflict.line > 0 ? " (line\(nbsp)\(conflict.line))" : "")
  }

  /// Which side the file holds of `open` conflicts, for the panel's title: ours's (a text file's
  /// markers always, and a JSON merge's unless it took theirs), theirs's, or each as the merge took
  /// it (a JSON merge keeps a deletion, whichever side made it: "deleted, as theirs has it").
  static func inPlace(_ open: some Sequence<FileConflict>) -> String {
    if open.allSatisfy({ $0.ours.isEmpty }) { return "ours in place" }
    if open.allSatisfy({ !$0.isDeferred && $0.theirs.isEmpty }) { return "theirs in place" }
    return "each as the merge took it"
  }

  /// The Conflicts panel: a box above the status line over the bottom of the board (the cards a
  /// choice changes stay in view above it), each unresolved conflict in words wrapped to the width
  /// (at most `conflictRows` rows), the chosen one marked, and the keys on the last row.
  func drawConflicts(_ panel: ConflictsPanel, into buffer: inout Buffer) {
    let screen = state.screen
    let open = state.unresolvedConflictIndexes
    guard !open.isEmpty else { return }
    let conflicts = state.fileConflicts
    let textWidth = max(1, screen.width - 6)
    // Only the conflicts in view are wrapped (a file may have thousands): each when first needed.
    var wrapped: [Int: [DisplayText]] = [:]
    func text(_ at: Int) -> [DisplayText] {
      if let known = wrapped[at] { return known }
      let lines = DisplayText(Self.conflictText(conflicts[open[at]])).wrapped(toWidth: textWidth, lines: Self.conflictRows)
      wrapped[at] = lines
      return lines
    }
    let most = max(1, (screen.height - 2) / 2 - 3)
    var needed = 0
    for at in open.indices where needed < most { needed += max(1, text(at).count) }
    let listRows = min(needed, most)
    let height = listRows + 3
    let box = Rect(x: 0, y: max(1, screen.height - 1 - height), width: screen.width, height: height)
    guard box.width >= 8, box.height >= 4 else { return }
    let face = style(Theme.barText, Theme.helpBackground)
    let count = open.count == 1 ? "1 merge conflict" : "\(open.count) merge conflicts"
    drawFrame(box, title: "Conflicts: \(count), \(Self.inPlace(open.lazy.map { conflicts[$0] }))", into: &buffer)
    // The first conflict shown: the chosen one ends in view, with as many before it as fit.
    let chosenAt = open.firstIndex(of: panel.chosen) ?? 0
    var first = chosenAt
    var rows = max(1, text(chosenAt).count)
    while first > 0 && rows + max(1, text(first - 1).count) <= listRows {
      first -= 1
      rows += max(1, text(first).count)
    }
    var y = box.minY + 1
    var last = first
    for at in first..<open.count {
      let lines = text(at).isEmpty ? [DisplayText("")] : text(at)
      guard y + lines.count <= box.minY + 1 + listRows || at == first else { break }
      let chosen = open[at] == panel.chosen
      let rowStyle = chosen ? style(Theme.helpBackground, Theme.accent, .bold) : face
      for (k, line) in lines.enumerated() where y < box.minY + 1 + listRows {
        if chosen {
          buffer.fill(Rect(x: box.minX + 1, y: y, width: box.width - 2, height: 1), with: " ", style: rowStyle)
        }
        let mark = k > 0 ? "  " : chosen ? "▸ " : "  "
        buffer.write(
          mark + line.description, at: Point(x: box.minX + 2, y: y), style: rowStyle, maxWidth: max(0, box.width - 4),
          overflow: .ellipsis)
        y += 1
      }
      last = at
    }
    let canBoth = conflicts[panel.chosen].canKeepBoth
    let keymap = state.keymap
    let choose = keymap.hint([.choosePrevious, .chooseNext]).map { "\($0) choose" }
    let keys = ([choose].compactMap { $0 } + [
      keymap.hints([(.takeOurs, "ours"), (.takeTheirs, "theirs")] + (canBoth ? [(.takeBoth, "both")] : [])
        + [(.undo, "undo"), (.closeConflicts, "close")])
    ]).filter { !$0.isEmpty }.joined(separator: " · ")
    buffer.write(
      keys, at: Point(x: box.minX + 2, y: box.maxY - 2), style: style(Theme.barDim, Theme.helpBackground),
      maxWidth: max(0, box.width - 4), overflow: .ellipsis)
    if first > 0 || last < open.count - 1 {
      let where_ = " \(first + 1)–\(last + 1) of \(open.count) "
      let width = DisplayText.width(of: where_)
      buffer.write(
        where_, at: Point(x: max(box.minX + 1, box.maxX - width - 2), y: box.maxY - 1),
        style: style(Theme.barDim, Theme.helpBackground), maxWidth: max(0, box.width - 2))
    }
  }
}

extension String {
  /// The string with each space replaced.
  fileprivate func replacingSpaces(with replacement: String) -> String {
    split(separator: " ", omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
