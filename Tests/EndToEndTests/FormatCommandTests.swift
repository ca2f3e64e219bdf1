import Foundation
import TestSupport
import Testing

/// The lists people keep, through the built binary (docs/formats.md, docs/command-line.md): the format
/// by extension or `--format`, output in the input's format unless `--to`, a board moved in place that
/// changes by the moved lines only, a pipe of lines, errors with line and column, and the one line
/// that says what a conversion could not keep.
@Suite("Formats on the command line")
struct FormatCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  static let board = KanbanBoards.text(
    toDo: """
      - [ ] Buy milk
      \t- [ ] oat
      - [ ] 회의 준비 🎉
        second line of the card
      """,
    done: "- [x] Call Ann", settings: true)

  func run(_ arguments: [String], stdin: String? = nil) throws -> RunResult {
    try TileGrid.run(arguments, stdin: stdin.map { Array($0.utf8) }, in: directory)
  }

  @Test("export prints a board, a list and a table as they are, byte for byte")
  func exportUnchanged() throws {
    try directory.write("board.md", Self.board)
    try directory.write("list.txt", "b\na\n\nc")
    try directory.write("table.csv", "title,notes\r\n\"a, b\",x\r\n")
    for name in ["board.md", "list.txt", "table.csv"] {
      let result = try run(["export", name])
      expectSuccess(result)
      #expect(result.stdout == (try directory.read(name)), "\(name)")
    }
  }

  @Test("--to json and back: the same board; the JSON holds made-up colors and the board's lines")
  func throughJSON() throws {
    try directory.write("board.md", Self.board)
    let json = try run(["export", "board.md", "--to", "json"])
    expectSuccess(json)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
    let sections = try #require(object["sections"] as? [[String: Any]])
    let milk = try #require((sections[0]["items"] as? [[String: Any]])?.first)
    #expect(milk["id"] as? String == "buy-milk")
    #expect((milk["color"] as? String)?.hasPrefix("#") == true)
    #expect(milk["checked"] as? Bool == false)
    // Standard input is JSON unless told; back to Markdown it is the file again.
    let back = try run(["export", "-", "--to", "markdown"], stdin: json.stdoutText)
    expectSuccess(back)
    #expect(back.stdoutText == Self.board)
    // -o with a format's extension writes that format.
    expectSuccess(try run(["export", "board.md", "-o", "board.json"]))
    #expect(try directory.read("board.json") == json.stdout)
  }

  @Test("move -i on a board: the file differs by the moved card's lines only")
  func moveInPlace() throws {
    try directory.write("board.md", Self.board)
    let result = try run(["move", "board.md", "0.1", "1.0", "-i"])
    expectSuccess(result)
    let after = try directory.read("board.md")
    // Done is a complete lane: the card moved in is checked, as the editor checks it; with that one
    // byte put back, the file differs by the moved card's lines only.
    let text = String(decoding: after, as: UTF8.self)
    #expect(text.contains("**Complete**\n- [x] 회의 준비 🎉\n  second line of the card\n- [x] Call Ann"))
    let unchecked = Array(text.replacingOccurrences(of: "- [x] 회의 준비 🎉", with: "- [ ] 회의 준비 🎉").utf8)
    let mismatch = movedBlockMismatch(
      "- [ ] 회의 준비 🎉", old: FileLines(Array(Self.board.utf8)).lines, new: FileLines(unchecked).lines,
      isBoundary: { structuralLines(FileLines(Array(Self.board.utf8)).lines).contains($0) })
    #expect(mismatch == nil, "\(text)")
    // The card was its section's last: the blank line after it is the lane's end, and stays.
    #expect(text.contains("- [ ] oat\n\n## Done\n"))
    // Moved back, the board is as it was.
    expectSuccess(try run(["move", "board.md", "1.0", "0.1", "-i"]))
    #expect(try directory.readText("board.md") == Self.board)
    // And the section: its heading with all under it.
    expectSuccess(try run(["move-section", "board.md", "1", "0", "-i"]))
    let sections = String(decoding: try directory.read("board.md"), as: UTF8.self)
    #expect(sections.hasPrefix("---\nkanban-plugin: basic\n---\n\n## Done\n\n**Complete**\n"))
  }

  @Test("-i with --to another format is refused (64) with the way to convert, and the file is untouched")
  func inPlaceKeepsTheFormat() throws {
    try directory.write("board.md", Self.board)
    try directory.write("script.txt", "move buy-milk to done:0\n")
    let cases: [([String], String)] = [
      (["move", "board.md", "0.0", "1.0", "-i", "--to", "csv"], "-o board.csv"),
      (["move", "board.md", "0.0", "1.0", "-i", "--to", "json"], "-o board.json"),
      (["move-section", "board.md", "1", "0", "-i", "--to", "lines"], "-o board.txt"),
      (["apply", "board.md", "script.txt", "-i", "--to", "csv"], "-o board.csv"),
    ]
    for (arguments, way) in cases {
      expectFailure(
        try run(arguments), status: 64, mentioning: ["-i writes 'board.md' back in its own format (markdown)", way])
      #expect(try directory.readText("board.md") == Self.board, "\(arguments)")
    }
    #expect(try directory.listing().sorted() == ["board.md", "script.txt"])
    // --to naming the file's own format changes nothing; -o converts.
    expectSuccess(try run(["move", "board.md", "0.0", "1.0", "-i", "--to", "markdown"]))
    expectSuccess(try run(["move", "board.md", "1.0", "0.0", "-i"]))
    #expect(try directory.readText("board.md") == Self.board)
    let converted = try run(["move", "board.md", "0.0", "1.0", "-o", "board.csv"])
    #expect(converted.status == 0 && converted.stderrText.contains("csv cannot keep"), "\(converted)")
    // The editor saves FILE in its own format too: --to another is refused before any terminal.
    expectFailure(
      try run(["board.md", "--to", "json"]), status: 64,
      mentioning: ["--to json would save 'board.md' as json", "tilegrid export board.md --to json -o board.json"])
    #expect(try directory.readText("board.md") == Self.board)
  }

  @Test("every FROM and TO on a small board, through the binary: only the moved lines move")
  func everyMoveThroughTheBinary() throws {
    let text = "# Plan\n\n## A\n\n- one\n  > about one\n- two\n\n## B\n- three\n\n## C\n"
    try directory.write("small.md", text)
    let old = FileLines(Array(text.utf8)).lines
    let boundaries = structuralLines(old)
    let places = [(0, [0, 1]), (1, [0]), (2, [Int]())]
    let titles = ["- one", "- two", "- three"]
    var moves = 0
    for (s, items) in places {
      for i in items {
        let first = titles[s == 0 ? i : 2]
        for (t, count) in [(0, 2), (1, 1), (2, 0)] {
          let room = count + (t == s ? 0 : 1)
          for place in 0..<max(1, room) {
            let result = try run(["move", "small.md", "\(s).\(i)", "\(t).\(place)"])
            expectSuccess(result)
            let mismatch = movedBlockMismatch(
              first, old: old, new: FileLines(result.stdout).lines, isBoundary: { boundaries.contains($0) })
            #expect(mismatch == nil, "\(s).\(i) -> \(t).\(place):\n\(result.stdoutText)")
            moves += 1
          }
        }
      }
    }
    #expect(moves == 15)
  }

  @Test("a list of lines: move prints the lines in their new order; a pipe of lines with --format")
  func lines() throws {
    try directory.write("list.txt", "alpha\nbeta\ngamma\ndelta\n")
    let moved = try run(["move", "list.txt", "0.3", "0.0"])
    expectSuccess(moved)
    #expect(moved.stdoutText == "delta\nalpha\nbeta\ngamma\n")
    let piped = try run(["move", "--format", "lines", "-", "0.0", "0.2"], stdin: "README.md\nSources\nTests\n")
    expectSuccess(piped)
    #expect(piped.stdoutText == "Sources\nTests\nREADME.md\n")
    let converted = try run(["export", "list.txt", "--to", "csv"])
    expectSuccess(converted)
    #expect(converted.stdoutText == "title\nalpha\nbeta\ngamma\ndelta\n")
  }

  @Test("play and render read a board; play prints it in its own format")
  func playAndRender() throws {
    try directory.write("board.md", "## A\n- one\n- two\n")
    // A board's lanes are side by side and its cards one under the other: down moves a card on.
    try directory.write("keys.events", "key space\nkey down\nkey enter\n")
    let played = try run(["play", "board.md", "--width", "80", "--height", "24", "--events", "keys.events"])
    expectSuccess(played)
    #expect(played.stdoutText == "## A\n- two\n- one\n")
    let screen = try run(["render", "board.md", "--width", "40", "--height", "8", "--color", "never"])
    expectSuccess(screen)
    #expect(screen.stdoutText.contains("one") && screen.stdoutText.contains("A 2"))
  }

  @Test("errors name the file, the line and the column; exit 65; nothing on standard output")
  func errors() throws {
    try directory.write("bad.csv", "title,color\nok,\nbad,#GG0000\n")
    expectFailure(try run(["export", "bad.csv"]), status: 65, mentioning: [
      "bad.csv: line 3, column 5: \"#GG0000\" is not a color",
    ])
    try directory.write("fence.md", "## A\n- a\n  ```\n")
    expectFailure(try run(["check", "fence.md"]), status: 65, mentioning: ["fence.md: line 3, column 3: this code fence"])
    // Standard input is JSON unless --format says otherwise.
    expectFailure(try run(["export", "-"], stdin: "## A\n- a\n"), status: 65, mentioning: ["<stdin>: line 1, column 1:"])
    expectSuccess(try run(["export", "-", "--format", "markdown"], stdin: "## A\n- a\n"))
    // A TSV cannot hold a tab: nothing is written.
    try directory.write("tab.json", #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "a", "title": "x\ty"}]}]}"#)
    expectFailure(try run(["export", "tab.json", "--to", "tsv", "-o", "out.tsv"]), status: 65, mentioning: [
      "out.tsv: cannot write tsv: sections[0].items[0].title: a TSV field cannot hold a tab",
    ])
    #expect(!directory.exists("out.tsv"))
  }

  @Test("--format and --to take the five names; anything else is a usage error")
  func usage() throws {
    expectFailure(try run(["export", "x.md", "--format", "yaml"]), status: 64, mentioning: [
      "--format takes json, markdown, lines, csv or tsv, not 'yaml'", "tilegrid export --help",
    ])
    expectFailure(try run(["demo", "--to", "md"]), status: 64, mentioning: ["--to takes json, markdown, lines, csv or tsv"])
    expectFailure(try run(["layout", "x.md", "--width", "80", "--height", "24", "--to", "json"]), status: 64, mentioning: [
      "unknown option '--to'",
    ])
  }

  @Test("a conversion that cannot keep a field says which, once, on standard error; the output is still written")
  func lostFields() throws {
    let result = try run(["demo", "--to", "markdown"])
    #expect(result.status == 0)
    #expect(result.stdoutText.hasPrefix("## Favorites\n- blue\n"))
    #expect(result.stderrLines == [
      "tilegrid: standard output: markdown cannot keep: layout; sections' maxItems; tiles' color, locked, id (left out)",
    ])
    // Back to its own format, a board loses nothing and says nothing.
    try directory.write("board.md", Self.board)
    expectSuccess(try run(["move", "board.md", "0.0", "0.1"]))
  }

  @Test("check reads each file by its extension, or all of them with --format")
  func check() throws {
    try directory.write("board.md", Self.board)
    try directory.write("list.txt", "a\n")
    try directory.write("demo.json", try run(["demo"]).stdoutText)
    expectSuccess(try run(["check", "board.md", "list.txt", "demo.json"]))
    expectFailure(try run(["check", "--format", "csv", "list.txt"]), status: 65, mentioning: [
      "list.txt: line 1, column 1: the header row has no title column",
    ])
  }
}
