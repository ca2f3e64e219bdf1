import TileModel

extension ArrangementFormat {
  /// What a file of this format keeps of an edit (`FormatTraits.refusal`), and how messages name it.
  public var traits: FormatTraits { definition.traits }

  /// How a file of this format opens: a Markdown board as lanes side by side (its settings block's
  /// `lane-width` where given, `MarkdownBoard.laneWidth`), a lines file as a list, anything else by
  /// its own layout.
  public func openingView(of arrangement: Arrangement) -> LayoutView { definition.openingView(of: arrangement) }

  /// Whether a board's cards show their checkboxes: false only for a Markdown board whose settings
  /// block says `"show-checkboxes": false` (Obsidian's setting).
  public func showsCheckboxes(_ arrangement: Arrangement) -> Bool { definition.showsCheckboxes(arrangement) }

  /// What `tilegrid FILE` opens when FILE does not exist: for a Markdown board, one lane `To do` in
  /// Obsidian Kanban's own style (`MarkdownBoard.newBoard`); otherwise one empty section, `Tiles`.
  public var newFile: Arrangement { definition.newFile }

  /// Whether a board's titles and card lines are Markdown, drawn as such.
  public var cardsAreMarkdown: Bool { definition.cardsAreMarkdown }

  /// The end of the name of the file a card's text is edited in (`e`): `.md` for a Markdown board.
  public var cardTextSuffix: String { definition.cardTextSuffix }

  /// Whether a table gains a `color` column when a tile gets a color (it has none yet).
  public func lacksColorColumn(_ arrangement: Arrangement) -> Bool { definition.lacksColorColumn(arrangement) }
}

extension MarkdownBoard {
  /// Obsidian's pixels per cell, for its `lane-width` setting.
  static let pixelsPerCell = 8

  /// The lane width in cells Obsidian's settings block gives (`"lane-width": 300` is 37 cells), or nil.
  static func laneWidth(_ arrangement: Arrangement) -> Int? {
    guard let value = setting("lane-width", of: arrangement) else { return nil }
    let digits = value.prefix { $0.isASCII && $0.isNumber }.prefix(6)
    guard let pixels = Int(digits) else { return nil }
    return pixels / pixelsPerCell
  }

  /// The value Obsidian's settings block gives `name` (`"lane-width": 300` gives `300`, `"show-checkboxes":
  /// false` gives `false`), as written up to the next `,` or `}`, or nil when the block does not name it.
  static func setting(_ name: String, of arrangement: Arrangement) -> String? {
    guard let tail = arrangement.formatObject(key)?["tail"]?.array else { return nil }
    let quoted = Array("\"\(name)\"".utf8)
    for case .string(let line) in tail {
      let bytes = Array(line.utf8)
      guard bytes.count >= quoted.count else { continue }
      for start in 0...(bytes.count - quoted.count) where bytes[start..<start + quoted.count].elementsEqual(quoted) {
        var i = start + quoted.count
        func skipBlanks() { while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 } }
        skipBlanks()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { break }
        i += 1
        skipBlanks()
        var end = i
        while end < bytes.count, bytes[end] != UInt8(ascii: ","), bytes[end] != UInt8(ascii: "}") { end += 1 }
        while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[i..<end], as: UTF8.self)
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
    return board
  }()
}
