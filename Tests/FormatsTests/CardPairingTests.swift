import EditScripts
import TestSupport
import TileGridJSON
import Testing
import TileModel

@testable import Formats

// Cards without ids paired across versions (docs/merge.md, stage 4): renames, equal titles, moves with
// changes, lanes, line merges inside a card, and JSON left alone — through `diff` and the card merge.

private func read(_ format: ArrangementFormat, _ text: String) throws -> Arrangement {
  try format.read(Array(text.utf8))
}

private func diff(_ format: ArrangementFormat, _ old: String, _ new: String) throws -> [String] {
  let script = BoardVersions.diff(try read(format, old), as: format, try read(format, new), as: format)
  return EditScriptLines.lines(script)
}

/// The script's text, one line each.
private enum EditScriptLines {
  static func lines(_ script: [ScriptEdit]) -> [String] {
    EditScript.text(script).split(separator: "\n").map(String.init)
  }
}

/// The card merge alone (stage 4), as where the line merge conflicts.
private func merge(_ format: ArrangementFormat, _ base: String, _ ours: String, _ theirs: String) throws -> (String, [MergeConflict]) {
  let sides = try [base, ours, theirs].map { try read(format, $0) }
  let result = CardMerge.cardMerge(
    base: sides[0], ours: sides[1], theirs: sides[2], formats: [format, format, format], prefer: .ours, outcomes: .none
  ).result
  return (String(decoding: format.bytes(result.arrangement).bytes, as: UTF8.self), result.conflicts)
}

@Suite("Cards without ids, paired across versions")
struct CardPairingTests {
  static let board = """
    ## To Do

    - Buy milk
        > from the corner shop
    - Call Ann
    - Write report

    ## Done

    - Ship it

    """

  @Test("a rename is one set … title line, in a board, a list and a table")
  func renameIsOneLine() throws {
    #expect(
      try diff(.markdown, Self.board, Self.board.replacingOccurrences("- Call Ann", "- Call Anna"))
        == [#"set call-ann title "Call Anna""#])
    #expect(try diff(.lines, "a\nb\nc\n", "a\nB!\nc\n") == [#"set b title "B!""#])
    #expect(
      try diff(.csv, "section,title,notes\nx,a,1\nx,b,2\nx,c,3\n", "section,title,notes\nx,a,1\nx,bee,2\nx,c,3\n")
        == [#"set b title "bee""#])
    // Renamed and moved, its description along: the same card, by its lines.
    let moved = """
      ## To Do

      - Call Ann
      - Write report

      ## Done

      - Ship it
      - Buy oat milk
          > from the corner shop

      """
    #expect(try diff(.markdown, Self.board, moved) == ["move buy-milk to done:1", #"set buy-milk title "Buy oat milk""#])
  }

  @Test("a diff of a rename applies back to the new file, byte for byte")
  func renameRoundTrip() throws {
    let new = Self.board.replacingOccurrences("- Call Ann", "- Call Anna").replacingOccurrences("## Done", "## Finished")
    let old = try read(.markdown, Self.board)
    var copy = old
    let script = BoardVersions.diff(old, as: .markdown, try read(.markdown, new), as: .markdown)
    #expect(EditScriptLines.lines(script) == [#"set call-ann title "Call Anna""#, #"set-section done title "Finished""#])
    _ = try copy.apply(script, force: true)
    #expect(String(decoding: ArrangementFormat.markdown.bytes(copy).bytes, as: UTF8.self) == new)
  }

  @Test("equal titles: the one deleted is the one gone, by its neighbours")
  func equalTitlesByNeighbours() throws {
    // Of two "Call Ann", the second is deleted: by ids alone the first one's id would be the one gone.
    let base = "x\nCall Ann\ny\nCall Ann\nz\n"
    #expect(try diff(.lines, base, "x\nCall Ann\ny\nz\n") == ["delete call-ann-2"])
    #expect(try diff(.lines, base, "x\ny\nCall Ann\nz\n") == ["delete call-ann"])
  }

  @Test("two cards of one title, one given a note, the other checked: each is its own")
  func equalTitlesChangedInTheirLanes() throws {
    // Doing's Deploy is checked (its text, without the checkbox, is the same): paired in place. To
    // Do's is given a note: its title is the same, so the two leftovers are one card.
    let base = "## To Do\n\n- [ ] Deploy\n\n## Doing\n\n- [ ] Deploy\n\tbefore noon\n"
    let new = "## To Do\n\n- [ ] Deploy\n\tsee the wiki\n\n## Doing\n\n- [x] Deploy\n\tbefore noon\n"
    #expect(
      try diff(.markdown, base, new) == [
        #"set deploy markdown {"lines": ["- [ ] Deploy", "\tsee the wiki"]}"#, "set deploy-2 checked true",
      ])
  }

  @Test("a card renamed beside a new one (the editor's r, then a) is one renamed card and one added")
  func renameBesideAnAdd() throws {
    let base = "## A\n\n- alpha\n- bravo\n- charlie\n"
    let new = "## A\n\n- alpha\n- bravo-renamed\n- new-card\n- charlie\n"
    #expect(
      try diff(.markdown, base, new) == [
        ##"add new-card to a:2 {"id": "new-card", "title": "new-card", "color": "#ffcc00", "markdown": {"lines": ["- new-card"]}}"##,
        #"set bravo title "bravo-renamed""#,
      ])
  }

  @Test("similarity: the share of characters kept, of the titles or of the whole texts, above one half")
  func similarity() throws {
    func score(_ a: String, _ b: String) throws -> Double {
      let (x, y) = (try read(.lines, a + "\n").allTiles()[0], try read(.lines, b + "\n").allTiles()[0])
      return CardSimilarity.similarity(CardSimilarity.Text(x), CardSimilarity.Text(y))
    }
    #expect(abs(try score("Call Ann", "Call Ann today") - 16.0 / 22) < 1e-9)
    #expect(abs(try score("Call Ann", "Call Anna") - 16.0 / 17) < 1e-9)
    #expect(abs(try score("bravo", "bravo-renamed") - 10.0 / 18) < 1e-9)
    #expect(abs(try score("Buy milk", "Buy oat milk") - 16.0 / 20) < 1e-9)
    #expect(try score("Buy milk", "Buy bread") <= CardSimilarity.threshold)
    #expect(try score("Deploy", "deploy") == 1)
    // A description given: the title is the same.
    let noted = try read(.markdown, "- Deploy\n    > see the wiki, then ask Carl\n").allTiles()[0]
    let plain = try read(.markdown, "- Deploy\n").allTiles()[0]
    #expect(CardSimilarity.similarity(CardSimilarity.Text(noted), CardSimilarity.Text(plain)) == 1)
    // The bit-parallel common subsequence against the table, on texts longer than a word of bits.
    var random = SplitMix64(seed: 7)
    for _ in 0..<200 {
      let a = (0..<random.int(0...150)).map { _ in UInt32(97 + random.int(0...3)) }
      let b = (0..<random.int(0...150)).map { _ in UInt32(97 + random.int(0...3)) }
      var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
      for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
          table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
      }
      #expect(CardSimilarity.commonLength(a, b) == table[0][0], "\(a) \(b)")
    }
  }

  @Test("two cards of one title, one moved by each side: both moved, no conflict")
  func equalTitlesMovedByBoth() throws {
    let base = "# A\nCall Ann\nb\nCall Ann\n# B\nc\n"
    let ours = "# A\nb\nCall Ann\n# B\nCall Ann\nc\n"  // the first one to B
    let theirs = "# A\nCall Ann\nb\n# B\nc\nCall Ann\n"  // the second one to B's end
    let (merged, conflicts) = try merge(.lines, base, ours, theirs)
    #expect(conflicts.isEmpty)
    #expect(merged == "# A\nb\n# B\nCall Ann\nc\nCall Ann\n")
  }

  @Test("a rename on one side and a move on the other: the renamed card at the moved place")
  func renameTimesMove() throws {
    let ours = Self.board.replacingOccurrences("- Buy milk", "- Buy oat milk")
    let theirs = """
      ## To Do

      - Call Ann
      - Write report

      ## Done

      - Ship it
      - Buy milk
          > from the corner shop

      """
    let (merged, conflicts) = try merge(.markdown, Self.board, ours, theirs)
    #expect(conflicts.isEmpty)
    #expect(merged == theirs.replacingOccurrences("- Buy milk", "- Buy oat milk"))
    // And the other way round.
    let (flipped, none) = try merge(.markdown, Self.board, theirs, ours)
    #expect(none.isEmpty)
    #expect(flipped == merged)
  }

  @Test("checked and moved to Done on one side, renamed on the other: one card")
  func checkedAndMoved() throws {
    let base = "## To Do\n- [ ] Buy milk\n- [ ] Call Ann\n## Done\n- [x] Ship it\n"
    let ours = "## To Do\n- [ ] Call Ann\n## Done\n- [x] Ship it\n- [x] Buy milk\n"
    let theirs = "## To Do\n- [ ] Buy oat milk\n- [ ] Call Ann\n## Done\n- [x] Ship it\n"
    #expect(try diff(.markdown, base, ours) == ["move buy-milk to done:1", "set buy-milk checked true"])
    let (merged, conflicts) = try merge(.markdown, base, ours, theirs)
    #expect(conflicts.isEmpty)
    #expect(merged == "## To Do\n- [ ] Call Ann\n## Done\n- [x] Ship it\n- [x] Buy oat milk\n")
  }

  @Test("a lane renamed by one side takes the card the other added to it")
  func laneRenamed() throws {
    let base = "## To Do\n- a\n- b\n## Done\n- c\n"
    let ours = "## Doing\n- a\n- b\n## Done\n- c\n"
    let theirs = "## To Do\n- a\n- b\n- new\n## Done\n- c\n"
    let (merged, conflicts) = try merge(.markdown, base, ours, theirs)
    #expect(conflicts.isEmpty)
    #expect(merged == "## Doing\n- a\n- b\n- new\n## Done\n- c\n")
  }

  @Test("a card's lines merge line by line: its description by one side, its sub-task by the other")
  func linesInsideACard() throws {
    let base = "## To Do\n- Buy milk\n    > from the shop\n    > before noon\n    * [ ] oat\n- Call Ann\n"
    let ours = base.replacingOccurrences("from the shop", "from the corner shop")
    let theirs = base.replacingOccurrences("* [ ] oat", "* [x] oat")
    let (merged, conflicts) = try merge(.markdown, base, ours, theirs)
    #expect(conflicts.isEmpty)
    #expect(merged == ours.replacingOccurrences("* [ ] oat", "* [x] oat"))
    // The same line changed differently is still a conflict.
    let other = base.replacingOccurrences("from the shop", "from the market")
    let (_, conflicting) = try merge(.markdown, base, ours, other)
    #expect(conflicting.count == 1)
  }

  @Test("the same card added by both at one place is one card; at two places, two")
  func addedByBoth() throws {
    let base = "a\nb\nc\n"
    let (once, none) = try merge(.lines, base, "a\nnew\nb\nc\n", "a\nnew\nb\nc\n")
    #expect(none.isEmpty && once == "a\nnew\nb\nc\n")
    let (twice, stillNone) = try merge(.lines, base, "new\na\nb\nc\n", "a\nb\nc\nnew\n")
    #expect(stillNone.isEmpty && twice == "new\na\nb\nc\nnew\n")
  }

  @Test("neighbouring changes git cannot merge: two cards moved into one spot, a move next to a rename")
  func neighbours() throws {
    let base = "# A\na\nb\nc\n# B\nx\ny\n"
    // Both put a card right after x: git conflicts (the same spot), the merge keeps both.
    let (spot, c1) = try merge(.lines, base, "# A\nb\nc\n# B\nx\na\ny\n", "# A\na\nb\n# B\nx\nc\ny\n")
    #expect(c1.isEmpty && spot == "# A\nb\n# B\nx\na\nc\ny\n")
    // One renames b, the other moves a card in next to it.
    let (renamed, c2) = try merge(.lines, base, "# A\na\nB!\nc\n# B\nx\ny\n", "# A\na\nb\ny\nc\n# B\nx\n")
    #expect(c2.isEmpty && renamed == "# A\na\nB!\ny\nc\n# B\nx\n")
  }

  @Test("a card one side deleted and the other moved or changed is a conflict, as in JSON")
  func deleteAgainstChange() throws {
    let base = "a\nb\nc\nd\n"
    let (_, moved) = try merge(.lines, base, "a\nc\nd\n", "a\nc\nd\nb\n")
    #expect(moved.map(\.description) == [#"tile "b": deleted by ours, moved by theirs; deleted, as ours has it"#])
    let (_, changed) = try merge(.markdown, "- a\n- b\n", "- a\n", "- a\n- b\n    > more\n")
    #expect(changed.count == 1 && changed[0].subject == .tile("b"))
  }

  @Test("JSON keeps its ids: a tile with another id is another tile")
  func jsonKeepsIDs() throws {
    let old = #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "a", "title": "A"}]}]}"#
    let new = #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "b", "title": "A"}]}]}"#
    #expect(try diff(.json, old, new) == ["delete a", #"add b to s:0 {"id": "b", "title": "A"}"#])
  }

  @Test("a table with an id column: its ids kept, its rows without one paired by their text")
  func tableWithIDs() throws {
    let base = "id,title\nk1,Alpha\n,Beta\n,Gamma\n"
    #expect(try diff(.csv, base, "id,title\nk1,Alpha!\n,Beta\n,Gamma?\n") == [#"set k1 title "Alpha!""#, #"set gamma title "Gamma?""#])
  }

  @Test("a long stretch of cards that repeat is paired in order: one card moved from the front to the end")
  func longRepeats() throws {
    let base = String(repeating: "a\nb\n", count: 1500)
    let new = String(repeating: "b\na\n", count: 1500)
    let script = try diff(.lines, base, new)
    #expect(script == ["move a to list:2999"])
  }

  @Test("a card renamed to another text altogether is one deleted and one added")
  func renamedAltogether() throws {
    #expect(try diff(.lines, "# A\nold\nx\ny\n", "# A\nnew\nx\ny\n") == ["delete old", ##"add new to a:0 {"id": "new", "title": "new", "color": "#34c759"}"##])
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    var result = ""
    var rest = self[...]
    while let range = rest.range(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
