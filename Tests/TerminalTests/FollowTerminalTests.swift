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
}

extension String {
  fileprivate var trimmingTrailingSpaces: Substring {
    var s = Substring(self)
    while s.last == " " { s.removeLast() }
    return s
  }
}
