import TestSupport
import Testing
import TileModel

@testable import Formats

/// A text file of git's conflict markers written back after other edits (a save, `play -o`): the
/// blocks of the conflicts left are put back as they were read, without working out their edits:
/// read again, the file is the arrangement with each conflict left as it was read; and where no
/// edit shifted the lines of a block, it is the same, byte for byte, as the one written by working
/// them all out.
@Suite("Marked file written back")
struct MarkedWriteBackTests {
  @Test(
    "random merges, edited and partly resolved: the blocks left put back as read read again as the arrangement with those conflicts as read; where nothing shifted them, the bytes that working every conflict out gives",
    arguments: [ArrangementFormat.markdown, .lines, .csv])
  func sameBytes(format: ArrangementFormat) throws {
    var random = SplitMix64(seed: 1919)
    var shortcut = 0
    var shifted = 0
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
      let shown = "round \(round): put back\n\(String(decoding: fast, as: UTF8.self))\nworked out\n\(String(decoding: slow, as: UTF8.self))\nread\n\(String(decoding: written, as: UTF8.self))"
      // Read again: the arrangement, ours's side in place, and each conflict left as it was read.
      let back = try ConflictedArrangement.read(fast, format: format)
      #expect(format.bytes(back.arrangement).bytes == format.bytes(file.arrangement).bytes, "\(shown)")
      let blocksLeft = { (f: ConflictedArrangement) -> [[String]] in
        guard let s = f.conflicts.first?.deferredSource as? MarkedFileEdits else { return [] }
        return f.conflicts.compactMap(\.deferredIndex).flatMap { s.groups[$0].map { s.file.blocks[$0].written } }
      }
      #expect(blocksLeft(back) == blocksLeft(file), "\(shown)")
      if source.flatMap({ MarkedFileEdits.edited(file, source: $0, left: Set(file.conflicts.compactMap(\.deferredIndex)), as: format, shifting: false) }) == nil {
        // A change before a block added or took out lines: working the conflicts out places
        // theirs's cards by their index in the file as read.
        shifted += 1
      } else {
        #expect(fast == slow, "\(shown)")
      }
      _ = computed
    }
    print("\(format): \(shortcut) written back by putting the blocks back (\(shifted) of them shifted), \(declined) by working the conflicts out, \(edited) edits")
    #expect(shortcut >= 15, "only \(shortcut) files written back by putting the blocks back")
    #expect(shifted >= 3, "only \(shifted) files written back with blocks shifted")
    #expect(declined >= 10, "only \(declined) files written back by working the conflicts out")
  }

  @Test("4,000 conflict blocks, cards added above them and right before the first: written back without working out any conflict's edits, every block as read")
  func manyBlocksShifted() throws {
    let bytes = Array(MarkedBoards.text(blocks: 4000, outside: true).utf8)
    var file = try ConflictedArrangement.read(bytes, format: .markdown)
    guard let source = file.conflicts.first?.deferredSource as? MarkedFileEdits else {
      Issue.record("no deferred edits")
      return
    }
    // Above the card outside the blocks, and one right before the first block.
    for title in ["second", "first"] {
      var tile = file.arrangement[ItemPath(0, 0)]
      tile.id = title
      tile.title = title
      try file.arrangement.apply(.insertTiles([tile], at: [ItemPath(0, 0)]))
    }
    var tile = file.arrangement[ItemPath(0, 0)]
    tile.id = "right-before"
    tile.title = "right before"
    try file.arrangement.apply(.insertTiles([tile], at: [ItemPath(0, 3)]))
    let written = file.write(as: .markdown).bytes
    #expect(source.computed == 0, "writing worked out \(source.computed) conflicts' edits")
    var expected = "## Todo\n\n- [ ] first\n- [ ] second\n- [ ] outside\n- [ ] right before\n"
    for k in 0..<4000 { expected += "<<<<<<< ours\n- [ ] card \(k) ours\n=======\n- [ ] card \(k) theirs\n>>>>>>> theirs\n" }
    #expect(String(decoding: written, as: UTF8.self) == expected)
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
