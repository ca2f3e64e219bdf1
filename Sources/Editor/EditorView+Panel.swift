import Canvas
import Document
import TileModel

extension Painter {
  /// A panel of lines (what changed since the file was saved; a merge's conflicts): a box over the
  /// content between the bars, its title on the frame, the lines from the panel's offset, each cut to
  /// the width with `…`, and where the view is (`12–31 of 40`) on the bottom edge when not all show.
  func drawPanel(_ panel: TextPanel, into buffer: inout Buffer) {
    let screen = state.screen
    let box = Rect(x: 0, y: 1, width: screen.width, height: max(0, screen.height - 2))
    guard box.width >= 4, box.height >= 3 else { return }
    let face = style(Theme.barText, Theme.helpBackground)
    buffer.fill(box, with: " ", style: face)
    buffer.drawBox(box, .rounded, style: style(Theme.accent, Theme.helpBackground), clip: buffer.bounds)
    buffer.write(
      " \(panel.title) ", at: Point(x: box.minX + 2, y: box.minY),
      style: style(Theme.accent, Theme.helpBackground, .bold), maxWidth: max(0, box.width - 4), overflow: .ellipsis)
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
