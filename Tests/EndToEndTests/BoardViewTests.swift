import Foundation
import TestSupport
import Testing

/// The board view (docs/layout.md, "The board view"): a Markdown board opens as lanes side by side,
/// each 24 to 40 cells wide, cards 4 tall with their titles over two lines, a lane longer than the
/// screen scrolled on its own; cards drawn as a reader of their Markdown sees them; a card's panel; a
/// lines file as a list. Real boards, through the
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
    /// Events played first (`render --events`), and what the golden's name says of them.
    var events: (name: String, lines: String)? = nil
    var testDescription: String { "\(board) at \(width)x\(height)" + (events.map { ", \($0.name)" } ?? "") }
    var golden: String {
      "board-\(URL(fileURLWithPath: board).deletingPathExtension().lastPathComponent)"
        + (events.map { "-\($0.name)" } ?? "") + "-\(width)x\(height)"
    }
  }

  /// The three sizes each new case is looked at in.
  static func sizes(_ board: String, events: (name: String, lines: String)? = nil) -> [Case] {
    [(80, 24), (120, 40), (200, 60)].map { Case(board: board, width: $0.0, height: $0.1, events: events) }
  }

  static let cases =
    [
      Case(board: "../docs/examples/board.md", width: 80, height: 24),
      Case(board: "../docs/examples/board.md", width: 200, height: 60),
      Case(board: "Boards/obsidian.md", width: 80, height: 24),
      Case(board: "Boards/obsidian.md", width: 200, height: 60),
      Case(board: "Boards/taskell.md", width: 80, height: 24),
      Case(board: "Boards/taskell.md", width: 200, height: 60),
      // The cards reach the view's bottom row, where the scroll bar runs: it shows between them.
      Case(board: "Boards/obsidian.md", width: 80, height: 8),
    ]
    // A lane of 200 cards beside short ones, scrolled to its end (G) and two cards back (k k).
    + sizes("Boards/long.md", events: ("end", "key G\nkey k\nkey k\n"))
    // Checked and unchecked cards; links, tags, dates, a mark, code and sub-tasks.
    + sizes("Boards/cards.md")
    // The first card's whole text (Enter).
    + sizes("Boards/cards.md", events: ("panel", "key enter\n"))
    // A lines file: a list, as many columns as fit at least 32 cells wide.
    + sizes("Boards/songs.txt")

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
    var size = ["--width", "\(c.width)", "--height", "\(c.height)"]
    if let events = c.events {
      _ = try directory.write("play.events", events.lines)
      size += ["--events", "play.events"]
    }
    let plain = try TileGrid.run(["render", name] + size + ["--color", "never"], in: directory)
    expectSuccess(plain)
    try check(plain.stdoutText, c.golden + ".txt")
    let colored = try TileGrid.run(["render", name] + size + ["--color", "256"], in: directory)
    expectSuccess(colored)
    try check(colored.stdoutText, c.golden + ".ansi")
  }

  @Test("the horizontal scroll bar never draws over a tile; lanes draw no bar: at 80x8 the cards' bottom edges are whole")
  func scrollBarSparesCards() throws {
    let directory = try TemporaryDirectory()
    /// Checks that under every tile's top edge on row `top` (of `edge`: its corners, and the rules
    /// between them unless a card's details are drawn there), row `bottom` has its bottom edge;
    /// returns the bottom row.
    func edgesWhole(_ name: String, width: Int, height: Int, top: Int, bottom: Int, edge: String = "╔═╗┌─┐") throws
      -> [Character]
    {
      let result = try TileGrid.run(["render", name, "--width", "\(width)", "--height", "\(height)", "--color", "never"], in: directory)
      expectSuccess(result)
      let rows = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
      for x in rows[top].indices where edge.contains(rows[top][x]) {
        let expected: Character = ["╔": "╚", "═": "═", "╗": "╝", "┌": "└", "─": "─", "┐": "┘"][rows[top][x]]!
        #expect(rows[bottom][x] == expected, "\(name), column \(x): \(result.stdoutText)")
      }
      return rows[bottom]
    }
    // Rows of sections laid out horizontally, the tiles reaching the view's bottom row: the bar runs
    // there and shows between them.
    let horizontal = try String(contentsOf: Self.golden.appendingPathComponent("fixtures/demo-horizontal.json"), encoding: .utf8)
    _ = try directory.write("horizontal.json", horizontal.replacingOccurrences(of: "\"bottom\": 1", with: "\"bottom\": 0"))
    let barRow = try edgesWhole("horizontal.json", width: 80, height: 10, top: 6, bottom: 8)
    #expect(barRow.contains("━"), "the thumb still shows between the tiles")
    // A board's lanes: no bar (the row under the cards says how many more each lane has); a card's
    // bottom edge holds its details (sub-tasks done), so its corners are checked.
    for board in ["obsidian.md", "taskell.md"] {
      _ = try directory.write(board, Array(try Data(contentsOf: Self.tests.appendingPathComponent("Boards/\(board)"))))
      let bottom = try edgesWhole(board, width: 80, height: 8, top: 3, bottom: 5, edge: "╔╗┌┐")
      #expect(!bottom.contains("━") && !bottom.contains("┃"), "\(board): no scroll bar in lanes")
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

  @Test("a board speaks of cards and lanes, and names a card as it is drawn; a JSON file of tiles and sections")
  func boardWords() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.write("board.md", "## To Do\n\n- [ ] Read [RFC 9110](https://example.org) **now** #web\n- [ ] [[Flaky login|Fix login]]\n\n## Done\n\n")
    _ = try directory.write("down.events", "key down\n")
    func screen(_ name: String, _ events: [String] = []) throws -> [Substring] {
      let result = try TileGrid.run(
        ["render", name, "--width", "80", "--height", "12", "--color", "never"] + events, in: directory)
      expectSuccess(result)
      return result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    }
    let rows = try screen("board.md")
    #expect(rows[0].hasSuffix(" 2 cards · 2 lanes "), "\(rows[0])")
    #expect(rows[11].contains("Hold a card, or Space, to lift it"), "\(rows[11])")
    // The focus on the second card: its wiki link's alias, as the card shows it, not the Markdown.
    let down = try screen("board.md", ["--events", "down.events"])
    #expect(down[11].contains("Fix login — To Do 2 of 2"), "\(down[11])")
    #expect(down[4].contains("empty — drop cards here"), "\(down[4])")
    _ = try directory.write("first.events", "key down\nkey up\n")
    let up = try screen("board.md", ["--events", "first.events"])
    #expect(up[11].contains("Read RFC 9110 now #web — To Do 1 of 2"), "\(up[11])")
    _ = try directory.write("empty.md", "")
    let empty = try screen("empty.md")
    #expect(empty[0].hasSuffix(" 0 cards · 0 lanes ") && empty[11].contains("No lanes yet: A adds one"), "\(empty)")
    _ = try directory.write("board.json", #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "a", "title": "**a**"}]}]}"#)
    let json = try screen("board.json", ["--events", "down.events"])
    #expect(json[0].hasSuffix(" 1 tile · 1 section "), "\(json[0])")
  }

  @Test("a JSON file without a layout stays rows of sections; lines and CSV too")
  func othersStayRows() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.write("list.txt", "# To do\nBuy milk\n# Done\nCall Ann\n")
    let result = try TileGrid.run(["render", "list.txt", "--width", "60", "--height", "12", "--color", "never"], in: directory)
    expectSuccess(result)
    let rows = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    // A lines file is a list: a row a line, its sections one under the other.
    #expect(rows[1].hasPrefix(" To do 1 ──"))
    #expect(rows[2].hasPrefix(" » Buy milk"))
    #expect(rows[4].hasPrefix(" Done 1 ──"))
  }
}
