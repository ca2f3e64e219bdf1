// `merge`: three arrangements joined by ids (docs/version-control.md, "merge").
//
// The order rule, for the tiles of a section (and likewise for sections, and for unknown keys):
//
//     base    a b c d e          a tile "moved" by a side is one that side added, put in another
//     ours    b c a d e          section, or that lies outside the longest increasing subsequence of
//     theirs  a b c e d          the tiles it kept in the section (so ours moved a, theirs moved e)
//
//     skeleton  b c d            the tiles neither side moved, in their common order
//     ours      [b c] a d        each moved tile hangs after the skeleton tile before it on its side:
//     theirs    b c d e          a after c (ours), e after d (theirs)
//     merged    b c a d e        each skeleton tile, then ours' tiles hung on it, then theirs'
//
// A tile both sides moved is a conflict unless both hung it on the same skeleton tile of the same
// section; the preferred side's place wins.

extension Arrangement {
  /// Joins two edits of `base` by ids: what only one side changed is taken from it — a tile's
  /// section and its place among the tiles the other side did not move, its keys (unknown ones too,
  /// key by key), added and deleted tiles, and a section's place, keys, addition and deletion; the
  /// layout and the file's keys key by key. What both changed alike is taken once. What both changed
  /// differently is a conflict, resolved toward `prefer` and listed in the result:
  ///
  /// - a tile (or section) both moved, to different places;
  /// - a key both set, to different values;
  /// - a tile (or section) one deleted while the other moved or changed it;
  /// - a section one deleted while the other put a tile in it (it is kept, so that no tile neither
  ///   side deleted is lost).
  ///
  /// The result is always a valid arrangement: every tile that neither side deleted is in it exactly
  /// once. `merge(b, x, b)`, `merge(b, b, x)` and `merge(b, x, x)` are `x`, byte for byte. Policies
  /// (locks, `maxItems`) are the sides' business: the merge joins what they did.
  ///
  /// `join`, when given, is asked first about every unknown key both sides set to different
  /// values (a text format's own object, say, whose lines can be merged line by line): what it
  /// returns is taken, and only when it returns nil is the key a conflict.
  ///
  /// With conflicts, `outcomes` asks for each side's version of them too (`MergeResult.outcomes`),
  /// from the same run: the numbering and order analysis are shared, and `.differing` builds only
  /// the sections where the versions may differ.
  ///
  /// `honouringDeletions` makes the merge the preferred side's version of its conflicts, as a file
  /// that records them offers it: a section that side deleted stays deleted, with the tiles the other
  /// side put in it (the merge itself keeps such a section, so that no tile is lost unasked).
  ///
  /// - Complexity: O(n log n) in the tiles of the three.
  public static func merge(
    base: Arrangement, ours: Arrangement, theirs: Arrangement, prefer: MergeSide = .ours, join: MergeJoiner? = nil,
    outcomes: MergeOutcomes.Extent = .none, honouringDeletions: Bool = false
  ) -> MergeResult {
    var merger = Merger(base: base, ours: ours, theirs: theirs, prefer: prefer, join: join, outcomes: outcomes)
    merger.honoursDeletions = honouringDeletions
    return merger.run()
  }
}

/// Joins the values of one unknown key that both sides of a merge set differently: the subject, the
/// key, and the base's, ours' and theirs' values (nil: absent). Returns the value to take, or nil
/// when they do not join (then the key is a conflict).
public typealias MergeJoiner = (
  _ subject: MergeSubject, _ key: String, _ base: JSONValue?, _ ours: JSONValue?, _ theirs: JSONValue?
) -> JoinedValue?

/// What a `MergeJoiner` takes for a key: a value, or the key removed.
public enum JoinedValue: Sendable, Equatable {
  case value(JSONValue)
  case absent

  var optional: JSONValue? {
    if case .value(let v) = self { return v }
    return nil
  }
}

/// Where an element of a merged list takes its place from.
private enum Placer: UInt8 {
  /// Neither side moved it.
  case skeleton
  case ours
  case theirs
  /// Both moved it alike.
  case both
  /// Not in the result.
  case none

  /// Whether the element takes its place from `side`'s order (the skeleton is in both).
  func placesFrom(_ side: MergeSide) -> Bool {
    switch self {
    case .skeleton, .both: return true
    case .ours: return side == .ours
    case .theirs: return side == .theirs
    case .none: return false
    }
  }
}

/// The three arrangements' tiles (and sections) numbered densely by id, so that everything after the
/// numbering is arrays indexed by number.
private struct Merger {
  let sides: [Arrangement]  // base, ours, theirs
  var prefer: MergeSide
  let join: MergeJoiner?
  let outcomes: MergeOutcomes.Extent
  /// Whether a section the preferred side deleted stays deleted though the other side put a tile in it
  /// (that side's version of the conflict), instead of kept with the tile.
  var honoursDeletions = false
  var conflicts: [MergeConflict] = []
  // The tiles (numbers) a conflict names, and the sections whose keys conflicted.
  var conflictTiles: [Int] = []
  var keyConflictSections: [Int] = []

  static let base = 0
  static let ours = 1
  static let theirs = 2

  // Sections, numbered over the three: for each side, the number of each of its sections, and for
  // each number the index in each side (-1: not there).
  var sectionNumbers: [[Int32]] = [[], [], []]
  var sectionIndex: [[Int32]] = [[], [], []]
  var sectionIDs: [String] = []

  // Tiles, numbered over the three: for each side, the numbers of each section's tiles in order; for
  // each number its section number and place on each side (-1: not there) and its store reference.
  var tileNumbers: [[[Int32]]] = [[], [], []]
  var tileSection: [[Int32]] = [[], [], []]
  var tilePlace: [[Int32]] = [[], [], []]
  var tileRef: [[Int32]] = [[], [], []]
  var tileCount = 0

  init(
    base: Arrangement, ours: Arrangement, theirs: Arrangement, prefer: MergeSide, join: MergeJoiner?,
    outcomes: MergeOutcomes.Extent
  ) {
    sides = [base, ours, theirs]
    self.prefer = prefer
    self.join = join
    self.outcomes = outcomes
  }

  func has(_ side: Int, tile e: Int) -> Bool { tileSection[side][e] >= 0 }
  func tile(_ side: Int, _ e: Int) -> Tile { sides[side].tiles[ref(side, e)] }
  func ref(_ side: Int, _ e: Int) -> TileRef { TileRef(Int(tileRef[side][e])) }
  func has(_ side: Int, section c: Int) -> Bool { sectionIndex[side][c] >= 0 }
  func section(_ side: Int, _ c: Int) -> Section { sides[side].sections[Int(sectionIndex[side][c])] }
  var preferred: Int { prefer == .ours ? Self.ours : Self.theirs }

  mutating func run() -> MergeResult {
    numberSections()
    numberTiles()
    let sectionOrder = OrderAnalysis(
      count: sectionIDs.count, lists: sectionNumbers.map { [$0] }, groupOf: sectionIndex.map { $0.map { $0 >= 0 ? 0 : -1 } })
    let tileOrder = OrderAnalysis(count: tileCount, lists: tileNumbers, groupOf: tileSection)
    let decided = decide(sectionOrder, tileOrder)
    let built = build(decided, merging: { _ in true }, others: { _ in [] })
    let layout = mergedLayout()
    let extras = mergedExtras()
    let arrangement = Arrangement(version: sides[1].version, layout: layout, sections: built, extras: extras)
    guard !conflicts.isEmpty && outcomes != .none else { return MergeResult(arrangement: arrangement, conflicts: conflicts) }
    // Each side's version of the conflicts: the numbering and the order analysis are the same; only
    // the decisions at conflicts differ.
    var versions: [Merger] = []
    var decisions: [Decisions] = []
    for side in [MergeSide.ours, .theirs] {
      var version = self
      version.prefer = side
      version.honoursDeletions = true
      version.conflicts = []
      decisions.append(version.decide(sectionOrder, tileOrder))
      versions.append(version)
    }
    let differs = differingSections(decided, decisions, built)
    var mine: [Int: [Tile]] = [:]
    if outcomes == .whole {
      for (k, c) in decided.order.enumerated() where !differs[c] { mine[c] = built[k].1 }
    }
    var sideArrangements: [Arrangement] = []
    for k in 0..<2 {
      let sections = versions[k].build(decisions[k], merging: { differs[$0] }, others: { mine[$0] ?? [] })
      sideArrangements.append(
        Arrangement(
          version: sides[1].version, layout: versions[k].mergedLayout(), sections: sections,
          extras: versions[k].mergedExtras()))
    }
    var result = arrangement
    if outcomes == .differing {
      // The same sections emptied here, sharing the store: the store may hold tiles no section does.
      for (s, c) in decided.order.enumerated() where !differs[c] { result.sections[s].items = [] }
      result.tileCount = result.sections.reduce(0) { $0 + $1.count }
    }
    return MergeResult(
      arrangement: arrangement, conflicts: conflicts,
      outcomes: MergeOutcomes(
        result: result, ours: sideArrangements[0], theirs: sideArrangements[1], isWhole: outcomes == .whole))
  }

  /// What the merge toward `prefer` decides before it builds: which sections stay, and for each tile
  /// its merged section (-1: none) and whose place it takes; the sections' merged order.
  struct Decisions {
    var sectionKept: [Bool]
    var mergedSection: [Int32]
    var placer: [Placer]
    var order: [Int]
  }

  /// Decides which sections and tiles survive, where, and the sections' order, recording the
  /// conflicts met on the way.
  mutating func decide(_ sectionOrder: OrderAnalysis, _ tileOrder: OrderAnalysis) -> Decisions {
    // 1. Which sections survive, before the tiles (a section kept against a deletion keeps the tiles
    //    that went with it), and their keys.
    var sectionKept = [Bool](repeating: false, count: sectionIDs.count)
    var overruled = [[Bool]](repeating: [Bool](repeating: false, count: sectionIDs.count), count: 3)
    for c in sectionIDs.indices {
      let (x, y) = (has(Self.ours, section: c), has(Self.theirs, section: c))
      guard has(Self.base, section: c) else {
        sectionKept[c] = true
        continue
      }
      if x && y {
        sectionKept[c] = true
      } else if x || y {
        let keeper = x ? Self.ours : Self.theirs
        let changedKeys = !section(keeper, c).fieldsAreExactly(section(Self.base, c))
        let moved = sectionOrder.moved[keeper][c]
        if changedKeys || moved {
          let deleter: MergeSide = x ? .theirs : .ours
          let change = moved && changedKeys ? "moved and changed" : moved ? "moved" : "changed"
          conflicts.append(MergeConflict(.section(sectionIDs[c]), .deleted(by: deleter, change: change), took: prefer))
          if keeper == preferred {
            sectionKept[c] = true
            overruled[x ? Self.theirs : Self.ours][c] = true
          }
        }
      }
    }

    // 2. The tiles: which survive, with which keys, in which section and from whose place.
    var mergedSection = [Int32](repeating: -1, count: tileCount)
    var placer = [Placer](repeating: .none, count: tileCount)
    for e in 0..<tileCount {
      decideTile(e, tileOrder, overruled, &mergedSection, &placer)
    }
    // A section deleted on one side stays when a tile ends in it — but for the version of the side
    // that deleted it, which has neither.
    for e in 0..<tileCount where mergedSection[e] >= 0 {
      let c = Int(mergedSection[e])
      if !sectionKept[c] {
        let deleter: MergeSide = has(Self.ours, section: c) ? .theirs : .ours
        if honoursDeletions && deleter == prefer {
          mergedSection[e] = -1
          placer[e] = .none
          continue
        }
        sectionKept[c] = true
        // One line per conflict, saying what the file has: a deletion already reported for the
        // section (as taken) is now kept.
        if let k = conflicts.firstIndex(where: { $0.subject == .section(sectionIDs[c]) }),
          case .deleted = conflicts[k].kind
        {
          conflicts[k].took = deleter.other
          continue
        }
        conflicts.append(
          MergeConflict(
            .section(sectionIDs[c]), .keptForTile(deletedBy: deleter, tile: tile(placerSide(placer[e]), e).id),
            took: deleter.other))
      }
    }

    // 3. The sections in order.
    let (order, disagreements) = sectionOrder.merge(
      group: 0, keep: { sectionKept[$0] }, prefer: prefer)
    for c in disagreements {
      conflicts.append(
        MergeConflict(
          .section(sectionIDs[c]),
          .moved(ours: "\(sectionIndex[Self.ours][c])", theirs: "\(sectionIndex[Self.theirs][c])"), took: prefer))
    }
    return Decisions(sectionKept: sectionKept, mergedSection: mergedSection, placer: placer, order: order)
  }

  /// The sections in order, each with its tiles in order: those `merging` says (by section number),
  /// merged; the others' from `others`.
  mutating func build(_ d: Decisions, merging: (Int) -> Bool, others: (Int) -> [Tile]) -> [(Section, [Tile])] {
    var built: [(Section, [Tile])] = []
    built.reserveCapacity(d.order.count)
    var emitted = [Bool](repeating: false, count: tileCount)
    for c in d.order {
      let fields = mergedSectionFields(c)
      guard merging(c) else {
        built.append((fields, others(c)))
        continue
      }
      let ours = has(Self.ours, section: c) ? tileNumbers[Self.ours][Int(sectionIndex[Self.ours][c])] : []
      let theirs = has(Self.theirs, section: c) ? tileNumbers[Self.theirs][Int(sectionIndex[Self.theirs][c])] : []
      let numbers = OrderAnalysis.joinRuns(
        ours: ours.filter { d.mergedSection[Int($0)] == Int32(c) && d.placer[Int($0)].placesFrom(.ours) },
        theirs: theirs.filter { d.mergedSection[Int($0)] == Int32(c) && d.placer[Int($0)].placesFrom(.theirs) },
        isSkeleton: { d.placer[$0] == .skeleton }, emitted: &emitted)
      built.append((fields, numbers.map { mergedTile(Int($0)) }))
    }
    return built
  }

  /// The file's keys, merged key by key (the last step, after the layout).
  mutating func mergedExtras() -> [JSONField] {
    var fileConflicts: [MergeConflict] = []
    let extras = Self.mergeExtras(
      sides[0].extras, sides[1].extras, sides[2].extras, subject: .file, prefer: prefer, join: join, &fileConflicts)
    conflicts += fileConflicts
    return extras
  }

  /// Per section number: whether the merge (`mine`, built as `built`) and the sides' versions
  /// (`others`) may have the section differently — kept by one only, a tile of it decided differently
  /// (its section or whose place it takes), its keys conflicting — or whether it holds a tile a
  /// conflict names (the file may keep both of its versions) or more tiles than its `maxItems` (the
  /// diff orders the moves by the sections' room). The others are the same in all, tile for tile, and
  /// as full: `Arrangement.diff` finds nothing in them and does nothing with their tiles.
  func differingSections(_ mine: Decisions, _ others: [Decisions], _ built: [(Section, [Tile])]) -> [Bool] {
    var differs = [Bool](repeating: false, count: sectionIDs.count)
    for other in others {
      for c in sectionIDs.indices where mine.sectionKept[c] != other.sectionKept[c] { differs[c] = true }
      for e in 0..<tileCount where mine.mergedSection[e] != other.mergedSection[e] || mine.placer[e] != other.placer[e] {
        for c in [mine.mergedSection[e], other.mergedSection[e]] where c >= 0 { differs[Int(c)] = true }
      }
      for e in conflictTiles {
        for c in [mine.mergedSection[e], other.mergedSection[e]] where c >= 0 { differs[Int(c)] = true }
      }
    }
    for c in keyConflictSections { differs[c] = true }
    for (k, c) in mine.order.enumerated() {
      if let limit = built[k].0.maxItems, built[k].1.count > limit { differs[c] = true }
    }
    return differs
  }

  func placerSide(_ p: Placer) -> Int { p == .theirs ? Self.theirs : Self.ours }

  // MARK: Numbering

  mutating func numberSections() {
    var byID: [ExactString: Int32] = [:]
    for side in 0..<3 {
      for section in sides[side].sections {
        let key = ExactString(section.id)
        let c: Int32
        if let known = byID[key] {
          c = known
        } else {
          c = Int32(sectionIDs.count)
          byID[key] = c
          sectionIDs.append(section.id)
        }
        sectionNumbers[side].append(c)
      }
    }
    for side in 0..<3 {
      sectionIndex[side] = [Int32](repeating: -1, count: sectionIDs.count)
      for (s, c) in sectionNumbers[side].enumerated() { sectionIndex[side][Int(c)] = Int32(s) }
    }
  }

  mutating func numberTiles() {
    // The base's tiles are numbered in reading order; each side's are paired with the base's by id
    // (`TileMatching`), and the ones the base does not have get new numbers (shared when both sides
    // added the same id).
    let refs = sides.map(TileMatching.readingOrder)
    var numbers: [[Int32]] = [(0..<refs[0].count).map { Int32($0) }, [], []]
    tileCount = refs[0].count
    var added: [ExactString: Int32] = [:]
    for side in 1...2 {
      var matched = TileMatching.match(sides[0], refs[0], sides[side], refs[side])
      for (j, k) in matched.enumerated() where k < 0 {
        let key = ExactString(sides[side].tiles[refs[side][j]].id)
        if let e = added[key] {
          matched[j] = e
        } else {
          matched[j] = Int32(tileCount)
          added[key] = Int32(tileCount)
          tileCount += 1
        }
      }
      numbers[side] = matched
    }
    for side in 0..<3 {
      var start = 0
      tileNumbers[side] = sides[side].sections.map { section in
        defer { start += section.count }
        return Array(numbers[side][start..<(start + section.count)])
      }
    }
    for side in 0..<3 {
      var sectionOf = [Int32](repeating: -1, count: tileCount)
      var placeOf = [Int32](repeating: -1, count: tileCount)
      var refOf = [Int32](repeating: -1, count: tileCount)
      for (s, list) in tileNumbers[side].enumerated() {
        let c = sectionNumbers[side][s]
        let items = sides[side].sections[s].items
        for (i, e) in list.enumerated() {
          sectionOf[Int(e)] = c
          placeOf[Int(e)] = Int32(i)
          refOf[Int(e)] = items[i].index
        }
      }
      tileSection[side] = sectionOf
      tilePlace[side] = placeOf
      tileRef[side] = refOf
    }
  }

  // MARK: Tiles

  /// Decides whether tile `e` survives, in which section, and whose place it takes.
  mutating func decideTile(
    _ e: Int, _ order: OrderAnalysis, _ overruled: [[Bool]], _ mergedSection: inout [Int32], _ placer: inout [Placer]
  ) {
    let (b, x, y) = (has(Self.base, tile: e), has(Self.ours, tile: e), has(Self.theirs, tile: e))
    let movedX = order.moved[Self.ours][e]
    let movedY = order.moved[Self.theirs][e]
    // Survival.
    if b && !(x && y) {
      guard x || y else { return }
      let keeper = x ? Self.ours : Self.theirs
      let deleter = x ? Self.theirs : Self.ours
      if !overruled[deleter][Int(tileSection[Self.base][e])] {
        let moved = order.moved[keeper][e]
        let changed = !tile(keeper, e).isExactly(tile(Self.base, e))
        guard moved || changed else { return }
        let deleterSide: MergeSide = deleter == Self.ours ? .ours : .theirs
        let change = moved && changed ? "moved and changed" : moved ? "moved" : "changed"
        conflicts.append(MergeConflict(.tile(tile(keeper, e).id), .deleted(by: deleterSide, change: change), took: prefer))
        conflictTiles.append(e)
        guard keeper == preferred else { return }
      }
    }
    // Place.
    if order.skeleton[e] {
      mergedSection[e] = tileSection[Self.base][e]
      placer[e] = .skeleton
    } else if x && y && movedX && movedY {
      if tileSection[Self.ours][e] == tileSection[Self.theirs][e]
        && order.skeletonBefore[Self.ours][e] == order.skeletonBefore[Self.theirs][e]
      {
        mergedSection[e] = tileSection[Self.ours][e]
        placer[e] = .both
      } else {
        let (ours, theirs) = (place(Self.ours, e), place(Self.theirs, e))
        conflicts.append(
          MergeConflict(.tile(tile(Self.ours, e).id), b ? .moved(ours: ours, theirs: theirs) : .added(ours: ours, theirs: theirs), took: prefer))
        conflictTiles.append(e)
        mergedSection[e] = tileSection[preferred][e]
        placer[e] = prefer == .ours ? .ours : .theirs
      }
    } else if x && (movedX || !y) {
      mergedSection[e] = tileSection[Self.ours][e]
      placer[e] = .ours
    } else {
      mergedSection[e] = tileSection[Self.theirs][e]
      placer[e] = .theirs
    }
  }

  /// `archive:2`: where tile `e` is on `side`.
  func place(_ side: Int, _ e: Int) -> String {
    "\(ScriptPlace(sectionIDs[Int(tileSection[side][e])], Int(tilePlace[side][e])))"
  }

  /// Tile `e` as the merge has it: one side's when only it has the tile or the other's is the base's,
  /// else key by key.
  mutating func mergedTile(_ e: Int) -> Tile {
    let (x, y) = (has(Self.ours, tile: e), has(Self.theirs, tile: e))
    guard x && y else { return tile(x ? Self.ours : Self.theirs, e) }
    // Nearly every tile is written the same on both sides: compared without building it twice.
    if sides[Self.ours].tiles.isExactly(ref(Self.ours, e), sides[Self.theirs].tiles, ref(Self.theirs, e)) {
      return tile(Self.ours, e)
    }
    let ours = tile(Self.ours, e)
    let theirs = tile(Self.theirs, e)
    if ours.isExactly(theirs) { return ours }
    let base = has(Self.base, tile: e) ? tile(Self.base, e) : Tile(id: ours.id)
    if base.isExactly(ours) { return theirs }
    if base.isExactly(theirs) { return ours }
    let before = conflicts.count
    defer { if conflicts.count > before { conflictTiles.append(e) } }
    return Self.mergeKeys(Self.tileKeys, base: base, ours: ours, theirs: theirs, subject: .tile(ours.id), prefer: prefer, join: join, &conflicts)
  }

  mutating func mergedSectionFields(_ c: Int) -> Section {
    let (x, y) = (has(Self.ours, section: c), has(Self.theirs, section: c))
    guard x && y else { return section(x ? Self.ours : Self.theirs, c).fields }
    let ours = section(Self.ours, c).fields
    let theirs = section(Self.theirs, c).fields
    if ours.fieldsAreExactly(theirs) { return ours }
    let base = has(Self.base, section: c) ? section(Self.base, c).fields : Section(id: ours.id)
    if base.fieldsAreExactly(ours) { return theirs }
    if base.fieldsAreExactly(theirs) { return ours }
    let before = conflicts.count
    defer { if conflicts.count > before { keyConflictSections.append(c) } }
    return Self.mergeKeys(
      Self.sectionKeys, base: base, ours: ours, theirs: theirs, subject: .section(ours.id), prefer: prefer, join: join, &conflicts)
  }

  mutating func mergedLayout() -> LayoutSpec? {
    let (b, x, y) = (sides[0].layoutSpec, sides[1].layoutSpec, sides[2].layoutSpec)
    if exactlyEqual(x, y) || exactlyEqual(b, y) { return x }
    if exactlyEqual(b, x) { return y }
    guard let x, let y else {
      // One side removed the layout object, the other changed it.
      let remover: MergeSide = x == nil ? .ours : .theirs
      conflicts.append(MergeConflict(.layout, .deleted(by: remover, change: "changed"), took: prefer))
      return prefer == .ours ? x : y
    }
    return Self.mergeKeys(Self.layoutKeys, base: b ?? LayoutSpec(), ours: x, theirs: y, subject: .layout, prefer: prefer, join: join, &conflicts)
  }

  // MARK: Keys

  /// A known key of a record: how to compare it, copy it from another record, and show its value.
  struct Key<Record>: Sendable {
    let name: String
    let equal: @Sendable (Record, Record) -> Bool
    let copy: @Sendable (Record, inout Record) -> Void
    let value: @Sendable (Record) -> JSONValue?
  }

  static func text(_ value: JSONValue?) -> String { value?.compactText ?? "absent" }

  static func number(_ n: Int?) -> JSONValue? { n.map { .number(String($0)) } }

  static let tileKeys: [Key<Tile>] = [
    Key(name: "title", equal: { exactlyEqual($0.title, $1.title) }, copy: { $1.title = $0.title }, value: { $0.title.map(JSONValue.string) }),
    Key(name: "color", equal: { exactlyEqual($0.color, $1.color) }, copy: { $1.color = $0.color }, value: { $0.color.map { .string($0.spelling) } }),
    Key(name: "locked", equal: { $0.locked == $1.locked }, copy: { $1.locked = $0.locked }, value: { $0.locked.map(JSONValue.bool) }),
    Key(name: "width", equal: { $0.width == $1.width }, copy: { $1.width = $0.width }, value: { number($0.width) }),
  ]

  static let sectionKeys: [Key<Section>] = [
    Key(name: "title", equal: { exactlyEqual($0.title, $1.title) }, copy: { $1.title = $0.title }, value: { $0.title.map(JSONValue.string) }),
    Key(name: "maxItems", equal: { $0.maxItems == $1.maxItems }, copy: { $1.maxItems = $0.maxItems }, value: { number($0.maxItems) }),
    Key(name: "locked", equal: { $0.locked == $1.locked }, copy: { $1.locked = $0.locked }, value: { $0.locked.map(JSONValue.bool) }),
  ]

  static func sizeValue(_ s: LayoutSpec.SizeSpec?) -> JSONValue? {
    s.map { s in .object([("width", number(s.width)), ("height", number(s.height))].compactMap { k, v in v.map { JSONField(k, $0) } } + s.extras) }
  }

  static func insetsValue(_ s: LayoutSpec.InsetsSpec?) -> JSONValue? {
    s.map { s in
      .object(
        [("top", number(s.top)), ("left", number(s.left)), ("bottom", number(s.bottom)), ("right", number(s.right))]
          .compactMap { k, v in v.map { JSONField(k, $0) } } + s.extras)
    }
  }

  static let layoutKeys: [Key<LayoutSpec>] = [
    Key(name: "direction", equal: { $0.direction == $1.direction }, copy: { $1.direction = $0.direction }, value: { $0.direction.map { .string($0.rawValue) } }),
    Key(name: "itemSize", equal: { exactlyEqual($0.itemSize, $1.itemSize) }, copy: { $1.itemSize = $0.itemSize }, value: { sizeValue($0.itemSize) }),
    Key(name: "lineSpacing", equal: { $0.lineSpacing == $1.lineSpacing }, copy: { $1.lineSpacing = $0.lineSpacing }, value: { number($0.lineSpacing) }),
    Key(name: "interitemSpacing", equal: { $0.interitemSpacing == $1.interitemSpacing }, copy: { $1.interitemSpacing = $0.interitemSpacing }, value: { number($0.interitemSpacing) }),
    Key(name: "sectionInset", equal: { exactlyEqual($0.sectionInset, $1.sectionInset) }, copy: { $1.sectionInset = $0.sectionInset }, value: { insetsValue($0.sectionInset) }),
    Key(name: "headerHeight", equal: { $0.headerHeight == $1.headerHeight }, copy: { $1.headerHeight = $0.headerHeight }, value: { number($0.headerHeight) }),
    Key(name: "alignment", equal: { $0.alignment == $1.alignment }, copy: { $1.alignment = $0.alignment }, value: { $0.alignment.map { .string($0.rawValue) } }),
  ]

  /// A record merged key by key: each known key from the side that changed it, or the preferred side
  /// when both changed it differently; then the unknown keys (`mergeExtras`).
  static func mergeKeys<Record>(
    _ keys: [Key<Record>], base: Record, ours: Record, theirs: Record, subject: MergeSubject, prefer: MergeSide,
    join: MergeJoiner?, _ conflicts: inout [MergeConflict]
  ) -> Record where Record: HasExtras {
    var result = ours
    for key in keys {
      if key.equal(ours, theirs) || key.equal(base, theirs) { continue }
      if key.equal(base, ours) {
        key.copy(theirs, &result)
        continue
      }
      conflicts.append(
        MergeConflict(subject, .key(key.name, ours: text(key.value(ours)), theirs: text(key.value(theirs))), took: prefer))
      if prefer == .theirs { key.copy(theirs, &result) }
    }
    result.extras = mergeExtras(
      base.extras, ours.extras, theirs.extras, subject: subject, prefer: prefer, join: join, &conflicts)
    return result
  }

  /// Unknown keys merged key by key (`join` asked first about a key both changed differently), and
  /// their order as the tiles' order is merged.
  static func mergeExtras(
    _ base: [JSONField], _ ours: [JSONField], _ theirs: [JSONField], subject: MergeSubject, prefer: MergeSide,
    join: MergeJoiner?, _ conflicts: inout [MergeConflict]
  ) -> [JSONField] {
    if ours.isExactly(theirs) || base.isExactly(theirs) { return ours }
    if base.isExactly(ours) { return theirs }
    var keys: [String] = []
    var number: [ExactString: Int32] = [:]
    let lists = [base, ours, theirs].map { fields in
      fields.map { field -> Int32 in
        let k = ExactString(field.key)
        if let n = number[k] { return n }
        number[k] = Int32(keys.count)
        keys.append(field.key)
        return Int32(keys.count - 1)
      }
    }
    var values: [JSONValue?] = []
    for key in keys {
      let (b, x, y) = (base.value(of: key), ours.value(of: key), theirs.value(of: key))
      if exactlyEqual(x, y) || exactlyEqual(b, y) {
        values.append(x)
      } else if exactlyEqual(b, x) {
        values.append(y)
      } else if let joined = join?(subject, key, b, x, y) {
        values.append(joined.optional)
      } else {
        conflicts.append(MergeConflict(subject, .key(key, ours: text(x), theirs: text(y)), took: prefer))
        values.append(prefer == .ours ? x : y)
      }
    }
    var groupOf = [[Int32]](repeating: [Int32](repeating: -1, count: keys.count), count: 3)
    for side in 0..<3 { for n in lists[side] { groupOf[side][Int(n)] = 0 } }
    let analysis = OrderAnalysis(count: keys.count, lists: lists.map { [$0] }, groupOf: groupOf)
    let (order, disagreements) = analysis.merge(group: 0, keep: { values[$0] != nil }, prefer: prefer)
    if !disagreements.isEmpty { conflicts.append(MergeConflict(subject, .keyOrder, took: prefer)) }
    return order.map { JSONField(keys[$0], values[$0]!) }
  }
}

/// Records with unknown keys, merged key by key.
protocol HasExtras {
  var extras: [JSONField] { get set }
}

extension Tile: HasExtras {}
extension Section: HasExtras {}
extension LayoutSpec: HasExtras {}

/// The moves each side made in lists of numbered elements, relative to the base (side 0): which
/// elements each side moved, which neither did (the skeleton), and on each side the skeleton
/// element before each element of its list.
///
/// Elements sit in groups (a tile's section; one group for sections and for keys): `lists[side][g]`
/// is group `g`'s elements in order on that side, `groupOf[side][e]` the group element `e` is in
/// there (-1: not there).
struct OrderAnalysis {
  /// Per side (1 and 2): whether the side moved the element — added it, put it in another group, or
  /// left it outside the longest increasing subsequence of the base's order among what it kept in
  /// the group.
  var moved: [[Bool]]
  /// Elements both sides kept where the base had them.
  var skeleton: [Bool]
  /// Per side: the skeleton element before the element in its group on that side (-1: none).
  var skeletonBefore: [[Int32]]
  let lists: [[[Int32]]]
  let groupOf: [[Int32]]

  init(count: Int, lists: [[[Int32]]], groupOf: [[Int32]]) {
    self.lists = lists
    self.groupOf = groupOf
    // Per side (1 and 2), each element's place in its group there.
    var place = [[Int32]](repeating: [], count: 3)
    for side in 1...2 {
      place[side] = [Int32](repeating: -1, count: count)
      for list in lists[side] {
        for (i, e) in list.enumerated() { place[side][Int(e)] = Int32(i) }
      }
    }
    var kept = [[Bool]](repeating: [Bool](repeating: false, count: count), count: 3)
    // Per base group, the longest run of its elements each side kept in the same group in the same
    // order: those the side did not move. Of several such runs, the one keeping the most of the
    // elements the other side took out of the group (deleted, or put in another): a side that swapped
    // two neighbours moved whichever of them the other side did not touch, so that the two changes
    // join (x y z → y x z beside x moved away is "y to the top", not a second move of x); beyond
    // that, the latest elements (x y z → y x z alone moved x).
    for side in 1...2 {
      let other = 3 - side
      for g in lists[0].indices {
        // The elements of this base group still in the same group on this side, in base order.
        var stayers: [Int32] = []
        var places: [Int32] = []
        var preferred: [Bool] = []
        for e in lists[0][g] where groupOf[side][Int(e)] == groupOf[0][Int(e)] {
          stayers.append(e)
          places.append(place[side][Int(e)])
          preferred.append(groupOf[other][Int(e)] != groupOf[0][Int(e)])
        }
        // Kept as they were: all of them.
        if zip(places, places.dropFirst()).allSatisfy({ $0 < $1 }) {
          for e in stayers { kept[side][Int(e)] = true }
          continue
        }
        for i in Sequences.latestLongestIncreasing(places, preferring: preferred) {
          kept[side][Int(stayers[i])] = true
        }
      }
    }
    moved = (1...2).reduce(into: [[], [], []]) { moved, side in
      moved[side] = (0..<count).map { groupOf[side][$0] >= 0 && !kept[side][$0] }
    }
    skeleton = (0..<count).map { kept[1][$0] && kept[2][$0] }
    skeletonBefore = [[], [], []]
    for side in 1...2 {
      var before = [Int32](repeating: -1, count: count)
      for list in lists[side] {
        var last: Int32 = -1
        for e in list {
          before[Int(e)] = last
          if skeleton[Int(e)] { last = e }
        }
      }
      skeletonBefore[side] = before
    }
  }

  /// The merged order of group `group` (one list: sections, keys) of the elements `keep` keeps, and
  /// the elements both sides moved to different places (placed as `prefer` has them).
  func merge(group: Int, keep: (Int) -> Bool, prefer: MergeSide) -> (order: [Int], disagreements: [Int]) {
    let count = skeleton.count
    var placer = [Placer](repeating: .none, count: count)
    var disagreements: [Int] = []
    for e in 0..<count where keep(e) {
      let x = groupOf[1][e] >= 0
      let y = groupOf[2][e] >= 0
      if skeleton[e] {
        placer[e] = .skeleton
      } else if x && y && moved[1][e] && moved[2][e] {
        if skeletonBefore[1][e] == skeletonBefore[2][e] {
          placer[e] = .both
        } else {
          disagreements.append(e)
          placer[e] = prefer == .ours ? .ours : .theirs
        }
      } else if x && (moved[1][e] || !y) {
        placer[e] = .ours
      } else {
        placer[e] = .theirs
      }
    }
    var emitted = [Bool](repeating: false, count: count)
    let ours = lists[1].isEmpty ? [] : lists[1][group].filter { placer[Int($0)].placesFrom(.ours) }
    let theirs = lists[2].isEmpty ? [] : lists[2][group].filter { placer[Int($0)].placesFrom(.theirs) }
    let order = Self.joinRuns(ours: ours, theirs: theirs, isSkeleton: { placer[$0] == .skeleton }, emitted: &emitted)
    return (order.map { Int($0) }, disagreements)
  }

  /// Two orders of one list joined: both hold the same skeleton elements in the same order; after
  /// each skeleton element (and before the first) come ours' other elements up to the next one, then
  /// theirs' (those not already placed, as an element both moved alike is in both).
  static func joinRuns(ours: [Int32], theirs: [Int32], isSkeleton: (Int) -> Bool, emitted: inout [Bool]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(max(ours.count, theirs.count))
    func emit(_ run: ArraySlice<Int32>) {
      for e in run where !emitted[Int(e)] {
        emitted[Int(e)] = true
        result.append(e)
      }
    }
    var i = 0
    var j = 0
    while true {
      let (i0, j0) = (i, j)
      while i < ours.count && !isSkeleton(Int(ours[i])) { i += 1 }
      while j < theirs.count && !isSkeleton(Int(theirs[j])) { j += 1 }
      emit(ours[i0..<i])
      emit(theirs[j0..<j])
      guard i < ours.count && j < theirs.count else { break }
      precondition(ours[i] == theirs[j], "both sides hold the skeleton in the same order")
      emitted[Int(ours[i])] = true
      result.append(ours[i])
      i += 1
      j += 1
    }
    precondition(i == ours.count && j == theirs.count, "both sides hold the same skeleton")
    return result
  }
}
