import TileModel

extension ArrangementFormat {
  /// RFC 4180 comma-separated values with a header row.
  public static let csv = ArrangementFormat(TableFormat(separator: .comma))
  /// Tab-separated values with a header row; fields hold no tab or line break.
  public static let tsv = ArrangementFormat(TableFormat(separator: .tab))
}

/// A table (`Table`) with a header row naming a `title` column: CSV, or TSV. It keeps colors, widths
/// and locks in columns of their own; its rows are grouped by a `section` column, not by headings, and
/// a table with an `id` column keeps the ids given there.
struct TableFormat: FileFormat {
  let separator: Table.Separator

  var name: String { separator == .comma ? "csv" : "tsv" }
  var extensions: [String] { [name] }
  var guess: String { separator == .comma ? "is it CSV" : "is it TSV" }
  var kind: String { separator == .comma ? "CSV" : "TSV" }
  /// TSV before CSV: a header split by tabs whose fields hold commas is TSV's.
  var recognitionOrder: Int { separator == .tab ? 2 : 3 }
  var extrasKey: String? { separator.key }
  var fileObjectConflict: String? { "the table's columns: changed by both" }
  var sectionsMayMerge: Bool { true }
  var traits: FormatTraits {
    FormatTraits(
      name: separator == .comma ? "A CSV table" : "A TSV table", keepsColors: true, keepsWidths: true, keepsLocks: true,
      keepsSectionLocks: false, keepsLimits: false, keepsLayout: false, keepsCheckboxes: false,
      addsColorColumn: true)
  }

  /// A first line that is a header naming a `title` column.
  func recognises(_ content: ContentSample) -> Bool { content.firstLineNamesTitle(separator: separator.byte) }

  func read(_ bytes: [UInt8]) throws(FormatError) -> Arrangement { try Table.read(bytes, separator: separator) }

  /// A TSV field cannot hold a tab or a line break; CSV holds everything.
  func checkWritable(_ arrangement: Arrangement) throws(FormatError) {
    try Table.checkWritable(arrangement, separator: separator)
  }

  func write<E: Error>(_ arrangement: Arrangement, chunkSize: Int, _ emit: ([UInt8]) throws(E) -> Void) throws(E)
    -> LostFields
  {
    try Table.write(arrangement, separator: separator, chunkSize: chunkSize, emit)
  }

  func lacksColorColumn(_ arrangement: Arrangement) -> Bool {
    !Table.storedColumns(arrangement, separator).contains { Table.Known(header: $0) == .color }
  }

  /// With an `id` column, the rows whose cell was empty; without one, every row.
  func cardsWithMadeIDs(_ arrangement: Arrangement) -> CardPairing.Kind {
    let columns = Table.storedColumns(arrangement, separator)
    return columns.contains { Table.Known(header: $0) == .id } ? .blankIDs(separator.key) : .all
  }

  /// Records, one chunk each: the header, then each row; a CSV record runs on while its quotes are
  /// open (a field holding a line break).
  func cutIntoChunks(_ read: Arrangement, bytes: [UInt8], ids: [[String]], sections: [String], add: MergeChunkAdder) -> Bool {
    guard let text = try? TextLines(bytes) else { return false }
    var k = 0
    func record() -> [String] {
      var lines = [text.lines[k]]
      var open = separator == .comma && text.lines[k].utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\"") ? 1 : 0) } % 2 == 1
      k += 1
      while open && k < text.lines.count {
        lines.append(text.lines[k])
        if text.lines[k].utf8.reduce(0, { $0 + ($1 == UInt8(ascii: "\"") ? 1 : 0) }) % 2 == 1 { open = false }
        k += 1
      }
      return lines
    }
    if k < text.lines.count {
      let header = record()
      add(header.count, header, nil, nil)
    }
    for (s, section) in sections.enumerated() {
      for id in ids[s] {
        guard k < text.lines.count else { return false }
        let lines = record()
        add(lines.count, lines, .tile(id), section)
      }
    }
    return true
  }
}
