import Foundation
import TestSupport
import Testing
import TileGridJSON
import TileModel

@testable import Formats

/// Conflicts written into a file and read back (docs/version-control.md, "Conflicts in the file"): the
/// line diff that places git's markers, and the round trip that must never lose a card of either side.
@Suite("Conflict markers")
struct ConflictMarkerTests {
  @Test(
    "random two-sided moves: ours's board in place, theirs's by every conflict's theirs, and any mix of choices keeps each card once",
    arguments: [ArrangementFormat.markdown, .lines, .csv])
  func roundTrip(format: ArrangementFormat) throws {
    var random = SplitMix64(seed: 2104)
    var conflicted = 0
    var moved = 0
    for round in 0..<160 {
      // Every lane keeps a card, so a table (which has no empty lanes) reads back with three.
      let (cards, lanes) = RandomLanes.lanes(&random, cards: 3...9)
      let base = RandomLanes.board(lanes, format)
      let ours = RandomLanes.board(RandomLanes.changed(lanes, &random), format)
      let theirs = RandomLanes.board(RandomLanes.changed(lanes, &random), format)
      let merged = CardMerge.cardMerge(
        base: base, ours: ours, theirs: theirs, formats: [format, format, format], prefer: .ours, outcomes: .whole
      ).result
      guard let outcomes = merged.outcomes else { continue }
      let oursBytes = format.bytes(outcomes.ours).bytes
      let (written, blocks) = MergeWriting.markedFile(merged, format: format, labels: ConflictLabels())
      guard oursBytes != format.bytes(outcomes.theirs).bytes else {
        #expect(written == oursBytes && blocks.isEmpty, "round \(round): nothing differs, no markers")
        continue
      }
      conflicted += 1
      let text = String(decoding: written, as: UTF8.self)
      #expect(text.contains("<<<<<<< ours: ") && text.contains(">>>>>>> theirs\n"), "round \(round): \(text)")
      let read = try ConflictedArrangement.read(written, format: format)
      #expect(read.conflicts.count == blocks.count, "round \(round): a conflict per block\n\(text)")
      #expect(format.bytes(read.arrangement).bytes == oursBytes, "round \(round): ours in place\n\(text)")
      // Every conflict taken theirs's way gives theirs's board: no card of theirs is lost.
      var allTheirs = read.arrangement
      for conflict in read.conflicts { try allTheirs.apply(conflict.theirs, force: true) }
      let titles = { (a: Arrangement) in a.sections.map { s in a.tiles(inSection: a.sectionIndex(ofID: s.id)!).map(\.displayTitle) } }
      #expect(titles(allTheirs) == titles(outcomes.theirs), "round \(round): theirs's board\n\(text)")
      // Whatever is taken for each conflict, each card is there once (nobody deleted any).
      let all = Set(cards + (0..<3).map { "keep \($0)" })
      for mask in 0..<(1 << min(read.conflicts.count, 4)) {
        var board = read.arrangement
        for (k, conflict) in read.conflicts.enumerated() where mask & (1 << k) != 0 {
          try board.apply(conflict.theirs, force: true)
        }
        let held = board.allTiles().map(\.displayTitle)
        #expect(held.count == Set(held).count && Set(held) == all.intersection(titles(base).flatMap { $0 }), "round \(round), choices \(mask)\n\(text)")
        moved += 1
      }
    }
    #expect(conflicted >= 10, "enough rounds conflicted to mean something (\(conflicted))")
  }

  @Test("markers as wide as told (git's conflict-marker-size): written so, read back; narrower ones inside are text")
  func markerSize() throws {
    // "one" moved by both, to different places: a conflict.
    let format = ArrangementFormat.markdown
    let base = try format.read(Array("## A\n- one\n- two\n- three\n".utf8))
    let ours = try format.read(Array("## A\n- two\n- three\n- one\n".utf8))
    let theirs = try format.read(Array("## A\n- two\n- one\n- three\n".utf8))
    var labels = ConflictLabels()
    labels.markerSize = 10
    let result = CardMerge.cardMerge(
      base: base, ours: ours, theirs: theirs, formats: [format, format, format], prefer: .ours, outcomes: .whole
    ).result
    #expect(result.conflicts.count == 1)
    let wide = String(decoding: MergeWriting.markedFile(result, format: format, labels: labels).bytes, as: UTF8.self)
    let lines = wide.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("<<<<<<<<<< ours: ") } && lines.contains("==========") && lines.contains(">>>>>>>>>> theirs"), "\(wide)")
    #expect(!lines.contains { $0.hasPrefix("<<<<<<< ") } && !lines.contains("======="), "\(wide)")
    #expect(try ConflictMarkers.File(Array(wide.utf8)).blocks.count == 1, "\(wide)")
    // Seven-wide marker lines inside a ten-wide conflict are its text, as git means them to be.
    let nested = "<<<<<<<<<< ours\n<<<<<<< x\n=======\n>>>>>>> y\n==========\nb\n>>>>>>>>>> theirs\n"
    let file = try ConflictMarkers.File(Array(nested.utf8))
    #expect(file.blocks.count == 1)
    #expect(file.blocks.first?.ours == ["<<<<<<< x", "=======", ">>>>>>> y"] && file.blocks.first?.theirs == ["b"])
    // A conflict opened ten wide does not end at a seven-wide close.
    #expect(throws: FormatError.self) { try ConflictMarkers.File(Array("<<<<<<<<<< ours\na\n=======\nb\n>>>>>>> theirs\n".utf8)) }
  }

  @Test("JSON: the record read back gives the same conflicts, and its lines are found")
  func jsonRecord() throws {
    var ours = Arrangement.demo
    try ours.apply([.move(tile: "blue", to: ScriptPlace("others", 0)), .delete(tile: "red")])
    var theirs = Arrangement.demo
    try theirs.apply([.move(tile: "blue", to: ScriptPlace("archive", 0)), .set(tile: "red", .title("Rot"))])
    let toOurs = Arrangement.merge(base: .demo, ours: ours, theirs: theirs, prefer: .ours, outcomes: .whole)
    let toTheirs = Arrangement.merge(base: .demo, ours: ours, theirs: theirs, prefer: .theirs)
    let file = ConflictedArrangement.merged(toOurs)
    #expect(file.conflicts.map(\.subject) == [#"tile "blue""#, #"tile "red""#])
    #expect(file.conflicts[1].both == nil, "a deleted card has no second version to keep")
    let bytes = file.write(as: .json).bytes
    let read = try ConflictedArrangement.read(bytes, format: .json)
    #expect(read.conflicts.map(\.theirs) == file.conflicts.map(\.theirs))
    #expect(read.conflicts.map(\.both) == file.conflicts.map(\.both))
    #expect(read.arrangement == toOurs.arrangement)
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    for conflict in read.conflicts {
      #expect(lines[conflict.line - 1].trimmingCharacters(in: .whitespaces) == "{", "line \(conflict.line)")
    }
    #expect(read.side(.theirs) == toTheirs.arrangement, "theirs's, conflict by conflict")
  }
}
