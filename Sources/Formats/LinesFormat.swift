import TileModel

extension ArrangementFormat {
  /// One tile per line; `# TITLE` starts a section.
  public static let lines = ArrangementFormat(LinesFormat())
}

/// A lines file (`LineList`): one card per line, `# TITLE` starts a section. Every text is a list of
/// lines, so content no other format recognises is read as lines.
struct LinesFormat: FileFormat {
  var name: String { "lines" }
  var extensions: [String] { ["txt"] }
  var guess: String { "is it lines" }
  var kind: String { "lists of lines" }
  var extrasKey: String? { LineList.key }
  var fileObjectConflict: String? { "the list's lines before its first card: changed by both" }
  var traits: FormatTraits {
    FormatTraits(
      name: "A lines file", keepsColors: false, keepsWidths: false, keepsLocks: false, keepsSectionLocks: false,
      keepsLimits: false, keepsLayout: false, keepsCheckboxes: false)
  }

  func recognises(_ content: ContentSample) -> Bool { true }
  func read(_ bytes: [UInt8]) throws(FormatError) -> Arrangement { try LineList.read(bytes) }
  func checkWritable(_ arrangement: Arrangement) throws(FormatError) { try LineList.checkWritable(arrangement) }
  func write<E: Error>(_ arrangement: Arrangement, chunkSize: Int, _ emit: ([UInt8]) throws(E) -> Void) throws(E)
    -> LostFields
  {
    try LineList.write(arrangement, chunkSize: chunkSize, emit)
  }

  func openingView(of arrangement: Arrangement) -> LayoutView { .list }
  func headingPrefix(like baseHeading: String) -> String? { "# " }

  func card(fromText body: String, replacing tile: Tile) -> Result<Tile, CardTextRefusal> {
    oneLineCard(body, replacing: tile, refusing: "# ", why: "a line '# …' is a section")
  }

  func cutIntoChunks(_ read: Arrangement, bytes: [UInt8], ids: [[String]], sections: [String], add: MergeChunkAdder) -> Bool {
    let strings = MergeWriting.Chunks.strings
    return MergeWriting.Chunks.cutHeaded(
      read, key: LineList.key, ids: ids, sections: sections, head: strings(read.formatObject(LineList.key)?["head"]),
      tail: [], cardLines: { own, tile in [own?["line"]?.string ?? tile.displayTitle] + strings(own?["after"]) }, add: add)
  }
}
