import TileModel

extension ArrangementFormat {
  /// A Markdown board: `## ` headings are sections, top-level list items tiles.
  public static let markdown = ArrangementFormat(MarkdownFormat())
}

/// A Markdown board (`MarkdownBoard`: taskell's, Obsidian Kanban's): `## ` headings are lanes, list
/// items cards with their checkboxes and the lines under them; it opens as lanes side by side.
struct MarkdownFormat: FileFormat {
  var name: String { "markdown" }
  var extensions: [String] { ["md", "markdown"] }
  var guess: String { "is it a Markdown board" }
  var kind: String { "Markdown boards" }
  var recognitionOrder: Int { 1 }
  var extrasKey: String? { MarkdownBoard.key }
  var fileObjectConflict: String? {
    "the board's text outside its lanes (front matter, the text before the first lane, the settings): changed by both"
  }
  var traits: FormatTraits {
    FormatTraits(
      name: "A Markdown board", keepsColors: false, keepsWidths: false, keepsLocks: false, keepsSectionLocks: false,
      keepsLimits: false, keepsLayout: false, keepsCheckboxes: true)
  }

  /// Front matter (a first line `---`) or a `## ` heading on a line of the first
  /// `ArrangementFormat.headingSearchLimit` bytes: a board has one long before, and a large list of
  /// lines or garbage is not read twice to find out.
  func recognises(_ content: ContentSample) -> Bool {
    if ContentSample.trimmed(content.firstLine) == Array("---".utf8) { return true }
    let bytes = content.bytes
    var lineStart = content.start
    let limit = min(bytes.count, content.start + ArrangementFormat.headingSearchLimit)
    for k in content.start...limit where k == limit || bytes[k] == 0x0A || bytes[k] == 0x0D {
      if k - lineStart >= 3 && bytes[lineStart] == 0x23 && bytes[lineStart + 1] == 0x23 && bytes[lineStart + 2] == 0x20 {
        return true
      }
      lineStart = k + 1
    }
    return false
  }

  func read(_ bytes: [UInt8]) throws(FormatError) -> Arrangement { try MarkdownBoard.read(bytes) }
  func checkWritable(_ arrangement: Arrangement) throws(FormatError) { try MarkdownBoard.checkWritable(arrangement) }
  func write<E: Error>(_ arrangement: Arrangement, chunkSize: Int, _ emit: ([UInt8]) throws(E) -> Void) throws(E)
    -> LostFields
  {
    try MarkdownBoard.write(arrangement, chunkSize: chunkSize, emit)
  }

  var cardsAreMarkdown: Bool { true }
  var cardTextSuffix: String { ".md" }

  /// Its front matter, the text before the first lane, the archive and the settings block; the text
  /// under a heading; the lines under an item.
  func leftovers(ofFile md: [JSONField]) -> [String] {
    var lost: [String] = []
    if md["frontMatter"] != nil { lost.append("front matter") }
    if md["preamble"].map(LostFields.hasText) == true { lost.append("preamble") }
    if md["tail"] != nil { lost.append("archive and settings") }
    return lost
  }

  func leftovers(ofSection md: [JSONField]) -> [String] {
    md["lines"].map(LostFields.hasText) == true ? ["text under the heading"] : []
  }

  func leftovers(ofTile md: [JSONField]) -> [String] {
    (md["lines"]?.array?.count ?? 0) > 1 ? ["lines under the item"] : []
  }

  /// As lanes side by side, the settings block's `lane-width` where given.
  func openingView(of arrangement: Arrangement) -> LayoutView {
    .lanes(laneWidth: MarkdownBoard.laneWidth(arrangement))
  }

  /// False when its settings block says `"show-checkboxes": false` (Obsidian's setting).
  func showsCheckboxes(_ arrangement: Arrangement) -> Bool {
    MarkdownBoard.setting("show-checkboxes", of: arrangement) != "false"
  }

  /// One lane `To do` in Obsidian Kanban's own style (`MarkdownBoard.newBoard`).
  var newFile: Arrangement { MarkdownBoard.newBoard }

  func headingPrefix(like baseHeading: String) -> String? { String(MarkdownBoard.headingPrefix(baseHeading)) }

  /// Its card lines: the item line and the lines under it, without the blank lines after it, which
  /// stay where they are.
  func cardText(of tile: Tile) -> String {
    let lines = tile.markdownLines
    guard !lines.isEmpty else { return "- " + tile.displayTitle + "\n" }
    return ArrangementFormat.withoutTrailingBlanks(lines).joined(separator: "\n") + "\n"
  }

  /// One card: one item, with what goes under it, nothing before it and no heading.
  func card(fromText body: String, replacing tile: Tile) -> Result<Tile, CardTextRefusal> {
    ArrangementFormat.markdownCard(body, replacing: tile)
  }

  func cutIntoChunks(_ read: Arrangement, bytes: [UInt8], ids: [[String]], sections: [String], add: MergeChunkAdder) -> Bool {
    let strings = MergeWriting.Chunks.strings
    let file = read.formatObject(MarkdownBoard.key)
    return MergeWriting.Chunks.cutHeaded(
      read, key: MarkdownBoard.key, ids: ids, sections: sections,
      head: strings(file?["frontMatter"]) + strings(file?["preamble"]), tail: strings(file?["tail"]),
      cardLines: { own, _ in strings(own?["lines"]) }, add: add)
  }
}
