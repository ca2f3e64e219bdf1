import Document
import Canvas
import TileModel

/// Every key and mouse gesture the editor knows, as the help overlay (`?`) lists them. The README's key
/// table says the same.
public enum KeyHelp {
  public struct Entry: Equatable, Sendable {
    public var keys: String
    public var action: String
  }

  /// The groups in two columns: moving things and the mouse on the left, editing and the file on the
  /// right, so that everything fits on an 80 x 24 screen. A narrow screen shows them one under another.
  public static let columns: [[(title: String, entries: [Entry])]] = [
    [
      (
        "Moving",
        [
          Entry(keys: "←↑↓→ hjkl", action: "focus; carry the lifted"),
          Entry(keys: "g  G", action: "first, last tile"),
          Entry(keys: "Space, Enter", action: "lift or drop"),
          Entry(keys: "Esc", action: "cancel a drag; unmark"),
          Entry(keys: "Tab, S-Tab", action: "next, previous header"),
          Entry(keys: "PgUp PgDn", action: "scroll a page"),
          Entry(keys: "Home End", action: "to the start, the end"),
          Entry(keys: "x", action: "mark or unmark a tile"),
          Entry(keys: "Shift-arrows", action: "mark as the focus moves"),
          Entry(keys: "m", action: "move to a typed place"),
          Entry(keys: "/  n  N", action: "find; next, previous"),
        ]
      ),
      (
        "Mouse",
        [
          Entry(keys: "click", action: "focus (Ctrl: mark)"),
          Entry(keys: "hold 0.3 s", action: "lift what is under it"),
          Entry(keys: "drag release", action: "carry it; drop it"),
          Entry(keys: "wheel", action: "scroll"),
        ]
      ),
    ],
    [
      (
        "Editing",
        // The editing commands' own lines, in their order (EditCommand.swift).
        EditCommand.allCases.map(\.help)
      ),
      (
        "Undo and the file",
        [
          Entry(keys: "u  U  Ctrl-R", action: "undo; redo"),
          Entry(keys: "s", action: "save"),
          Entry(keys: "D  C", action: "changes; conflicts"),
          Entry(keys: "q, Ctrl-C", action: "quit (asks if unsaved)"),
          Entry(keys: "Ctrl-Z", action: "suspend (fg resumes)"),
          Entry(keys: "Ctrl-L", action: "repaint the screen"),
          Entry(keys: "?", action: "help; any key closes"),
        ]
      ),
    ],
  ]

  /// Every group, in order.
  public static var groups: [(title: String, entries: [Entry])] { columns.flatMap { $0 } }
}

extension Painter {
  /// The help overlay: a box in the middle of the screen listing every key, above everything else. On
  /// a screen too small for all of it, as much as fits, the last line saying there is more.
  func drawHelp(into buffer: inout Buffer) {
    typealias Line = (keys: String, action: String, heading: Bool)
    func lines(_ groups: [(title: String, entries: [KeyHelp.Entry])]) -> [Line] {
      var lines: [Line] = []
      for (k, group) in groups.enumerated() {
        if k > 0 { lines.append(("", "", false)) }
        lines.append((group.title, "", true))
        for entry in group.entries { lines.append((entry.keys, entry.action, false)) }
      }
      return lines
    }
    let screen = state.screen
    let entries = KeyHelp.groups.flatMap(\.entries)
    let keysWidth = entries.map { DisplayText.width(of: $0.keys) }.max() ?? 0
    let actionWidth = entries.map { DisplayText.width(of: $0.action) }.max() ?? 0
    let columnWidth = keysWidth + 2 + actionWidth
    let gap = 2
    // Two columns when they fit side by side, else one under the other.
    let twoColumns = screen.width >= 2 * columnWidth + gap + 4
    let columns = twoColumns ? KeyHelp.columns.map(lines) : [lines(KeyHelp.groups)]
    let rows = columns.map(\.count).max() ?? 0
    let width = min(screen.width, columns.count * columnWidth + (columns.count - 1) * gap + 4)
    let height = min(screen.height, rows + 2)
    guard width >= 3, height >= 3 else { return }
    let box = Rect(x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width, height: height)
    let face = style(Theme.barText, Theme.helpBackground)
    buffer.fill(box, with: " ", style: face)
    buffer.drawBox(box, .rounded, style: style(Theme.accent, Theme.helpBackground), clip: buffer.bounds)
    buffer.write(
      " Keys ", at: Point(x: box.minX + 2, y: box.minY), style: style(Theme.accent, Theme.helpBackground, .bold),
      maxWidth: max(0, width - 4))
    let inner = Rect(x: box.minX + 2, y: box.minY + 1, width: width - 4, height: height - 2)
    let shown = rows <= inner.height ? rows : max(0, inner.height - 1)
    for (c, column) in columns.enumerated() {
      let left = inner.minX + c * (columnWidth + gap)
      let right = min(inner.maxX, left + columnWidth)
      guard left < right else { continue }
      for (k, line) in column.prefix(shown).enumerated() {
        let y = inner.minY + k
        if line.heading {
          buffer.write(
            line.keys, at: Point(x: left, y: y), style: style(Theme.accent, Theme.helpBackground, .bold),
            maxWidth: right - left)
          continue
        }
        let x = buffer.write(
          line.keys, at: Point(x: left, y: y), style: style(Theme.barText, Theme.helpBackground, .bold),
          maxWidth: right - left)
        let actionX = max(x + 1, left + keysWidth + 2)
        buffer.write(
          line.action, at: Point(x: actionX, y: y), style: style(Theme.barDim, Theme.helpBackground),
          maxWidth: max(0, right - actionX), overflow: .ellipsis)
      }
    }
    if shown < rows {
      buffer.write(
        "… (a larger terminal shows all)", at: Point(x: inner.minX, y: inner.minY + shown),
        style: style(Theme.barDim, Theme.helpBackground, .italic), maxWidth: inner.width, overflow: .ellipsis)
    }
  }
}
