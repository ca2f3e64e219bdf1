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
  /// The length of a longest common subsequence, by the textbook table.
  static func lcs(_ a: [String], _ b: [String]) -> Int {
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }

  @Test("the hunks turn the first list into the second, keeping a longest common subsequence")
  func lineDiff() {
    var random = SplitMix64(seed: 21)
    for round in 0..<600 {
      let words = ["a", "b", "c", "d", "e"]
      let a = (0..<random.int(0...14)).map { _ in random.element(words) }
      var b = a
      for _ in 0..<random.int(0...5) {
        switch random.int(0...2) {
        case 0 where !b.isEmpty: b.remove(at: random.int(0...(b.count - 1)))
        case 1: b.insert(random.element(words), at: random.int(0...b.count))
        default: if !b.isEmpty { b[random.int(0...(b.count - 1))] = random.element(words) }
        }
      }
      let hunks = LineDiff.hunks(a, b)
      var rebuilt: [String] = []
      var next = 0
      var kept = 0
      for hunk in hunks {
        #expect(hunk.a.lowerBound >= next && (!hunk.a.isEmpty || !hunk.b.isEmpty), "round \(round)")
        rebuilt += a[next..<hunk.a.lowerBound]
        kept += hunk.a.lowerBound - next
        rebuilt += b[hunk.b]
        next = hunk.a.upperBound
      }
      rebuilt += a[next...]
      kept += a.count - next
      #expect(rebuilt == b, "round \(round): \(a) -> \(b), hunks \(hunks)")
      #expect(kept == Self.lcs(a, b), "round \(round): the fewest lines changed, \(a) -> \(b)")
    }
  }

  @Test("past the edit limit the middle is one hunk, still right")
  func lineDiffLimit() {
    let a = (0..<50).map { "a\($0)" }
    let b = (0..<50).map { "b\($0)" }
    let hunks = LineDiff.hunks(a + ["same"], b + ["same"], maximumEdits: 10)
    #expect(hunks == [LineDiff.Hunk(a: 0..<50, b: 0..<50)])
  }

  /// A Markdown board of `lanes` lanes of cards named by the letters given.
  static func board(_ lanes: [[String]]) -> Arrangement {
    let text = lanes.enumerated().map { k, cards in
      "## Lane \(k)\n\n" + cards.map { "- [ ] \($0)\n" }.joined()
    }.joined(separator: "\n")
    return try! ArrangementFormat.markdown.read(Array(text.utf8))
  }

  @Test("random two-sided moves: the file read back holds ours's board, and every conflict's theirs gives theirs's")
  func roundTrip() throws {
    var random = SplitMix64(seed: 2104)
    var conflicted = 0
    for round in 0..<120 {
      let cards = (0..<random.int(3...9)).map { "card \($0)" }
      var lanes: [[String]] = [[], [], []]
      for card in cards { lanes[random.int(0...2)].append(card) }
      func moved(_ lanes: [[String]]) -> [[String]] {
        var result = lanes
        for _ in 0..<random.int(1...3) {
          let from = random.int(0...2)
          guard !result[from].isEmpty else { continue }
          let card = result[from].remove(at: random.int(0...(result[from].count - 1)))
          let to = random.int(0...2)
          result[to].insert(card, at: random.int(0...result[to].count))
        }
        return result
      }
      let base = Self.board(lanes)
      let (ours, theirs) = (Self.board(moved(lanes)), Self.board(moved(lanes)))
      let formats: [ArrangementFormat] = [.markdown, .markdown, .markdown]
      let toOurs = BoardVersions.merge(base: base, ours: ours, theirs: theirs, formats: formats, prefer: .ours)
      guard !toOurs.conflicts.isEmpty else { continue }
      let toTheirs = BoardVersions.merge(base: base, ours: ours, theirs: theirs, formats: formats, prefer: .theirs)
      let file = ConflictedArrangement.merged(toOurs, other: toTheirs, took: .ours)
      let oursBytes = ArrangementFormat.markdown.bytes(toOurs.arrangement).bytes
      let theirsBytes = ArrangementFormat.markdown.bytes(toTheirs.arrangement).bytes
      let written = file.write(as: .markdown, ours: toOurs.arrangement, theirs: toTheirs.arrangement).bytes
      guard oursBytes != theirsBytes else {
        #expect(written == oursBytes, "round \(round): nothing differs, no markers")
        continue
      }
      conflicted += 1
      let text = String(decoding: written, as: UTF8.self)
      #expect(text.contains("<<<<<<< ours\n") && text.contains(">>>>>>> theirs\n"), "round \(round): \(text)")
      let read = try ConflictedArrangement.read(written, format: .markdown)
      #expect(read.isConflicted, "round \(round)")
      #expect(ArrangementFormat.markdown.bytes(read.arrangement).bytes == oursBytes, "round \(round): ours in place\n\(text)")
      // Every conflict taken theirs's way gives theirs's board: no card of theirs is lost.
      var allTheirs = read.arrangement
      for conflict in read.conflicts { try allTheirs.apply(conflict.theirs, force: true) }
      let titles = { (a: Arrangement) in a.sections.map { s in a.tiles(inSection: a.sectionIndex(ofID: s.id)!).map(\.displayTitle) } }
      #expect(titles(allTheirs) == titles(toTheirs.arrangement), "round \(round): theirs's board\n\(text)")
    }
    #expect(conflicted >= 10, "enough rounds conflicted to mean something (\(conflicted))")
  }

  @Test("markers as wide as told (git's conflict-marker-size): written so, read back; narrower ones inside are text")
  func markerSize() throws {
    let ours = Array("- one\n- two\n".utf8)
    let theirs = Array("- two\n- one\n".utf8)
    let wide = String(decoding: ConflictMarkers.write(ours: ours, theirs: theirs, labels: ConflictLabels(markerSize: 10)), as: UTF8.self)
    let lines = wide.split(separator: "\n").map(String.init)
    #expect(lines.contains("<<<<<<<<<< ours") && lines.contains("==========") && lines.contains(">>>>>>>>>> theirs"), "\(wide)")
    #expect(!lines.contains("<<<<<<< ours") && !lines.contains("======="), "\(wide)")
    let blocks = try ConflictMarkers.File(Array(wide.utf8)).blocks
    #expect(!blocks.isEmpty && blocks.count == lines.filter { $0 == "<<<<<<<<<< ours" }.count, "\(wide)")
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
    let toOurs = Arrangement.merge(base: .demo, ours: ours, theirs: theirs, prefer: .ours)
    let toTheirs = Arrangement.merge(base: .demo, ours: ours, theirs: theirs, prefer: .theirs)
    let file = ConflictedArrangement.merged(toOurs, other: toTheirs, took: .ours)
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
