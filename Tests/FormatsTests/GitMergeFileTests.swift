import Foundation
import TestSupport
import Testing
import TileModel

@testable import Formats

// The merge of text boards held to git's own bar (docs/merge.md): random boards in four styles and
// the real boards of Tests/Boards, random edits on two sides, and real `git merge-file -p`. Wherever
// git merges cleanly and its board is sane (stage 3), the merge is git's, byte for byte. Where it is
// not, the card merge loses nothing: every card both sides kept is there once, the ones a side
// deleted are gone, and a card one side changed and the other deleted is a conflict.

/// A board as a person sees it: lanes of cards, each card a title, lines under it and a checkbox.
struct ModelBoard: CustomStringConvertible {
  struct Card {
    var title: String
    var notes: [String] = []
    var checked = false
    /// Which card it is, across the versions: the same after a rename, a move, a change.
    var uid = 0
  }

  var lanes: [(title: String, cards: [Card])]

  var description: String {
    lanes.map { "\($0.title): " + $0.cards.map(\.title).joined(separator: ", ") }.joined(separator: " | ")
  }
}

enum BoardStyle: String, CaseIterable, CustomStringConvertible {
  case taskell, obsidian, lines, csv

  var description: String { rawValue }

  var format: ArrangementFormat {
    switch self {
    case .taskell, .obsidian: return .markdown
    case .lines: return .lines
    case .csv: return .csv
    }
  }

  /// The board's file, as the tool it comes from writes one.
  func text(_ board: ModelBoard) -> String {
    var out = ""
    switch self {
    case .taskell:
      for lane in board.lanes {
        out += "## \(lane.title)\n\n"
        for card in lane.cards {
          out += "- \(card.title)\n"
          for note in card.notes { out += "    > \(note)\n" }
        }
        out += "\n"
      }
    case .obsidian:
      out += "---\n\nkanban-plugin: basic\n\n---\n\n"
      for lane in board.lanes {
        out += "## \(lane.title)\n\n"
        for card in lane.cards {
          out += "- [\(card.checked ? "x" : " ")] \(card.title)\n"
          for note in card.notes { out += "\t\(note)\n" }
        }
        out += "\n\n"
      }
      out += "\n\n%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\"}\n```\n%%\n"
    case .lines:
      for lane in board.lanes {
        out += "# \(lane.title)\n"
        for card in lane.cards { out += "\(card.title)\n" }
      }
    case .csv:
      out += "section,title,notes\n"
      for lane in board.lanes {
        for card in lane.cards { out += "\(lane.title),\(card.title),\(card.notes.joined(separator: "; "))\n" }
      }
    }
    return out
  }
}

/// Random boards and random edits of them, with few distinct titles so that equal titles are common.
struct BoardGenerator {
  var rng: SplitMix64
  let style: BoardStyle
  var serial = 0
  var uids = 0

  static let titles = ["Buy milk", "Call Ann", "Fix the build", "Write docs", "Review", "Deploy", "Email Bob", "Plan"]
  static let notes = ["from the shop", "before noon", "ask Carl", "see the wiki", "twice"]

  mutating func title() -> String {
    if rng.chance(60) { return rng.element(Self.titles) }
    serial += 1
    return "Task \(serial) \(rng.element(["a", "b", "c"]))"
  }

  mutating func card() -> ModelBoard.Card {
    uids += 1
    var card = ModelBoard.Card(title: title(), uid: uids)
    if style != .lines && rng.chance(40) {
      card.notes = (0..<rng.int(1...2)).map { _ in rng.element(Self.notes) }
    }
    if style == .obsidian { card.checked = rng.chance(30) }
    return card
  }

  mutating func board() -> ModelBoard {
    let laneTitles = ["To Do", "Doing", "Done", "Later"]
    let count = rng.int(2...4)
    return ModelBoard(
      lanes: (0..<count).map { l in (laneTitles[l], (0..<rng.int(style == .csv ? 1...7 : 0...7)).map { _ in card() }) })
  }

  /// One to three edits: moves (in a lane, across lanes), renames, adds, deletes, changed notes,
  /// checkboxes, now and then a renamed lane.
  mutating func edit(_ board: ModelBoard) -> ModelBoard {
    var board = board
    for _ in 0..<rng.int(1...3) {
      let cards = board.lanes.enumerated().flatMap { l, lane in lane.cards.indices.map { (l, $0) } }
      let kind = rng.weighted([
        (cards.isEmpty ? 0 : 30, "move"), (cards.isEmpty ? 0 : 15, "rename"), (15, "add"), (cards.isEmpty ? 0 : 10, "delete"),
        (cards.isEmpty || style == .lines ? 0 : 12, "notes"), (cards.isEmpty || style != .obsidian ? 0 : 10, "check"),
        (3, "lane"),
      ])
      switch kind {
      case "move":
        let (l, i) = rng.element(cards)
        let card = board.lanes[l].cards.remove(at: i)
        let to = rng.chance(50) ? l : rng.int(0...(board.lanes.count - 1))
        board.lanes[to].cards.insert(card, at: rng.int(0...board.lanes[to].cards.count))
      case "rename":
        let (l, i) = rng.element(cards)
        board.lanes[l].cards[i].title = title()
      case "add":
        let l = rng.int(0...(board.lanes.count - 1))
        board.lanes[l].cards.insert(card(), at: rng.int(0...board.lanes[l].cards.count))
      case "delete":
        let (l, i) = rng.element(cards)
        if style != .csv || board.lanes[l].cards.count > 1 { board.lanes[l].cards.remove(at: i) }
      case "notes":
        let (l, i) = rng.element(cards)
        if board.lanes[l].cards[i].notes.isEmpty || rng.chance(50) {
          board.lanes[l].cards[i].notes.append(rng.element(Self.notes))
        } else {
          board.lanes[l].cards[i].notes[0] = rng.element(Self.notes) + " (changed)"
        }
      case "check":
        let (l, i) = rng.element(cards)
        board.lanes[l].cards[i].checked.toggle()
      default:
        let l = rng.int(0...(board.lanes.count - 1))
        board.lanes[l].title += " (renamed)"
      }
    }
    return board
  }
}

/// Runs `git merge-file -p OURS BASE THEIRS` on three texts: its output, and how many conflicts it
/// left (its exit status).
func gitMergeFile(base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: ConflictLabels = ConflictLabels()) throws -> (
  bytes: [UInt8], conflicts: Int
) {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tilegrid-mergefile-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let names = ["ours", "base", "theirs"]
  for (name, bytes) in zip(names, [ours, base, theirs]) { try Data(bytes).write(to: directory.appendingPathComponent(name)) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments =
    ["git", "merge-file", "-p", "--marker-size", "\(labels.markerSize)", "-L", labels.ours, "-L", labels.base, "-L", labels.theirs]
    + names.map { directory.appendingPathComponent($0).path }
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(process.terminationStatus >= 0 && process.terminationStatus < 128, "git merge-file failed to run")
  return (Array(output), Int(process.terminationStatus))
}

/// What a merge must keep, from the cards' identities: base, ours and theirs as card id → (title,
/// text, lane).
struct Keeping {
  typealias Card = (title: String, text: String, lane: String)
  var versions: [[Int: Card]]

  /// The cards whose identity a text alone tells: no card of another identity, in any version, is
  /// alike to one of its versions (`alike`: an equal title, or more than half the text). Twins, a card
  /// renamed to look like another, `Task 1 b` beside `Task 3 b`, may be paired either way, and as well.
  func unambiguous() -> Set<Int> {
    let all = versions.flatMap { version in version.map { (uid: $0.key, card: $0.value) } }
    var result: Set<Int> = []
    for uid in Set(all.map(\.uid)) {
      let mine = all.filter { $0.uid == uid }.map(\.card)
      let others = all.filter { $0.uid != uid }.map(\.card)
      if !mine.contains(where: { card in others.contains { Self.alike($0, card) } }) { result.insert(uid) }
    }
    return result
  }

  /// What the card merge got wrong, by the cards' own identities, on `merged` (toward ours) with
  /// `conflicts`, for the cards whose identity their text tells: one both sides kept is there, by the
  /// title the sides give it; one ours deleted (or both) is not; one a side changed and the other
  /// deleted is named by a conflict.
  func failures(_ merged: Arrangement, _ conflicts: [MergeConflict]) -> [String] {
    let (base, ours, theirs) = (versions[0], versions[1], versions[2])
    var held: [String: Int] = [:]
    for tile in merged.allTiles() { held[tile.displayTitle, default: 0] += 1 }
    let sentences = conflicts.map(\.sentence).joined(separator: "\n")
    // Conflicts name cards as the words write them: as the board draws them (`CardFace.spokenTitle`:
    // the title without its syntax, then any lines under it that continue it), a long title cut with
    // `…` (ConflictWords.cut); or, for two renames drawn alike, as written.
    let named = { (title: String) in
      var dates: [String] = []
      let drawn = CardFace.inline(title, dates: &dates).map { $0.map(\.text).joined() }.joined(separator: " ")
      return sentences.contains(ConflictWords.cut(title)) || sentences.contains(ConflictWords.cut(drawn))
    }
    var failures: [String] = []
    for uid in unambiguous() {
      guard let card = base[uid] else { continue }
      switch (ours[uid], theirs[uid]) {
      case (let x?, let y?):
        let title = x.title == card.title ? y.title : x.title
        if held[title] == nil && !named(card.title) {
          failures.append("\(card.title): kept by both, not in the merge as \(title)")
        }
      case (nil, let kept?), (let kept?, nil):
        let deletedByOurs = ours[uid] == nil
        if kept.text != card.text && Self.alike(kept, card) && !named(card.title) && !named(kept.title) {
          failures.append("\(card.title): changed by one side, deleted by the other, and no conflict says so")
        } else if deletedByOurs && kept.text == card.text && held[card.title] != nil {
          failures.append("\(card.title): deleted by ours, still in the merge")
        }
      case (nil, nil):
        if held[card.title] != nil { failures.append("\(card.title): deleted by both, still in the merge") }
      }
    }
    return failures
  }

  /// Whether two versions of a card are alike enough for the pairing to take them for one
  /// (`CardSimilarity`): a card renamed to another text altogether is, to a format without ids, one
  /// deleted and another added.
  static func alike(_ a: Card, _ b: Card) -> Bool {
    func text(_ card: Card) -> CardSimilarity.Text {
      let lines = card.text.split(separator: "\n", omittingEmptySubsequences: false)
      var tile = Tile(id: "x", title: card.title)
      if lines.count > 1 {
        tile.extras = [
          JSONField("markdown", .object([JSONField("lines", .array([.string("- " + card.title)] + lines.dropFirst().map { .string(String($0)) }))]))
        ]
      }
      return CardSimilarity.Text(tile)
    }
    return CardSimilarity.similarity(text(a), text(b)) > CardSimilarity.threshold
  }

  /// What the card merge got wrong by the identities it read (its pairing of each side's cards with
  /// the base's): a title held fewer times than the cards both kept make it, or more than those and
  /// the cards added and contested; a card one side changed and the other deleted without a conflict
  /// about it.
  static func failures(
    versions: [Arrangement], format: ArrangementFormat, merged: Arrangement, conflicts: [MergeConflict]
  ) -> [String] {
    let pairings = CardMerge.cardMerge(
      base: versions[0], ours: versions[1], theirs: versions[2], formats: [format, format, format], prefer: .ours,
      outcomes: .none
    ).pairings
    guard pairings.count == 2 else { return [] }
    let baseTiles = pairings[0].baseTiles
    var least: [String: Int] = [:]
    var most: [String: Int] = [:]
    var sides: [[Int: Tile]] = [[:], [:]]
    for (k, pairing) in pairings.enumerated() {
      for (j, i) in pairing.tileMatch.enumerated() {
        if i >= 0 { sides[k][Int(i)] = pairing.otherTiles[j] } else { most[pairing.otherTiles[j].displayTitle, default: 0] += 1 }
      }
    }
    let subjects = Set(conflicts.map(\.subject))
    var failures: [String] = []
    for (i, card) in baseTiles.enumerated() {
      switch (sides[0][i], sides[1][i]) {
      case (let x?, let y?):
        let title = x.displayTitle == card.displayTitle ? y.displayTitle : x.displayTitle
        least[title, default: 0] += 1
        most[title, default: 0] += 1
      case (let kept?, nil), (nil, let kept?):
        most[kept.displayTitle, default: 0] += 1
        if CardText.print(of: kept) != CardText.print(of: card) && !subjects.contains(.tile(card.id)) {
          failures.append("\(card.displayTitle): changed by one side, deleted by the other, and no conflict about it")
        }
      case (nil, nil): break
      }
    }
    var held: [String: Int] = [:]
    for tile in merged.allTiles() { held[tile.displayTitle, default: 0] += 1 }
    for title in Set(least.keys).union(most.keys).union(held.keys).sorted() {
      let n = held[title] ?? 0
      if n < least[title] ?? 0 { failures.append("\(title): \(n) times, both sides kept \(least[title]!)") }
      if n > most[title] ?? 0 { failures.append("\(title): \(n) times, at most \(most[title] ?? 0)") }
    }
    return failures
  }
}

extension ModelBoard {
  /// The board's cards by uid, as `Keeping` reads them.
  var keeping: [Int: Keeping.Card] {
    var cards: [Int: Keeping.Card] = [:]
    for lane in lanes {
      for card in lane.cards { cards[card.uid] = (card.title, ([card.title] + card.notes).joined(separator: "\n"), lane.title) }
    }
    return cards
  }
}

/// The tallies of a run of merges against git, printed at its end.
struct Tally: CustomStringConvertible {
  var runs = 0
  var cleanAndSane = 0
  var cleanNotSane = 0
  var gitConflicts = 0
  var cleanHereOnly = 0

  var description: String {
    "\(runs) runs: git clean and sane \(cleanAndSane) (the same bytes), git clean but not sane \(cleanNotSane), "
      + "git in conflict \(gitConflicts), of which clean here \(cleanHereOnly)"
  }
}

/// The seeds a run takes: TILEGRID_MERGE_RUNS=N and TILEGRID_MERGE_SEED=S run seeds S..<S+N instead of
/// the default 0..<`runs`.
func mergeSeeds(default runs: UInt64) -> Range<UInt64> {
  let environment = ProcessInfo.processInfo.environment
  let count = environment["TILEGRID_MERGE_RUNS"].flatMap { UInt64($0) } ?? runs
  let first = environment["TILEGRID_MERGE_SEED"].flatMap { UInt64($0) } ?? 0
  return first..<(first + count)
}

@Suite("Text boards merged: git's own merge where it is clean and sane, nothing lost where it is not")
struct GitMergeFileTests {
  /// One merge checked against git: the same bytes where git is clean and sane, else the card merge's
  /// board held to `keeping`.
  static func check(
    _ texts: [[UInt8]], format: ArrangementFormat, keeping: Keeping, context: @autoclosure () -> String, _ tally: inout Tally
  ) throws {
    tally.runs += 1
    let git = try gitMergeFile(base: texts[0], ours: texts[1], theirs: texts[2])
    let versions = try texts.map { try MergeVersion.read($0, as: format) }
    let merged = MergeCascade.merge(base: versions[0], ours: versions[1], theirs: versions[2])
    let shown = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self) }
    // The files read while their lines are merged (as `tilegrid merge` runs it): the same merge.
    let read = try MergeCascade.merge(files: texts, formats: [format, format, format]) {
      (k) throws(FormatError) in try MergeVersion.read(texts[k], as: format)
    }
    #expect(
      read.madeBy == merged.madeBy && read.bytes == merged.bytes && read.recorded == merged.recorded,
      "\(context())\n--- read while merged:\n\(shown(read.bytes ?? []))")
    if git.conflicts == 0 {
      let verdict = MergeSanity.check(git.bytes, format: format, versions: versions.map(\.arrangement))
      if verdict.isSane {
        tally.cleanAndSane += 1
        #expect(merged.madeBy == "line merge" && merged.bytes == git.bytes, "\(context())\n--- git:\n\(shown(git.bytes))")
        return
      }
      tally.cleanNotSane += 1
    } else {
      tally.gitConflicts += 1
      if merged.conflicts.isEmpty { tally.cleanHereOnly += 1 }
    }
    #expect(merged.madeBy == "card merge", "\(context())")
    let failures =
      Keeping.failures(
        versions: versions.map(\.arrangement), format: format, merged: merged.arrangement, conflicts: merged.conflicts)
      + keeping.failures(merged.arrangement, merged.conflicts)
    #expect(
      failures.isEmpty,
      "\(context())\n\(failures.joined(separator: "\n"))\nconflicts \(merged.conflicts.map(\.sentence))\n--- merged:\n\(shown(merged.bytes ?? []))")
    // A clean merge records no conflict.
    if merged.conflicts.isEmpty { #expect(merged.recorded.isEmpty, "\(context())") }
  }

  @Test("random boards, random edits on both sides, against git merge-file", arguments: BoardStyle.allCases)
  func againstGit(style: BoardStyle) throws {
    var tally = Tally()
    for seed in mergeSeeds(default: 250) {
      var generator = BoardGenerator(rng: SplitMix64(seed: SplitMix64.seed(seed, UInt64(style.rawValue.count))), style: style)
      let base = generator.board()
      let ours = generator.edit(base)
      let theirs = generator.edit(base)
      let texts = [base, ours, theirs].map { Array(style.text($0).utf8) }
      try Self.check(
        texts, format: style.format, keeping: Keeping(versions: [base.keeping, ours.keeping, theirs.keeping]),
        context: """
          \(style) seed \(seed)
          base   \(base)
          ours   \(ours)
          theirs \(theirs)
          --- base:
          \(String(decoding: texts[0], as: UTF8.self))--- ours:
          \(String(decoding: texts[1], as: UTF8.self))--- theirs:
          \(String(decoding: texts[2], as: UTF8.self))
          """, &tally)
    }
    // The runs must exercise every stage.
    let runs = tally.runs
    #expect(tally.cleanAndSane > runs / 5, "\(tally)")
    #expect(tally.cleanHereOnly > runs / 25, "\(tally)")
    print("\(style): \(tally)")
  }

  @Test("the real boards of the tests, random edits on both sides, against git merge-file")
  func realBoards() throws {
    var tally = Tally()
    let boards = try FileManager.default.contentsOfDirectory(atPath: Self.boardsDirectory.path).sorted()
    for name in boards {
      guard let format = ArrangementFormat(path: name) else { continue }
      let bytes = Array(try Data(contentsOf: Self.boardsDirectory.appendingPathComponent(name)))
      let board = try format.read(bytes)
      // A twentieth of a long run's count on each of the nine boards.
      let seeds = mergeSeeds(default: 40)
      for seed in seeds.lowerBound..<(seeds.lowerBound + max(40, UInt64(seeds.count) / 20)) {
        var rng = SplitMix64(seed: SplitMix64.seed(seed, UInt64(name.utf8.count)))
        var fresh = 0
        let sides = [board, Self.edited(board, &rng, &fresh), Self.edited(board, &rng, &fresh)]
        let texts = [bytes] + sides.dropFirst().map { format.bytes($0).bytes }
        try Self.check(
          texts, format: format, keeping: Keeping(versions: sides.map(Self.keeping)),
          context: "\(name) seed \(seed)\n--- ours:\n\(String(decoding: texts[1], as: UTF8.self))--- theirs:\n\(String(decoding: texts[2], as: UTF8.self))",
          &tally)
      }
    }
    #expect(tally.runs > 0)
    print("real boards: \(tally)")
  }

  static let boardsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Boards")

  /// A board after one to three random edits as the editor makes them (tiles keep their ids: a
  /// card's identity): moves, renames, adds, deletes.
  static func edited(_ board: Arrangement, _ rng: inout SplitMix64, _ fresh: inout Int) -> Arrangement {
    var board = board
    for _ in 0..<rng.int(1...3) {
      let paths = board.sections.indices.flatMap { s in (0..<board.sections[s].count).map { ItemPath(s, $0) } }
      guard !paths.isEmpty else { break }
      let path = rng.element(paths)
      switch rng.int(0...3) {
      case 0:
        let s = rng.int(0...(board.sections.count - 1))
        let count = board.sections[s].count - (s == path.section ? 1 : 0)
        try? board.move(from: path, to: ItemPath(s, rng.int(0...max(0, count))), force: true)
      case 1:
        var tile = board[path]
        tile.title = (tile.displayTitle.isEmpty ? "card" : tile.displayTitle) + (rng.chance(50) ? " (renamed)" : "!")
        _ = board.applyChecked(.setTile(at: path, to: tile))
      case 2:
        fresh += 1
        let s = path.section
        let tile = Tile(id: "fresh-\(fresh)-\(rng.int(0...999))", title: "New card \(fresh)")
        _ = board.applyChecked(.insertTiles([tile], at: [ItemPath(s, rng.int(0...board.sections[s].count))]))
      default:
        _ = board.applyChecked(.deleteTiles(at: [path]))
      }
    }
    return board
  }

  /// A version's cards by tile id, as `Keeping` reads them.
  static func keeping(_ board: Arrangement) -> [Int: Keeping.Card] {
    var cards: [Int: Keeping.Card] = [:]
    for section in board.sections {
      for ref in section.items {
        let tile = board[ref]
        let uid = Self.uid(tile.id)
        var text = [tile.displayTitle]
        if let lines = tile.extras.first(where: { $0.key == "markdown" })?.value.object?.first(where: { $0.key == "lines" })?.value.array {
          text += lines.dropFirst().compactMap(\.string).filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        }
        cards[uid] = (tile.displayTitle, text.joined(separator: "\n"), section.displayTitle)
      }
    }
    return cards
  }

  /// A tile id's number, the same for the same id in every version.
  static func uid(_ id: String) -> Int {
    var h = 0
    for byte in id.utf8 { h = (h &* 31 &+ Int(byte)) & 0x3FFF_FFFF_FFFF }
    return h
  }

  /// Cases found by long runs, minimised, where git's clean board is sane: the merge is git's, byte for
  /// byte, whichever side is ours.
  static let found: [(format: ArrangementFormat, base: String, ours: String, theirs: String, merged: String)] = [
    // Ours added X to A; theirs moved B's X there. Git: the same line added once, theirs' deletion
    // at the old place stands — one X, in A.
    (.lines, "# A\n# B\nF\nX\nR\n", "# A\nX\n# B\nF\nX\nR\n", "# A\nX\n# B\nF\nR\n", "# A\nX\n# B\nF\nR\n"),
    (.lines, "# A\nX\nP\nQ\nR\n", "# A\nP\nQ\nX\nR\n", "# A\nX\nP\nQ\nX\nR\n", "# A\nP\nQ\nX\nR\n"),
    (
      .markdown, "## A\n\n- P\n- Q\n\n## B\n\n- F\n- X\n- R\n", "## A\n\n- P\n- X\n- Q\n\n## B\n\n- F\n- X\n- R\n",
      "## A\n\n- P\n- X\n- Q\n\n## B\n\n- F\n- R\n", "## A\n\n- P\n- X\n- Q\n\n## B\n\n- F\n- R\n"
    ),
    // Ours renamed D to B beside two Bs; theirs added a note under the second B: git reads ours' change
    // as D replaced in place, so the note stays under the card in the second B's place, the third.
    (
      .markdown, "## A\n\n- D\n- B\n- B\n- T\n\n## C\n\n- D\n", "## A\n\n- B\n- B\n- B\n- T\n\n## C\n\n- D\n    > w\n",
      "## A\n\n- D\n- B\n- B\n    > n\n- T\n\n## C\n\n- D\n",
      "## A\n\n- B\n- B\n- B\n    > n\n- T\n\n## C\n\n- D\n    > w\n"
    ),
    // Ours added a plain F just before F and its note; theirs added P just before it.
    (
      .markdown, "## A\n\n- F\n    > c\n- T\n", "## A\n\n- F\n- F\n    > c\n- T\n", "## A\n\n- P\n- F\n    > c\n- T\n",
      "## A\n\n- P\n- F\n- F\n    > c\n- T\n"
    ),
  ]

  @Test("files read while their lines are merged: the first of the readings' errors, base first")
  func readingErrors() throws {
    let good = Array("## A\n\n- one\n- two\n".utf8)
    // A fence never closed is an error; the two say different lines.
    let (bad1, bad2) = (Array("## A\n\n- one\n```\n".utf8), Array("## A\n\n- one\n- two\n\n~~~\n".utf8))
    func error(_ bytes: [UInt8]) -> String {
      do {
        _ = try MergeVersion.read(bytes, as: .markdown)
        return "none"
      } catch {
        return "\(error)"
      }
    }
    #expect(error(bad1) != error(bad2) && error(bad1) != "none")
    for (texts, expected) in [([good, bad1, bad2], error(bad1)), ([bad2, good, bad1], error(bad2)), ([good, good, bad1], error(bad1))] {
      do {
        _ = try MergeCascade.merge(files: texts, formats: [.markdown, .markdown, .markdown]) {
          (k) throws(FormatError) in try MergeVersion.read(texts[k], as: .markdown)
        }
        Issue.record("no error")
      } catch {
        #expect("\(error)" == expected)
      }
    }
  }

  @Test("cases the long random runs found, minimised: git's own board, whichever side is ours")
  func foundCases() throws {
    for (n, c) in Self.found.enumerated() {
      for (ours, theirs) in [(c.ours, c.theirs), (c.theirs, c.ours)] {
        let texts = [c.base, ours, theirs].map { Array($0.utf8) }
        let git = try gitMergeFile(base: texts[0], ours: texts[1], theirs: texts[2])
        #expect(git.conflicts == 0 && git.bytes == Array(c.merged.utf8), "case \(n): git's own merge")
        let versions = try texts.map { try MergeVersion.read($0, as: c.format) }
        let merged = MergeCascade.merge(base: versions[0], ours: versions[1], theirs: versions[2])
        #expect(merged.madeBy == "line merge" && merged.conflicts.isEmpty, "case \(n)")
        #expect(merged.bytes == Array(c.merged.utf8), "case \(n):\n\(String(decoding: merged.bytes ?? [], as: UTF8.self))")
      }
    }
  }
}
