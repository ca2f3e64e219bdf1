import Foundation
import TestSupport
import Testing

/// Building a board from nothing in a real terminal (tmux), as a newcomer would: a new file, tiles in
/// two sections, a Korean rename, a recolor, a delete taken back, saved. The file then holds exactly
/// that. (docs/editor.md, "Editing".)
@Suite("Editing in a terminal (tmux)", .serialized)
struct EditingTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Opens a prompt with `key`, types `text` (after clearing what the prompt holds) and presses Enter,
  /// then waits for the status line to say `done`.
  func edit(_ tmux: TmuxSession, _ key: String, _ text: String, _ done: String, clear: Bool = false) async throws {
    try tmux.send(key)
    try await tmux.waitUntil("the prompt of \(key)") { $0.statusLine.contains(":") && $0.badge != "READY" }
    if clear { try tmux.sendKey("C-u") }
    try tmux.send(text)
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", done)
  }

  @Test("a new file: add three tiles in two sections, rename one in Korean, recolor one, delete one and undo it, save")
  func buildABoard() async throws {
    let tmux = try await TmuxSession.editor(["board.json"], in: directory)
    defer { tmux.close() }
    let first = try await tmux.waitForStatus("READY", "New file")
    #expect(first.titleBar.contains("board.json") && first.titleBar.contains("0 tiles · 1 section"), "\(first)")
    #expect(!directory.exists("board.json"), "nothing is written before s")

    try await edit(tmux, "a", "Milk", "Added Milk — Tiles 1 of 1")
    try await edit(tmux, "a", "Bread", "Added Bread — Tiles 2 of 2")
    try await edit(tmux, "A", "Later", "Added Later — section 2 of 2")
    try await edit(tmux, "a", "Eggs", "Added Eggs — Later 1 of 1")
    // Up from Eggs is Milk, above it.
    try tmux.sendKey("Up")
    try await tmux.waitForStatus("READY", "Milk — Tiles 1 of 2")
    try await edit(tmux, "r", "우유", "Renamed 우유 — Tiles 1 of 2", clear: true)
    let renamed = try tmux.screen()
    #expect(renamed.contentRows.contains { $0.contains("우유") }, "\(renamed)")
    try tmux.sendKey("Right")
    try await tmux.waitForStatus("READY", "Bread — Tiles 2 of 2")
    try await edit(tmux, "c", "orange", "Recolored Bread — Tiles 2 of 2", clear: true)
    try tmux.send("d")
    try await tmux.waitForStatus("READY", "Deleted Bread")
    try tmux.send("u")
    let undone = try await tmux.waitForStatus("READY", "Undone: Bread — Tiles 2 of 2")
    #expect(undone.titleBar.contains("3 tiles · 2 sections") && undone.titleBar.contains("unsaved"), "\(undone)")

    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved board.json")
    try await tmux.quitCleanly()

    let expected = """
      {"version": 1, "sections": [
        {"id": "tiles", "title": "Tiles", "items": [
          {"id": "milk", "title": "우유", "color": "blue"}, {"id": "bread", "title": "Bread", "color": "orange"}]},
        {"id": "later", "title": "Later", "items": [{"id": "eggs", "title": "Eggs", "color": "blue"}]}]}
      """
    // A new tile gets the palette's next color unlike its neighbours' (blue in an empty section).
    try directory.write("expected.json", expected)
    #expect(try directory.readText("board.json") == (try tilegrid(["export", "expected.json"], in: directory)))
    // Created as a new file is: 0666 less the umask.
    let mode = try FileManager.default.attributesOfItem(atPath: directory.file("board.json"))[.posixPermissions] as? Int
    let mask = umask(0)
    umask(mask)
    #expect(mode == 0o666 & ~Int(mask))
  }

  @Test("the file changed on disk while editing: the change comes in with no key, D showed ours, s saves both without asking")
  func mergeWithTheDisk() async throws {
    try writeDemo(in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    try await tmux.moveBlueRightWithKeys()
    try tmux.send("D")
    try await tmux.waitUntil("the changes panel, READ") {
      $0.badge == "READ" && $0.rows.contains { $0.contains("move blue to favorites:1") }
    }
    try tmux.sendKey("Escape")
    try await tmux.waitForStatus("READY")
    // Someone else moves brown to the end of Others in the file itself.
    _ = try tilegrid(["move", "demo.json", "1.0", "1.9", "-i"], in: directory)
    try await tmux.waitForStatus("READY", "demo.json changed on disk: brown moved to Others")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved demo.json")
    try await tmux.quitCleanly()
    let original = try tilegrid(["demo"], in: directory)
    try directory.write("original.json", original)
    try directory.write("step.json", try tilegrid(["move", "original.json", "0.0", "0.1"], in: directory))
    #expect(try directory.readText("demo.json") == (try tilegrid(["move", "step.json", "1.0", "1.9"], in: directory)))
  }
}
