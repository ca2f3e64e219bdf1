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

  @Test(
    "git merge of two branches that moved different cards of a text board is clean: the board with both moves",
    arguments: [("taskell.md", "*.md", 3), ("obsidian.md", "*.md", 4), ("groceries.txt", "*.txt", 3), ("board.csv", "*.csv", 3)])
  func textBoardMerge(_ file: String, _ pattern: String, _ sections: Int) throws {
    let content = Array(try Data(contentsOf: Self.boardsDirectory.appendingPathComponent(file)))
    let (origin, alice, bob) = try clones(pattern: pattern, file: file, content: content)
    defer { withExtendedLifetime(origin) {} }
    // Alice moves the first card of the first lane into the second; Bob moves the last lane first.
    expectSuccess(try tilegrid(["move", file, "0.0", "1.0", "-i"], in: alice))
    try git(["commit", "-q", "-a", "-m", "alice"], in: alice)
    try git(["push", "-q", "origin", "main"], in: alice)
    expectSuccess(try tilegrid(["move-section", file, "\(sections - 1)", "0", "-i"], in: bob))
    try git(["commit", "-q", "-a", "-m", "bob"], in: bob)
    let pull = try git(["pull", "--no-rebase", "--no-edit", "origin", "main"], in: bob)
    let said = pull.stdoutText + pull.stderrText
    #expect(!said.contains("CONFLICT") && !said.contains("tilegrid:"), "\(said)")
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
    let content = Array(try Data(contentsOf: Self.boardsDirectory.appendingPathComponent(file)))
    let (origin, alice, bob) = try clones(pattern: pattern, file: file, content: content)
    defer { withExtendedLifetime(origin) {} }
    // Bob's move swaps the lane's first two cards: as short read as the first card moving, it is read
    // as the second (the one Alice did not touch), so it joins Alice's move (git's own line merge
    // keeps her card twice, once in each lane).
    expectSuccess(try tilegrid(["move", file, "0.0", "1.0", "-i"], in: alice))
    try git(["commit", "-q", "-a", "-m", "alice"], in: alice)
    try git(["push", "-q", "origin", "main"], in: alice)
    expectSuccess(try tilegrid(["move", file, "0.1", "0.0", "-i"], in: bob))
    try git(["commit", "-q", "-a", "-m", "bob"], in: bob)
    let pull = try git(["pull", "--no-rebase", "--no-edit", "origin", "main"], in: bob)
    let said = pull.stdoutText + pull.stderrText
    #expect(!said.contains("CONFLICT") && !said.contains("tilegrid:"), "\(said)")
    // Bob's second card is first once Alice's first card has left: the board is Alice's.
    #expect(try bob.readText(file) == alice.readText(file))
    #expect(try git(["status", "--porcelain"], in: bob).stdout.isEmpty, "the merge is committed")
  }
}
