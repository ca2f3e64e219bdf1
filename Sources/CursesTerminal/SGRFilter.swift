/// A peephole over the bytes ncurses composes, before the terminal sees them: the same screen in fewer
/// bytes. ncurses changes colors with `setaf` and `setab` both at every change of color pair, goes back
/// to the screen's colors between two tiles with `op` then `sgr0` (and `sgr0`'s `ESC(B`), and moves the
/// cursor along a row with a full address: on a 200x60 screen of tiles, nearly half the bytes.
///
/// The filter keeps two renditions (colors and attributes): the one ncurses has asked for (`wanted`:
/// every SGR sequence it writes changes only that) and the one the terminal has (`actual`). Before
/// printable text the one shortest `ESC[…m` that makes the terminal show the text as ncurses asked goes
/// out — only what changed, or `0;` and what is on when an attribute goes off; for text of blanks
/// alone the foreground is left as it is (it does not show, unless underlined, reversed, struck or
/// blinking). Before anything else whose effect may depend on the colors — an erase (with `bce` it
/// fills with the background), an insert or delete, a newline (it may scroll), anything not known to
/// be a cursor move — the terminal is given exactly the wanted rendition, and at the end of composing
/// (`finish`) too, so it is then where ncurses believes it is. `ESC(B` and `SI` go out only when the
/// character set is not already ASCII and in use. A cursor address on the row the cursor surely is on becomes
/// `ESC[nG` (or a carriage return for the first column), when the terminal's `hpa` is that form.
///
///     ncurses:  ESC[12;2H ESC[31m ESC[44m "ab" ESC[39;49m ESC(B ESC[m ESC[12;40H "   " ESC[31m ESC[44m "cd"
///     filtered: ESC[31;44m ESC[12;2H "ab" ESC[49m ESC(B ESC[40G "   " ESC[44m "cd"
///
/// Pure: bytes in, bytes out, the state carried from one call to the next (a sequence split between two
/// calls is held until it is whole). Only for terminals whose `setaf`, `setab` and `sgr0` are ECMA-48
/// SGR sequences (`applies`); a parameter it does not know goes through as written, and the filter
/// stops modelling the rendition until the next reset.
///
/// - Complexity: O(n) in the bytes given; a few bytes of state.
public struct SGRFilter: Sendable {
  /// Colors and attributes: the colors as the parameters that set them (`31`, `38;5;196`,
  /// `38:2::1:2:3`), nil for the default; the attributes as bits by their SGR number (1 bold … 9
  /// struck out).
  struct Rendition: Equatable, Sendable {
    var foreground: Parameter?
    var background: Parameter?
    var attributes: UInt16 = 0

    static let plain = Rendition()
  }

  /// The text of one color's parameters, up to 24 bytes, kept without allocating (a frame has a
  /// thousand of them).
  struct Parameter: Equatable, Sendable {
    var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0

    static func == (a: Parameter, b: Parameter) -> Bool {
      a.count == b.count && a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2
    }

    /// `bytes` as a parameter; nil when longer than 24.
    init?(_ bytes: ArraySlice<UInt8>) {
      guard bytes.count <= 24 else { return nil }
      for b in bytes { append(b) }
    }

    init(_ text: StaticString) {
      text.withUTF8Buffer { for b in $0 { append(b) } }
    }

    mutating func append(_ b: UInt8) {
      let shift = UInt64((count % 8) * 8)
      switch count / 8 {
      case 0: words.0 |= UInt64(b) << shift
      case 1: words.1 |= UInt64(b) << shift
      default: words.2 |= UInt64(b) << shift
      }
      count += 1
    }

    func write(into out: inout [UInt8]) {
      for k in 0..<count {
        let word = k < 8 ? words.0 : k < 16 ? words.1 : words.2
        out.append(UInt8(truncatingIfNeeded: word >> UInt64((k % 8) * 8)))
      }
    }

    static let defaultForeground = Parameter("39")
    static let defaultBackground = Parameter("49")
  }

  /// Attributes whose look shows on a blank (underline, blink, rapid blink, reverse, strike-out): the
  /// foreground matters for blanks under them.
  static let showOnBlank: UInt16 = 1 << 4 | 1 << 5 | 1 << 6 | 1 << 7 | 1 << 9

  /// What ncurses asked for; nil after a parameter the filter does not know (everything then goes
  /// through as written until a reset).
  var wanted: Rendition? = .plain
  /// What the terminal shows; nil when unknown (the next change starts with `0`). At first, and after
  /// ncurses wrote to the terminal itself, what ncurses believes (as it would be without the filter).
  var actual: Rendition? = .plain
  /// Whether the terminal's G0 character set is surely ASCII (`ESC(B` then says nothing), and surely
  /// the one in use (`SI`, in the `sgr0` of screen, tmux and the Linux console, then says nothing).
  var asciiG0 = false
  var shiftedIn = false
  /// Whether the last printable text was blanks alone (what `REP` repeats).
  var lastBlank = false
  /// An escape sequence not yet whole at the end of the last call.
  var carry: [UInt8] = []
  /// Cursor moves and character sets since the last bytes that show (they depend on no color): an
  /// SGR sequence the next text needs goes before them, so that ncurses' own strings (`clear`:
  /// `ESC[H ESC[2J`) stay whole. Held until something that shows, or `finish` (a frame's last moves
  /// go out with the next frame: the cursor is hidden).
  var moves: [UInt8] = []

  /// Whether a cursor address on the cursor's row becomes `ESC[nG` (the terminal's `hpa` is that).
  let columnAddress: Bool
  /// The screen's width, for where text may wrap to the next row (0: rows never known).
  public var width: Int
  /// The cursor's row (1-based) where it is sure, and at most how far right it is (0-based column).
  var row: Int?
  var column = 0

  /// A filter for a terminal whose `hpa` is `ESC[%i%p1%dG` (`columnAddress`), `width` columns wide.
  public init(columnAddress: Bool, width: Int) {
    self.columnAddress = columnAddress
    self.width = width
  }

  /// Whether the filter applies to a terminal with these terminfo strings: colors set by `ESC[…m`, and
  /// `sgr0` an `ESC[m` or `ESC[0m` (with `ESC(B`, as xterm's, or `^O`, as the Linux console's).
  public static func applies(setaf: String?, setab: String?, sgr0: String?) -> Bool {
    guard let setaf, let setab, let sgr0 else { return false }
    func sgr(_ s: String) -> Bool { s.hasPrefix("\u{1B}[") && s.hasSuffix("m") && !s.dropFirst(2).contains("\u{1B}") }
    var rest = sgr0
    for part in ["\u{1B}(B", "\u{0F}"] { rest = rest.replacing(part, with: "") }
    return sgr(setaf) && sgr(setab) && (rest == "\u{1B}[m" || rest == "\u{1B}[0m")
  }

  /// Whether `hpa` is `ESC[%i%p1%dG` (CHA: a column, 1-based).
  public static func isColumnAddress(_ hpa: String?) -> Bool { hpa == "\u{1B}[%i%p1%dG" }

  /// After a stretch in which ncurses wrote to the terminal itself (a stop, the start): the rendition
  /// what ncurses believes after an update (the plain one), the character set and cursor unknown.
  public mutating func restart() {
    wanted = .plain
    actual = .plain
    asciiG0 = false
    shiftedIn = false
    lastBlank = false
    carry = []
    moves = []
    row = nil
  }

  /// The terminal brought to what ncurses believes it shows (and anything held back written): at the
  /// end of composing, before ncurses writes to the terminal itself.
  public mutating func finish(into out: inout [UInt8]) {
    settle(into: &out)
    flushMoves(into: &out)
    if !carry.isEmpty {
      out += carry
      carry = []
      wanted = nil
      actual = nil
      row = nil
    }
  }

  /// Filters `input`, appending what the terminal is to get to `out`.
  public mutating func filter(_ input: some Collection<UInt8>, into out: inout [UInt8]) {
    var bytes: [UInt8]
    if carry.isEmpty {
      bytes = Array(input)
    } else {
      bytes = carry
      bytes += input
      carry = []
    }
    var i = 0
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b >= 0x20 && b != 0x7F {
        // 1. Text: a run of printable bytes (UTF-8 included), in the rendition wanted.
        var j = i
        var blank = true
        var scalars = 0
        while j < n, bytes[j] >= 0x20, bytes[j] != 0x7F {
          if bytes[j] != 0x20 { blank = false }
          if bytes[j] & 0xC0 != 0x80 { scalars += bytes[j] < 0x80 ? 1 : 2 }
          j += 1
        }
        prepare(blank: blank, into: &out)
        flushMoves(into: &out)
        out += bytes[i..<j]
        lastBlank = blank
        advance(scalars)
        i = j
      } else if b == 0x1B {
        // 2. An escape sequence: whole, or held for the next call.
        guard let end = Self.sequenceEnd(bytes, from: i) else {
          carry = Array(bytes[i...])
          return
        }
        escape(bytes[i..<end], into: &out)
        i = end
      } else {
        // 3. A control character: CR and BS move, SO, SI, NUL and DEL change no cell; anything else
        // (a newline may scroll) gets the exact rendition first.
        switch b {
        case 0x0D: column = 0
        case 0x08: column = max(0, column - 1)
        case 0x0F:
          if shiftedIn {
            i += 1
            continue
          }
          shiftedIn = true
        case 0x0E: shiftedIn = false
        case 0x00, 0x7F: break
        default:
          settle(into: &out)
          flushMoves(into: &out)
          out.append(b)
          row = nil
          i += 1
          continue
        }
        moves.append(b)
        i += 1
      }
    }
  }

  /// Writes the moves held back.
  private mutating func flushMoves(into out: inout [UInt8]) {
    guard !moves.isEmpty else { return }
    out += moves
    moves.removeAll(keepingCapacity: true)
  }

  /// Where the escape sequence at `start` ends (the index after it), nil when the bytes end first. A
  /// malformed one ends before the byte that breaks it.
  static func sequenceEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    let n = bytes.count
    guard start + 1 < n else { return nil }
    let kind = bytes[start + 1]
    var i = start + 2
    switch kind {
    case UInt8(ascii: "["):
      while i < n {
        let b = bytes[i]
        if b >= 0x40 && b <= 0x7E { return i + 1 }
        if b < 0x20 || b > 0x7E { return i }
        i += 1
      }
      return n - start > 256 ? n : nil
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
      // A string, to BEL (an OSC's) or ST.
      while i < n {
        if bytes[i] == 0x07 { return i + 1 }
        if bytes[i] == 0x1B {
          guard i + 1 < n else { return nil }
          return bytes[i + 1] == UInt8(ascii: "\\") ? i + 2 : i
        }
        i += 1
      }
      return n - start > 65_536 ? n : nil
    default:
      // ESC, intermediates (0x20-0x2F), a final byte.
      i = start + 1
      while i < n, bytes[i] >= 0x20 && bytes[i] <= 0x2F { i += 1 }
      guard i < n else { return nil }
      return bytes[i] >= 0x30 && bytes[i] <= 0x7E ? i + 1 : i
    }
  }

  /// One whole escape sequence.
  private mutating func escape(_ s: ArraySlice<UInt8>, into out: inout [UInt8]) {
    let a = s.startIndex
    let kind = s.count > 1 ? s[a + 1] : 0
    if kind == UInt8(ascii: "[") && s.count >= 3 {
      csi(s, into: &out)
    } else if kind == UInt8(ascii: "(") && s.count == 3 {
      // G0 designated: `ESC(B` (in every `sgr0` of ncurses' xterm entries) says nothing when it is
      // ASCII already.
      if s[a + 2] == UInt8(ascii: "B") {
        if asciiG0 { return }
        asciiG0 = true
      } else {
        asciiG0 = false
      }
      moves += s
    } else if Self.changesNoCell(kind) {
      moves += s
    } else {
      // Anything else (a cursor restored with its rendition, a reset, a reverse index that may
      // scroll): exact first, and nothing known after.
      settle(into: &out)
      flushMoves(into: &out)
      out += s
      row = nil
      // A cursor restored with the rendition it was saved with (settled then), a reset: the same
      // on the terminal as without the filter, and passed on as written until ncurses resets it.
      if kind == UInt8(ascii: "8") || kind == UInt8(ascii: "c") {
        wanted = nil
        actual = nil
        asciiG0 = false
        shiftedIn = false
      }
    }
  }

  /// Whether an escape sequence of this kind changes no cell: strings (`ESC]`, `ESCP`, …), G1-G3, the
  /// keypad.
  static func changesNoCell(_ kind: UInt8) -> Bool {
    switch kind {
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"),
      UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: ">"):
      return true
    default: return false
    }
  }

  /// A control sequence (`ESC[` …).
  private mutating func csi(_ s: ArraySlice<UInt8>, into out: inout [UInt8]) {
    let final = s[s.endIndex - 1]
    let body = s[(s.startIndex + 2)..<(s.endIndex - 1)]
    let plain = final >= 0x40 && body.allSatisfy { $0 >= 0x30 && $0 <= 0x3B }
    guard plain else {
      // Private modes, intermediates, a malformed sequence: exact first.
      settle(into: &out)
      flushMoves(into: &out)
      out += s
      row = nil
      return
    }
    switch final {
    case UInt8(ascii: "m"):
      sgr(body, raw: s, into: &out)
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      let (first, second, count) = Self.numbers(body)
      let (r, c) = (max(1, first), max(1, second))
      if columnAddress && final == UInt8(ascii: "H") && row == r && count <= 2 {
        if c == 1 {
          moves.append(0x0D)
        } else {
          moves.append(0x1B)
          moves.append(UInt8(ascii: "["))
          Self.write(c, into: &moves)
          moves.append(UInt8(ascii: "G"))
        }
      } else {
        moves += s
      }
      row = r
      column = c - 1
    case UInt8(ascii: "G"), UInt8(ascii: "`"):
      moves += s
      column = max(1, Self.numbers(body).first) - 1
    case UInt8(ascii: "d"):
      moves += s
      row = max(1, Self.numbers(body).first)
    case UInt8(ascii: "C"):
      moves += s
      advance(max(1, Self.numbers(body).first))
    case UInt8(ascii: "D"):
      moves += s
      column = max(0, column - max(1, Self.numbers(body).first))
    case UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "E"), UInt8(ascii: "F"):
      moves += s
      row = nil
    case UInt8(ascii: "b"):
      // REP repeats the last character, in the rendition it was written in.
      prepare(blank: lastBlank, into: &out)
      flushMoves(into: &out)
      out += s
      advance(2 * max(1, Self.numbers(body).first))
    case UInt8(ascii: "X"), UInt8(ascii: "K"), UInt8(ascii: "J"):
      // Erases fill with the background (`bce`); the cursor stays.
      settle(into: &out)
      flushMoves(into: &out)
      out += s
    default:
      settle(into: &out)
      flushMoves(into: &out)
      out += s
      row = nil
    }
  }

  /// The cursor moved right by at most `columns`: past the last column but one, its row is no longer
  /// sure (it may wrap, now or at the next character).
  private mutating func advance(_ columns: Int) {
    column += columns
    if column >= width - 1 { row = nil }
  }

  /// Appends `n` (positive) in decimal.
  static func write(_ n: Int, into out: inout [UInt8]) {
    if n >= 10 { write(n / 10, into: &out) }
    out.append(UInt8(0x30 + n % 10))
  }

  /// The first two numbers of a parameter string (`12;40`: 12, 40; an empty or missing one is 0), and
  /// how many there are.
  static func numbers(_ body: ArraySlice<UInt8>) -> (first: Int, second: Int, count: Int) {
    var values = (0, 0)
    var count = 1
    for b in body {
      if b == UInt8(ascii: ";") {
        count += 1
      } else if b >= 0x30 && b <= 0x39 {
        if count == 1 { values.0 = min(values.0 * 10 + Int(b - 0x30), 1_000_000) }
        if count == 2 { values.1 = min(values.1 * 10 + Int(b - 0x30), 1_000_000) }
      }
    }
    return (values.0, values.1, count)
  }

  /// An SGR sequence: it changes the rendition wanted, and nothing goes out yet — unless it has a
  /// parameter the filter does not know, which goes through as written (after the rendition wanted
  /// so far).
  private mutating func sgr(_ body: ArraySlice<UInt8>, raw: ArraySlice<UInt8>, into out: inout [UInt8]) {
    var first = body.startIndex
    while first < body.endIndex, body[first] == UInt8(ascii: "0") { first += 1 }
    let resets = first == body.endIndex || body[first] == UInt8(ascii: ";")
    if let base = wanted ?? (resets ? .plain : nil), let next = Self.apply(body, to: base) {
      wanted = next
      return
    }
    settle(into: &out)
    flushMoves(into: &out)
    out += raw
    wanted = nil
    actual = nil
  }

  /// The parameters `body` applied to `rendition`; nil when one is not known.
  static func apply(_ body: ArraySlice<UInt8>, to rendition: Rendition) -> Rendition? {
    var r = rendition
    var i = body.startIndex
    let end = body.endIndex
    /// The parameter from `i` on, and `i` past its `;`.
    func next(_ i: inout Int) -> ArraySlice<UInt8> {
      var j = i
      while j < end, body[j] != UInt8(ascii: ";") { j += 1 }
      defer { i = j + 1 }
      return body[i..<j]
    }
    var more = true
    while more {
      let p = next(&i)
      more = i <= end
      if p.contains(UInt8(ascii: ":")) {
        // A color in the colon form (`38:2::r:g:b`, `38:5:n`) is one parameter; other sub-parameters
        // (underline styles) are not known.
        guard p.count > 3, p[p.startIndex + 2] == UInt8(ascii: ":"), let color = Parameter(p) else { return nil }
        switch (p[p.startIndex], p[p.startIndex + 1]) {
        case (UInt8(ascii: "3"), UInt8(ascii: "8")): r.foreground = color
        case (UInt8(ascii: "4"), UInt8(ascii: "8")): r.background = color
        default: return nil
        }
        continue
      }
      guard p.count <= 3, let value = number(p) else { return nil }
      switch value {
      case 0: r = .plain
      case 1...9: r.attributes |= 1 << value
      case 22: r.attributes &= ~(1 << 1 | 1 << 2)
      case 23, 24, 27, 28, 29: r.attributes &= ~(1 << (value - 20))
      case 25: r.attributes &= ~(1 << 5 | 1 << 6)
      case 30...37, 90...97: r.foreground = Parameter(p)
      case 40...47, 100...107: r.background = Parameter(p)
      case 39: r.foreground = nil
      case 49: r.background = nil
      case 38, 48:
        // `38;5;n`, `38;2;r;g;b`: one color, as written.
        guard more else { return nil }
        let kind = next(&i)
        let count = kind.count != 1 ? 0 : kind.first == UInt8(ascii: "5") ? 1 : kind.first == UInt8(ascii: "2") ? 3 : 0
        guard count > 0, i <= end else { return nil }
        for _ in 0..<count {
          guard i <= end, number(next(&i)) != nil else { return nil }
        }
        guard i <= end + 1, let color = Parameter(body[p.startIndex..<(i - 1)]) else { return nil }
        more = i <= end
        if value == 38 { r.foreground = color } else { r.background = color }
      default: return nil
      }
    }
    return r
  }

  /// The number of a parameter of digits (an empty one is 0); nil for anything else.
  static func number(_ p: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for b in p {
      guard b >= 0x30 && b <= 0x39, value < 100_000 else { return nil }
      value = value * 10 + Int(b - 0x30)
    }
    return value
  }

  /// The terminal given the rendition wanted before printable text; for blanks, its foreground may
  /// stay as it is where it does not show.
  private mutating func prepare(blank: Bool, into out: inout [UInt8]) {
    guard let wanted else { return }
    if let actual, actual == wanted { return }
    let free = blank && wanted.attributes & Self.showOnBlank == 0
    if free, let actual, actual.attributes == wanted.attributes, actual.background == wanted.background { return }
    change(to: wanted, foregroundFree: free, into: &out)
  }

  /// The terminal given exactly the rendition wanted.
  private mutating func settle(into out: inout [UInt8]) {
    guard let wanted, actual != wanted else { return }
    change(to: wanted, foregroundFree: false, into: &out)
  }

  /// The shortest one SGR sequence from `actual` to `target` (its foreground left as it is, or as a
  /// reset leaves it, when `foregroundFree`): only what changes, when no attribute goes off; else
  /// `0;` and everything that is on.
  private mutating func change(to target: Rendition, foregroundFree: Bool, into out: inout [UInt8]) {
    // Lengths count each parameter with its separator. From a reset: `0`, the attributes on, the
    // colors set (a reset alone is `ESC[m`, without the `0`).
    let on = target.attributes.nonzeroBitCount * 2
    var rebuilt = 2 + on
    if !foregroundFree, let f = target.foreground { rebuilt += f.count + 1 }
    if let b = target.background { rebuilt += b.count + 1 }
    if rebuilt == 2 { rebuilt = 0 }
    // Only what changes.
    var incremental: Int?
    if let actual, actual.attributes & ~target.attributes == 0 {
      var length = (target.attributes & ~actual.attributes).nonzeroBitCount * 2
      if !foregroundFree && actual.foreground != target.foreground { length += (target.foreground?.count ?? 2) + 1 }
      if actual.background != target.background { length += (target.background?.count ?? 2) + 1 }
      // A foreground a reset would lose where it does not show (blanks between two tiles) is worth
      // what it costs to write again: the next text is most often in the same one.
      var cost = rebuilt
      if foregroundFree, let kept = actual.foreground { cost += kept.count + 1 }
      if length <= cost { incremental = length }
    }
    out.append(0x1B)
    out.append(UInt8(ascii: "["))
    var separate = false
    func separator() {
      if separate { out.append(UInt8(ascii: ";")) }
      separate = true
    }
    var result = target
    var bits = target.attributes
    if let from = actual, incremental != nil {
      bits &= ~from.attributes
      if foregroundFree { result.foreground = from.foreground }
    } else {
      if rebuilt > 0 {
        out.append(UInt8(ascii: "0"))
        separate = true
      }
      if foregroundFree { result.foreground = nil }
    }
    for k in 1...9 where bits & (1 << k) != 0 {
      separator()
      out.append(UInt8(0x30 + k))
    }
    let from = incremental != nil ? actual : nil
    if !foregroundFree, from == nil ? target.foreground != nil : from!.foreground != target.foreground {
      separator()
      (target.foreground ?? .defaultForeground).write(into: &out)
    }
    if from == nil ? target.background != nil : from!.background != target.background {
      separator()
      (target.background ?? .defaultBackground).write(into: &out)
    }
    out.append(UInt8(ascii: "m"))
    actual = result
  }
}
