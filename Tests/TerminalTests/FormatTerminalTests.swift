import Foundation
import TestSupport
import Testing

/// The editor on the lists people keep, in a real terminal (tmux): a Markdown board reordered with
/// the mouse and saved, a pipe of lines reordered from the keyboard. Positions come from
/// `tilegrid layout`, expected files from `tilegrid move`.
@Suite("Formats in the editor (tmux)")
struct FormatTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  static let board = KanbanBoards.text(
    toDo: """
      - [ ] Buy milk
          > from the corner shop
          * [ ] oat
      - [ ] Call Ann
      """,
    done: "- [x] Ship it\n- [x] 회의 준비 🎉", settings: true)

  @Test("a Markdown board: drag a card into another lane, save; the file differs by that card's lines only")
  func dragCardAcrossLanes() async throws {
    try directory.write("board.md", Self.board)
    try directory.write("original.md", Self.board)
    let layout = try Layout(of: "board.md", width: 80, height: 24, in: directory)
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    #expect(try tmux.screen().titleBar.hasPrefix(" TileGrid  board.md"))

    let milk = layout.center(of: "buy-milk")
    let target = layout.center(of: "회의-준비")
    try await tmux.longPress(x: milk.x, y: milk.y, lifting: "Lifted Buy milk — To Do 1 of 2")
    try tmux.drag(through: [(milk.x + 5, milk.y + 1), (milk.x + 10, milk.y + 4), (target.x, target.y)])
    try await tmux.waitForStatus("DRAG", "Moved to Done")
    try tmux.release(x: target.x, y: target.y)
    let dropped = try await tmux.waitForStatus("READY", "Dropped Buy milk — Done ")
    let n = try #require(position(in: dropped.statusLine, section: "Done", count: 3), "\(dropped)")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()

    // Done says **Complete** under its heading: the card dropped there is checked, by its one byte,
    // as Obsidian does; otherwise the file differs by the moved card's lines only.
    let text = String(decoding: try directory.read("board.md"), as: UTF8.self)
    let expected = try tilegrid(["move", "original.md", "0.0", "1.\(n - 1)"], in: directory)
    #expect(text == expected.replacingOccurrences(of: "- [ ] Buy milk", with: "- [x] Buy milk"))
    let saved = Array(text.replacingOccurrences(of: "- [x] Buy milk", with: "- [ ] Buy milk").utf8)
    let old = FileLines(Array(Self.board.utf8)).lines
    let mismatch = movedBlockMismatch(
      "- [ ] Buy milk", old: old, new: FileLines(saved).lines, isBoundary: { structuralLines(old).contains($0) })
    #expect(mismatch == nil, "\(text)")
    #expect(try directory.listing() == ["board.md", "original.md"], "no other file written")
  }

  @Test("a new board: tilegrid plan.md on a missing file, a added, r renamed, s creates it in Obsidian Kanban's style")
  func newBoard() async throws {
    let tmux = try await TmuxSession.editor(["plan.md"], in: directory)
    defer { tmux.close() }
    try tmux.send("a")
    try tmux.typeLine("Buy milk")
    try await tmux.waitForStatus("READY", "Added")
    try tmux.send("a")
    try tmux.typeLine("회의 준비")
    try await tmux.waitForStatus("READY", "Added")
    try tmux.send("r")
    try tmux.sendKey("C-u")
    try tmux.typeLine("Call Ann 🎉")
    try await tmux.waitForStatus("READY", "Renamed")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    let text = try directory.readText("plan.md")
    // Obsidian Kanban's own style: front matter, a blank line after the heading and around the list.
    #expect(text == "---\n\nkanban-plugin: basic\n\n---\n\n## To do\n\n- [ ] Buy milk\n- [ ] Call Ann 🎉\n\n")
    // Opened again: the same board, and saving it unchanged changes nothing.
    #expect(try tilegrid(["export", "plan.md"], in: directory) == text)
  }

  @Test("a pipe of lines: printf … | tilegrid --format lines - > out.txt prints the reordered lines")
  func pipeOfLines() async throws {
    let tmux = try TmuxSession(
      shell: #"printf 'b\na\nc\n' | "$TILEGRID_BIN" --format lines - > out.txt"#, in: directory, holdAfterExit: true)
    defer { tmux.close() }
    let screen = try await tmux.waitForEditor()
    #expect(screen.titleBar.contains("3 tiles"), "\(screen)")
    try tmux.sendKey("Space")
    try await tmux.waitForStatus("LIFTED", "Lifted b")
    try tmux.sendKey("Right")
    try await tmux.waitForStatus("LIFTED", "Moved to")
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "Dropped b")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try tmux.send("q")
    let (status, exited) = try await tmux.waitForExit()
    #expect(status == 0 && exited.state.isRestored, "\(exited)")
    try await tmux.waitForFile("out.txt", content: "a\nb\nc\n")
  }

  @Test("a board under a name that says nothing (git's temporary files): read by its content, saved as a board")
  func boardWithoutExtension() async throws {
    try directory.write(".merge_file_FdKKsZ", Self.board)
    try directory.write("original.md", Self.board)
    let tmux = try await TmuxSession.editor([".merge_file_FdKKsZ"], in: directory)
    defer { tmux.close() }
    try tmux.sendKey("Space")
    try await tmux.waitForStatus("LIFTED", "Lifted Buy milk")
    try tmux.sendKey("Right")
    try await tmux.waitForStatus("LIFTED", "Moved to")
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "Dropped Buy milk")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    // The same keys through play on the named file: the board, in its own format, with the card moved.
    try directory.write("keys", "key space\nkey right\nkey enter\n")
    let expected = try tilegrid(
      ["play", "original.md", "--width", "80", "--height", "24", "--events", "keys"], in: directory)
    #expect(try directory.readText(".merge_file_FdKKsZ") == expected)
    #expect(expected != Self.board && expected.hasPrefix("---\nkanban-plugin: basic\n---\n"))
  }
}
