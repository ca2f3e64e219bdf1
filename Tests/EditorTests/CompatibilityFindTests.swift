import Foundation
import TerminalInput
import TestSupport
import Testing
import TileGridJSON
import TileModel

@testable import Editor

/// The find folds compatibility forms (NFKC) as well as case and composition: half-width ﾀﾜｰ finds
/// タワー. The table behind it is generated from Python's unicodedata and checked against it here.
@Suite("Find: compatibility forms")
struct CompatibilityFindTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Runs python3 with `arguments`, standard output to a file; returns it.
  static func python(_ arguments: [String], in directory: TemporaryDirectory) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let output = directory.file("python-output")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw SetupError(description: "python3 \(arguments.first ?? "") failed with status \(process.terminationStatus)")
    }
    return try directory.readText("python-output")
  }

  @Test("the checked-in table is what Scripts/generate-compatibility-table writes with this Python")
  func tableIsCurrent() throws {
    let directory = try TemporaryDirectory()
    let version = try Self.python(["-c", "import unicodedata; print(unicodedata.unidata_version)"], in: directory)
    try #require(
      version.trimmingCharacters(in: .whitespacesAndNewlines) == CompatibilityTable.unicodeVersion,
      "python3 has Unicode \(version), the table \(CompatibilityTable.unicodeVersion): run Scripts/generate-compatibility-table")
    let fresh = directory.file("CompatibilityTable.swift")
    _ = try Self.python([Self.root.appendingPathComponent("Scripts/generate-compatibility-table").path, fresh], in: directory)
    let checkedIn = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/Editor/CompatibilityTable.swift"), encoding: .utf8)
    #expect(try String(contentsOfFile: fresh, encoding: .utf8) == checkedIn, "run Scripts/generate-compatibility-table")
  }

  @Test("every scalar's form, looked up in the table, is Python's NFKC of it")
  func everyScalarAgreesWithPython() throws {
    let directory = try TemporaryDirectory()
    let script = """
      import unicodedata
      for s in range(0x110000):
          if 0xD800 <= s <= 0xDFFF: continue
          f = unicodedata.normalize('NFKC', chr(s))
          if f != chr(s): print('%X' % s, ' '.join('%X' % ord(c) for c in f))
      """
    var expected: [UInt32: [UInt32]] = [:]
    for line in try Self.python(["-c", script], in: directory).split(separator: "\n") {
      let numbers = line.split(separator: " ").compactMap { UInt32($0, radix: 16) }
      expected[numbers[0]] = Array(numbers.dropFirst())
    }
    #expect(expected.count > 4000)
    var mismatches: [String] = []
    for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
      let form = CompatibilityTable.form(of: Unicode.Scalar(value)!).map { $0.map(\.value) }
      if form != expected[value] && mismatches.count < 10 {
        mismatches.append("U+\(String(value, radix: 16)): \(form ?? []) != \(expected[value] ?? [])")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test(
    "folded alike: half-width and full-width kana, ligatures, full-width Latin, circled and Roman numerals",
    arguments: [
      ("ﾀﾜｰ", "タワー"), ("ﾀﾞｲﾔ", "ダイヤ"), ("ﾊﾟﾝ", "パン"), ("ﬁle", "file"), ("Ｔｏｗｅｒ", "tower"), ("①②", "12"),
      ("㍿", "株式会社"), ("Ⅻ", "xii"), ("x²", "x2"), ("ℌ", "h"), ("\u{212B}", "å"), ("\u{F900}", "\u{8C48}"),
      ("Ｅ\u{301}", "é"),
    ])
  func foldedAlike(_ pair: (String, String)) {
    #expect(FindIndex.fold(pair.0) == FindIndex.fold(pair.1), "\(pair.0) and \(pair.1)")
  }

  /// The focus starts on "plain": a find that matched nothing would leave it there.
  static let titles = ["plain", "ファイル", "タワー", "ﾀﾜｰ ﾚｺｰﾄﾞ", "ﬁnal", "Ｒｅｄ"]

  static func arrangement() throws -> Arrangement {
    let items = titles.enumerated().map { #"{"id": "t\#($0.offset)", "title": "\#($0.element)"}"# }
    let json = #"{"version": 1, "sections": [{"id": "s", "title": "S", "items": [\#(items.joined(separator: ", "))]}]}"#
    return try Arrangement(json: Array(json.utf8))
  }

  @Test("in the editor: ﾀﾜｰ finds タワー and ﾀﾜｰ ﾚｺｰﾄﾞ; タワー finds both too; fin finds ﬁnal; red finds Ｒｅｄ")
  func findInTheEditor() throws {
    func matches(_ text: String) throws -> Int? {
      var editor = EditorState(arrangement: try Self.arrangement(), screen: Size(width: 80, height: 24))
      _ = editor.update(.input(.key(.character("/"))), at: 0)
      for c in text { _ = editor.update(.input(.key(c == " " ? .space : .character(c))), at: 0) }
      return editor.find?.matchCount
    }
    #expect(try matches("ﾀﾜｰ") == 2)
    #expect(try matches("タワー") == 2)
    #expect(try matches("ﾚｺｰﾄﾞ") == 1)
    #expect(try matches("レコード") == 1)
    #expect(try matches("fin") == 1)
    #expect(try matches("red") == 1)
    #expect(try matches("ファ") == 1)
  }

  @Test("end to end: play types ﾀﾜｰ into the find, Enter, then lifts and moves the tile it found")
  func endToEnd() throws {
    let directory = try TemporaryDirectory()
    try directory.write("kana.json", try Self.arrangement().jsonBytes())
    try directory.write("find.events", "key /\ninput \"ﾀﾜｰ\"\nkey enter\nkey space\nkey right\nkey enter\n")
    let result = try TileGrid.run(
      ["play", directory.file("kana.json"), "--width", "80", "--height", "24", "--events", directory.file("find.events"),
        "--trace"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderrLines.first == "lift 0.2", "the find put the focus on タワー: \(result.stderrText)")
    #expect(result.stderrLines.contains("drop 0.3"), "\(result.stderrText)")
  }
}
