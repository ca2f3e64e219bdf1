import CursesTerminal
import TestSupport
import Testing

/// The filter over ncurses' bytes (`SGRFilter`): what it writes shows every character in the colors
/// and attributes ncurses asked for, on a small terminal interpreted here, whatever the stream and
/// wherever it is cut; and the ways it saves bytes, one by one.
@Suite("SGR filter: the same screen in fewer bytes")
struct SGRFilterTests {
  static let esc = "\u{1B}"

  /// `text` through a new filter (xterm's `hpa`, 40 columns), cut at `cuts`, then `finish`.
  static func filtered(_ text: String, cuts: [Int] = [], width: Int = 40, columnAddress: Bool = true) -> String {
    String(decoding: filtered(Array(text.utf8), cuts: cuts, width: width, columnAddress: columnAddress), as: UTF8.self)
  }

  static func filtered(_ bytes: [UInt8], cuts: [Int] = [], width: Int = 40, columnAddress: Bool = true) -> [UInt8] {
    var filter = SGRFilter(columnAddress: columnAddress, width: width)
    var out: [UInt8] = []
    var start = 0
    for cut in cuts + [bytes.count] where cut >= start {
      filter.filter(bytes[start..<cut], into: &out)
      start = cut
    }
    filter.finish(into: &out)
    return out
  }

  // MARK: - Each saving

  @Test("the example of SGRFilter's comment")
  func example() {
    let e = Self.esc
    #expect(
      Self.filtered("\(e)[12;2H\(e)[31m\(e)[44mab\(e)[39;49m\(e)(B\(e)[m\(e)[12;40H   \(e)[31m\(e)[44mcd", width: 80)
        == "\(e)[31;44m\(e)[12;2Hab\(e)[49m\(e)(B\(e)[40G   \(e)[44mcd")
  }

  @Test("both colors of a pair change in one sequence, and a color that did not change is not written again")
  func onePairOneSequence() {
    let e = Self.esc
    #expect(Self.filtered("\(e)[38;5;16m\(e)[48;5;137mab\(e)[38;5;16m\(e)[48;5;77mcd") == "\(e)[38;5;16;48;5;137mab\(e)[48;5;77mcd")
  }

  @Test("op then sgr0 back to the screen's colors is one reset, and ESC(B or SI only the first time")
  func wayBack() {
    let e = Self.esc
    let text = "\(e)[31m\(e)[44mab\(e)[39;49m\(e)(B\(e)[mx\(e)[32mcd\(e)[39;49m\(e)(B\(e)[my"
    #expect(Self.filtered(text) == "\(e)[31;44mab\(e)[m\(e)(Bx\(e)[32mcd\(e)[my")
    let screen = "\(e)[31m\(e)[44mab\(e)[39;49m\(e)[m\u{0F}x\(e)[32mcd\(e)[39;49m\(e)[m\u{0F}y\u{0E}q\(e)[m\u{0F}z"
    #expect(Self.filtered(screen) == "\(e)[31;44mab\(e)[m\u{0F}x\(e)[32mcd\(e)[my\u{0E}q\u{0F}z")
  }

  @Test("an attribute going off rebuilds with 0 and what stays on")
  func attributeOff() {
    let e = Self.esc
    #expect(Self.filtered("\(e)[0;1;7m\(e)[31mab\(e)[0;7m\(e)[31mcd") == "\(e)[1;7;31mab\(e)[0;7;31mcd")
    // Only turned on: just the new one.
    #expect(Self.filtered("\(e)[31mab\(e)[0;1m\(e)[31mcd") == "\(e)[31mab\(e)[1mcd")
  }

  @Test("blanks take the background alone; the foreground waits for text that shows it")
  func blanks() {
    let e = Self.esc
    #expect(Self.filtered("\(e)[31;44mab\(e)[32;45m   \(e)[32;45mcd") == "\(e)[31;44mab\(e)[45m   \(e)[32mcd")
    // Underlined (or reversed) blanks show the foreground.
    #expect(Self.filtered("\(e)[31;44mab\(e)[4;32m  ") == "\(e)[31;44mab\(e)[4;32m  ")
    #expect(Self.filtered("\(e)[31;44mab\(e)[7;32m  ") == "\(e)[31;44mab\(e)[7;32m  ")
  }

  @Test("an erase, a newline, an insert get exactly the rendition wanted, before the cursor moves that lead to them (ncurses' clear stays whole)")
  func exactBeforeErases() {
    let e = Self.esc
    #expect(Self.filtered("\(e)[31;44mab\(e)[39;49m\(e)[5;7H\(e)[K") == "\(e)[31;44mab\(e)[m\(e)[5;7H\(e)[K")
    #expect(Self.filtered("\(e)[31;44mab\(e)[39;49m\(e)(B\(e)[m\(e)[H\(e)[2J") == "\(e)[31;44mab\(e)[m\(e)(B\(e)[H\(e)[2J")
    #expect(Self.filtered("\(e)[31;44mab\(e)[39;49m\n") == "\(e)[31;44mab\(e)[m\n")
    #expect(Self.filtered("\(e)[31;44mab\(e)[32m\(e)[2L") == "\(e)[31;44mab\(e)[32m\(e)[2L")
  }

  @Test("at the end the terminal is where ncurses believes it is")
  func finishSettles() {
    let e = Self.esc
    #expect(Self.filtered("\(e)[31;44mab\(e)[39;49m\(e)(B\(e)[m") == "\(e)[31;44mab\(e)[m\(e)(B")
  }

  @Test("a cursor address on the row the cursor is on becomes a column, or a carriage return")
  func columnAddress() {
    let e = Self.esc
    #expect(Self.filtered("\(e)[3;2Hab\(e)[3;20Hcd\(e)[3;1He\(e)[4;5Hf") == "\(e)[3;2Hab\(e)[20Gcd\re\(e)[4;5Hf")
    // Not where the terminal's `hpa` is something else.
    #expect(Self.filtered("\(e)[3;2Hab\(e)[3;20Hcd", columnAddress: false) == "\(e)[3;2Hab\(e)[3;20Hcd")
    // Not after text that may have reached the last column (it may wrap), nor after a newline.
    #expect(Self.filtered("\(e)[3;30H1234567890\(e)[3;5Hx", width: 40) == "\(e)[3;30H1234567890\(e)[3;5Hx")
    #expect(Self.filtered("\(e)[3;30H☑☑☑☑\(e)[3;5Hx", width: 40) == "\(e)[3;30H☑☑☑☑\(e)[5Gx")
    #expect(Self.filtered("\(e)[3;30H☑☑☑☑☑☑\(e)[3;5Hx", width: 40) == "\(e)[3;30H☑☑☑☑☑☑\(e)[3;5Hx")
    #expect(Self.filtered("\(e)[3;2Hab\n\(e)[3;5Hx") == "\(e)[3;2Hab\n\(e)[3;5Hx")
  }

  @Test("a parameter the filter does not know goes through, and the rendition is modelled again after a reset")
  func unknownParameter() {
    let e = Self.esc
    #expect(Self.filtered("\(e)[31mab\(e)[53mcd\(e)[32mef\(e)[0;34mgh") == "\(e)[31mab\(e)[53mcd\(e)[32mef\(e)[0;34mgh")
  }

  @Test("a sequence cut anywhere comes out as when whole")
  func cuts() {
    let e = Self.esc
    let text = Array("\(e)[38;5;16m\(e)[48;5;137m\(e)[3;2Hab☑\(e)[39;49m\(e)(B\(e)[m\(e)[3;20H  \(e)]0;title\u{07}\(e)[14X".utf8)
    let whole = Self.filtered(text)
    for k in 0...text.count {
      #expect(Self.filtered(text, cuts: [k]) == whole, "cut at \(k)")
    }
  }

  @Test("the terminals it applies to")
  func applies() {
    let xterm = (
      setaf: "\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m",
      setab: "\u{1B}[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m")
    #expect(SGRFilter.applies(setaf: xterm.setaf, setab: xterm.setab, sgr0: "\u{1B}(B\u{1B}[m"))
    #expect(SGRFilter.applies(setaf: xterm.setaf, setab: xterm.setab, sgr0: "\u{1B}[0m\u{0F}"))
    #expect(!SGRFilter.applies(setaf: nil, setab: nil, sgr0: "\u{1B}[m"))
    #expect(!SGRFilter.applies(setaf: xterm.setaf, setab: xterm.setab, sgr0: "\u{1B}[0;10m"))
    #expect(!SGRFilter.applies(setaf: "\u{1B}[3%p1%d;1m\u{1B}(0", setab: xterm.setab, sgr0: "\u{1B}[m"))
    #expect(SGRFilter.isColumnAddress("\u{1B}[%i%p1%dG"))
    #expect(!SGRFilter.isColumnAddress(nil))
  }

  // MARK: - The screen is the same

  @Test("random streams of ncurses-like sequences show every cell the same, cut at random places too", arguments: 0..<40)
  func sameScreen(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 7)
    let width = 12
    let height = 6
    let stream = Self.randomStream(&random, width: width, height: height, pieces: 400)
    let cuts = (0..<6).map { _ in Int(random.next() % UInt64(stream.count + 1)) }.sorted()
    for (name, cut) in [("whole", [Int]()), ("cut", cuts)] {
      let out = Self.filtered(stream, cuts: cut, width: width)
      var before = SGRScreen(width: width, height: height)
      before.run(stream)
      var after = SGRScreen(width: width, height: height)
      after.run(out)
      let differences = before.differences(from: after)
      #expect(differences.isEmpty, "\(name), seed \(seed): \(differences.prefix(3))\n\(String(decoding: stream, as: UTF8.self).debugDescription)\n\(String(decoding: out, as: UTF8.self).debugDescription)")
      #expect(before.rendition == after.rendition && before.g0 == after.g0 && before.shifted == after.shifted, "\(name), seed \(seed): the state at the end")
      #expect(before.cursor == after.cursor, "\(name), seed \(seed): the cursor at the end")
    }
  }

  @Test("every byte boundary of a random stream")
  func everyBoundary() {
    var random = SplitMix64(seed: 35)
    let stream = Self.randomStream(&random, width: 10, height: 4, pieces: 60)
    let whole = Self.filtered(stream, width: 10)
    for k in 0...stream.count {
      #expect(Self.filtered(stream, cuts: [k], width: 10) == whole, "cut at \(k)")
    }
  }

  /// A stream like ncurses' for a small screen: addresses, colors in every form ncurses writes, `op`,
  /// `sgr0`, `sgr` with attributes, text (blanks, ASCII, wide and line-drawing), erases, newlines,
  /// `REP`, and now and then what the filter does not know.
  static func randomStream(_ random: inout SplitMix64, width: Int, height: Int, pieces: Int) -> [UInt8] {
    let e = esc
    func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    var text = ""
    for _ in 0..<pieces {
      switch pick(22) {
      case 0, 1: text += "\(e)[\(pick(height) + 1);\(pick(width) + 1)H"
      case 2: text += "\(e)[\(pick(width) + 1)G"
      case 3: text += "\r"
      case 4: text += ["\(e)[3\(pick(8))m", "\(e)[9\(pick(8))m", "\(e)[38;5;\(pick(256))m", "\(e)[38;2;\(pick(3));0;\(pick(2))m", "\(e)[38:2::1:\(pick(2)):3m"][pick(5)]
      case 5: text += ["\(e)[4\(pick(8))m", "\(e)[10\(pick(8))m", "\(e)[48;5;\(pick(256))m", "\(e)[48;2;\(pick(3));0;0m"][pick(4)]
      case 6: text += "\(e)[39;49m"
      case 7: text += ["\(e)(B\(e)[m", "\(e)[m\u{0F}", "\u{0E}"][pick(3)]
      case 8:
        let attributes = [1, 2, 3, 4, 5, 7, 8, 9].filter { _ in pick(3) == 0 }
        text += "\(e)(B\(e)[0" + attributes.map { ";\($0)" }.joined() + "m"
      case 9: text += ["\(e)[22m", "\(e)[23m", "\(e)[24m", "\(e)[27m", "\(e)[1m", "\(e)[7m"][pick(6)]
      case 10, 11, 12: text += String(repeating: " ", count: pick(5) + 1)
      case 13, 14: text += ["ab", "x", "tile 7", "☑", "漢", "é "][pick(6)]
      case 15: text += "\(e)[\(pick(5) + 1)X"
      case 16: text += ["\(e)[K", "\(e)[1K", "\(e)[J"][pick(3)]
      case 17: text += "\n"
      case 18: text += "q\(e)[\(pick(3) + 1)b"
      case 19: text += ["\(e)(0", "\(e)(B", "\(e)[C", "\(e)[2D", "\(e)[A", "\(e)[\(pick(height) + 1)d"][pick(6)]
      case 20: text += ["\(e)[53m", "\(e)[55m", "\(e)[4:3m", "\(e)7", "\(e)8"][pick(5)]
      default: text += "\(e)[0;\(pick(2) + 1);3\(pick(8));4\(pick(8))m"
      }
    }
    return Array(text.utf8)
  }
}

/// A small terminal for the tests: cells with a character and the rendition it was written in, SGR
/// read independently of the filter (colors by what they mean, `31` and `38;5;1` alike), auto-wrap at
/// the last column, scrolling at the bottom, erases in the background color.
struct SGRScreen {
  struct Rendition: Equatable, CustomStringConvertible {
    var foreground = "default"
    var background = "default"
    var attributes: Set<Int> = []
    var description: String { "\(foreground)/\(background)/\(attributes.sorted())" }
  }

  struct Cell: Equatable {
    var text = " "
    var rendition = Rendition()
  }

  let width: Int
  let height: Int
  var cells: [[Cell]]
  var rendition = Rendition()
  var g0 = "B"
  /// `SO`: the G1 set in use.
  var shifted = false
  var cursor = (row: 0, column: 0)
  var pendingWrap = false
  var saved = (row: 0, column: 0, rendition: Rendition())
  var last: Cell?

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    cells = Array(repeating: Array(repeating: Cell(), count: width), count: height)
  }

  /// Where two screens differ, ignoring the foreground of blanks it does not show on.
  func differences(from other: SGRScreen) -> [String] {
    var result: [String] = []
    for r in 0..<height {
      for c in 0..<width {
        var a = cells[r][c]
        var b = other.cells[r][c]
        let hidden: Set<Int> = [4, 5, 6, 7, 9, 53]
        if a.text == " " && b.text == " " && a.rendition.attributes.isDisjoint(with: hidden)
          && b.rendition.attributes.isDisjoint(with: hidden)
        {
          a.rendition.foreground = ""
          b.rendition.foreground = ""
        }
        if a != b { result.append("(\(r), \(c)): \(a.text) \(a.rendition) against \(b.text) \(b.rendition)") }
      }
    }
    return result
  }

  mutating func run(_ bytes: [UInt8]) {
    let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    var i = 0
    while i < scalars.count {
      let s = scalars[i]
      i += 1
      switch s.value {
      case 0x1B:
        guard i < scalars.count else { return }
        let kind = scalars[i]
        i += 1
        if kind == "[" {
          var body = ""
          while i < scalars.count, !(0x40...0x7E).contains(scalars[i].value) {
            body.unicodeScalars.append(scalars[i])
            i += 1
          }
          guard i < scalars.count else { return }
          let final = scalars[i]
          i += 1
          control(body, final)
        } else if kind == "(" {
          g0 = String(scalars[i])
          i += 1
        } else if kind == "]" {
          while i < scalars.count, scalars[i] != "\u{07}" { i += 1 }
          i += 1
        } else if kind == "7" {
          saved = (cursor.row, cursor.column, rendition)
        } else if kind == "8" {
          cursor = (saved.row, saved.column)
          rendition = saved.rendition
          pendingWrap = false
        }
      case 0x0E: shifted = true
      case 0x0F: shifted = false
      case 0x0D:
        cursor.column = 0
        pendingWrap = false
      case 0x0A:
        lineFeed()
      case 0x08:
        cursor.column = max(0, cursor.column - 1)
        pendingWrap = false
      case 0..<0x20:
        break
      default:
        put(shifted && s.isASCII && s != " " ? "s\(s)" : g0 == "0" && s.isASCII && s != " " ? "g\(s)" : String(s), wide: s.value >= 0x1100 && s.value != 0x2611)
      }
    }
  }

  mutating func lineFeed() {
    pendingWrap = false
    if cursor.row == height - 1 {
      cells.removeFirst()
      cells.append(Array(repeating: Cell(text: " ", rendition: Rendition(background: rendition.background)), count: width))
    } else {
      cursor.row += 1
    }
  }

  mutating func put(_ text: String, wide: Bool) {
    if pendingWrap || (wide && cursor.column == width - 1) {
      cursor.column = 0
      lineFeed()
    }
    let cell = Cell(text: text, rendition: rendition)
    cells[cursor.row][cursor.column] = cell
    last = cell
    if wide {
      cursor.column += 1
      cells[cursor.row][cursor.column] = Cell(text: "", rendition: rendition)
    }
    if cursor.column == width - 1 { pendingWrap = true } else { cursor.column += 1 }
  }

  mutating func erase(row: Int, from start: Int, to end: Int) {
    for c in max(0, start)..<min(width, end) { cells[row][c] = Cell(text: " ", rendition: Rendition(background: rendition.background)) }
  }

  mutating func control(_ body: String, _ final: Unicode.Scalar) {
    let p = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    let n = max(1, p.first ?? 1)
    switch final {
    case "m": sgr(body)
    case "H":
      cursor = (min(height, max(1, p.first ?? 1)) - 1, min(width, max(1, p.count > 1 ? p[1] : 1)) - 1)
      pendingWrap = false
    case "G":
      cursor.column = min(width, n) - 1
      pendingWrap = false
    case "d":
      cursor.row = min(height, n) - 1
      pendingWrap = false
    case "C":
      cursor.column = min(width - 1, cursor.column + n)
      pendingWrap = false
    case "D":
      cursor.column = max(0, cursor.column - n)
      pendingWrap = false
    case "A":
      cursor.row = max(0, cursor.row - n)
      pendingWrap = false
    case "X": erase(row: cursor.row, from: cursor.column, to: cursor.column + n)
    case "K":
      switch p.first ?? 0 {
      case 1: erase(row: cursor.row, from: 0, to: cursor.column + 1)
      case 2: erase(row: cursor.row, from: 0, to: width)
      default: erase(row: cursor.row, from: cursor.column, to: width)
      }
    case "J":
      erase(row: cursor.row, from: cursor.column, to: width)
      for r in (cursor.row + 1)..<height { erase(row: r, from: 0, to: width) }
    case "b":
      // The last character again, in the rendition now.
      if let last { for _ in 0..<n { put(last.text, wide: false) } }
    default: break
    }
  }

  mutating func sgr(_ body: String) {
    let parameters = body.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    var k = 0
    func color(_ p: [String]) -> String { p.joined(separator: ",") }
    while k < parameters.count {
      let p = parameters[k]
      k += 1
      if p.contains(":") {
        let parts = p.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if parts[0] == "38" { rendition.foreground = "rgb " + color(Array(parts.suffix(3))) }
        if parts[0] == "48" { rendition.background = "rgb " + color(Array(parts.suffix(3))) }
        if parts[0] == "4" { rendition.attributes.insert(4) }
        continue
      }
      let v = Int(p) ?? 0
      switch v {
      case 0: rendition = Rendition()
      case 1...9, 53: rendition.attributes.insert(v)
      case 22: rendition.attributes.subtract([1, 2])
      case 23, 24, 27, 28, 29: rendition.attributes.remove(v - 20)
      case 25: rendition.attributes.subtract([5, 6])
      case 55: rendition.attributes.remove(53)
      case 30...37: rendition.foreground = "\(v - 30)"
      case 90...97: rendition.foreground = "\(v - 90 + 8)"
      case 40...47: rendition.background = "\(v - 40)"
      case 100...107: rendition.background = "\(v - 100 + 8)"
      case 39: rendition.foreground = "default"
      case 49: rendition.background = "default"
      case 38, 48:
        let value: String
        if k < parameters.count && parameters[k] == "5" && k + 1 < parameters.count {
          value = parameters[k + 1]
          k += 2
        } else if k < parameters.count && parameters[k] == "2" && k + 3 < parameters.count {
          value = "rgb " + color(Array(parameters[(k + 1)...(k + 3)]))
          k += 4
        } else {
          value = "?"
        }
        if v == 38 { rendition.foreground = value } else { rendition.background = value }
      default: break
      }
    }
  }
}
