import Foundation
import TestSupport
import Testing

/// Obsidian Kanban's complete lanes (a line `**Complete**` under the heading) on the command line, as
/// in the editor (docs/editing.md, "A board's cards"): a card moved in is checked, one moved out is
/// unchecked, by `move` (one card or several) and by `apply`'s `move` lines.
@Suite("Complete lanes on the command line")
struct CompleteLaneCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func run(_ arguments: [String], stdin: [UInt8]? = nil) throws -> RunResult {
    if let stdin { return try TileGrid.run(arguments, stdin: stdin, in: directory) }
    return try TileGrid.run(arguments, in: directory)
  }

  static let board = KanbanBoards.text(
    toDo: """
      - [ ] Buy milk
          > from the corner shop
      - [ ] Call Ann
      - Walk the dog
      """,
    done: "- [x] Ship it")

  @Test("move into a complete lane checks the card, as the editor's drag does; out of it unchecks it")
  func move() throws {
    try directory.write("board.md", Self.board)
    let moved = try run(["move", "board.md", "0.0", "1.0"])
    expectSuccess(moved)
    #expect(
      moved.stdoutText == Self.board.replacingOccurrences(of: "- [ ] Buy milk\n    > from the corner shop\n", with: "")
        .replacingOccurrences(of: "**Complete**\n", with: "**Complete**\n- [x] Buy milk\n    > from the corner shop\n"))
    let out = try run(["move", "board.md", "1.0", "0.0"])
    #expect(out.stdoutText.contains("## To Do\n\n- [ ] Ship it\n"), "\(out.stdoutText)")
    // Within the lane, and between lanes that are not complete: nothing checked.
    #expect(try run(["move", "board.md", "0.0", "0.2"]).stdoutText.contains("- [ ] Buy milk"))
    // A card without a box gets one, checked; several at once, each.
    let several = try run(["move", "board.md", "0.1,0.2", "1.1"])
    expectSuccess(several)
    #expect(several.stdoutText.contains("- [x] Ship it\n- [x] Call Ann\n- [x] Walk the dog\n"), "\(several.stdoutText)")
    // In place too.
    expectSuccess(try run(["move", "board.md", "0.1", "1.0", "-i"]))
    #expect(try directory.readText("board.md").contains("**Complete**\n- [x] Call Ann\n"))
  }

  @Test("apply's move lines check and uncheck as move does, and the result is what the editor's drag gives")
  func apply() throws {
    try directory.write("board.md", Self.board)
    let applied = try run(["apply", "board.md", "-"], stdin: Array("move buy-milk to done:0\nmove ship-it to to-do:0\n".utf8))
    expectSuccess(applied)
    #expect(applied.stdoutText.contains("## To Do\n\n- [ ] Ship it\n- [ ] Call Ann\n"), "\(applied.stdoutText)")
    #expect(applied.stdoutText.contains("**Complete**\n- [x] Buy milk\n"), "\(applied.stdoutText)")
    // The same as move, twice.
    let first = try run(["move", "board.md", "0.0", "1.0"])
    try directory.write("m.md", first.stdout)
    #expect(try run(["move", "m.md", "1.1", "0.0"]).stdoutText == applied.stdoutText)
  }
}
