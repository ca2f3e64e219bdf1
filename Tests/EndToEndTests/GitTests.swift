import Foundation
import TestSupport
import Testing
import TileModel
import TileGridJSON

/// TileGrid as git's diff and merge drivers, with real git in temporary repositories
/// (docs/version-control.md, "Git"). Git runs with a home of its own and no system config, so the
/// machine's settings do not leak in.
@Suite("git")
struct GitTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  /// The environment every git and tilegrid run gets.
  var environment: [String: String?] {
    [
      "HOME": home.path, "XDG_CONFIG_HOME": home.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": nil,
      "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
      "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_PAGER": "cat", "PAGER": "cat", "GIT_TERMINAL_PROMPT": "0",
      "GIT_DIR": nil, "GIT_WORK_TREE": nil, "GIT_INDEX_FILE": nil, "GIT_EXTERNAL_DIFF": nil, "LC_ALL": "C",
    ]
  }

  /// Runs `git arguments` in `directory`.
  @discardableResult
  func git(_ arguments: [String], in directory: TemporaryDirectory, expect status: Int32? = 0) throws -> RunResult {
    let output = try CapturedOutput()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    var merged = ProcessInfo.processInfo.environment
    for (name, value) in environment { merged[name] = value }
    process.environment = merged
    output.attach(to: process)
    try process.run()
    process.waitUntilExit()
    let result = try output.result(status: process.terminationStatus)
    if let status {
      #expect(result.status == status, "git \(arguments.joined(separator: " ")): \(result) \(result.stdoutText)")
    }
    return result
  }

  func tilegrid(_ arguments: [String], in directory: TemporaryDirectory) throws -> RunResult {
    try TileGrid.run(arguments, in: directory, environment: environment)
  }

  /// A new repository with tilegrid set up in it.
  func repository() throws -> TemporaryDirectory {
    let repo = try TemporaryDirectory()
    try git(["init", "-q", "-b", "main"], in: repo)
    let setup = try tilegrid(["git-setup"], in: repo)
    #expect(setup.status == 0, "\(setup)")
    return repo
  }

  // MARK: - Setting up

  @Test("git-setup writes the drivers into the repository's config and a .gitattributes line, once")
  func gitSetup() throws {
    let repo = try TemporaryDirectory()
    try git(["init", "-q", "-b", "main"], in: repo)
    let first = try tilegrid(["git-setup"], in: repo)
    expectSuccess(first)
    #expect(first.stdoutText.contains(".gitattributes: added '*.json diff=tilegrid merge=tilegrid'"), "\(first.stdoutText)")
    #expect(try repo.readText(".gitattributes") == "*.json diff=tilegrid merge=tilegrid\n")
    let command = try git(["config", "--get", "diff.tilegrid.command"], in: repo).stdoutText
    let driver = try git(["config", "--get", "merge.tilegrid.driver"], in: repo).stdoutText
    #expect(command.hasSuffix(" diff\n") && command.contains("tilegrid"), "\(command)")
    #expect(driver.hasSuffix(" merge %O %A %B -o %A --name %P --marker-size %L\n"), "\(driver)")
    #expect(first.stdoutText.contains("merge %O %A %B -o %A --name %P --marker-size %L"))
    // Again: nothing added twice. Another pattern: its own line.
    let again = try tilegrid(["git-setup"], in: repo)
    expectSuccess(again)
    #expect(again.stdoutText.contains(".gitattributes already has"))
    expectSuccess(try tilegrid(["git-setup", "boards/*.json"], in: repo))
    #expect(
      try repo.readText(".gitattributes")
        == "*.json diff=tilegrid merge=tilegrid\nboards/*.json diff=tilegrid merge=tilegrid\n")
  }

  @Test("git-setup outside a repository says so (69); a pattern with a space is a usage error")
  func gitSetupOutside() throws {
    let plain = try TemporaryDirectory()
    let result = try TileGrid.run(
      ["git-setup"], in: plain, environment: environment.merging(["GIT_CEILING_DIRECTORIES": plain.path]) { $1 })
    expectFailure(result, status: 69, mentioning: ["git repository"])
    expectFailure(try tilegrid(["git-setup", "a b"], in: plain), status: 64)
  }

  // MARK: - Diffs

  @Test("git diff, git log -p --ext-diff and git show --ext-diff print edit scripts, the first commit's too")
  func diffsAndLog() throws {
    let repo = try repository()
    try repo.write("board.json", Arrangement.demo.jsonBytes())
    try git(["add", "-A"], in: repo)
    try git(["commit", "-q", "-m", "a board"], in: repo)
    expectSuccess(try tilegrid(["move", "board.json", "0.0", "3.0", "-i"], in: repo))
    let diff = try git(["diff"], in: repo)
    #expect(diff.stdoutText == "# tilegrid diff a/board.json b/board.json\nmove blue to archive:0\n")
    try git(["commit", "-q", "-a", "-m", "blue archived"], in: repo)
    let log = try git(["log", "-p", "--ext-diff", "--format=commit %s"], in: repo).stdoutText
    #expect(log.hasPrefix("commit blue archived\n\n# tilegrid diff a/board.json b/board.json\nmove blue to archive:0\n"), "\(log)")
    #expect(log.contains("commit a board\n"))
    #expect(log.contains("# tilegrid diff /dev/null b/board.json\n"))
    #expect(log.contains("add-section favorites at 0 {\"id\": \"favorites\""))
    // The first commit's script rebuilds the board from nothing.
    let created = try git(["show", "--ext-diff", "--format=", "HEAD~1", "--", "board.json"], in: repo)
    try repo.write("created.txt", created.stdout)
    let rebuilt = try tilegrid(["apply", "/dev/null", "created.txt"], in: repo)
    expectSuccess(rebuilt)
    #expect(rebuilt.stdout == Arrangement.demo.jsonBytes())
    let show = try git(["show", "--ext-diff", "--format="], in: repo)
    #expect(show.stdoutText == "# tilegrid diff a/board.json b/board.json\nmove blue to archive:0\n")
    // Without --ext-diff, log and show keep git's text diff.
    #expect(try git(["show", "--format="], in: repo).stdoutText.contains("@@"))
  }

  @Test("a JSON file that is not an arrangement gets git's text diff, and git diff goes on")
  func otherJSON() throws {
    let repo = try repository()
    try repo.write("package.json", "{\"name\": \"x\"}\n")
    try repo.write("board.json", Arrangement.demo.jsonBytes())
    try git(["add", "-A"], in: repo)
    try git(["commit", "-q", "-m", "files"], in: repo)
    try repo.write("package.json", "{\"name\": \"y\"}\n")
    expectSuccess(try tilegrid(["move", "board.json", "0.0", "3.0", "-i"], in: repo))
    let diff = try git(["diff"], in: repo).stdoutText
    #expect(diff.contains("move blue to archive:0\n"), "\(diff)")
    #expect(diff.contains("# tilegrid diff a/package.json b/package.json\n"), "\(diff)")
    #expect(diff.contains("--- a/package.json\n+++ b/package.json\n"), "\(diff)")
    #expect(diff.contains("-{\"name\": \"x\"}\n+{\"name\": \"y\"}"), "\(diff)")
  }

  // MARK: - Merges

  @Test("two clones that reorder one board differently merge with git merge into the union of their changes")
  func cleanMerge() throws {
    let origin = try TemporaryDirectory()
    try git(["init", "-q", "--bare", "-b", "main"], in: origin)
    let (alice, bob) = try clonesOf(origin)
    // Alice moves blue to the end of Favorites and renames red; Bob moves cyan into the Archive.
    expectSuccess(try tilegrid(["move", "board.json", "favorites:0", "favorites:5", "-i"], in: alice))
    expectSuccess(
      try TileGrid.run(
        ["apply", "board.json", "-", "-i"], stdin: Array("set red title \"Red!\"\n".utf8), in: alice,
        environment: environment))
    try git(["commit", "-q", "-a", "-m", "alice"], in: alice)
    try git(["push", "-q", "origin", "main"], in: alice)
    expectSuccess(try tilegrid(["move", "board.json", "others:3", "archive:0", "-i"], in: bob))
    try git(["commit", "-q", "-a", "-m", "bob"], in: bob)
    let pull = try git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: bob)
    #expect(!pull.stdoutText.contains("CONFLICT"))
    var expected = Arrangement.demo
    try expected.apply([
      .move(tile: "blue", to: ScriptPlace("favorites", 5)), .set(tile: "red", .title("Red!")),
      .move(tile: "cyan", to: ScriptPlace("archive", 0)),
    ])
    #expect(try bob.readText("board.json") == expected.jsonString())
    #expect(try git(["status", "--porcelain"], in: bob).stdout.isEmpty, "the merge is committed")
  }

  @Test("a conflict: git marks the file conflicted, tilegrid says why, and the file is a valid arrangement")
  func conflictedMerge() throws {
    let origin = try TemporaryDirectory()
    try git(["init", "-q", "--bare", "-b", "main"], in: origin)
    let (alice, bob) = try clonesOf(origin)
    expectSuccess(try tilegrid(["move", "board.json", "favorites:0", "archive:0", "-i"], in: alice))
    try git(["commit", "-q", "-a", "-m", "alice"], in: alice)
    try git(["push", "-q", "origin", "main"], in: alice)
    expectSuccess(try tilegrid(["move", "board.json", "favorites:0", "others:0", "-i"], in: bob))
    try git(["commit", "-q", "-a", "-m", "bob"], in: bob)
    let pull = try git(["pull", "--no-rebase", "--no-edit", "origin", "main"], in: bob, expect: 1)
    let said = pull.stdoutText + pull.stderrText
    #expect(said.contains("CONFLICT"), "\(said)")
    #expect(said.contains(#"tilegrid: conflict: tile "blue": moved by ours to others:0, by theirs to archive:0; took ours"#), "\(said)")
    let board = try Arrangement(json: bob.read("board.json"))
    #expect(board.tiles(inSection: 1).first?.id == "blue")
    #expect(try git(["status", "--porcelain"], in: bob).stdoutText.contains("UU board.json"))
    // The file says so until resolved: `git add` cannot drop theirs's side unseen.
    #expect(board.extras.last?.key == "conflicts")
    let check = try tilegrid(["check", "board.json"], in: bob)
    #expect(check.status == 1 && check.stderrText.contains("1 unresolved merge conflict"), "\(check)")
    let move = try tilegrid(["move", "board.json", "0.0", "0.1", "-i"], in: bob)
    #expect(move.status == 65 && move.stderrText.contains("unresolved merge conflict"), "\(move)")
  }

  @Test(
    "git's own merge of a text board leaves its markers; tilegrid reads them as conflicts: check exits 1, the rest refuse",
    arguments: [
      ("board.md", "## Todo\n\n- [ ] Buy milk\n- [ ] Call Ann\n", "- [ ] Buy oat milk", "- [ ] Buy soy milk", "- [ ] Buy milk"),
      ("list.txt", "# Todo\nBuy milk\nCall Ann\n", "Buy oat milk", "Buy soy milk", "Buy milk"),
      ("board.csv", "section,title,owner\nTodo,Buy milk,ann\nTodo,Call Ann,bob\n", "Todo,Buy milk,dan", "Todo,Buy milk,carl", "Todo,Buy milk,ann"),
    ])
  func textMarkers(_ file: String, _ base: String, _ alice: String, _ bob: String, _ line: String) throws {
    let origin = try TemporaryDirectory()
    try git(["init", "-q", "--bare", "-b", "main"], in: origin)
    let a = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: a, expect: nil)
    try a.write(file, base)
    try git(["add", "-A"], in: a)
    try git(["commit", "-q", "-m", "the board"], in: a)
    try git(["push", "-q", "origin", "main"], in: a)
    let b = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: b)
    try a.write(file, base.replacingOccurrences(of: line, with: alice))
    try git(["commit", "-q", "-a", "-m", "alice"], in: a)
    try git(["push", "-q", "origin", "main"], in: a)
    try b.write(file, base.replacingOccurrences(of: line, with: bob))
    try git(["commit", "-q", "-a", "-m", "bob"], in: b)
    try git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: b, expect: 1)
    let text = try b.readText(file)
    #expect(text.contains("<<<<<<< HEAD\n\(bob)\n=======\n\(alice)\n>>>>>>> "), "\(text)")
    let markerLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("<<<<<<<") }! + 1
    let check = try tilegrid(["check", file], in: b)
    #expect(check.status == 1, "\(check)")
    #expect(check.stderrText.contains("\(file): line \(markerLine): 1 unresolved merge conflict"), "\(check)")
    #expect(check.stderrText.contains("theirs: \(alice)"), "both sides are named: \(check)")
    let export = try tilegrid(["export", file], in: b)
    #expect(export.status == 65 && export.stderrText.contains("\(file): line \(markerLine): "), "\(export)")
    #expect(try b.readText(file) == text, "nothing rewrote the file")
  }

  /// Two clones with `git-setup '*.md'` (and `attributes` added to .gitattributes): alice moves Buy milk
  /// into Done, bob into Later, and bob pulls — the driver's conflict. Returns bob's clone.
  func bothMoveBuyMilk(attributes: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws
    -> TemporaryDirectory
  {
    let origin = try TemporaryDirectory()
    try git(["init", "-q", "--bare", "-b", "main"], in: origin)
    let a = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: a, expect: nil)
    expectSuccess(try tilegrid(["git-setup", "*.md"], in: a))
    try a.write("board.md", "## Todo\n\n- [ ] Buy milk\n- [ ] Call Ann\n\n## Done\n\n- [x] Pay rent\n\n## Later\n")
    if !attributes.isEmpty { try a.write(".gitattributes", try a.readText(".gitattributes") + attributes) }
    try git(["add", "-A"], in: a)
    try git(["commit", "-q", "-m", "the board"], in: a)
    try git(["push", "-q", "origin", "main"], in: a)
    let b = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: b)
    expectSuccess(try tilegrid(["git-setup", "*.md"], in: b))
    expectSuccess(try tilegrid(["move", "board.md", "todo:0", "done:1", "-i"], in: a))
    try git(["commit", "-q", "-a", "-m", "alice"], in: a)
    try git(["push", "-q", "origin", "main"], in: a)
    expectSuccess(try tilegrid(["move", "board.md", "todo:0", "later:0", "-i"], in: b))
    try git(["commit", "-q", "-a", "-m", "bob"], in: b)
    let pull = try git(["pull", "--no-rebase", "--no-edit", "origin", "main"], in: b, expect: 1)
    #expect(
      (pull.stdoutText + pull.stderrText).contains("conflict: Buy milk: ours moved it to Later, theirs to Done"), "\(pull)",
      sourceLocation: sourceLocation)
    return b
  }

  @Test("through the driver (git-setup '*.md'), a Markdown board both sides moved a card in gets tilegrid's markers")
  func markdownThroughTheDriver() throws {
    let b = try bothMoveBuyMilk()
    let text = try b.readText("board.md")
    // Both sides are in the file between git's markers, in one block from one place of the card to
    // the other: the card once on each side, the conflict in words on the `<<<<<<<` line.
    #expect(text.contains("<<<<<<< ours: Buy milk: ") && text.contains("=======\n") && text.contains(">>>>>>> theirs\n"), "\(text)")
    #expect(text.components(separatedBy: "<<<<<<< ").count == 2, "one block: \(text)")
    #expect(text.components(separatedBy: "- [ ] Buy milk").count == 3, "the card once on each side: \(text)")
    let check = try tilegrid(["check", "board.md"], in: b)
    #expect(check.status == 1 && check.stderrText.contains("1 unresolved merge conflict"), "\(check)")
  }

  @Test("the driver's markers are as wide as the conflict-marker-size attribute says (git's %L)")
  func markerSizeThroughTheDriver() throws {
    let b = try bothMoveBuyMilk(attributes: "*.md conflict-marker-size=10\n")
    let text = try b.readText("board.md")
    let lines = text.components(separatedBy: "\n")
    let wide = ["<<<<<<<<<< ours: ", "==========", ">>>>>>>>>> theirs"]
    let counts = wide.map { marker in lines.filter { $0 == marker || ($0.hasSuffix(" ") == false && marker.hasSuffix(" ") && $0.hasPrefix(marker)) }.count }
    #expect(counts[0] >= 1 && counts.allSatisfy { $0 == counts[0] }, "as many of each wide marker: \(text)")
    #expect(!lines.contains { ["<<<<<<<", "=======", ">>>>>>>"].contains($0.prefix(8).trimmingCharacters(in: .whitespaces)) }, "no seven-wide marker: \(text)")
    // The wide markers read back as the conflict they are.
    let check = try tilegrid(["check", "board.md"], in: b)
    #expect(check.status == 1 && check.stderrText.contains("1 unresolved merge conflict"), "\(check)")
  }

  /// Two clones of `origin`, set up, the first having pushed the demo board.
  func clonesOf(_ origin: TemporaryDirectory) throws -> (TemporaryDirectory, TemporaryDirectory) {
    let first = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: first, expect: nil)
    expectSuccess(try tilegrid(["git-setup"], in: first))
    try first.write("board.json", Arrangement.demo.jsonBytes())
    try git(["add", "-A"], in: first)
    try git(["commit", "-q", "-m", "the board"], in: first)
    try git(["push", "-q", "origin", "main"], in: first)
    let second = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: second)
    expectSuccess(try tilegrid(["git-setup"], in: second))
    return (first, second)
  }
}
