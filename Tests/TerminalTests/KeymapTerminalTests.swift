import Foundation
import TestSupport
import Testing

/// The keymap as a person meets it in a real terminal (tmux): the command palette, and a keys file in
/// `$XDG_CONFIG_HOME/tilegrid/keys` that changes keys, whose bad lines the first screen names.
@Suite("Keys and the command palette (tmux)")
struct KeymapTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Writes the keys file the editor in this directory reads (`XDG_CONFIG_HOME` is its `.config`).
  func writeKeys(_ text: String) throws {
    try FileManager.default.createDirectory(at: directory.url(".config/tilegrid"), withIntermediateDirectories: true)
    try directory.write(".config/tilegrid/keys", text)
  }

  /// With the rename prompt open on the tile titled `old`: types `new`, Enter, saves with `saving`, and
  /// checks the file.
  func retitle(_ tmux: TmuxSession, _ old: String, to new: String, saving: () throws -> Void) async throws {
    try await tmux.waitForStatus("RENAME", "Title: \(old)")
    try tmux.sendKey("C-u")
    try tmux.send(new)
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "Renamed \(new)")
    try saving()
    try await tmux.waitForStatus("READY", "Saved demo.json")
    #expect(try tileTitles("demo.json", in: directory)[old] == new)
  }

  @Test(": opens the palette; rena narrows it to rename; Enter opens the rename prompt; the tile is renamed")
  func paletteRenames() async throws {
    try writeDemo(in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    try tmux.send(":")
    let open = try await tmux.waitForStatus("COMMAND", "Enter runs")
    #expect(open.contentRows.contains { $0.contains("Commands") }, "\(open)")
    try tmux.send("rena")
    let narrowed = try await tmux.waitUntil("the palette narrowed to rename") { screen in
      screen.badge == "COMMAND" && screen.statusLine.contains(":rena")
        && screen.contentRows.contains { $0.contains("▸ rename") && $0.contains("rename tile or section") }
    }
    #expect(!narrowed.contentRows.contains { $0.contains("recolor") }, "\(narrowed)")
    try tmux.sendKey("Enter")
    try await retitle(tmux, "blue", to: "Navy", saving: { try tmux.send("s") })
    try await tmux.quitCleanly()
  }

  @Test("Esc closes the palette and does nothing; a word nothing matches says so")
  func paletteCloses() async throws {
    try writeDemo(in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    try tmux.send(":")
    try await tmux.waitForStatus("COMMAND")
    try tmux.send("zzz")
    try await tmux.waitUntil("no command matches") { $0.statusLine.contains("no command matches") }
    try tmux.sendKey("Escape")
    let closed = try await tmux.waitForStatus("READY", "Hold a tile")
    #expect(!closed.contentRows.contains { $0.contains("Commands") }, "\(closed)")
    try await tmux.quitCleanly()
  }

  @Test("a keys file: Ctrl-S saves, F2 renames, s quits, the hints and the help say so; its bad lines are named on the first screen")
  func keysFile() async throws {
    try writeDemo(in: directory)
    try writeKeys(
      """
      # my keys
      save = Ctrl-S
      rename = F2
      sve = x
      find = Ctrl-S
      quit = s

      """)
    // Wide enough for the first screen's words on one line.
    let tmux = try await TmuxSession.editor(["demo.json"], width: 160, in: directory)
    defer { tmux.close() }
    // The first bad line by its number, and how many more: the refused line is the other.
    let first = try await tmux.waitForStatus("READY", "Keys file line 4: unknown command 'sve' (did you mean 'save'?)")
    #expect(first.statusLine.contains("and 1 more"), "\(first)")
    // The hint names the keys in effect.
    try tmux.sendKey("Right")
    let hinted = try await tmux.waitForStatus("READY", "red")
    #expect(hinted.statusLine.contains("? help · Ctrl-S save · s quit"), "\(hinted)")
    try tmux.sendKey("F2")
    try await retitle(tmux, "red", to: "Crimson", saving: { try tmux.sendKey("C-s") })
    // find kept its key (its line was refused: Ctrl-S is save's).
    try tmux.send("/")
    try await tmux.waitForStatus("FIND")
    try tmux.sendKey("Escape")
    try await tmux.waitForStatus("READY", "Cancelled")
    try tmux.send("?")
    let help = try await tmux.waitForStatus("HELP")
    #expect(help.contentRows.contains { $0.contains("F2") && $0.contains("rename tile or section") }, "\(help)")
    #expect(help.contentRows.contains { $0.contains("Ctrl-S") && $0.contains("save") }, "\(help)")
    try tmux.sendKey("Escape")
    try await tmux.waitForStatus("READY")
    // s quits now.
    try tmux.send("s")
    let (status, screen) = try await tmux.waitForExit()
    #expect(status == 0, "\(screen)")
    #expect(screen.state.isRestored, "\(screen.state)")
  }
}
