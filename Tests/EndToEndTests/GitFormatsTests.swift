import Foundation
import TestSupport
import Testing

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
