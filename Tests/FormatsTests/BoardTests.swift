@testable import Formats
import TestSupport
import Testing
import TileGridJSON
import TileModel

/// A board's own facts (docs/formats.md, "A new board"; docs/layout.md, "The board view"): a new board
/// in Obsidian Kanban's style, read back as written; the settings block's lane width; what each format
/// keeps of an edit.
@Suite("Boards: a new board, lane widths, what a format keeps")
struct BoardTests {
  func text(_ arrangement: Arrangement) -> String {
    String(decoding: ArrangementFormat.markdown.bytes(arrangement).bytes, as: UTF8.self)
  }

  @Test("a new board is written in Obsidian Kanban's style and read back exactly as written")
  func newBoard() throws {
    let board = ArrangementFormat.markdown.newFile
    #expect(board.sections.map(\.displayTitle) == ["To do"])
    #expect(board.tileCount == 0)
    let empty = text(board)
    #expect(empty == "---\n\nkanban-plugin: basic\n\n---\n\n## To do\n\n\n")
    #expect(text(try ArrangementFormat.markdown.read(Array(empty.utf8))) == empty)

    // Two cards added: `- [ ] ` items, a blank line after the heading and after the list.
    var sections = [(board.sections[0], [Tile(id: "buy-milk", title: "Buy milk"), Tile(id: "call-ann", title: "Call Ann")])]
    var withCards = Arrangement(sections: sections, extras: board.extras)
    let written = text(withCards)
    #expect(written == "---\n\nkanban-plugin: basic\n\n---\n\n## To do\n\n- [ ] Buy milk\n- [ ] Call Ann\n\n")
    let read = try ArrangementFormat.markdown.read(Array(written.utf8))
    #expect(read.tiles(inSection: 0).map(\.displayTitle) == ["Buy milk", "Call Ann"])
    #expect(read.tiles(inSection: 0).map(\.checkbox) == [false, false])
    #expect(text(read) == written)

    // A second lane gets the first one's blank lines.
    sections.append((Section(id: "done", title: "Done"), [Tile(id: "ship", title: "Ship it")]))
    withCards = Arrangement(sections: sections, extras: board.extras)
    #expect(text(withCards).hasSuffix("## To do\n\n- [ ] Buy milk\n- [ ] Call Ann\n\n## Done\n\n- [ ] Ship it\n\n"))
    // Other formats open a new file as before.
    #expect(ArrangementFormat.lines.newFile == .newFile)
  }

  @Test("the settings block's lane-width is read in pixels at 8 a cell")
  func laneWidth() throws {
    func width(_ settings: String) throws -> Int? {
      MarkdownBoard.laneWidth(try ArrangementFormat.markdown.read(Array(("## A\n- a\n\n" + settings).utf8)))
    }
    #expect(try width("%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\",\"lane-width\":300}\n```\n%%\n") == 37)
    #expect(try width("%% kanban:settings\n```\n{\"lane-width\" : 272, \"x\": 1}\n```\n%%\n") == 34)
    #expect(try width("%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\"}\n```\n%%\n") == nil)
    #expect(try width("%% kanban:settings\n```\n{\"lane-width\":\"wide\"}\n```\n%%\n") == nil)
    #expect(try width("") == nil)
    let board = try ArrangementFormat.markdown.read(Array("## A\n- a\n".utf8))
    #expect(ArrangementFormat.markdown.openingView(of: board) == .lanes(laneWidth: nil))
    #expect(ArrangementFormat.json.openingView(of: board) == .file)
  }

  @Test("lane widths: the screen over the lanes that fit, 24 to 40; a given width kept within them")
  func laneWidths() {
    #expect(LayoutParameters.laneWidth(viewportWidth: 80, lanes: 3) == 26)
    #expect(LayoutParameters.laneWidth(viewportWidth: 80, lanes: 5) == 26)
    #expect(LayoutParameters.laneWidth(viewportWidth: 200, lanes: 3) == 40)
    #expect(LayoutParameters.laneWidth(viewportWidth: 20, lanes: 3) == 24)
    #expect(LayoutParameters.laneWidth(viewportWidth: 80, lanes: 0) == 40)
    #expect(LayoutParameters.laneWidth(viewportWidth: 80, lanes: 3, laneWidth: 100) == 40)
    #expect(LayoutParameters.laneWidth(viewportWidth: 80, lanes: 3, laneWidth: 10) == 24)
    let p = LayoutParameters.lanes(viewportWidth: 80, lanes: 3)
    #expect(p.direction == .lanes && p.alignment == .left && p.itemSize == Size(width: 24, height: 4))
  }

  @Test("what a format cannot keep is refused with the reason; what it keeps is not")
  func refusals() throws {
    let board = try ArrangementFormat.markdown.read(Array("## A\n- [ ] a\n".utf8))
    let path = ItemPath(0, 0)
    var tile = board[path]
    tile.color = TileColor("red")
    let recolor = Edit.setTile(at: path, to: tile)
    #expect(ArrangementFormat.markdown.traits.refusal(of: recolor, in: board) == "A Markdown board keeps no colors")
    #expect(ArrangementFormat.csv.traits.refusal(of: recolor, in: board) == nil)
    #expect(ArrangementFormat.json.traits.refusal(of: recolor, in: board) == nil)
    tile = board[path]
    tile.width = 20
    let widen = Edit.setTile(at: path, to: tile)
    #expect(ArrangementFormat.lines.traits.refusal(of: widen, in: board) == "A lines file keeps no widths")
    #expect(ArrangementFormat.markdown.traits.refusal(of: widen, in: board) == "A Markdown board keeps no widths")
    tile = board[path]
    tile.locked = true
    #expect(ArrangementFormat.markdown.traits.refusal(of: .setTile(at: path, to: tile), in: board) == "A Markdown board keeps no locks")
    var section = board.sections[0].fields
    section.maxItems = 3
    #expect(ArrangementFormat.markdown.traits.refusal(of: .setSection(at: 0, to: section), in: board) == "A Markdown board keeps no limits")
    // A checkbox is a Markdown board's, not a lines file's; renames and moves are every format's.
    let checked = Edit.setTile(at: path, to: board[path].withCheckbox(true))
    #expect(ArrangementFormat.markdown.traits.refusal(of: checked, in: board) == nil)
    #expect(ArrangementFormat.lines.traits.refusal(of: checked, in: board) == "A lines file keeps no checkboxes")
    tile = board[path]
    tile.title = "b"
    #expect(ArrangementFormat.lines.traits.refusal(of: .setTile(at: path, to: tile), in: board) == nil)
    #expect(ArrangementFormat.lines.traits.refusal(of: .moveTile(from: path, to: path), in: board) == nil)
  }
}
