import Foundation
import TestSupport
import Testing

/// `tilegrid merge` of boards, lists and tables through the binary (docs/merge.md): git's own line
/// merge where it is clean and sane, the card merge where it is not, conflicts in words in the file
/// and on standard error, and every exit 1 with a conflict recorded in the file.
@Suite("merge as a cascade of stages, through the binary")
struct MergeCascadeCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Writes base, ours and theirs (`ext`) and merges them into `merged.EXT`.
  func merge(_ ext: String, base: String, ours: String, theirs: String, extra: [String] = [], environment: [String: String?] = [:])
    throws -> RunResult
  {
    for (name, text) in [("base", base), ("ours", ours), ("theirs", theirs)] { try directory.write("\(name).\(ext)", text) }
    return try TileGrid.run(
      ["merge", "base.\(ext)", "ours.\(ext)", "theirs.\(ext)", "-o", "merged.\(ext)"] + extra, in: directory,
      environment: environment)
  }

  static let board = "## To Do\n\n- Alpha\n- Bravo\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n"

  @Test("a card renamed beside a new one (the editor's r, then a) against a move of it: one card, renamed and moved")
  func renameBesideAnAdd() throws {
    let ours = "## To Do\n\n- Alpha\n- Bravo renamed\n- New card\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n"
    let theirs = "## To Do\n\n- Alpha\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n- Bravo\n"
    let result = try merge("md", base: Self.board, ours: ours, theirs: theirs)
    #expect(result.status == 0 && result.stderrText.isEmpty, "\(result)")
    #expect(try directory.readText("merged.md") == "## To Do\n\n- Alpha\n- New card\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n- Bravo renamed\n")
  }

  @Test("a card renamed and moved by one side, moved elsewhere by the other: one conflict about one card, in words")
  func renameAndMoveAgainstAMove() throws {
    let ours = "## To Do\n\n- Alpha\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n- Bravo renamed\n"
    let theirs = "## To Do\n\n- Alpha\n- Charlie\n- Echo\n- Bravo\n\n## Done\n\n- Delta\n"
    let result = try merge("md", base: Self.board, ours: ours, theirs: theirs)
    #expect(result.status == 1, "\(result)")
    #expect(result.stderrText == "tilegrid: conflict: Bravo: ours moved it to Done, theirs after \"Echo\" in To Do\n", "\(result)")
    let merged = try directory.readText("merged.md")
    #expect(merged.components(separatedBy: "<<<<<<< ").count == 2, "one block:\n\(merged)")
    #expect(merged.contains("<<<<<<< ours: Bravo: ours moved it to Done, theirs after \"Echo\" in To Do\n"), "\(merged)")
    let check = try TileGrid.run(["check", "merged.md"], in: directory)
    #expect(check.status == 1 && check.stderrText.contains("1 unresolved merge conflict"), "\(check)")
    #expect(check.stderrText.contains("Bravo: ours moved it to Done, theirs after \"Echo\" in To Do"), "\(check)")
    // Either side of the block keeps the card once.
    for side in [0, 1] {
      let kept = Self.resolved(merged, keeping: side)
      #expect(kept.components(separatedBy: "Bravo").count == 2, "side \(side):\n\(kept)")
      try directory.write("kept.md", kept)
      expectSuccess(try TileGrid.run(["check", "kept.md"], in: directory))
    }
  }

  /// A file with each `<<<<<<<` … `>>>>>>>` block resolved by hand to one side (0 ours, 1 theirs).
  static func resolved(_ text: String, keeping side: Int) -> String {
    var out: [Substring] = []
    var part = -1
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("<<<<<<<") {
        part = 0
      } else if line.hasPrefix("=======") && part == 0 {
        part = 1
      } else if line.hasPrefix(">>>>>>>") && part == 1 {
        part = -1
      } else if part == -1 || part == side {
        out.append(line)
      }
    }
    return out.joined(separator: "\n")
  }

  @Test("a Markdown card is named in a conflict as the board draws it: a wiki link's alias, a link's text, no emphasis")
  func conflictWordsAsDrawn() throws {
    let base = "## To Do\n\n- [[Flaky login|Fix login]]\n- Read [RFC 9110](https://example.org) **now**\n\n## Doing\n\n## Done\n\n- Delta\n"
    let ours = "## To Do\n\n- Read [RFC 9110](https://example.org) **now**\n\n## Doing\n\n- [[Flaky login|Fix login]]\n\n## Done\n\n- Delta\n"
    let theirs = "## To Do\n\n- Read [RFC 9110](https://example.org) **now**\n\n## Doing\n\n## Done\n\n- Delta\n- [[Flaky login|Fix login]]\n"
    let result = try merge("md", base: base, ours: ours, theirs: theirs)
    #expect(result.status == 1, "\(result)")
    #expect(result.stderrText == "tilegrid: conflict: Fix login: ours moved it to Doing, theirs to Done\n", "\(result)")
    #expect(try directory.readText("merged.md").contains("<<<<<<< ours: Fix login: ours moved it to Doing"))
    // Renamed two ways: as drawn, and as written where the two are drawn alike.
    let renamed = try merge(
      "md", base: base, ours: base.replacingOccurrences(of: "**now**", with: "**today**"),
      theirs: base.replacingOccurrences(of: "**now**", with: "*tomorrow*"))
    #expect(renamed.stderrText == "tilegrid: conflict: Read RFC 9110 now: renamed \"Read RFC 9110 today\" by ours, \"Read RFC 9110 tomorrow\" by theirs\n", "\(renamed)")
    let alike = try merge(
      "md", base: base, ours: base.replacingOccurrences(of: "**now**", with: "**soon**"),
      theirs: base.replacingOccurrences(of: "**now**", with: "*soon*"))
    #expect(alike.stderrText.contains("renamed \"Read [RFC 9110](https://example.org) **soon**\" by ours, \"Read [RFC 9110](https://example.org) *soon*\" by theirs"), "\(alike)")
  }

  @Test("a table's row moved to two sections: one conflict, and taking ours or theirs keeps exactly one row")
  func csvRowMovedTwoWays() throws {
    let base = "section,title\nShelf A,Tape measure\nShelf A,Hammer\nShelf B,Drill\nGarage,Saw\n"
    let ours = "section,title\nShelf A,Hammer\nShelf B,Drill\nShelf B,Tape measure\nGarage,Saw\n"
    let theirs = "section,title\nShelf A,Hammer\nShelf B,Drill\nGarage,Saw\nGarage,Tape measure\n"
    let result = try merge("csv", base: base, ours: ours, theirs: theirs)
    #expect(result.status == 1, "\(result)")
    #expect(result.stderrText == "tilegrid: conflict: Tape measure: ours moved it to Shelf B, theirs to Garage\n", "\(result)")
    let merged = try directory.readText("merged.csv")
    #expect(merged.components(separatedBy: "<<<<<<< ").count == 2, "one block:\n\(merged)")
    let check = try TileGrid.run(["check", "merged.csv"], in: directory)
    #expect(check.stderrText.contains("1 unresolved merge conflict"), "\(check)")
    for side in [0, 1] {
      let kept = Self.resolved(merged, keeping: side)
      #expect(kept.components(separatedBy: "Tape measure").count == 2, "side \(side):\n\(kept)")
      #expect(kept.contains(side == 0 ? "Shelf B,Tape measure" : "Garage,Tape measure"), "side \(side):\n\(kept)")
    }
  }

  @Test("a lines file of 5,000 lines of a, b and c, each side moving three: git merges it cleanly, and so does merge, byte for byte")
  func repeatedLines() throws {
    var random = SplitMix64(seed: 5000)
    let base = (0..<5000).map { _ in random.element(["a", "b", "c"]) }
    func moved(_ lines: [String]) -> [String] {
      var lines = lines
      for _ in 0..<3 {
        let line = lines.remove(at: random.int(0...(lines.count - 1)))
        lines.insert(line, at: random.int(0...lines.count))
      }
      return lines
    }
    let texts = [base, moved(base), moved(base)].map { $0.joined(separator: "\n") + "\n" }
    let result = try merge("txt", base: texts[0], ours: texts[1], theirs: texts[2])
    for (name, text) in zip(["ours", "base", "theirs"], [texts[1], texts[0], texts[2]]) { try directory.write(name, text) }
    let git = try runProcess("/usr/bin/env", ["git", "merge-file", "-p", "ours", "base", "theirs"], in: directory)
    #expect(git.status == 0, "git merges it cleanly")
    #expect(result.status == 0 && result.stderrText.isEmpty, "\(result.stderrText)")
    #expect(try directory.read("merged.txt") == git.stdout)
  }

  @Test("an empty base is an empty arrangement in every format: both sides' additions merged, not an error")
  func emptyBase() throws {
    // JSON, as git's add/add gives it: the same board added by both, then different ones.
    try directory.write("empty", "")
    try directory.write("mine.json", "{\"version\": 1, \"sections\": [{\"id\": \"s\", \"items\": [{\"id\": \"a\"}]}]}\n")
    try directory.write("yours.json", "{\"version\": 1, \"sections\": [{\"id\": \"s\", \"items\": [{\"id\": \"a\"}, {\"id\": \"b\"}]}]}\n")
    let same = try TileGrid.run(["merge", "empty", "mine.json", "mine.json", "--format", "json"], in: directory)
    #expect(same.status == 0 && same.stdoutText.contains("\"a\""), "\(same)")
    let both = try TileGrid.run(["merge", "empty", "mine.json", "yours.json", "--format", "json", "-o", "merged.json"], in: directory)
    #expect(both.status == 0, "\(both)")
    let ids = try TileGrid.run(["export", "merged.json", "--to", "lines"], in: directory)
    #expect(ids.stdoutText.contains("a\nb\n"), "\(ids)")
    // A board, a list, a table.
    for (ext, ours, theirs) in [
      ("md", "## A\n\n- one\n", "## A\n\n- one\n- two\n"), ("txt", "one\n", "one\ntwo\n"),
      ("csv", "title\none\n", "title\none\ntwo\n"),
    ] {
      let result = try merge(ext, base: "", ours: ours, theirs: theirs)
      #expect(result.status == 0, "\(ext): \(result)")
      #expect(try directory.readText("merged.\(ext)") == theirs, "\(ext)")
    }
  }

  @Test("mergetool with an empty base (git's add/add): the versions merged into MERGED, the conflict recorded, before the editor")
  func mergetoolEmptyBase() throws {
    try directory.write("empty", "")
    let json = { (blueIn: String) in
      "{\"version\": 1, \"sections\": [{\"id\": \"a\", \"items\": []}, {\"id\": \"b\", \"items\": []}]}\n"
        .replacingOccurrences(of: "\"id\": \"\(blueIn)\", \"items\": []", with: "\"id\": \"\(blueIn)\", \"items\": [{\"id\": \"blue\"}]")
    }
    try directory.write("local.json", json("a"))
    try directory.write("remote.json", json("b"))
    // Git's own line merge of the JSON, which is no arrangement.
    try directory.write("merged.json", "<<<<<<< ours\nx\n=======\ny\n>>>>>>> theirs\n")
    // Without a terminal the editor cannot open; the merge is written first.
    let run = try TileGrid.run(["mergetool", "empty", "local.json", "remote.json", "merged.json"], in: directory)
    #expect(run.status == 69, "\(run)")
    let check = try TileGrid.run(["check", "merged.json"], in: directory)
    #expect(check.status == 1 && check.stderrText.contains(#"tile "blue": added by ours at a:0, by theirs at b:0"#), "\(check)")
  }

  @Test("exit 1 always comes with a conflict recorded in the file, in words: a lane deleted against a card put in it")
  func laneDeletedAgainstACardPutInIt() throws {
    let base = "## To Do\n\n- Alpha\n\n## Later\n\n- Bravo\n"
    let ours = "## To Do\n\n- Alpha\n"
    let theirs = "## To Do\n\n- Alpha\n\n## Later\n\n- Bravo\n- Charlie\n"
    let result = try merge("md", base: base, ours: ours, theirs: theirs)
    #expect(result.status == 1, "\(result)")
    #expect(result.stderrText.contains(#"lane Later: deleted by ours, theirs put "Charlie" in it"#), "\(result)")
    let check = try TileGrid.run(["check", "merged.md"], in: directory)
    #expect(check.status == 1, "the conflict is in the file: \(check)")
    let merged = try directory.readText("merged.md")
    #expect(Self.resolved(merged, keeping: 1).contains("- Charlie"), "theirs keeps the lane with Charlie:\n\(merged)")
    #expect(!Self.resolved(merged, keeping: 0).contains("Later"), "ours deletes it:\n\(merged)")
    // The same in JSON: the lane is kept with the card, and the record offers ours's deletion.
    let json = { (lanes: [(String, [String])]) in
      "{\"version\": 1, \"sections\": [" + lanes.map { id, tiles in
        "{\"id\": \"\(id)\", \"items\": [" + tiles.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", ") + "]}"
      }.joined(separator: ", ") + "]}\n"
    }
    let recorded = try merge(
      "json", base: json([("todo", ["a"]), ("later", ["b"])]), ours: json([("todo", ["a"])]),
      theirs: json([("todo", ["a"]), ("later", ["b", "c"])]))
    #expect(recorded.status == 1, "\(recorded)")
    let checkJSON = try TileGrid.run(["check", "merged.json"], in: directory)
    #expect(checkJSON.status == 1 && checkJSON.stderrText.contains("1 unresolved merge conflict"), "\(checkJSON)")
  }

  @Test("exit 1 always comes with a conflict recorded: an emptied list against a line appended")
  func emptiedAgainstAppended() throws {
    let result = try merge("txt", base: "a\nb\n", ours: "", theirs: "a\nb\nc\n")
    #expect(result.status == 1, "\(result)")
    let check = try TileGrid.run(["check", "merged.txt"], in: directory)
    #expect(check.status == 1, "\(check)")
    let merged = try directory.readText("merged.txt")
    #expect(Self.resolved(merged, keeping: 1).contains("c"), "\(merged)")
  }

  @Test("both sides appending to a file without a final newline: merged, and nothing internal printed")
  func appendedWithoutFinalNewline() throws {
    let result = try merge("txt", base: "a\nb", ours: "a\nb\nc", theirs: "a\nb\nd")
    #expect(!result.stderrText.contains("{") && !result.stderrText.contains("newline"), "\(result)")
    if result.status == 1 {
      let check = try TileGrid.run(["check", "merged.txt"], in: directory)
      #expect(check.status == 1, "\(check)")
    } else {
      #expect(result.status == 0 && result.stderrText.isEmpty, "\(result)")
      #expect(try directory.readText("merged.txt") == "a\nb\nc\nd", "both lines, still without a final newline")
    }
  }

  @Test("TILEGRID_MERGE_DEBUG=DIR writes what each stage saw and decided")
  func debugDirectory() throws {
    let ours = "## To Do\n\n- Alpha\n- Charlie\n- Echo\n\n## Done\n\n- Delta\n- Bravo renamed\n"
    let theirs = "## To Do\n\n- Alpha\n- Charlie\n- Echo\n- Bravo\n\n## Done\n\n- Delta\n"
    let result = try merge(
      "md", base: Self.board, ours: ours, theirs: theirs, environment: ["TILEGRID_MERGE_DEBUG": directory.file("debug")])
    #expect(result.status == 1, "\(result)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.file("debug")).sorted()
    #expect(
      files == [
        "1-read.txt", "2-line-merge.md", "2-line-merge.txt", "3-sanity.txt", "4-card-merge.txt", "4-pairing.txt",
        "5-write.md", "5-write.txt",
      ], "\(files)")
    // Git's line merge is clean, with the card twice: not sane, so the card merge ran.
    #expect(try directory.readText("debug/2-line-merge.txt") == "clean\n")
    #expect(try directory.readText("debug/3-sanity.txt").contains(#"card "Bravo": 1 in the merge, at most 0 by the sides' changes"#))
    #expect(try directory.readText("debug/4-pairing.txt").contains(#"ours "Bravo renamed" is base "Bravo" (similar text)"#))
    #expect(try directory.read("debug/5-write.md") == directory.read("merged.md"))
  }
}
