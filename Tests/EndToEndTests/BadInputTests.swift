import Foundation
import TestSupport
import Testing

/// Bad input (docs/file-format.md, docs/command-line.md): one line on standard error starting with `tilegrid: `, the
/// documented exit status, and nothing on disk changed or created.
@Suite("Bad input")
struct BadInputTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// A file the reader must refuse, and the message (after `tilegrid: PATH: `) it must give.
  struct BadFile: CustomStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var message: String

    init(_ name: String, _ text: String, _ message: String) {
      self.init(name, Array(text.utf8), message)
    }

    init(_ name: String, _ bytes: [UInt8], _ message: String) {
      self.name = name
      self.bytes = bytes
      self.message = message
    }

    var description: String { name }

    /// The fixture with `original` replaced by `replacement` (which must occur in it).
    static func editedFixture(_ name: String, _ original: String, _ replacement: String, _ message: String) -> BadFile {
      precondition(Fixture.text().contains(original), "the fixture contains \(original)")
      return BadFile(name, Fixture.text().replacingOccurrences(of: original, with: replacement), message)
    }

    static let all: [BadFile] = [
      BadFile(
        "malformed JSON", "{\n  \"version\": 1,\n  \"sections\": [\n    {\"id\": \"a\" \"items\": []}\n  ]\n}\n",
        "line 4, column 16: expected ',' or '}' after an object member, found '\"'"),
      editedFixture(
        "truncated JSON", "\"generator\": \"end-to-end fixture\"\n}\n", "\"generator\": \"end-to-",
        "line 69, column 16: unterminated string"),
      editedFixture(
        "a wrong type", "\"maxItems\": 3", "\"maxItems\": \"3\"",
        "sections[0].maxItems: expected a whole number, found a string"),
      editedFixture(
        "a missing field", "\"id\": \"cyan\",\n", "", #"sections[1].items[1]: missing required field "id""#),
      editedFixture(
        "duplicate tile ids", "\"id\": \"gold\"", "\"id\": \"blue\"",
        #"sections[2].items[0].id: duplicate tile id "blue" (first at sections[0].items[0])"#),
      editedFixture(
        "duplicate section ids", "\"id\": \"archive\"", "\"id\": \"others\"",
        #"sections[3].id: duplicate section id "others" (first at sections[1])"#),
      editedFixture(
        "an unknown color", "\"color\": \"cyan\"", "\"color\": \"chartreuse\"",
        #"sections[1].items[1].color: "chartreuse" is not a color (a UIKit color name or #RRGGBB)"#),
      editedFixture(
        "a zero width", "\"width\": 20", "\"width\": 0",
        "sections[1].items[0].width: 0 is too small (the least allowed is 1)"),
      editedFixture(
        "a negative size", "\"version\": 1,\n", "\"version\": 1,\n  \"layout\": {\"itemSize\": {\"height\": -3}},\n",
        "layout.itemSize.height: -3 is too small (the least allowed is 1)"),
      editedFixture(
        "an unknown version", "\"version\": 1", "\"version\": 2",
        "version: 2 is not a supported version (this tilegrid reads version 1)"),
      BadFile("an empty file", "", "the input is empty (expected a JSON object)"),
      BadFile("only whitespace", " \n\n", "the input is empty (expected a JSON object)"),
      BadFile(
        "binary garbage",
        [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00]
          + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 >> 3) },
        "line 1, column 1: expected an object, found byte 0x7F"),
      BadFile(
        "a lone surrogate", #"{"version": 1, "sections": [], "x": "\udead"}"#,
        #"line 1, column 38: a lone surrogate (\uDEAD) is not a character"#),
    ]
  }

  @Test("a bad file gets one line naming the place, exit 65, and nothing is written", arguments: BadFile.all)
  func badFile(_ bad: BadFile) throws {
    let path = try directory.write("bad.json", bad.bytes)
    let expected = "tilegrid: \(path): \(bad.message)\n"
    let runs: [(String, [String])] = [
      ("export", ["export", path]),
      ("export -o", ["export", path, "-o", directory.file("out.json")]),
      ("move", ["move", path, "0.0", "0.0"]),
      ("move --in-place", ["move", path, "1.0", "0.0", "--in-place"]),
      ("move -o", ["move", path, "0.0", "1.0", "-o", directory.file("out.json")]),
    ]
    for (name, arguments) in runs {
      let result = try TileGrid.run(arguments)
      expectFailure(result, status: 65)
      #expect(result.stderrText == expected, "\(name)")
    }
    let fromStdin = try TileGrid.run(["export", "-"], stdin: bad.bytes)
    #expect(fromStdin.stderrText == "tilegrid: <stdin>: \(bad.message)\n")
    #expect(try directory.listing() == ["bad.json"], "nothing created")
    #expect(try directory.read("bad.json") == bad.bytes, "nothing changed")
  }

  @Test("a missing FILE exits 66")
  func missingFile() throws {
    let path = directory.file("absent.json")
    for arguments in [["export", path], ["move", path, "0.0", "0.1"], ["move", path, "0.0", "0.1", "--in-place"]] {
      expectFailure(try TileGrid.run(arguments), status: 66, mentioning: ["cannot open '\(path)'", "No such file"])
    }
    #expect(try directory.listing() == [])
  }

  @Test("a directory as FILE exits 66")
  func directoryAsFile() throws {
    for arguments in [["export", directory.path], ["move", directory.path, "0.0", "0.1", "--in-place"]] {
      expectFailure(try TileGrid.run(arguments), status: 66, mentioning: ["'\(directory.path)'", "is a directory"])
    }
    #expect(try directory.listing() == [])
  }

  @Test("control characters in arguments and file names are escaped, so the message stays one line")
  func controlCharactersInMessages() throws {
    let path = try Fixture.write(into: directory)
    let badName = try directory.write("bad\nname.json", "{")
    let cases: [([String], Int32, String)] = [
      (["move", path, "a\nb", "0.0"], 64, #"FROM 'a\nb' is not a place"#),
      (["export", directory.file("no\nfile")], 66, #"no\nfile': No such file"#),
      (["export", badName], 65, #"bad\nname.json: line 1, column 2: expected a string key"#),
      (["move", path, "0.0", "x\u{1B}[31m:0"], 65, #"TO: there is no section with id "x\u001b[31m""#),
      (["export", path, "--bo\rgus"], 64, #"unknown option '--bo\rgus'"#),
    ]
    for (arguments, status, mention) in cases {
      let result = try TileGrid.run(arguments)
      expectFailure(result, status: status, mentioning: [mention])
      #expect(!result.stderr.contains { $0 < 0x20 && $0 != 0x0A }, "no raw control character: \(result)")
    }
  }

  /// ~100 MB: a valid start, then one string value of 100 million letters with a raw control character
  /// at its end. The whole file must be read, and the error still names the exact column.
  @Test("a 100 MB file with an error at its end gets a clear, exact message")
  func hundredMegabytesWithErrorAtTheEnd() throws {
    let head = Array(#"{"version": 1, "sections": [], "blob": ""#.utf8)
    let length = 100_000_000
    let tail = [0x01] + Array(#""}"#.utf8)
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: head.count + length + tail.count)
    bytes.replaceSubrange(0..<head.count, with: head)
    bytes.replaceSubrange((head.count + length)..., with: tail)
    let path = try directory.write("huge.json", bytes)
    let result = try TileGrid.run(["export", path, "-o", directory.file("out.json")])
    expectFailure(
      result, status: 65,
      mentioning: [
        "\(path): line 1, column \(head.count + length + 1): a raw control character (0x1) in a string must be written as an escape"
      ])
    #expect(try directory.listing() == ["huge.json"])
  }

  @Test("100 MB of binary garbage is refused at once")
  func hundredMegabytesOfGarbage() throws {
    // Bytes with the high bit set (none is JSON), from a linear congruential generator.
    var bytes = [UInt8](repeating: 0, count: 100_000_000)
    var state = UInt64(0x5EED)
    bytes.withUnsafeMutableBytes { buffer in
      for k in 0..<buffer.count / 8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        buffer.storeBytes(of: state | 0x8080_8080_8080_8080, toByteOffset: k * 8, as: UInt64.self)
      }
    }
    let path = try directory.write("garbage.bin", bytes)
    let result = try TileGrid.run(["move", path, "0.0", "0.1", "--in-place"])
    // `.bin` names no format, so the content decides: not JSON, and not text either.
    expectFailure(result, status: 65, mentioning: ["\(path): line 1, column 1: the text is not UTF-8 (byte 0x"])
    #expect(try directory.read("garbage.bin") == bytes)
  }
}
