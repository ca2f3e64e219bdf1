import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive editor in a real terminal (tmux, xterm-256color, 80x24 unless said): real key and
/// mouse bytes in, the screen and the terminal's modes read back. Every step waits for a condition on
/// the screen; expected files come from `tilegrid move` and `tilegrid play`, positions from
/// `tilegrid layout`.
@Suite("Editor in a real terminal (tmux)")
struct EditorTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  // MARK: - The screen

  @Test("the demo: title bar, section headers, tiles in their frames, the status line, mouse on; help; q")
  func demoScreen() async throws {
    try writeDemo("layout-demo.json", in: directory)
    let layout = try Layout(of: "layout-demo.json", width: 80, height: 24, in: directory)
    let titles = try tileTitles("layout-demo.json", in: directory)
    let tmux = try await TmuxSession.editor([], in: directory)
    defer { tmux.close() }
    let screen = try await tmux.waitForEditor()

    #expect(screen.titleBar.hasPrefix(" TileGrid  demo"), "\(screen)")
    #expect(!screen.titleBar.hasPrefix(" TileGrid  demo."), "the built-in demo is called demo")
    #expect(screen.titleBar.hasSuffix("18 tiles · 4 sections"), "\(screen)")
    #expect(!screen.titleBar.contains("unsaved"))
    #expect(screen.statusLine.hasPrefix(" READY "), "\(screen)")
    // One numbering on screen: places count from 1, in words; no zero-based S.I beside them.
    #expect(screen.statusLine.contains("Hold a tile, or Space, to lift it"), "\(screen)")
    #expect(!screen.statusLine.contains("0.0"), "\(screen)")

    // Headers where the layout puts them (the content is not scrolled).
    let headers = ["favorites": "Favorites 5/8", "others": "Others 9", "grays": "Grays 4", "archive": "Archive 0"]
    for section in layout.sections {
      let y = layout.viewport.y + section.header.y
      guard y < 23, let title = headers[section.id] else { continue }
      let row = screen.row(y).drop { $0 == " " }
      #expect(row.hasPrefix(title + " ") && row.contains("─"), "row \(y): \(screen)")
    }
    #expect(screen.contains("empty — drop tiles here"), "\(screen)")

    // Each tile: its title inside its frame, a color that is not the one just outside it, the same over
    // the whole frame (but for the focused tile, blue, whose look is the editor's to choose).
    let focused = layout.sections.first?.items.first?.id
    for section in layout.sections {
      for item in section.items {
        let f = item.frame
        let (x, y) = (layout.viewport.x + f.x, layout.viewport.y + f.y)
        guard y + f.height <= 23 else { continue }
        let title = try #require(titles[item.id])
        #expect(screen.text(x: x, y: y + 1, count: f.width).contains(title), "tile \(item.id): \(screen)")
        let background = screen.cell(x + f.width / 2, y + f.height / 2)?.background
        #expect(background != nil && background != .default, "tile \(item.id) has a color")
        #expect(screen.cell(x - 1, y + 1)?.background != background, "left of tile \(item.id)")
        #expect(screen.cell(x + f.width, y + 1)?.background != background, "right of tile \(item.id)")
        guard item.id != focused else { continue }
        let cells = (y..<(y + f.height)).flatMap { row in (x..<(x + f.width)).compactMap { screen.cell($0, row) } }
        #expect(cells.allSatisfy { $0.background == background }, "tile \(item.id) is one color: \(screen)")
      }
    }

    #expect(screen.state.alternateScreen, "\(screen.state)")
    #expect(screen.state.mouseReporting && screen.state.mouseSGR, "SGR mouse reports: \(screen.state)")
    #expect(screen.state.mouseButton || screen.state.mouseAll, "motion while a button is held: \(screen.state)")

    // Help: any key closes it and the screen is as before.
    try tmux.send("?")
    try await tmux.waitForChange(from: screen)
    try tmux.send("x")
    try await tmux.waitUntil("the help closed") { $0.contentRows == screen.contentRows && $0.badge == "READY" }

    try await tmux.quitCleanly()
    #expect(try directory.listing() == ["layout-demo.json"], "the demo writes no file")
  }

  // MARK: - Mouse

  @Test("long press and drag: blue into Others, then gray99 into the empty Archive; s saves, q quits")
  func mouseDragIntoSections() async throws {
    try writeDemo(in: directory)
    let layout = try Layout(of: "demo.json", width: 80, height: 24, in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    #expect(try tmux.screen().titleBar.hasPrefix(" TileGrid  demo.json"))

    // Blue (Favorites 1) onto cyan in Others, through a few points like a hand would.
    let blue = layout.center(of: "blue")
    let cyan = layout.center(of: "cyan")
    try await tmux.longPress(x: blue.x, y: blue.y, lifting: "Lifted blue — Favorites 1 of 5")
    try tmux.drag(through: [(blue.x + 6, blue.y + 1), (blue.x + 20, blue.y + 3), (cyan.x, cyan.y)])
    try await tmux.waitForStatus("DRAG", "Moved to Others")
    try tmux.release(x: cyan.x, y: cyan.y)
    let dropped = try await tmux.waitForStatus("READY", "Dropped blue — Others ")
    let n = try #require(position(in: dropped.statusLine, section: "Others", count: 10), "\(dropped)")
    #expect(dropped.titleBar.contains(" ● unsaved"), "\(dropped)")
    let step1 = try tilegrid(["move", "demo.json", "0.0", "1.\(n - 1)"], in: directory)
    try directory.write("step1.json", step1)

    // Scroll to the end so the whole of Archive is in view; then gray99 into its empty box.
    try tmux.sendKey("End")
    let scrolled = try await tmux.waitUntil("Archive's empty box in view") {
      guard let box = $0.find("empty — drop tiles here") else { return false }
      return box.y < $0.height - 3
    }
    let box = try #require(scrolled.find("empty — drop tiles here"))
    let gray99Title = try #require(tileTitles("demo.json", in: directory)["gray99"])
    let gray99 = try #require(scrolled.find(gray99Title), "\(scrolled)")
    try await tmux.longPress(x: gray99.x + 2, y: gray99.y, lifting: "Lifted \(gray99Title) — Grays 1 of 4")
    try tmux.drag(through: [(gray99.x + 3, gray99.y + 2), (box.x + 4, box.y - 1), (box.x + 4, box.y)])
    try await tmux.waitForStatus("DRAG", "Moved to Archive 1 of 1")
    try tmux.release(x: box.x + 4, y: box.y)
    let second = try await tmux.waitForStatus("READY", "Dropped \(gray99Title) — Archive 1 of 1")
    #expect(!second.contains("empty — drop tiles here"), "\(second)")
    #expect(second.headerRow("Archive 1") != nil, "\(second)")
    let expected = try tilegrid(["move", "step1.json", "2.0", "3.0"], in: directory)

    try tmux.send("s")
    let saved = try await tmux.waitForStatus("READY", "Saved demo.json")
    #expect(!saved.titleBar.contains("unsaved"), "\(saved)")
    try await tmux.quitCleanly()
    #expect(try tilegrid(["export", "demo.json"], in: directory) == expected)
  }

  @Test("Esc in the middle of a drag puts everything back; the release after it drops nothing")
  func escapeCancelsADrag() async throws {
    let original = try writeDemo(in: directory)
    let layout = try Layout(of: "demo.json", width: 80, height: 24, in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    let before = try tmux.screen()

    let blue = layout.center(of: "blue")
    let cyan = layout.center(of: "cyan")
    try await tmux.longPress(x: blue.x, y: blue.y, lifting: "Lifted blue — Favorites 1 of 5")
    try tmux.drag(through: [(blue.x + 10, blue.y + 2), (cyan.x, cyan.y)])
    let moved = try await tmux.waitForStatus("DRAG", "Moved to Others")
    #expect(moved.contentRows != before.contentRows)
    try tmux.sendKey("Escape")
    let cancelled = try await tmux.waitForStatus("READY", "Cancelled — blue — Favorites 1 of 5")
    #expect(cancelled.contentRows == before.contentRows, "\(cancelled)")
    #expect(cancelled.titleBar == before.titleBar)

    // The button comes up after the cancel: nothing may be dropped, so q quits without asking.
    try tmux.release(x: cyan.x, y: cyan.y)
    try await tmux.quitCleanly()
    #expect(try directory.readText("demo.json") == original)
  }

  @Test("a resize in the middle of a drag re-lays the screen; the drop lands where the pointer is")
  func resizeDuringADrag() async throws {
    try writeDemo(in: directory)
    try writeDemo("original.json", in: directory)
    let layout = try Layout(of: "demo.json", width: 80, height: 24, in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }

    let blue = layout.center(of: "blue")
    let cyan = layout.center(of: "cyan")
    try await tmux.longPress(x: blue.x, y: blue.y, lifting: "Lifted blue — Favorites 1 of 5")
    try tmux.drag(through: [(blue.x + 10, blue.y + 2), (cyan.x, cyan.y)])
    try await tmux.waitForStatus("DRAG", "Moved to Others")

    try tmux.resize(width: 100, height: 30)
    let resized = try await tmux.waitUntil("the editor redrawn at 100x30, still dragging") {
      $0.width == 100 && $0.height == 30 && $0.titleBar.hasSuffix("18 tiles · 4 sections")
        && $0.titleBar.count > 80 && $0.badge == "DRAG" && $0.headerRow("Grays") != nil
    }
    let grays = try #require(resized.headerRow("Grays"))
    let target = (x: 8, y: grays + 2)
    try tmux.drag(to: target.x, target.y)
    try await tmux.waitForStatus("DRAG", "Moved to Grays")
    try tmux.release(x: target.x, y: target.y)
    let dropped = try await tmux.waitForStatus("READY", "Dropped blue — Grays ")
    let n = try #require(position(in: dropped.statusLine, section: "Grays", count: 5), "\(dropped)")
    let expected = try tilegrid(["move", "demo.json", "0.0", "2.\(n - 1)"], in: directory)

    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved demo.json")
    try await tmux.quitCleanly()
    #expect(try tilegrid(["export", "demo.json"], in: directory) == expected)

    // The same input replayed headlessly gives the same file.
    let events = """
      press \(blue.x) \(blue.y)
      wait 300
      move \(blue.x + 10) \(blue.y + 2)
      move \(cyan.x) \(cyan.y)
      resize 100 30
      move \(target.x) \(target.y)
      release \(target.x) \(target.y)

      """
    try directory.write("resize.events", events)
    let replayed = try tilegrid(
      ["play", "original.json", "--width", "80", "--height", "24", "--events", "resize.events"], in: directory)
    #expect(replayed == expected)
  }

  @Test("the mouse wheel scrolls the content; back up restores it")
  func wheelScrolls() async throws {
    try writeDemo(in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], height: 16, in: directory)
    defer { tmux.close() }
    let top = try tmux.screen()
    #expect(top.headerRow("Favorites") == 1, "\(top)")
    // The content without the viewport's last column, where the scroll thumb moves as it scrolls.
    func content(_ screen: TerminalScreen) -> [String] { screen.contentRows.map { String($0.dropLast()) } }

    // Scrolled, not redrawn differently: the rows are the old ones moved up by some k. (Waiting for
    // that whole picture, not just for a first change: a frame can arrive in several writes.)
    func shifted(_ screen: TerminalScreen) -> Bool {
      (1..<top.contentRows.count).contains { k in
        Array(content(screen).prefix(top.contentRows.count - k)) == Array(content(top).dropFirst(k))
      }
    }
    try tmux.wheel(.down, x: 40, y: 8)
    let down = try await tmux.waitUntil("the content scrolled down by whole rows") { shifted($0) }
    #expect(down.headerRow("Favorites") == nil)

    try tmux.wheel(.up, x: 40, y: 8)
    try tmux.wheel(.up, x: 40, y: 8)
    try await tmux.waitUntil("the content back at the top") { content($0) == content(top) }

    try tmux.sendKey("End")
    // The whole bottom, not a frame caught half drawn (its header before the empty section's line).
    try await tmux.waitUntil("End scrolled to the bottom: the Archive and its empty line") {
      $0.headerRow("Archive") != nil && $0.contains("empty — drop tiles here")
    }
    try tmux.sendKey("Home")
    try await tmux.waitUntil("Home scrolled to the top") { content($0) == content(top) }
    try await tmux.quitCleanly()
  }

  // MARK: - Keyboard

  @Test("keyboard only: lift, move within Favorites, drop; then down into Others; save and quit")
  func keyboardReorder() async throws {
    try writeDemo(in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }

    try tmux.sendKey("Space")
    try await tmux.waitForStatus("LIFTED", "Lifted blue — Favorites 1 of 5")
    try tmux.sendKey("Right")
    try await tmux.waitForStatus("LIFTED", "Moved to Favorites 2 of 5")
    try tmux.sendKey("Right")
    try await tmux.waitForStatus("LIFTED", "Moved to Favorites 3 of 5")
    try tmux.sendKey("Enter")
    let first = try await tmux.waitForStatus("READY", "Dropped blue — Favorites 3 of 5")
    #expect(first.titleBar.contains(" ● unsaved"))
    let step1 = try tilegrid(["move", "demo.json", "0.0", "0.2"], in: directory)
    try directory.write("step1.json", step1)

    try tmux.sendKey("Space")
    try await tmux.waitForStatus("LIFTED", "Lifted blue — Favorites 3 of 5")
    try tmux.sendKey("Down")
    let down = try await tmux.waitForStatus("LIFTED", "Moved to Others ")
    let n = try #require(position(in: down.statusLine, section: "Others", count: 10), "\(down)")
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "Dropped blue — Others \(n) of 10")
    let expected = try tilegrid(["move", "step1.json", "0.2", "1.\(n - 1)"], in: directory)

    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved demo.json")
    try await tmux.quitCleanly()
    #expect(try tilegrid(["export", "demo.json"], in: directory) == expected)
  }

  @Test("undo and redo (u, U, Ctrl-R) put the screen back and forth; the saved file has the redo")
  func undoRedo() async throws {
    try writeDemo(in: directory)
    let expected = try tilegrid(["move", "demo.json", "0.0", "0.1"], in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    let before = try tmux.screen()
    let after = try await tmux.moveBlueRightWithKeys()
    #expect(after.contentRows != before.contentRows)

    try tmux.send("u")
    let undone = try await tmux.waitForStatus("READY", "Undone: ")
    #expect(undone.contentRows == before.contentRows, "\(undone)")
    try tmux.send("U")
    let redone = try await tmux.waitForStatus("READY", "Redone: ")
    #expect(redone.contentRows == after.contentRows, "\(redone)")
    try tmux.send("u")
    try await tmux.waitForStatus("READY", "Undone: ")
    try tmux.sendKey("C-r")
    let again = try await tmux.waitForStatus("READY", "Redone: ")
    #expect(again.contentRows == after.contentRows, "\(again)")

    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved demo.json")
    try await tmux.quitCleanly()
    #expect(try tilegrid(["export", "demo.json"], in: directory) == expected)
  }

  // MARK: - Quitting, suspending, signals

  @Test("q with unsaved changes asks: another key stays, y quits without saving")
  func quitAsks() async throws {
    let original = try writeDemo(in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    let moved = try await tmux.moveBlueRightWithKeys()
    #expect(moved.titleBar.contains(" ● unsaved"), "\(moved)")

    try tmux.send("q")
    let asking = try await tmux.waitForStatus("QUIT?", "Unsaved changes: y quit")
    #expect(asking.state.alternateScreen && !asking.state.dead)
    try tmux.send("x")
    let stayed = try await tmux.waitUntil("back to READY") { $0.badge == "READY" }
    #expect(stayed.contentRows == moved.contentRows && !stayed.state.dead)

    try tmux.send("q")
    try await tmux.waitForStatus("QUIT?", "Unsaved changes")
    try tmux.send("y")
    let (status, exited) = try await tmux.waitForExit()
    #expect(status == 0 && exited.state.isRestored, "\(exited)")
    #expect(try directory.readText("demo.json") == original)
  }

  @Test("q with unsaved changes, then s: saves and quits")
  func quitSaves() async throws {
    try writeDemo(in: directory)
    let expected = try tilegrid(["move", "demo.json", "0.0", "0.1"], in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    try await tmux.moveBlueRightWithKeys()
    try tmux.send("q")
    try await tmux.waitForStatus("QUIT?", "Unsaved changes")
    try tmux.send("s")
    let (status, exited) = try await tmux.waitForExit()
    #expect(status == 0 && exited.state.isRestored, "\(exited)")
    #expect(try tilegrid(["export", "demo.json"], in: directory) == expected)
  }

  @Test("Ctrl-Z suspends to the shell with the terminal restored; fg redraws the same screen")
  func suspendAndResume() async throws {
    try writeDemo(in: directory)
    let tmux = try await TmuxSession.editorInShell("demo.json", in: directory)
    defer { tmux.close() }
    let moved = try await tmux.moveBlueRightWithKeys()
    let shell = try tmux.processID()
    let editor = try tmux.foregroundProcessID()
    #expect(editor != shell)

    try tmux.sendKey("C-z")
    let suspended = try await tmux.waitUntil("the shell back, the terminal restored") {
      $0.state.isRestored && $0.contains("Stopped")
        && $0.rows.last { !$0.isEmpty }?.hasPrefix(TmuxSession.shellPrompt) == true
    }
    #expect(try tmux.foregroundProcessID() == shell, "\(suspended)")
    #expect(TmuxSession.isAlive(editor))

    try tmux.typeLine("fg")
    let resumed = try await tmux.waitUntil("the editor redrawn") {
      $0.state.alternateScreen && $0.state.mouseReporting && $0.badge == "READY"
        && $0.contentRows == moved.contentRows && $0.titleBar == moved.titleBar
    }
    #expect(resumed.titleBar.contains(" ● unsaved"))

    try tmux.send("q")
    try await tmux.waitForStatus("QUIT?")
    try tmux.send("y")
    try await tmux.waitUntil("the editor gone, the terminal restored") { _ in
      try tmux.foregroundProcessID() == shell
    }
    try tmux.typeLine("echo \"exit=$?\"")
    let done = try await tmux.waitForText("exit=0")
    #expect(done.state.isRestored, "\(done.state)")
  }

  @Test("Ctrl-Z suspends from a prompt and from the help too; fg brings back the prompt as it was, fg not typed in it")
  func suspendFromPromptAndHelp() async throws {
    try writeDemo(in: directory)
    let tmux = try await TmuxSession.editorInShell("demo.json", in: directory)
    defer { tmux.close() }
    let shell = try tmux.processID()

    /// Ctrl-Z, the shell back; then fg, the editor back with `condition`.
    func suspendAndResume(_ what: String, until condition: @escaping (TerminalScreen) -> Bool) async throws {
      try tmux.sendKey("C-z")
      try await tmux.waitUntil("the shell back from \(what)") {
        $0.state.isRestored && $0.rows.last { !$0.isEmpty }?.hasPrefix(TmuxSession.shellPrompt) == true
      }
      #expect(try tmux.foregroundProcessID() == shell)
      try tmux.typeLine("fg")
      try await tmux.waitUntil("\(what) again after fg") { $0.state.alternateScreen && condition($0) }
    }

    try tmux.send("r")
    try await tmux.waitForStatus("RENAME")
    try tmux.sendKey("C-u")
    try tmux.send("sky")
    try await tmux.waitUntil("the field holding sky") { $0.badge == "RENAME" && $0.statusLine.contains("sky") }
    try await suspendAndResume("the rename prompt") { $0.badge == "RENAME" && $0.statusLine.contains("sky") }
    try tmux.send("!")
    try tmux.sendKey("Enter")
    let renamed = try await tmux.waitForStatus("READY", "Renamed")
    #expect(renamed.contentRows.joined().contains("sky!") && !renamed.contentRows.joined().contains("fg"), "\(renamed)")

    try tmux.send("?")
    let help = try await tmux.waitUntil("the help") { $0.contentRows != renamed.contentRows }
    try await suspendAndResume("the help") { $0.contentRows == help.contentRows }
    try tmux.send("x")
    try await tmux.waitUntil("the help closed") { $0.contentRows == renamed.contentRows && $0.badge == "READY" }

    try tmux.send("q")
    try await tmux.waitForStatus("QUIT?")
    try tmux.send("y")
    try await tmux.waitUntil("the editor gone") { _ in try tmux.foregroundProcessID() == shell }
  }

  @Test("SIGTERM with unsaved changes: a recovery file beside the file, the file untouched, the terminal restored")
  func sigtermWritesRecovery() async throws {
    let original = try writeDemo(in: directory)
    let expected = try tilegrid(["move", "demo.json", "0.0", "0.1"], in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    try await tmux.moveBlueRightWithKeys()

    try tmux.kill(SIGTERM, process: tmux.programProcessID())
    let (_, exited) = try await tmux.waitForExit()
    #expect(exited.state.isRestored, "\(exited)")
    #expect(try directory.readText("demo.json") == original)

    let others = try directory.listing().filter { $0 != "demo.json" }
    #expect(others.count == 1, "one recovery file: \(others)")
    let recovery = try #require(others.first)
    #expect(recovery.contains("demo"), "named after the file: \(recovery)")
    // The moved arrangement, then the record of what it is (the file it keeps changes of, and the
    // version they were made on).
    let exported = try tilegrid(["export", recovery], in: directory)
    #expect(exported.hasPrefix(String(expected.dropLast(3)) + ",\n  \"recoveredFrom\": {\n    \"file\": "), "\(exported)")
    let printed = try tmux.historyAndScreen().joined(separator: "\n")
    #expect(printed.contains(recovery), "standard error says where: \(printed)")
  }

  // MARK: - Titles

  @Test("a title holding escape sequences is shown as visible placeholders and changes nothing")
  func escapeSequencesInTitles() async throws {
    let file = #"""
      {
        "version": 1,
        "sections": [
          {"id": "s", "title": "Sneaky", "items": [
            {"id": "plain", "title": "plain", "color": "green"},
            {"id": "evil", "title": "\u001b]2;pwned\u0007\u001b[31mred", "color": "blue", "width": 30}
          ]}
        ]
      }
      """#
    try directory.write("evil.json", file)
    let tmux = try await TmuxSession.editor(["evil.json"], in: directory)
    defer { tmux.close() }
    let visible = "␛]2;pwned␇␛[31mred"
    let screen = try await tmux.waitForText(visible)
    #expect(screen.state.title == screen.state.host, "the pane's title is unchanged: \(screen.state)")
    #expect(!screen.state.title.contains("pwned"))
    let place = try #require(screen.find(visible))
    let cells = (0..<visible.count).compactMap { screen.cell(place.x + $0, place.y) }
    let first = try #require(cells.first)
    #expect(
      cells.allSatisfy { $0.foreground == first.foreground && $0.background == first.background },
      "no color change inside the title: \(cells)")
    #expect(screen.state.alternateScreen && screen.titleBar.hasPrefix(" TileGrid  evil.json"))

    try await tmux.quitCleanly()
    #expect(try tmux.terminalState().title == screen.state.host)
  }

  @Test("wide titles (Korean, Japanese) take two cells a character and stay inside their tiles")
  func wideTitles() async throws {
    let titles = ["빨강", "日本語", "カタカナ", "한국어 타일", "日本語のとても長いタイトル"]
    let items = titles.enumerated().map { i, title in
      #"{"id": "t\#(i)", "title": "\#(title)", "color": "\#(["red", "green", "blue", "orange", "purple"][i])"}"#
    }
    // A plain tile first: it has the focus, whose look is the editor's to choose.
    let file =
      #"{"version": 1, "sections": [{"id": "wide", "title": "Wide", "items": [{"id": "first"}, "#
      + items.joined(separator: ", ") + "]}]}\n"
    try directory.write("wide.json", file)
    let layout = try Layout(of: "wide.json", width: 80, height: 24, in: directory)
    let tmux = try await TmuxSession.editor(["wide.json"], in: directory)
    defer { tmux.close() }
    let screen = try await tmux.waitForText("日本語")

    for (i, title) in titles.enumerated() {
      let frame = try #require(layout.item("t\(i)")?.frame)
      let (x, y) = (layout.viewport.x + frame.x, layout.viewport.y + frame.y)
      // Only written cells are checked for color: tmux's capture leaves out blanks that ncurses clears
      // with ECH (an attached terminal draws them), so a tile's empty cells may read as uncolored.
      #expect(screen.cell(x + frame.width, y + 1)?.isContinuation == false, "no wide character cut at the edge")
      let text = screen.text(x: x, y: y + 1, count: frame.width)
      if title.unicodeScalars.map(characterWidth).reduce(0, +) <= frame.width - 2 {
        #expect(text.contains(title), "\(title) whole in its tile: \(text.debugDescription)")
        let at = try #require(screen.find(title))
        #expect(screen.cell(at.x + 1, at.y)?.isContinuation == true, "\(title) is two cells a character")
        let background = screen.cell(at.x, at.y)?.background
        #expect(background != nil && background != .default, "the title \(title) is on its tile's color: \(screen)")
      } else {
        #expect(text.contains("日本語"), "a long title is cut, not lost: \(text.debugDescription)")
      }
    }
    try await tmux.quitCleanly()
  }

  // MARK: - Standard input and output; recording

  @Test("pipe mode: tilegrid demo | tilegrid - > out.json, drawn on the terminal, result on standard output")
  func pipeMode() async throws {
    try writeDemo(in: directory)
    let expected = try tilegrid(["move", "demo.json", "0.0", "0.1"], in: directory)
    let tmux = try TmuxSession(
      shell: #""$TILEGRID_BIN" demo | "$TILEGRID_BIN" - > out.json"#, in: directory, holdAfterExit: true)
    defer { tmux.close() }
    try await tmux.waitForEditor()
    try await tmux.moveBlueRightWithKeys()
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try tmux.send("q")
    let (status, exited) = try await tmux.waitForExit()
    #expect(status == 0 && exited.state.isRestored, "\(exited)")
    try await tmux.waitForFile("out.json", content: expected)
  }

  @Test("--record writes the session; play of it gives the same file as the session saved")
  func recordThenPlay() async throws {
    let original = try writeDemo(in: directory)
    try directory.write("original.json", original)
    let layout = try Layout(of: "demo.json", width: 80, height: 24, in: directory)
    let tmux = try await TmuxSession.editor(["demo.json", "--record", "session.events"], in: directory)
    defer { tmux.close() }

    let blue = layout.center(of: "blue")
    let cyan = layout.center(of: "cyan")
    try await tmux.longPress(x: blue.x, y: blue.y, lifting: "Lifted blue — Favorites 1 of 5")
    try tmux.drag(through: [(blue.x + 10, blue.y + 2), (cyan.x, cyan.y)])
    try await tmux.waitForStatus("DRAG", "Moved to Others")
    try tmux.release(x: cyan.x, y: cyan.y)
    try await tmux.waitForStatus("READY", "Dropped blue — Others ")
    try tmux.sendKey("Space")
    try await tmux.waitForStatus("LIFTED", "Lifted blue — Others ")
    try tmux.sendKey("Down")
    try await tmux.waitForStatus("LIFTED", "Moved to ")
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "Dropped blue — ")
    try tmux.send("u")
    try await tmux.waitForStatus("READY", "Undone: ")
    try tmux.send("U")
    try await tmux.waitForStatus("READY", "Redone: ")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved demo.json")
    try await tmux.quitCleanly()

    let saved = try tilegrid(["export", "demo.json"], in: directory)
    #expect(saved != original)
    try await tmux.waitForFile("session.events")
    let replayed = try tilegrid(
      ["play", "original.json", "--width", "80", "--height", "24", "--events", "session.events"], in: directory)
    #expect(replayed == saved)
  }
}

@Suite("Organizing in a real terminal (tmux)")
struct OrganizingTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Finds a tile with `/` by typing, and marks it with `x`.
  func findAndMark(_ text: String, title: String, section: String, marks: Int, in tmux: TmuxSession) async throws {
    try tmux.send("/")
    try await tmux.waitForStatus("FIND")
    try tmux.send(text)
    // The prompt shows what was typed and how many tiles match; the focus is on the first match.
    try await tmux.waitUntil("the find for \(text) done") { $0.statusLine.contains("Find: \(text)") && $0.statusLine.contains("match") }
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "\(title) — \(section)")
    try tmux.send("x")
    try await tmux.waitForStatus("READY", "Marked \(title) — \(section)")
    try await tmux.waitUntil("\(marks) marked in the title bar") { $0.titleBar.contains("\(marks) marked") }
  }

  @Test("find tiles by typing, mark three, drag them together into another section, save")
  func findMarkDragSave() async throws {
    try writeDemo(in: directory)
    // Tall enough for the whole demo: with nothing to scroll, a tile held by the bottom edge while the
    // test waits for its status (long on a loaded machine) is not carried on by auto-scroll.
    let tmux = try await TmuxSession.editor(["demo.json"], height: 32, in: directory)
    defer { tmux.close() }

    try await findAndMark("cya", title: "cyan", section: "Others", marks: 1, in: tmux)
    try await findAndMark("MAG", title: "magenta", section: "Others", marks: 2, in: tmux)
    try await findAndMark("yel", title: "yellow", section: "Favorites", marks: 3, in: tmux)

    // Lift the block from yellow: cyan and magenta gather beside it (Others gets shorter), then carry it
    // down and to the right of gray 180, Grays' last tile, as seen once the block has gathered.
    let start = try tmux.screen()
    let yellow = try #require(start.find("yellow"), "\(start)")
    let lifted = try await tmux.longPress(x: yellow.x + 1, y: yellow.y, lifting: "Lifted 3 tiles with yellow")
    let last = try #require(lifted.find("gray 180"), "\(lifted)")
    try tmux.drag(through: [(yellow.x + 2, yellow.y + 4), (last.x, last.y - 2), (last.x + 16, last.y)])
    try await tmux.waitForStatus("DRAG", "Moved 3 tiles — Grays 5–7 of 7")
    try tmux.release(x: last.x + 16, y: last.y)
    let dropped = try await tmux.waitForStatus("READY", "Dropped 3 tiles — Grays 5–7 of 7")
    #expect(dropped.headerRow("Grays 7") != nil, "\(dropped)")

    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved demo.json")
    try await tmux.quitCleanly()
    // The block kept its reading order: yellow (Favorites), then cyan and magenta (Others).
    let saved = try tilegrid(["export", "demo.json"], in: directory)
    let original = try tilegrid(["demo"], in: directory)
    try directory.write("original.json", original)
    #expect(saved == (try tilegrid(["move", "original.json", "0.4,1.3,1.7", "2.4"], in: directory)))
  }
}
