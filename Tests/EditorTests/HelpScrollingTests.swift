import Canvas
@testable import Editor
import TerminalInput
import Testing
import TileModel

/// The help (`?`, docs/editor.md): where it fits it lists every key at once and any key closes it;
/// where it does not, it scrolls by line, page and end, by key and by wheel, showing its place, and
/// another key closes it. (The same in a real terminal: PromptsAndMessagesTerminalTests.)
@Suite("Editor: the help lists every key, and scrolls where it does not fit")
struct HelpScrollingTests {
  static let demo = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "arrangements/demo.json")

  static func press(_ key: Key, _ editor: inout EditorState) {
    _ = editor.update(.input(.key(key)), at: editor.now)
  }

  @Test("at 40 x 10 the help scrolls: ↓ j PgDn Space End, ↑ k PgUp Home, the wheel; another key closes it; at 120 x 40 any key closes")
  func helpScrolls() throws {
    var e = EditorState(arrangement: Arrangement.demo, screen: Size(width: 40, height: 10), fileName: "grid.json")
    let layout = try #require(KeyHelp.layout(on: e.screen, keymap: .standard))
    // One column: every line of the groups, a heading and a blank line between each two.
    let groups = KeyHelp.groups(.standard)
    #expect(layout.shown == 6 && layout.rows == KeyHelp.lines(groups).count && layout.columns.count == 1)
    let last = layout.rows - 6
    Self.press(.character("?"), &e)
    #expect(e.showingHelp && e.helpOffset == 0)
    for (key, offset) in [
      (Key.down, 1), (.character("j"), 2), (.pageDown, 7), (.space, 12), (.up, 11), (.character("k"), 10),
      (.pageUp, 5), (.end, last), (.down, last), (.home, 0), (.up, 0), (.character("G"), last), (.character("g"), 0),
    ] {
      Self.press(key, &e)
      #expect(e.showingHelp && e.helpOffset == offset, "\(key)")
    }
    _ = e.update(.input(.mouse(MouseEvent(.wheelDown, x: 10, y: 5))), at: e.now)
    #expect(e.showingHelp && e.helpOffset == 1)
    let text = e.view(scheme: .monochrome).lines
    #expect(text[8].contains("↑↓ 2–7 of \(layout.rows)"), "\(text[8])")
    #expect(text[9].contains("↑↓ scroll · other keys close"), "\(text[9])")
    #expect(text[0].contains("18 tiles"), "\(text[0])")
    Self.press(.character("q"), &e)
    #expect(!e.showingHelp && e.question == nil)
    // Opened again, it starts at its top.
    Self.press(.character("?"), &e)
    #expect(e.helpOffset == 0)

    var f = EditorState(arrangement: Arrangement.demo, screen: Size(width: 120, height: 40), fileName: "grid.json")
    Self.press(.character("?"), &f)
    Self.press(.down, &f)
    #expect(!f.showingHelp)
    #expect(f.reorder.focus == EditorState(arrangement: Arrangement.demo, screen: Size(width: 120, height: 40)).reorder.focus)
  }

  @Test("the help lists every key whole at 120 x 40, and scrolls to every key at 80 x 24")
  func theHelpFits() throws {
    var editor = EditorState(arrangement: .demo, screen: Size(width: 120, height: 40), fileName: "demo.json")
    editor.overlay = .help
    let text = editor.view(scheme: .monochrome).lines.joined(separator: "\n")
    for entry in KeyHelp.groups(.standard).flatMap(\.entries) {
      #expect(text.contains(entry.keys) && text.contains(entry.action), "\(entry)")
    }
    #expect(!text.contains(" of "), "it all fits: no place shown")
    // At 80 x 24, in two columns, a page at a time: every line is shown at some offset.
    var small = Self.demo
    small.overlay = .help
    let layout = try #require(small.helpLayout)
    #expect(layout.columns.count == 2)
    var seen = ""
    for offset in 0...layout.lastOffset {
      small.helpOffset = offset
      seen += small.view(scheme: .monochrome).lines.joined(separator: "\n")
    }
    for entry in KeyHelp.groups(.standard).flatMap(\.entries) {
      #expect(seen.contains(entry.keys) && seen.contains(entry.action), "\(entry)")
    }
    #expect(!text.contains("larger terminal"))
  }
}
