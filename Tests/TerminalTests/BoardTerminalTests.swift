import Foundation
import TestSupport
import Testing

/// A board's keys in a real terminal (tmux; docs/editing.md, "A board's cards"): `h j k l` as the arrows,
/// carrying a lifted card; `X` checks a card by one byte; a card dropped into the `**Complete**` lane is
/// checked in the same undo step; `g`/`G` go to the first/last card; `v` switches lanes and rows.
@Suite("A board's keys in the editor (tmux)")
struct BoardTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  static let board = KanbanBoards.text(
    toDo: """
      - [ ] Buy milk
          > from the corner shop
      - [ ] Call Ann
      - Plain card
      """,
    done: "- [x] Ship it")

  @Test("j, X, k, Space l Enter into the Complete lane, s: the file changes by the boxes and the moved card")
  func checkAndCarry() async throws {
    try directory.write("board.md", Self.board)
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    // Lanes side by side: To Do's cards one under the other, Done beside it.
    let lanes = try tmux.screen().row(1)
    #expect(lanes.contains("To Do 3") && lanes.contains("Done 1"), "\(lanes)")
    try tmux.send("j")
    try await tmux.waitForStatus("READY", "Call Ann — To Do 2 of 3")
    try tmux.send("X")
    try await tmux.waitForStatus("READY", "Checked Call Ann")
    try tmux.send("j")
    try await tmux.waitForStatus("READY", "Plain card — To Do 3 of 3")
    try tmux.send("X")
    try await tmux.waitForStatus("READY", "Checked Plain card")
    try tmux.send("g")
    try await tmux.waitForStatus("READY", "Buy milk — To Do 1 of 3")
    try tmux.sendKey("Space")
    try await tmux.waitForStatus("LIFTED", "Lifted Buy milk")
    try tmux.send("l")
    try await tmux.waitForStatus("LIFTED", "Moved to Done")
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "· checked")
    try tmux.send("G")
    try await tmux.waitForStatus("READY", "Ship it — Done 2 of 2")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    let expected = KanbanBoards.text(
      toDo: "- [x] Call Ann\n- [x] Plain card",
      done: """
        - [x] Buy milk
            > from the corner shop
        - [x] Ship it
        """)
    #expect(try directory.readText("board.md") == expected)
  }

  @Test("a drop into the Complete lane and its check are one undo step")
  func undoTheCheckWithTheMove() async throws {
    try directory.write("board.md", Self.board)
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    try tmux.sendKey("Space")
    try await tmux.waitForStatus("LIFTED", "Lifted Buy milk")
    try tmux.send("l")
    try await tmux.waitForStatus("LIFTED", "Moved to Done")
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "· checked")
    try tmux.send("u")
    try await tmux.waitForStatus("READY", "Undone")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    #expect(try directory.readText("board.md") == Self.board)
  }

  @Test("v: rows of sections, said to be a view only; v again: lanes; the file is not changed")
  func switchView() async throws {
    try directory.write("board.md", Self.board)
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    try tmux.send("v")
    let rows = try await tmux.waitForStatus("READY", "Rows of sections — a view only: A Markdown board keeps no layout")
    #expect(rows.row(1).hasPrefix(" To Do 3 ──") && !rows.row(1).contains("Done"), "\(rows.text)")
    #expect(rows.headerRow("Done 1") != nil, "\(rows.text)")
    try tmux.send("v")
    let lanes = try await tmux.waitForStatus("READY", "Lanes side by side")
    #expect(lanes.row(1).contains("To Do 3") && lanes.row(1).contains("Done 1"), "\(lanes.text)")
    #expect(!lanes.statusLine.contains("view only"))
    #expect(!lanes.titleBar.contains("unsaved"))
    try await tmux.quitCleanly()
    #expect(try directory.readText("board.md") == Self.board)
  }

  @Test("X in a lines file says why not")
  func linesHaveNoCheckboxes() async throws {
    try directory.write("list.txt", "a\nb\n")
    let tmux = try await TmuxSession.editor(["list.txt"], in: directory)
    defer { tmux.close() }
    try tmux.send("X")
    try await tmux.waitForStatus("READY", "Refused: A lines file keeps no checkboxes")
    try await tmux.quitCleanly()
    #expect(try directory.readText("list.txt") == "a\nb\n")
  }
}
