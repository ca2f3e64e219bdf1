import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The edges a person meets, in a real terminal (tmux) through the built binary: a terminal made too
/// small in the middle of a drag and with unsaved changes; save as under `~`; and files an earlier
/// session left behind (a recovery file from SIGTERM, the backup of a save cut short), offered on the
/// first screen. (docs/editor.md, "A screen too small", "Saving", "Files left behind".)
@Suite("A screen too small, save as, files left behind: the editor in a terminal (tmux)", .serialized)
struct SmallScreenAndLeftBehindTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// The status line's words with the rows above it that long words wrap onto, spaces collapsed.
  static func status(_ screen: TerminalScreen) -> String {
    screen.rows.suffix(4).joined(separator: " ").split(separator: " ").joined(separator: " ")
  }

  /// The screen's rows, trimmed, without the blank ones.
  static func words(_ screen: TerminalScreen) -> [String] {
    screen.rows.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  @Test("too small at 10x3: a lifted tile is put back, keys move nothing, q asks about unsaved changes and s saves and quits")
  func aTerminalTooSmall() async throws {
    try writeDemo(in: directory)
    let moved = try tilegrid(["move", "demo.json", "0.0", "0.1"], in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }

    // Lifted from the keyboard and carried one place, then the terminal shrinks: the drag is cancelled.
    try tmux.sendKey("Space")
    try await tmux.waitForStatus("LIFTED", "Lifted blue")
    try tmux.sendKey("Right")
    try await tmux.waitForStatus("LIFTED", "Moved to Favorites 2 of 5")
    try tmux.resize(width: 10, height: 3)
    let small = try await tmux.waitUntil("the too-small screen") { Self.words($0) == ["Too small", "needs 10x6", "q quits"] }
    #expect(small.state.alternateScreen)
    // Keys act on nothing hidden: not a lift, not a move, not a mark, not a delete, not an undo.
    try tmux.send(" ")
    try tmux.sendKey("Right")
    try tmux.send("xdu")
    try tmux.sendKey("C-l")
    try tmux.resize(width: 80, height: 24)
    let back = try await tmux.waitForStatus("READY")
    #expect(!back.titleBar.contains("unsaved") && !back.titleBar.contains("marked"), "\(back)")
    #expect(back.contentRows[2].contains("blue") && back.contentRows[2].contains("red"), "\(back)")
    #expect(back.contentRows[2].firstRange(of: "blue")!.lowerBound < back.contentRows[2].firstRange(of: "red")!.lowerBound)

    // One change, then too small again: q asks, readably, and s saves and quits.
    try await tmux.moveBlueRightWithKeys()
    try tmux.resize(width: 10, height: 3)
    try await tmux.waitUntil("the too-small screen") { Self.words($0).first == "Too small" }
    try tmux.send("q")
    try await tmux.waitUntil("the quit question at 10x3") { Self.words($0) == ["Unsaved", "y quit", "s save"] }
    try tmux.send("s")
    try await tmux.waitForFile("demo.json", content: moved)
    // Wide enough again for the shell's report of the exit status to be read.
    try tmux.resize(width: 80, height: 24)
    let (status, exited) = try await tmux.waitForExit()
    #expect(status == 0, "\(exited)")
    #expect(exited.state.isRestored, "\(exited.state)")
  }

  @Test("save as ~/NAME writes in the home directory; a name that fails stays in the prompt to be corrected")
  func saveAsUnderHome() async throws {
    let home = directory.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try writeDemo(in: directory)
    let moved = try tilegrid(["move", "demo.json", "0.0", "0.1"], in: directory)
    let tmux = try TmuxSession(
      [try TileGrid.binary()], width: 80, height: 24, in: directory, environment: ["HOME": home], holdAfterExit: true)
    defer { tmux.close() }
    try await tmux.waitForEditor()
    try await tmux.moveBlueRightWithKeys()

    try tmux.send("s")
    try await tmux.waitForStatus("SAVE", "Save as:")
    try tmux.send("~/nodir/grid.json")
    try tmux.sendKey("Enter")
    let failed = try await tmux.waitUntil("the reason above the prompt, the name still in it") {
      $0.statusLine.contains("Save as: ~/nodir/grid.json")
        && Self.status($0).contains("Not saved: the directory '\(home)/nodir' does not exist SAVE AS Save as:")
    }
    #expect(failed.badge == "SAVE")
    for _ in 0..<"nodir/grid.json".count { try tmux.sendKey("BSpace") }
    try tmux.send("grid.json")
    try tmux.sendKey("Enter")
    let saved = try await tmux.waitForStatus("READY", "Saved ~/grid.json")
    #expect(saved.titleBar.contains("~/grid.json") && !saved.titleBar.contains("unsaved"), "\(saved)")
    #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: home + "/grid.json")), as: UTF8.self) == moved)
    #expect(!FileManager.default.fileExists(atPath: directory.file("~")), "no directory named ~ was made")
    // s saves there again.
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved ~/grid.json")
    try await tmux.quitCleanly()
  }

  @Test("SIGTERM keeps a recovery file; opened again, r restores it (unsaved, u takes it back), and once saved it is removed, not asked about again")
  func aRecoveryFileIsOffered() async throws {
    let original = try writeDemo("edit.json", in: directory)
    let moved = try tilegrid(["move", "edit.json", "0.0", "0.1"], in: directory)
    do {
      let tmux = try await TmuxSession.editor(["edit.json"], in: directory)
      defer { tmux.close() }
      try await tmux.moveBlueRightWithKeys()
      try tmux.kill(SIGTERM, process: tmux.programProcessID())
      let (status, _) = try await tmux.waitForExit()
      #expect(status == 143)
    }
    #expect(directory.exists("edit.json.recovery.json"))
    #expect(try directory.readText("edit.json") == original)
    let recovered = try directory.readText("edit.json.recovery.json")

    do {
      let tmux = try TmuxSession(
        [try TileGrid.binary(), "edit.json", "--record", "rec.events"], width: 80, height: 24, in: directory,
        holdAfterExit: true)
      defer { tmux.close() }
      let asked = try await tmux.waitUntil("the question on the first screen") {
        Self.status($0).contains("FOUND edit.json.recovery.json holds unsaved changes: r restore · d discard · k keep")
      }
      #expect(!asked.titleBar.contains("unsaved"))
      try tmux.send("r")
      let restored = try await tmux.waitForStatus("READY", "Restored edit.json.recovery.json: s saves it, u undoes")
      #expect(restored.titleBar.contains("unsaved"), "\(restored)")
      try tmux.send("u")
      let undone = try await tmux.waitForStatus("READY", "Undone")
      #expect(!undone.titleBar.contains("unsaved"), "\(undone)")
      try tmux.send("U")
      try await tmux.waitForStatus("READY", "Redone")
      try tmux.send("s")
      try await tmux.waitForStatus("READY", "Saved edit.json · removed edit.json.recovery.json")
      try await tmux.quitCleanly()
    }
    #expect(try directory.readText("edit.json") == moved)
    #expect(!directory.exists("edit.json.recovery.json"), "restored and saved, it has done its work")
    // The recording replays the session, question and all, against the file as it was opened.
    let events = try directory.readText("rec.events")
    #expect(events.contains(#"left-behind recovery "edit.json.recovery.json""#), "\(events)")
    try directory.write("opened.json", original)
    // The replay reads the file left behind where the session found it; the save removed it since.
    try directory.write("edit.json.recovery.json", recovered)
    #expect(try tilegrid(["play", "opened.json", "--width", "80", "--height", "24", "--events", "rec.events"], in: directory) == moved)

    try FileManager.default.removeItem(at: directory.url("edit.json.recovery.json"))

    // Opened again: nothing is asked about.
    let tmux = try await TmuxSession.editor(["edit.json"], in: directory)
    defer { tmux.close() }
    #expect(try tmux.screen().statusLine.contains("Hold a tile"))
    try await tmux.quitCleanly()
  }

  @Test("the backup of a save cut short is offered; k keeps it, and it is asked about again")
  func aBackupIsOffered() async throws {
    try writeDemo("edit.json", in: directory)
    let older = try tilegrid(["move", "edit.json", "0.0", "3.0"], in: directory)
    let backup = ".edit.json.tilegrid-\(try finishedProcessID())-0.bak"
    try directory.write(backup, older)
    // A backup whose writer is still running is a save under way, not something left behind.
    try directory.write(".edit.json.tilegrid-\(getpid())-\(try processStartTime(getpid()))-0.bak", older)
    for key in ["k", "x"] {
      let tmux = try TmuxSession([try TileGrid.binary(), "edit.json"], width: 80, height: 24, in: directory, holdAfterExit: true)
      defer { tmux.close() }
      try await tmux.waitUntil("the question about \(backup) alone") {
        Self.status($0).contains("FOUND \(backup) holds the file before a save cut short: r restore · d discard · k keep")
      }
      try tmux.send(key)
      let kept = try await tmux.waitForStatus("READY", "Kept \(backup); asked again next time")
      #expect(!kept.titleBar.contains("unsaved"))
      try await tmux.quitCleanly()
    }
    #expect(directory.exists(backup))
  }
}
