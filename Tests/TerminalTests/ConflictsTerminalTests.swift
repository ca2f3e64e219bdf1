import Foundation
import TestSupport
import Testing
import TileGridJSON
import TileModel

/// A conflicted file resolved in the editor's Conflicts panel, in a real terminal (tmux): a JSON
/// record and a Markdown board's markers from `tilegrid merge`, and `git mergetool --tool=tilegrid`
/// on a real merge of two clones.
@Suite("Conflicts in the editor (tmux)")
struct ConflictsTerminalTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// A run that succeeded with nothing on standard error.
  func expectSuccess(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == 0 && result.stderrText.isEmpty, "\(result)", sourceLocation: sourceLocation)
  }

  /// Writes base, ours and theirs and merges them into `name`, expecting conflicts.
  func conflicted(_ name: String, ext: String, base: String, ours: String, theirs: String) throws {
    for (file, text) in [("base", base), ("ours", ours), ("theirs", theirs)] { try directory.write("\(file).\(ext)", text) }
    let run = try TileGrid.run(["merge", "base.\(ext)", "ours.\(ext)", "theirs.\(ext)", "-o", name], in: directory)
    guard run.status == 1 else { throw SetupError(description: "the merge did not conflict: \(run)") }
  }

  /// board.json: the demo merged with two conflicts, blue moved to Others by ours and to the Archive
  /// by theirs, red renamed `Red!` by ours and `Rot` by theirs.
  func conflictedDemo() throws {
    var ours = Arrangement.demo
    try ours.apply([.move(tile: "blue", to: ScriptPlace("others", 0)), .set(tile: "red", .title("Red!"))])
    var theirs = Arrangement.demo
    try theirs.apply([.move(tile: "blue", to: ScriptPlace("archive", 0)), .set(tile: "red", .title("Rot"))])
    try conflicted(
      "board.json", ext: "json", base: Arrangement.demo.jsonString(), ours: ours.jsonString(), theirs: theirs.jsonString())
  }

  @Test("JSON: t takes theirs, u brings the conflict back, b keeps both cards; s then writes the plain file")
  func json() async throws {
    try conflictedDemo()
    let tmux = try await TmuxSession.editor(["board.json"], in: directory)
    defer { tmux.close() }
    try await tmux.waitForText("Conflicts: 2 merge conflicts, ours in place")
    try await tmux.waitForText(#"▸ tile "blue": moved by ours"#)
    try tmux.sendKey("t")
    try await tmux.waitForStatus("READY", "Took theirs: 1 conflict left")
    try await tmux.waitForText("Conflicts: 1 merge conflict, ours in place")
    try tmux.sendKey("u")
    try await tmux.waitForText("Conflicts: 2 merge conflicts, ours in place")
    try tmux.sendKey("t")
    try await tmux.waitForStatus("READY", "Took theirs: 1 conflict left")
    try tmux.sendKey("b")
    try await tmux.waitForStatus("READY", "Kept both: no conflicts left; s saves the file without markers")
    try tmux.sendKey("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    let board = try Arrangement(json: directory.read("board.json"))
    #expect(board.extras.allSatisfy { $0.key != "conflicts" }, "no record is left")
    #expect(board.path(ofTileID: "blue") == ItemPath(3, 0), "theirs: blue in the Archive")
    #expect(board[board.path(ofTileID: "red")!].title == "Red!", "ours's red stays")
    #expect(board[board.path(ofTileID: "red-2")!].title == "Rot", "and theirs's is a second card")
    expectSuccess(try TileGrid.run(["check", "board.json"], in: directory))
  }

  @Test("SIGTERM while conflicts are left: the recovery file records them, and r restores them into the panel")
  func recoveryKeepsTheConflicts() async throws {
    try conflictedDemo()
    let merged = try directory.read("board.json")
    do {
      let tmux = try await TmuxSession.editor(["board.json"], in: directory)
      defer { tmux.close() }
      try await tmux.waitForText("Conflicts: 2 merge conflicts, ours in place")
      try tmux.sendKey("t")
      try await tmux.waitForStatus("READY", "Took theirs: 1 conflict left")
      try tmux.kill(SIGTERM, process: tmux.programProcessID())
      let (status, _) = try await tmux.waitForExit()
      #expect(status == 143)
    }
    #expect(try directory.read("board.json") == merged, "the file itself is untouched")
    let recovery = try Arrangement(json: directory.read("board.json.recovery.json"))
    let record = recovery.extras.first { $0.key == "conflicts" }?.value
    guard case .array(let left)? = record else { throw SetupError(description: "no conflicts record: \(recovery.extras)") }
    #expect(left.count == 1, "the conflict left is recorded: \(left)")
    // Opened again, the question about the recovery file comes first, before the file's own panel.
    let tmux = try TmuxSession(
      [try TileGrid.binary(), "board.json"], width: 80, height: 24, in: directory, holdAfterExit: true)
    defer { tmux.close() }
    try await tmux.waitForText("board.json.recovery.json holds unsaved changes: r restore")
    try tmux.send("r")
    try await tmux.waitForText("Conflicts: 1 merge conflict, ours in place")
    try tmux.sendKey("t")
    try await tmux.waitForStatus("READY", "no conflicts left")
    try tmux.sendKey("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    let board = try Arrangement(json: directory.read("board.json"))
    #expect(board.extras.allSatisfy { $0.key != "conflicts" }, "resolved and saved: no record is left")
    #expect(board.path(ofTileID: "blue") == ItemPath(3, 0), "theirs' blue, taken before the kill, in the Archive")
    #expect(board[board.path(ofTileID: "red")!].title == "Rot", "and theirs' red, taken after the restore")
    #expect(!directory.exists("board.json.recovery.json"), "restored and saved, it has done its work")
  }

  @Test("Markdown: one key resolves a card moved two ways (one block, in words); saving writes the board without markers")
  func markdown() async throws {
    try conflicted(
      "board.md", ext: "md", base: "## Todo\n\n- [ ] Buy milk\n- [ ] Call Ann\n- [ ] Walk the dog\n\n## Done\n\n- [x] Pay rent\n",
      ours: "## Todo\n\n- [ ] Call Ann\n- [ ] Walk the dog\n\n## Done\n\n- [x] Pay rent\n- [ ] Buy milk\n",
      theirs: "## Todo\n\n- [ ] Call Ann\n- [ ] Walk the dog\n- [ ] Buy milk\n\n## Done\n\n- [x] Pay rent\n")
    let tmux = try await TmuxSession.editor(["board.md"], in: directory)
    defer { tmux.close() }
    try await tmux.waitForText("Conflicts: 1 merge conflict, ours in place")
    try await tmux.waitForText("Buy milk: ours moved it to Done, theirs after")
    // Closing the panel leaves the conflict; saving now writes its markers again; C reopens it.
    try tmux.sendKey("Escape")
    try await tmux.waitForStatus("READY", "1 merge conflict left")
    try tmux.sendKey("C")
    try await tmux.waitForText("Conflicts: 1 merge conflict, ours in place")
    try tmux.sendKey("t")
    try await tmux.waitForStatus("READY", "Took theirs: no conflicts left")
    try tmux.sendKey("s")
    try await tmux.waitForFile("board.md", content: "## Todo\n\n- [ ] Call Ann\n- [ ] Walk the dog\n- [ ] Buy milk\n\n## Done\n\n- [x] Pay rent\n")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
  }

  @Test("saving with conflicts left writes them into the file again, never drops theirs's side")
  func saveWithConflictsLeft() async throws {
    try conflicted(
      "list.txt", ext: "txt", base: "# Todo\nmilk\nbread\n# Done\n# Later\n", ours: "# Todo\nbread\n# Done\nmilk\n# Later\n",
      theirs: "# Todo\nbread\n# Done\n# Later\nmilk\n")
    let tmux = try await TmuxSession.editor(["list.txt"], in: directory)
    defer { tmux.close() }
    try await tmux.waitForText("Conflicts: 1 merge conflict")
    try tmux.sendKey("Escape")
    try await tmux.waitForStatus("READY", "1 merge conflict left")
    // A change of one's own (bread into Done), then s.
    try tmux.sendKey("Space")
    try await tmux.waitForStatus("LIFTED")
    try tmux.sendKey("Down")
    try await tmux.waitForStatus("LIFTED", "Done 1 of 2")
    try tmux.sendKey("Enter")
    try await tmux.waitForStatus("READY", "Dropped bread — Done 1 of 2")
    try tmux.sendKey("s")
    try await tmux.waitForStatus("READY", "Saved")
    try await tmux.quitCleanly()
    let after = try directory.readText("list.txt")
    #expect(
      after
        == "# Todo\n# Done\nbread\n<<<<<<< ours: milk: ours moved it to Done, theirs to Later\nmilk\n# Later\n=======\n# Later\nmilk\n>>>>>>> theirs\n",
      "the person's move, and the conflict as it was")
    let check = try TileGrid.run(["check", "list.txt"], in: directory)
    #expect(check.status == 1, "\(check)")
  }

  // MARK: - git mergetool

  var gitEnvironment: [String: String] {
    [
      "HOME": directory.path, "XDG_CONFIG_HOME": directory.path, "GIT_CONFIG_NOSYSTEM": "1",
      "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
      "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_PAGER": "cat", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C.UTF-8",
    ]
  }

  /// Runs git in `repo` with the test's own home and no system config; returns its status and output.
  @discardableResult
  func git(
    _ arguments: [String], in repo: TemporaryDirectory, expect status: Int32? = 0
  ) throws -> (status: Int32, stdoutText: String) {
    let out = try TemporaryDirectory()
    let capture = out.url("out")
    try Data().write(to: capture)
    let handle = try FileHandle(forWritingTo: capture)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: repo.path)
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in gitEnvironment { environment[name] = value }
    for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_CONFIG_GLOBAL"] { environment[name] = nil }
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: try Data(contentsOf: capture), as: UTF8.self)
    if let status { #expect(process.terminationStatus == status, "git \(arguments.joined(separator: " ")): \(text)") }
    return (process.terminationStatus, text)
  }

  @Test("git mergetool --tool=tilegrid opens the editor on the merge; resolved and saved, git takes the file")
  func mergetool() async throws {
    let origin = try TemporaryDirectory()
    try git(["init", "-q", "--bare", "-b", "main"], in: origin)
    let alice = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: alice, expect: nil)
    expectSuccess(try TileGrid.run(["git-setup"], in: alice, environment: gitEnvironment.mapValues { $0 }))
    try alice.write("board.json", Arrangement.demo.jsonBytes())
    try git(["add", "-A"], in: alice)
    try git(["commit", "-q", "-m", "the board"], in: alice)
    try git(["push", "-q", "origin", "main"], in: alice)
    let bob = directory
    try git(["clone", "-q", origin.path, "."], in: bob)
    expectSuccess(try TileGrid.run(["git-setup"], in: bob, environment: gitEnvironment.mapValues { $0 }))
    expectSuccess(try TileGrid.run(["move", "board.json", "favorites:0", "archive:0", "-i"], in: alice))
    try git(["commit", "-q", "-a", "-m", "alice"], in: alice)
    try git(["push", "-q", "origin", "main"], in: alice)
    expectSuccess(try TileGrid.run(["move", "board.json", "favorites:0", "others:0", "-i"], in: bob))
    try git(["commit", "-q", "-a", "-m", "bob"], in: bob)
    try git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: bob, expect: 1)
    let cmd = try git(["config", "--get", "mergetool.tilegrid.cmd"], in: bob).stdoutText
    #expect(cmd.hasSuffix(#" mergetool "$BASE" "$LOCAL" "$REMOTE" "$MERGED""# + "\n"), "\(cmd)")
    #expect(try git(["config", "--get", "mergetool.tilegrid.trustExitCode"], in: bob).stdoutText == "true\n")

    let tmux = try TmuxSession(
      shell: "git mergetool -y --tool=tilegrid board.json", in: bob, environment: gitEnvironment, holdAfterExit: true)
    defer { tmux.close() }
    try await tmux.waitForText("Conflicts: 1 merge conflict, ours in place")
    try tmux.sendKey("t")
    try await tmux.waitForStatus("READY", "Took theirs: no conflicts left")
    try tmux.sendKey("s")
    try await tmux.waitForStatus("READY", "Saved")
    try tmux.sendKey("q")
    let (status, screen) = try await tmux.waitForExit()
    #expect(status == 0, "\(screen)")
    let board = try Arrangement(json: bob.read("board.json"))
    #expect(board.path(ofTileID: "blue") == ItemPath(3, 0), "theirs's place: the Archive")
    #expect(board.extras.allSatisfy { $0.key != "conflicts" })
    let porcelain = try git(["status", "--porcelain"], in: bob).stdoutText
    #expect(porcelain.contains("M  board.json"), "git took it as resolved: \(porcelain)")
  }
}
