import TestSupport
import Testing
import TileModel

@testable import Formats

/// A text file of git's conflict markers written back after other edits (a save, `play -o`): the
/// blocks of the conflicts left are put back as they were read, without working out their edits,
/// and the file is the same, byte for byte, as the one written by working them all out.
@Suite("Marked file written back")
struct MarkedWriteBackTests {
  @Test(
    "random merges, edited and partly resolved: the blocks left put back as read give the bytes that working every conflict out gives",
    arguments: [ArrangementFormat.markdown, .lines, .csv])
  func sameBytes(format: ArrangementFormat) throws {
    var random = SplitMix64(seed: 1919)
    var shortcut = 0
    var declined = 0
    var edited = 0
    for round in 0..<400 {
      let lanes = RandomLanes.lanes(&random, cards: 6...16).lanes
      let base = RandomLanes.board(lanes, format)
      let ours = RandomLanes.board(RandomLanes.changed(lanes, &random, retitledPercent: 30), format)
      let theirs = RandomLanes.board(RandomLanes.changed(lanes, &random, retitledPercent: 30), format)
      let merged = CardMerge.cardMerge(
        base: base, ours: ours, theirs: theirs, formats: [format, format, format], prefer: .ours, outcomes: .whole
      ).result
      guard merged.outcomes != nil else { continue }
      let (written, blocks) = MergeWriting.markedFile(merged, format: format, labels: ConflictLabels())
      guard !blocks.isEmpty else { continue }
      var file = try ConflictedArrangement.read(written, format: format)
      guard file.conflicts.allSatisfy(\.isDeferred) else { continue }
      // Some conflicts resolved, as the editor resolves them: the edits applied, the conflict gone.
      var k = 0
      while k < file.conflicts.count {
        if random.chance(25) {
          let choice = random.element(ConflictChoice.allCases)
          var attempt = file.arrangement
          if let edits = file.conflicts[k].edits(choice), (try? attempt.apply(edits, force: true)) != nil {
            file.arrangement = attempt
            file.conflicts.remove(at: k)
            continue
          }
        }
        k += 1
      }
      // Other edits: a card retitled, added, deleted or moved.
      for _ in 0..<random.int(0...2) {
        let sections = file.arrangement.sections
        let filled = sections.indices.filter { sections[$0].count > 0 }
        guard !filled.isEmpty else { break }
        let s = random.element(filled)
        let path = ItemPath(s, random.int(0...(sections[s].count - 1)))
        var tile = file.arrangement[path]
        let edit: Edit
        switch random.int(0...5) {
        case 0, 4, 5:
          tile.title = (tile.title ?? "") + " edited"
          edit = .setTile(at: path, to: tile)
        case 1:
          tile.id = "new-\(round)"
          tile.title = "new \(round)"
          edit = .insertTiles([tile], at: [path])
        case 2:
          edit = .deleteTiles(at: [path])
        default:
          let to = random.int(0...(sections.count - 1))
          edit = .moveTile(from: path, to: ItemPath(to, random.int(0...(sections[to].count - (to == s ? 1 : 0)))))
        }
        _ = try? file.arrangement.apply(edit, force: true)
        edited += 1
      }
      guard file.isConflicted else { continue }
      let source = file.conflicts[0].deferredSource as? MarkedFileEdits
      let fast = MarkedFileEdits.marked(file, as: format)
      let computed = source?.computed
      let slow = file.writeMerging(as: format, labels: ConflictLabels()).bytes
      guard let fast else {
        declined += 1
        continue
      }
      shortcut += 1
      #expect(
        fast == slow,
        "round \(round): put back\n\(String(decoding: fast, as: UTF8.self))\nworked out\n\(String(decoding: slow, as: UTF8.self))\nread\n\(String(decoding: written, as: UTF8.self))"
      )
      _ = computed
    }
    print("\(format): \(shortcut) written back by putting the blocks back, \(declined) by working the conflicts out, \(edited) edits")
    #expect(shortcut >= 15, "only \(shortcut) files written back by putting the blocks back")
    #expect(declined >= 10, "only \(declined) files written back by working the conflicts out")
  }

  @Test("4,000 conflict blocks, a card outside them edited and 10 resolved: written back without working out the others' edits")
  func manyBlocksAfterEdits() throws {
    let bytes = Array(MarkedBoards.text(blocks: 4000, outside: true).utf8)
    var file = try ConflictedArrangement.read(bytes, format: .markdown)
    #expect(file.conflicts.count == 4000)
    guard let source = file.conflicts.first?.deferredSource as? MarkedFileEdits else {
      Issue.record("no deferred edits")
      return
    }
    var tile = file.arrangement[ItemPath(0, 0)]
    tile.title = "outside, edited"
    _ = try file.arrangement.apply(.setTile(at: ItemPath(0, 0), to: tile))
    for k in stride(from: 3990, to: 3980, by: -1) {
      try file.arrangement.apply(file.conflicts[k].theirs, force: true)
      file.conflicts.remove(at: k)
    }
    #expect(source.computed == 10)
    let written = file.write(as: .markdown).bytes
    #expect(source.computed == 10, "writing worked out \(source.computed - 10) conflicts' edits")
    var expected = "## Todo\n\n- [ ] outside, edited\n"
    for k in 0..<4000 {
      expected +=
        (3981...3990).contains(k)
        ? "- [ ] card \(k) theirs\n" : "<<<<<<< ours\n- [ ] card \(k) ours\n=======\n- [ ] card \(k) theirs\n>>>>>>> theirs\n"
    }
    #expect(String(decoding: written, as: UTF8.self) == expected)
  }
}
