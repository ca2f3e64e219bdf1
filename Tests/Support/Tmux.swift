import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Real-terminal tests: a program runs in a tmux pane on a private tmux server, input goes in as the
// bytes a terminal would send, and the screen, colors and terminal modes are read back through tmux.
// Every wait is a condition polled until a deadline; a timeout fails with the last screen.

public enum Tmux {
  /// `tmux` on `PATH`. Missing is a failure with a clear message, never a skip: CI (`.ci/run`) installs it.
  public static func executable(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> String {
    for directory in (searchPath ?? "").split(separator: ":") where !directory.isEmpty {
      let candidate = "\(directory)/tmux"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw SetupError(
      description: "tmux is not installed (no executable 'tmux' on PATH '\(searchPath ?? "")'): the terminal "
        + "tests drive the program in a real terminal through tmux; install it ('apt-get install tmux', "
        + "which .ci/run does)")
  }
}

/// A tmux command that failed, or a wait that ran out of time: the message says what and shows the screen.
public struct TmuxError: Error, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }
}

/// One program in one tmux pane on a private tmux server (its own socket in its own directory), so
/// tests never share a server and never touch the user's. The pane stays readable after the program
/// exits (`remain-on-exit`). `close()` (also run by `deinit`) kills the server and anything left in
/// the pane; call it in a `defer` right after creating the session.
///
///     let tmux = try TmuxSession(["cat", "-v"], width: 80, height: 24)
///     defer { tmux.close() }
///     try await tmux.waitForText("READY")
public final class TmuxSession {
  /// How long a wait lasts before it fails.
  public static let defaultTimeout: Duration = .seconds(30)
  /// How often a wait looks at the screen.
  public static let pollInterval: Duration = .milliseconds(20)
  /// The prompt of `bash --norc -i` in a pane (set through `PS1`).
  public static let shellPrompt = "tmux-test$"

  /// The program's working directory, a fresh temporary directory unless one was given.
  public let directory: TemporaryDirectory
  /// The command the pane runs (as given; `exec`, the subshell and the exit report not included).
  public let command: String
  /// Whether the pane's shell stays after the command, reporting its status (`exitMarker`).
  public let holdsAfterExit: Bool
  /// What the shell prints after the command when it holds the pane: the marker, the status, "]".
  public static let exitMarker = "[tmux-test: exited with status "
  /// The size the pane has (after `resize`).
  public private(set) var width: Int
  public private(set) var height: Int
  /// The last screen a wait or `screen()` captured.
  public private(set) var lastScreen: TerminalScreen?

  let tmux: String
  let socketDirectory: String
  let environment: [String: String]
  /// The private server's socket (gone after `close()`).
  public var socket: String { socketDirectory + "/socket" }
  private var commandCount = 0
  private var isClosed = false
  /// The target of every command: session `t`, its only window and pane.
  private let target = "t"

  /// Starts `arguments` in a `width` x `height` pane. The program is `exec`ed, so the pane's first
  /// process is the program itself; with `holdAfterExit` (see `init(shell:)`), it is the shell's child.
  public convenience init(
    _ arguments: [String], width: Int = 80, height: Int = 24, in directory: TemporaryDirectory? = nil,
    environment: [String: String] = [:], holdAfterExit: Bool = false
  ) throws {
    let words = arguments.map(TmuxSession.shellQuoted).joined(separator: " ")
    try self.init(
      paneCommand: holdAfterExit ? TmuxSession.holding(words) : "exec " + words, command: words, width: width,
      height: height, in: directory, environment: environment, holdAfterExit: holdAfterExit)
  }

  /// Starts a shell command (`/bin/sh -c`) in a `width` x `height` pane, in `directory` (a new
  /// temporary directory when nil). The program sees `TERM=xterm-256color`, `LANG=C.UTF-8`,
  /// `TILEGRID_BIN` (when the binary is built), `PS1=shellPrompt` and whatever `environment` adds.
  ///
  /// With `holdAfterExit`, the shell stays after the command (run in a subshell, so even `exit` ends
  /// only that): it prints `exitMarker` and the status, and sleeps, so the terminal's modes are read
  /// exactly as the program left them (`waitForExit`). Without it, the pane dies with the program, and
  /// tmux then hides the dead pane's cursor whatever the program did.
  public convenience init(
    shell command: String, width: Int = 80, height: Int = 24, in directory: TemporaryDirectory? = nil,
    environment: [String: String] = [:], holdAfterExit: Bool = false
  ) throws {
    try self.init(
      paneCommand: holdAfterExit ? TmuxSession.holding("(\n\(command)\n)") : command, command: command,
      width: width, height: height, in: directory, environment: environment, holdAfterExit: holdAfterExit)
  }

  /// `command`, then the status report and a sleep that keeps the pane alive.
  static func holding(_ command: String) -> String {
    "\(command)\nprintf '\\r\\n%s%d]\\r\\n' '\(exitMarker)' \"$?\"; exec sleep 2147483647"
  }

  init(
    paneCommand: String, command: String, width: Int, height: Int, in directory: TemporaryDirectory?,
    environment extra: [String: String], holdAfterExit: Bool
  ) throws {
    tmux = try Tmux.executable()
    self.directory = try directory ?? TemporaryDirectory()
    self.command = command
    self.holdsAfterExit = holdAfterExit
    self.width = width
    self.height = height
    socketDirectory = try TmuxSession.makeSocketDirectory()

    var environment = ProcessInfo.processInfo.environment
    // SwiftPM runs the tests with NO_COLOR=1, which the editor honours (a screen without colors). The
    // variables of the terminal emulator the tests were started in would make it 24-bit.
    for name in [
      "TMUX", "TMUX_PANE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "COLUMNS", "LINES", "NO_COLOR", "COLORTERM",
      "XTERM_VERSION", "VTE_VERSION", "KONSOLE_VERSION", "KITTY_WINDOW_ID", "WEZTERM_PANE", "WT_SESSION",
      "TERM_PROGRAM", "TERM_PROGRAM_VERSION",
    ] {
      environment[name] = nil
    }
    environment["LANG"] = "C.UTF-8"
    environment["PS1"] = TmuxSession.shellPrompt + " "
    environment["HISTFILE"] = "/dev/null"
    // The editor's glides are tested frame by frame through `render --at` and the loop's tests; here, where
    // a screen is compared once a condition holds, every capture is the resting screen.
    environment["TILEGRID_MOTION"] = "off"
    // The editor's keys are the standard ones unless a test writes `.config/tilegrid/keys` in its
    // directory: the keys file of the person running the tests is never read.
    environment["XDG_CONFIG_HOME"] = self.directory.path + "/.config"
    if let binary = try? TileGrid.binary() { environment["TILEGRID_BIN"] = binary }
    environment.merge(extra) { _, new in new }
    self.environment = environment

    // Options go before new-session: set after it, they would miss the first pane (which would then
    // get TERM=tmux-256color).
    do {
      try run(
        [
          "-f", "/dev/null", "start-server", ";",
          "set", "-g", "default-terminal", "xterm-256color", ";",
          "set", "-g", "default-shell", "/bin/sh", ";",
          "set", "-g", "remain-on-exit", "on", ";",
          "set", "-g", "status", "off", ";",
          "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)", "-c", self.directory.path,
          paneCommand,
        ])
    } catch {
      close()
      throw error
    }
  }

  deinit { close() }

  /// Kills the tmux server and the program if it is still there, and removes the socket's directory.
  /// Safe to call more than once.
  public func close() {
    guard !isClosed else { return }
    var processes: [pid_t] = []
    if let state = try? terminalState(), !state.dead {
      processes.append(state.processID)
      processes += TmuxSession.children(of: state.processID)
      if let group = TmuxSession.foregroundProcessGroup(of: state.processID), !processes.contains(group) {
        processes.append(group)
      }
    }
    _ = try? run(["kill-server"], timeout: .seconds(5))
    isClosed = true
    // The server's exit hangs the pane up, which ends ordinary programs; one that ignores SIGHUP must
    // still not outlive its test.
    let clock = ContinuousClock()
    var deadline = clock.now + .seconds(2)
    while processes.contains(where: TmuxSession.isAlive), clock.now < deadline { usleep(10_000) }
    for pid in processes where TmuxSession.isAlive(pid) { Glibc.kill(pid, SIGKILL) }
    deadline = clock.now + .seconds(2)
    while processes.contains(where: TmuxSession.isAlive), clock.now < deadline { usleep(10_000) }
    try? FileManager.default.removeItem(atPath: socketDirectory)
  }

  // MARK: - Input

  /// Sends `text` as the exact bytes of its UTF-8 (escape sequences included), as if typed or pasted.
  public func send(_ text: String) throws { try send(bytes: Array(text.utf8)) }

  /// Sends bytes verbatim. (`send-keys -H`: with `-l`, an argument ending in ';' would lose it to
  /// tmux's command separator.)
  public func send(bytes: [UInt8]) throws {
    guard !bytes.isEmpty else { return }
    try run(["send-keys", "-t", target, "-H"] + bytes.map { String($0, radix: 16) })
  }

  /// Sends named keys as tmux spells them: `Enter`, `Escape`, `Space`, `Up`, `PageDown`, `Home`,
  /// `BSpace`, `C-z`, `C-r`, `F1`… tmux encodes them for the pane's modes (application cursor keys).
  public func sendKey(_ names: String...) throws {
    try run(["send-keys", "-t", target] + names)
  }

  /// Types a line into a shell: the text, then Enter.
  public func typeLine(_ line: String) throws { try send(line + "\r") }

  /// Button 1 pressed at zero-based cell (x, y) (an SGR mouse report, which is 1-based).
  public func press(x: Int, y: Int) throws { try mouse(button: 0, x: x, y: y, release: false) }

  /// Motion with button 1 held, to zero-based cell (x, y).
  public func drag(to x: Int, _ y: Int) throws { try mouse(button: 32, x: x, y: y, release: false) }

  /// Motion with button 1 held through each point in turn, like a hand on a mouse.
  public func drag(through points: [(x: Int, y: Int)]) throws {
    for point in points { try drag(to: point.x, point.y) }
  }

  /// Button 1 released at zero-based cell (x, y).
  public func release(x: Int, y: Int) throws { try mouse(button: 0, x: x, y: y, release: true) }

  public enum WheelDirection { case up, down }

  /// One notch of the mouse wheel at zero-based cell (x, y).
  public func wheel(_ direction: WheelDirection, x: Int, y: Int) throws {
    try mouse(button: direction == .up ? 64 : 65, x: x, y: y, release: false)
  }

  /// The SGR report `ESC [ < button ; x+1 ; y+1 M` (or `m` for a release).
  public func mouse(button: Int, x: Int, y: Int, release: Bool) throws {
    try send("\u{1B}[<\(button);\(x + 1);\(y + 1)\(release ? "m" : "M")")
  }

  /// Resizes the window (and the pane with it); the program gets SIGWINCH.
  public func resize(width: Int, height: Int) throws {
    try run(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    self.width = width
    self.height = height
  }

  // MARK: - Reading the terminal

  /// The screen now: cells with colors, the rows' text, and the pane's state, from one tmux call.
  @discardableResult
  public func screen() throws -> TerminalScreen {
    let output = try run([
      "capture-pane", "-p", "-e", "-N", "-t", target, ";", "display-message", "-p", "-t", target,
      TerminalState.format,
    ])
    var text = Substring(output)
    if text.hasSuffix("\n") { text.removeLast() }
    guard let split = text.lastIndex(of: "\n"), let state = TerminalState(formatted: text[text.index(after: split)...])
    else {
      throw TmuxError("cannot read tmux's capture: \(output.debugDescription)")
    }
    let screen = TerminalScreen(escaped: String(text[..<split]), state: state)
    lastScreen = screen
    return screen
  }

  /// The screen as tmux prints it with colors (`capture-pane -p -e -N`): SGR sequences such as
  /// `48;5;N` and `48;2;R;G;B`, whose state carries on across lines.
  public func screenWithColors() throws -> String { try screen().escaped }

  /// The rows as plain `capture-pane -p` prints them (no colors, trailing spaces removed).
  public func plainRows() throws -> [String] {
    var rows = try run(["capture-pane", "-p", "-t", target]).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    if rows.last == "" { rows.removeLast() }
    return rows
  }

  /// The rows that scrolled off the top (oldest first) and then the screen's rows, as plain text. When a
  /// program exits, tmux scrolls the screen up one row to write "Pane is dead" on the last one, so what
  /// it printed on the first row is only here.
  public func historyAndScreen() throws -> [String] {
    var rows = try run(["capture-pane", "-p", "-S", "-", "-E", "-", "-t", target])
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if rows.last == "" { rows.removeLast() }
    return rows
  }

  /// A screen for a failure message, with the rows scrolled off above it (marked `^|`) when there are.
  func describe(_ screen: TerminalScreen) -> String {
    guard let all = try? historyAndScreen(), all.count > screen.rows.count else { return "\(screen)" }
    let history = all.dropLast(screen.rows.count).suffix(200).map { " ^|" + $0 }
    let lines = "\(screen)".split(separator: "\n", omittingEmptySubsequences: false)
    return ([String(lines[0])] + history + lines.dropFirst().map(String.init)).joined(separator: "\n")
  }

  /// The cell at zero-based column x, row y.
  public func cell(_ x: Int, _ y: Int) throws -> TerminalCell? { try screen().cell(x, y) }

  /// Alternate screen, mouse modes, cursor visibility, title, and whether the program has exited.
  public func terminalState() throws -> TerminalState {
    let output = try run(["display-message", "-p", "-t", target, TerminalState.format])
    var line = Substring(output)
    if line.hasSuffix("\n") { line.removeLast() }
    guard let state = TerminalState(formatted: line) else {
      throw TmuxError("cannot read tmux's pane state: \(output.debugDescription)")
    }
    return state
  }

  // MARK: - Processes

  /// The pane's first process: the program when the pane command `exec`s it, else the shell.
  public func processID() throws -> pid_t { try terminalState().processID }

  /// The terminal's foreground process group (a job started from a shell in the pane, or the program
  /// itself), from `/proc`: its leader's pid.
  public func foregroundProcessID() throws -> pid_t {
    let pane = try processID()
    guard let group = TmuxSession.foregroundProcessGroup(of: pane), group > 0 else {
      throw TmuxError("cannot read the foreground process group of the pane's process \(pane) from /proc")
    }
    return group
  }

  /// The program: the pane's first process, or with `holdAfterExit` the shell's child running it (the
  /// first one of a pipeline).
  public func programProcessID() throws -> pid_t {
    let pane = try processID()
    guard holdsAfterExit else { return pane }
    guard let child = TmuxSession.children(of: pane).first else {
      throw TmuxError("the pane's shell (\(pane)) runs no program now")
    }
    return child
  }

  /// Sends `signal` to `process`; when nil, to the program (`programProcessID`) if the pane holds after
  /// exit, else to the terminal's foreground process (the program, or a job started from a shell).
  public func kill(_ signal: Int32 = SIGTERM, process: pid_t? = nil) throws {
    let pid = try process ?? (holdsAfterExit ? programProcessID() : foregroundProcessID())
    guard Glibc.kill(pid, signal) == 0 else {
      throw TmuxError("kill(\(pid), \(signal)) failed: errno \(errno)")
    }
  }

  // MARK: - Waiting

  /// Captures the screen every `pollInterval` until `condition` holds, and returns that screen. Fails
  /// after `timeout`, or once the program has exited without the condition holding, with a message that
  /// says what was awaited, where, and what the screen showed.
  @discardableResult
  public func waitUntil(
    _ what: @autoclosure () -> String, timeout: Duration = defaultTimeout, fileID: String = #fileID,
    line: Int = #line, _ condition: (TerminalScreen) throws -> Bool
  ) async throws -> TerminalScreen {
    let clock = ContinuousClock()
    let start = clock.now
    var deadSince: ContinuousClock.Instant?
    var unreapedSince: ContinuousClock.Instant?
    while true {
      let screen = try screen()
      if try condition(screen) { return screen }
      let now = clock.now
      if screen.state.dead || (holdsAfterExit && TmuxSession.exitStatus(shownOn: screen) != nil) {
        try reapIfMissed(screen.state, since: &unreapedSince)
        // The program is gone: once the screen is final it can no longer change, so stop waiting. (On a
        // loaded machine tmux can take seconds to reap the program and write its notice; the wait's own
        // deadline bounds that.)
        let since = deadSince ?? now
        deadSince = since
        if isFinal(screen) || now - start >= timeout {
          throw TmuxError(
            "the program exited while waiting for: \(what()) (\(fileID):\(line))\nlast \(describe(screen))")
        }
      }
      if now - start >= timeout {
        throw TmuxError(
          "timed out after \(TmuxSession.seconds(timeout)) waiting for: \(what()) (\(fileID):\(line))\n"
            + "last \(describe(screen))")
      }
      try await Task.sleep(for: TmuxSession.pollInterval)
    }
  }

  /// Waits until `text` is on the screen (on row `row` when given).
  @discardableResult
  public func waitForText(
    _ text: String, row: Int? = nil, timeout: Duration = defaultTimeout, fileID: String = #fileID, line: Int = #line
  ) async throws -> TerminalScreen {
    try await waitUntil(
      "\(text.debugDescription) on \(row.map { "row \($0)" } ?? "the screen")", timeout: timeout, fileID: fileID,
      line: line
    ) { screen in
      if let row { return screen.row(row).contains(text) }
      return screen.contains(text)
    }
  }

  /// Whether the program has exited and tmux has shown all of it: the shell's exit report when it
  /// holds the pane; else the exit status known and tmux's "Pane is dead" notice on the last row.
  func isFinal(_ screen: TerminalScreen) -> Bool {
    if holdsAfterExit { return TmuxSession.exitStatus(shownOn: screen) != nil }
    let state = screen.state
    return state.dead && (state.exitStatus != nil || state.exitSignal != nil)
      && screen.row(screen.height - 1).hasPrefix("Pane is dead")
  }

  /// tmux 3.3a now and then misses the SIGCHLD of a pane's process and leaves it a zombie (the pane
  /// dead without a status) until another child of the server exits. After 100 ms of that, a job that
  /// exits at once makes the server reap every exited child.
  private func reapIfMissed(_ state: TerminalState, since: inout ContinuousClock.Instant?) throws {
    guard state.dead && state.exitStatus == nil && state.exitSignal == nil else { return }
    let clock = ContinuousClock()
    let start = since ?? clock.now
    since = start
    if clock.now - start >= .milliseconds(100) {
      try run(["run-shell", "true"])
      since = clock.now
    }
  }

  /// Waits until the text on the screen differs from `previous`.
  @discardableResult
  public func waitForChange(
    from previous: TerminalScreen, timeout: Duration = defaultTimeout, fileID: String = #fileID, line: Int = #line
  ) async throws -> TerminalScreen {
    try await waitUntil("the screen to change", timeout: timeout, fileID: fileID, line: line) { screen in
      screen.rows != previous.rows
    }
  }

  /// Waits until the program in the pane has exited and tmux has written its notice (the screen is
  /// final then), and returns that screen; its `state` has `exitStatus`, or `exitSignal` when a signal
  /// ended the program.
  @discardableResult
  public func waitForPaneDead(
    timeout: Duration = defaultTimeout, fileID: String = #fileID, line: Int = #line
  ) async throws -> TerminalScreen {
    let clock = ContinuousClock()
    let start = clock.now
    var unreapedSince: ContinuousClock.Instant?
    while true {
      let screen = try screen()
      // tmux marks the pane dead when the terminal closes, and learns the status when it reaps the
      // process; then it scrolls the screen up and writes "Pane is dead" on the last row.
      if screen.state.dead && isFinal(screen) { return screen }
      try reapIfMissed(screen.state, since: &unreapedSince)
      if clock.now - start >= timeout {
        throw TmuxError(
          "timed out after \(TmuxSession.seconds(timeout)) waiting for the program to exit (\(fileID):\(line))\n"
            + "last \(describe(screen))")
      }
      try await Task.sleep(for: TmuxSession.pollInterval)
    }
  }

  /// Waits until the program has exited and returns its exit status (128 + N for signal N) and the
  /// screen then. With `holdAfterExit`, the screen and its `state` are exactly as the program left them
  /// (the shell has only printed `exitMarker` on it); without, they are the dead pane's.
  public func waitForExit(
    timeout: Duration = defaultTimeout, fileID: String = #fileID, line: Int = #line
  ) async throws -> (status: Int32, screen: TerminalScreen) {
    guard holdsAfterExit else {
      let screen = try await waitForPaneDead(timeout: timeout, fileID: fileID, line: line)
      return (screen.state.exitStatus ?? 128 + (screen.state.exitSignal ?? 0), screen)
    }
    let screen = try await waitUntil("the program to exit", timeout: timeout, fileID: fileID, line: line) {
      TmuxSession.exitStatus(shownOn: $0) != nil
    }
    return (TmuxSession.exitStatus(shownOn: screen) ?? -1, screen)
  }

  /// The status in the last `exitMarker` line on the screen.
  static func exitStatus(shownOn screen: TerminalScreen) -> Int32? {
    guard let row = screen.rows.last(where: { $0.hasPrefix(exitMarker) && $0.hasSuffix("]") }) else { return nil }
    return Int32(row.dropFirst(exitMarker.count).dropLast())
  }

  /// Waits until the file at `path` (relative paths are in `directory`) exists and, when `content` is
  /// given, holds exactly those bytes; returns its bytes.
  @discardableResult
  public func waitForFile(
    _ path: String, content: [UInt8]? = nil, timeout: Duration = defaultTimeout, fileID: String = #fileID,
    line: Int = #line
  ) async throws -> [UInt8] {
    let full = path.hasPrefix("/") ? path : directory.file(path)
    let clock = ContinuousClock()
    let start = clock.now
    while true {
      let data = FileManager.default.contents(atPath: full).map { Array($0) }
      if let data, content == nil || data == content { return data }
      if clock.now - start >= timeout {
        let found =
          data.map {
            "it holds \($0.count) bytes: \(String(decoding: $0.prefix(2000), as: UTF8.self).debugDescription)"
          }
          ?? "it does not exist"
        let expected = content.map { " with \($0.count) expected bytes" } ?? ""
        let screen = try? screen()
        throw TmuxError(
          "timed out after \(TmuxSession.seconds(timeout)) waiting for file \(full)\(expected) (\(fileID):\(line)); "
            + "\(found)\nlast \(screen.map(describe) ?? "screen: unreadable")")
      }
      try await Task.sleep(for: TmuxSession.pollInterval)
    }
  }

  /// Waits until the file holds exactly `content`'s UTF-8.
  @discardableResult
  public func waitForFile(
    _ path: String, content: String, timeout: Duration = defaultTimeout, fileID: String = #fileID, line: Int = #line
  ) async throws -> [UInt8] {
    try await waitForFile(path, content: Array(content.utf8), timeout: timeout, fileID: fileID, line: line)
  }

  // MARK: - Running tmux

  /// Runs one tmux client command against this session's server and returns its standard output.
  /// Output goes through files, never pipes (a pipe's write end inherited by a long-lived process
  /// would keep the read from ever ending), and the client itself has a deadline.
  @discardableResult
  func run(_ arguments: [String], timeout: Duration = .seconds(10)) throws -> String {
    commandCount += 1
    let outPath = "\(socketDirectory)/out-\(commandCount)"
    let errPath = "\(socketDirectory)/err-\(commandCount)"
    defer {
      unlink(outPath)
      unlink(errPath)
    }
    let status = try CleanSpawn.run(
      tmux, ["-S", socket] + arguments, environment: environment, stdout: outPath, stderr: errPath, timeout: timeout)
    let output = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
    guard status == .exited(0) else {
      let message = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
      throw TmuxError(
        "tmux \(arguments) failed (\(status)): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
    return output
  }

  // MARK: - Helpers

  /// `text` quoted for /bin/sh.
  public static func shellQuoted(_ text: String) -> String {
    if !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0)) }) {
      return text
    }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  static func seconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    return String(format: "%.1f s", value)
  }

  /// A new directory for the server's socket, directly under /tmp when the temporary directory's path
  /// is long (a socket path is limited to 107 bytes).
  static func makeSocketDirectory() throws -> String {
    var base = NSTemporaryDirectory()
    if base.utf8.count > 60 { base = "/tmp/" }
    var template = Array((base + "/tilegrid-tmux-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw SetupError(description: "cannot create a directory for tmux's socket: errno \(errno)")
    }
    return URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
  }

  /// Field 8 of /proc/PID/stat (tpgid): the foreground process group of the process's terminal.
  static func foregroundProcessGroup(of pid: pid_t) -> pid_t? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    // After the name: state ppid pgrp session tty_nr tpgid
    guard fields.count > 5, let group = Int32(fields[5]) else { return nil }
    return group
  }

  /// The children of `pid`, from `/proc/PID/task/PID/children`.
  static func children(of pid: pid_t) -> [pid_t] {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else {
      return []
    }
    return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// Whether `pid` is a process that has not exited (a zombie has).
  public static func isAlive(_ pid: pid_t) -> Bool {
    guard pid > 0, Glibc.kill(pid, 0) == 0 || errno == EPERM else { return false }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return true }
    return stat[stat.index(after: end)...].split(separator: " ").first != "Z"
  }
}
