import Foundation
import Testing
import TileGridJSON
import TileModel

@testable import TestSupport

/// A conflicts record is checked (docs/file-format.md, "conflicts"): an entry whose edits are about
/// something else than its subject, a subject not in the file, or a second entry about one subject is
/// refused naming the entry; the merge's own records pass. And a file of thousands of conflict
/// blocks is read by `check`, `render` and `play` in time linear in its size.
@Suite("conflicts record, checked; many conflict blocks")
struct ConflictRecordCommandTests {
  /// The demo board's JSON with `record` as its conflicts.
  static func recordFile(_ record: String) -> String {
    var text = Arrangement.demo.jsonString()
    let end = text.lastIndex(of: "}")!
    text.replaceSubrange(end..., with: ",\n  \"conflicts\": \(record)\n}\n")
    return text
  }

  @Test(
    "each refusal: exit 65, one line naming the entry, for check, render and export",
    arguments: [
      (#"[{"tile": "blue", "conflict": "x", "ours": [], "theirs": ["delete red"]}]"#, #"conflicts[0]: "theirs" has "delete red", which is not about tile "blue""#),
      (#"[{"tile": "blue", "conflict": "x", "ours": [], "theirs": ["delete-section others"]}]"#, #"conflicts[0]: "theirs" has "delete-section others", which is not about tile "blue""#),
      (#"[{"tile": "blue", "conflict": "x", "ours": [], "theirs": ["move blue to archive:0"], "both": ["delete red"]}]"#, #"conflicts[0]: "both" has "delete red""#),
      (#"[{"tile": "nosuch", "conflict": "x", "ours": [], "theirs": ["delete nosuch"]}]"#, #"conflicts[0]: tile "nosuch" is not in the file, and no edit of the entry adds it"#),
      (#"[{"section": "nosuch", "conflict": "x", "ours": [], "theirs": ["move-section nosuch to 0"]}]"#, #"conflicts[0]: section "nosuch" is not in the file"#),
      (#"[{"tile": "blue", "conflict": "x", "theirs": ["move blue to archive:0"]}, {"tile": "blue", "conflict": "y", "theirs": ["delete blue"]}]"#, #"conflicts[1]: a second entry about tile "blue" (the first is conflicts[0])"#),
    ])
  func refused(record: String, message: String) throws {
    let dir = try TemporaryDirectory()
    try dir.write("c.json", Self.recordFile(record))
    let before = try dir.read("c.json")
    for command in [["check", "c.json"], ["render", "c.json", "--width", "60", "--height", "20"], ["export", "c.json"]] {
      let run = try TileGrid.run(command, in: dir)
      expectFailure(run, status: 65, mentioning: ["c.json: line ", message])
    }
    #expect(try dir.read("c.json") == before)
  }

  @Test("a merge whose conflicting tile moves others along: its record passes check, each entry about its subject")
  func mergeRecordPasses() throws {
    let dir = try TemporaryDirectory()
    // Both move blue, differently; ours also moves red in front of it, so red's place in ours's
    // version depends on blue's: a change that the conflict about blue does not name.
    var ours = Arrangement.demo
    try ours.apply([.move(tile: "blue", to: ScriptPlace("others", 0)), .move(tile: "red", to: ScriptPlace("others", 0))])
    var theirs = Arrangement.demo
    try theirs.apply([.move(tile: "blue", to: ScriptPlace("archive", 0)), .move(tile: "green", to: ScriptPlace("archive", 0))])
    try dir.write("base.json", Arrangement.demo.jsonString())
    try dir.write("ours.json", ours.jsonString())
    try dir.write("theirs.json", theirs.jsonString())
    let merged = try TileGrid.run(["merge", "base.json", "ours.json", "theirs.json", "-o", "out.json"], in: dir)
    #expect(merged.status == 1, "\(merged)")
    let check = try TileGrid.run(["check", "out.json"], in: dir)
    #expect(check.status == 1, "\(check)")
    #expect(check.stderrText.contains("unresolved merge conflict"), "\(check)")
    // Taking theirs of every conflict through play: every tile once.
    try dir.write("t.events", "key t\nkey t\nkey t\nkey t\n")
    let played = try TileGrid.run(
      ["play", "out.json", "--width", "80", "--height", "30", "--events", "t.events", "-o", "done.json"], in: dir)
    #expect(played.status == 0, "\(played)")
    let done = try Arrangement(json: try dir.readText("done.json"))
    #expect(done.allTiles().map(\.id).sorted() == Arrangement.demo.allTiles().map(\.id).sorted())
  }

  @Test("a lane one side deleted and the other brought back with a card of another conflict: t on each conflict, top to bottom, gives that side's lane, every card once, in its order")
  func laneBackWithAnotherConflictsCard() throws {
    let dir = try TemporaryDirectory()
    func board(_ lanes: [(String, String?, [String])]) -> String {
      let sections = lanes.map { id, title, cards in
        let items = cards.map { #"{"id": "\#($0)", "title": "\#($0)", "color": "red"}"# }.joined(separator: ", ")
        return #"{"id": "\#(id)""# + (title.map { #", "title": "\#($0)""# } ?? "") + #", "items": [\#(items)]}"#
      }
      return #"{"version": 1, "sections": [\#(sections.joined(separator: ", "))]}"#
    }
    try dir.write("base.json", board([("s0", "S", ["t5", "t0", "t8"]), ("s1", nil, ["x"])]))
    try dir.write("ours.json", board([("s1", nil, ["x"])]))
    // Theirs renames the lane and moves t5 between the other two: t5 is a conflict of its own.
    try dir.write("theirs.json", board([("s0", "Renamed", ["t0", "t5", "t8"]), ("s1", nil, ["x"])]))
    let merged = try TileGrid.run(["merge", "base.json", "ours.json", "theirs.json", "-o", "out.json"], in: dir)
    #expect(merged.status == 1, "\(merged)")
    try dir.write("t.events", "key t\nkey t\n")
    let played = try TileGrid.run(
      ["play", "out.json", "--width", "80", "--height", "30", "--events", "t.events", "-o", "done.json"], in: dir)
    #expect(played.status == 0, "\(played)")
    let text = try dir.readText("done.json")
    let done = try Arrangement(json: text)
    #expect(done.sections.map { $0.items.map { done.tiles[$0].id } } == [["t0", "t5", "t8"], ["x"]], "\(text)")
  }

  @Test("4,000 conflict blocks: check counts them, render shows the first in the Conflicts panel, play takes one side")
  func manyBlocks() throws {
    let dir = try TemporaryDirectory()
    try dir.write("many.md", MarkedBoards.text(blocks: 4000))
    // Worked out per block, each of these read and diffed the whole file 4,000 times (over a minute).
    let check = try TileGrid.run(["check", "many.md"], in: dir)
    #expect(check.status == 1, "check: \(check.status)")
    #expect(check.stderrText.contains("many.md: line 3: 4000 unresolved merge conflicts"), "check: \(check.stderrText.prefix(200))")
    let render = try TileGrid.run(["render", "many.md", "--width", "100", "--height", "30", "--color", "never"], in: dir)
    #expect(render.status == 0, "render: \(render.status) \(render.stderrText.prefix(200))")
    #expect(render.stdoutText.contains("card 0 ours"), "render: the first card")
    #expect(render.stdoutText.contains("card 0 theirs (lines\u{A0}3-7)"), "render: the panel on the first conflict")
    // Opened and written again: the file as it was.
    try dir.write("none.events", "key down\n")
    let played = try TileGrid.run(["play", "many.md", "--width", "100", "--height", "30", "--events", "none.events", "-o", "same.md"], in: dir)
    #expect(played.status == 0, "play: \(played.status) \(played.stderrText.prefix(200))")
    let written = try dir.readText("same.md")
    let expected = MarkedBoards.text(blocks: 4000)
    let same = written == expected
    let lines = written.split(separator: "\n").count
    let firstDifferent = zip(written.split(separator: "\n"), expected.split(separator: "\n")).first { $0 != $1 }.map { "\($0.0) | \($0.1)" } ?? "none"
    #expect(same, "play wrote \(lines) lines; first different: \(firstDifferent)")
  }
}
