import Foundation
import Formats
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

/// The same file with other line endings, without its final newline, or with a byte order mark.
enum Variant: String, CaseIterable, CustomStringConvertible {
  case asIs, crlf, noFinalNewline, crlfWithoutFinalNewline, byteOrderMark

  var description: String { rawValue }

  func apply(_ bytes: [UInt8]) -> [UInt8] {
    switch self {
    case .asIs: return bytes
    case .crlf: return Self.crlf(bytes)
    case .noFinalNewline: return Self.dropFinalNewline(bytes)
    case .crlfWithoutFinalNewline: return Self.dropFinalNewline(Self.crlf(bytes))
    case .byteOrderMark: return [0xEF, 0xBB, 0xBF] + bytes
    }
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

/// A file's lines as `diff` sees them (a CR before the LF dropped), whether it ends with a line break,
/// and whether its lines end with CR LF.
struct FileLines: Equatable, CustomStringConvertible {
  var lines: [String]
  var finalNewline: Bool
  var crlf: Bool

  init(_ bytes: [UInt8]) {
    var body = bytes
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
    finalNewline = body.last == 0x0A
    // Split the bytes: to Swift, CR LF is one Character, so a String would not split at its LF.
    var pieces = body.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if finalNewline { pieces.removeLast() }
    let ended = finalNewline ? pieces : pieces.dropLast()
    let crlf = !ended.isEmpty && ended.allSatisfy { $0.utf8.last == 0x0D }
    self.crlf = crlf
    lines = pieces.map { crlf && $0.utf8.last == 0x0D ? String(decoding: $0.utf8.dropLast(), as: UTF8.self) : $0 }
  }

  var description: String { lines.map { "  \($0.debugDescription)" }.joined(separator: "\n") }
}

/// Whether `new` is `old` with one block of lines moved: a block of `old` that begins with `first`
/// and holds no line that `isBoundary` (another item, another heading, by its index in `old`)
/// besides it, taken out and put in elsewhere, and nothing else changed. Nil when it is; else why not.
func movedBlockMismatch(
  _ first: String, old: [String], new: [String], isBoundary: (Int) -> Bool
) -> String? {
  if old == new { return nil }
  guard old.count == new.count else { return "\(old.count) lines became \(new.count)" }
  let starts = old.indices.filter { old[$0] == first }
  let places = new.indices.filter { new[$0] == first }
  for a in starts {
    var length = 1
    while a + length <= old.count {
      if length > 1 && isBoundary(a + length - 1) { break }
      let block = old[a..<(a + length)]
      var rest = old
      rest.removeSubrange(a..<(a + length))
      for p in places where p + length <= new.count && new[p..<(p + length)] == block {
        var others = new
        others.removeSubrange(p..<(p + length))
        if others == rest { return nil }
      }
      length += 1
    }
  }
  return "no block beginning with \(first.debugDescription) moves the one file into the other"
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
  #expect(after.crlf == before.crlf, "line endings kept: \(what)", sourceLocation: sourceLocation)
  let mismatch = movedBlockMismatch(first, old: before.lines, new: after.lines) { isBoundary(before.lines, $0) }
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

/// Where items and headings start in a board, read the simple way (a second reading, not the
/// library's): `## ` headings and lines beginning `- `, `* `, `+ ` (or a lone `-`), outside fenced
/// code blocks, thematic breaks (`* * *`) not counted.
func structuralLines(_ lines: [String], headingsOnly: Bool = false) -> Set<Int> {
  var inFence = false
  var found: Set<Int> = []
  for (i, line) in lines.enumerated() {
    let text = line.drop { $0 == " " || $0 == "\t" }
    if text.hasPrefix("```") || text.hasPrefix("~~~") {
      inFence.toggle()
      continue
    }
    if inFence { continue }
    if line.hasPrefix("## ") || line == "##" {
      found.insert(i)
      continue
    }
    if headingsOnly { continue }
    let marker = ["- ", "* ", "+ "].contains { line.hasPrefix($0) } || line == "-"
    let rule = line.filter { $0 != " " }.count >= 3 && Set(line.filter { $0 != " " }).count == 1
    if marker && !rule { found.insert(i) }
  }
  return found
}
