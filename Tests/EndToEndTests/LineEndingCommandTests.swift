import Foundation
import TestSupport
import Testing

/// Line endings through the binary (docs/formats.md, "What is kept, and where"): a file whose lines end
/// with CR alone reads as lines in every text format and is written back byte for byte, by every
/// command; and in a file that mixes endings, a lone CR inside a line is a character of it, which
/// `check` and every writing command agree on.
@Suite("Line endings on the command line")
struct LineEndingCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func run(_ arguments: [String], stdin: [UInt8]? = nil) throws -> RunResult {
    try TileGrid.run(arguments, stdin: stdin, in: directory)
  }

  /// Files with CR-only endings, each with a move and the bytes it must give.
  static let crFiles: [(name: String, text: String, from: String, to: String, moved: String)] = [
    ("board.md", "## A\r- a\r- b\r\r## B\r- c\r", "0.0", "1.1", "## A\r- b\r\r## B\r- c\r- a\r"),
    ("bare.md", "## A\r- a\r", "0.0", "0.0", "## A\r- a\r"),
    ("list.txt", "# A\ra\rb\r# B\rc", "0.1", "0.0", "# A\rb\ra\r# B\rc"),
    ("table.csv", "section,title\rA,a\rA,\"two\rlines\"\rB,c\r", "0.0", "1.0", "section,title\rA,\"two\rlines\"\rB,a\rB,c\r"),
    ("table.tsv", "title\tn\rx\t1\ry\t2", "0.1", "0.0", "title\tn\ry\t2\rx\t1"),
  ]

  @Test("CR-only endings: check passes, export gives the bytes back, a move changes the moved line only")
  func crOnly() throws {
    for file in Self.crFiles {
      try directory.write(file.name, file.text)
      expectSuccess(try run(["check", file.name]))
      let exported = try run(["export", file.name])
      expectSuccess(exported)
      #expect(exported.stdoutText == file.text, "\(file.name): export")
      let json = try run(["export", file.name, "--to", "json"])
      expectSuccess(json)
      #expect(json.stdoutText.contains(#""newline": "\r""#), "\(file.name): \(json.stdoutText)")
      let moved = try run(["move", file.name, file.from, file.to])
      expectSuccess(moved)
      #expect(moved.stdoutText == file.moved, "\(file.name): move \(file.from) \(file.to)")
      // In place, and back through JSON on standard input: the same bytes.
      expectSuccess(try run(["move", file.name, file.from, file.to, "-i"]))
      #expect(try directory.readText(file.name) == file.moved)
      let format = String(file.name.split(separator: ".").last!)
      let back = try run(
        ["export", "-", "--to", format == "md" ? "markdown" : format == "txt" ? "lines" : format],
        stdin: json.stdout)
      expectSuccess(back)
      #expect(back.stdoutText == file.text, "\(file.name): through JSON")
    }
  }

  @Test("a CR-only file's errors name the line the CRs end")
  func crOnlyErrorLine() throws {
    try directory.write("bad.csv", "title,n\rx,1\ry\r")
    expectFailure(try run(["check", "bad.csv"]), status: 65, mentioning: ["bad.csv: line 3, column 1:", "1 field"])
  }

  @Test("a lone CR inside a line of a file with LF endings: kept, and check and export agree")
  func loneCRInLine() throws {
    let files = [
      ("mixed.md", "## A\rB\n- a\rb\n## C\n"),
      ("mixed.txt", "# A\rB\nx\ry\n"),
      ("mixed.tsv", "title\tn\na\rb\t1\n"),
    ]
    for (name, text) in files {
      try directory.write(name, text)
      expectSuccess(try run(["check", name]))
      let exported = try run(["export", name])
      expectSuccess(exported)
      #expect(exported.stdoutText == text, "\(name)")
      expectSuccess(try run(["move", name, "0.0", "0.0", "-i"]))
      #expect(try directory.readText(name) == text, "\(name)")
    }
  }
}
