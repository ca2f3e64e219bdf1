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

extension KeyHelp {
  /// One line of the overlay: a group's title, a key and what it does, or a blank line between groups.
  public struct Line: Equatable, Sendable {
    public var keys: String
    public var action: String
    public var heading: Bool
  }

  /// Where the overlay goes on a screen and what it shows: a box between the title bar and the status
  /// line (both stay in view), the groups in two columns when they fit side by side, else one under
  /// the other; `shown` of each column's `rows` lines at a time, from the overlay's offset.
  public struct Layout: Equatable, Sendable {
    public var columns: [[Line]]
    public var box: Rect
    public var keysWidth: Int
    public var columnWidth: Int
    public var gap: Int
    /// The lines of the tallest column.
    public var rows: Int
    /// How many of them the box shows at once.
    public var shown: Int
    /// The largest offset: the last line at the box's bottom.
    public var lastOffset: Int { max(0, rows - shown) }
    /// How far a page goes: all the lines shown but one, which stays in view.
    public var page: Int { max(1, shown - 1) }
  }

  public static func lines(_ groups: [(title: String, entries: [Entry])]) -> [Line] {
    var lines: [Line] = []
    for (k, group) in groups.enumerated() {
      if k > 0 { lines.append(Line(keys: "", action: "", heading: false)) }
      lines.append(Line(keys: group.title, action: "", heading: true))
      for entry in group.entries { lines.append(Line(keys: entry.keys, action: entry.action, heading: false)) }
    }
    return lines
  }

  /// The overlay's layout on `screen`, or nil where no box fits.
  public static func layout(on screen: Size) -> Layout? {
    let entries = groups.flatMap(\.entries)
    let keysWidth = entries.map { DisplayText.width(of: $0.keys) }.max() ?? 0
    let actionWidth = entries.map { DisplayText.width(of: $0.action) }.max() ?? 0
    let columnWidth = keysWidth + 2 + actionWidth
    let gap = 2
    // Two columns when they fit side by side, else one under the other.
    let twoColumns = screen.width >= 2 * columnWidth + gap + 4
    let shownColumns = twoColumns ? columns.map(lines) : [lines(groups)]
    let rows = shownColumns.map(\.count).max() ?? 0
    let width = min(screen.width, shownColumns.count * columnWidth + (shownColumns.count - 1) * gap + 4)
    // Between the bars, when there is a row for the box between them; else over them.
    let room = screen.height >= 3 + Screen.titleRows + Screen.statusRows
      ? screen.height - Screen.titleRows - Screen.statusRows : screen.height
    let top = room < screen.height ? Screen.titleRows : 0
    let height = min(room, rows + 2)
    guard width >= 3, height >= 3 else { return nil }
    let box = Rect(x: (screen.width - width) / 2, y: top + (room - height) / 2, width: width, height: height)
    return Layout(
      columns: shownColumns, box: box, keysWidth: keysWidth, columnWidth: columnWidth, gap: gap, rows: rows,
      shown: min(rows, height - 2))
  }
}

extension Painter {
  /// The help overlay: a box in the middle of the screen listing every key, above everything else. On
  /// a screen too small for all of it, the lines from the overlay's offset (↑/↓ and the pages scroll
  /// them), and where they are on the bottom edge: ` ↓ 1–6 of 39 `, the arrows saying which way
  /// there is more.
  func drawHelp(into buffer: inout Buffer) {
    guard let layout = KeyHelp.layout(on: state.screen) else { return }
    let box = layout.box
    let offset = min(max(0, state.helpOffset), layout.lastOffset)
    let face = style(Theme.barText, Theme.helpBackground)
    buffer.fill(box, with: " ", style: face)
    buffer.drawBox(box, .rounded, style: style(Theme.accent, Theme.helpBackground), clip: buffer.bounds)
    buffer.write(
      " Keys ", at: Point(x: box.minX + 2, y: box.minY), style: style(Theme.accent, Theme.helpBackground, .bold),
      maxWidth: max(0, box.width - 4))
    let inner = Rect(x: box.minX + 2, y: box.minY + 1, width: box.width - 4, height: box.height - 2)
    for (c, column) in layout.columns.enumerated() {
      let left = inner.minX + c * (layout.columnWidth + layout.gap)
      let right = min(inner.maxX, left + layout.columnWidth)
      guard left < right else { continue }
      for (k, line) in column.dropFirst(offset).prefix(layout.shown).enumerated() {
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
        let actionX = max(x + 1, left + layout.keysWidth + 2)
        buffer.write(
          line.action, at: Point(x: actionX, y: y), style: style(Theme.barDim, Theme.helpBackground),
          maxWidth: max(0, right - actionX), overflow: .ellipsis)
      }
    }
    if layout.shown < layout.rows {
      let arrows = (offset > 0 ? "↑" : "") + (offset < layout.lastOffset ? "↓" : "")
      let where_ = " \(arrows) \(offset + 1)–\(offset + layout.shown) of \(layout.rows) "
      let width = DisplayText.width(of: where_)
      buffer.write(
        where_, at: Point(x: max(box.minX + 1, box.maxX - width - 2), y: box.maxY - 1),
        style: style(Theme.accent, Theme.helpBackground), maxWidth: max(0, box.width - 2))
    }
  }
}
