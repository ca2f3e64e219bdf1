import TileModel

extension ArrangementFormat {
  /// What a file of this format keeps of an edit (`FormatTraits.refusal`), and how messages name it.
  public var traits: FormatTraits {
    switch self {
    case .json: return .everything
    case .markdown:
      return FormatTraits(
        name: "A Markdown board", keepsColors: false, keepsWidths: false, keepsLocks: false, keepsSectionLocks: false,
        keepsLimits: false, keepsLayout: false, keepsCheckboxes: true)
    case .lines:
      return FormatTraits(
        name: "A lines file", keepsColors: false, keepsWidths: false, keepsLocks: false, keepsSectionLocks: false,
        keepsLimits: false, keepsLayout: false, keepsCheckboxes: false)
    case .csv, .tsv:
      return FormatTraits(
        name: self == .csv ? "A CSV table" : "A TSV table", keepsColors: true, keepsWidths: true, keepsLocks: true,
        keepsSectionLocks: false, keepsLimits: false, keepsLayout: false, keepsCheckboxes: false,
        addsColorColumn: true)
    }
  }

  /// How a file of this format opens: a Markdown board as lanes side by side (its settings block's
  /// `lane-width` where given, `MarkdownBoard.laneWidth`), anything else by its own layout.
  public func openingView(of arrangement: Arrangement) -> LayoutView {
    self == .markdown ? .lanes(laneWidth: MarkdownBoard.laneWidth(arrangement)) : .file
  }

  /// What `tilegrid FILE` opens when FILE does not exist: for a Markdown board, one lane `To do` in
  /// Obsidian Kanban's own style (`MarkdownBoard.newBoard`); otherwise one empty section, `Tiles`.
  public var newFile: Arrangement {
    self == .markdown ? MarkdownBoard.newBoard : .newFile
  }

  /// Whether a table gains a `color` column when a tile gets a color (it has none yet).
  public func lacksColorColumn(_ arrangement: Arrangement) -> Bool {
    switch self {
    case .csv: return !Table.storedColumns(arrangement, .comma).contains { Table.Known(header: $0) == .color }
    case .tsv: return !Table.storedColumns(arrangement, .tab).contains { Table.Known(header: $0) == .color }
    default: return false
    }
  }
}

extension MarkdownBoard {
  /// Obsidian's pixels per cell, for its `lane-width` setting.
  static let pixelsPerCell = 8

  /// The lane width in cells Obsidian's settings block gives (`"lane-width": 300` is 37 cells), or nil.
  static func laneWidth(_ arrangement: Arrangement) -> Int? {
    guard let tail = arrangement.formatObject(key)?["tail"]?.array else { return nil }
    let name = Array("\"lane-width\"".utf8)
    for case .string(let line) in tail {
      let bytes = Array(line.utf8)
      guard bytes.count >= name.count else { continue }
      for start in 0...(bytes.count - name.count) where bytes[start..<start + name.count].elementsEqual(name) {
        var i = start + name.count
        func skipBlanks() { while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 } }
        skipBlanks()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { break }
        i += 1
        skipBlanks()
        var pixels = 0
        var digits = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 6 {
          pixels = pixels * 10 + Int(bytes[i] - 0x30)
          digits += 1
          i += 1
        }
        if digits > 0 { return pixels / pixelsPerCell }
        break
      }
    }
    return nil
  }

  /// A new board as Obsidian Kanban writes one: front matter `kanban-plugin: basic`, a blank line after
  /// each heading and around the lists, `- [ ] ` cards; the first lane `To do`.
  static let newBoardText = "---\n\nkanban-plugin: basic\n\n---\n\n## To do\n\n\n"

  /// `newBoardText` read as a board, whose new cards are `- [ ] ` items.
  static let newBoard: Arrangement = {
    // The text is the reader's own kind of board, so reading it cannot fail.
    guard var board = try? read(Array(newBoardText.utf8)) else { return .newFile }
    if let k = board.extras.firstIndex(where: { $0.key == key }), case .object(var file) = board.extras[k].value,
      let item = file.firstIndex(where: { $0.key == "item" })
    {
      file[item].value = .string("- [ ] ")
      board.extras[k].value = .object(file)
    }
    // Read, the empty lane's two blank lines are its own text, above where its cards go; the second
    // is the blank line after the list, so it is kept as the lane's trailing line, after its cards.
    if let first = board.sections.first, let j = first.extras.firstIndex(where: { $0.key == key }),
      case .object(var lane) = first.extras[j].value, let l = lane.firstIndex(where: { $0.key == "lines" }),
      lane[l].value == .array([.string(""), .string("")])
    {
      lane[l].value = .array([.string("")])
      lane.append(JSONField("trailing", .array([.string("")])))
      var section = first
      section.extras[j].value = .object(lane)
      _ = board.applyChecked(.setSection(at: 0, to: section))
    }
    return board
  }()
}
