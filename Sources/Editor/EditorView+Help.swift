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

  public static let groups: [(title: String, entries: [Entry])] = [
    (
      "Keyboard",
      [
        Entry(keys: "← ↑ ↓ →", action: "move the focus; a lifted tile or section moves with it"),
        Entry(keys: "Space, Enter", action: "lift the focused tile or section; drop what is lifted"),
        Entry(keys: "Esc", action: "cancel a drag (everything goes back); clear the marks"),
        Entry(keys: "Tab, Shift-Tab", action: "focus the next / previous section header"),
        Entry(keys: "PgUp PgDn Home End", action: "scroll a page; to the start / the end"),
        Entry(keys: "x", action: "mark or unmark the focused tile; marked ones move together"),
        Entry(keys: "m", action: "move the focused or marked tiles to a place you type"),
        Entry(keys: "/  n  N", action: "find a tile by title or id; the next / previous match"),
        Entry(keys: "u  U  Ctrl-R", action: "undo; redo (a whole drag is one step)"),
        Entry(keys: "s", action: "save"),
        Entry(keys: "q, Ctrl-C", action: "quit (asks when there are unsaved changes)"),
        Entry(keys: "Ctrl-Z, Ctrl-L", action: "suspend (fg resumes); repaint the screen"),
        Entry(keys: "?", action: "this help; any key closes it"),
      ]
    ),
    (
      "Mouse",
      [
        Entry(keys: "click", action: "focus a tile; with Ctrl, Alt or Shift, mark it"),
        Entry(keys: "hold 0.3 s", action: "lift the tile or section header under the pointer"),
        Entry(keys: "drag, release", action: "carry it (near an edge the content scrolls); drop it"),
        Entry(keys: "wheel", action: "scroll"),
      ]
    ),
  ]
}

extension Painter {
  /// The help overlay: a box in the middle of the screen listing every key, above everything else. On
  /// a screen too small for all of it, as much as fits, the last line saying there is more.
  func drawHelp(into buffer: inout Buffer) {
    let screen = state.screen
    var lines: [(keys: String, action: String, heading: Bool)] = []
    for (k, group) in KeyHelp.groups.enumerated() {
      if k > 0 { lines.append(("", "", false)) }
      lines.append((group.title, "", true))
      for entry in group.entries { lines.append((entry.keys, entry.action, false)) }
    }
    let keysWidth = KeyHelp.groups.flatMap(\.entries).map { DisplayText.width(of: $0.keys) }.max() ?? 0
    let actionWidth = KeyHelp.groups.flatMap(\.entries).map { DisplayText.width(of: $0.action) }.max() ?? 0
    let width = min(screen.width, keysWidth + actionWidth + 7)
    let height = min(screen.height, lines.count + 2)
    guard width >= 3, height >= 3 else { return }
    let box = Rect(x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width, height: height)
    let face = style(Theme.barText, Theme.helpBackground)
    buffer.fill(box, with: " ", style: face)
    buffer.drawBox(box, .rounded, style: style(Theme.accent, Theme.helpBackground), clip: buffer.bounds)
    buffer.write(
      " Keys ", at: Point(x: box.minX + 2, y: box.minY), style: style(Theme.accent, Theme.helpBackground, .bold),
      maxWidth: max(0, width - 4))
    let inner = Rect(x: box.minX + 2, y: box.minY + 1, width: width - 4, height: height - 2)
    let shown = lines.count <= inner.height ? lines.count : max(0, inner.height - 1)
    for (k, line) in lines.prefix(shown).enumerated() {
      let y = inner.minY + k
      if line.heading {
        buffer.write(line.keys, at: Point(x: inner.minX, y: y), style: style(Theme.accent, Theme.helpBackground, .bold), maxWidth: inner.width)
        continue
      }
      let x = buffer.write(
        line.keys, at: Point(x: inner.minX, y: y), style: style(Theme.barText, Theme.helpBackground, .bold),
        maxWidth: inner.width)
      let actionX = max(x + 1, inner.minX + keysWidth + 2)
      buffer.write(
        line.action, at: Point(x: actionX, y: y), style: style(Theme.barDim, Theme.helpBackground),
        maxWidth: max(0, inner.maxX - actionX), overflow: .ellipsis)
    }
    if shown < lines.count {
      buffer.write(
        "… (a larger terminal shows all)", at: Point(x: inner.minX, y: inner.minY + shown),
        style: style(Theme.barDim, Theme.helpBackground, .italic), maxWidth: inner.width, overflow: .ellipsis)
    }
  }
}
