import Canvas
import GridLayout
import TileModel

/// How cards are drawn: whether titles are Markdown (a Markdown board's), whether checkboxes show
/// (Obsidian's `show-checkboxes`), and in which characters (`☑`/`☐`, or `[x]`/`[ ]` where the
/// terminal lacks them).
public struct CardStyle: Equatable, Hashable, Sendable {
  /// Titles and the lines under cards are read as Markdown (`CardFace`).
  public var markdown: Bool
  /// Checkboxes are drawn before titles; without them a checked card is still dimmed.
  public var showsCheckboxes: Bool
  /// The terminal draws `☑` and `☐`; otherwise `[x]` and `[ ]`.
  public var ballotBoxes: Bool

  public init(markdown: Bool = false, showsCheckboxes: Bool = true, ballotBoxes: Bool = true) {
    self.markdown = markdown
    self.showsCheckboxes = showsCheckboxes
    self.ballotBoxes = ballotBoxes
  }

  /// A checkbox as drawn, with the space after it.
  public func box(_ checked: Bool) -> String {
    ballotBoxes ? (checked ? "☑ " : "☐ ") : (checked ? "[x] " : "[ ] ")
  }

  /// A tile's title as the status line and messages say it: on a Markdown board as it is drawn
  /// (`Read [RFC 9110](https://…) *now*` is `Read RFC 9110 now`), elsewhere as it is written.
  public func title(of tile: Tile) -> String {
    markdown ? CardFace(tile, markdown: true).plainTitle : tile.displayTitle
  }
}

/// How a card's text goes out to a text editor and comes back (`e`): the file's format decides (the
/// command line sets it from the format, as it sets `EditorState.traits`). By default, the title, one
/// line.
public struct CardTextEditing: Sendable {
  /// The text of a card, as its file holds it.
  public var text: @Sendable (Tile) -> String
  /// The card an edited text makes in place of the one given, or why it makes none.
  public var read: @Sendable (String, Tile) -> Result<Tile, CardTextProblem>

  public init(
    text: @escaping @Sendable (Tile) -> String = { $0.displayTitle + "\n" },
    read: @escaping @Sendable (String, Tile) -> Result<Tile, CardTextProblem> = CardTextEditing.title
  ) {
    self.text = text
    self.read = read
  }

  /// The default reading: one line, the title.
  public static func title(_ text: String, _ tile: Tile) -> Result<Tile, CardTextProblem> {
    var body = text
    while body.hasSuffix("\n") { body.removeLast() }
    guard !body.isEmpty else { return .failure(CardTextProblem("the text is empty")) }
    guard !body.contains("\n") else { return .failure(CardTextProblem("a title is one line")) }
    var edited = tile
    edited.title = body
    return .success(edited)
  }
}

/// Why an edited text makes no card, in words for the status line.
public struct CardTextProblem: Error, Equatable, Sendable {
  public var reason: String
  public init(_ reason: String) { self.reason = reason }
}

// MARK: - Cards (docs/editor.md, "Cards"): in lanes, a tile is a card: its title from the left, over
// the rows it has, with its checkbox, tags and links as a reader sees them, and its sub-tasks and due
// date on its bottom row.
//
//     ┌──────────────────────┐       in color, the same on the card's color: the title's
//     │ ☐ Read RFC 9110 #web │       text readable on it, a tag on a darker band, a
//     │   before the review  │       checked card's text faded toward the card
//     └ ☐ 1/3 ─ 2025-04-01 ──┘

extension Painter {
  /// Whether tiles are drawn as cards (lanes) or titled from the left (a list): otherwise centered.
  var drawsCards: Bool { layout.isLanes }

  /// Whether a tile's title starts at its left edge: cards, and the list view.
  var titlesFromTheLeft: Bool { layout.isLanes || state.document.view == .list }

  /// One unit of a card's text as drawn, in its card style.
  struct CardCell {
    var unit: DisplayUnit
    var style: CardFace.Style
  }

  /// A card's text in its face, over the face `drawTileFace` filled (and boxed): the title from the
  /// left on the rows between the top and bottom ones, its details on the bottom row.
  /// - Parameters:
  ///   - text: the title's style (its color and attributes for the look).
  ///   - background: the card's color (nil without color).
  ///   - prefix: what goes before the title (a lock, a refusal).
  func drawCard(
    _ tile: Tile, in rect: Rect, text: Style, background: RGB?, prefix: String, matched: Bool, into buffer: inout Buffer
  ) {
    let clip = tileClip
    let face = CardFace(tile, markdown: state.cardStyle.markdown)
    let checked = face.checkbox == true
    let margin = !color && rect.width >= 6 ? 2 : rect.width >= 3 ? 1 : 0
    let area = Rect(x: rect.minX + margin, y: rect.minY, width: rect.width - 2 * margin, height: rect.height)
    guard area.width > 0 else { return }
    let titleRows = rect.height >= 3 ? (rect.minY + 1)..<(rect.maxY - 1) : rect.minY..<rect.maxY

    // The title's style: dimmed when checked, on the find's highlight when matched.
    var base = text
    var ground = background
    if matched {
      base = style(Theme.black, Theme.match, .bold)
      ground = Theme.match
      if !color { base = Style(attributes: [.bold, .underline]) }
    }
    if checked {
      if color, case .rgb(let fg) = base.foreground, let ground {
        base.foreground = .rgb(Theme.mix(fg, ground, 0.55))
      } else {
        base.attributes.insert(.dim)
      }
    }

    // The checkbox (or the prefix) and a hanging indent under it.
    var lead = prefix
    if let box = face.checkbox, state.cardStyle.showsCheckboxes { lead += state.cardStyle.box(box) }
    let indent = min(DisplayText.width(of: lead), max(0, area.width - 1))
    if indent > 0 {
      buffer.write(
        lead, at: Point(x: area.minX, y: titleRows.lowerBound), style: base, maxWidth: indent, clip: clip)
    }
    let lines = Self.wrapCard(face.title, width: area.width - indent, lines: titleRows.count)
    for (k, line) in lines.enumerated() {
      var x = area.minX + indent
      let y = titleRows.lowerBound + k
      if matched, !color {
        // Without color a match is marked by characters, as on a tile.
        x = buffer.write("›", at: Point(x: x, y: y), style: base, clip: clip)
      }
      // Each run of one style written at once.
      var start = 0
      while start < line.count {
        var end = start + 1
        while end < line.count && line[end].style == line[start].style { end += 1 }
        let text = line[start..<end].reduce(into: "") { $0 += $1.unit.text }
        x = buffer.write(text, at: Point(x: x, y: y), style: cardStyle(line[start].style, base, ground), clip: clip)
        start = end
      }
      if matched, !color, k == lines.count - 1 { buffer.write("‹", at: Point(x: x, y: y), style: base, clip: clip) }
    }

    // The details on the bottom row: the sub-tasks done of all, and the due date.
    guard rect.height >= 3 else { return }
    var details: [(String, CardFace.Style)] = []
    let (done, total) = face.subtaskCount
    if total > 0 { details.append((state.cardStyle.box(done == total) + "\(done)/\(total)", [])) }
    if let due = face.due { details.append((due, .date)) }
    guard !details.isEmpty else { return }
    var detailStyle = text
    detailStyle.attributes.remove(.bold)
    // Each a cell of space either side, over the bottom edge (a border, or the card's color).
    var x = rect.minX + 1
    let y = rect.maxY - 1
    let end = rect.maxX - 1
    for (k, detail) in details.enumerated() {
      let piece = " " + detail.0 + " "
      if k > 0 { x += 1 }
      guard x < end else { break }
      x = buffer.write(
        piece, at: Point(x: x, y: y), style: cardStyle(detail.1, detailStyle, background), maxWidth: end - x,
        overflow: .ellipsis, clip: clip)
    }
  }

  /// A card style on the title's: bold drawn bold, emphasis italic, a link underlined, a mark reversed,
  /// a struck piece dimmed; a tag and a date on a band of their own color (without color: a tag in
  /// italics, a date as it is).
  func cardStyle(_ card: CardFace.Style, _ base: Style, _ background: RGB?) -> Style {
    var result = base
    if card.contains(.bold) { result.attributes.insert(.bold) }
    if card.contains(.italic) { result.attributes.insert(.italic) }
    if card.contains(.link) { result.attributes.insert(.underline) }
    if card.contains(.mark) { result.attributes.insert(.reverse) }
    if card.contains(.struck) { result.attributes.insert(.dim) }
    if card.contains(.tag) || card.contains(.date) {
      guard color, let background else {
        if card.contains(.tag) { result.attributes.insert(.italic) }
        return result
      }
      let band = card.contains(.tag) ? Theme.mix(background, Theme.tagBand, 0.5) : Theme.mix(background, Theme.dateBand, 0.6)
      result.background = .rgb(band)
      result.foreground = .rgb(Contrast.readableForeground(on: band))
    }
    return result
  }

  /// A card's title lines broken into at most `lines` lines of `width` cells: each of its own lines
  /// (a `<br>`, a line of the card) starts a new one, words break at spaces, a word wider than a line
  /// is cut with `…`, and the last line ends with `…` when the rest does not fit.
  /// - Complexity: O(units of the title).
  static func wrapCard(_ title: [[CardFace.Run]], width: Int, lines maxLines: Int) -> [[CardCell]] {
    guard width > 0, maxLines > 0 else { return [] }
    // Words of each line: units between spaces, a space keeping the style it had.
    var words: [(cells: [CardCell], width: Int, newLine: Bool, space: CardFace.Style?)] = []
    for (n, line) in title.enumerated() {
      var current: [CardCell] = []
      var currentWidth = 0
      var newLine = n > 0
      var space: CardFace.Style?
      func finish() {
        if !current.isEmpty { words.append((current, currentWidth, newLine, space)) }
        current = []
        currentWidth = 0
        newLine = false
      }
      for run in line {
        for unit in DisplayText(run.text).units {
          if unit == .space {
            finish()
            space = run.style
          } else {
            current.append(CardCell(unit: unit, style: run.style))
            currentWidth += unit.width
          }
        }
      }
      finish()
      if line.isEmpty && n > 0 { words.append(([], 0, true, nil)) }
    }
    var result: [[CardCell]] = []
    var line: [CardCell] = []
    var used = 0
    var k = 0
    var overflow = false
    // Ends the line; false once the lines are all used (what is left overflows).
    func endLine() -> Bool {
      result.append(line)
      line = []
      used = 0
      if result.count == maxLines { overflow = true }
      return !overflow
    }
    while k < words.count {
      let word = words[k]
      if word.newLine && (!line.isEmpty || k > 0) && !endLine() { break }
      let gap = line.isEmpty ? 0 : 1
      if used + gap + word.width <= width {
        if gap > 0 { line.append(CardCell(unit: .space, style: word.space ?? [])) }
        line += word.cells
        used += gap + word.width
        k += 1
        continue
      }
      if line.isEmpty {
        // A word wider than the line: cut with `…` on a line of its own.
        line = cut(word.cells, to: width)
        used = width
        k += 1
        if k < words.count && !words[k].newLine && !endLine() { break }
        continue
      }
      if !endLine() { break }
      words[k].newLine = false
    }
    if !line.isEmpty || result.isEmpty { result.append(line) }
    if result.count > maxLines {
      result.removeLast(result.count - maxLines)
      overflow = true
    }
    if overflow, var last = result.popLast() {
      // The last line ends with `…`: as much of it as leaves room for it.
      var lastWidth = last.reduce(0) { $0 + $1.unit.width }
      while lastWidth + 1 > width, let removed = last.popLast() { lastWidth -= removed.unit.width }
      if last.last?.unit == .space { last.removeLast() }
      last.append(CardCell(unit: .ellipsis, style: last.last?.style ?? []))
      result.append(last)
    }
    return result
  }

  /// The cells cut to `width` cells with `…` at the end.
  static func cut(_ cells: [CardCell], to width: Int) -> [CardCell] {
    var kept: [CardCell] = []
    var used = 0
    for cell in cells {
      if used + cell.unit.width > width - 1 { break }
      kept.append(cell)
      used += cell.unit.width
    }
    kept.append(CardCell(unit: .ellipsis, style: kept.last?.style ?? []))
    return kept
  }
}

// MARK: - A card's panel: Enter on a card shows its whole text

extension EditorState {
  /// Enter on a card, nothing lifted: its whole text in a panel — the title as drawn (every line of
  /// it), its checkbox, due date and tags, its description and sub-tasks, and where it is; `e` there
  /// edits it, Esc or Enter closes it.
  mutating func openCard(_ path: ItemPath) -> [EditorEffect] {
    let tile = arrangement[path]
    let face = CardFace(tile, markdown: cardStyle.markdown)
    let width = max(8, screen.width - 6)
    var lines: [String] = []
    for line in face.title {
      lines += Painter.wrap(line.map(\.text).joined(), width: width)
    }
    var facts: [String] = []
    if let checked = face.checkbox { facts.append(cardStyle.box(checked) + (checked ? "done" : "not done")) }
    if let due = face.due { facts.append("due " + due) }
    let tags = face.title.flatMap { $0 }.filter { $0.style.contains(.tag) }.map(\.text)
    if !tags.isEmpty { facts.append(tags.joined(separator: " ")) }
    if !facts.isEmpty { lines += [""] + Painter.wrap(facts.joined(separator: " · "), width: width) }
    if !face.description.isEmpty {
      lines += [""]
      for line in face.description { lines += line.isEmpty ? [""] : Painter.wrap(line, width: width) }
    }
    if !face.subtasks.isEmpty {
      let (done, total) = face.subtaskCount
      lines += ["", "Sub-tasks, \(done) of \(total) done:"]
      for task in face.subtasks {
        lines += Painter.wrap(cardStyle.box(task.done) + task.text, width: width, firstWidth: width).map { "  " + $0 }
      }
    }
    let section = arrangement.sections[path.section]
    lines += ["", "\(section.displayTitle) · \(path.item + 1) of \(section.count) · e edits its text · Esc closes"]
    overlay = .text(TextPanel(title: face.plainTitle, lines: lines, card: path))
    return []
  }
}
