import Foundation
import TestSupport
import Testing

/// Prompts, messages and the help, each through the built binary in a real terminal (tmux): the help
/// scrolling at 40 x 10, a file deleted while open, the words after a delete, its redo and undo,
/// prompts cancelled by Esc and Ctrl-C, empty titles refused, the recolor prompt's placeholder, a
/// failed save counting from 1, a board's keys and refusals.
@Suite("Prompts, messages and the help in the editor (tmux)")
struct PromptsAndMessagesTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  static let board = """
    ## Tiles

    - [ ] Buy milk
    - [ ] Call Ann
    - [ ] Write report
    - [ ] Pay rent

    ## Done

    - [x] Ship it

    """

  /// The help's bottom edge: ` ↑↓ 7–12 of 65 `.
  static func helpPlace(_ screen: TerminalScreen) -> String { screen.row(screen.height - 2) }

  @Test("at 40x10 the help scrolls: ↓ j PgDn End Home k; the title bar keeps the tile count; q closes it, then quits")
  func helpScrolls() async throws {
    try writeDemo(in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], width: 40, height: 10, in: directory)
    defer { tmux.close() }
    #expect(try tmux.screen().titleBar.contains("18 tiles"))
    try tmux.send("?")
    let top = try await tmux.waitForStatus("HELP", "↑↓ scroll · other keys close")
    // How many lines the help has in one column, as its bottom edge says (far more than the 6 shown).
    let n = try #require(Self.helpPlace(top).split(separator: " ").last(where: { Int($0) != nil }).flatMap { Int($0) })
    #expect(n > 40 && Self.helpPlace(top).contains("↓ 1–6 of \(n)"), "\(top)")
    #expect(top.row(2).contains("Moving"), "\(top)")
    #expect(top.titleBar.contains("demo.json") && top.titleBar.contains("18 tiles"), "\(top)")
    for (key, place) in [
      ("Down", "↑↓ 2–7 of \(n)"), ("j", "↑↓ 3–8 of \(n)"), ("PageDown", "↑↓ 8–13 of \(n)"),
      ("End", "↑ \(n - 5)–\(n) of \(n)"), ("k", "↑↓ \(n - 6)–\(n - 1) of \(n)"), ("Home", "↓ 1–6 of \(n)"),
    ] {
      try tmux.sendKey(key)
      try await tmux.waitUntil("the help at \(place) after \(key)") {
        $0.badge == "HELP" && Self.helpPlace($0).contains(place)
      }
    }
    try tmux.sendKey("End")
    let end = try await tmux.waitUntil("the help's end") { Self.helpPlace($0).contains("\(n - 5)–\(n) of \(n)") }
    #expect(end.contentRows.contains { $0.contains("wheel         scroll") }, "\(end)")
    // Any other key closes it, and does nothing else.
    try tmux.send("q")
    try await tmux.waitForStatus("READY", "Hold a tile")
    try await tmux.quitCleanly()
  }

  @Test("a file deleted on disk while open: the editor says so at once (not changed), and s writes it again")
  func deletedWhileOpen() async throws {
    try writeDemo("board.json", in: directory)
    let moved = try tilegrid(["move", "board.json", "0.0", "0.1"], in: directory)
    let tmux = try await TmuxSession.editor(["board.json"], in: directory)
    defer { tmux.close() }
    try await tmux.moveBlueRightWithKeys()
    try FileManager.default.removeItem(at: directory.url("board.json"))
    // The open board follows its file: the delete is told with no key pressed.
    let told = try await tmux.waitForStatus("READY", "board.json was deleted on disk; the board stays (s writes it again)")
    #expect(!told.statusLine.contains("Changed") && told.titleBar.contains("unsaved"), "\(told)")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved board.json")
    try await tmux.quitCleanly()
    #expect(try directory.readText("board.json") == moved)
  }

  @Test("after a delete the status names what is focused; redo names the deleted card; undo of two says 2 tiles back")
  func deleteWords() async throws {
    try directory.write("board.md", Self.board)
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    try tmux.send("j")
    try await tmux.waitForStatus("READY", "Call Ann — Tiles 2 of 4")
    try tmux.send("d")
    let deleted = try await tmux.waitForStatus("READY", "Deleted Call Ann — Write report, Tiles 2 of 3")
    #expect(deleted.row(1).contains("Tiles 3"), "the header agrees: \(deleted.row(1))")
    try tmux.send("u")
    try await tmux.waitForStatus("READY", "Undone")
    try tmux.send("U")
    try await tmux.waitForStatus("READY", "Redone: deleted Call Ann — Write report, Tiles 2 of 3")
    // Two marked cards deleted after the question; undo puts both back and says so.
    try tmux.send("x")
    try await tmux.waitForStatus("READY", "Marked")
    try tmux.send("j")
    try tmux.send("x")
    try await tmux.waitForStatus("READY", "2 marked")
    try tmux.send("d")
    try await tmux.waitForStatus("DELETE?")
    try tmux.send("y")
    try await tmux.waitForStatus("READY", "Deleted")
    try tmux.send("u")
    try await tmux.waitForStatus("READY", "Undone: 2 tiles back")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    #expect(try directory.readText("board.md") == Self.board.replacingOccurrences(of: "- [ ] Call Ann\n", with: ""))
  }

  @Test("Esc in a prompt says Cancelled; Ctrl-C in a prompt cancels it and says so, without quitting; empty titles are refused with the prompt open")
  func prompts() async throws {
    try directory.write("board.md", Self.board)
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    try tmux.send("a")
    try await tmux.waitForStatus("ADD")
    try tmux.send("half")
    try tmux.sendKey("Escape")
    try await tmux.waitForStatus("READY", "Cancelled")
    try tmux.send("r")
    try await tmux.waitForStatus("RENAME")
    try tmux.sendKey("C-c")
    let cancelled = try await tmux.waitForStatus("READY", "Cancelled")
    #expect(!cancelled.titleBar.contains("unsaved"))
    // An empty title: refused, the prompt stays open with the reason.
    try tmux.send("a")
    try await tmux.waitForStatus("ADD")
    try tmux.sendKey("Enter")
    let empty = try await tmux.waitUntil("the reason beside the open prompt") {
      $0.badge == "ADD" && $0.rows.suffix(3).joined().contains("A tile needs a title (Esc cancels)")
    }
    #expect(!empty.titleBar.contains("unsaved"))
    try tmux.sendKey("Escape")
    try await tmux.waitForStatus("READY", "Cancelled")
    // A section title of only spaces, the same.
    try tmux.send("A")
    try await tmux.waitForStatus("ADD")
    try tmux.send("   ")
    try tmux.sendKey("Enter")
    try await tmux.waitUntil("the section's reason beside the open prompt") {
      $0.badge == "ADD" && $0.rows.suffix(3).joined().contains("A section needs a title (Esc cancels)")
    }
    try tmux.sendKey("Escape")
    try await tmux.waitForStatus("READY", "Cancelled")
    // The find's line too: Esc puts the focus back and says so.
    try tmux.send("/")
    try await tmux.waitForStatus("FIND")
    try tmux.send("Pay")
    try await tmux.waitUntil("the find") { $0.statusLine.contains("1 match") }
    try tmux.sendKey("Escape")
    try await tmux.waitForStatus("READY", "Cancelled")
    // Still running, nothing changed: q quits at once.
    try await tmux.quitCleanly()
    #expect(try directory.readText("board.md") == Self.board)
  }

  @Test("the recolor prompt opens empty with the color dim as a placeholder; Tab completes; Enter on empty keeps it")
  func recolorPlaceholder() async throws {
    let demo = try writeDemo(in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    try tmux.send("c")
    let open = try await tmux.waitUntil("the recolor prompt") { $0.statusLine.contains("Color:") }
    let status = open.statusLine
    let label = try #require(status.range(of: "Color:"))
    let after = status[label.upperBound...]
    #expect(after.hasPrefix("  blue"), "an empty field, then the placeholder: \(status)")
    let x = status.distance(from: status.startIndex, to: label.upperBound) + 2
    let cell = try #require(open.cell(x, open.height - 1))
    #expect(cell.character == "b" && cell.attributes.contains(.dim), "\(cell)")
    // Enter on the empty field keeps the color.
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "Color kept")
    // Typing replaces the placeholder; Tab completes from the names.
    try tmux.send("c")
    try await tmux.waitUntil("the recolor prompt") { $0.statusLine.contains("Color:") }
    try tmux.send("systemTe")
    try tmux.sendKey("Tab")
    try await tmux.waitUntil("Tab completed") { $0.statusLine.contains("systemTeal") }
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "Recolored blue")
    try tmux.send("u")
    try await tmux.waitForStatus("READY", "Undone")
    try await tmux.quitCleanly()
    #expect(try directory.readText("demo.json") == demo)
  }

  @Test("a save that fails names the place counting from 1: section 1, tile 2")
  func saveErrorCountsFromOne() async throws {
    try directory.write("list.txt", "Buy milk\nCall Ann\n")
    let tmux = try await TmuxSession.editor(["list.txt"], in: directory)
    defer { tmux.close() }
    try tmux.send("l")
    try await tmux.waitForStatus("READY", "Call Ann")
    try tmux.send("r")
    try await tmux.waitForStatus("RENAME")
    try tmux.sendKey("C-u")
    try tmux.typeLine("# heading")
    try await tmux.waitForStatus("READY", "Renamed")
    try tmux.send("s")
    let failed = try await tmux.waitUntil("the failed save") {
      $0.rows.suffix(3).joined(separator: " ").contains("section 1, tile 2, its title")
    }
    #expect(!failed.rows.joined().contains("sections["), "\(failed)")
    try tmux.send("u")
    try await tmux.waitForStatus("READY", "Undone")
    try await tmux.quitCleanly()
    #expect(try directory.readText("list.txt") == "Buy milk\nCall Ann\n")
  }

  @Test("a board: h and k move back as the arrows do; recolor, width and lock are refused at the key with the reason")
  func boardKeysAndRefusals() async throws {
    try directory.write("board.md", Self.board)
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    try tmux.send("l")
    try await tmux.waitForStatus("READY", "Ship it — Done 1 of 1")
    try tmux.send("h")
    try await tmux.waitForStatus("READY", "Buy milk — Tiles 1 of 4")
    try tmux.send("jj")
    try await tmux.waitForStatus("READY", "Write report — Tiles 3 of 4")
    try tmux.send("k")
    try await tmux.waitForStatus("READY", "Call Ann — Tiles 2 of 4")
    for (key, reason) in [
      ("c", "A Markdown board keeps no colors"), ("w", "A Markdown board keeps no widths"),
      ("L", "A Markdown board keeps no locks"),
    ] {
      try tmux.send(key)
      try await tmux.waitForStatus("READY", "Refused: \(reason)")
    }
    #expect(!(try tmux.screen().titleBar.contains("unsaved")))
    try await tmux.quitCleanly()
    #expect(try directory.readText("board.md") == Self.board)
  }
}
