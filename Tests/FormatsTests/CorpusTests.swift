import Formats
import TestSupport
import Testing
import TileGridJSON
import TileModel

/// Round trips on the corpus (Tests/Boards): boards in taskell's and Obsidian Kanban's styles, lists
/// and tables, each as it is, with CR LF line endings, without its final newline, and with a byte order
/// mark. Read and written back unchanged, every file is the same bytes; through JSON too.
struct CorpusTests {
  static let cases = Corpus.all.flatMap { name in Variant.allCases.map { (name, $0) } }

  @Test("read and written back unchanged: byte for byte", arguments: cases)
  func roundTrip(name: String, variant: Variant) throws {
    let format = Corpus.format(name)
    let original = variant.apply(try Corpus.bytes(name))
    let arrangement = try format.read(original)
    let (written, lost) = format.bytes(arrangement)
    #expect(written == original, "\(name) (\(variant)):\n\(String(decoding: written, as: UTF8.self))")
    #expect(lost.isEmpty, "\(lost)")
  }

  @Test("converted to JSON and back: byte for byte, and the JSON is canonical", arguments: cases)
  func throughJSON(name: String, variant: Variant) throws {
    let format = Corpus.format(name)
    let original = variant.apply(try Corpus.bytes(name))
    let json = try format.read(original).jsonBytes()
    let again = try Arrangement(json: json)
    #expect(again.jsonBytes() == json)
    #expect(format.written(again) == original, "\(name) (\(variant))")
  }

  @Test("reading the same file twice gives the same ids and colors", arguments: Corpus.all)
  func stableIDs(name: String) throws {
    let a = try Corpus.read(name)
    let b = try Corpus.read(name, .crlf)
    #expect(a.allTiles().map(\.id) == b.allTiles().map(\.id))
    #expect(a.allTiles().map(\.color) == b.allTiles().map(\.color))
    #expect(a.sections.map(\.id) == b.sections.map(\.id))
    #expect(Set(a.allTiles().map(\.id)).count == a.tileCount, "ids are unique")
  }

  @Test("a taskell board: lists, tasks, descriptions, due dates and sub-tasks travel with their task")
  func taskell() throws {
    let board = try Corpus.read("taskell.md")
    #expect(board.outline == [
      ["To Do", "Write the release notes", "Answer the mailing list", "Fix the 한글 wrapping bug"],
      ["Doing", "Benchmark 100,000 cards", "Review 🎉 party plan"],
      ["Done", "Ship 0.3", "Update the website"],
    ])
    #expect(board.sections.map(\.id) == ["to-do", "doing", "done"])
    #expect(board.allTiles().map(\.id).prefix(3) == ["write-the-release-notes", "answer-the-mailing-list", "fix-the-한글-wrapping-bug"])
    let notes = board[ItemPath(0, 0)]
    #expect(
      notes.extras == [
        JSONField(
          "markdown",
          .object([
            JSONField(
              "lines",
              .array([
                .string("- Write the release notes"),
                .string("    > Collect the changes since 0.3 and sort them by area."),
                .string("    * [ ] Editor"), .string("    * [x] Command line"), .string("    * [ ] Formats"),
              ]))
          ]))
      ])
    #expect(notes.color == DefaultColors.color(forTileID: notes.id))
  }

  @Test("an Obsidian Kanban board: front matter, checkboxes, lanes with counts, the archive and settings kept")
  func obsidian() throws {
    let board = try Corpus.read("obsidian.md")
    #expect(board.outline == [
      ["Backlog", "Plan the offsite #team", "Book the venue @{2024-07-12}", "회의 자료 준비하기"],
      ["In progress (2)", "Draft the budget", "Write the agenda"],
      ["Review", "Send the invitations ✉️", "Confirm the caterer"],
      ["Empty lane"],
    ])
    #expect(board.allTiles().map(\.extras).map { $0.first } == [
      JSONField("checked", .bool(false)), JSONField("checked", .bool(false)), JSONField("checked", .bool(false)),
      JSONField("checked", .bool(false)), JSONField("checked", .bool(false)),
      JSONField("checked", .bool(true)), JSONField("checked", .bool(true)),
    ])
    let file = try #require(board.extras.first { $0.key == "markdown" }?.value)
    guard case .object(let members) = file else { Issue.record("markdown is an object"); return }
    #expect(members.map(\.key) == ["frontMatter", "preamble", "tail", "item", "indent", "newline", "finalNewline"])
    #expect(members.first { $0.key == "item" }?.value == .string("- [ ] "))
    #expect(members.first { $0.key == "indent" }?.value == .string("\t"))
    guard case .array(let tail)? = members.first(where: { $0.key == "tail" })?.value else { return }
    #expect(tail.first == .string("***"))
    #expect(tail.last == .string("%%"))
    // The text under a heading belongs to its section, and so do the blank lines after its last
    // card, before the next heading: its end.
    let review = board.sections[2]
    #expect(review.extras == [
      JSONField("markdown", .object([
        JSONField("heading", .string("## Review")), JSONField("lines", .array([.string(""), .string("**Complete**")])),
        JSONField("trailing", .array([.string(""), .string("")])),
      ]))
    ])
    let caterer = board[ItemPath(2, 1)]
    #expect(caterer.extras.last == JSONField("markdown", .object([
      JSONField("lines", .array([.string("- [X] Confirm the caterer")]))
    ])))
  }

  @Test("notes: a preamble, items before the first heading, fences, paragraphs and odd markers")
  func notes() throws {
    let board = try Corpus.read("notes.md")
    #expect(board.outline == [
      ["list", "Measure the window", "Pick a tile colour"],
      ["Decisions", "Cabinets: oak or birch?", "Sink: undermount", "Lights: three pendants"],
      ["Shopping", "Grout", "Sealant", ""],
      ["Done"],
    ])
    #expect(board.sections[0].extras.first == JSONField("untitled", .bool(true)))
    // The fence with a heading and an item inside it, the paragraph and the thematic break after the
    // lights card are the card's; the blank line after them, before the next heading, its section's.
    let lights = board[ItemPath(1, 2)]
    guard case .object(let md)? = lights.extras.first(where: { $0.key == "markdown" })?.value,
      case .array(let lines)? = md.first?.value
    else { Issue.record("the card's lines"); return }
    #expect(lines.count == 9)
    #expect(lines.contains(.string("## not a heading, inside a fence")))
    #expect(lines.suffix(2) == [.string(""), .string("* * *")])
  }

  @Test("lines: a heading per section, blank lines kept with the line above them")
  func lines() throws {
    let list = try Corpus.read("groceries.txt")
    #expect(list.outline == [["Produce", "apples", "bananas", "carrots"], ["Dairy", "milk", "  butter (cold)"], ["Other"]])
    let files = try Corpus.read("files.txt")
    #expect(files.outline == [["list", "README.md", "Package.swift", "Sources", "Tests", "docs"]])
  }

  @Test("tables: columns in any order, other columns kept, sections in order of appearance")
  func tables() throws {
    let board = try Corpus.read("board.csv")
    #expect(board.outline == [
      ["To Do", "Buy milk", "Say \"hi\"", "Two\r\nlines"], ["list", "Loose card"], ["Done", "회의 준비 ✅"],
    ])
    #expect(board[ItemPath(0, 1)].id == "hi")
    #expect(board[ItemPath(0, 0)].extras == [
      JSONField("notes", .string("oat, not soy")), JSONField("csv", .object([JSONField("blankID", .bool(true))])),
    ])
    let things = try Corpus.read("things.tsv")
    #expect(things.outline == [["Heavy", "anvil", "brick"], ["Light", "feather"]])
    #expect(things[ItemPath(1, 0)].extras == [JSONField("weight", .string("0.01"))])
  }
}
