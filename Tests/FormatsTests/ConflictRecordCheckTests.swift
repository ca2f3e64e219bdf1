import EditScripts
import TestSupport
import Testing
import TileGridJSON
import TileModel

@testable import Formats

/// A conflicts record is about what it names (docs/formats.md, "The conflicts record"): every record a
/// merge writes reads back, each entry's edits about its subject only; and a file of many conflict
/// markers is read without working out every conflict's edits.
@Suite("Conflicts record check")
struct ConflictRecordCheckTests {
  /// The tile ids of an arrangement, sorted, each once per tile.
  static func ids(_ a: Arrangement) -> [String] { a.allTiles().map(\.id).sorted() }

  @Test("random merges: the conflicted JSON reads back; each entry's edits are about its subject; each choice keeps every tile once")
  func randomMergesReadBack() throws {
    var conflicted = 0
    var fileEntries = 0
    var dependent = 0
    for seed in 0..<300 {
      var rng = SplitMix64(seed: SplitMix64.seed(0x16C0, UInt64(seed)))
      let base = RandomArrangements.mergeBase(&rng, maximumTiles: 40, maximumSections: 6)
      let (ours, theirs) = RandomArrangements.sides(of: base, &rng, edits: 1...6)
      let prefer: MergeSide = rng.chance(50) ? .ours : .theirs
      let result = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer, outcomes: .differing)
      let merged = ConflictedArrangement.merged(result)
      guard merged.isConflicted else { continue }
      conflicted += 1
      let context = "seed \(seed)"
      let bytes = merged.write(as: .json).bytes
      let read: ConflictedArrangement
      do {
        read = try ConflictedArrangement.read(bytes, format: .json)
      } catch {
        Issue.record("\(context): the merge's own record is refused: \(error)\n\(String(decoding: bytes, as: UTF8.self))")
        continue
      }
      #expect(read.conflicts.count == merged.conflicts.count, "\(context)")
      let before = Self.ids(read.arrangement)
      #expect(Set(before).count == before.count, "\(context): a tile twice in the file")
      for conflict in read.conflicts {
        guard let about = conflict.about else {
          Issue.record("\(context): an entry about nothing named: \(conflict.subject)")
          continue
        }
        if about == .file { fileEntries += 1 }
        for choice in ConflictChoice.allCases {
          guard let edits = conflict.edits(choice) else { continue }
          for edit in edits where about != .file {
            #expect(
              edit.about == about || ConflictedArrangement.puts(edit, into: about)
                || (choice == .both && ConflictedArrangement.keepsBoth(edit, of: about)),
              "\(context): \(EditScript.line(edit)) under \(about)")
          }
          // Alone, it applies whole or not at all (a tile moved into a section that another
          // entry brings back needs that one first); what it changes is its subject only.
          var resolved = read.arrangement
          guard (try? resolved.apply(edits, force: true)) != nil else { continue }
          let after = Self.ids(resolved)
          #expect(Set(after).count == after.count, "\(context): \(about) \(choice) duplicates a tile")
          if case .tile(let id) = about {
            // Only the subject (or its second card) comes or goes.
            let changed = Set(before).symmetricDifference(after)
            #expect(changed.allSatisfy { $0 == id || $0.hasPrefix(id + "-") }, "\(context): \(about) \(choice) changed \(changed)")
          }
        }
      }
      // Every conflict taken one way, in the record's order, applies and is the merge toward that
      // side: no tile lost or twice. (Sides where an entry did not apply after those before it, 73
      // of 5,180 in 6,000 seeds, are none since the record is written for it:
      // `ConflictedArrangement.ordered` and `placedInRecordOrder`.)
      for side in [MergeSide.ours, .theirs] {
        var taken = read.arrangement
        var applied = true
        for conflict in read.conflicts {
          if (try? taken.apply(conflict.edits(side == .ours ? .ours : .theirs) ?? [], force: true)) == nil { applied = false }
        }
        guard applied else {
          dependent += 1
          continue
        }
        let toward = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: side, honouringDeletions: true)
        #expect(
          Self.ids(taken) == Self.ids(toward.arrangement),
          "\(context): every conflict toward \(side)\n\(String(decoding: bytes, as: UTF8.self))")
      }
    }
    print("random conflicted merges: \(conflicted); sides with an entry that does not apply after those before it: \(dependent) of \(2 * conflicted)")
    #expect(dependent == 0, "\(dependent) of \(2 * conflicted) sides have an entry that does not apply after those before it")
    #expect(conflicted >= 100, "only \(conflicted) conflicted merges")
    #expect(fileEntries >= 1, "no merge had edits that no conflict names")
  }

  @Test("a section brought back with its cards, one of which is another conflict's: each side taken in the record's order applies, the cards in that side's order")
  func sectionBackWithAnotherConflictsCard() throws {
    func board(_ sections: String) throws -> Arrangement {
      try Arrangement(json: #"{"version": 1, "sections": [\#(sections)]}"#)
    }
    func card(_ id: String) -> String { #"{"id": "\#(id)", "title": "\#(id)", "color": "red"}"# }
    // Theirs deletes the lane; ours renames it and moves t5 between t0 and t8: ours's diff adds t5
    // (its own conflict) before t8 (the lane's), so t8's index counted t5.
    let base = try board(#"{"id": "s0", "title": "S", "items": [\#(card("t5")), \#(card("t0")), \#(card("t8"))]}, {"id": "s1", "items": [\#(card("x"))]}"#)
    let ours = try board(#"{"id": "s0", "title": "Renamed", "items": [\#(card("t0")), \#(card("t5")), \#(card("t8"))]}, {"id": "s1", "items": [\#(card("x"))]}"#)
    let theirs = try board(#"{"id": "s1", "items": [\#(card("x"))]}"#)
    let result = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: .theirs, outcomes: .differing)
    let merged = ConflictedArrangement.merged(result)
    let read = try ConflictedArrangement.read(merged.write(as: .json).bytes, format: .json)
    #expect(read.conflicts.map(\.subject) == [#"section "s0""#, #"tile "t5""#], "\(read.conflicts.map(\.subject))")
    var taken = read.arrangement
    for conflict in read.conflicts { try taken.apply(conflict.edits(.ours) ?? [], force: true) }
    #expect(taken.sections.map { $0.items.map { taken.tiles[$0].id } } == [["t0", "t5", "t8"], ["x"]])
  }

  @Test("a section one side deleted after moving a card out of it: its entry comes after the card's, and taking that side of both in the record's order keeps the card")
  func sectionDeletedAfterItsCardLeft() throws {
    func board(_ sections: String) throws -> Arrangement {
      try Arrangement(json: #"{"version": 1, "sections": [\#(sections)]}"#)
    }
    func card(_ id: String) -> String { #"{"id": "\#(id)", "title": "\#(id)", "color": "red"}"# }
    let base = try board(#"{"id": "s0", "title": "S", "items": [\#(card("a")), \#(card("b"))]}, {"id": "s1", "items": [\#(card("x"))]}"#)
    // Ours renames the lane and moves a to its end; theirs moves a to s1, then deletes the lane.
    let ours = try board(#"{"id": "s0", "title": "Renamed", "items": [\#(card("b")), \#(card("a"))]}, {"id": "s1", "items": [\#(card("x"))]}"#)
    let theirs = try board(#"{"id": "s1", "items": [\#(card("x")), \#(card("a"))]}"#)
    let result = Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: .ours, outcomes: .differing)
    let read = try ConflictedArrangement.read(ConflictedArrangement.merged(result).write(as: .json).bytes, format: .json)
    #expect(read.conflicts.map(\.subject) == [#"tile "a""#, #"section "s0""#], "\(read.conflicts.map(\.subject))")
    var taken = read.arrangement
    for conflict in read.conflicts { try taken.apply(conflict.edits(.theirs) ?? [], force: true) }
    #expect(taken.sections.map { $0.items.map { taken.tiles[$0].id } } == [["x", "a"]])
  }

  /// The demo board's JSON with `record` as its conflicts.
  static func recordFile(_ record: String) -> [UInt8] {
    var text = Arrangement.demo.jsonString()
    let end = text.lastIndex(of: "}")!
    text.replaceSubrange(end..., with: ",\n  \"conflicts\": \(record)\n}\n")
    return Array(text.utf8)
  }

  @Test(
    "a record refused: an edit about another tile or section, a subject not in the file, a second entry",
    arguments: [
      (#"[{"tile": "blue", "conflict": "x", "ours": [], "theirs": ["delete red"]}]"#, #"conflicts[0]: "theirs" has "delete red", which is not about tile "blue""#),
      (#"[{"tile": "blue", "conflict": "x", "ours": [], "theirs": ["delete-section others"]}]"#, #"conflicts[0]: "theirs" has "delete-section others""#),
      (#"[{"tile": "blue", "conflict": "x", "ours": ["move red to archive:0"], "theirs": []}]"#, #"conflicts[0]: "ours" has "move red to archive:0""#),
      (#"[{"tile": "blue", "conflict": "x", "ours": [], "theirs": [], "both": ["delete red"]}]"#, #"conflicts[0]: "both" has "delete red""#),
      (#"[{"section": "others", "conflict": "x", "ours": [], "theirs": ["delete blue"]}]"#, #"conflicts[0]: "theirs" has "delete blue", which is not about section "others""#),
      (#"[{"tile": "nosuch", "conflict": "x", "ours": [], "theirs": ["delete nosuch"]}]"#, #"conflicts[0]: tile "nosuch" is not in the file"#),
      (#"[{"section": "nosuch", "conflict": "x", "ours": [], "theirs": ["delete-section nosuch"]}]"#, #"conflicts[0]: section "nosuch" is not in the file"#),
      (#"[{"tile": "blue", "conflict": "x", "theirs": ["delete blue"]}, {"tile": "blue", "conflict": "y", "theirs": ["delete blue"]}]"#, #"conflicts[1]: a second entry about tile "blue" (the first is conflicts[0])"#),
    ])
  func refused(record: String, message: String) {
    do {
      let file = try ConflictedArrangement.read(Self.recordFile(record), format: .json)
      Issue.record("read: \(file.conflicts)")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
      #expect(!"\(error)".contains("\n"), "one line: \(error)")
    }
  }

  @Test("a record about its subjects reads: a tile's second card in both, a tile only its theirs adds, the file's entry")
  func accepted() throws {
    let file = try ConflictedArrangement.read(
      Self.recordFile(
        #"[{"tile": "blue", "conflict": "x", "ours": [], "theirs": ["move blue to archive:0"], "both": ["add blue-2 to archive:0 {\"id\": \"blue-2\"}"]},"#
          + #" {"tile": "gone", "conflict": "y", "ours": [], "theirs": ["add gone to archive:0 {\"id\": \"gone\"}"]},"#
          + #" {"file": true, "conflict": "z", "ours": [], "theirs": ["delete red"]}]"#),
      format: .json)
    #expect(file.conflicts.map(\.subject) == [#"tile "blue""#, #"tile "gone""#, "file"])
  }

  @Test("4,000 conflict blocks read without working out any conflict's edits; each is worked out once, when asked for")
  func manyBlocksDeferred() throws {
    let bytes = Array(MarkedBoards.text(blocks: 4000).utf8)
    let file = try ConflictedArrangement.read(bytes, format: .markdown)
    #expect(file.conflicts.count == 4000)
    #expect(file.arrangement.tileCount == 4000)
    let allDeferred = file.conflicts.allSatisfy { $0.isDeferred }
    #expect(allDeferred)
    guard let source = file.conflicts.compactMap({ $0.deferredSource as? MarkedFileEdits }).first else {
      Issue.record("no deferred edits")
      return
    }
    #expect(source.computed == 0, "reading worked out \(source.computed) conflicts' edits")
    // Comparing two lists of deferred conflicts works nothing out either.
    #expect(file.conflicts == file.conflicts.map { $0 })
    #expect(source.computed == 0)
    let chosen = file.conflicts[1234]
    #expect(chosen.canKeepBoth)
    #expect(source.computed == 0, "the panel's b worked out edits")
    var board = file.arrangement
    try board.apply(chosen.theirs, force: true)
    _ = chosen.both
    _ = chosen.theirs
    #expect(source.computed == 1, "\(source.computed)")
    #expect(board.allTiles().contains { $0.title == "card 1234 theirs" })
    #expect(!board.allTiles().contains { $0.title == "card 1234 ours" })
    #expect(board.tileCount == 4000)
    var both = file.arrangement
    try both.apply(chosen.both ?? [], force: true)
    #expect(both.tileCount == 4001)
    // The same edits as worked out at once.
    #expect(chosen.settled.theirs == chosen.theirs && chosen.settled.both == chosen.both && !chosen.settled.isDeferred)
  }
}
