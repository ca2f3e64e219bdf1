import Canvas
import TileModel

extension Painter {
  /// The command palette: a box above the status line (where its line is typed), the commands that
  /// match, one a line — its name, its keys in effect, its help — the chosen one marked, scrolled to
  /// keep it in view; its bottom edge says where the list is when not all of it shows.
  func drawPalette(chosen: Int, into buffer: inout Buffer) {
    let screen = state.screen
    let matches = state.paletteMatches
    let listRows = max(1, min(max(matches.count, 1), min(12, screen.height - 4)))
    let height = listRows + 2
    let box = Rect(x: 0, y: max(1, screen.height - 1 - height), width: screen.width, height: min(height, screen.height - 2))
    guard box.width >= 8, box.height >= 3 else { return }
    let face = style(Theme.barText, Theme.helpBackground)
    drawFrame(box, title: "Commands", into: &buffer)
    let rows = box.height - 2
    guard !matches.isEmpty else {
      buffer.write(
        "No command matches: \(state.keymap.say(.deleteBack)), or \(state.keymap.say(.cancelLine)) to close",
        at: Point(x: box.minX + 2, y: box.minY + 1),
        style: style(Theme.barDim, Theme.helpBackground), maxWidth: max(0, box.width - 4), overflow: .ellipsis)
      return
    }
    let chosen = min(max(0, chosen), matches.count - 1)
    let first = min(max(0, chosen - rows + 1), max(0, matches.count - rows))
    let shown = Array(matches[first..<min(matches.count, first + rows)])
    let keys = shown.map { state.keymap.keys($0).map(\.name).joined(separator: ", ") }
    let nameWidth = shown.map { $0.name.count }.max() ?? 0
    let keysWidth = keys.map { DisplayText.width(of: $0) }.max() ?? 0
    for (k, command) in shown.enumerated() {
      let y = box.minY + 1 + k
      let isChosen = first + k == chosen
      let rowStyle = isChosen ? style(Theme.helpBackground, Theme.accent, .bold) : face
      if isChosen {
        buffer.fill(Rect(x: box.minX + 1, y: y, width: box.width - 2, height: 1), with: " ", style: rowStyle)
      }
      let right = box.maxX - 2
      var x = buffer.write(
        (isChosen ? "▸ " : "  ") + command.name, at: Point(x: box.minX + 2, y: y), style: rowStyle,
        maxWidth: max(0, right - box.minX - 2))
      x = max(x, box.minX + 4 + nameWidth + 2)
      let keyStyle = isChosen ? rowStyle : style(Theme.accent, Theme.helpBackground, .bold)
      let afterKeys = buffer.write(keys[k], at: Point(x: x, y: y), style: keyStyle, maxWidth: max(0, right - x))
      x = max(afterKeys, x + keysWidth) + 2
      buffer.write(
        command.declaration.help, at: Point(x: x, y: y),
        style: isChosen ? rowStyle : style(Theme.barDim, Theme.helpBackground), maxWidth: max(0, right - x),
        overflow: .ellipsis)
    }
    if matches.count > rows {
      let arrows = (first > 0 ? "↑" : "") + (first + rows < matches.count ? "↓" : "")
      let where_ = " \(arrows) \(first + 1)–\(first + shown.count) of \(matches.count) "
      let width = DisplayText.width(of: where_)
      buffer.write(
        where_, at: Point(x: max(box.minX + 1, box.maxX - width - 2), y: box.maxY - 1),
        style: style(Theme.accent, Theme.helpBackground), maxWidth: max(0, box.width - 2))
    }
  }
}
