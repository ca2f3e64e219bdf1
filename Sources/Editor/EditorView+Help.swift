import Document
import Canvas
import TileModel

/// The keys of the board and of what is lifted, with the mouse's gestures, as the help overlay (`?`)
/// lists them: each command of the keymap on a line of its own, with its keys in effect, in its group.
public enum KeyHelp {
  public struct Entry: Equatable, Sendable {
    public var keys: String
    public var action: String
  }

  /// The groups of commands the overlay shows, in its order (the other contexts' keys are named where
  /// they are used, in their hints, and by `tilegrid help keys`).
  public static let commandGroups: [CommandGroup] = [.moving, .lifting, .carrying, .finding, .editing, .file]

  /// The mouse's gestures, which no keymap changes.
  public static let mouse: [Entry] = [
    Entry(keys: "click", action: "focus (Ctrl: mark)"),
    Entry(keys: "hold 0.3 s", action: "lift what is under it"),
    Entry(keys: "drag release", action: "carry it; drop it"),
    Entry(keys: "wheel", action: "scroll"),
  ]

  /// A command's line: its keys by name, and its help (none for a command without keys: the palette
  /// runs it).
  public static func entry(_ command: Command, _ keymap: Keymap) -> Entry? {
    let keys = keymap.keys(command)
    guard !keys.isEmpty else { return nil }
    return Entry(keys: keys.map(\.name).joined(separator: ", "), action: command.declaration.help)
  }

  /// Every group, in order, with the keys in effect.
  public static func groups(_ keymap: Keymap) -> [(title: String, entries: [Entry])] {
    commandGroups.map { group in
      (group.title, Keymap.commands(of: group).compactMap { entry($0, keymap) })
    } + [("Mouse", mouse)]
  }
}

extension KeyHelp {
  /// One line of the overlay: a group's title, a key and what it does, or a blank line between groups.
  public struct Line: Equatable, Sendable {
    public var keys: String
    public var action: String
    public var heading: Bool
  }

  /// Where the overlay goes on a screen and what it shows: a box between the title bar and the status
  /// line (both stay in view), the groups in as few columns as show them all, balanced (or as many as
  /// fit side by side); `shown` of each column's `rows` lines at a time, from the overlay's offset.
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

  /// The groups in `count` columns, each group whole and in order, the tallest column as short as it
  /// can be.
  static func balanced(_ groups: [(title: String, entries: [Entry])], into count: Int) -> [[(title: String, entries: [Entry])]] {
    let heights = groups.map { $0.entries.count + 1 }
    // The height of groups i..<j in one column, a blank line between each two.
    func height(_ i: Int, _ j: Int) -> Int { heights[i..<j].reduce(0, +) + max(0, j - i - 1) }
    let n = groups.count
    let count = max(1, min(count, n))
    // best[c][i]: the tallest column when groups i... go in c columns, and where the first ends.
    var best = Array(repeating: Array(repeating: (tallest: Int.max, end: n), count: n + 1), count: count + 1)
    best[0][n] = (0, n)
    for c in 1...count {
      best[c][n] = (0, n)
      for i in stride(from: n - 1, through: 0, by: -1) {
        for j in (i + 1)...n where best[c - 1][j].tallest != Int.max {
          let tallest = max(height(i, j), best[c - 1][j].tallest)
          if tallest < best[c][i].tallest { best[c][i] = (tallest, j) }
        }
      }
    }
    var columns: [[(title: String, entries: [Entry])]] = []
    var i = 0
    var c = count
    while i < n && c > 0 {
      let end = best[c][i].end
      columns.append(Array(groups[i..<end]))
      i = end
      c -= 1
    }
    return columns
  }

  /// The overlay's layout on `screen`, with `keymap`'s keys, or nil where no box fits.
  public static func layout(on screen: Size, keymap: Keymap) -> Layout? {
    let groups = groups(keymap)
    let entries = groups.flatMap(\.entries)
    let keysWidth = entries.map { DisplayText.width(of: $0.keys) }.max() ?? 0
    let actionWidth = entries.map { DisplayText.width(of: $0.action) }.max() ?? 0
    let columnWidth = keysWidth + 2 + actionWidth
    let gap = 2
    // Between the bars, when there is a row for the box between them; else over them.
    let room = screen.height >= 3 + Screen.titleRows + Screen.statusRows
      ? screen.height - Screen.titleRows - Screen.statusRows : screen.height
    let top = room < screen.height ? Screen.titleRows : 0
    // The fewest columns that show every line, as many as fit side by side when none does.
    let fit = max(1, min(groups.count, (screen.width - 4 + gap) / (columnWidth + gap)))
    var shownColumns = balanced(groups, into: fit).map(lines)
    for count in 1..<fit {
      let columns = balanced(groups, into: count).map(lines)
      if (columns.map(\.count).max() ?? 0) + 2 <= room {
        shownColumns = columns
        break
      }
    }
    let rows = shownColumns.map(\.count).max() ?? 0
    let width = min(screen.width, shownColumns.count * columnWidth + (shownColumns.count - 1) * gap + 4)
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
    guard let layout = state.helpLayout else { return }
    let box = layout.box
    let offset = min(max(0, state.helpOffset), layout.lastOffset)
    drawFrame(box, title: "Keys", into: &buffer)
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
