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
  /// The Conflicts panel: a box above the status line over the bottom of the board (the cards a
  /// choice changes stay in view above it), one line per unresolved conflict — where it is in the
  /// file, what it is about, what each side did — the chosen one marked, and the keys on the last
  /// row.
  func drawConflicts(_ panel: ConflictsPanel, into buffer: inout Buffer) {
    let screen = state.screen
    let open = state.unresolvedConflictIndexes
    guard !open.isEmpty else { return }
    let listRows = min(open.count, max(1, (screen.height - 2) / 2 - 3))
    let height = listRows + 3
    let box = Rect(x: 0, y: max(1, screen.height - 1 - height), width: screen.width, height: height)
    guard box.width >= 8, box.height >= 4 else { return }
    let face = style(Theme.barText, Theme.helpBackground)
    let count = open.count == 1 ? "1 merge conflict" : "\(open.count) merge conflicts"
    drawFrame(box, title: "Conflicts: \(count), ours in place", into: &buffer)
    let chosenAt = open.firstIndex(of: panel.chosen) ?? 0
    let first = min(max(0, chosenAt - listRows + 1), max(0, open.count - listRows))
    let conflicts = state.fileConflicts
    for row in 0..<listRows where first + row < open.count {
      let k = open[first + row]
      let conflict = conflicts[k]
      let chosen = k == panel.chosen
      // A merge's conflict names its line in the record; markers are named by their lines already.
      let where_ = conflict.line > 0 && conflict.about != nil ? "line \(conflict.line)  " : ""
      var message = conflict.message
      for side in ["; took ours", "; took theirs"] where message.hasSuffix(side) { message.removeLast(side.count) }
      let text = (chosen ? "▸ " : "  ") + where_ + conflict.subject + ": " + message
      let rowStyle = chosen ? style(Theme.helpBackground, Theme.accent, .bold) : face
      let y = box.minY + 1 + row
      if chosen {
        buffer.fill(Rect(x: box.minX + 1, y: y, width: box.width - 2, height: 1), with: " ", style: rowStyle)
      }
      buffer.write(
        text, at: Point(x: box.minX + 2, y: y), style: rowStyle, maxWidth: max(0, box.width - 4), overflow: .ellipsis)
    }
    let canBoth = conflicts[panel.chosen].both != nil
    let keymap = state.keymap
    let choose = keymap.hint([.choosePrevious, .chooseNext]).map { "\($0) choose" }
    let keys = ([choose].compactMap { $0 } + [
      keymap.hints([(.takeOurs, "ours"), (.takeTheirs, "theirs")] + (canBoth ? [(.takeBoth, "both")] : [])
        + [(.undo, "undo"), (.closeConflicts, "close")])
    ]).filter { !$0.isEmpty }.joined(separator: " · ")
    buffer.write(
      keys, at: Point(x: box.minX + 2, y: box.maxY - 2), style: style(Theme.barDim, Theme.helpBackground),
      maxWidth: max(0, box.width - 4), overflow: .ellipsis)
    if open.count > listRows {
      let where_ = " \(first + 1)–\(first + listRows) of \(open.count) "
      let width = DisplayText.width(of: where_)
      buffer.write(
        where_, at: Point(x: max(box.minX + 1, box.maxX - width - 2), y: box.maxY - 1),
        style: style(Theme.barDim, Theme.helpBackground), maxWidth: max(0, box.width - 2))
    }
  }
}
