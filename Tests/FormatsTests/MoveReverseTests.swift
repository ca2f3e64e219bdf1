import Formats
import TestSupport
import Testing
import TileModel

/// A move followed by its reverse gives back the file byte for byte, in every text format, each move
/// going through the file (written, then read again, as `tilegrid move F … > G; tilegrid move G …`
/// does): blank lines belong to the line above them, so they travel with their card, and a file
/// without a final newline keeps it missing (docs/formats.md, "A move changes the moved lines").
struct MoveReverseTests {
  /// A list in the lines format: headings, tiles, blank (and blank-looking) lines anywhere.
  static func list(seed: UInt64) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    let words = ["apple", "회의", "🎉", "a b", "#tag", "x", "  spaced"]
    var lines: [String] = []
    for _ in 0..<rng.int(0...2) where rng.chance(30) { lines.append("") }
    for s in 0..<rng.int(1...4) {
      if s > 0 || rng.chance(60) { lines.append("# " + rng.element(words)) }
      for _ in 0..<rng.int(0...2) where rng.chance(40) { lines.append(rng.chance(80) ? "" : "  ") }
      for _ in 0..<rng.int(0...4) {
        lines.append(rng.element(words) + (rng.chance(30) ? " \(rng.int(0...9))" : ""))
        for _ in 0..<rng.int(0...2) where rng.chance(40) { lines.append(rng.chance(80) ? "" : "\t") }
      }
    }
    return variant(lines, &rng)
  }

  /// The lines joined by LF, CR LF or CR, with or without a final newline.
  static func variant(_ lines: [String], _ rng: inout SplitMix64) -> [UInt8] {
    let newline = rng.element(["\n", "\r\n", "\r"])
    var file = lines.joined(separator: newline)
    if !lines.isEmpty && rng.chance(50) { file += newline }
    return Array(file.utf8)
  }

  /// A generated board (`GeneratedAndHostileFileTests.board`), its line endings and final newline changed at random.
  static func board(seed: UInt64) -> [UInt8] {
    var rng = SplitMix64(seed: seed &* 31)
    let text = String(decoding: GeneratedAndHostileFileTests.board(seed: seed), as: UTF8.self)
    var lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return variant(lines, &rng)
  }

  func through(_ format: ArrangementFormat, _ board: Arrangement) throws -> ([UInt8], Arrangement) {
    let bytes = format.written(board)
    return (bytes, try format.read(bytes))
  }

  /// The file's lines, sorted: what a move may reorder but never lose or add (without a final
  /// newline, the empty ones aside: a missing final newline moves one).
  static func sortedLines(_ bytes: [UInt8]) -> [String] {
    let text = String(decoding: bytes, as: UTF8.self)
    let separator = text.contains("\r\n") ? "\r\n" : text.contains("\n") ? "\n" : "\r"
    var lines = text.components(separatedBy: separator)
    if bytes.last == 0x0A || bytes.last == 0x0D { lines.removeLast() } else { lines.removeAll { $0.isEmpty } }
    return lines.sorted()
  }

  /// `exact`: the file is in one style, as the programs that keep boards write them (the same blank
  /// lines under every heading, between cards and at every lane's end), and a move and its reverse
  /// give it back byte for byte. A file of mixed styles cannot always come back so: the blank lines
  /// before a heading are the lane's end (docs/formats.md, "Where blank lines belong"), and where a
  /// file does not show whose blank line it is, a card moved there and back may leave or find one at
  /// the lane's end; every line is still there, once.
  func check(_ format: ArrangementFormat, _ bytes: [UInt8], seed: UInt64, exact: Bool = true) throws {
    let board = try format.read(bytes)
    #expect(format.written(board) == bytes, "seed \(seed): unchanged")
    var rng = SplitMix64(seed: seed &* 7 &+ 1)
    let untitledFirst = board.sections.first?.extras.contains { $0.key == "untitled" } == true
    for _ in 0..<6 where board.tileCount > 0 {
      let from = rng.element(board.paths)
      let s = rng.int(0...(board.sections.count - 1))
      let to = ItemPath(s, rng.element(Array(board.destinationRange(from: from, toSection: s))))
      // The one exception: an untitled first section emptied is gone from the file (it has no heading).
      if untitledFirst && from.section == 0 && to.section != 0 && board.sections[0].count == 1 { continue }
      var moved = board
      try moved.move(from: from, to: to)
      let (once, again) = try through(format, moved)
      // Without a final newline, the empty lines that would end the file go where its end was, which
      // may be the moved tile's place (docs/formats.md): only the moved lines change with one.
      let (gone, came) = Self.changedLines(bytes, once)
      let ended = bytes.last == 0x0A || bytes.last == 0x0D
      #expect(
        !ended || gone.sorted() == came.sorted() && gone.count <= Self.linesOf(board, from),
        "seed \(seed): \(from) -> \(to) changes only the moved lines\n\(show(bytes))\nmoved:\n\(show(once))")
      var back = again
      try back.move(from: to, to: from)
      let twice = format.written(back)
      #expect(
        exact ? twice == bytes : Self.sortedLines(twice) == Self.sortedLines(bytes),
        "seed \(seed): \(from) -> \(to) and back\n\(show(bytes))\nmoved:\n\(show(once))\nback:\n\(show(twice))")
    }
    for _ in 0..<3 where board.sections.count > 1 {
      let from = rng.int(0...(board.sections.count - 1))
      let to = rng.int(0...(board.sections.count - 1))
      // The untitled first section cannot leave the top (nor another take it) without a heading.
      if untitledFirst && (from == 0 || to == 0) { continue }
      var moved = board
      try moved.moveSection(SectionMove(from: from, to: to))
      let (once, again) = try through(format, moved)
      var back = again
      try back.moveSection(SectionMove(from: to, to: from))
      let twice = format.written(back)
      #expect(
        exact ? twice == bytes : Self.sortedLines(twice) == Self.sortedLines(bytes),
        "seed \(seed): section \(from) -> \(to) and back\n\(show(bytes))\nmoved:\n\(show(once))\nback:\n\(show(twice))")
    }
  }

  /// The lines of `a` and of `b` outside a longest common subsequence of their lines (split at LF, CR
  /// LF or CR, whichever the file has).
  static func changedLines(_ a: [UInt8], _ b: [UInt8]) -> ([String], [String]) {
    func lines(_ bytes: [UInt8]) -> [String] {
      let text = String(decoding: bytes, as: UTF8.self)
      let separator = text.contains("\r\n") ? "\r\n" : text.contains("\n") ? "\n" : "\r"
      return text.components(separatedBy: separator)
    }
    let x = lines(a)
    let y = lines(b)
    var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in stride(from: x.count - 1, through: 0, by: -1) {
      for j in stride(from: y.count - 1, through: 0, by: -1) {
        table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var gone: [String] = []
    var came: [String] = []
    var (i, j) = (0, 0)
    while i < x.count || j < y.count {
      if i < x.count && j < y.count && x[i] == y[j] {
        i += 1
        j += 1
      } else if j == y.count || (i < x.count && table[i + 1][j] >= table[i][j + 1]) {
        gone.append(x[i])
        i += 1
      } else {
        came.append(y[j])
        j += 1
      }
    }
    return (gone, came)
  }

  /// How many lines the tile at `path` has in its file: its own (`lines`, or one) and the blank lines
  /// after it (`after`), one more for a line break that a missing final newline moves.
  static func linesOf(_ board: Arrangement, _ path: ItemPath) -> Int {
    var count = 1
    for field in board[path].extras {
      guard case .object(let own) = field.value else { continue }
      for member in own {
        guard case .array(let lines) = member.value else { continue }
        if member.key == "lines" { count += lines.count - 1 }
        if member.key == "after" { count += lines.count }
      }
    }
    return count + 1
  }

  func show(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self).debugDescription }

  @Test("random boards of mixed styles: a tile or section moved and back keeps every line")
  func boards() throws {
    for seed in FastLoop.first(50, of: UInt64(1)...400) { try check(.markdown, Self.board(seed: seed), seed: seed, exact: false) }
  }

  @Test("random lists of mixed styles: a line or section moved and back keeps every line")
  func lists() throws {
    for seed in FastLoop.first(50, of: UInt64(1)...400) { try check(.lines, Self.list(seed: seed), seed: seed, exact: false) }
  }

  @Test("the corpus's boards and lists, every variant: every move and its reverse", arguments: Corpus.markdown + Corpus.lines)
  func corpus(name: String) throws {
    for variant in Variant.allCases {
      let bytes = variant.apply(try Corpus.bytes(name))
      let format = Corpus.format(name)
      let board = try format.read(bytes)
      for from in board.paths {
        for s in board.sections.indices {
          for item in board.destinationRange(from: from, toSection: s) {
            let to = ItemPath(s, item)
            let untitledFirst = board.sections[0].extras.contains { $0.key == "untitled" }
            if untitledFirst && from.section == 0 && s != 0 && board.sections[0].count == 1 { continue }
            var moved = board
            try moved.move(from: from, to: to)
            var back = try format.read(format.written(moved))
            try back.move(from: to, to: from)
            // notes.md, groceries.txt and files.txt mix styles (blank lines between some cards and
            // not others, before some headings and not others): every line comes back, not always
            // in its place.
            if ["notes.md", "groceries.txt", "files.txt"].contains(name) {
              #expect(Self.sortedLines(format.written(back)) == Self.sortedLines(bytes), "\(name) \(variant): \(from) -> \(to) and back")
            } else {
              #expect(format.written(back) == bytes, "\(name) \(variant): \(from) -> \(to) and back")
            }
          }
        }
      }
    }
  }
}
