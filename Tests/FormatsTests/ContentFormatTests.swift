import Formats
import Testing

/// `ArrangementFormat(content:)`: the format a file's content shows when its name says nothing.
@Suite("The format a content shows")
struct ContentFormatTests {
  @Test(
    "JSON first, then a board, a table, else lines",
    arguments: [
      ("{}", ArrangementFormat.json), ("\u{FEFF}\r\n\t {\"version\": 1}", .json), ("[1]", .json), ("", .json),
      (" \n\n", .json), ("---\ntitle: x\n---\n- a\n", .markdown), ("intro\r\n\r\n## Lane\r\n- a\r\n", .markdown),
      ("- a\n- b\n", .lines), ("## \n", .markdown), ("##lane\n", .lines), ("# A\na\n", .lines),
      ("section,title\nA,a\n", .csv), ("Section , \"TITLE\" ,notes\n", .csv), ("title\n", .lines),
      ("title\tsection\na\tA\n", .tsv), ("subtitle,x\n", .lines), ("a title, here\n", .lines),
    ])
  func formats(_ content: String, _ format: ArrangementFormat) {
    #expect(ArrangementFormat(content: Array(content.utf8)) == format, "\(content.debugDescription)")
  }

  @Test("a heading is looked for in the first MiB only")
  func headingLimit() {
    let filler = Array(repeating: UInt8(ascii: "a"), count: ArrangementFormat.headingSearchLimit + 10) + [0x0A]
    #expect(ArrangementFormat(content: filler + Array("## A\n".utf8)) == .lines)
    #expect(ArrangementFormat(content: Array(filler.suffix(1000)) + Array("## A\n".utf8)) == .markdown)
  }
}
