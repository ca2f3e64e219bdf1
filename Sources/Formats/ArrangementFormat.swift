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
public enum ArrangementFormat: String, CaseIterable, Sendable, CustomStringConvertible {
  /// TileGrid's arrangement file (docs/file-format.md); `TileGridJSON` reads and writes it.
  case json
  /// A Markdown board: `## ` headings are sections, top-level list items tiles.
  case markdown
  /// One tile per line; `# TITLE` starts a section.
  case lines
  /// RFC 4180 comma-separated values with a header row.
  case csv
  /// Tab-separated values with a header row; fields hold no tab or line break.
  case tsv

  /// The format named as `--format` and `--to` name it: `json`, `markdown`, `lines`, `csv`, `tsv`.
  public init?(name: String) {
    self.init(rawValue: name)
  }

  /// The format a path's extension names (`.json`; `.md`, `.markdown`; `.txt`; `.csv`; `.tsv`, in any
  /// case), or nil for any other path: the caller decides (the command line reads those as JSON).
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "json": self = .json
    case "md", "markdown": self = .markdown
    case "txt": self = .lines
    case "csv": self = .csv
    case "tsv": self = .tsv
    default: return nil
    }
  }

  /// The format's name, as `--format` takes it.
  public var description: String { rawValue }

  /// The names, for messages: "json, markdown, lines, csv or tsv".
  public static var names: String {
    let all = allCases.map(\.rawValue)
    return all.dropLast().joined(separator: ", ") + " or " + all[all.count - 1]
  }

  /// Reads an arrangement from a file's bytes. Text formats take UTF-8 (a leading byte order mark is
  /// kept, not read); JSON is read by `Arrangement(json:)`.
  ///
  /// - Throws: `FormatError`: for JSON, the `LoadError` naming the place; for the text formats, the
  ///   line and column (1-based, columns in characters) and what is wrong there.
  /// - Complexity: O(bytes).
  public func read(_ bytes: [UInt8]) throws(FormatError) -> Arrangement {
    switch self {
    case .json:
      do {
        return try Arrangement(json: bytes)
      } catch {
        throw .json(error)
      }
    case .markdown: return try MarkdownBoard.read(bytes)
    case .lines: return try LineList.read(bytes)
    case .csv: return try Table.read(bytes, separator: .comma)
    case .tsv: return try Table.read(bytes, separator: .tab)
    }
  }

  /// Whether the format can hold the arrangement at all; call it before `write`, which writes
  /// something for every arrangement. A title with a line break cannot be a Markdown item, a line or a
  /// TSV field; a TSV field cannot hold a tab; a line cannot start with `# ` or be blank.
  /// - Throws: `FormatError.cannotWrite`, naming the first tile or section that does not fit.
  /// - Complexity: O(n) in the tiles and their text.
  public func checkWritable(_ arrangement: Arrangement) throws(FormatError) {
    switch self {
    case .json, .csv: return
    case .markdown: try MarkdownBoard.checkWritable(arrangement)
    case .lines: try LineList.checkWritable(arrangement)
    case .tsv: try Table.checkWritable(arrangement, separator: .tab)
    }
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
    switch self {
    case .json:
      try arrangement.writeJSON(chunkSize: chunkSize, emit)
      return LostFields(format: self)
    case .markdown: return try MarkdownBoard.write(arrangement, chunkSize: chunkSize, emit)
    case .lines: return try LineList.write(arrangement, chunkSize: chunkSize, emit)
    case .csv: return try Table.write(arrangement, separator: .comma, chunkSize: chunkSize, emit)
    case .tsv: return try Table.write(arrangement, separator: .tab, chunkSize: chunkSize, emit)
    }
  }

  /// The whole file as bytes, and what could not be kept (`write` into one array).
  public func bytes(_ arrangement: Arrangement) -> (bytes: [UInt8], lost: LostFields) {
    var bytes: [UInt8] = []
    let lost = write(arrangement) { bytes.append(contentsOf: $0) }
    return (bytes, lost)
  }
}
