import TileModel

/// A plain list, one tile per line (docs/formats.md, "Lines"): a pipe of file names, a to-do list, a
/// playlist.
///
///     # Fruits        ] a section: `# ` and its title        (section: lines.heading)
///     apple           ] a tile: the line is its title
///     banana          ┐ a tile, and the blank line after it  (tile: lines.after)
///                     ┘
///     cherry          ] a tile
///                     ] blank lines at the end of a section: its end (lines.trailing)
///     # Vegetables
///
/// Blank lines are not tiles. Each belongs to the line above it, as in a Markdown board: to the tile
/// above (and moves with it), to the heading above (`lines.lines`), or, before the first tile or
/// heading, to the file (`lines.head`); blank lines at the end of a section are its end
/// (`lines.trailing`, `SectionEnd`) and stay there. So a file
/// without headings writes back as exactly its lines in the new order, and a move changes the file by
/// the moved line (and the blank lines after it) only. Tiles before the first `# ` line make an
/// untitled section. A title is the whole line as it is (blanks included), but for the CR of a CR LF
/// line in a file that mixes line endings.
enum LineList {
  static let key = "lines"

  // MARK: - Reading

  private struct TileDraft {
    var title: String
    var line: String?
    var after: [String] = []
  }

  private struct SectionDraft {
    var heading: String?
    var title: String?
    var blank: [String] = []
    var tiles: [TileDraft] = []
    /// The blank lines after the section's last tile, up to the next heading: its end.
    var end: [String] = []
  }

  /// A line `# TITLE` (a `#`, a space, the title): the title, trimmed; nil for any other line (`#`
  /// alone or `#x` is a tile).
  static func headingTitle(_ line: String) -> Substring? {
    let u = line.utf8
    guard u.first == UInt8(ascii: "#") else { return nil }
    let i = u.index(after: u.startIndex)
    guard i != u.endIndex, u[i] == 0x20 else { return nil }
    return line[i...].trimmedLine
  }

  static func read(_ bytes: [UInt8]) throws(FormatError) -> Arrangement {
    let text = try TextLines(bytes)
    var head: [String] = []
    var drafts: [SectionDraft] = []
    for line in text.lines {
      if let title = headingTitle(line) {
        drafts.append(SectionDraft(heading: line, title: String(title)))
      } else if line.isBlankLine {
        if drafts.isEmpty {
          head.append(line)
        } else if drafts[drafts.count - 1].tiles.isEmpty {
          drafts[drafts.count - 1].blank.append(line)
        } else {
          let s = drafts.count - 1
          drafts[s].tiles[drafts[s].tiles.count - 1].after.append(line)
        }
      } else {
        if drafts.isEmpty { drafts.append(SectionDraft()) }
        // A CR left by a file that mixes line endings is no part of the title.
        let title = line.utf8.last == 0x0D ? String(line.dropLast()) : line
        drafts[drafts.count - 1].tiles.append(TileDraft(title: title, line: title == line ? nil : line))
      }
    }
    // The blank lines after a section's last tile are the section's end; an empty section's are split
    // between its heading and its end (`SectionEnd`).
    // In a list whose lines are apart, the last tile keeps as many as the others.
    let separation = drafts.first { $0.tiles.count >= 2 }.map { SectionEnd.blankRun($0.tiles[0].after) } ?? 0
    for k in drafts.indices where !drafts[k].tiles.isEmpty {
      let last = drafts[k].tiles.count - 1
      let after = drafts[k].tiles[last].after
      let kept = min(separation, after.count)
      drafts[k].end = Array(after.dropFirst(kept))
      drafts[k].tiles[last].after = Array(after.prefix(kept))
    }
    SectionEnd.splitEmpty(
      &drafts, text: \.blank, end: \.end, hasHeading: { $0.heading != nil }, isEmpty: { $0.tiles.isEmpty })
    var sectionIDs = IDAllocator()
    var tileIDs = IDAllocator(reservingCapacity: drafts.reduce(0) { $0 + $1.tiles.count })
    var built: [(Section, [Tile])] = []
    built.reserveCapacity(drafts.count)
    for draft in drafts {
      var object: [JSONField] = []
      var extras: [JSONField] = []
      let id: String
      if let heading = draft.heading {
        object.append(JSONField("heading", .string(heading)))
        id = sectionIDs.id(forTitle: draft.title ?? "", fallback: "section")
      } else {
        extras.append(JSONField(ExtrasKey.untitled, .bool(true)))
        id = sectionIDs.unique("list")
      }
      object.appendLines("lines", draft.blank)
      object.appendLines("trailing", draft.end)
      if !object.isEmpty { extras.append(JSONField(key, .object(object))) }
      var tiles: [Tile] = []
      tiles.reserveCapacity(draft.tiles.count)
      for tile in draft.tiles {
        let tileID = tileIDs.id(forTitle: tile.title, fallback: "tile")
        var own: [JSONField] = []
        if let line = tile.line { own.append(JSONField("line", .string(line))) }
        own.appendLines("after", tile.after)
        tiles.append(
          Tile(
            id: tileID, title: tile.title, color: DefaultColors.color(forTileID: tileID),
            extras: own.isEmpty ? [] : [JSONField(key, .object(own))]))
      }
      built.append((Section(id: id, title: draft.title, extras: extras), tiles))
    }
    var file: [JSONField] = []
    file.appendLines("head", head)
    file += text.style.fields
    var arrangement = Arrangement(sections: built, extras: [])
    file += FileEnd.fields(arrangement, finalNewline: text.style.finalNewline, tail: false)
    arrangement.extras = [JSONField(key, .object(file))]
    return arrangement
  }

  // MARK: - Writing

  /// Every title must read back as itself: no LF (nor a CR in a file whose lines end with CR, nor a CR
  /// last, which reading takes for a CR LF's); a heading written as the file had it is the file's own
  /// line.
  static func checkWritable(_ arrangement: Arrangement) throws(FormatError) {
    let crLines = TextStyle(arrangement.formatObject(key) ?? MarkdownBoard.borrowedStyle(arrangement)).lineBreak == .cr
    func breaks(_ title: String) -> Bool {
      title.utf8.contains(0x0A) || title.utf8.last == 0x0D || (crLines && title.utf8.contains(0x0D))
    }
    for (s, section) in arrangement.sections.enumerated() {
      let heading = section.formatObject(key)?["heading"]?.string
      let asIs = heading.map { headingTitle($0).map { $0 == section.displayTitle } == true } ?? false
      if !asIs && section.displayTitle.utf8.contains(where: MarkdownBoard.isBreak) {
        throw .cannotWrite(.lines, place: "sections[\(s)].title", reason: "a heading line cannot hold a line break")
      }
      for (i, ref) in section.items.enumerated() {
        let title = arrangement[ref].displayTitle
        let place = "sections[\(s)].items[\(i)].title"
        if breaks(title) {
          throw .cannotWrite(.lines, place: place, reason: "a line cannot hold a line break")
        }
        if title.isBlankLine {
          throw .cannotWrite(.lines, place: place, reason: "a blank line is not read as a tile")
        }
        if headingTitle(title) != nil {
          throw .cannotWrite(.lines, place: place, reason: "a line starting with '# ' (a '#' and a space) is read as a section")
        }
      }
    }
  }

  static func write<E: Error>(
    _ arrangement: Arrangement, chunkSize: Int, _ emit: ([UInt8]) throws(E) -> Void
  ) throws(E) -> LostFields {
    let file = arrangement.formatObject(key)
    var lost = LostFields(format: .lines)
    lost.checkFile(arrangement, keeping: [])
    var w = LineWriter(
      TextStyle(file ?? MarkdownBoard.borrowedStyle(arrangement)), chunkSize: chunkSize,
      expectedBytes: arrangement.tileCount * 16)
    let kept: Set<String> = []
    let end = fileEnd(arrangement, file, style: w.style)
    var movedEnd = false
    w.lines(file?["head"])
    for (s, section) in arrangement.sections.enumerated() {
      lost.checkSection(section, keeping: kept)
      let object = section.formatObject(key)
      let lastSection = s == arrangement.sections.count - 1
      if end.count > 0 && lastSection && section.items.isEmpty { w.holdingEmptyLines = true }
      if let heading = object?["heading"]?.string {
        if headingTitle(heading).map({ $0 == section.displayTitle }) == true {
          w.line(heading)
        } else {
          w.line("# ", section.displayTitle)
        }
      } else if !(s == 0 && section.isUntitled) {
        w.line("# ", section.displayTitle)
      }
      w.lines(object?["lines"])
      if end.isAfter(section: section.id) {
        for _ in 0..<end.count { w.line("") }
        movedEnd = true
      }
      for (i, ref) in section.items.enumerated() {
        let tile = arrangement[ref]
        lost.checkTile(tile, keeping: kept)
        if end.count > 0 && lastSection && i == section.items.count - 1 { w.holdingEmptyLines = true }
        let own = tile.formatObject(key)
        if let line = own?["line"]?.string, line.utf8.last == 0x0D, line.dropLast() == tile.displayTitle {
          w.line(line)
        } else {
          w.line(tile.displayTitle)
        }
        w.lines(own?["after"])
        if end.isAfter(tile: tile.id) {
          for _ in 0..<end.count { w.line("") }
          movedEnd = true
        }
        try w.flushIfFull(emit)
      }
      w.lines(object?["trailing"])
    }
    if file == nil {
      lost.checkIDs(arrangement, untitledFirst: arrangement.sections.first?.isUntitled == true) { $0[...] }
    }
    try w.finish(dropping: movedEnd ? end.count : 0, emit)
    return lost
  }

  /// Where a file without a final newline writes the empty lines its last chunk ends with
  /// (`FileEnd`): the last section's last tile with the blank lines after it, or the section's
  /// heading and the lines under it when it has no tile.
  private static func fileEnd(_ arrangement: Arrangement, _ file: [JSONField]?, style: TextStyle) -> FileEnd {
    guard !style.finalNewline, let section = arrangement.sections.last else { return FileEnd() }
    let object = section.formatObject(key)
    var lines: [String]
    let chunk: FileEnd.Chunk
    if let last = section.items.last {
      let tile = arrangement[last]
      chunk = .tile(tile.id)
      lines = ["-"] + (tile.formatObject(key)?["after"]?.array?.compactMap(\.string) ?? [])
    } else {
      chunk = .section(section.id)
      lines = ["#"] + (object?["lines"]?.array?.compactMap(\.string) ?? [])
    }
    lines += object?["trailing"]?.array?.compactMap(\.string) ?? []
    return FileEnd(file, style: style, lastLines: lines, lastChunk: chunk)
  }
}
