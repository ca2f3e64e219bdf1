import Foundation
import TestSupport
import Testing

/// The editor under other TERMs in a real terminal (tmux), for what only a screen shows: what is left
/// on it after quitting, on terminals with and without an alternate screen.
@Suite("Other terminals in a real terminal (tmux)")
struct TerminalKindsTmuxTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test(
    "after quitting: a clean screen and the shell's next line at the top, with or without an alternate screen",
    arguments: ["vt100", "linux", "xterm-256color", "screen-256color", "xterm"])
  func cleanScreenAfterQuitting(term: String) async throws {
    try writeDemo(in: directory)
    let tmux = try TmuxSession(
      shell: "TERM=\(term) \"$TILEGRID_BIN\" demo.json", in: directory, holdAfterExit: true)
    defer { tmux.close() }
    // vt100 and linux have no alternate screen: wait for the frame alone.
    let frame = try await tmux.waitUntil("the editor's frame under TERM=\(term)") {
      $0.titleBar.hasPrefix(" TileGrid  demo.json") && $0.badge == "READY"
    }
    #expect(frame.state.alternateScreen == !["vt100", "linux"].contains(term), "\(frame.state)")
    try tmux.send("q")
    let (status, screen) = try await tmux.waitForExit()
    #expect(status == 0, "\(screen)")
    // The shell's report (printf '\r\n…') comes right below where the cursor was left: the top line.
    let marker = try #require(screen.rows.firstIndex { $0.hasPrefix(TmuxSession.exitMarker) }, "\(screen)")
    #expect(marker == 1, "the cursor was left on the first line: \(screen)")
    for (y, row) in screen.rows.enumerated() where y != marker {
      #expect(row.allSatisfy { $0 == " " }, "row \(y) is empty, nothing of the last frame: \(screen)")
    }
    #expect(screen.state.isRestored, "\(screen.state)")
  }
}
