import Foundation
import Formats
import TestSupport
import Testing
import TileModel

// What the format tests share: the corpus (Tests/Boards), its byte-level variants, and the check that
// a file differs from another by one block of lines moved.

enum Corpus {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Boards")

  static let markdown = ["taskell.md", "obsidian.md", "notes.md", "tiny.md"]
  static let lines = ["groceries.txt", "files.txt"]
  static let tables = ["board.csv", "things.tsv", "quoted.csv"]
  static let all = markdown + lines + tables

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static func format(_ name: String) -> ArrangementFormat {
    ArrangementFormat(path: name)!
  }

  static func read(_ name: String, _ variant: Variant = .asIs) throws -> Arrangement {
    try format(name).read(variant.apply(try bytes(name)))
  }
}

/// The same file with other line endings (CR LF; CR alone), without its final newline, or with a
/// byte order mark.
enum Variant: String, CaseIterable, CustomStringConvertible {
  case asIs, crlf, noFinalNewline, crlfWithoutFinalNewline, byteOrderMark, cr, crWithoutFinalNewline

  var description: String { rawValue }

  func apply(_ bytes: [UInt8]) -> [UInt8] {
    switch self {
    case .asIs: return bytes
    case .crlf: return Self.crlf(bytes)
    case .noFinalNewline: return Self.dropFinalNewline(bytes)
    case .crlfWithoutFinalNewline: return Self.dropFinalNewline(Self.crlf(bytes))
    case .byteOrderMark: return [0xEF, 0xBB, 0xBF] + bytes
    case .cr: return Self.cr(bytes)
    case .crWithoutFinalNewline: return Self.dropFinalNewline(Self.cr(bytes))
    }
  }

  /// Every LF (or CR LF) becomes a lone CR.
  static func cr(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    for (i, b) in bytes.enumerated() {
      if b == 0x0A {
        if i == 0 || bytes[i - 1] != 0x0D { out.append(0x0D) }
      } else {
        out.append(b)
      }
    }
    return out
  }

  /// Every LF not already after a CR becomes CR LF.
  static func crlf(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    for (i, b) in bytes.enumerated() {
      if b == 0x0A && (i == 0 || bytes[i - 1] != 0x0D) { out.append(0x0D) }
      out.append(b)
    }
    return out
  }

  static func dropFinalNewline(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    if out.last == 0x0A { out.removeLast() }
    if out.last == 0x0D { out.removeLast() }
    return out
  }
}

extension ArrangementFormat {
  /// The file's bytes as the format writes it (lost fields ignored).
  func written(_ arrangement: Arrangement) -> [UInt8] { bytes(arrangement).bytes }
}

/// Expects `new` to be `old` with exactly one block of lines moved, the block beginning with `first`
/// and holding no other line that `isBoundary` (another item, another heading, by its index in the
/// old file's lines): the moved item's or section's own lines, nothing else. Line endings and the
/// final newline must be the old file's (but an empty last line keeps its line break: without it, it
/// would not be there).
func expectOnlyMoved(
  _ first: String, old: [UInt8], new: [UInt8], isBoundary: ([String], Int) -> Bool, _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let before = FileLines(old)
  let after = FileLines(new)
  let finalNewline = before.finalNewline || after.lines.last == ""
  #expect(after.finalNewline == finalNewline, "final newline kept: \(what)", sourceLocation: sourceLocation)
  #expect(after.crlf == before.crlf && after.cr == before.cr, "line endings kept: \(what)", sourceLocation: sourceLocation)
  var mismatch = movedBlockMismatch(first, old: before.lines, new: after.lines) { isBoundary(before.lines, $0) }
  // Without a final newline, empty lines a move would leave last are written after the chunk that
  // ended the file (its last line), where the file's end was: put back at the end, the files differ
  // by the moved lines only.
  if mismatch != nil, !before.finalNewline, let end = before.lines.last {
    search: for p in after.lines.indices where after.lines[p] == end {
      var k = 0
      while p + k + 1 < after.lines.count && after.lines[p + k + 1] == "" { k += 1 }
      for n in stride(from: k, through: 1, by: -1) {
        var lines = after.lines
        lines.removeSubrange((p + 1)...(p + n))
        lines += Array(repeating: "", count: n)
        if movedBlockMismatch(first, old: before.lines, new: lines, isBoundary: { isBoundary(before.lines, $0) }) == nil {
          mismatch = nil
          break search
        }
      }
    }
  }
  #expect(mismatch == nil, "\(what): \(mismatch ?? "");\nbefore:\n\(before)\nafter:\n\(after)", sourceLocation: sourceLocation)
}

extension Arrangement {
  /// Each section's title and its tiles' titles, to compare what two arrangements hold in order.
  var outline: [[String]] {
    sections.map { section in [section.displayTitle] + section.items.map { self[$0].displayTitle } }
  }

  /// The outline as reading the written file gives it: an untitled section (the items before a
  /// board's first heading) that was emptied is no longer there.
  var readOutline: [[String]] {
    sections.indices.filter { !(sections[$0].isUntitledForTests && sections[$0].items.isEmpty) }.map { outline[$0] }
  }

  /// Every tile's path, in reading order.
  var paths: [ItemPath] {
    sections.indices.flatMap { s in sections[s].items.indices.map { ItemPath(s, $0) } }
  }
}


/// Boards of three lanes of numbered cards, and random changes to them, for the tests of conflict
/// markers written into a file: the lanes as lists of card titles, written as a Markdown board, a list
/// of lines or a CSV table and read back.
enum RandomLanes {
  /// Three lanes holding the cards `card 0`, `card 1`, … (how many drawn from `count`), each in a random
  /// lane; a lane left empty gets a card `keep k`, so that a table (which has no empty lanes) reads back
  /// with three. Also the numbered cards, in order.
  static func lanes(_ random: inout SplitMix64, cards count: ClosedRange<Int>) -> (cards: [String], lanes: [[String]]) {
    let cards = (0..<random.int(count)).map { "card \($0)" }
    var lanes: [[String]] = [[], [], []]
    for card in cards { lanes[random.int(0...2)].append(card) }
    for k in 0..<3 where lanes[k].isEmpty { lanes[k].append("keep \(k)") }
    return (cards, lanes)
  }

  /// `lanes` after one to three changes, none of which empties a lane: a card moved to a random place in
  /// a random lane or, `retitledPercent` percent of the time, its title given a suffix ` (0)` to ` (9)`.
  /// With `retitledPercent` 0 no chance is drawn for it: every change is a move.
  static func changed(_ lanes: [[String]], _ random: inout SplitMix64, retitledPercent: Int = 0) -> [[String]] {
    var result = lanes
    for _ in 0..<random.int(1...3) {
      let from = random.int(0...2)
      guard result[from].count > 1 else { continue }
      let i = random.int(0...(result[from].count - 1))
      if retitledPercent > 0 && random.chance(retitledPercent) {
        result[from][i] += " (\(random.int(0...9)))"
      } else {
        let card = result[from].remove(at: i)
        let to = random.int(0...2)
        result[to].insert(card, at: random.int(0...result[to].count))
      }
    }
    return result
  }

  /// The lanes as a board: in lines (`# Lane k` headings) or CSV (a `section,title` table) when `format`
  /// is one of them, otherwise a Markdown board (`## Lane k` headings, `- [ ] ` cards).
  static func board(_ lanes: [[String]], _ format: ArrangementFormat) -> Arrangement {
    switch format {
    case .lines:
      let text = lanes.enumerated().map { k, cards in "# Lane \(k)\n" + cards.map { "\($0)\n" }.joined() }.joined()
      return try! format.read(Array(text.utf8))
    case .csv:
      let text =
        "section,title\n" + lanes.enumerated().map { k, cards in cards.map { "Lane \(k),\($0)\n" }.joined() }.joined()
      return try! format.read(Array(text.utf8))
    default:
      let text = lanes.enumerated().map { k, cards in "## Lane \(k)\n\n" + cards.map { "- [ ] \($0)\n" }.joined() }
        .joined(separator: "\n")
      return try! ArrangementFormat.markdown.read(Array(text.utf8))
    }
  }
}
