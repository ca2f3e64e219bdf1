import Foundation
import TestSupport
import Testing
import TileGridJSON
import TileModel

/// A file large enough that the command line reads it mapped and lets go of its pages as reading
/// passes them (megabytes at a time): errors late in it are named exactly as in a small file (the line
/// and column of text already let go, a repeated id whose first place is far behind), `check` and
/// `export` agree, and a canonical file comes back byte for byte.
@Suite("large files")
struct LargeFileTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// 120,000 tiles in 3 sections (about 12 MB), in canonical form.
  static let canonical: [UInt8] = {
    var next = 0
    let sections = (0..<3).map { s in
      (
        Section(id: "s\(s)", title: "Section \(s)"),
        (0..<40_000).map { _ -> Tile in
          defer { next += 1 }
          return Tile(
            id: "t\(next)", title: "tile \(next)", color: TileColor(TileColor.names[next % TileColor.names.count]),
            width: next % 3 == 0 ? 8 + next % 13 : nil)
        }
      )
    }
    return Arrangement(sections: sections).jsonBytes()
  }()

  /// Line and column (1-based, columns in characters) of a byte offset, as a person counts them.
  static func place(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
    let before = bytes[..<offset]
    let line = before.filter { $0 == 0x0A }.count + 1
    let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
    return (line, bytes[lineStart..<offset].count + 1)
  }

  @Test("a canonical file of 120,000 tiles: check is silent, export gives it back byte for byte")
  func canonicalFile() throws {
    #expect(Self.canonical.count > 8 << 20)
    let path = try directory.write("large.json", Self.canonical)
    expectSuccess(try TileGrid.run(["check", path]))
    let export = try TileGrid.run(["export", path])
    expectSuccess(export)
    #expect(export.stdout == Self.canonical)
  }

  @Test("errors near the end are named by line and column, path, or both places of a repeated id")
  func lateErrors() throws {
    let bytes = Self.canonical
    // The last tile's comma, the second-to-last id, and a title near the end.
    let lastTile = try #require(bytes.lastIndex(of: UInt8(ascii: "{")))
    let comma = try #require(bytes[..<lastTile].lastIndex(of: UInt8(ascii: ",")))
    var syntax = bytes
    syntax[comma] = UInt8(ascii: ";")
    let (line, column) = Self.place(of: comma, in: bytes)

    let text = String(decoding: bytes, as: UTF8.self)
    let repeated = text.replacingOccurrences(of: "\"id\": \"t119998\"", with: "\"id\": \"t5\"")
    let wrongType = text.replacingOccurrences(of: "\"title\": \"tile 119990\"", with: "\"title\": 5")
    let cases: [([UInt8], String)] = [
      (syntax, "line \(line), column \(column): expected ',' or ']' after an array element, found ';'"),
      (
        Array(repeated.utf8),
        "sections[2].items[39998].id: duplicate tile id \"t5\" (first at sections[0].items[5])"
      ),
      (Array(wrongType.utf8), "sections[2].items[39990].title: expected a string, found a number"),
    ]
    for (file, message) in cases {
      let path = try directory.write("bad.json", file)
      for command in ["check", "export"] {
        let result = try TileGrid.run([command, path])
        #expect(result.status == 65, "\(command): \(result)")
        #expect(result.stderrLines == ["tilegrid: \(path): \(message)"], "\(command)")
      }
    }
  }
}
