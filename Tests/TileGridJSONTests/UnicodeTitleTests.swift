import Testing

@testable import TileGridJSON
@testable import TileModel

/// Titles may be any Unicode, wide characters and control characters included (docs/file-format.md).
@Suite("Unicode titles")
struct UnicodeTitleTests {
  static let titles = ["한국어", "日本語のタイトル", "👩‍👩‍👧 🎨", "bell\u{07} new\nline\ttab \u{1B}[31m", "e\u{301} é \u{200B}\u{FEFF}"]

  /// A canonical file whose section and tiles carry `titles`, written by the writer.
  static func canonicalFile() -> [UInt8] {
    let tiles = titles.enumerated().map { Tile(id: "t\($0.offset)", title: $0.element) }
    return Arrangement(sections: [(Section(id: "s", title: titles.joined(separator: " | ")), tiles)]).jsonBytes()
  }

  @Test("wide characters, emoji and control characters in titles come back byte for byte")
  func byteForByte() throws {
    let bytes = Self.canonicalFile()
    let read = try Arrangement(json: bytes)
    #expect(read.tiles(inSection: 0).map(\.title) == Self.titles)
    #expect(read.sections[0].title == Self.titles.joined(separator: " | "))
    #expect(read.jsonBytes() == bytes)
  }

  @Test("wide characters are written raw and control characters as escapes")
  func spelling() {
    let written = text(Self.canonicalFile())
    #expect(written.contains(#""title": "한국어""#))
    #expect(written.contains(#""title": "日本語のタイトル""#))
    #expect(written.contains(#""title": "👩‍👩‍👧 🎨""#))
    #expect(written.contains(#""title": "bell\u0007 new\nline\ttab \u001b[31m""#))
    #expect(!written.utf8.contains { $0 < 0x20 && $0 != 0x0A }, "no raw control character but newlines between lines")
  }

  @Test("titles written as escapes are the same titles")
  func escapedTitles() throws {
    let a = try parse(
      document(
        tiles:
          #"{"id": "k", "title": "\ud55c\uad6d\uc5b4"}, {"id": "e", "title": "\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67"}"#
      ))
    #expect(a.tiles(inSection: 0).map(\.title) == ["한국어", "👩‍👩‍👧"])
  }
}
