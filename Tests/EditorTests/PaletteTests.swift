import Canvas
import TerminalInput
import Testing
import TileModel

@testable import Editor

/// The command palette (`:`): every command of where it was opened, narrowed by the words typed, in
/// order; Enter runs the one chosen exactly as its key would, Esc closes it.
@Suite("The command palette")
struct PaletteTests {
  static func editor() -> EditorState {
    var editor = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "grid.json")
    // A tile of the demo's first section has the focus.
    _ = editor.update(.input(.key(.right)), at: 0)
    _ = editor.update(.input(.key(.left)), at: 0)
    return editor
  }

  static func press(_ key: Key, _ editor: inout EditorState) -> [EditorEffect] {
    editor.update(.input(.key(key)), at: editor.now)
  }

  static func type(_ text: String, _ editor: inout EditorState) {
    for c in text { _ = press(c == " " ? .space : .character(c), &editor) }
  }

  @Test("the words typed narrow the list, each after the one before, in any case; names first")
  func matching() {
    let board = Palette.commands(in: [.board])
    #expect(Palette.matches("rena", among: board) == [.edit(.rename)])
    #expect(Palette.matches("ADD sec", among: board) == [.edit(.addSection)])
    #expect(Palette.matches("after add", among: board).isEmpty)
    let marks = Palette.matches("mark", among: board).map(\.name)
    #expect(Array(marks.prefix(5)) == ["mark", "mark-left", "mark-right", "mark-up", "mark-down"])
    #expect(marks.contains("unmark") && marks.firstIndex(of: "unmark")! > 4)
    #expect(Palette.matches("", among: board) == board)
    #expect(!board.contains(.editor(.palette)) && board.count == Keymap.commands(in: .board).count - 1)
  }

  @Test("while something is lifted it offers the lifted's commands first, then the board's")
  func liftedFirst() {
    let offered = Palette.commands(in: [.lifted, .board])
    #expect(Array(offered.prefix(6)) == Keymap.commands(in: .lifted))
  }

  @Test(": then rena, Enter: the rename prompt opens on the focused tile; Esc closes the palette and does nothing")
  func runsAndCloses() throws {
    var editor = Self.editor()
    _ = Self.press(.character(":"), &editor)
    #expect(editor.modeName.text == "COMMAND")
    Self.type("rena", &editor)
    #expect(editor.paletteMatches == [.edit(.rename)])
    let screen = editor.view(scheme: .monochrome).lines
    #expect(screen.contains { $0.contains("rename") && $0.contains("rename tile or section") }, "\(screen)")
    _ = Self.press(.enter, &editor)
    guard case .prompt(let open)? = editor.overlay, case .edit(.renameTile) = open.purpose else {
      Issue.record("no rename prompt: \(String(describing: editor.overlay))")
      return
    }
    let before = Self.editor()
    var closed = Self.editor()
    _ = Self.press(.character(":"), &closed)
    Self.type("save", &closed)
    _ = Self.press(.escape, &closed)
    #expect(closed.overlay == nil && closed.announcement == before.announcement && closed.arrangement == before.arrangement)
  }

  @Test("↓ and ↑ (Tab, Shift-Tab) choose among the matches, round the list; Enter with none does nothing")
  func choosing() {
    var editor = Self.editor()
    _ = Self.press(.character(":"), &editor)
    Self.type("find", &editor)
    #expect(editor.paletteMatches.map(\.name) == ["find", "find-next", "find-previous"])
    _ = Self.press(.down, &editor)
    _ = Self.press(.tab, &editor)
    #expect(editor.prompt?.purpose == .palette(chosen: 2))
    _ = Self.press(.down, &editor)
    #expect(editor.prompt?.purpose == .palette(chosen: 0))
    _ = Self.press(.up, &editor)
    #expect(editor.prompt?.purpose == .palette(chosen: 2))
    // Typing chooses the first match again.
    _ = Self.press(.backspace, &editor)
    #expect(editor.prompt?.purpose == .palette(chosen: 0))
    Self.type("zzz", &editor)
    #expect(editor.paletteMatches.isEmpty)
    let effects = Self.press(.enter, &editor)
    #expect(effects.isEmpty && editor.prompt?.field.text == "finzzz")
  }

  /// The editor after the command given by its first key, and by the palette.
  static func both(_ command: Command, from start: EditorState) throws -> (byKey: (EditorState, [EditorEffect]), byPalette: (EditorState, [EditorEffect])) {
    var byKey = start
    let key = try #require(byKey.keymap.keys(command).first, "\(command.name) has no key")
    let keyEffects = press(key, &byKey)
    var byPalette = start
    _ = press(.character(":"), &byPalette)
    type(command.name, &byPalette)
    let at = try #require(byPalette.paletteMatches.firstIndex(of: command), "\(command.name) is not offered")
    for _ in 0..<at { _ = press(.down, &byPalette) }
    let paletteEffects = press(.enter, &byPalette)
    return ((byKey, keyEffects), (byPalette, paletteEffects))
  }

  @Test("every command of the board does from the palette what its key does")
  func everythingAKeyDoes() throws {
    for command in Palette.commands(in: [.board]) {
      let (key, palette) = try Self.both(command, from: Self.editor())
      #expect(key.1 == palette.1, "\(command.name): \(key.1) vs \(palette.1)")
      #expect(key.0.overlay == palette.0.overlay, "\(command.name)")
      #expect(key.0.arrangement == palette.0.arrangement, "\(command.name)")
      #expect(key.0.reorder.focus == palette.0.reorder.focus, "\(command.name)")
      #expect(key.0.view(scheme: .monochrome).lines == palette.0.view(scheme: .monochrome).lines, "\(command.name)")
    }
  }

  @Test("with a tile lifted from the keyboard, the lifted's commands do from the palette what their keys do")
  func everythingWhileLifted() throws {
    var lifted = Self.editor()
    _ = Self.press(.space, &lifted)
    #expect(lifted.isDragging)
    for command in Keymap.commands(in: .lifted) {
      let (key, palette) = try Self.both(command, from: lifted)
      #expect(key.1 == palette.1, "\(command.name): \(key.1) vs \(palette.1)")
      #expect(key.0.arrangement == palette.0.arrangement && key.0.isDragging == palette.0.isDragging, "\(command.name)")
      #expect(key.0.view(scheme: .monochrome).lines == palette.0.view(scheme: .monochrome).lines, "\(command.name)")
    }
  }
}
