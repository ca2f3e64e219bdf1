import Foundation
import TestSupport
import Testing

/// Lanes in a real terminal (tmux; docs/reordering.md, "Lanes"): a lane longer than the screen scrolls on
/// its own as the focus moves in it, ← → go to the card at the same row of the next lane, a carried
/// card crosses lanes; the mouse clicks, drags and wheels in a scrolled lane. Every wait is for what the
/// screen shows, with a deadline.
@Suite("Lanes in the editor (tmux)")
struct LanesTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// A Backlog of 60 cards beside two short lanes.
  static let board =
    "## Backlog\n\n" + (1...60).map { "- Card \($0)\n" }.joined() + "\n## Doing\n\n- Write the layout\n- Draw the cards\n\n"
    + "## Done\n\n- Read the issue\n"

  @Test("G scrolls the long lane to its end, l and h cross lanes at the same row, a carried card crosses too, g goes back")
  func keysAcrossScrolledLanes() async throws {
    try directory.write("board.md", Self.board)
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    #expect(try tmux.screen().contains("↓ 56 more"))
    try tmux.send("G")
    // 80x24: four cards shown, the last card at the bottom; the short lanes stay where they were.
    var screen = try await tmux.waitForStatus("READY", "Card 60 — Backlog 60 of 60")
    #expect(screen.contains("↑ 56 more") && !screen.contains("↓") && screen.contains("Write the layout"), "\(screen.text)")
    try tmux.send("l")
    // Card 60 is on the fourth row of its lane: Doing's card on that row is its last, the second.
    try await tmux.waitForStatus("READY", "Draw the cards — Doing 2 of 2")
    try tmux.send("h")
    try await tmux.waitForStatus("READY", "Card 58 — Backlog 58 of 60")
    try tmux.sendKey("Space")
    try await tmux.waitForStatus("LIFTED", "Lifted Card 58")
    try tmux.send("l")
    // It lands at the same row: Doing's second place.
    try await tmux.waitForStatus("LIFTED", "Moved to Doing 2 of 3")
    try tmux.sendKey("Enter")
    screen = try await tmux.waitForStatus("READY", "Dropped Card 58 — Doing 2 of 3")
    #expect(screen.row(1).contains("Backlog 59") && screen.row(1).contains("Doing 3"), "\(screen.text)")
    // The Backlog, a card shorter, scrolled back by one: the second row shows Card 57.
    try tmux.send("h")
    try await tmux.waitForStatus("READY", "Card 57 — Backlog 57 of 59")
    try tmux.send("g")
    screen = try await tmux.waitForStatus("READY", "Card 1 — Backlog 1 of 59")
    #expect(!screen.contains("↑") && screen.contains("↓ 55 more"), "\(screen.text)")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    let saved = try directory.readText("board.md")
    #expect(saved.contains("- Write the layout\n- Card 58\n- Draw the cards\n"), "\(saved)")
  }

  @Test("the wheel scrolls the lane under the pointer; a click focuses a card of a scrolled lane; a drag carries it to another lane")
  func mouseInScrolledLanes() async throws {
    try directory.write("board.md", Self.board)
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    // Three notches down over the Backlog: its first card shown is the fourth.
    for _ in 0..<3 { try tmux.wheel(.down, x: 5, y: 8) }
    var screen = try await tmux.waitForText("↑ 3 more")
    #expect(screen.contains("Card 4") && !screen.contains("Card 3 "), "\(screen.text)")
    // Cards are rows 3-6, 8-11, …: a click on the second card shown focuses Card 5.
    try tmux.press(x: 5, y: 9)
    try tmux.release(x: 5, y: 9)
    try await tmux.waitForStatus("READY", "Card 5 — Backlog 5 of 60")
    // A long press on Card 5, then into Doing (the second lane, from x 26) at its first card's row.
    try await tmux.longPress(x: 5, y: 9, lifting: "Lifted Card 5")
    try tmux.drag(through: [(10, 9), (18, 9), (28, 9), (32, 9)])
    try await tmux.waitForStatus("DRAG", "Moved to Doing")
    try tmux.release(x: 32, y: 9)
    screen = try await tmux.waitForStatus("READY", "Dropped Card 5 — Doing")
    #expect(screen.row(1).contains("Backlog 59") && screen.row(1).contains("Doing 3"), "\(screen.text)")
    // The Backlog kept its scroll.
    #expect(screen.contains("↑ 3 more"), "\(screen.text)")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    #expect(try directory.readText("board.md").contains("- Write the layout\n- Card 5\n- Draw the cards\n"))
  }
}
