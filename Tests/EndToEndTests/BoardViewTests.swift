import Foundation
import TestSupport
import Testing

/// The board view (docs/layout.md, "The board view"): a Markdown board opens as lanes side by side,
/// each 24 to 40 cells wide, cards 4 tall with their titles over two lines. Real boards, through the
/// built binary, compared whole with golden screens a person has looked at; `TILEGRID_RECORD=1`
/// rewrites them and still fails.
@Suite("The board view of real boards")
struct BoardViewTests {
  static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  static let golden = tests.appendingPathComponent("Golden/screens")

  struct Case: CustomTestStringConvertible, Sendable {
    var board: String
    var width: Int
    var height: Int
    var testDescription: String { "\(board) at \(width)x\(height)" }
    var golden: String { "board-\(URL(fileURLWithPath: board).deletingPathExtension().lastPathComponent)-\(width)x\(height)" }
  }

  static let cases = [
    Case(board: "../docs/examples/board.md", width: 80, height: 24),
    Case(board: "../docs/examples/board.md", width: 200, height: 60),
    Case(board: "Boards/obsidian.md", width: 80, height: 24),
    Case(board: "Boards/obsidian.md", width: 200, height: 60),
    Case(board: "Boards/taskell.md", width: 80, height: 24),
    Case(board: "Boards/taskell.md", width: 200, height: 60),
    // The cards reach the view's bottom row, where the scroll bar runs: it shows between them.
    Case(board: "Boards/obsidian.md", width: 80, height: 8),
  ]

  func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = Self.golden.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["TILEGRID_RECORD"] != nil {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded \(name): look at it, then run without TILEGRID_RECORD", sourceLocation: sourceLocation)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "\(name) differs; the screen:\n\(actual)", sourceLocation: sourceLocation)
  }

  @Test("plain and in color, as tilegrid render prints them", arguments: cases)
  func golden(_ c: Case) throws {
    let directory = try TemporaryDirectory()
    let source = Self.tests.appendingPathComponent(c.board).standardizedFileURL
    let name = source.lastPathComponent
    _ = try directory.write(name, Array(try Data(contentsOf: source)))
    let size = ["--width", "\(c.width)", "--height", "\(c.height)"]
    let plain = try TileGrid.run(["render", name] + size + ["--color", "never"], in: directory)
    expectSuccess(plain)
    try check(plain.stdoutText, c.golden + ".txt")
    let colored = try TileGrid.run(["render", name] + size + ["--color", "256"], in: directory)
    expectSuccess(colored)
    try check(colored.stdoutText, c.golden + ".ansi")
  }

  @Test("the horizontal scroll bar never draws over a card: at 80x8 the cards' bottom edges are whole")
  func scrollBarSparesCards() throws {
    let directory = try TemporaryDirectory()
    for board in ["obsidian.md", "taskell.md"] {
      _ = try directory.write(board, Array(try Data(contentsOf: Self.tests.appendingPathComponent("Boards/\(board)"))))
      let result = try TileGrid.run(["render", board, "--width", "80", "--height", "8", "--color", "never"], in: directory)
      expectSuccess(result)
      let rows = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
      let (top, bottom) = (rows[3], rows[6])
      // Under every card's top edge, its bottom edge, corners included; the bar only between cards.
      for x in top.indices where "╔═╗┌─┐".contains(top[x]) {
        let expected: Character = ["╔": "╚", "═": "═", "╗": "╝", "┌": "└", "─": "─", "┐": "┘"][top[x]]!
        #expect(bottom[x] == expected, "\(board), column \(x): \(result.stdoutText)")
      }
      #expect(bottom.contains("━"), "the thumb still shows between the cards: \(result.stdoutText)")
    }
  }

  @Test("lanes are the screen's width over the lanes that fit, 24 to 40 cells; the settings' lane-width wins")
  func laneWidths() throws {
    let directory = try TemporaryDirectory()
    func board(_ lanes: Int, settings: String = "") -> String {
      (1...lanes).map { "## Lane \($0)\n\n- [ ] Card \($0)\n" }.joined(separator: "\n") + settings
    }
    // Where each lane's header starts on row 1 of the screen.
    func laneStarts(_ text: String, width: Int) throws -> [Int] {
      _ = try directory.write("b.md", text)
      let result = try TileGrid.run(
        ["render", "b.md", "--width", "\(width)", "--height", "12", "--color", "never"], in: directory)
      expectSuccess(result)
      let row = Array(result.stdoutText.split(separator: "\n")[1])
      return row.indices.filter { k in row[k] == "L" && (k == 0 || row[k - 1] == " ") }.map { $0 - 1 }
    }
    #expect(try laneStarts(board(3), width: 80) == [0, 26, 52])
    #expect(try laneStarts(board(5), width: 80) == [0, 26, 52, 78])  // 3 fit; the rest scroll sideways
    #expect(try laneStarts(board(2), width: 200) == [0, 40])
    #expect(try laneStarts(board(4), width: 100) == [0, 25, 50, 75])
    #expect(try laneStarts(board(2), width: 30) == [0])  // one lane of 30: the next one is off screen
    let settings = "\n%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\",\"lane-width\":200}\n```\n%%\n"
    #expect(try laneStarts(board(3, settings: settings), width: 120) == [0, 25, 50])
  }

  @Test("a JSON file without a layout stays rows of sections; lines and CSV too")
  func othersStayRows() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.write("list.txt", "# To do\nBuy milk\n# Done\nCall Ann\n")
    let result = try TileGrid.run(["render", "list.txt", "--width", "60", "--height", "12", "--color", "never"], in: directory)
    expectSuccess(result)
    let rows = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows[1].hasPrefix(" To do 1 ──"))
    #expect(rows[6].hasPrefix(" Done 1 ──"))
  }
}
