import Foundation
import TestSupport
import Testing

/// Errors that say what is so, in one short line (docs/command-line.md, "Errors"): what a message
/// quotes is cut to 60 characters, a place inside a script's `{…}` is named for the object, nothing
/// invisible reaches the terminal raw, a merge says once what the file has, a locked section's
/// refusals say what it refuses.
@Suite("Error wording")
struct ErrorWordingTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func run(_ arguments: [String], stdin: String? = nil) throws -> RunResult {
    try TileGrid.run(arguments, stdin: stdin.map { Array($0.utf8) }, in: directory)
  }

  static let board = #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "a"}]}]}"#

  @Test("a 5 MB id and a 100,000-digit number: quoted to 60 characters and '…'")
  func longQuotes() throws {
    try directory.write("b.json", Self.board)
    let id = String(repeating: "x", count: 5_000_000)
    let digits = "1e" + String(repeating: "9", count: 100_000)
    try directory.write("id.script", "move \(id) to s:0\n")
    try directory.write("n.script", "set-layout lineSpacing \(digits)\n")
    try directory.write(
      "dup.json", #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "\#(id)"}, {"id": "\#(id)"}]}]}"#)
    try directory.write("w.json", #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "a", "width": \#(digits)}]}]}"#)
    for (arguments, mention) in [
      (["apply", "b.json", "id.script"], "there is no tile \"" + String(repeating: "x", count: 60) + "…\""),
      (["apply", "b.json", "n.script"], "layout.lineSpacing: 1e" + String(repeating: "9", count: 58) + "… is too large"),
      (["check", "dup.json"], "duplicate tile id \"" + String(repeating: "x", count: 60) + "…\""),
      (["check", "w.json"], "width: 1e" + String(repeating: "9", count: 58) + "… is too large"),
    ] {
      let result = try run(arguments)
      expectFailure(result, status: 65, mentioning: [mention])
      #expect(result.stderr.count < 300, "\(arguments): \(result.stderr.count) bytes")
    }
  }

  @Test("inside a script's {…}: the line, and the place in the object, never 'top level'")
  func scriptObjects() throws {
    try directory.write("b.json", Self.board)
    for (line, mention) in [
      (#"add x to s:0 {"id": "x", "id": "x"}"#, #"line 1, column 26: the tile's object: duplicate key "id""#),
      (#"add x to s:0 {"title": "x"}"#, #"line 1, column 14: the tile's object: missing required field "id""#),
      (#"add-section z at 0 {"id": "z"}"#, #"the section's object: missing required field "items""#),
      (#"add-section z at 0 {"id": "z", "items": [{"id": 3}]}"#, "items[0].id: expected a string, found a number"),
      (#"set a title"#, "line 1, column 12: expected a string, found the end of the line"),
    ] {
      try directory.write("o.script", line + "\n")
      let result = try run(["apply", "b.json", "o.script"])
      expectFailure(result, status: 65, mentioning: [mention])
      #expect(!result.stderrText.contains("top level"), "\(line): \(result.stderrText)")
      #expect(!result.stderrText.contains("the end of the input"), "\(line): \(result.stderrText)")
    }
  }

  @Test("set-layout with a key and no value says so; a byte order mark inside a script is named")
  func layoutAndInvisible() throws {
    try directory.write("b.json", Self.board)
    try directory.write("l.script", "set-layout \"str\"\n")
    expectFailure(
      try run(["apply", "b.json", "l.script"]), status: 65,
      mentioning: [#"line 1, column 17: expected a value after the layout key "str" (set-layout KEY VALUE"#])
    try directory.write("bom.script", "move a to s:0\n\u{FEFF}move a to s:0\n")
    let bom = try run(["apply", "b.json", "bom.script"])
    expectFailure(bom, status: 65, mentioning: ["line 2, column 1:", "found U+FEFF (a byte order mark)"])
    #expect(!bom.stderr.starts(with: [0xEF, 0xBB, 0xBF]) && !bom.stderrText.contains("\u{FEFF}"))
    try directory.write("zw.script", "move a\u{200B} to s:0\n")
    let zw = try run(["apply", "b.json", "zw.script"])
    expectFailure(zw, status: 65)
    #expect(!zw.stderrText.contains("\u{200B}") && zw.stderrText.contains(#""a\u200b""#), "\(zw.stderrText)")
  }

  @Test("a locked section refused for delete-section says it cannot be deleted")
  func lockedSectionDelete() throws {
    try directory.write("b.json", #"{"version": 1, "sections": [{"id": "s", "title": "Vault", "locked": true, "items": []}]}"#)
    try directory.write("d.script", "delete-section s\n")
    expectFailure(
      try run(["apply", "b.json", "d.script"]), status: 65,
      mentioning: [#"section "Vault" is locked: it cannot be deleted"#])
  }

  @Test("a table's lost empty sections are named with the file's losses, not as a field of sections")
  func emptySections() throws {
    let result = try run(["demo", "--to", "csv"])
    #expect(result.status == 0)
    #expect(result.stderrText == "tilegrid: standard output: csv cannot keep: layout, empty sections; sections' maxItems (left out)\n")
  }

  @Test("a merge says once per conflict what the file has; tiles both sides added are 'added'")
  func mergeLines() throws {
    try directory.write("base.json", #"{"version": 1, "sections": [{"id": "s1", "items": [{"id": "a"}]}, {"id": "s2", "items": [{"id": "b"}]}]}"#)
    try directory.write("ours.json", #"{"version": 1, "sections": [{"id": "s1", "items": [{"id": "a"}, {"id": "n"}]}]}"#)
    try directory.write(
      "theirs.json",
      #"{"version": 1, "sections": [{"id": "s1", "items": [{"id": "n"}, {"id": "a"}]}, {"id": "s2", "title": "Two", "items": [{"id": "b"}, {"id": "x"}]}]}"#)
    let result = try run(["merge", "base.json", "ours.json", "theirs.json", "-o", "m.json"])
    #expect(result.status == 1)
    let lines = result.stderrLines
    #expect(lines.filter { $0.contains(#"section "s2""#) } == [
      #"tilegrid: conflict: section "s2": deleted by ours, changed by theirs; kept, as theirs has it"#
    ], "\(lines)")
    #expect(lines.contains(#"tilegrid: conflict: tile "n": added by ours at s1:1, by theirs at s1:0; took ours"#), "\(lines)")
    #expect(try directory.readText("m.json").contains(#""id": "s2""#), "the file has the section")
  }

  @Test("lines: '#' alone or '#tag' is a tile, '# A' a section, as the docs say")
  func hashLines() throws {
    try directory.write("l.txt", "#\n# A\n#tag\n")
    let json = try run(["export", "l.txt", "--to", "json"])
    expectSuccess(json)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
    let sections = try #require(object["sections"] as? [[String: Any]])
    #expect(sections.map { ($0["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? [] } == [["#"], ["#tag"]])
    #expect(sections.map { $0["title"] as? String } == [nil, "A"])
    expectSuccess(try run(["move", "l.txt", "1.0", "0.1", "-i"]))
    #expect(try directory.readText("l.txt") == "#\n#tag\n# A\n")
  }
}
