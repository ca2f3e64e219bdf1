import Formats
import TestSupport
import Testing
import TileModel

/// Generated and hostile files: every one is either refused with a one-line error naming its line and
/// column, or read and written back faithfully — never a crash. Seeds are printed with each failure.
struct GeneratedAndHostileFileTests {
  // MARK: - Generated boards

  /// A board in either tool's style, with the odd things people's files hold: front matter, a
  /// preamble, checkboxes of both cases, descriptions, sub-tasks, tabs, trailing blanks, fences with
  /// headings and items inside, paragraphs, thematic breaks, empty lanes, an archive, a settings block,
  /// Korean and emoji; CR LF or LF, with or without a final newline.
  static func board(seed: UInt64) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    let words = ["milk", "회의", "🎉 party", "Ann's", "a-b", "tab\there", "  spaced  ", "[ ] box", "x", "日本語", "é"]
    func text() -> String { (0..<rng.int(1...3)).map { _ in rng.element(words) }.joined(separator: " ") }
    var lines: [String] = []
    if rng.chance(30) { lines += ["---", "kanban-plugin: basic", "---", ""] }
    if rng.chance(30) { lines += ["# " + text(), "", text()] }
    for _ in 0..<rng.int(0...5) {
      if rng.chance(85) { lines.append("## " + text() + (rng.chance(20) ? " (\(rng.int(0...9)))" : "") + (rng.chance(10) ? "  " : "")) }
      if rng.chance(40) { lines.append("") }
      if rng.chance(15) { lines.append("**Complete**") }
      for _ in 0..<rng.int(0...5) {
        let marker = rng.element(["- ", "* ", "+ ", "- [ ] ", "- [x] ", "* [X] ", "-\t"])
        lines.append(marker + text() + (rng.chance(10) ? " " : ""))
        for _ in 0..<rng.int(0...3) {
          switch rng.int(0...7) {
          case 0: lines.append("    > " + text())
          case 1: lines.append("    * [ ] " + text())
          case 2: lines.append("\t- [x] " + text())
          case 3: lines.append("  " + text())
          case 4: lines.append("")
          case 5: lines.append(text())
          case 6: lines += ["  ```", "## not a heading", "- not an item", "  ```"]
          default: lines += ["~~~~", "***", "%% kanban:settings", "~~~~"]
          }
        }
        if rng.chance(15) { lines.append("* * *") }
      }
      for _ in 0..<rng.int(0...2) { lines.append(rng.chance(80) ? "" : "   ") }
    }
    if rng.chance(30) { lines += ["", "***", "", "## Archive", "", "- [x] " + text()] }
    if rng.chance(30) { lines += ["", "%% kanban:settings", "```", "{\"kanban-plugin\":\"basic\"}", "```", "%%"] }
    let newline = rng.chance(30) ? "\r\n" : "\n"
    var file = lines.joined(separator: newline)
    if !lines.isEmpty && rng.chance(70) { file += newline }
    return Array(file.utf8)
  }

  @Test("500 generated boards: byte for byte back, and random moves change only the moved lines")
  func generatedBoards() throws {
    for seed in UInt64(1)...500 {
      let bytes = Self.board(seed: seed)
      let board = try ArrangementFormat.markdown.read(bytes)
      #expect(ArrangementFormat.markdown.written(board) == bytes, "seed \(seed)")
      var rng = SplitMix64(seed: seed &* 7)
      for _ in 0..<4 where board.tileCount > 0 {
        let from = rng.element(board.paths)
        let s = rng.int(0...(board.sections.count - 1))
        let to = ItemPath(s, rng.element(Array(board.destinationRange(from: from, toSection: s))))
        var moved = board
        try moved.move(from: from, to: to)
        let written = ArrangementFormat.markdown.written(moved)
        let first = try #require(itemLine(board[from]))
        expectOnlyMoved(first, old: bytes, new: written, isBoundary: { structuralLines($0).contains($1) }, "seed \(seed): \(from) -> \(to)")
        #expect(try ArrangementFormat.markdown.read(written).outline == moved.readOutline, "seed \(seed)")
      }
    }
  }

  func itemLine(_ tile: Tile) -> String? {
    guard case .object(let md)? = tile.extras.first(where: { $0.key == "markdown" })?.value,
      case .array(let lines)? = md.first?.value, case .string(let first)? = lines.first
    else { return nil }
    return first.utf8.last == 0x0D ? String(decoding: first.utf8.dropLast(), as: UTF8.self) : first
  }

  // MARK: - Generated tables

  /// A table as TileGrid writes one: a header of known and other columns in any order, rows grouped
  /// by section, fields with commas, quotes, line breaks and any script, quoted only where needed.
  static func table(seed: UInt64, separator: String) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    let csv = separator == ","
    let pieces = csv ? ["a", "b c", "x,y", "say \"hi\"", "two\nlines", "회의", "🎉", " pad ", "é", "\r\n"] : ["a", "b c", "\"q\"", "회의", "🎉", " pad "]
    func field() -> String { (0..<rng.int(0...2)).map { _ in rng.element(pieces) }.joined() }
    func cell(_ s: String) -> String {
      guard csv, s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return s }
      return "\"" + s.replacingAll("\"", with: "\"\"") + "\""
    }
    var columns = ["title"] + ["section", "notes", "width", "locked", "tag"].filter { _ in rng.chance(50) }
    columns.shuffle(using: &rng)
    let newline = rng.chance(50) ? "\r\n" : "\n"
    var rows = [columns.joined(separator: separator)]
    let sectionNames = ["To Do", "Done", "회의", ""].shuffled(using: &rng).prefix(rng.int(1...3))
    for name in sectionNames {
      for _ in 0..<rng.int(1...4) {
        var title = field()
        if title.isEmpty && columns.count == 1 { title = "t" }  // a lone empty field is a blank line
        let values = columns.map { column -> String in
          switch column {
          case "title": return title
          case "section": return name
          case "width": return rng.chance(50) ? String(rng.int(1...40)) : ""
          case "locked": return rng.element(["", "true", "false"])
          default: return field()
          }
        }
        rows.append(values.map(cell).joined(separator: separator))
      }
    }
    var file = rows.joined(separator: newline)
    if rng.chance(80) { file += newline }
    return Array(file.utf8)
  }

  @Test("300 generated CSV and TSV files as TileGrid writes them: byte for byte back")
  func generatedTables() throws {
    for seed in UInt64(1)...300 {
      for (format, separator) in [(ArrangementFormat.csv, ","), (.tsv, "\t")] {
        let bytes = Self.table(seed: seed, separator: separator)
        let table = try format.read(bytes)
        #expect(format.written(table) == bytes, "\(format) seed \(seed):\n\(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  // MARK: - Junk

  /// Bytes from an alphabet that makes every construct likely, and some that are not UTF-8.
  static func junk(seed: UInt64, alphabet: [UInt8], count: Int) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    return (0..<rng.int(0...count)).map { _ in rng.element(alphabet) }
  }

  static let markdownAlphabet = Array("#- *+[]xX`~%\n\r\t >a한".utf8) + [0x00, 0xFF, 0xC3]
  static let tableAlphabet = Array(",\"\n\r\ta b한".utf8) + [0x00, 0xFF]

  @Test("random bytes, in every format: a one-line error with line and column, or a faithful round trip")
  func junkInEveryFormat() throws {
    for seed in UInt64(1)...2_000 {
      for format in [ArrangementFormat.markdown, .lines, .csv, .tsv, .json] {
        let alphabet = format == .csv || format == .tsv ? Self.tableAlphabet : Self.markdownAlphabet
        let bytes = Self.junk(seed: seed &+ UInt64(format.rawValue.count) << 32, alphabet: alphabet, count: 200)
        do {
          let arrangement = try format.read(bytes)
          try format.checkWritable(arrangement)
          let written = format.written(arrangement)
          // Markdown and lines keep every byte; a table's blank lines and quoting may change, its
          // content may not.
          if format == .markdown || format == .lines {
            #expect(written == bytes, "\(format) seed \(seed)")
          } else {
            let again = try format.read(written)
            #expect(again.outline == arrangement.outline, "\(format) seed \(seed)")
            #expect(format.written(again) == written, "\(format) seed \(seed)")
          }
        } catch {
          let message = error.description
          #expect(!message.contains("\n") && !message.isEmpty, "\(format) seed \(seed): \(message)")
          if format != .json, case .malformed(let line, let column, _) = error {
            #expect(line >= 1 && column >= 1)
          }
        }
      }
    }
  }

  // MARK: - Hostile files, one by one

  func markdownError(_ text: [UInt8]) -> FormatError? {
    do {
      _ = try ArrangementFormat.markdown.read(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("an unclosed fence: refused at the fence's line, since it would swallow the rest of the board")
  func unclosedFence() throws {
    let error = markdownError(Array("## A\n- a\n  ```swift\n  let x = 1\n## B\n- b\n".utf8))
    #expect(error == .malformed(line: 3, column: 3, reason: "this code fence (```) is never closed: add a line ``` where it ends"))
    #expect(error?.description == "line 3, column 3: this code fence (```) is never closed: add a line ``` where it ends")
    // In the archive (not read as a board) it is kept as it is.
    let archived = Array("## A\n- a\n***\n```\n".utf8)
    #expect(ArrangementFormat.markdown.written(try ArrangementFormat.markdown.read(archived)) == archived)
  }

  @Test("a heading inside a code block is not a section; a longer fence is closed only by as long a one")
  func headingInCode() throws {
    let text = "## A\n- a\n````\n```\n## B\n```\n````\n## C\n"
    let board = try ArrangementFormat.markdown.read(Array(text.utf8))
    #expect(board.outline == [["A", "a"], ["C"]])
  }

  @Test("an item with 10,000 continuation lines is one tile; it moves whole")
  func longItem() throws {
    let body = (0..<10_000).map { "    line \($0)" }.joined(separator: "\n")
    let text = "## A\n- long\n\(body)\n- short\n"
    var board = try ArrangementFormat.markdown.read(Array(text.utf8))
    #expect(board.outline == [["A", "long", "short"]])
    try board.move(from: ItemPath(0, 0), to: ItemPath(0, 1))
    #expect(String(decoding: ArrangementFormat.markdown.written(board), as: UTF8.self) == "## A\n- short\n- long\n\(body)\n")
  }

  @Test("invalid UTF-8 is refused at its byte: line and column, in every text format")
  func invalidUTF8() throws {
    let bytes = Array("## A\n- caf".utf8) + [0xC3, 0x28] + Array("\n".utf8)
    for format in [ArrangementFormat.markdown, .lines, .csv, .tsv] {
      #expect(throws: FormatError.malformed(line: 2, column: 6, reason: "the text is not UTF-8 (byte 0xC3)")) {
        try format.read(bytes)
      }
    }
    // Overlong forms and surrogates are not UTF-8 either.
    for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
      #expect(throws: FormatError.self) { try ArrangementFormat.lines.read(Array("ok\n".utf8) + bad) }
    }
  }

  @Test("NUL bytes, lone CRs, a megabyte line and a byte order mark: kept exactly")
  func oddButValid() throws {
    let cases: [[UInt8]] = [
      Array("## A\n- a\0b\n".utf8), Array("## A\r- one line with CRs\r- still\n".utf8),
      Array("## A\n- ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + [0x0A],
      [0xEF, 0xBB, 0xBF] + Array("## A\n- a\n".utf8), [], Array("\n\n\n".utf8), Array("- \n-\n".utf8),
    ]
    for bytes in cases {
      for format in [ArrangementFormat.markdown, .lines] {
        #expect(format.written(try format.read(bytes)) == bytes, "\(format): \(bytes.prefix(40))")
      }
    }
    let bom = try ArrangementFormat.markdown.read([0xEF, 0xBB, 0xBF] + Array("## A\n- a\n".utf8))
    #expect(bom.outline == [["A", "a"]], "the byte order mark is not part of the heading")
  }

  @Test("CSV errors name the place: unclosed quote, stray quote, text after a quote, short rows, bad values")
  func csvErrors() throws {
    let cases: [(String, FormatError)] = [
      ("title\n\"abc\n", .malformed(line: 2, column: 1, reason: "this quoted field is never closed (a \" ends it)")),
      ("title\nab\"c\n", .malformed(line: 2, column: 3, reason: "a quote inside an unquoted field (quote the whole field and double the quote)")),
      ("title\n\"ab\"c\n", .malformed(line: 2, column: 5, reason: "text after a closing quote (a quoted field ends at its quote; a quote inside it is doubled)")),
      ("title,notes\na\n", .malformed(line: 2, column: 1, reason: "this row has 1 field, the header 2")),
      ("notes\na\n", .malformed(line: 1, column: 1, reason: "the header row has no title column (the columns TileGrid reads are section, id, title, color, width, locked)")),
      ("title,Title\n", .malformed(line: 1, column: 7, reason: "a second title column")),
      ("title,x,x\n", .malformed(line: 1, column: 9, reason: "the column \"x\" is named twice")),
      ("id,title\na,1\nb,2\na,3\n", .malformed(line: 4, column: 1, reason: "duplicate tile id \"a\" (first on line 2)")),
      ("title,color\na,#GG0000\n", .malformed(line: 2, column: 3, reason: "\"#GG0000\" is not a color (a UIKit color name or #RRGGBB)")),
      ("title,width\na,0\n", .malformed(line: 2, column: 3, reason: "\"0\" is not a width (a whole number from 1 to 100000)")),
      ("title,locked\na,yes\n", .malformed(line: 2, column: 3, reason: "\"yes\" is not true or false")),
      ("", .malformed(line: 1, column: 1, reason: "there is no header row (it names the columns; a title column is required)")),
    ]
    for (text, expected) in cases {
      #expect(throws: expected, "\(text.debugDescription)") { try ArrangementFormat.csv.read(Array(text.utf8)) }
    }
    // In TSV a quote is a character like any other.
    let tsv = try ArrangementFormat.tsv.read(Array("title\nsay \"hi\n".utf8))
    #expect(tsv.outline == [["list", "say \"hi"]])
  }

  @Test("a header-only table and an empty list: no tiles, written back as they were")
  func emptyFiles() throws {
    for (format, text) in [(ArrangementFormat.csv, "title,section\r\n"), (.tsv, "title"), (.lines, ""), (.markdown, "")] {
      let bytes = Array(text.utf8)
      let arrangement = try format.read(bytes)
      #expect(arrangement.tileCount == 0)
      #expect(format.written(arrangement) == bytes)
    }
  }
}

extension String {
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}
