import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The tmux harness itself, against simple programs: input arrives verbatim, the screen and the
/// terminal's modes read back right, waits fail with the screen, and nothing outlives a test.
@Suite("Terminal harness (tmux)")
struct HarnessTests {
  @Test("tmux is installed: a missing tmux fails with a clear message, never skips")
  func tmuxIsThere() throws {
    #expect(try Tmux.executable().hasSuffix("/tmux"))
    let error = #expect(throws: SetupError.self) { try Tmux.executable(searchPath: "/nonexistent") }
    #expect(error?.description.contains("tmux is not installed") == true)
    #expect(error?.description.contains("apt-get install tmux") == true)
  }

  @Test("mouse reports, named keys and any bytes reach the program verbatim")
  func inputArrivesVerbatim() async throws {
    // Raw mode, so each byte reaches cat as it comes; READY says the terminal is set up.
    let tmux = try TmuxSession(shell: "stty raw -echo; printf 'READY\\r\\n'; exec cat -v")
    defer { tmux.close() }
    try await tmux.waitForText("READY")
    try tmux.press(x: 4, y: 5)
    try tmux.drag(to: 6, 7)
    try tmux.release(x: 6, y: 7)
    try tmux.wheel(.down, x: 0, y: 0)
    try tmux.send("a;é-")
    try tmux.sendKey("Escape", "Up", "C-a")
    let expected = "^[[<0;5;6M^[[<32;7;8M^[[<0;7;8m^[[<65;1;1Ma;M-CM-)-^[^[[A^A"
    let screen = try await tmux.waitForText(expected, row: 1)
    #expect(screen.row(1) == expected)
  }

  @Test("terminalState reads the alternate screen, mouse modes, cursor and title, and their reset")
  func terminalState() async throws {
    let tmux = try TmuxSession(["bash", "--norc", "-i"])
    defer { tmux.close() }
    let first = try await tmux.waitForText(TmuxSession.shellPrompt)
    #expect(first.state.isRestored, "\(first.state)")
    #expect(!first.state.alternateScreen && !first.state.mouseReporting && first.state.cursorVisible)
    #expect(first.state.title == first.state.host, "a new pane's title is the host name")

    try tmux.typeLine(#"printf '\e[?1049h\e[?1002h\e[?1006h\e[?25l\e]2;harness title\a'"#)
    let on = try await tmux.waitUntil("alternate screen, mouse 1002 + 1006, hidden cursor, title") {
      $0.state.alternateScreen && $0.state.mouseButton && $0.state.mouseSGR && !$0.state.cursorVisible
        && $0.state.title == "harness title"
    }
    #expect(on.state.mouseReporting && !on.state.mouseAll && !on.state.mouseStandard, "\(on.state)")
    #expect(!on.state.isRestored)

    try tmux.typeLine(#"printf '\e[?1002l\e[?1006l\e[?25h\e[?1049l'"#)
    let off = try await tmux.waitUntil("the terminal restored") { $0.state.isRestored }
    #expect(!off.state.mouseButton && !off.state.mouseSGR)
    #expect(off.rows.contains { $0.contains("printf '") }, "the normal screen is back")
  }

  @Test("holdAfterExit: the exit status, and the terminal exactly as the program left it")
  func holdAfterExit() async throws {
    // A dead pane's cursor is hidden by tmux, whatever the program did; a held pane keeps the modes.
    let careless = try TmuxSession(
      shell: #"printf '\e[?1049h\e[?1002h\e[?1006h\e[?25lAWAY'; read x; exit 5"#, holdAfterExit: true)
    defer { careless.close() }
    try await careless.waitForText("AWAY")
    try careless.typeLine("")
    let (status, left) = try await careless.waitForExit()
    #expect(status == 5)
    #expect(left.state.alternateScreen && left.state.mouseButton && !left.state.cursorVisible, "\(left.state)")
    #expect(!left.state.dead)

    let tidy = try TmuxSession(
      shell: #"printf '\e[?1049h\e[?1002h\e[?25lAWAY'; read x; printf '\e[?25h\e[?1002l\e[?1049l'"#,
      holdAfterExit: true)
    defer { tidy.close() }
    try await tidy.waitForText("AWAY")
    try tidy.typeLine("")
    let (tidyStatus, restored) = try await tidy.waitForExit()
    #expect(tidyStatus == 0 && restored.state.isRestored, "\(restored)")

    // The program is the shell's child; a signal that ends it shows as 128 + N.
    let sleeper = try TmuxSession(["sleep", "300"], holdAfterExit: true)
    defer { sleeper.close() }
    // Until the shell has started it, there is no program to name: not yet, rather than an error.
    try await sleeper.waitUntil("sleep running") { _ in
      guard let program = try? sleeper.programProcessID() else { return false }
      return program != (try sleeper.processID())
    }
    let pid = try sleeper.programProcessID()
    try sleeper.kill(SIGTERM, process: pid)
    let (killed, _) = try await sleeper.waitForExit()
    #expect(killed == 128 + SIGTERM)
    #expect(!TmuxSession.isAlive(pid))

    // A wait for something else fails as soon as the program has exited.
    let quick = try TmuxSession(shell: "sleep 0.1; exit 4", holdAfterExit: true)
    defer { quick.close() }
    let error = await #expect(throws: TmuxError.self) { try await quick.waitForText("never shown") }
    #expect(error?.description.contains("the program exited while waiting for") == true)
    #expect(error?.description.contains(TmuxSession.exitMarker + "4]") == true)
  }

  @Test("resize-window reaches the program: stty size sees it")
  func resize() async throws {
    let tmux = try TmuxSession(["bash", "--norc", "-i"], width: 80, height: 24)
    defer { tmux.close() }
    try await tmux.waitForText(TmuxSession.shellPrompt)
    try tmux.typeLine("stty size")
    try await tmux.waitForText("24 80")
    try tmux.resize(width: 100, height: 30)
    let resized = try await tmux.waitUntil("a 100x30 pane") { $0.width == 100 && $0.height == 30 }
    #expect(resized.rows.count == 30 && resized.cells.allSatisfy { $0.count == 100 })
    try tmux.typeLine("stty size")
    try await tmux.waitForText("30 100")
  }

  @Test("a job under a shell: Ctrl-Z stops it, fg resumes it, its pid is the foreground group")
  func suspendAndSignalAJob() async throws {
    let tmux = try TmuxSession(["bash", "--norc", "-i"])
    defer { tmux.close() }
    try await tmux.waitForText(TmuxSession.shellPrompt)
    let shell = try tmux.processID()
    try tmux.typeLine("sleep 100000")
    try await tmux.waitUntil("sleep in the foreground") { _ in (try? tmux.foregroundProcessID()).map { $0 != shell } ?? false }
    try tmux.sendKey("C-z")
    try await tmux.waitForText("Stopped")
    #expect(try tmux.foregroundProcessID() == shell)
    try tmux.typeLine("fg")
    try await tmux.waitUntil("sleep in the foreground again") { _ in (try? tmux.foregroundProcessID()).map { $0 != shell } ?? false }
    try tmux.kill(SIGTERM)
    try await tmux.waitForText("Terminated")
    try await tmux.waitUntil("the shell in the foreground") { _ in (try? tmux.foregroundProcessID()).map { $0 == shell } ?? false }
  }

  @Test("colors and wide characters: cells, continuation cells, and the same text as capture-pane -p")
  func colorsAndWideCharacters() async throws {
    let script = #"""
      printf '\e[44mab\e[0m \e[48;5;196m빨강\e[38;2;1;2;3m日本\e[0m-\e[1;7mx\e[0m\n'
      printf '\e[48;2;10;20;30m  \e[0mé\n'
      printf 'e\314\201!\n'
      printf 'DONE'
      exec sleep 100000
      """#
    let tmux = try TmuxSession(shell: script, width: 40, height: 6)
    defer { tmux.close() }
    let screen = try await tmux.waitForText("DONE")
    #expect(screen.row(0) == "ab 빨강日本-x")
    #expect(screen.cell(0, 0) == TerminalCell("a", background: .palette(4)))
    #expect(screen.cell(2, 0) == TerminalCell(" "))
    #expect(screen.cell(3, 0) == TerminalCell("빨", background: .palette(196)))
    #expect(screen.cell(4, 0)?.isContinuation == true)
    #expect(screen.cell(5, 0)?.character == "강")
    #expect(screen.cell(7, 0) == TerminalCell("日", foreground: .rgb(1, 2, 3), background: .palette(196)))
    #expect(screen.cell(11, 0) == TerminalCell("-"))
    #expect(screen.cell(12, 0) == TerminalCell("x", attributes: [.bold, .reverse]))
    #expect(screen.cell(0, 1)?.background == .rgb(10, 20, 30))
    #expect(screen.cell(2, 1) == TerminalCell("é"))
    #expect(screen.cell(0, 2)?.character == "e\u{301}" && screen.cell(1, 2)?.character == "!")
    #expect(screen.find("日本")! == (7, 0))
    #expect(screen.find("x")! == (12, 0))
    #expect(screen.text(x: 3, y: 0, count: 4) == "빨강")
    #expect(screen.rows == (try tmux.plainRows()), "rows read from the colored capture match plain text")
  }

  @Test("a wait that times out says what it awaited, where, and shows the last screen")
  func timeoutExplainsItself() async throws {
    let tmux = try TmuxSession(shell: "printf 'hello from the pane'; exec sleep 100000")
    defer { tmux.close() }
    try await tmux.waitForText("hello")
    let clock = ContinuousClock()
    let start = clock.now
    let error = await #expect(throws: TmuxError.self) {
      try await tmux.waitForText("goodbye", timeout: .milliseconds(300))
    }
    #expect(clock.now - start >= .milliseconds(300))
    let message = error?.description ?? ""
    #expect(message.contains("timed out after 0.3 s waiting for: \"goodbye\" on the screen"), "\(message)")
    #expect(message.contains("HarnessTests.swift:"), "\(message)")
    #expect(message.contains(" 0|hello from the pane"), "\(message)")

    let fileError = await #expect(throws: TmuxError.self) {
      try await tmux.waitForFile("missing.json", timeout: .milliseconds(100))
    }
    #expect(fileError?.description.contains("missing.json") == true)
    #expect(fileError?.description.contains("it does not exist") == true)
  }

  @Test("a wait on a program that has exited fails at once, with its exit status")
  func exitedProgramFailsFast() async throws {
    // Held after exit: the shell reports the status itself. (Without holding, the status comes from
    // tmux reaping the program, which tmux 3.3a sometimes misses on a loaded machine.)
    let tmux = try TmuxSession(shell: "printf 'crashed'; sleep 0.2; exit 3", holdAfterExit: true)
    defer { tmux.close() }
    // No clock here (a loaded machine makes any bound flaky): a wait that ran out its time would fail
    // with a timeout, not with the exit.
    let error = await #expect(throws: TmuxError.self) { try await tmux.waitForText("READY") }
    #expect(error?.description.contains("the program exited while waiting for: \"READY\"") == true)
    #expect(error?.description.contains("status 3") == true)
    #expect(error?.description.contains("crashed") == true)
  }

  @Test("waitForFile waits for a file's exact content")
  func waitForFile() async throws {
    let tmux = try TmuxSession(shell: "printf 'partial' > out.txt; printf 'GO'; read x; printf 'whole' > out.txt")
    defer { tmux.close() }
    try await tmux.waitForText("GO")
    #expect(try await tmux.waitForFile("out.txt") == Array("partial".utf8))
    try tmux.typeLine("")
    try await tmux.waitForFile("out.txt", content: "whole")
    #expect(try tmux.directory.readText("out.txt") == "whole")
  }

  @Test("close kills the server, a program that ignores SIGHUP, and removes the socket")
  func closeCleansUp() async throws {
    let tmux = try TmuxSession(shell: "trap '' HUP; printf 'stubborn'; exec sleep 100000")
    try await tmux.waitForText("stubborn")
    let pid = try tmux.processID()
    #expect(TmuxSession.isAlive(pid))
    #expect(FileManager.default.fileExists(atPath: tmux.socket))
    tmux.close()
    #expect(!TmuxSession.isAlive(pid))
    #expect(!FileManager.default.fileExists(atPath: tmux.socket))
    tmux.close()
  }
}
