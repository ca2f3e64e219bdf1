import TileGridJSON
import TileModel

/// The formats an arrangement is read from and written to (docs/formats.md): TileGrid's own JSON, and
/// the lists people already keep — Markdown boards (taskell's, Obsidian Kanban's), plain lines, CSV and
/// TSV.
///
/// Every text format keeps what it needs to write its file back exactly in the arrangement itself, as
/// unknown keys (`extras`): an item's raw lines and checkbox, a heading and the text under it, front
/// matter, the archive, the line endings, CSV's other columns. So the writer is a pure function of the
/// arrangement: a board read, converted to JSON, reordered, merged by id and written back as Markdown
/// is still the same file except for what changed.
///
///     let format = ArrangementFormat(path: "board.md") ?? .json           // .markdown
///     var board = try format.read(bytes)                                  // FormatError: line, column
///     try board.move(from: ItemPath(0, 0), toPlace: ItemPath(1, 0))
///     try format.checkWritable(board)                                     // TSV's tabs, a line break
///     var out: [UInt8] = []
///     let lost = format.write(board) { out += $0 }                        // the file, one item moved
///     if !lost.isEmpty { print("\(format) cannot keep \(lost)") }         // fields left out, if any
///
/// Each format is one type conforming to `FileFormat`, listed once in `FormatRegistry`; this value
/// names one of them, and what follows asks it.
public struct ArrangementFormat: Sendable, Hashable, CustomStringConvertible {
  /// The format itself.
  let definition: any FileFormat
  /// Its `FileFormat.extrasKey`, asked for every tile a writer checks.
  let objectKey: String?

  init(_ definition: any FileFormat) {
    self.definition = definition
    self.objectKey = definition.extrasKey
  }

  /// Every format, in the order the help names them (`FormatRegistry.formats`).
  public static var allCases: [ArrangementFormat] { FormatRegistry.formats }

  /// The format named as `--format` and `--to` name it: `json`, `markdown`, `lines`, `csv`, `tsv`.
  public init?(name: String) {
    guard let format = FormatRegistry.formats.first(where: { $0.name == name }) else { return nil }
    self = format
  }

  /// The format a path names: by its whole file name (`FileFormat.fileNames`), else by its extension
  /// (`.json`; `.md`, `.markdown`; `.txt`; `.csv`; `.tsv`, in any case); nil for any other path: the
  /// caller decides (the command line reads those as JSON).
  public init?(path: String) {
    let base = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    if !base.isEmpty, let format = FormatRegistry.formats.first(where: { f in
      f.definition.fileNames.contains { $0.lowercased() == base.lowercased() }
    }) {
      self = format
      return
    }
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let ext = path[path.index(after: dot)...].lowercased()
    guard let format = FormatRegistry.formats.first(where: { $0.definition.extensions.contains(ext) }) else { return nil }
    self = format
  }

  /// The format's name, as `--format` takes it.
  public var name: String { definition.name }

  /// The format's name, as `--format` takes it.
  public var description: String { name }

  /// The format's name (as the enum this value replaced spelled it).
  public var rawValue: String { name }

  /// The extension a file of the format is written with: `json`, `md`, `txt`, `csv`, `tsv`.
  public var fileExtension: String { definition.extensions.first ?? name }

  /// Every extension it is recognised by, dotted: `.md`, `.markdown`.
  public var extensions: [String] { definition.extensions.map { "." + $0 } }

  /// The question a message asks when content looks like this format: `is it lines`.
  public var guess: String { definition.guess }

  /// Whether its cards carry ids of their own (JSON: the id merge, conflicts recorded in the file).
  public var keepsIDs: Bool { definition.keepsIDs }

  public static func == (a: ArrangementFormat, b: ArrangementFormat) -> Bool { a.name == b.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// The names, for messages: "json, markdown, lines, csv or tsv".
  public static var names: String { Self.listed(allCases.map(\.name)) }

  /// Every extension formats are recognised by, for the help: ".json, .md, .markdown, .txt, .csv or .tsv".
  public static var extensionNames: String { Self.listed(allCases.flatMap(\.extensions)) }

  /// What files of the format hold, for the help's prose: `Markdown boards`.
  public var kind: String { definition.kind }

  /// What files of every format hold: "JSON, Markdown boards, lists of lines, CSV or TSV".
  public static var kinds: String { Self.listed(allCases.map(\.kind)) }

  /// `a, b or c`.
  static func listed(_ all: [String]) -> String {
    all.dropLast().joined(separator: ", ") + " or " + all[all.count - 1]
  }

  /// Reads an arrangement from a file's bytes. Text formats take UTF-8 (a leading byte order mark is
  /// kept, not read); JSON is read by `Arrangement(json:)`.
  ///
  /// - Throws: `FormatError`: for JSON, the `LoadError` naming the place; for the text formats, the
  ///   line and column (1-based, columns in characters) and what is wrong there.
  /// - Complexity: O(bytes).
  public func read(_ bytes: [UInt8]) throws(FormatError) -> Arrangement {
    try definition.read(bytes)
  }

  /// Whether the format can hold the arrangement at all; call it before `write`, which writes
  /// something for every arrangement. A title with a line break cannot be a Markdown item, a line or a
  /// TSV field; a TSV field cannot hold a tab; a line cannot start with `# ` or be blank.
  /// - Throws: `FormatError.cannotWrite`, naming the first tile or section that does not fit.
  /// - Complexity: O(n) in the tiles and their text.
  public func checkWritable(_ arrangement: Arrangement) throws(FormatError) {
    try definition.checkWritable(arrangement)
  }

  /// Writes the arrangement in this format to `emit`, in chunks of about `chunkSize` bytes (as
  /// `writeJSON` does, so a large arrangement never sits in memory as text), and returns the fields
  /// the format could not keep (`LostFields`, empty for JSON), for one line on standard error.
  /// Whatever `emit` throws stops the writing and is rethrown.
  ///
  /// An arrangement read from this format and not changed is written back byte for byte; see
  /// docs/formats.md for what each format keeps.
  /// - Complexity: O(n) in the tiles and their text.
  @discardableResult
  public func write<E: Error>(
    _ arrangement: Arrangement, chunkSize: Int = 1 << 20, _ emit: ([UInt8]) throws(E) -> Void
  ) throws(E) -> LostFields {
    try definition.write(arrangement, chunkSize: chunkSize, emit)
  }

  /// The whole file as bytes, and what could not be kept (`write` into one array).
  public func bytes(_ arrangement: Arrangement) -> (bytes: [UInt8], lost: LostFields) {
    var bytes: [UInt8] = []
    let lost = write(arrangement) { bytes.append(contentsOf: $0) }
    return (bytes, lost)
  }
}
