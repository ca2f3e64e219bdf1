import Document
import Canvas
import TerminalInput
import Editor
import Runtime
import Foundation
import GridLayout
import Testing
import TileModel

@testable import Reorder

/// What the view reads while organizing (marks, the lifted block, a lifted section, the header focus)
/// and what the status line says, through `EditorState.update` as the editor and `play` run it.
@Suite("Organizing: the state the view reads, and the status line")
struct OrganizeStateTests {
  static func editor() throws -> EditorState {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scenarios/fixtures/organize.json")
    return EditorState(
      arrangement: try Arrangement(json: Array(try Data(contentsOf: url))), screen: Size(width: 24, height: 30))
  }

  static func key(_ key: Key, _ e: inout EditorState) {
    _ = e.update(.input(.key(key)), at: e.now)
  }

  static func click(_ x: Int, _ y: Int, modifiers: Modifiers, _ e: inout EditorState) {
    _ = e.update(.input(.mouse(MouseEvent(.press(.left), x: x, y: y, modifiers: modifiers))), at: e.now)
    _ = e.update(.input(.mouse(MouseEvent(.release(.left), x: x, y: y, modifiers: modifiers))), at: e.now)
  }

  @Test("x and modifier clicks mark; marks follow their tiles; isMarked is per place; Esc clears them")
  func marks() throws {
    var e = try Self.editor()
    Self.key(.character("x"), &e)  // a
    #expect(e.announcement.text == "Marked a — Inbox 1 of 5 · 1 marked")
    Self.click(18, 2, modifiers: .control, &e)  // c
    Self.click(10, 5, modifiers: .alt, &e)  // e
    Self.click(10, 2, modifiers: .shift, &e)  // b, then unmarked again
    Self.click(10, 2, modifiers: .control, &e)
    #expect(e.announcement.text == "Unmarked b — Inbox 2 of 5 · 3 marked")
    let r = e.reorder
    #expect(r.markedPaths(in: e.arrangement) == [ItemPath(0, 0), ItemPath(0, 2), ItemPath(0, 4)])
    #expect((0..<5).map { r.isMarked(ItemPath(0, $0), in: e.arrangement) } == [true, false, true, false, true])
    #expect(!r.isMarked(ItemPath(9, 9), in: e.arrangement))
    // A modifier click never lifts: holding it is nothing.
    _ = e.update(.input(.mouse(MouseEvent(.press(.left), x: 2, y: 9, modifiers: .control))), at: e.now)
    Program.wait(600, on: &e)
    #expect(e.reorder.gesture == .failed)
    _ = e.update(.input(.mouse(MouseEvent(.release(.left), x: 2, y: 9))), at: e.now)
    #expect(e.reorder.gesture == .idle && e.reorder.marks.count == 4)
    // A locked tile is refused.
    Self.click(2, 21, modifiers: .control, &e)
    #expect(e.announcement.text == "Refused: “p” is locked")
    Self.key(.escape, &e)
    #expect(e.reorder.marks.isEmpty && e.announcement.text == "Unmarked 4 tiles")
  }

  @Test("a lifted block: the run the view draws as placeholders, the lifted tile, and the status line")
  func block() throws {
    var e = try Self.editor()
    Self.key(.character("x"), &e)
    Self.key(.right, &e)
    Self.key(.right, &e)
    Self.key(.character("x"), &e)
    Self.key(.space, &e)
    let session = try #require(e.reorder.gesture.session?.tiles)
    #expect(session.block?.count == 2 && session.run == LiftedRun(start: ItemPath(0, 1), count: 2, lead: 1))
    #expect(session.current == ItemPath(0, 2) && session.origin == ItemPath(0, 2))
    #expect((0..<5).map { e.reorder.isInLiftedBlock(ItemPath(0, $0)) } == [false, true, true, false, false])
    #expect(e.announcement.text == "Lifted 2 tiles with c — Inbox 3 of 5")
    Self.key(.down, &e)
    #expect(e.announcement.text == "Moved 2 tiles — Inbox 4–5 of 5")
    Self.key(.down, &e)
    Self.key(.enter, &e)
    #expect(e.announcement.text == "Dropped 2 tiles — Bin 1–2 of 2")
    #expect(!e.reorder.isInLiftedBlock(ItemPath(3, 0)) && e.reorder.isMarked(ItemPath(3, 0), in: e.arrangement))
    #expect(e.isDirty)
    Self.key(.character("u"), &e)
    #expect(e.announcement.text == "Undone: a — Inbox 1 of 5")
  }

  @Test("header focus, a lifted section, and the status line; saving waits for the drop")
  func section() throws {
    var e = try Self.editor()
    Self.key(.tab, &e)
    #expect(e.reorder.focus == .header(1))
    #expect(e.announcement.text == "Shelf — section 2 of 5")
    Self.key(.space, &e)
    let session = try #require(e.reorder.gesture.session)
    #expect(session.section?.current == 1 && session.floatingOrigin == e.document.layout.headerFrame(1)!.origin)
    #expect(e.announcement.text == "Lifted Shelf — section 2 of 5")
    Self.key(.down, &e)
    #expect(e.announcement.text == "Moved to section 3 of 5")
    _ = e.update(.input(.key(.character("s"))), at: e.now)
    #expect(e.announcement == .finishDragFirst)
    Self.key(.enter, &e)
    #expect(e.announcement.text == "Dropped Shelf — section 3 of 5")
    #expect(e.reorder.focus == .header(2) && e.arrangement.sections.map(\.id) == ["A", "C", "B", "D", "E"])
    Self.key(.character("u"), &e)
    #expect(e.announcement.text == "Undone: Shelf — section 2 of 5")
    // Arrows leave a header for the tiles; a click on a header focuses it.
    Self.key(.down, &e)
    #expect(e.reorder.focus == .tile(ItemPath(1, 0)))
    _ = e.update(.input(.mouse(MouseEvent(.press(.left), x: 5, y: 12))), at: e.now)
    _ = e.update(.input(.mouse(MouseEvent(.release(.left), x: 5, y: 12))), at: e.now)
    #expect(e.reorder.focus == .header(2))
    // The locked Vault: refused.
    Self.key(.space, &e)
    #expect(e.announcement.text == "Refused: “Vault” is locked in place")
    #expect(e.reorder.gesture == .idle)
  }

  @Test("a mouse section drag: the floating header stays at 0 across the axis and follows the pointer along it")
  func floatingHeader() throws {
    var e = try Self.editor()
    _ = e.update(.input(.mouse(MouseEvent(.press(.left), x: 5, y: 8))), at: e.now)
    Program.wait(300, on: &e)
    _ = e.update(.input(.mouse(MouseEvent(.motion, x: 9, y: 10))), at: e.now)
    let session = try #require(e.reorder.gesture.session)
    #expect(session.grabOffset == Point(x: 5, y: 0) && session.floatingOrigin == Point(x: 0, y: 9))
    #expect(session.source == .mouse && session.section?.current == 1)
  }
}
