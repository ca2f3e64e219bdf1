import Canvas
import Document
@testable import Editor
import Reorder
import TerminalInput
import Testing
import TileModel

/// The Conflicts panel's rules (docs/editor.md, "Conflicts"), without a terminal: each resolution is
/// one undo step, undo brings the conflict back and chooses it, `b` only where both can be kept, and
/// the conflicts left are what a save records.
@Suite("Editor: the Conflicts panel")
struct ConflictsPanelTests {
  /// The demo with two conflicts recorded: blue (theirs: to the Archive; both: a second card there)
  /// and red (theirs: renamed; both not possible).
  static func editor() -> EditorState {
    var editor = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "board.json")
    var copy = Arrangement.demo[ItemPath(0, 0)]
    copy.id = "blue-2"
    editor.open(conflicts: [
      FileConflict(
        subject: #"tile "blue""#, about: .tile("blue"), message: "moved by ours to favorites:0, by theirs to archive:0",
        line: 10, theirs: [.move(tile: "blue", to: ScriptPlace("archive", 0))],
        both: [.add(copy, to: ScriptPlace("archive", 0))]),
      FileConflict(
        subject: #"tile "red""#, about: .tile("red"), message: "deleted by theirs, changed by ours", line: 20,
        theirs: [.delete(tile: "red")]),
    ])
    return editor
  }

  static func press(_ key: Key, _ editor: inout EditorState) {
    _ = editor.update(.input(.key(key)), at: editor.now)
  }

  static func chosen(_ editor: EditorState) -> Int? {
    if case .conflicts(let panel)? = editor.overlay { return panel.chosen }
    return nil
  }

  @Test("it opens on the first conflict; ↓ and ↑ choose; t takes theirs as one undo step; u brings it back, chosen")
  func theirsAndUndo() {
    var e = Self.editor()
    #expect(Self.chosen(e) == 0)
    Self.press(.down, &e)
    #expect(Self.chosen(e) == 1)
    Self.press(.up, &e)
    Self.press(.character("t"), &e)
    #expect(e.arrangement.path(ofTileID: "blue") == ItemPath(3, 0))
    #expect(e.unresolvedConflicts.map(\.subject) == [#"tile "red""#])
    #expect(Self.chosen(e) == 1, "the next one is chosen")
    #expect(e.isDirty)
    Self.press(.character("u"), &e)
    #expect(e.arrangement.path(ofTileID: "blue") == ItemPath(0, 0))
    #expect(e.unresolvedConflicts.count == 2)
    #expect(Self.chosen(e) == 0, "the conflict the undo brought back")
    #expect(!e.isDirty)
  }

  @Test("o keeps ours (the arrangement unchanged) but is still a step; b adds the second card; then none is left")
  func oursAndBoth() {
    var e = Self.editor()
    Self.press(.character("b"), &e)
    #expect(e.arrangement.path(ofTileID: "blue") == ItemPath(0, 0))
    #expect(e.arrangement.path(ofTileID: "blue-2") == ItemPath(3, 0))
    #expect(Self.chosen(e) == 1)
    // Both cannot be kept for red: nothing changes, and the panel says so.
    let before = e.document.history.stateID
    Self.press(.character("b"), &e)
    #expect(e.document.history.stateID == before)
    #expect(e.unresolvedConflicts.count == 1)
    Self.press(.character("o"), &e)
    #expect(e.arrangement.path(ofTileID: "red") != nil, "ours kept red")
    #expect(e.unresolvedConflicts.isEmpty)
    #expect(e.overlay == nil, "the panel closes with the last one")
    #expect(e.announcement == .conflictResolved(.ours, left: 0))
    // Undoing o brings red's conflict back without changing a tile.
    Self.press(.character("u"), &e)
    #expect(e.unresolvedConflicts.map(\.subject) == [#"tile "red""#])
    #expect(e.arrangement.path(ofTileID: "blue-2") == ItemPath(3, 0))
  }

  @Test("the title says which side the file holds: ours's, theirs's (a JSON merge that kept theirs's deletions), or each as the merge took it")
  func sideInPlace() {
    let oursInPlace = FileConflict(subject: #"tile "a""#, message: "x", theirs: [.delete(tile: "a")])
    let theirsInPlace = FileConflict(
      subject: #"tile "b""#, message: "deleted by theirs, moved by ours; deleted, as theirs has it",
      ours: [.add(Arrangement.demo[ItemPath(0, 0)], to: ScriptPlace("favorites", 0))], theirs: [])
    #expect(Painter.inPlace([oursInPlace, oursInPlace]) == "ours in place")
    #expect(Painter.inPlace([theirsInPlace]) == "theirs in place")
    #expect(Painter.inPlace([oursInPlace, theirsInPlace]) == "each as the merge took it")
    // Through the screen: the demo's panel, ours in place.
    let buffer = Self.editor().view(scheme: .color)
    let title = (0..<24).map { y in buffer.row(y).map(\.text).joined() }.first { $0.contains("Conflicts:") }
    #expect(title?.contains("Conflicts: 2 merge conflicts, ours in place") == true, "\(title ?? "no title")")
  }

  @Test("Esc closes the panel with conflicts left, C opens it again; a new edit after an undo forgets the undone one")
  func closeAndReopen() {
    var e = Self.editor()
    Self.press(.escape, &e)
    #expect(e.overlay == nil)
    #expect(e.announcement == .conflictsLeft(2))
    Self.press(.character("C"), &e)
    #expect(Self.chosen(e) == 0)
    Self.press(.character("t"), &e)
    Self.press(.character("u"), &e)
    Self.press(.escape, &e)
    // Another step instead of the undone one: blue's conflict stays unresolved.
    Self.press(.character("U"), &e)
    #expect(e.unresolvedConflicts.count == 1, "redo takes theirs again")
    Self.press(.character("u"), &e)
    Self.press(.right, &e)
    Self.press(.space, &e)
    Self.press(.right, &e)
    Self.press(.enter, &e)
    #expect(e.unresolvedConflicts.count == 2, "the redo is gone, and blue's conflict with it")
  }
}
