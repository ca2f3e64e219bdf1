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

