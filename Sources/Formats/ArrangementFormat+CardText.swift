import TileModel

// A card's text, for editing it in $VISUAL or $EDITOR (`e` in the editor, docs/editor.md, "A card's
// text"): what the file holds of the card, and the card the edited text makes, or why it makes none.

extension ArrangementFormat {
  /// The text of `tile` as the file holds it: a Markdown board's card lines (its item line and the
  /// lines under it, without the blank lines after it, which stay where they are), a lines file's
  /// line, otherwise the title. Lines end in `\n`.
  public func cardText(of tile: Tile) -> String { definition.cardText(of: tile) }

  /// The card `text` makes in place of `tile` (which keeps its id, color and every other field), or
  /// why it makes none: a Markdown board's text must be one card (one item, with what goes under it,
  /// nothing before it and no heading); anything else one line, not empty.
  public func card(fromText text: String, replacing tile: Tile) -> Result<Tile, CardTextRefusal> {
    var body = text
    while body.hasSuffix("\n") || body.hasSuffix("\r") { body.removeLast() }
    return definition.card(fromText: body, replacing: tile)
  }

  static func withoutTrailingBlanks(_ lines: [String]) -> [String] {
    var lines = lines
    while lines.count > 1, lines.last?.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) == true { lines.removeLast() }
    return lines
  }

  /// A Markdown card read from its lines, as the board reads it under a heading of its own.
  static func markdownCard(_ body: String, replacing tile: Tile) -> Result<Tile, CardTextRefusal> {
    guard !body.allSatisfy({ $0.isWhitespace }) else { return .failure(.empty) }
    let board: Arrangement
    do {
      board = try MarkdownBoard.read(Array(("## card\n" + body + "\n").utf8))
    } catch {
      return .failure(.notOneCard("\(error)"))
    }
    guard board.sections.count == 1 else { return .failure(.notOneCard("it has a heading '## …'")) }
    let section = board.sections[0]
    guard section.count == 1 else {
      return .failure(.notOneCard(section.count == 0 ? "it has no item '- …'" : "it has \(section.count) items '- …'"))
    }
    let before = section.formatObject(MarkdownBoard.key)?["lines"]?.array ?? []
    guard before.allSatisfy({ $0.string?.isBlankLine ?? true }) else { return .failure(.notOneCard("text comes before its item")) }
    if let tail = board.formatObject(MarkdownBoard.key)?["tail"]?.array, !tail.isEmpty {
      return .failure(.notOneCard("a line '***' or the settings block ends the board there"))
    }
    let read = board[ItemPath(0, 0)]
    // The blank lines that followed the card stay after it.
    let trailing = tile.markdownLines.reversed().prefix { $0.isBlankLine }.reversed()
    let lines = withoutTrailingBlanks(read.markdownLines) + trailing
    var edited = tile
    edited.title = read.title
    edited.extras.removeAll { $0.key == ExtrasKey.checked || $0.key == MarkdownBoard.key }
    var added: [JSONField] = []
    if let checked = read.checkbox { added.append(JSONField(ExtrasKey.checked, .bool(checked))) }
    added.append(JSONField(MarkdownBoard.key, .object([JSONField("lines", .array(lines.map(JSONValue.string)))])))
    edited.extras.insert(contentsOf: added, at: 0)
    return .success(edited)
  }
}

/// Why an edited text makes no card: said on the status line, and nothing changes.
public enum CardTextRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing is left.
  case empty
  /// A title of a format without lines under a card is one line.
  case severalLines
  /// The text is not one card of the board: why.
  case notOneCard(String)

  public var description: String {
    switch self {
    case .empty: return "the text is empty"
    case .severalLines: return "a title is one line"
    case .notOneCard(let why): return "it is no longer one card: \(why)"
    }
  }
}
