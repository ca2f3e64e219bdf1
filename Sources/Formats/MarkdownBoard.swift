import TileModel

/// A Markdown board, as taskell and Obsidian Kanban keep one (docs/formats.md, "Markdown boards"):
///
///     ---                          ┐ front matter          (file: markdown.frontMatter)
///     kanban-plugin: basic         │
///     ---                          ┘
///     # Project                    ┐ preamble: everything  (file: markdown.preamble)
///                                  ┘ before the first item or heading
///     ## To Do                     ┐ a section             (section: markdown.heading)
///                                  ┘ the text under it     (section: markdown.lines)
///     - [ ] Buy milk               ┐ a tile: its line and  (tile: markdown.lines, checked)
///         > from the corner shop   │ all that follows it,
///         * [ ] oat milk           ┘ up to the next item
///     - [x] Call Ann               ] a tile, the section's last
///                                  ] the section's end (markdown.trailing): stays when cards move
///     ## Done                      ┐ a section, empty: its blank lines are under its heading and
///                                  ┘ its end, and an item moved in lands between them
///
///     ***                          ┐ the archive, and Obsidian's settings block: kept as they are,
///     ## Archive                   │ not sections          (file: markdown.tail)
///     %% kanban:settings           ┘
///
/// The board is a sequence of lines cut into chunks, and each chunk is kept, line for line, where it
/// belongs: an item's chunk on its tile, a heading's on its section. The writer puts the chunks back
/// in the arrangement's order, so a move changes the file by exactly the moved item's lines (taken out
/// at one place, put in at the other), and a section move by exactly the section's chunk.
///
/// The rules, read at column 0 only and never inside a fenced code block (```` ``` ```` or `~~~`):
/// 1. A line `## TITLE` is a section's heading (`#` and `###` are text).
/// 2. A line `- `, `* ` or `+ `, optionally with a checkbox `[ ]`, `[x]` or `[X]`, is an item: a tile
///    whose title is the rest of the line. Items before the first heading make an untitled section.
/// 3. Every other line belongs to the chunk before it: indented lines (descriptions, sub-tasks,
///    continuation lines), blank lines, and text that is not indented (a paragraph between two items is
///    the item's above it) — but the blank lines after a section's last item, up to the next heading,
///    are the section's end (`trailing`, written after its items; `SectionEnd`). So a move leaves every
///    heading with the lines around it, and a move and its reverse give back the file (DECISIONS.md).
/// 4. A line `***` (Obsidian's archive) or `%% kanban:settings` ends the board: it and every line after
///    it are kept as they are.
/// 5. A file that begins with a `---` line, up to the next `---` or `...` line, has front matter.
///
/// Deviations from CommonMark, for a board's sake: list items indented by one to three spaces, ordered
/// lists and setext headings are text; a fence is recognized at any indentation; a fence that is never
/// closed is an error (CommonMark runs it to the end of the file, which would make every later item and
/// heading part of one tile, and moving that tile would swallow the rest of the board).
enum MarkdownBoard {
  static let key = "markdown"

  // MARK: - Reading

  /// The item being read: its lines, already as the JSON array the tile keeps (no second array per
  /// tile), until the next item, heading or the board's end finishes it.
  private struct ItemDraft {
    var lines: [JSONValue]
    var title: String
    var checked: Bool?
  }

  private struct SectionDraft {
    var heading: String?
    var title: String?
    var text: [String] = []
    /// The blank lines after the section's last item, up to the next heading: its end.
    var end: [String] = []
    /// How many of the board's tiles, from the section's first, are the section's.
    var count = 0
  }

  static func read(_ bytes: [UInt8]) throws(FormatError) -> Arrangement {
    let text = try TextLines(bytes)
    let lines = text.lines

    // STEP 1: front matter.
    var index = 0
    var frontMatter: ArraySlice<String> = []
    if let end = frontMatterEnd(lines) {
      frontMatter = lines[...end]
      index = end + 1
    }

    // STEP 2: cut the lines into chunks (rules 1-4). Each item becomes its tile when its chunk ends,
    // in the board's one list of tiles (the store's, as it is: no tile is copied again), its id from
    // its title in file order.
    var preamble: [String] = []
    var drafts: [SectionDraft] = []
    var tail: ArraySlice<String> = []
    var item: ItemDraft?
    var fence: Fence?
    var fenceLine = 0
    var itemStyle: String?
    var indent: String?
    var tiles: [Tile] = []
    var tileIDs = IDAllocator(reservingCapacity: lines.reduce(0) { $0 + (ItemLine.mayStart($1) ? 1 : 0) })

    /// Ends the item being read; the blank lines that end a section's last item are the section's end
    /// (rule 3).
    func finishItem(last: Bool) {
      guard var done = item else { return }
      item = nil
      if last {
        let blanks = SectionEnd.blankRun(done.lines.lazy.dropFirst().map { $0.string ?? "x" })
        drafts[drafts.count - 1].end = done.lines.suffix(blanks).compactMap(\.string)
        done.lines.removeLast(blanks)
      }
      let tileID = tileIDs.id(forTitle: done.title, fallback: "tile")
      var tileExtras: [JSONField] = []
      tileExtras.reserveCapacity(done.checked == nil ? 1 : 2)
      if let checked = done.checked { tileExtras.append(JSONField(ExtrasKey.checked, .bool(checked))) }
      tileExtras.append(JSONField(key, .object([JSONField("lines", .array(done.lines))])))
      tiles.append(Tile(id: tileID, title: done.title, color: DefaultColors.color(forTileID: tileID), extras: tileExtras))
      drafts[drafts.count - 1].count += 1
    }

    func append(_ line: String) {
      guard !drafts.isEmpty else {
        preamble.append(line)
        return
      }
      if item != nil {
        item!.lines.append(.string(line))
        if indent == nil, let first = line.utf8.first, first == 0x20 || first == 0x09, !line.isBlankLine {
          indent = String(line.prefix { $0 == " " || $0 == "\t" })
        }
      } else {
        drafts[drafts.count - 1].text.append(line)
      }
    }

    while index < lines.count {
      let line = lines[index]
      if let open = fence {
        append(line)
        if open.isClosed(by: line) { fence = nil }
        index += 1
        continue
      }
      if let opened = Fence(opening: line) {
        fence = opened
        fenceLine = index
        append(line)
        index += 1
        continue
      }
      if startsTail(line) {
        tail = lines[index...]
        break
      }
      if let title = headingTitle(line) {
        finishItem(last: true)
        drafts.append(SectionDraft(heading: line, title: String(title)))
      } else if let itemLine = ItemLine(line) {
        finishItem(last: false)
        if drafts.isEmpty { drafts.append(SectionDraft()) }
        item = ItemDraft(lines: [.string(line)], title: String(itemLine.title), checked: itemLine.checked)
        if itemStyle == nil { itemStyle = itemLine.style(of: line) }
      } else {
        append(line)
      }
      index += 1
    }
    finishItem(last: true)
    if let open = fence {
      let column = lines[fenceLine].utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count + 1
      throw .malformed(
        line: fenceLine + 1, column: column,
        reason: "this code fence (\(open.spelling)) is never closed: add a line \(open.spelling) where it ends")
    }

    // STEP 3: in a board whose cards are apart, a section's last card keeps as many of the blank lines
    // after it as the cards above others do (`SectionEnd.separation`); an empty section's blank lines
    // are both under its heading and at its end: as many stay under the heading as the board's
    // sections keep there (rule 3).
    var separation = 0
    var firstTile = 0
    for draft in drafts {
      if draft.count >= 2 {
        separation = SectionEnd.blankRun(tiles[firstTile].markdownLines.dropFirst())
        break
      }
      firstTile += draft.count
    }
    if separation > 0 {
      var last = -1
      for k in drafts.indices {
        last += drafts[k].count
        guard drafts[k].count > 0, !drafts[k].end.isEmpty else { continue }
        let kept = min(separation, drafts[k].end.count)
        appendLines(drafts[k].end.prefix(kept), to: &tiles[last])
        drafts[k].end.removeFirst(kept)
      }
    }
    SectionEnd.splitEmpty(&drafts, text: \.text, end: \.end, hasHeading: { $0.heading != nil }, isEmpty: { $0.count == 0 })

    // STEP 4: the arrangement, section ids from titles in file order; each section references its
    // tiles in the store.
    var sectionIDs = IDAllocator()
    var sections: [Section] = []
    sections.reserveCapacity(drafts.count)
    var first = 0
    for draft in drafts {
      var md: [JSONField] = []
      var extras: [JSONField] = []
      let id: String
      if let heading = draft.heading {
        md.append(JSONField("heading", .string(heading)))
        id = sectionIDs.id(forTitle: draft.title ?? "", fallback: "section")
      } else {
        extras.append(JSONField(ExtrasKey.untitled, .bool(true)))
        id = sectionIDs.unique("list")
      }
      md.appendLines("lines", draft.text)
      md.appendLines("trailing", draft.end)
      if !md.isEmpty { extras.append(JSONField(key, .object(md))) }
      var section = Section(id: id, title: draft.title, extras: extras)
      section.items = (first..<(first + draft.count)).map { TileRef($0) }
      first += draft.count
      sections.append(section)
    }
    var file: [JSONField] = []
    file.appendLines("frontMatter", frontMatter)
    file.appendLines("preamble", preamble)
    file.appendLines("tail", tail)
    file.append(JSONField("item", .string(itemStyle ?? "- ")))
    if let indent { file.append(JSONField("indent", .string(indent))) }
    file += text.style.fields
    var arrangement = Arrangement(version: 1, layout: nil, tiles: TileStore(tiles), sections: sections, extras: [])
    file += FileEnd.fields(arrangement, finalNewline: text.style.finalNewline, tail: !tail.isEmpty)
    arrangement.extras = [JSONField(key, .object(file))]
    return arrangement
  }

  /// Lines added at the end of a tile's `markdown.lines`.
  private static func appendLines(_ lines: some Collection<String>, to tile: inout Tile) {
    guard let k = tile.extras.firstIndex(where: { $0.key == key }), case .object(var own) = tile.extras[k].value,
      let l = own.firstIndex(where: { $0.key == "lines" }), case .array(var array) = own[l].value
    else { return }
    array += lines.map(JSONValue.string)
    own[l].value = .array(array)
    tile.extras[k].value = .object(own)
  }

  /// The index of the line that closes the front matter, if the file begins with `---`.
  static func frontMatterEnd(_ lines: [String]) -> Int? {
    guard let first = lines.first, first.trimmedLineEnd == "---" else { return nil }
    for i in 1..<max(1, lines.count) {
      let line = lines[i].trimmedLineEnd
      if line == "---" || line == "..." { return i }
    }
    return nil
  }

  /// Rule 4: Obsidian's archive (`***`) or its settings block.
  static func startsTail(_ line: String) -> Bool {
    line.utf8.starts(with: "%% kanban:settings".utf8) || line.trimmedLineEnd == "***"
  }

  /// Rule 1: the title of a `## ` heading (trimmed), or nil for any other line.
  static func headingTitle(_ line: String) -> Substring? {
    let u = line.utf8
    var i = u.startIndex
    for _ in 0..<2 {
      guard i != u.endIndex, u[i] == UInt8(ascii: "#") else { return nil }
      i = u.index(after: i)
    }
    if i == u.endIndex { return line[i...] }
    guard u[i] == 0x20 || u[i] == 0x09 else { return nil }
    return line[i...].trimmedLine
  }

  /// The heading's `##` and the blanks after it, for a renamed section: `## ` when there are none.
  static func headingPrefix(_ heading: String) -> Substring {
    let u = heading.utf8
    var i = u.index(u.startIndex, offsetBy: 2, limitedBy: u.endIndex) ?? u.endIndex
    let hashes = i
    while i != u.endIndex && (u[i] == 0x20 || u[i] == 0x09) { i = u.index(after: i) }
    return i == hashes ? "## " : heading[..<i]
  }

  // MARK: - Writing

  /// How new sections look, taken from the first section with a heading: a blank line under the
  /// heading, a blank line at the end.
  private struct SectionStyle {
    var blankAfterHeading = false
    var blankAtEnd = false

    init(_ arrangement: Arrangement) {
      for section in arrangement.sections {
        guard let md = section.formatObject(key), md["heading"] != nil else { continue }
        blankAfterHeading = md["lines"]?.array?.first?.string?.isBlankLine ?? false
        // A blank line last: after the section's last item (it belongs to the item), or under an
        // empty section's heading, beyond the one under it.
        let lines = md["lines"]?.array ?? []
        let last = section.items.last.flatMap { arrangement[$0].formatObject(key)?["lines"]?.array?.last }
        blankAtEnd =
          !(md["trailing"]?.array?.isEmpty ?? true) || (last?.string?.isBlankLine ?? false)
          || (section.items.isEmpty && lines.count >= 2 && (lines.last?.string?.isBlankLine ?? false))
        return
      }
    }
  }

  /// A heading written again from its title cannot hold a line break; one written as the file had it
  /// (its title unchanged) is the file's own line, and a lone CR in it (a file that mixes endings) is
  /// kept.
  static func checkWritable(_ arrangement: Arrangement) throws(FormatError) {
    for (s, section) in arrangement.sections.enumerated() where section.displayTitle.utf8.contains(where: isBreak) {
      if let heading = section.formatObject(key)?["heading"]?.string, writesAsIs(heading, section) { continue }
      throw .cannotWrite(.markdown, place: "sections[\(s)].title", reason: "a Markdown heading cannot hold a line break")
    }
  }

  /// Whether the section's stored heading line is written as it is: its title is the section's.
  static func writesAsIs(_ heading: String, _ section: Section) -> Bool {
    headingTitle(heading).map { $0 == section.displayTitle } == true
  }

  static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

  static func write<E: Error>(
    _ arrangement: Arrangement, chunkSize: Int, _ emit: ([UInt8]) throws(E) -> Void
  ) throws(E) -> LostFields {
    let file = arrangement.formatObject(key)
    var lost = LostFields(format: .markdown)
    lost.checkFile(arrangement, keeping: [])
    var w = LineWriter(
      TextStyle(file ?? borrowedStyle(arrangement)), chunkSize: chunkSize, expectedBytes: arrangement.tileCount * 40)
    let itemStyle = file?["item"]?.string ?? "- "
    let indent = file?["indent"]?.string ?? "    "
    let sectionStyle = SectionStyle(arrangement)
    let tileKeys: Set<String> = [ExtrasKey.checked]

    let end = fileEnd(arrangement, file, style: w.style, sectionStyle: sectionStyle)
    var movedEnd = false
    w.lines(file?["frontMatter"])
    w.lines(file?["preamble"])
    for (s, section) in arrangement.sections.enumerated() {
      lost.checkSection(section, keeping: [])
      let md = section.formatObject(key)
      if end.count > 0 && s == arrangement.sections.count - 1 && section.items.isEmpty { w.holdingEmptyLines = true }
      if let heading = md?["heading"]?.string {
        if writesAsIs(heading, section) {
          w.line(heading)
        } else {
          w.line(headingPrefix(heading), section.displayTitle)
        }
      } else if !(s == 0 && section.isUntitled) {
        w.line("## ", section.displayTitle)
      }
      let isNew = md == nil && !section.isUntitled
      if isNew && sectionStyle.blankAfterHeading { w.line("") }
      w.lines(md?["lines"])
      if end.isAfter(section: section.id) {
        for _ in 0..<end.count { w.line("") }
        movedEnd = true
      }
      let lastSection = s == arrangement.sections.count - 1
      for (i, ref) in section.items.enumerated() {
        let tile = arrangement[ref]
        lost.checkTile(tile, keeping: tileKeys)
        if end.count > 0 && lastSection && i == section.items.count - 1 { w.holdingEmptyLines = true }
        writeItem(tile, into: &w, itemStyle: itemStyle, indent: indent, lost: &lost)
        if end.isAfter(tile: tile.id) {
          for _ in 0..<end.count { w.line("") }
          movedEnd = true
        }
        try w.flushIfFull(emit)
      }
      w.lines(md?["trailing"])
      if isNew && sectionStyle.blankAtEnd { w.line("") }
    }
    w.lines(file?["tail"])
    if file == nil {
      lost.checkIDs(arrangement, untitledFirst: arrangement.sections.first?.isUntitled == true)
    }
    try w.finish(dropping: movedEnd ? end.count : 0, emit)
    return lost
  }

  /// Where a file without a final newline writes the empty lines its last chunk ends with
  /// (`FileEnd`): the last chunk is the last section's last tile (the lines it keeps, and the
  /// section's own after them), or the section when it has none.
  private static func fileEnd(
    _ arrangement: Arrangement, _ file: [JSONField]?, style: TextStyle, sectionStyle: SectionStyle
  ) -> FileEnd {
    guard !style.finalNewline, let file, file["tail"]?.array?.isEmpty ?? true,
      let section = arrangement.sections.last
    else { return FileEnd() }
    let md = section.formatObject(key)
    var lines: [String] = []
    let chunk: FileEnd.Chunk
    if let last = section.items.last {
      let tile = arrangement[last]
      chunk = .tile(tile.id)
      lines = tile.formatObject(key)?["lines"]?.array?.compactMap(\.string) ?? [tile.displayTitle]
    } else {
      chunk = .section(section.id)
      lines = ["## "] + (md?["lines"]?.array?.compactMap(\.string) ?? [])
    }
    lines += md?["trailing"]?.array?.compactMap(\.string) ?? []
    if md == nil && !section.isUntitled && sectionStyle.blankAtEnd { lines.append("") }
    return FileEnd(file, style: style, lastLines: lines, lastChunk: chunk)
  }

  /// Another text format's newline style, for an arrangement converted from it.
  static func borrowedStyle(_ arrangement: Arrangement) -> [JSONField]? {
    for key in FormatRegistry.objectKeys {
      if let object = arrangement.formatObject(key) { return object }
    }
    return nil
  }

  /// A tile's chunk: as it was, when its title and checkbox are; its line written again in its own
  /// style (marker, checkbox, spacing) with the rest after it, when renamed or (un)checked; a new item
  /// in the board's style when it has no lines (added, or from another format).
  private static func writeItem(
    _ tile: Tile, into w: inout LineWriter, itemStyle: String, indent: String, lost: inout LostFields
  ) {
    let title = tile.displayTitle
    let checked = tile.checkbox
    let stored = tile.formatObject(key)?["lines"]
    let item = stored?.array?.first?.string.flatMap { ItemLine($0) }
    if let stored, let item, item.title == title && item.checked == checked {
      w.lines(stored)
      return
    }
    // A title with line breaks: its first line on the item, the others under it, indented.
    var titleLines = title.utf8.contains(where: isBreak) ? Self.titleLines(title) : []
    let firstTitle = titleLines.isEmpty ? title : titleLines.removeFirst()
    if !titleLines.isEmpty { lost.tile("line breaks in titles") }

    if let stored, let item, case .string(let first)? = stored.array?.first {
      w.line(item.prefix(of: first, checked: checked), firstTitle)
      for line in titleLines { w.line(Substring(indent), line) }
      w.lines(stored, from: 1)
      return
    }
    w.line(ItemLine.newPrefix(style: itemStyle, checked: checked), firstTitle)
    for line in titleLines { w.line(Substring(indent), line) }
  }

  /// A title's lines, split at LF, CR LF or CR.
  static func titleLines(_ title: String) -> [String] {
    title.replacingCRLF().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}

extension String {
  /// CR LF and lone CRs as LF.
  func replacingCRLF() -> String {
    var out = ""
    var previousCR = false
    for scalar in unicodeScalars {
      if scalar == "\r" {
        out.unicodeScalars.append("\n")
        previousCR = true
        continue
      }
      if scalar == "\n" && previousCR {
        previousCR = false
        continue
      }
      previousCR = false
      out.unicodeScalars.append(scalar)
    }
    return out
  }
}

// MARK: - Items and fences

/// A top-level list item's line (rule 2): where its title starts, its checkbox, its title.
struct ItemLine {
  /// Where the title starts (after the marker, the checkbox and the blanks after them).
  var titleStart: String.Index
  /// Where the checkbox's `[` is, if there is one.
  var checkboxStart: String.Index?
  /// `true` for `[x]`/`[X]`, `false` for `[ ]`, nil without a checkbox.
  var checked: Bool?
  /// The rest of the line, its trailing blanks dropped.
  var title: Substring

  /// Reads `line` as an item, or nil when it is none: a marker `-`, `*` or `+` at column 0 followed
  /// by a blank or the end of the line, and not a thematic break (`* * *`, `- - -`).
  init?(_ line: String) {
    let u = line.utf8
    guard let marker = u.first, marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "+")
    else { return nil }
    var i = u.index(after: u.startIndex)
    if i != u.endIndex {
      guard u[i] == 0x20 || u[i] == 0x09 else { return nil }
      if Self.isThematicBreak(line) { return nil }
    }
    func skipBlanks() { while i != u.endIndex && (u[i] == 0x20 || u[i] == 0x09) { i = u.index(after: i) } }
    skipBlanks()
    // `[ ]`, `[x]` or `[X]`, then a blank or the end.
    if let inner = u.index(i, offsetBy: 1, limitedBy: u.endIndex), inner != u.endIndex,
      let close = u.index(inner, offsetBy: 1, limitedBy: u.endIndex), close != u.endIndex,
      u[i] == UInt8(ascii: "["), u[close] == UInt8(ascii: "]"),
      u[inner] == 0x20 || u[inner] == UInt8(ascii: "x") || u[inner] == UInt8(ascii: "X")
    {
      let after = u.index(after: close)
      if after == u.endIndex || u[after] == 0x20 || u[after] == 0x09 {
        checkboxStart = i
        checked = u[inner] != 0x20
        i = after
        skipBlanks()
      }
    }
    titleStart = i
    title = line[i...].trimmedLineEnd
  }

  /// Whether `line` may be an item's (it begins with a marker): an upper bound on the items, for
  /// reserving room.
  static func mayStart(_ line: String) -> Bool {
    guard let first = line.utf8.first else { return false }
    return first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+")
  }

  /// `* * *`, `- - -`, `***`: three or more of one of `*`, `-`, `_`, with only blanks besides.
  static func isThematicBreak(_ line: String) -> Bool {
    var mark: UInt8?
    var count = 0
    for b in line.utf8 {
      if b == 0x20 || b == 0x09 || b == 0x0D { continue }
      guard b == UInt8(ascii: "*") || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") else { return false }
      if let m = mark, m != b { return false }
      mark = b
      count += 1
    }
    return count >= 3
  }

  /// The board's style for new items, from its first item: the marker, a blank, `[ ] ` if it had a
  /// checkbox.
  func style(of line: String) -> String {
    String(line.prefix(1)) + " " + (checked != nil ? "[ ] " : "")
  }

  /// The line's marker, blanks and checkbox for a new title: the checkbox set to `checked` (its own
  /// spelling kept when it already says so), added after the marker when there was none, removed
  /// when `checked` is nil; a blank before the title.
  func prefix(of line: String, checked newState: Bool?) -> Substring {
    var prefix: Substring
    if let box = checkboxStart {
      if let newState {
        let inner = line.utf8.index(after: box)
        let keep = newState == checked
        prefix = line[..<inner] + (keep ? line[inner..<line.utf8.index(after: inner)] : (newState ? "x" : " "))
          + line[line.utf8.index(after: inner)..<titleStart]
      } else {
        prefix = line[..<box]
      }
    } else {
      prefix = line[..<titleStart]
      if let newState {
        if let last = prefix.utf8.last, last != 0x20 && last != 0x09 { prefix += " " }
        prefix += newState ? "[x] " : "[ ] "
      }
    }
    if let last = prefix.utf8.last, last != 0x20 && last != 0x09 { prefix += " " }
    return prefix
  }

  /// A new item's marker and checkbox in the board's `style` (`- `, `- [ ] `, `* `…), with the
  /// checkbox set to `checked`, or added when the style has none and the tile has one.
  static func newPrefix(style: String, checked: Bool?) -> Substring {
    switch (style.hasSuffix("[ ] "), checked) {
    case (true, true?): return style.dropLast(4) + "[x] "
    case (true, _): return Substring(style)
    case (false, let state?): return Substring(style) + (state ? "[x] " : "[ ] ")
    case (false, nil): return Substring(style)
    }
  }
}

/// A fenced code block's opening line: its character (`` ` `` or `~`) and how many.
struct Fence {
  var character: UInt8
  var count: Int

  /// Reads a fence opening: three or more backticks or tildes after any blanks; a backtick fence's
  /// info string holds no backtick.
  init?(opening line: String) {
    let u = line.utf8
    var i = u.startIndex
    while i != u.endIndex && (u[i] == 0x20 || u[i] == 0x09) { i = u.index(after: i) }
    guard i != u.endIndex, u[i] == UInt8(ascii: "`") || u[i] == UInt8(ascii: "~") else { return nil }
    let c = u[i]
    var n = 0
    while i != u.endIndex && u[i] == c {
      n += 1
      i = u.index(after: i)
    }
    guard n >= 3 else { return nil }
    if c == UInt8(ascii: "`") && u[i...].contains(UInt8(ascii: "`")) { return nil }
    character = c
    count = n
  }

  /// Whether `line` closes the fence: at least as many of its character, after any blanks, and only
  /// blanks after them.
  func isClosed(by line: String) -> Bool {
    let u = line.utf8
    var i = u.startIndex
    while i != u.endIndex && (u[i] == 0x20 || u[i] == 0x09) { i = u.index(after: i) }
    var n = 0
    while i != u.endIndex && u[i] == character {
      n += 1
      i = u.index(after: i)
    }
    return n >= count && u[i...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// How the fence is written: ```` ``` ````, `~~~~`.
  var spelling: String { String(repeating: Character(Unicode.Scalar(character)), count: count) }
}
