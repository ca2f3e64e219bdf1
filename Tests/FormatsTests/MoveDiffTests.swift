import Formats
import TestSupport
import Testing
import TileModel

/// Every move on the corpus's boards and lists, for every FROM and every TO (every section, every
/// place in it), in every variant: the file written after the move differs from the original by
/// exactly one block of lines taken out at one place and put in at another — the moved item's line
/// and the lines under it, nothing else — and reading it again gives the moved arrangement.
struct MoveDiffTests {
  static let boards = (Corpus.markdown + Corpus.lines).flatMap { name in
    [Variant.asIs, .crlf, .noFinalNewline, .crlfWithoutFinalNewline, .cr, .crWithoutFinalNewline].map { (name, $0) }
  }

  /// A line that starts another item or heading: no moved block may hold one besides its first.
  /// In a list every line that is not blank starts a tile or a section.
  static func isBoundary(_ name: String) -> ([String], Int) -> Bool {
    if name.hasSuffix(".txt") { return { lines, i in !lines[i].allSatisfy { $0 == " " || $0 == "\t" } } }
    return { lines, i in structuralLines(lines).contains(i) }
  }

  @Test("a tile moved anywhere: only its lines move", arguments: boards)
  func everyTileMove(name: String, variant: Variant) throws {
    let format = Corpus.format(name)
    let original = variant.apply(try Corpus.bytes(name))
    let board = try format.read(original)
    var moves = 0
    for from in board.paths {
      let first = try #require(firstLine(of: board[from], in: board, format: format))
      for s in board.sections.indices {
        for item in board.destinationRange(from: from, toSection: s) {
          var moved = board
          try moved.move(from: from, to: ItemPath(s, item))
          let written = format.written(moved)
          expectOnlyMoved(
            first, old: original, new: written, isBoundary: Self.isBoundary(name), "\(name) \(variant): \(from) -> \(s).\(item)")
          #expect(try format.read(written).outline == moved.readOutline, "\(name): \(from) -> \(s).\(item) reads back")
          moves += 1
        }
      }
    }
    #expect(moves > board.tileCount)
  }

  @Test("a section moved anywhere: its heading and everything under it move, nothing else", arguments: boards)
  func everySectionMove(name: String, variant: Variant) throws {
    let format = Corpus.format(name)
    let original = variant.apply(try Corpus.bytes(name))
    let board = try format.read(original)
    let headings = name.hasSuffix(".txt") ? "# " : "## "
    for from in board.sections.indices where !board.sections[from].isUntitledForTests {
      for to in board.sections.indices where !board.sections[to].isUntitledForTests {
        var moved = board
        try moved.moveSection(SectionMove(from: from, to: to))
        let heading = FileLines(format.written(board)).lines.first { $0.hasPrefix(headings + board.sections[from].displayTitle) }
        let written = format.written(moved)
        expectOnlyMoved(
          try #require(heading), old: original, new: written,
          isBoundary: { lines, i in
            name.hasSuffix(".txt") ? lines[i].hasPrefix("# ") : structuralLines(lines, headingsOnly: true).contains(i)
          },
          "\(name) \(variant): section \(from) -> \(to)")
        #expect(try format.read(written).outline == moved.readOutline)
      }
    }
  }

  /// The first line of a tile's chunk as the file has it: its item line, or for a list its line.
  func firstLine(of tile: Tile, in board: Arrangement, format: ArrangementFormat) -> String? {
    if format == .lines { return tile.displayTitle }
    guard case .object(let md)? = tile.extras.first(where: { $0.key == "markdown" })?.value,
      case .array(let lines)? = md.first(where: { $0.key == "lines" })?.value, case .string(let first)? = lines.first
    else { return nil }
    return first.utf8.last == 0x0D ? String(decoding: first.utf8.dropLast(), as: UTF8.self) : first
  }

  // MARK: - The rules at the edges, one picture each

  /// Moves `from` to `to` in `text` (a Markdown board) and returns the file written.
  func move(_ text: String, _ from: ItemPath, _ to: ItemPath) throws -> String {
    var board = try ArrangementFormat.markdown.read(Array(text.utf8))
    try board.move(from: from, to: to)
    return String(decoding: ArrangementFormat.markdown.written(board), as: UTF8.self)
  }

  @Test("into an empty section: after its text, before its end (the blank lines before the next heading)")
  func intoAnEmptySection() throws {
    let board = "## Doing\n\n- a\n- b\n\n## Done\n\n**Complete**\n\n\n## Later\n"
    #expect(try move(board, ItemPath(0, 1), ItemPath(1, 0)) == "## Doing\n\n- a\n\n## Done\n\n**Complete**\n- b\n\n\n## Later\n")
  }

  @Test("out of the last place: the blank lines before the next heading are the section's end, and stay")
  func lastItemLeaves() throws {
    let board = "## A\n\n- a\n- b\n\n## B\n\n- c\n"
    #expect(try move(board, ItemPath(0, 1), ItemPath(1, 1)) == "## A\n\n- a\n\n## B\n\n- c\n- b\n")
    #expect(try move(board, ItemPath(1, 0), ItemPath(0, 0)) == "## A\n\n- c\n- a\n- b\n\n## B\n\n")
  }

  @Test("a move and its reverse give the file back: the issue's board, and a section moved twice without a final newline")
  func moveAndBack() throws {
    let board = "## A\n- a\n\n## B\n- b\n"
    let moved = try move(board, ItemPath(0, 0), ItemPath(1, 0))
    #expect(moved == "## A\n\n## B\n- a\n- b\n")
    #expect(try move(moved, ItemPath(1, 0), ItemPath(0, 0)) == board)
    func moveSection(_ text: String) throws -> String {
      var board = try ArrangementFormat.markdown.read(Array(text.utf8))
      try board.moveSection(SectionMove(from: 0, to: 1))
      return String(decoding: ArrangementFormat.markdown.written(board), as: UTF8.self)
    }
    let open = "## A\n- a\n\n## B\n- b"
    let once = try moveSection(open)
    #expect(once == "## B\n- b\n\n## A\n- a")
    #expect(try moveSection(once) == open)
  }

  @Test("a paragraph between two items is the item's above it, and moves with it")
  func paragraphBetweenItems() throws {
    let board = "## A\n- a\nA note about a.\n- b\n"
    #expect(try move(board, ItemPath(0, 0), ItemPath(0, 1)) == "## A\n- b\n- a\nA note about a.\n")
    #expect(try move(board, ItemPath(0, 1), ItemPath(0, 0)) == "## A\n- b\n- a\nA note about a.\n")
  }

  @Test("blank lines between items belong to the item above them")
  func blankLinesBetweenItems() throws {
    let board = "## A\n\n- a\n\n- b\n\n- c\n\n## B\n"
    #expect(try move(board, ItemPath(0, 2), ItemPath(0, 0)) == "## A\n\n- c\n\n- a\n\n- b\n\n## B\n")
  }

  @Test("no final newline, CR LF: the moved last line gains the file's line break, the new last one loses it")
  func finalNewline() throws {
    let board = "## A\r\n- a\r\n- b"
    #expect(try move(board, ItemPath(0, 1), ItemPath(0, 0)) == "## A\r\n- b\r\n- a")
  }
}

extension Section {
  var isUntitledForTests: Bool { extras.contains { $0.key == "untitled" } }
}
