import TileModel

/// One file format an arrangement is read from and written to: everything TileGrid knows of it, in
/// one type of its own (`JSONFormat`, `MarkdownFormat`, `LinesFormat`, `TableFormat` for CSV and TSV),
/// listed once in `FormatRegistry.formats`. `ArrangementFormat` names a registered format; the option
/// help, the command overview, `help formats`, the extensions and content `tilegrid` recognises, the
/// format objects kept in `extras` and the merge's routes are all made from the registry.
///
/// Adding a format is one new file holding a type that conforms (and its `ArrangementFormat` name)
/// and one line in `FormatRegistry.formats` (docs/architecture.md, "a new file format").
///
/// Only `name`, `extensions`, `guess`, `kind`, `read`, `write` and `traits` have no default; the defaults
/// are those of a plain list of titles (no checkboxes, no lines under a card, opened by its own layout).
protocol FileFormat: Sendable {
  /// The name `--format` and `--to` take: `json`, `markdown`.
  var name: String { get }
  /// The extensions a path of it ends in (lowercase, without the dot); the first is the one it is
  /// written with (`FormatOptions.renamed`, the merge's record).
  var extensions: [String] { get }
  /// Whole file names that are of this format whatever their extension says (todo.txt's `todo.txt`),
  /// compared without case; looked at before any extension. Default: none.
  var fileNames: [String] { get }
  /// The question a failed read's message asks when content looks like this format: `is it CSV`.
  var guess: String { get }
  /// What files of it hold, for the help's prose: `Markdown boards`, `lists of lines`, `CSV`.
  var kind: String { get }
  /// When `recognises` is asked: lower first; the first format that recognises a content is its
  /// format. Default: `Int.max`, after every other.
  var recognitionOrder: Int { get }
  /// Whether content whose name says nothing looks like this format (`ArrangementFormat(content:)`).
  /// Default: never.
  func recognises(_ content: ContentSample) -> Bool

  /// Reads an arrangement from a file's bytes, or throws the place and what is wrong there.
  func read(_ bytes: [UInt8]) throws(FormatError) -> Arrangement
  /// Whether the format can hold the arrangement at all. Default: it holds everything.
  func checkWritable(_ arrangement: Arrangement) throws(FormatError)
  /// Writes the arrangement to `emit` in chunks of about `chunkSize` bytes and returns what the
  /// format could not keep.
  func write<E: Error>(_ arrangement: Arrangement, chunkSize: Int, _ emit: ([UInt8]) throws(E) -> Void) throws(E)
    -> LostFields

  /// What it keeps of an edit (colors, widths, locks, limits, layout, checkboxes), and how messages
  /// name a file of it.
  var traits: FormatTraits { get }
  /// Whether its cards carry ids of their own (JSON): then a merge takes the id merge, exact and
  /// fast, and records conflicts in the file; otherwise each card's id is made from its title and a
  /// merge goes through git's line merge and the card pairing. Default: false.
  var keepsIDs: Bool { get }
  /// Which cards of an arrangement read from it have ids made from their titles, for the card
  /// pairing of `diff` and `merge`. Default: every card, or none when `keepsIDs`.
  func cardsWithMadeIDs(_ arrangement: Arrangement) -> CardPairing.Kind
  /// The key of the object in which it keeps its own lines in `extras` (on the file, sections and
  /// tiles: `ExtrasKey`), or nil when it keeps none (JSON).
  var extrasKey: String? { get }
  /// What a conflict over the file's own object says, when both sides changed it. Default: none.
  var fileObjectConflict: String? { get }
  /// The prefix its section heading would have when a heading like `baseHeading` is written again
  /// (`## `, `# `), or nil for a format whose object holds no heading line. Default: nil.
  func headingPrefix(like baseHeading: String) -> String?
  /// How a file of it is cut into chunks for conflict markers (`MergeWriting.Chunks`): one call of
  /// `add` per stretch of lines (the file's head, a section's heading, each card, a section's end)
  /// over `bytes`, the file `arrangement` was written as and read back as `read`. False when the
  /// format is not cut (JSON records its conflicts) or the file does not add up.
  func cutIntoChunks(_ read: Arrangement, bytes: [UInt8], ids: [[String]], sections: [String], add: MergeChunkAdder) -> Bool
  /// Whether a merged file read back may have another number of sections than the board written
  /// (a table groups its rows by section without headings). Default: false.
  var sectionsMayMerge: Bool { get }

  /// What its own object holds that another format writing the arrangement loses, for `LostFields`:
  /// the file's (`front matter`), a section's (`text under the heading`) and a tile's (`lines under
  /// the item`), by name. Default: nothing (its object holds only how its text was laid out).
  func leftovers(ofFile object: [JSONField]) -> [String]
  func leftovers(ofSection object: [JSONField]) -> [String]
  func leftovers(ofTile object: [JSONField]) -> [String]

  /// Whether its cards' titles and lines are Markdown, drawn as such. Default: false.
  var cardsAreMarkdown: Bool { get }
  /// The end of the name of the file a card's text is edited in (`e`), so that the text editor knows
  /// the language. Default: `.txt`.
  var cardTextSuffix: String { get }

  /// How a file of it opens. Default: by its own layout.
  func openingView(of arrangement: Arrangement) -> LayoutView
  /// Whether its cards show their checkboxes. Default: true.
  func showsCheckboxes(_ arrangement: Arrangement) -> Bool
  /// What `tilegrid FILE` opens when FILE does not exist. Default: one empty section, `Tiles`.
  var newFile: Arrangement { get }
  /// Whether a tile given a color needs a column for it first (a table without one). Default: false.
  func lacksColorColumn(_ arrangement: Arrangement) -> Bool
  /// The text of a card as the file holds it, for `e`. Default: its title, one line.
  func cardText(of tile: Tile) -> String
  /// The card an edited text makes in place of `tile`, or why it makes none. Default: one line, not
  /// empty, as the title.
  func card(fromText body: String, replacing tile: Tile) -> Result<Tile, CardTextRefusal>
}

/// How a format's `cutIntoChunks` hands over one stretch of lines: its line count, its text, whose it
/// is (nil: nobody's), and the section a card is in.
typealias MergeChunkAdder = (_ count: Int, _ text: [String], _ subject: MergeSubject?, _ section: String?) -> Void

extension FileFormat {
  var fileNames: [String] { [] }
  var recognitionOrder: Int { .max }
  func recognises(_ content: ContentSample) -> Bool { false }
  func checkWritable(_ arrangement: Arrangement) throws(FormatError) {}
  var keepsIDs: Bool { false }
  func cardsWithMadeIDs(_ arrangement: Arrangement) -> CardPairing.Kind { keepsIDs ? .none : .all }
  var fileObjectConflict: String? { nil }
  func headingPrefix(like baseHeading: String) -> String? { nil }
  func cutIntoChunks(_ read: Arrangement, bytes: [UInt8], ids: [[String]], sections: [String], add: MergeChunkAdder) -> Bool {
    false
  }
  var sectionsMayMerge: Bool { false }
  func leftovers(ofFile object: [JSONField]) -> [String] { [] }
  func leftovers(ofSection object: [JSONField]) -> [String] { [] }
  func leftovers(ofTile object: [JSONField]) -> [String] { [] }
  var cardsAreMarkdown: Bool { false }
  var cardTextSuffix: String { ".txt" }
  func openingView(of arrangement: Arrangement) -> LayoutView { .file }
  func showsCheckboxes(_ arrangement: Arrangement) -> Bool { true }
  var newFile: Arrangement { .newFile }
  func lacksColorColumn(_ arrangement: Arrangement) -> Bool { false }
  func cardText(of tile: Tile) -> String { tile.displayTitle + "\n" }
  func card(fromText body: String, replacing tile: Tile) -> Result<Tile, CardTextRefusal> {
    oneLineCard(body, replacing: tile)
  }

  /// The default card from a text: one line, not empty, as the title; a line `refused` starts with
  /// is refused with `why`.
  func oneLineCard(_ body: String, replacing tile: Tile, refusing prefix: String? = nil, why: String = "")
    -> Result<Tile, CardTextRefusal>
  {
    guard !body.isEmpty else { return .failure(.empty) }
    guard !body.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return .failure(.severalLines) }
    if let prefix, body.hasPrefix(prefix) { return .failure(.notOneCard(why)) }
    var edited = tile
    edited.title = body
    return .success(edited)
  }
}

/// The start of a file whose name says nothing, as formats look at it to recognise it: the bytes, where
/// they start after a byte order mark, and the first line after the blanks before it.
struct ContentSample {
  /// The whole content.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the content starts: after a byte order mark.
  let start: Int
  /// The first byte that is not a blank (space, tab, line break); `bytes.count` when there is none.
  let first: Int
  /// The first line, from `first` to its line break.
  let firstLine: [UInt8]

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    var start = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
    var first = start
    while first < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[first]) { first += 1 }
    var end = first
    while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
    self.start = start
    self.first = first
    self.firstLine = Array(bytes[first..<end])
  }

  /// Whether the first line is a header naming a `title` column, split by `separator` (in any case,
  /// blanks and quotes around it ignored), as the table reader finds its title column.
  func firstLineNamesTitle(separator: UInt8) -> Bool {
    guard firstLine.contains(separator) else { return false }
    return firstLine.split(separator: separator, omittingEmptySubsequences: false).contains { field in
      var name = Self.trimmed(Array(field))
      if name.count >= 2 && name.first == 0x22 && name.last == 0x22 { name = Self.trimmed(Array(name.dropFirst().dropLast())) }
      return String(decoding: name, as: UTF8.self).lowercased() == "title"
    }
  }

  static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
    var slice = bytes[...]
    while let b = slice.first, b == 0x20 || b == 0x09 { slice.removeFirst() }
    while let b = slice.last, b == 0x20 || b == 0x09 { slice.removeLast() }
    return Array(slice)
  }
}
