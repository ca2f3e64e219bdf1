import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The open board follows its file, in a real terminal (tmux): another process changes the file in
/// each way that happens, and the screen shows the new board with no key pressed — the board
/// `tilegrid render` draws for the file — while the session's unsaved changes are kept.
@Suite("Following the file on disk (tmux)")
struct FollowTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// The board rows `tilegrid render` draws for `file` in color, as the terminal shows them (the rows
  /// between the title bar and the status line, their characters).
  func rendered(_ file: String, width: Int = 80, height: Int = 24) throws -> [String] {
    let ansi = try tilegrid(
      ["render", file, "--width", "\(width)", "--height", "\(height)", "--color", "always"], in: directory)
    let text = ansi.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    return Array(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropFirst().prefix(height - 2))
  }

  /// Waits until the editor's board rows are what `render` draws for the file now.
  @discardableResult
  func waitForBoard(
    of file: String, on tmux: TmuxSession, _ what: String, fileID: String = #fileID, line: Int = #line
  ) async throws -> TerminalScreen {
    let expected = try rendered(file)
    return try await tmux.waitUntil("the board \(what), as render draws it", fileID: fileID, line: line) {
      $0.contentRows.map { $0.trimmingTrailingSpaces } == expected.map { $0.trimmingTrailingSpaces }
    }
  }

  /// Runs a shell command in the directory; fails the test setup when it fails.
  @discardableResult
  func sh(_ command: String, in path: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = URL(fileURLWithPath: path ?? directory.file("."))
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["TILEGRID": try TileGrid.binary(), "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
       "GIT_COMMITTER_EMAIL": "t@t", "HOME": directory.file(".")]) { _, new in new }
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: output, as: UTF8.self)
    guard process.terminationStatus == 0 else { throw SetupError(description: "\(command) failed: \(text)") }
    return text
  }

  @Test("tilegrid move -i from another process: the board moves in place, saved, and the status says what came in")
  func moveInPlaceByAnotherProcess() async throws {
    try writeDemo(in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    try tilegrid(["move", "demo.json", "1.0", "3.0", "-i"], in: directory)
    let screen = try await waitForBoard(of: "demo.json", on: tmux, "with brown in the Archive")
    #expect(screen.statusLine.contains("demo.json changed on disk: brown moved to Archive"), "\(screen)")
    #expect(!screen.titleBar.contains("unsaved"), "\(screen.titleBar)")
    // u brings back the version before, unsaved.
    try tmux.send("u")
    try await tmux.waitUntil("brown back in Others, unsaved") {
      $0.titleBar.contains("unsaved") && $0.headerRow("Archive 0") != nil
    }
    try tmux.send("U")
    try await tmux.waitUntil("saved again") { !$0.titleBar.contains("unsaved") }
    try await tmux.quitCleanly()
  }

  @Test("unsaved changes are kept: the disk's change is merged in, and s writes both")
  func unsavedChangesAreKept() async throws {
    try writeDemo(in: directory)
    try writeDemo("original.json", in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    try await tmux.moveBlueRightWithKeys()
    try tilegrid(["move", "demo.json", "1.0", "3.0", "-i"], in: directory)
    let screen = try await tmux.waitForStatus("READY", "demo.json changed on disk: brown moved to Archive")
    #expect(screen.titleBar.contains("unsaved"), "the session's change is still unsaved: \(screen.titleBar)")
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    let both = try tilegrid(["move", "original.json", "0.0", "0.1"], in: directory)
    try directory.write("both.json", both)
    let expected = try tilegrid(["move", "both.json", "1.0", "3.0"], in: directory)
    #expect(try directory.readText("demo.json") == expected)
  }

  @Test("sed -i on a Markdown board, a write by rename, a truncate then a write: each one shows, no key pressed")
  func writesOfEveryKind() async throws {
    try directory.write("board.md", "## To Do\n\n- [ ] Buy milk\n- [ ] Call Ann\n\n## Done\n\n- [x] Pay rent\n")
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    try sh("sed -i 's/Call Ann/Call Bob/' board.md")
    try await waitForBoard(of: "board.md", on: tmux, "after sed -i")
    // A write by rename, as git, sync clients and editors write.
    try directory.write("new.md", "## To Do\n\n- [ ] Buy milk\n\n## Done\n\n- [x] Pay rent\n- [ ] Call Bob\n")
    try sh("mv new.md board.md")
    try await waitForBoard(of: "board.md", on: tmux, "after a write by rename")
    let renamed = try tmux.screen()
    #expect(renamed.statusLine.contains("board.md changed on disk: Call Bob moved to Done"), "\(renamed.statusLine)")
    // Truncated, then written (as `>` in a shell does, in two steps).
    let fd = open(directory.file("board.md"), O_WRONLY | O_TRUNC)
    #expect(fd >= 0)
    let text = Array("## To Do\n\n- [ ] Buy milk\n- [ ] Water plants\n\n## Done\n\n- [x] Pay rent\n- [ ] Call Bob\n".utf8)
    #expect(write(fd, text, text.count) == text.count)
    close(fd)
    let screen = try await waitForBoard(of: "board.md", on: tmux, "after a truncate and a write")
    #expect(!screen.titleBar.contains("unsaved"), "\(screen.titleBar)")
    try await tmux.quitCleanly()
  }

  @Test("a deleted file: said, the board stays, and s writes it again")
  func deletedFile() async throws {
    let text = try writeDemo(in: directory)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    let before = try tmux.screen().contentRows
    try FileManager.default.removeItem(atPath: directory.file("demo.json"))
    let screen = try await tmux.waitForStatus("READY", "demo.json was deleted on disk; the board stays")
    #expect(screen.contentRows == before)
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    #expect(try directory.readText("demo.json") == text)
    try await tmux.quitCleanly()
  }

  @Test("git pull with two clones: the other clone's change comes into the open board; unsaved changes stay")
  func gitPullBetweenTwoClones() async throws {
    try sh(
      """
      git init -q --bare origin.git && git clone -q origin.git a 2>/dev/null && cd a && "$TILEGRID" demo > demo.json \
      && git add demo.json && git commit -qm demo && git push -q origin HEAD 2>/dev/null && cd .. \
      && git clone -q origin.git b
      """)
    let tmux = try await TmuxSession.editor(["a/demo.json"], in: directory)
    defer { tmux.close() }
    try await tmux.moveBlueRightWithKeys()
    try sh(#""$TILEGRID" move demo.json 1.0 3.0 -i && git commit -qam brown && git push -q origin HEAD 2>/dev/null"#, in: directory.file("b"))
    try sh("git pull -q --ff-only", in: directory.file("a"))
    let screen = try await tmux.waitForStatus("READY", "demo.json changed on disk: brown moved to Archive")
    #expect(screen.titleBar.contains("unsaved"), "\(screen.titleBar)")
    #expect(screen.contentRows.joined(separator: "\n").contains("brown"))
    try tmux.send("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    let saved = try directory.readText("a/demo.json")
    try directory.write("pulled.json", try directory.readText("b/demo.json"))
    #expect(saved == (try tilegrid(["move", "pulled.json", "0.0", "0.1"], in: directory)))
  }

  @Test("git checkout of another version and back: each version comes into the open board, as render draws it")
  func gitCheckoutOfAnotherVersion() async throws {
    try sh(
      """
      git init -q && "$TILEGRID" demo > demo.json && git add demo.json && git commit -qm demo \
      && "$TILEGRID" move demo.json 1.0 3.0 -i && git commit -qam brown
      """)
    let tmux = try await TmuxSession.editor(["demo.json"], in: directory)
    defer { tmux.close() }
    try await tmux.waitForStatus("READY")
    try sh("git checkout -q HEAD~1")
    let older = try await waitForBoard(of: "demo.json", on: tmux, "of the first commit, brown in Others")
    #expect(older.headerRow("Archive 0") != nil && !older.titleBar.contains("unsaved"), "\(older)")
    try await tmux.waitForStatus("READY", "demo.json changed on disk")
    try sh("git checkout -q -")
    let newer = try await waitForBoard(of: "demo.json", on: tmux, "of the second commit, brown in the Archive")
    #expect(newer.headerRow("Archive 1") != nil && !newer.titleBar.contains("unsaved"), "\(newer)")
    try await tmux.quitCleanly()
  }

  // MARK: - Two editors on one file

  /// The tile and section counts the title bar shows (` 18 tiles · 4 sections`, a board's ` 5 cards · 2 lanes`).
  static let countsPattern = #"\d+ (tile|card)s? · \d+ (section|lane)s?"#

  static func counts(_ screen: TerminalScreen) -> String? {
    guard let range = screen.titleBar.range(of: Self.countsPattern, options: .regularExpression) else {
      return nil
    }
    return String(screen.titleBar[range])
  }

  /// The counts `tilegrid render` shows for the file now.
  func fileCounts(_ file: String) throws -> String? {
    let text = try tilegrid(["render", file, "--width", "80", "--height", "24", "--color", "never"], in: directory)
    let title = String(text.split(separator: "\n").first ?? "")
    return title.range(of: Self.countsPattern, options: .regularExpression).map { String(title[$0]) }
  }

  /// Waits until both editors rest on the file's board: neither title bar says `unsaved` or `saving…`
  /// (`saved`, or `merged N from disk` for a board that took the file's version), both show the file's
  /// counts, the file is the same twice in a row, and `also` holds.
  func waitForRest(
    _ a: TmuxSession, _ b: TmuxSession, on file: String, also: (TerminalScreen, TerminalScreen) -> Bool = { _, _ in true }
  ) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(60)
    var last: [UInt8]?
    while true {
      let (sa, sb) = (try a.screen(), try b.screen())
      let counts = try fileCounts(file)
      let bytes = try directory.read(file)
      func resting(_ s: TerminalScreen) -> Bool {
        !s.titleBar.contains("unsaved") && !s.titleBar.contains("saving") && Self.counts(s) == counts
          && s.rows.suffix(2).contains { $0.hasPrefix(" READY ") }  // a long status takes two rows
      }
      if resting(sa) && resting(sb) && also(sa, sb) && bytes == last { return }
      last = bytes
      if clock.now > deadline {
        throw TmuxError("the two editors did not come to rest on the file:\n\(sa)\n\(sb)")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  @Test("two editors with --autosave on one file converge: the file has both changes, both screens show it")
  func twoEditorsConverge() async throws {
    try writeDemo(in: directory)
    let a = try await TmuxSession.editor(["demo.json", "--autosave"], in: directory)
    defer { a.close() }
    let b = try await TmuxSession.editor(["demo.json", "--autosave"], in: directory)
    defer { b.close() }
    let first = try a.screen().titleBar
    #expect(first.contains("demo.json saved"), "\(first)")
    try await a.moveBlueRightWithKeys()
    // B renames blue, the tile A moved.
    try b.send("r")
    try await b.waitUntil("the rename prompt") { $0.badge != "READY" }
    try b.send(bytes: [0x15] + Array("Blue!\r".utf8))
    try await b.waitUntil("renamed") { $0.contentRows.joined().contains("Blue!") }
    try await waitForRest(a, b, on: "demo.json") {
      $0.contentRows.joined().contains("Blue!") && $1.contentRows.joined().contains("Blue!")
    }
    let titles = try tileTitles("demo.json", in: directory)
    #expect(titles["blue"] == "Blue!")
    let file = try directory.readText("demo.json")
    #expect(file.range(of: #""id": "red"[\s\S]*"id": "blue""#, options: .regularExpression) != nil, "blue after red")
    let (sa, sb) = (try a.screen(), try b.screen())
    #expect(sa.contentRows.joined().contains("Blue!") && sb.contentRows.joined().contains("Blue!"), "\(sa)\n\(sb)\n\(file)")
    try await a.quitCleanly()
    try await b.quitCleanly()
  }

  @Test("soak: two editors with --autosave, random moves, renames, adds and check-offs, and a third writer; at rest one board")
  func soak() async throws {
    let operations = Int(ProcessInfo.processInfo.environment["TILEGRID_SOAK_OPS"] ?? "") ?? 60
    var board = "## To Do\n\n"
    for k in 1...12 { board += "- [ ] card \(k)\n" }
    board += "\n## Doing\n\n- [ ] card 13\n\n## Done\n\n- [x] card 14\n"
    try directory.write("board.md", board)
    let a = try await TmuxSession.editor(["board.md", "--autosave"], in: directory)
    defer { a.close() }
    let b = try await TmuxSession.editor(["board.md", "--autosave"], in: directory)
    defer { b.close() }
    var generator = SystemRandomNumberGenerator()
    let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
    var random = SplitMix(seed)
    var names: [String] = []
    for k in 0..<operations {
      let editor = random.next() % 2 == 0 ? a : b
      let who = editor === a ? "a" : "b"
      let arrows = ["Left", "Right", "Up", "Down"]
      switch random.next() % 6 {
      case 0, 1:
        // Lift, carry one step, drop.
        try editor.sendKey("Space")
        try editor.sendKey(arrows[Int(random.next() % 4)])
        try editor.sendKey("Space")
      case 2:
        try editor.sendKey(arrows[Int(random.next() % 4)])
      case 3:
        let name = "r\(who)\(k)"
        names.append(name)
        try editor.send("r")
        try editor.send(bytes: [0x15] + Array("\(name)\r".utf8))
      case 4:
        let name = "n\(who)\(k)"
        names.append(name)
        try editor.send("a")
        try editor.send(name + "\r")
      default:
        try editor.send("X")
      }
      // A third writer, now and then.
      if k % 20 == 10 {
        try sh("sed -i 's/^- \\[ \\] card 1$/- [ ] card one/' board.md")
      }
    }
    // Whatever is still lifted is put back.
    for editor in [a, b] where try editor.screen().badge != "READY" { try editor.sendKey("Escape") }
    try await waitForRest(a, b, on: "board.md")
    let check = try TileGrid.run(["check", "board.md"], in: directory)
    #expect(check.status == 0, "seed \(seed): \(check)")
    let text = try directory.readText("board.md")
    let titles = text.split(separator: "\n").filter { $0.hasPrefix("- [") }.map { String($0.dropFirst(6)) }
    #expect(Set(titles).count == titles.count, "seed \(seed): no card doubled: \(titles)")
    #expect(titles.count >= 14, "seed \(seed): no card lost: \(titles)")
    for name in names { #expect(titles.filter { $0 == name }.count <= 1, "seed \(seed): \(name)") }
    try await a.quitCleanly()
    try await b.quitCleanly()
  }
}

/// A small seeded generator, so that a failing soak names its seed.
struct SplitMix {
  var state: UInt64
  init(_ seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: Substring {
    var s = Substring(self)
    while s.last == " " { s.removeLast() }
    return s
  }
}
