/// What a board's card shows, read from its Markdown as a reader of the board sees it (docs/editor.md,
/// "Cards"): the title without its syntax, a checkbox, the sub-tasks done of all, the due date, and
/// for the card's panel its description and sub-tasks. The file keeps its bytes: this is only how the
/// card is drawn and found.
///
///     - [ ] Read [RFC 9110](https://www.rfc-editor.org/rfc/rfc9110) **now** #web @{2025-04-01}
///         > Sections 6 and 15.
///         * [x] Methods
///         * [ ] Status codes
///
///     title: "Read " "RFC 9110"(link) " " "now"(bold) " " "#web"(tag)     due: 2025-04-01
///     checkbox: unchecked     sub-tasks: 1 of 2     description: "Sections 6 and 15."
///
/// Read from a tile of any format: a title is Markdown only on a Markdown board (`markdown`), and the
/// lines under a card (descriptions, sub-tasks, taskell's `@ date`) only where a board kept them.
public struct CardFace: Equatable, Sendable {
  /// How a piece of a title is drawn.
  public struct Style: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `**bold**`, `__bold__`.
    public static let bold = Style(rawValue: 1 << 0)
    /// `*em*`, `_em_`.
    public static let italic = Style(rawValue: 1 << 1)
    /// `` `code` ``.
    public static let code = Style(rawValue: 1 << 2)
    /// `==mark==`.
    public static let mark = Style(rawValue: 1 << 3)
    /// A link's text (`[text](url)`, `[[page|alias]]`, `[[page]]`).
    public static let link = Style(rawValue: 1 << 4)
    /// `#tag`: drawn apart, in its own color.
    public static let tag = Style(rawValue: 1 << 5)
    /// `~~struck~~`.
    public static let struck = Style(rawValue: 1 << 6)
    /// A date (`@{…}`, `@@{…}`, `@[[…]]`, taskell's `@ …`): drawn apart, in its own color.
    public static let date = Style(rawValue: 1 << 7)
  }

  /// A piece of text drawn in one style.
  public struct Run: Equatable, Hashable, Sendable {
    public var text: String
    public var style: Style
    public init(_ text: String, _ style: Style = []) {
      self.text = text
      self.style = style
    }
  }

  /// The title's lines as drawn (a `<br>`, and a line under the card's that continues its text, start
  /// another), each its runs.
  public var title: [[Run]]
  /// `true` checked, `false` unchecked, nil without a checkbox.
  public var checkbox: Bool?
  /// The dates the card gives, as written inside their markers (`2025-04-01`, `10:00`), in order.
  public var dates: [String]
  /// The sub-tasks (indented checkbox items), each done or not, with its text as drawn.
  public var subtasks: [(done: Bool, text: String)]
  /// The description's lines (`> …` under the card, and other lines of its text), as written less
  /// their markers.
  public var description: [String]

  public static func == (a: CardFace, b: CardFace) -> Bool {
    a.title == b.title && a.checkbox == b.checkbox && a.dates == b.dates && a.description == b.description
      && a.subtasks.map(\.done) == b.subtasks.map(\.done) && a.subtasks.map(\.text) == b.subtasks.map(\.text)
  }

  /// The title as one line of plain text, as drawn (what find matches besides what is written).
  public var plainTitle: String {
    title.map { $0.map(\.text).joined() }.joined(separator: " ")
  }

  /// A tile's title as a reader of its board sees it: a Markdown board's card (one that keeps its
  /// lines) without its syntax, as its face draws it (`plainTitle`); any other tile's as written.
  /// What merge conflicts say of a card (`ConflictWords`).
  public static func spokenTitle(_ tile: Tile) -> String {
    tile.markdownLines.isEmpty ? tile.displayTitle : CardFace(tile, markdown: true).plainTitle
  }

  /// Whether a byte may start Markdown's inline syntax (`[`, `*`, `_`, `=`, `` ` ``, `<`, `~`, `@`,
  /// `\`): a title without one is drawn as written.
  public static func mayBeSyntax(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x5B, 0x2A, 0x5F, 0x3D, 0x60, 0x3C, 0x7E, 0x40, 0x5C: return true
    default: return false
    }
  }

  /// How many sub-tasks are done, of how many.
  public var subtaskCount: (done: Int, total: Int) {
    (subtasks.filter(\.done).count, subtasks.count)
  }

  /// The card's due date as drawn on it: its dates joined (`2025-04-01 10:00`), or nil.
  public var due: String? { dates.isEmpty ? nil : dates.joined(separator: " ") }

  /// The face of `tile`: read as Markdown when `markdown` (a Markdown board's card), else its title as
  /// it is, with its checkbox (any format may keep one).
  public init(_ tile: Tile, markdown: Bool) {
    checkbox = tile.checkbox
    dates = []
    subtasks = []
    description = []
    guard markdown else {
      title = [[Run(tile.displayTitle)]]
      return
    }
    title = []
    // A title without a byte that may be syntax (or a tag's `#`) is drawn as it is written: most
    // titles, read without parsing.
    let written = tile.displayTitle
    let syntax = written.utf8.contains { Self.mayBeSyntax($0) || $0 == UInt8(ascii: "#") }
    var first = syntax ? Self.inline(written, dates: &dates) : [[Run(written)]]
    var continuation: [[Run]] = []
    for line in tile.markdownLines.dropFirst() {
      let text = Self.trimmed(line)
      if text.isEmpty { continue }
      if text.hasPrefix(">") {
        description.append(Self.trimmed(String(text.dropFirst())))
      } else if let (done, rest) = Self.listItem(text) {
        if let done {
          var ignored: [String] = []
          subtasks.append((done, Self.inline(rest, dates: &ignored).flatMap { $0 }.map(\.text).joined()))
        } else {
          description.append("• " + rest)
        }
      } else if text.hasPrefix("@ ") {
        dates.append(Self.trimmed(String(text.dropFirst(2))))
      } else if description.isEmpty && subtasks.isEmpty {
        continuation += Self.inline(text, dates: &dates)
      } else {
        description.append(text)
      }
    }
    if first.isEmpty { first = [[]] }
    title = first + continuation
  }

  // MARK: - Reading the lines under a card

  /// The text without blanks at its ends.
  static func trimmed(_ text: String) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
    guard let start = text.firstIndex(where: { !blank($0) }), let end = text.lastIndex(where: { !blank($0) }) else {
      return ""
    }
    return String(text[start...end])
  }

  /// A list item (`- `, `* `, `+ `): whether its checkbox is checked (nil: it has none) and its text.
  static func listItem(_ text: String) -> (Bool?, String)? {
    let chars = Array(text)
    guard chars.count >= 2, "-*+".contains(chars[0]), chars[1] == " " else { return nil }
    let rest = Array(chars.dropFirst(2))
    if rest.count >= 3, rest[0] == "[", rest[2] == "]", " xX".contains(rest[1]), rest.count == 3 || rest[3] == " " {
      return (rest[1] != " ", trimmed(String(rest.dropFirst(3))))
    }
    return (nil, trimmed(String(rest)))
  }

  // MARK: - Inline Markdown

  /// The runs of one line of Markdown, split into lines at `<br>`; the dates it gives (`@{…}`, `@@{…}`,
  /// `@[[…]]`) are taken out into `dates`.
  ///
  /// Delimiters are matched as CommonMark's delimiter stack matches them, simplified: an opener waits
  /// on a stack until a closer of its kind comes, which closes it and drops the unclosed openers above
  /// it, which stay text; code spans and links are found first. Each character gets its styles from
  /// running counts, so the whole is linear in the line's length.
  /// - Complexity: O(n).
  public static func inline(_ text: String, dates: inout [String]) -> [[Run]] {
    let chars = Array(text)
    let n = chars.count
    var hidden = [Bool](repeating: false, count: n)
    var breakAfter = [Bool](repeating: false, count: n)
    // Styles begun (+1) and ended (-1) at each index, per style bit.
    var starts = [[Int]](repeating: [Int](repeating: 0, count: n + 1), count: 8)
    func style(_ range: Range<Int>, _ s: Style) {
      guard !range.isEmpty else { return }
      for bit in 0..<8 where s.rawValue & (1 << bit) != 0 {
        starts[bit][range.lowerBound] += 1
        starts[bit][range.upperBound] -= 1
      }
    }
    func hide(_ range: Range<Int>) { for k in range { hidden[k] = true } }
    // Where each closing marker next occurs from each index, found once from the end, so that no
    // opener looks ahead more than once (O(n) for the line, however many openers go unclosed).
    var tables: [[Character]: [Int]] = [:]
    func next(_ target: [Character], from start: Int) -> Int? {
      if tables[target] == nil {
        var table = [Int](repeating: n, count: n + 2)
        var k = n - target.count
        while k >= 0 {
          table[k] = chars[k..<(k + target.count)].elementsEqual(target) ? k : table[k + 1]
          k -= 1
        }
        tables[target] = table
      }
      guard start >= 0, start <= n else { return nil }
      let found = tables[target]![start]
      return found < n ? found : nil
    }

    // Backslash escapes and code spans first: nothing inside them is syntax.
    var literal = [Bool](repeating: false, count: n)
    var i = 0
    // The next backtick run of each length, found once from the end (O(n)).
    var runsAfter: [(start: Int, length: Int)] = []
    do {
      var k = 0
      while k < n {
        if chars[k] == "`" {
          var e = k
          while e < n && chars[e] == "`" { e += 1 }
          runsAfter.append((k, e - k))
          k = e
        } else {
          k += 1
        }
      }
    }
    var runIndex = 0
    var usedRuns = Set<Int>()
    while i < n {
      if chars[i] == "\\", i + 1 < n, chars[i + 1].isPunctuation || chars[i + 1].isSymbol {
        hidden[i] = true
        literal[i + 1] = true
        i += 2
        continue
      }
      if chars[i] == "`" {
        while runIndex < runsAfter.count && runsAfter[runIndex].start < i { runIndex += 1 }
        guard runIndex < runsAfter.count, !usedRuns.contains(runIndex) else {
          i += 1
          continue
        }
        let open = runsAfter[runIndex]
        // The closer: the next run of the same length (looked for among a bounded number of runs).
        var closer: Int?
        var r = runIndex + 1
        while r < runsAfter.count && r < runIndex + 64 {
          if runsAfter[r].length == open.length {
            closer = r
            break
          }
          r += 1
        }
        if let closer {
          let close = runsAfter[closer]
          usedRuns.insert(closer)
          hide(open.start..<(open.start + open.length))
          hide(close.start..<(close.start + close.length))
          for k in (open.start + open.length)..<close.start { literal[k] = true }
          style((open.start + open.length)..<close.start, .code)
          i = close.start + close.length
          runIndex = closer + 1
        } else {
          for k in open.start..<(open.start + open.length) { literal[k] = true }
          i = open.start + open.length
        }
        continue
      }
      i += 1
    }

    // Links, wiki links, dates, <br> and tags.
    i = 0
    while i < n {
      if literal[i] || hidden[i] {
        i += 1
        continue
      }
      let c = chars[i]
      if c == "@", i + 1 < n {
        // @{date}, @@{time}, @[[date]]
        var open = i + 1
        if chars[open] == "@" { open += 1 }
        if open < n, chars[open] == "{", let close = next(["}"], from: open + 1) {
          dates.append(String(chars[(open + 1)..<close]))
          hide(i..<(close + 1))
          i = close + 1
          continue
        }
        if open + 1 < n, chars[open] == "[", chars[open + 1] == "[", let close = next(["]", "]"], from: open + 2) {
          dates.append(String(chars[(open + 2)..<close]))
          hide(i..<(close + 2))
          i = close + 2
          continue
        }
      }
      if c == "[", i + 1 < n, chars[i + 1] == "[", let close = next(["]", "]"], from: i + 2) {
        // [[page|alias]] shows the alias, [[page]] the page.
        let inner = (i + 2)..<close
        if let bar = chars[inner].firstIndex(of: "|") {
          hide(i..<(bar + 1))
          style((bar + 1)..<close, .link)
        } else {
          hide(i..<(i + 2))
          style(inner, .link)
        }
        hide(close..<(close + 2))
        i = close + 2
        continue
      }
      if c == "[", let end = next(["]", "("], from: i + 1), let close = next([")"], from: end + 2),
        !chars[(i + 1)..<end].contains("[")
      {
        hide(i..<(i + 1))
        style((i + 1)..<end, .link)
        hide(end..<(close + 1))
        i = close + 1
        continue
      }
      if c == "<", let close = next([">"], from: i + 1) {
        let tag = String(chars[(i + 1)..<close]).lowercased().filter { $0 != " " }
        if tag == "br" || tag == "br/" {
          hide(i..<(close + 1))
          if i > 0 { breakAfter[i - 1] = true } else { breakAfter[close] = true }
          i = close + 1
          continue
        }
      }
      if c == "#", i == 0 || chars[i - 1] == " " || chars[i - 1] == "\t" {
        var e = i + 1
        while e < n && (chars[e].isLetter || chars[e].isNumber || "_-/".contains(chars[e])) { e += 1 }
        if e > i + 1 && chars[(i + 1)..<e].contains(where: { !$0.isNumber }) {
          style(i..<e, .tag)
          for k in i..<e { literal[k] = true }
          i = e
          continue
        }
      }
      i += 1
    }

    // Emphasis: a delimiter stack.
    struct Opener {
      var index: Int
      var marker: Character
      var length: Int
    }
    var stack: [Opener] = []
    i = 0
    while i < n {
      if literal[i] || hidden[i] || !"*_=~".contains(chars[i]) {
        i += 1
        continue
      }
      let marker = chars[i]
      var e = i
      while e < n && chars[e] == marker && !literal[e] && !hidden[e] { e += 1 }
      let runLength = e - i
      let needed = marker == "=" || marker == "~" ? 2 : nil
      if let needed, runLength != needed {
        i = e
        continue
      }
      let before: Character? = i > 0 ? chars[i - 1] : nil
      let after: Character? = e < n ? chars[e] : nil
      let canOpen = after.map { !$0.isWhitespace } ?? false
      let canClose = before.map { !$0.isWhitespace } ?? false
      // An intraword `_` is text (snake_case), as in CommonMark.
      let intraword = marker == "_" && (before?.isLetter == true || before?.isNumber == true)
        && (after?.isLetter == true || after?.isNumber == true)
      let length = min(runLength, 3)
      var closed = false
      if canClose && !intraword, let k = stack.lastIndex(where: { $0.marker == marker && $0.length == length }) {
        let opener = stack[k]
        stack.removeSubrange(k...)
        hide(opener.index..<(opener.index + length))
        hide(i..<(i + length))
        let s: Style
        switch marker {
        case "=": s = .mark
        case "~": s = .struck
        default: s = length == 3 ? [.bold, .italic] : length == 2 ? .bold : .italic
        }
        style((opener.index + length)..<i, s)
        closed = true
      }
      if !closed && canOpen && !intraword {
        stack.append(Opener(index: i, marker: marker, length: length))
      }
      i = closed ? i + length : e
    }

    // The runs: each character's styles from the running counts, hidden ones left out.
    var lines: [[Run]] = [[]]
    var counts = [Int](repeating: 0, count: 8)
    for k in 0..<n {
      for bit in 0..<8 { counts[bit] += starts[bit][k] }
      if !hidden[k] {
        var s: Style = []
        for bit in 0..<8 where counts[bit] > 0 { s.insert(Style(rawValue: 1 << bit)) }
        if let last = lines[lines.count - 1].last, last.style == s {
          lines[lines.count - 1][lines[lines.count - 1].count - 1].text.append(chars[k])
        } else {
          lines[lines.count - 1].append(Run(String(chars[k]), s))
        }
      }
      if breakAfter[k] { lines.append([]) }
    }
    // Blanks left at the ends of lines by what was taken out (a date at the end) are dropped.
    return lines.map(Self.trimRuns)
  }

  /// A line's runs without blanks at its ends, and with runs of blanks inside made one.
  static func trimRuns(_ runs: [Run]) -> [Run] {
    var result: [Run] = []
    var pendingSpace = false
    for run in runs {
      var text = ""
      for ch in run.text {
        if ch == " " || ch == "\t" {
          pendingSpace = true
          continue
        }
        // A blank between two runs goes with the plain one (a link's underline neither starts nor
        // ends under a space), else it is plain on its own.
        if pendingSpace && !text.isEmpty {
          text.append(" ")
        } else if pendingSpace, let last = result.last {
          if last.style.isEmpty {
            result[result.count - 1].text.append(" ")
          } else if run.style.isEmpty {
            text.append(" ")
          } else {
            result.append(Run(" "))
          }
        }
        pendingSpace = false
        text.append(ch)
      }
      if !text.isEmpty {
        if let last = result.last, last.style == run.style {
          result[result.count - 1].text += text
        } else {
          result.append(Run(text, run.style))
        }
      }
    }
    return result
  }
}
