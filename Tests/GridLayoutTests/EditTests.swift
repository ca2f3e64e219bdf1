import TestSupport
import Testing
import TileModel

@testable import GridLayout

/// `FlowLayout`'s edits (FlowLayout+Edits.swift) re-flow only what they change; after each, alone or
/// mixed with moves, the layout must equal a fresh layout of the edited arrangement and the reference,
/// and keep what a fresh layout keeps. The edited arrangement is built from plain arrays of widths (the
/// arrangement's own edits are not the layout's business).
@Suite("Incremental edits: tiles and sections put in, taken out and resized equal a fresh layout")
struct EditTests {
  // MARK: - Pictures

  /// Checks that `start` draws as `before` (engine and reference, tiles lettered `startLetters` in
  /// reading order), that the layout after `edit` draws as `after` (lettered `endLetters`), and that it
  /// equals a fresh layout and the reference of `end`: every frame, line, query answer at every cell,
  /// and what it keeps.
  func expectEdit(
    _ p: LayoutParameters, width: Int, height: Int,
    from start: [[Int?]], _ startLetters: String, _ before: String,
    _ edit: (inout FlowLayout) -> Void,
    to end: [[Int?]], _ endLetters: String, _ after: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let viewport = Size(width: width, height: height)
    let startArrangement = arrangement(p, start)
    var layout = FlowLayout(arrangement: startArrangement, viewport: viewport)
    let startDrawn = [
      ("the engine", picture(layout.snapshot, letters: Array(startLetters))),
      ("the reference", picture(ReferenceLayout(startArrangement, viewport: viewport).snapshot, letters: Array(startLetters))),
    ]
    for (who, drawn) in startDrawn {
      #expect(drawn == before, "before the edit, \(who) drew\n\(drawn)\nexpected\n\(before)", sourceLocation: sourceLocation)
    }
    edit(&layout)
    let endArrangement = arrangement(p, end)
    let endDrawn = [
      ("the edited layout", picture(layout.snapshot, letters: Array(endLetters))),
      ("a fresh layout", picture(FlowLayout(arrangement: endArrangement, viewport: viewport).snapshot, letters: Array(endLetters))),
      ("the reference", picture(ReferenceLayout(endArrangement, viewport: viewport).snapshot, letters: Array(endLetters))),
    ]
    for (who, drawn) in endDrawn {
      #expect(drawn == after, "after the edit, \(who) drew\n\(drawn)\nexpected\n\(after)", sourceLocation: sourceLocation)
    }
    var rng = SplitMix64(seed: 1)
    let failure =
      MoveTests.mismatch(layout, endArrangement, viewport, &rng)
      ?? Invariants.queries(layout, ReferenceLayout(endArrangement, viewport: viewport), &rng)
    #expect(failure == nil, "\(failure ?? "")", sourceLocation: sourceLocation)
  }

  @Test("a tile of another width put into a uniform section makes it mixed (greedy lines, the last one left-aligned); taking it out makes it uniform again (fixed columns)")
  func uniformBecomesMixedAndBack() {
    // 3-wide tiles at W = 16: k = 17 / 4 = 4 columns, leftover 1 to the first gap. With X (6 wide),
    // a b X fill line 0 (3 + 1 + 3 + 1 + 6 = 14, the 2 cells over shared by its two gaps) and the last
    // line is left-aligned with exactly one cell between tiles.
    let p = params(.vertical, item: (3, 1), inter: 1, header: 1)
    let uniform = """
      ################
      aaa..bbb.ccc.ddd
      eee..fff........
      """
    let mixed = """
      ################
      aaa..bbb..XXXXXX
      ccc.ddd.eee.fff.
      """
    expectEdit(
      p, width: 16, height: 10, from: [tiles(6)], "abcdef", uniform,
      { layout in
        layout.insertItems(widths: [6], at: [ItemPath(0, 2)])
        #expect(layout.sections[0].widths != nil)
      },
      to: [[nil, nil, 6, nil, nil, nil, nil]], "abXcdef", mixed)
    expectEdit(
      p, width: 16, height: 10, from: [[nil, nil, 6, nil, nil, nil, nil]], "abXcdef", mixed,
      { layout in
        layout.removeItems(at: [ItemPath(0, 2)])
        #expect(layout.sections[0].widths == nil)
      },
      to: [tiles(6)], "abcdef", uniform)
  }

  @Test("widening a tile pushes the tiles after it to the next line; its own width taken away pulls them back; a width beyond the screen is shrunk")
  func resizing() {
    // W = A = 10, spacing 1, left: 3 + 1 + 2 + 1 + 3 = 10 fills line 0; with b 5 wide, c no longer fits.
    let p = params(.vertical, item: (2, 1), inter: 1, align: .left)
    let start: [[Int?]] = [[3, nil, 3, nil, nil]]
    let narrow = """
      aaa.bb.ccc
      dd.ee.....
      """
    let wide = """
      aaa.bbbbb.
      ccc.dd.ee.
      """
    expectEdit(
      p, width: 10, height: 5, from: start, "abcde", narrow, { $0.setWidth(5, ofItemAt: ItemPath(0, 1)) },
      to: [[3, 5, 3, nil, nil]], "abcde", wide)
    expectEdit(
      p, width: 10, height: 5, from: [[3, 5, 3, nil, nil]], "abcde", wide, { $0.setWidth(nil, ofItemAt: ItemPath(0, 1)) },
      to: start, "abcde", narrow)
    // 40 cells is drawn A = 10 wide, a line of its own.
    expectEdit(
      p, width: 10, height: 5, from: start, "abcde", narrow, { $0.setWidth(40, ofItemAt: ItemPath(0, 1)) },
      to: [[3, 40, 3, nil, nil]], "abcde",
      """
      aaa.......
      bbbbbbbbbb
      ccc.dd.ee.
      """)
  }

  @Test("tiles taken out of two sections at once: the emptied one keeps its header and one drop line, the other becomes uniform")
  func removingEmptiesASection() {
    // Section 1 loses its 4-wide tile: d and f are one width again and take the fixed columns.
    let p = params(.vertical, item: (2, 1), inter: 1, header: 1)
    expectEdit(
      p, width: 8, height: 10, from: [tiles(3), [nil, 4, nil]], "abcdef",
      """
      ########
      aa.bb.cc
      ########
      dd..eeee
      ff......
      """,
      { $0.removeItems(at: [ItemPath(0, 0), ItemPath(0, 1), ItemPath(0, 2), ItemPath(1, 1)]) },
      to: [[], tiles(2)], "df",
      """
      ########
      ........
      ########
      dd.ff...
      """)
  }

  @Test("a section put in or taken out moves the later sections and leaves them as they were; an empty one is one line tall")
  func sections() {
    let p = params(.vertical, item: (2, 1), inter: 1, header: 1)
    let start: [[Int?]] = [tiles(2), tiles(1)]
    let before = """
      ########
      aa.bb...
      ########
      cc......
      """
    expectEdit(
      p, width: 8, height: 10, from: start, "abc", before, { $0.insertSection(at: 1, widths: []) },
      to: [tiles(2), [], tiles(1)], "abc",
      """
      ########
      aa.bb...
      ########
      ........
      ########
      cc......
      """)
    // Mixed widths on one line: the last line, left-aligned.
    expectEdit(
      p, width: 8, height: 10, from: start, "abc", before, { $0.insertSection(at: 0, widths: [5, nil]) },
      to: [[5, nil], tiles(2), tiles(1)], "XYabc",
      """
      ########
      XXXXX.YY
      ########
      aa.bb...
      ########
      cc......
      """)
    expectEdit(
      p, width: 8, height: 10, from: start, "abc", before, { $0.removeSection(at: 0) },
      to: [tiles(1)], "c",
      """
      ########
      cc......
      """)
  }

  @Test("horizontal: a tile put in at the top of a section moves every later tile down a row, so every later column is measured again")
  func horizontalInsertShiftsColumns() {
    // H = A = 2, two rows a column; a column is as wide as its widest tile, narrower ones centered.
    let p = params(.horizontal, item: (2, 1), line: 1, inter: 0)
    expectEdit(
      p, width: 20, height: 2, from: [[5, 2, 4, 1]], "abcd",
      """
      aaaaa.cccc
      .bb....d..
      """,
      { $0.insertItems(widths: [1], at: [ItemPath(0, 0)]) },
      to: [[1, 5, 2, 4, 1]], "Xabcd",
      """
      ..X....bb..d
      aaaaa.cccc..
      """)
  }

  @Test("on a screen too small for the insets, a wide tile put in is shrunk to the one cell and the section stays uniform")
  func degenerateViewportStaysUniform() {
    // W = 0: A = 1, every tile 1 wide, one a line, centered; the content is 1 + 1 + 1 wide.
    expectEdit(
      params(.vertical, item: (3, 1), inter: 1, inset: (0, 1, 0, 1)), width: 0, height: 0, from: [tiles(2)], "ab",
      """
      .a.
      .b.
      """,
      { layout in
        layout.insertItems(widths: [9], at: [ItemPath(0, 1)])
        #expect(layout.sections[0].widths == nil)
      },
      to: [[nil, 9, nil]], "aXb",
      """
      .a.
      .X.
      .b.
      """)
  }
}

// MARK: - Every edit of one fixture

extension EditTests {
  /// Widths to put in or give: the default, the default written out, narrower, wider, and wider
  /// than any screen (shrunk).
  static let someWidths: [Int?] = [nil, 1, 2, 5, 50]

  /// The fixture's widths after `change`, as plain arrays.
  static func edited(_ widths: [[Int?]], _ change: OrganizeTests.Change) -> [[Int?]] {
    var w = widths
    switch change {
    case .insertItems(let added, let places):
      for (width, place) in zip(added, places) { w[place.section].insert(width, at: place.item) }
    case .removeItems(let paths):
      for path in paths.reversed() { w[path.section].remove(at: path.item) }
    case .setWidth(let width, let path):
      w[path.section][path.item] = width
    case .insertSection(let index, let added):
      w.insert(added, at: index)
    case .removeSection(let index):
      w.remove(at: index)
    case .block, .section, .single:
      preconditionFailure("not an edit")
    }
    return w
  }

  /// Applies an edit to the layout, and to the arrangement by building it again from its widths;
  /// returns a description for failure messages.
  static func apply(_ change: OrganizeTests.Change, to a: inout Arrangement, _ layout: inout FlowLayout) -> String {
    a = arrangement(a.layout, edited(widths(of: a), change))
    switch change {
    case .insertItems(let added, let places):
      layout.insertItems(widths: added, at: places)
      return "insert \(added.map { $0.map(String.init) ?? "nil" }) at \(places)"
    case .removeItems(let paths):
      layout.removeItems(at: paths)
      return "remove \(paths)"
    case .setWidth(let width, let path):
      layout.setWidth(width, ofItemAt: path)
      return "width \(width.map(String.init) ?? "nil") of \(path)"
    case .insertSection(let index, let added):
      layout.insertSection(at: index, widths: added)
      return "insert section \(index) \(added.map { $0.map(String.init) ?? "nil" })"
    case .removeSection(let index):
      layout.removeSection(at: index)
      return "remove section \(index)"
    case .block, .section, .single:
      preconditionFailure("not an edit")
    }
  }

  /// Every edit of one kind the fixture allows: each place × width, each tile and pair of tiles, each
  /// tile × width, each section index × contents, each section.
  static func everyEdit(of widths: [[Int?]]) -> [OrganizeTests.Change] {
    var changes: [OrganizeTests.Change] = []
    let paths = widths.indices.flatMap { s in widths[s].indices.map { ItemPath(s, $0) } }
    for s in widths.indices {
      for item in 0...widths[s].count {
        for w in someWidths { changes.append(.insertItems(widths: [w], at: [ItemPath(s, item)])) }
      }
      // Three tiles at once: a run at the start, and scattered ones reaching the end.
      changes.append(.insertItems(widths: [5, nil, 1], at: [ItemPath(s, 0), ItemPath(s, 1), ItemPath(s, 2)]))
      changes.append(.insertItems(widths: [nil, 5, 2], at: [ItemPath(s, 0), ItemPath(s, (widths[s].count + 3) / 2), ItemPath(s, widths[s].count + 2)]))
    }
    // Into two sections at once.
    changes.append(.insertItems(widths: [5, nil], at: [ItemPath(0, 1), ItemPath(widths.count - 1, 0)]))
    for (n, path) in paths.enumerated() {
      changes.append(.removeItems([path]))
      for other in paths[(n + 1)...] { changes.append(.removeItems([path, other])) }
      for w in someWidths { changes.append(.setWidth(w, path)) }
    }
    changes.append(.removeItems(paths))
    for index in 0...widths.count {
      for added: [Int?] in [[], [nil], [nil, nil, nil], [3, nil, 7], [50, 50]] {
        changes.append(.insertSection(index, widths: added))
      }
    }
    for index in widths.indices { changes.append(.removeSection(index)) }
    return changes
  }

  @Test(
    "every edit of a four-section fixture (uniform, mixed, empty, one-tile sections), both directions, every alignment, tiny to wide screens",
    arguments: flowDirections)
  func everyEditOfAFixture(direction: Direction) {
    let widths: [[Int?]] = [[nil, 5, nil, 2, nil], [nil, nil], [], [6]]
    let changes = Self.everyEdit(of: widths)
    for align in Alignment.allCases {
      let p = params(direction, item: (2, 1), line: 1, inter: 1, inset: (0, 1, 1, 1), header: 1, align: align)
      let a = arrangement(p, widths)
      for side in [0, 1, 4, 7, 9, 13, 40] {
        let viewport = Size(width: side, height: side)
        let layout = FlowLayout(arrangement: a, viewport: viewport)
        var rng = SplitMix64(seed: 5)
        for change in changes {
          var editedArrangement = a
          var editedLayout = layout
          let done = Self.apply(change, to: &editedArrangement, &editedLayout)
          if let failure = MoveTests.mismatch(editedLayout, editedArrangement, viewport, &rng) {
            Issue.record("\(done), \(direction) \(align) at \(viewport): \(failure)")
            return
          }
        }
      }
    }
  }
}

// MARK: - Putting a removed section back, and the widths' block copies

extension EditTests {
  @Test(
    "a removed section put back as it was, at any index, equals a fresh layout; a layout for another viewport refuses it",
    arguments: flowDirections)
  func removedSectionPutBack(direction: Direction) {
    let widths: [[Int?]] = [[nil, 5, nil, 2, nil], [nil, nil], [], [6]]
    for align in Alignment.allCases {
      let p = params(direction, item: (2, 1), line: 1, inter: 1, inset: (0, 1, 1, 1), header: 1, align: align)
      let a = arrangement(p, widths)
      for side in [0, 1, 4, 9, 40] {
        let viewport = Size(width: side, height: side)
        var rng = SplitMix64(seed: 9)
        for from in widths.indices {
          var layout = FlowLayout(arrangement: a, viewport: viewport)
          let removed = layout.removeSection(at: from)
          #expect(removed.count == widths[from].count)
          var rest = widths
          let section = rest.remove(at: from)
          // Another viewport's layout of the same arrangement: the removed lines do not hold there.
          var other = FlowLayout(arrangement: arrangement(p, rest), viewport: Size(width: side + 3, height: side + 3))
          let otherBefore = other.snapshot
          let accepted = other.insertSection(removed, at: 0)
          #expect(!accepted, "a layout for another viewport took the removed section")
          #expect(difference(other.snapshot, otherBefore) == nil, "a refused section changed the layout")
          for to in 0...rest.count {
            var restored = layout
            let putBack = restored.insertSection(removed, at: to)
            #expect(putBack, "the layout it came from refused the removed section")
            var expected = rest
            expected.insert(section, at: to)
            if let failure = MoveTests.mismatch(restored, arrangement(p, expected), viewport, &rng) {
              Issue.record("section \(from) put back at \(to), \(direction) \(align) at \(viewport): \(failure)")
              return
            }
          }
        }
      }
    }
  }

  @Test("the widths' block copies take out and put in elements exactly as TileModel's removeSorted and insertSorted do")
  func blockCopiesEqualTileModel() {
    let original: [Int32] = [10, 11, 12, 13, 14, 15, 16]
    // Every set of indexes, taken out of 7 elements and put into the result as new elements.
    for mask in 0..<(1 << original.count) {
      let indexes = original.indices.filter { mask & (1 << $0) != 0 }
      var ours = original
      var theirs = original
      ours.remove(atSorted: indexes)
      theirs.removeSorted(at: indexes)
      #expect(ours == theirs, "remove \(indexes)")
      let added = indexes.map { Int32(100 + $0) }
      for places in [indexes, indexes.map { $0 + 2 }] where places.allSatisfy({ $0 < original.count + places.count }) {
        var grown = original
        var expected = original
        grown.insert(added, atSorted: places)
        expected.insertSorted(added, at: places)
        #expect(grown == expected, "insert at \(places)")
      }
    }
  }
}

// MARK: - Random edits mixed with moves

extension EditTests {
  /// A width for a tile put in or resized: mostly one already in the arrangement's section (so uniform
  /// sections can stay uniform), else the default, a random one or one wider than most screens.
  static func randomWidth(_ a: Arrangement, section s: Int?, _ rng: inout SplitMix64) -> Int? {
    switch rng.int(0...9) {
    case 0...3:
      guard let s, a.sections[s].count > 0 else { return nil }
      return a[ItemPath(s, rng.int(0...(a.sections[s].count - 1)))].width
    case 4, 5: return nil
    case 6: return a.layout.itemSize.width
    case 7, 8: return rng.int(1...25)
    default: return rng.int(100...400)
    }
  }

  /// A random edit: tiles put in (one, or up to 8 in one or more sections, scattered), tiles taken
  /// out (one, several, or a whole section's), a tile's width changed, a section put in (empty, one
  /// width or mixed) or taken out. Nil when the arrangement has nothing to edit in that way.
  static func randomEdit(_ a: Arrangement, _ rng: inout SplitMix64) -> OrganizeTests.Change? {
    let n = a.sections.count
    let kind = rng.weighted([(3, 0), (3, 1), (3, 2), (1, 3), (1, 4)])
    if kind == 3 {
      let count = rng.chance(25) ? 0 : rng.int(1...(rng.chance(80) ? 12 : 60))
      let one = randomWidth(a, section: n > 0 ? rng.int(0...(n - 1)) : nil, &rng)
      let mixed = rng.chance(50)
      return .insertSection(
        rng.int(0...n), widths: (0..<count).map { _ in mixed ? randomWidth(a, section: nil, &rng) : one })
    }
    guard n > 0 else { return nil }
    switch kind {
    case 0:
      var perSection = [Int](repeating: 0, count: n)
      let k = rng.chance(60) ? 1 : rng.int(2...8)
      let single = rng.chance(60) ? rng.int(0...(n - 1)) : nil
      for _ in 0..<k { perSection[single ?? rng.int(0...(n - 1))] += 1 }
      var places: [ItemPath] = []
      var added: [Int?] = []
      for s in 0..<n where perSection[s] > 0 {
        let final = a.sections[s].count + perSection[s]
        var chosen = Set<Int>()
        if rng.chance(40) {
          let start = rng.int(0...(final - perSection[s]))
          chosen = Set(start..<(start + perSection[s]))
        } else {
          while chosen.count < perSection[s] { chosen.insert(rng.int(0...(final - 1))) }
        }
        for item in chosen.sorted() {
          places.append(ItemPath(s, item))
          added.append(randomWidth(a, section: s, &rng))
        }
      }
      return .insertItems(widths: added, at: places)
    case 1:
      if rng.chance(15) {
        let s = rng.int(0...(n - 1))
        let all = (0..<a.sections[s].count).map { ItemPath(s, $0) }
        return all.isEmpty ? nil : .removeItems(all)
      }
      let paths = OrganizeTests.randomTiles(a, &rng, limit: rng.chance(60) ? 1 : 10)
      return paths.isEmpty ? nil : .removeItems(paths)
    case 2:
      let nonEmpty = a.sections.indices.filter { a.sections[$0].count > 0 }
      guard !nonEmpty.isEmpty else { return nil }
      let s = rng.element(nonEmpty)
      return .setWidth(randomWidth(a, section: s, &rng), ItemPath(s, rng.int(0...(a.sections[s].count - 1))))
    default:
      return .removeSection(rng.int(0...(n - 1)))
    }
  }

  @Test("random edits mixed with block, section and single moves on small sections (emptying, filling, flipping uniform and mixed)")
  func randomEditsSmallSections() throws {
    try OrganizeTests.randomChanges(80, changes: 120, seed: 0xED17_0001, edits: true) {
      RandomCase.random(
        &$0, sections: 0...6, tiles: 0...10,
        styles: [.mostlyItemSize, .mostlyItemSize, .mixed, .uniformPerSection, .itemSize],
        side: RandomCase.moderateSide)
    }
  }

  @Test("random edits and moves on large sections and any viewport (huge, tiny, zero, negative)")
  func randomEditsLargeSections() throws {
    try OrganizeTests.randomChanges(25, changes: 120, seed: 0xED17_0002, edits: true) {
      RandomCase.random(&$0, sections: 1...6, tiles: 0...40)
    }
  }

  @Test("random edits and moves among many small sections (7-40): sections put in and taken out shift the others")
  func randomEditsManySections() throws {
    try OrganizeTests.randomChanges(30, changes: 120, seed: 0xED17_0003, edits: true) {
      RandomCase.random(&$0, sections: 7...40, tiles: 0...4, side: RandomCase.moderateSide)
    }
  }

  @Test("random edits and moves in long sections of mixed widths (100-300 tiles, many lines)")
  func randomEditsLongMixedSections() throws {
    try OrganizeTests.randomChanges(8, changes: 100, seed: 0xED17_0004, edits: true) {
      RandomCase.random(
        &$0, sections: 1...3, tiles: 100...300, styles: [.mixed, .mostlyItemSize], side: RandomCase.moderateSide)
    }
  }
}
