import Foundation
import TestSupport
import Testing
import TileModel

/// Text boards under git (docs/version-control.md, "Git"): the merge driver gets git's temporary
/// files, whose names have no extension, and the path in the repository as `%P`; the board is merged
/// as a board and written back as one.
extension GitTests {
  /// Two clones of a new bare repository, the first having pushed `file` with `content`, both set up
  /// with `git-setup PATTERN`.
  func clones(
    pattern: String, file: String, content: [UInt8]
  ) throws -> (origin: TemporaryDirectory, TemporaryDirectory, TemporaryDirectory) {
    let origin = try TemporaryDirectory()
    try git(["init", "-q", "--bare", "-b", "main"], in: origin)
    let first = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: first, expect: nil)
    expectSuccess(try tilegrid(["git-setup", pattern], in: first))
    try first.write(file, content)
    try git(["add", "-A"], in: first)
    try git(["commit", "-q", "-m", "the board"], in: first)
    try git(["push", "-q", "origin", "main"], in: first)
    let second = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: second)
    expectSuccess(try tilegrid(["git-setup", pattern], in: second))
    return (origin, first, second)
  }

  static let boardsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Boards")

  /// Two clones of a board from Tests/Boards, set up with `git-setup PATTERN`: Alice runs `alice` on
  /// it, commits and pushes; Bob runs `bob`, commits and pulls, and git says nothing of a conflict.
  /// Returns the board's content and both clones.
  func bothChange(
    _ file: String, _ pattern: String, alice: [String], bob: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (content: [UInt8], origin: TemporaryDirectory, alice: TemporaryDirectory, bob: TemporaryDirectory) {
    let content = Array(try Data(contentsOf: Self.boardsDirectory.appendingPathComponent(file)))
    let (origin, a, b) = try clones(pattern: pattern, file: file, content: content)
    expectSuccess(try tilegrid(alice, in: a))
    try git(["commit", "-q", "-a", "-m", "alice"], in: a)
    try git(["push", "-q", "origin", "main"], in: a)
    expectSuccess(try tilegrid(bob, in: b))
    try git(["commit", "-q", "-a", "-m", "bob"], in: b)
    let pull = try git(["pull", "--no-rebase", "--no-edit", "origin", "main"], in: b)
    let said = pull.stdoutText + pull.stderrText
    #expect(!said.contains("CONFLICT") && !said.contains("tilegrid:"), "\(said)", sourceLocation: sourceLocation)
    return (content, origin, a, b)
  }

  @Test(
    "git merge of two branches that moved different cards of a text board is clean: the board with both moves",
    arguments: [("taskell.md", "*.md", 3), ("obsidian.md", "*.md", 4), ("groceries.txt", "*.txt", 3), ("board.csv", "*.csv", 3)])
  func textBoardMerge(_ file: String, _ pattern: String, _ sections: Int) throws {
    // Alice moves the first card of the first lane into the second; Bob moves the last lane first.
    let (content, origin, _, bob) = try bothChange(
      file, pattern, alice: ["move", file, "0.0", "1.0", "-i"], bob: ["move-section", file, "\(sections - 1)", "0", "-i"])
    defer { withExtendedLifetime(origin) {} }
    // Both moves, in the board's own format: the same as making them one after the other.
    let base = try TemporaryDirectory()
    try base.write(file, content)
    expectSuccess(try TileGrid.run(["move", file, "0.0", "1.0", "-i"], in: base))
    expectSuccess(try TileGrid.run(["move-section", file, "\(sections - 1)", "0", "-i"], in: base))
    #expect(try bob.readText(file) == base.readText(file))
    #expect(try git(["status", "--porcelain"], in: bob).stdout.isEmpty, "the merge is committed")
  }

  @Test(
    "git merge: one moves a lane's first card into the next lane, the other its second card to the top: clean, each card once",
    arguments: [("taskell.md", "*.md"), ("obsidian.md", "*.md"), ("groceries.txt", "*.txt"), ("board.csv", "*.csv")])
  func swapBesideAMove(_ file: String, _ pattern: String) throws {
    // Bob's move swaps the lane's first two cards: as short read as the first card moving, it is read
    // as the second (the one Alice did not touch), so it joins Alice's move (git's own line merge
    // keeps her card twice, once in each lane).
    let (_, origin, alice, bob) = try bothChange(
      file, pattern, alice: ["move", file, "0.0", "1.0", "-i"], bob: ["move", file, "0.1", "0.0", "-i"])
    defer { withExtendedLifetime(origin) {} }
    // Bob's second card is first once Alice's first card has left: the board is Alice's.
    #expect(try bob.readText(file) == alice.readText(file))
    #expect(try git(["status", "--porcelain"], in: bob).stdout.isEmpty, "the merge is committed")
  }
}

/// The merge's stages under real git (docs/merge.md): two clones, each changing a board as a person
/// does, and `git pull`.
extension GitTests {
  /// Two clones of `content` in `file`; Alice writes `alice` and pushes, Bob writes `bob` and pulls.
  /// Returns Bob's clone (the merge's file in it) and what git said.
  func pulled(_ file: String, _ pattern: String, base: String, alice: String, bob: String) throws -> (
    origin: TemporaryDirectory, alice: TemporaryDirectory, bob: TemporaryDirectory, said: String
  ) {
    let (origin, a, b) = try clones(pattern: pattern, file: file, content: Array(base.utf8))
    try a.write(file, alice)
    try git(["commit", "-q", "-a", "-m", "alice"], in: a)
    try git(["push", "-q", "origin", "main"], in: a)
    try b.write(file, bob)
    try git(["commit", "-q", "-a", "-m", "bob"], in: b)
    let pull = try git(["pull", "--no-rebase", "--no-edit", "origin", "main"], in: b, expect: nil)
    return (origin, a, b, pull.stdoutText + pull.stderrText)
  }

  static let cascadeBoard = "## To Do\n\n- Alpha\n- Bravo\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n"

  @Test("git pull: a card renamed beside a new one by one clone, moved by the other: clean, one card renamed and moved")
  func renameBesideAnAddUnderGit() throws {
    let (origin, alice, bob, said) = try pulled(
      "board.md", "*.md", base: Self.cascadeBoard,
      alice: "## To Do\n\n- Alpha\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n- Bravo\n",
      bob: "## To Do\n\n- Alpha\n- Bravo renamed\n- New card\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n")
    defer { withExtendedLifetime((origin, alice)) {} }
    #expect(!said.contains("CONFLICT"), "\(said)")
    #expect(try bob.readText("board.md") == "## To Do\n\n- Alpha\n- New card\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n- Bravo renamed\n")
  }

  @Test("git pull: renamed and moved by one clone, moved elsewhere by the other: one conflict, in words, one card whichever is kept")
  func renameAndMoveUnderGit() throws {
    let (origin, alice, bob, said) = try pulled(
      "board.md", "*.md", base: Self.cascadeBoard,
      alice: "## To Do\n\n- Alpha\n- Charlie\n- Echo\n- Bravo\n\n## Done\n\n- Delta\n",
      bob: "## To Do\n\n- Alpha\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n- Bravo renamed\n")
    defer { withExtendedLifetime((origin, alice)) {} }
    #expect(said.contains("CONFLICT (content): Merge conflict in board.md"), "\(said)")
    #expect(said.contains("tilegrid: conflict: Bravo: ours moved it to Done, theirs after \"Echo\" in To Do"), "\(said)")
    let merged = try bob.readText("board.md")
    #expect(merged.components(separatedBy: "<<<<<<< ").count == 2, "one block:\n\(merged)")
    for side in [0, 1] {
      #expect(MergeCascadeCommandTests.resolved(merged, keeping: side).components(separatedBy: "Bravo").count == 2, "\(merged)")
    }
    let check = try tilegrid(["check", "board.md"], in: bob)
    #expect(check.status == 1 && check.stderrText.contains("Bravo: ours moved it to Done"), "\(check)")
  }

  @Test("git pull: a table's row moved to two sections: one conflict; either side keeps exactly one row")
  func csvRowUnderGit() throws {
    let (origin, alice, bob, said) = try pulled(
      "tools.csv", "*.csv", base: "section,title\nShelf A,Tape measure\nShelf A,Hammer\nShelf B,Drill\nGarage,Saw\n",
      alice: "section,title\nShelf A,Hammer\nShelf B,Drill\nGarage,Saw\nGarage,Tape measure\n",
      bob: "section,title\nShelf A,Hammer\nShelf B,Drill\nShelf B,Tape measure\nGarage,Saw\n")
    defer { withExtendedLifetime((origin, alice)) {} }
    #expect(said.contains("tilegrid: conflict: Tape measure: ours moved it to Shelf B, theirs to Garage"), "\(said)")
    let merged = try bob.readText("tools.csv")
    #expect(merged.components(separatedBy: "<<<<<<< ").count == 2, "one block:\n\(merged)")
    for side in [0, 1] {
      #expect(MergeCascadeCommandTests.resolved(merged, keeping: side).components(separatedBy: "Tape measure").count == 2)
    }
  }

  @Test("git pull: 5,000 lines of a, b and c, each clone moving three: git's own clean merge, byte for byte")
  func repeatedLinesUnderGit() throws {
    var random = SplitMix64(seed: 5001)
    let base = (0..<5000).map { _ in random.element(["a", "b", "c"]) }
    func moved(_ lines: [String]) -> String {
      var lines = lines
      for _ in 0..<3 {
        let line = lines.remove(at: random.int(0...(lines.count - 1)))
        lines.insert(line, at: random.int(0...lines.count))
      }
      return lines.joined(separator: "\n") + "\n"
    }
    let (alice, bob) = (moved(base), moved(base))
    let (origin, a, b, said) = try pulled(
      "list.txt", "*.txt", base: base.joined(separator: "\n") + "\n", alice: alice, bob: bob)
    defer { withExtendedLifetime((origin, a)) {} }
    #expect(!said.contains("CONFLICT"), "\(said)")
    for (name, text) in [("o", bob), ("b", base.joined(separator: "\n") + "\n"), ("t", alice)] { try b.write(name, text) }
    let own = try git(["merge-file", "-p", "o", "b", "t"], in: b)
    #expect(try b.read("list.txt") == own.stdout)
  }

  @Test("git pull: a lane deleted by one clone while the other put a card in it: a conflict recorded in the file")
  func laneDeletedUnderGit() throws {
    let (origin, alice, bob, said) = try pulled(
      "board.md", "*.md", base: "## To Do\n\n- Alpha\n\n## Later\n\n- Bravo\n",
      alice: "## To Do\n\n- Alpha\n\n## Later\n\n- Bravo\n- Charlie\n", bob: "## To Do\n\n- Alpha\n")
    defer { withExtendedLifetime((origin, alice)) {} }
    #expect(said.contains("CONFLICT"), "\(said)")
    #expect(said.contains(#"lane Later: deleted by ours, theirs put "Charlie" in it"#), "\(said)")
    #expect(try tilegrid(["check", "board.md"], in: bob).status == 1)
  }

  @Test("git pull: both clones added the same JSON board file (git's empty base): merged, conflicts recorded, not an error")
  func addedByBothUnderGit() throws {
    let origin = try TemporaryDirectory()
    try git(["init", "-q", "--bare", "-b", "main"], in: origin)
    let first = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: first, expect: nil)
    expectSuccess(try tilegrid(["git-setup", "*.json"], in: first))
    try git(["commit", "-q", "--allow-empty", "-m", "start"], in: first)
    try git(["push", "-q", "origin", "main"], in: first)
    let second = try TemporaryDirectory()
    try git(["clone", "-q", origin.path, "."], in: second)
    expectSuccess(try tilegrid(["git-setup", "*.json"], in: second))
    var mine = Arrangement.demo
    try mine.apply([.move(tile: "blue", to: ScriptPlace("others", 0))])
    var yours = Arrangement.demo
    try yours.apply([.move(tile: "blue", to: ScriptPlace("archive", 0))])
    try first.write("board.json", mine.jsonBytes())
    try git(["add", "board.json"], in: first)
    try git(["commit", "-q", "-m", "mine"], in: first)
    try git(["push", "-q", "origin", "main"], in: first)
    try second.write("board.json", yours.jsonBytes())
    try git(["add", "board.json"], in: second)
    try git(["commit", "-q", "-m", "yours"], in: second)
    let pull = try git(["pull", "--no-rebase", "--no-edit", "origin", "main"], in: second, expect: nil)
    let said = pull.stdoutText + pull.stderrText
    #expect(!said.contains("the input is empty"), "\(said)")
    #expect(said.contains(#"tilegrid: conflict: tile "blue""#), "\(said)")
    let check = try tilegrid(["check", "board.json"], in: second)
    #expect(check.status == 1 && check.stderrText.contains(#"tile "blue""#), "the conflict is recorded: \(check)")
  }
}
