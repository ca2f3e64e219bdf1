import TileModel

/// A table with a header row, one tile per row (docs/formats.md, "CSV and TSV"):
///
///     section,title,color,notes          ← the header: columns in any order (file: csv.columns)
///     To Do,Buy milk,,"oat, not soy"     ← a tile; `notes` is kept on it as an unknown key
///     To Do,Call Ann,red,
///     Done,"Say ""hi""",,                ← sections in the order they first appear
///
/// The columns TileGrid knows are `section`, `id`, `title`, `color`, `width` and `locked` (by name,
/// in any case, blanks around it ignored); only `title` is required. Every other column is kept on
/// each tile as an unknown key holding the cell's text (empty cells are left out) and written back in
/// its place. An empty `section` cell (or no `section` column) puts the tile in an untitled section;
/// an empty `id` cell gives an id from the title (and the tile `csv.blankID`, so the cell stays
/// empty); an empty `color` cell a made-up color.
///
/// CSV is RFC 4180: fields quoted with `"` may hold commas, line breaks and doubled quotes; records end
/// with CR LF or LF (or CR, in a file without an LF). TSV fields are split at tabs and never quoted, so they hold no tab or line break.
/// The writer quotes a CSV field only where it must (a comma, a quote, a line break) — or every field,
/// when every field of the file read was quoted — so a file grouped by section and quoted as TileGrid
/// quotes comes back byte for byte. Blank lines are not rows and are not kept; `true`, `false` and
/// numbers are written as TileGrid writes them.
enum Table {
  enum Separator {
    case comma, tab

    var byte: UInt8 { self == .comma ? UInt8(ascii: ",") : 0x09 }
    var format: ArrangementFormat { self == .comma ? .csv : .tsv }
    var key: String { self == .comma ? "csv" : "tsv" }
    var otherKey: String { self == .comma ? "tsv" : "csv" }
  }

  /// The columns TileGrid knows.
  enum Known: String, CaseIterable {
    case section, id, title, color, width, locked

    init?(header: String) {
      self.init(rawValue: header.trimmedLine.lowercased())
    }
  }

  enum Column: Equatable {
    case known(Known)
    case extra(String)
  }

  private struct Field {
    var value: String
    var quoted: Bool
    var offset: Int
  }

  // MARK: - Reading

  static func read(_ bytes: [UInt8], separator: Separator) throws(FormatError) -> Arrangement {
    let result: Result<Arrangement, FormatError> = bytes.withUnsafeBufferPointer { buffer in
      do throws(FormatError) {
        return .success(try read(buffer, separator: separator))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private static func read(_ buffer: UnsafeBufferPointer<UInt8>, separator: Separator) throws(FormatError) -> Arrangement {
    if let bad = UTF8Check.firstInvalid(buffer) {
      throw FormatError.at(bad, in: buffer, "the text is not UTF-8 (byte 0x\(hex(buffer[bad])))")
    }
    let bom = TextLines.hasByteOrderMark(buffer)
    let (records, style) = try parseRecords(buffer, from: bom ? 3 : 0, separator: separator)
    func fail(_ offset: Int, _ reason: String) -> FormatError { FormatError.at(offset, in: buffer, reason) }

    // STEP 1: the header.
    guard let header = records.first else {
      throw FormatError.malformed(
        line: 1, column: 1, reason: "there is no header row (it names the columns; a title column is required)")
    }
    var columns: [Column] = []
    var names: Set<String> = []
    var known: [Known: Int] = [:]
    for field in header {
      if !names.insert(field.value).inserted {
        throw fail(field.offset, "the column \(JSONString.excerpt(field.value)) is named twice")
      }
      if let k = Known(header: field.value) {
        if known[k] != nil { throw fail(field.offset, "a second \(k.rawValue) column") }
        known[k] = columns.count
        columns.append(.known(k))
      } else {
        columns.append(.extra(field.value))
      }
    }
    guard known[.title] != nil else {
      throw fail(
        header[0].offset,
        "the header row has no title column (the columns TileGrid reads are section, id, title, color, width, locked)")
    }

    // STEP 2: the rows, each cell checked; explicit ids claimed first, so a made id never takes one.
    struct Row {
      var section = ""
      var id: String?
      var title = ""
      var color: TileColor?
      var width: Int?
      var locked: Bool?
      var extras: [JSONField] = []
    }
    var rows: [Row] = []
    rows.reserveCapacity(records.count - 1)
    var tileIDs = IDAllocator(reservingCapacity: records.count)
    var firstIDPlace: [String: Int] = [:]
    for record in records.dropFirst() {
      guard record.count == columns.count else {
        throw fail(
          record[0].offset,
          "this row has \(record.count) field\(record.count == 1 ? "" : "s"), the header \(columns.count)")
      }
      var row = Row()
      for (c, column) in columns.enumerated() {
        let field = record[c]
        let value = field.value
        switch column {
        case .known(.section): row.section = value
        case .known(.title): row.title = value
        case .known(.id):
          guard !value.isEmpty else { continue }
          if !tileIDs.claim(value) {
            let line = FormatError.lineAndColumn(of: firstIDPlace[value] ?? 0, in: buffer).line
            throw fail(field.offset, "duplicate tile id \(JSONString.excerpt(value)) (first on line \(line))")
          }
          firstIDPlace[value] = field.offset
          row.id = value
        case .known(.color):
          guard !value.isEmpty else { continue }
          guard let color = TileColor(value) else {
            throw fail(field.offset, "\(JSONString.excerpt(value)) is not a color (a UIKit color name or #RRGGBB)")
          }
          row.color = color
        case .known(.width):
          guard !value.isEmpty else { continue }
          guard let width = Int(value), (1...Arrangement.maximumDimension).contains(width) else {
            throw fail(
              field.offset,
              "\(JSONString.excerpt(value)) is not a width (a whole number from 1 to \(Arrangement.maximumDimension))")
          }
          row.width = width
        case .known(.locked):
          guard !value.isEmpty else { continue }
          switch value.lowercased() {
          case "true": row.locked = true
          case "false": row.locked = false
          default: throw fail(field.offset, "\(JSONString.excerpt(value)) is not true or false")
          }
        case .extra(let name):
          if !value.isEmpty { row.extras.append(JSONField(name, .string(value))) }
        }
      }
      rows.append(row)
    }

    // STEP 3: sections in the order they first appear; ids and colors.
    var sectionIndex: [String: Int] = [:]
    var sectionIDs = IDAllocator()
    var built: [(Section, [Tile])] = []
    for row in rows {
      let s: Int
      if let existing = sectionIndex[row.section] {
        s = existing
      } else {
        s = built.count
        sectionIndex[row.section] = s
        let section =
          row.section.isEmpty
          ? Section(id: sectionIDs.unique("list"), extras: [JSONField(ExtrasKey.untitled, .bool(true))])
          : Section(id: sectionIDs.id(forTitle: row.section, fallback: "section"), title: row.section)
        built.append((section, []))
      }
      let id = row.id ?? tileIDs.id(forTitle: row.title, fallback: "tile")
      var extras = row.extras
      // An empty `id` cell stays empty: the id is the title's, also after a rename.
      if row.id == nil && known[.id] != nil {
        extras.append(JSONField(separator.key, .object([JSONField("blankID", .bool(true))])))
      }
      built[s].1.append(
        Tile(
          id: id, title: row.title, color: row.color ?? DefaultColors.color(forTileID: id), locked: row.locked,
          width: row.width, extras: extras))
    }
    var file: [JSONField] = [JSONField("columns", JSONValue(lines: header.map(\.value)))]
    if records.allSatisfy({ $0.allSatisfy(\.quoted) }) { file.append(JSONField("quoted", .bool(true))) }
    file += TextStyle(lineBreak: style.lineBreak, finalNewline: style.finalNewline, byteOrderMark: bom).fields
    return Arrangement(sections: built, extras: [JSONField(separator.key, .object(file))])
  }

  /// Splits the text into records of fields (RFC 4180 for CSV; tabs only for TSV), skipping blank
  /// lines, and says how records end: CR LF or LF, or CR alone in a file that holds no LF.
  private static func parseRecords(
    _ b: UnsafeBufferPointer<UInt8>, from start: Int, separator: Separator
  ) throws(FormatError) -> ([[Field]], (lineBreak: TextStyle.LineBreak, finalNewline: Bool)) {
    let sep = separator.byte
    let quote = UInt8(ascii: "\"")
    let csv = separator == .comma
    let n = b.count
    // A file without an LF whose records end with CR alone: CR is the record's end there.
    let crOnly = !UnsafeBufferPointer(rebasing: b[start...]).contains(0x0A)
      && UnsafeBufferPointer(rebasing: b[start...]).contains(0x0D)
    let recordEnd: UInt8 = crOnly ? 0x0D : 0x0A
    var records: [[Field]] = []
    var crlfCount = 0
    var lfCount = 0
    var finalNewline = false
    var i = start
    while i < n {
      var fields: [Field] = []
      while true {
        let fieldStart = i
        if csv && i < n && b[i] == quote {
          // A quoted field: up to the quote that is not doubled.
          i += 1
          var value: [UInt8] = []
          var runStart = i
          while true {
            guard i < n else {
              throw FormatError.at(fieldStart, in: b, "this quoted field is never closed (a \" ends it)")
            }
            if b[i] == quote {
              value.append(contentsOf: UnsafeBufferPointer(rebasing: b[runStart..<i]))
              if i + 1 < n && b[i + 1] == quote {
                value.append(quote)
                i += 2
                runStart = i
                continue
              }
              i += 1
              break
            }
            i += 1
          }
          let ends =
            i == n || b[i] == sep || b[i] == recordEnd || (b[i] == 0x0D && i + 1 < n && b[i + 1] == 0x0A)
          guard ends else {
            throw FormatError.at(
              i, in: b, "text after a closing quote (a quoted field ends at its quote; a quote inside it is doubled)")
          }
          fields.append(Field(value: String(decoding: value, as: UTF8.self), quoted: true, offset: fieldStart))
        } else {
          var j = i
          while j < n && b[j] != sep && b[j] != recordEnd {
            if csv && b[j] == quote {
              throw FormatError.at(
                j, in: b, "a quote inside an unquoted field (quote the whole field and double the quote)")
            }
            j += 1
          }
          var end = j
          if j < n && b[j] == 0x0A && end > i && b[end - 1] == 0x0D { end -= 1 }
          fields.append(
            Field(
              value: String(decoding: UnsafeBufferPointer(rebasing: b[i..<end]), as: UTF8.self), quoted: false,
              offset: fieldStart))
          i = end
        }
        if i >= n {
          finalNewline = false
          break
        }
        if b[i] == sep {
          i += 1
          if i >= n {
            fields.append(Field(value: "", quoted: false, offset: i))
            finalNewline = false
            break
          }
          continue
        }
        if crOnly {
          i += 1
        } else if b[i] == 0x0D {
          crlfCount += 1
          i += 2
        } else {
          lfCount += 1
          i += 1
        }
        finalNewline = i >= n
        break
      }
      let blank = fields.count == 1 && !fields[0].quoted && fields[0].value.isEmpty
      if !blank { records.append(fields) }
    }
    let lineBreak: TextStyle.LineBreak = crOnly ? .cr : crlfCount > 0 && lfCount == 0 ? .crlf : .lf
    return (records, (lineBreak: lineBreak, finalNewline: finalNewline))
  }

  // MARK: - Writing

  /// Every string a TSV file would hold must be free of tabs and line breaks: no LF, and no CR where
  /// reading would take it for one (last in a field, or anywhere in a file whose lines end with CR); a
  /// lone CR inside a field of a file that mixes endings is a character and is kept.
  static func checkWritable(_ arrangement: Arrangement, separator: Separator) throws(FormatError) {
    guard separator == .tab else { return }
    let own = arrangement.formatObject(separator.key) ?? arrangement.formatObject(separator.otherKey)
    let crLines = TextStyle(own ?? MarkdownBoard.borrowedStyle(arrangement)).lineBreak == .cr
    func bad(_ text: String) -> Bool {
      text.utf8.contains { $0 == 0x09 || $0 == 0x0A || (crLines && $0 == 0x0D) } || text.utf8.last == 0x0D
    }
    func fail(_ place: String, _ text: String) -> FormatError {
      let what = text.utf8.contains(0x09) ? "a tab" : "a line break"
      return .cannotWrite(.tsv, place: place, reason: "a TSV field cannot hold \(what)")
    }
    for (c, name) in storedColumns(arrangement, separator).enumerated() where bad(name) {
      throw fail("\(separator.key).columns[\(c)]", name)
    }
    for (s, section) in arrangement.sections.enumerated() {
      if bad(section.displayTitle) { throw fail("sections[\(s)].title", section.displayTitle) }
      for (i, ref) in section.items.enumerated() {
        let tile = arrangement[ref]
        let place = "sections[\(s)].items[\(i)]"
        if bad(tile.id) { throw fail(place + ".id", tile.id) }
        if bad(tile.displayTitle) { throw fail(place + ".title", tile.displayTitle) }
        for field in tile.extras {
          if case .string(let text) = field.value, bad(text) { throw fail(place + "." + field.key, text) }
          if bad(field.key), scalarText(field.value) != nil { throw fail(place + "." + field.key, field.key) }
        }
      }
    }
  }

  /// The header as the file had it, from this format's object or the other table format's.
  static func storedColumns(_ arrangement: Arrangement, _ separator: Separator) -> [String] {
    let object = arrangement.formatObject(separator.key) ?? arrangement.formatObject(separator.otherKey)
    return object?["columns"]?.array?.compactMap(\.string) ?? []
  }

  /// A scalar unknown value as a cell's text; nil for arrays and objects, which a cell cannot hold.
  static func scalarText(_ value: JSONValue) -> String? {
    switch value {
    case .string(let s): return s
    case .number(let text): return text
    case .bool(let b): return b ? "true" : "false"
    case .null: return ""
    case .array, .object: return nil
    }
  }

  static func write<E: Error>(
    _ arrangement: Arrangement, separator: Separator, chunkSize: Int, _ emit: ([UInt8]) throws(E) -> Void
  ) throws(E) -> LostFields {
    let own = arrangement.formatObject(separator.key) ?? arrangement.formatObject(separator.otherKey)
    var lost = LostFields(format: separator.format)
    lost.checkFile(arrangement, keeping: [])
    let stored = storedColumns(arrangement, separator)

    // STEP 1: what the tiles need beyond the stored columns, and what cannot be kept.
    var needsColor = false
    var needsWidth = false
    var needsLocked = false
    var extraNames: [String] = []
    var extraSeen: Set<String> = []
    var titles: Set<String> = []
    for section in arrangement.sections {
      lost.checkSection(section, keeping: [])
      // An empty section as a whole, not a field of one: named with the file's.
      if section.items.isEmpty { lost.file("empty sections") }
      if !section.items.isEmpty && !titles.insert(section.isUntitled ? "" : section.displayTitle).inserted {
        lost.section("titles that repeat (their rows join one section)")
      }
      for ref in section.items {
        let tile = arrangement[ref]
        if !needsColor && !DefaultColors.isMadeUp(tile) { needsColor = true }
        if tile.width != nil { needsWidth = true }
        if tile.locked != nil { needsLocked = true }
        for field in tile.extras {
          if ExtrasKey.formatObjects.contains(field.key) {
            if field.key == MarkdownBoard.key, (field.value.object?["lines"]?.array?.count ?? 0) > 1 {
              lost.tile("lines under the item")
            }
            continue
          }
          guard scalarText(field.value) != nil else {
            lost.tile(JSONString.excerpt(field.key))
            continue
          }
          if extraSeen.insert(field.key).inserted { extraNames.append(field.key) }
        }
      }
    }

    // STEP 2: the columns: the stored ones, then what is needed and not there.
    var columns: [(Column, header: String)] = stored.map { name in (Known(header: name).map { .known($0) } ?? .extra(name), name) }
    func has(_ k: Known) -> Bool { columns.contains { $0.0 == .known(k) } }
    let needsSection =
      arrangement.sections.count > 1 || (arrangement.sections.first.map { !$0.isUntitled } ?? false)
    let needsID = own == nil && !idsComeFromTitles(arrangement)
    for (k, needed) in [
      (Known.section, needsSection), (.id, needsID), (.title, true), (.color, needsColor), (.width, needsWidth),
      (.locked, needsLocked),
    ] where needed && !has(k) {
      columns.append((.known(k), k.rawValue))
    }
    for name in extraNames where !columns.contains(where: { $0.0 == .extra(name) }) {
      columns.append((.extra(name), name))
    }

    // STEP 3: the header and the rows, section by section.
    var w = LineWriter(
      TextStyle(own ?? MarkdownBoard.borrowedStyle(arrangement)), chunkSize: chunkSize,
      expectedBytes: arrangement.tileCount * 24)
    let quoteAll = own?["quoted"]?.bool == true
    var cells: [String] = []
    cells.reserveCapacity(columns.count)
    w.line(record(columns.map(\.header), separator: separator, quoteAll: quoteAll))
    for section in arrangement.sections {
      let sectionCell = section.isUntitled ? "" : section.displayTitle
      for ref in section.items {
        let tile = arrangement[ref]
        cells.removeAll(keepingCapacity: true)
        for (column, _) in columns {
          switch column {
          case .known(.section): cells.append(sectionCell)
          case .known(.id):
            let own = tile.formatObject(separator.key) ?? tile.formatObject(separator.otherKey)
            cells.append(own?["blankID"]?.bool == true ? "" : tile.id)
          case .known(.title): cells.append(tile.displayTitle)
          case .known(.color): cells.append(DefaultColors.isMadeUp(tile) ? "" : tile.color?.spelling ?? "")
          case .known(.width): cells.append(tile.width.map(String.init) ?? "")
          case .known(.locked): cells.append(tile.locked.map { $0 ? "true" : "false" } ?? "")
          case .extra(let name): cells.append(tile.extras[name].flatMap(scalarText) ?? "")
          }
        }
        w.line(record(cells, separator: separator, quoteAll: quoteAll))
        try w.flushIfFull(emit)
      }
    }
    if own == nil { lost.checkSectionIDs(arrangement) }
    try w.finish(emit)
    return lost
  }

  /// Whether every tile's id is the one reading a table without an `id` column would give it.
  private static func idsComeFromTitles(_ arrangement: Arrangement) -> Bool {
    var ids = IDAllocator(reservingCapacity: arrangement.tileCount)
    for section in arrangement.sections {
      for ref in section.items {
        let tile = arrangement[ref]
        if ids.id(forTitle: tile.displayTitle, fallback: "tile") != tile.id { return false }
      }
    }
    return true
  }

  /// One record's text: the fields joined by the separator, CSV fields quoted where they must be
  /// (a separator, a quote, a line break) or, with `quoteAll`, every one.
  static func record(_ fields: [String], separator: Separator, quoteAll: Bool) -> String {
    var text = ""
    for (k, field) in fields.enumerated() {
      if k > 0 { text.unicodeScalars.append(separator == .comma ? "," : "\t") }
      let needsQuotes =
        separator == .comma
        && (quoteAll || field.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D })
      if needsQuotes {
        text += "\""
        for c in field.unicodeScalars {
          if c == "\"" { text += "\"" }
          text.unicodeScalars.append(c)
        }
        text += "\""
      } else {
        text += field
      }
    }
    return text
  }
}

extension LostFields {
  /// For an arrangement from another format: section ids that a table's section titles would not give
  /// back.
  mutating func checkSectionIDs(_ arrangement: Arrangement) {
    var ids = IDAllocator()
    for section in arrangement.sections where !section.items.isEmpty {
      let expected = section.isUntitled ? ids.unique("list") : ids.id(forTitle: section.displayTitle, fallback: "section")
      if expected != section.id { self.section("id") }
    }
  }
}
