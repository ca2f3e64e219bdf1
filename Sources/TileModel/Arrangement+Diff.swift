// `diff`: the edit script between two arrangements (docs/version-control.md, "diff").

extension Arrangement {
  /// The script that turns `old` into `new`, by ids: applied to `old` (`apply(_:force:)`, with `force`)
  /// it gives `new` exactly, byte for byte in canonical form; empty exactly when the two are written
  /// the same.
  ///
  /// The fewest moves: a tile that changed section moves once; within a section, the tiles that stay
  /// in it and keep their order are a longest increasing subsequence of their places in `new` taken in
  /// their order in `old`, and only the others move. Sections likewise. Among the longest, the one
  /// holding the most tiles (sections) locked in both is taken, so a policy refuses no move that
  /// another script of as few moves avoids. The lines come in an order
  /// that applies cleanly, and that the policies refuse as little as the two files allow:
  ///
  /// 1. `set-file` and `set-layout`;
  /// 2. keys that loosen a policy: a lock taken off a tile or section, a section's `maxItems` raised
  ///    or removed;
  /// 3. `delete` (tiles whose section stays; a deleted section's tiles go with it, step 7);
  /// 4. `move-section` (the old sections that stay, into the new order);
  /// 5. `add-section` (a new section that receives tiles comes without its lock, and without a
  ///    `maxItems` it is over; both are set in step 9);
  /// 6. `move` and `add`, section by section in the new order (but a section the tiles coming in
  ///    would fill past its `maxItems` after the sections its leaving tiles go to, when that can be),
  ///    place by place: each tile goes just after the tile that precedes it in `new`, which is
  ///    already in place; when no order of whole sections keeps within the limits, one tile at a
  ///    time, each into the free place the move before it left, whenever some order can;
  /// 7. `delete-section`, its surviving tiles moved out by then;
  /// 8. the other keys of sections and tiles, in reading order;
  /// 9. keys that tighten a policy: locks put on, `maxItems` set or lowered.
  ///
  /// A policy still refuses what the two files make unavoidable, such as moving a tile locked in both.
  ///
  /// - Complexity: O(n log n) in the tiles of both; O(S²) in the sections.
  ///
  /// `moving` names tiles and sections to move rather than others where a script of as few moves can
  /// (a merge's conflicted ones, so that the edits that take a side's version of a conflict name it):
  /// those not in it count as preferred to stay, as the locked ones do.
  public static func diff(_ old: Arrangement, _ new: Arrangement, moving: MergeSubjects = MergeSubjects()) -> [ScriptEdit] {
    var builder = DiffBuilder(old: old, new: new, moving: moving)
    return builder.script()
  }
}

/// Tiles and sections by id, for `Arrangement.diff(_:_:moving:)`.
public struct MergeSubjects: Sendable {
  var tiles: Set<ExactString> = []
  var sections: Set<ExactString> = []

  public init() {}

  public init(_ subjects: some Sequence<MergeSubject>) {
    for subject in subjects {
      switch subject {
      case .tile(let id): tiles.insert(ExactString(id))
      case .section(let id): sections.insert(ExactString(id))
      case .layout, .file: break
      }
    }
  }

  var isEmpty: Bool { tiles.isEmpty && sections.isEmpty }
}

/// The parts of `Arrangement.diff`, in the order of its steps.
private struct DiffBuilder {
  let old: Arrangement
  let new: Arrangement
  var moving = MergeSubjects()

  // Old tiles by their index in reading order: store reference, section, place, and the new tile
  // with the same id (-1: none). New tiles likewise.
  var oldRefs: [TileRef] = []
  var oldSection: [Int32] = []
  var oldPlace: [Int32] = []
  var oldMatch: [Int32] = []
  var newRefs: [TileRef] = []
  var newMatch: [Int32] = []
  /// Old tiles that stay in their section without moving.
  var anchor: [Bool] = []
  /// For each old section, the new one with its id (-1: none); and back.
  var sectionInNew: [Int] = []
  var sectionInOld: [Int] = []

  /// How many new tiles `sectionChanges` has visited, in reading order.
  var visited = 0

  var head: [ScriptEdit] = []
  var loosen: [ScriptEdit] = []
  var middle: [ScriptEdit] = []
  var tighten: [ScriptEdit] = []

  init(old: Arrangement, new: Arrangement, moving: MergeSubjects) {
    self.old = old
    self.new = new
    self.moving = moving
  }

  mutating func script() -> [ScriptEdit] {
    // Step 1.
    for (key, value) in Self.changes(old.extras, new.extras) { head.append(.setFile(key: key, value)) }
    layoutChanges()
    matchSections()
    matchTiles()
    findAnchors()
    // Steps 2, 8 and 9 are collected in reading order of the new arrangement, section by section.
    for t in new.sections.indices { sectionChanges(t) }
    // Steps 3 to 7.
    let deletes = tileDeletes()
    let (sectionMoves, sectionAdds) = sectionOrder()
    let moves = tileMoves()
    let sectionDeletes = old.sections.indices.filter { sectionInNew[$0] < 0 }.map {
      ScriptEdit.deleteSection(old.sections[$0].id)
    }
    return head + loosen + deletes + sectionMoves + sectionAdds + moves + sectionDeletes + middle + tighten
  }

  // MARK: Matching by id

  mutating func matchSections() {
    var byID: [ExactString: Int] = [:]
    for (s, section) in old.sections.enumerated() { byID[ExactString(section.id)] = s }
    sectionInNew = [Int](repeating: -1, count: old.sections.count)
    sectionInOld = new.sections.map { byID[ExactString($0.id)] ?? -1 }
    for (t, s) in sectionInOld.enumerated() where s >= 0 { sectionInNew[s] = t }
  }

  mutating func matchTiles() {
    oldRefs = TileMatching.readingOrder(old)
    oldSection.reserveCapacity(oldRefs.count)
    oldPlace.reserveCapacity(oldRefs.count)
    for (s, section) in old.sections.enumerated() {
      for i in 0..<section.count {
        oldSection.append(Int32(s))
        oldPlace.append(Int32(i))
      }
    }
    newRefs = TileMatching.readingOrder(new)
    newMatch = TileMatching.match(old, oldRefs, new, newRefs)
    oldMatch = [Int32](repeating: -1, count: oldRefs.count)
    for (j, k) in newMatch.enumerated() where k >= 0 { oldMatch[Int(k)] = Int32(j) }
  }

  /// The anchors: in each section of both, the tiles that stay in it, taken in their old order, whose
  /// new places increase the longest way.
  mutating func findAnchors() {
    anchor = [Bool](repeating: false, count: oldRefs.count)
    var first = 0
    var newStart = [Int](repeating: 0, count: new.sections.count + 1)
    for (t, section) in new.sections.enumerated() { newStart[t + 1] = newStart[t] + section.count }
    for (s, section) in old.sections.enumerated() {
      defer { first += section.count }
      let t = sectionInNew[s]
      guard t >= 0 else { continue }
      var stayers: [Int] = []
      var places: [Int32] = []
      var locked: [Bool] = []
      for k in first..<(first + section.count) {
        let j = Int(oldMatch[k])
        if j >= newStart[t] && j < newStart[t + 1] {
          stayers.append(k)
          places.append(Int32(j))
          // Locked while the moves apply: in both (a lock taken off comes first, one put on last);
          // or not one of the tiles to move rather than others.
          locked.append(
            (old.tiles[oldRefs[k]].isLocked && new.tiles[newRefs[j]].isLocked)
              || (!moving.tiles.isEmpty && !isMoving(oldRefs[k])))
        }
      }
      for i in Sequences.longestIncreasing(places, preferring: locked) { anchor[stayers[i]] = true }
    }
  }

  // MARK: Keys

  mutating func layoutChanges() {
    switch (old.layoutSpec, new.layoutSpec) {
    case (nil, nil): return
    case (nil, let spec?): head.append(.replaceLayout(spec))
    case (_?, nil): head.append(.replaceLayout(nil))
    case (let a?, let b?):
      if a.direction != b.direction { head.append(.setLayout(.direction(b.direction))) }
      if !exactlyEqual(a.itemSize, b.itemSize) { head.append(.setLayout(.itemSize(b.itemSize))) }
      if a.lineSpacing != b.lineSpacing { head.append(.setLayout(.lineSpacing(b.lineSpacing))) }
      if a.interitemSpacing != b.interitemSpacing { head.append(.setLayout(.interitemSpacing(b.interitemSpacing))) }
      if !exactlyEqual(a.sectionInset, b.sectionInset) { head.append(.setLayout(.sectionInset(b.sectionInset))) }
      if a.headerHeight != b.headerHeight { head.append(.setLayout(.headerHeight(b.headerHeight))) }
      if a.alignment != b.alignment { head.append(.setLayout(.alignment(b.alignment))) }
      for (key, value) in Self.changes(a.extras, b.extras) { head.append(.setLayout(.other(key, value))) }
    }
  }

  /// Where a lock change goes: taking a lock off first, putting one on last.
  private mutating func lockChange(from a: Bool?, to b: Bool?, _ edit: ScriptEdit) {
    guard a != b else { return }
    if a == true {
      loosen.append(edit)
    } else if b == true {
      tighten.append(edit)
    } else {
      middle.append(edit)
    }
  }

  /// The key changes of new section `t` and of its tiles (steps 2, 8 and 9).
  mutating func sectionChanges(_ t: Int) {
    let b = new.sections[t]
    if sectionInOld[t] >= 0 {
      let a = old.sections[sectionInOld[t]]
      let id = b.id
      if !exactlyEqual(a.title, b.title) { middle.append(.setSection(id, .title(b.title))) }
      lockChange(from: a.locked, to: b.locked, .setSection(id, .locked(b.locked)))
      if a.maxItems != b.maxItems {
        let edit = ScriptEdit.setSection(id, .maxItems(b.maxItems))
        if let m0 = a.maxItems, b.maxItems.map({ $0 > m0 }) ?? true { loosen.append(edit) } else { tighten.append(edit) }
      }
      for (key, value) in Self.changes(a.extras, b.extras) { middle.append(.setSection(id, .other(key, value))) }
    }
    for ref in b.items {
      let k = Int(newMatch[visited])
      visited += 1
      // A tile written the same on both sides (nearly every tile) has no change to find.
      guard k >= 0, !old.tiles.isExactly(oldRefs[k], new.tiles, ref) else { continue }
      let tile = new.tiles[ref]
      let before = old.tiles[oldRefs[k]]
      let id = tile.id
      if !exactlyEqual(before.title, tile.title) { middle.append(.set(tile: id, .title(tile.title))) }
      if !exactlyEqual(before.color, tile.color) { middle.append(.set(tile: id, .color(tile.color))) }
      if before.width != tile.width { middle.append(.set(tile: id, .width(tile.width))) }
      for (key, value) in Self.changes(before.extras, tile.extras) { middle.append(.set(tile: id, .other(key, value))) }
      lockChange(from: before.locked, to: tile.locked, .set(tile: id, .locked(tile.locked)))
    }
  }

  /// The changes that turn one list of unknown keys into another, as `(key, value)` (nil: remove).
  /// A value set for a key that is there replaces it in place, one for a key that is not goes last;
  /// so the keys kept in place are the longest start of the new order that the old order has in the
  /// same order, and every later key is (re)appended, removed first if it was there.
  static func changes(_ old: [JSONField], _ new: [JSONField]) -> [(String, JSONValue?)] {
    if old.isExactly(new) { return [] }
    var index: [ExactString: Int] = [:]
    for (i, field) in old.enumerated() { index[ExactString(field.key)] = i }
    var kept = 0
    var last = -1
    var inPlace = Set<Int>()
    for field in new {
      guard let i = index[ExactString(field.key)], i > last else { break }
      last = i
      inPlace.insert(i)
      kept += 1
    }
    var result: [(String, JSONValue?)] = []
    for (i, field) in old.enumerated() where !inPlace.contains(i) { result.append((field.key, nil)) }
    for field in new[..<kept] where !field.value.isExactly(old[index[ExactString(field.key)]!].value) {
      result.append((field.key, field.value))
    }
    for field in new[kept...] { result.append((field.key, field.value)) }
    return result
  }

  // MARK: Structure

  /// Step 3: tiles gone from `new` whose old section stays.
  func tileDeletes() -> [ScriptEdit] {
    var deletes: [ScriptEdit] = []
    for k in oldRefs.indices where oldMatch[k] < 0 && sectionInNew[Int(oldSection[k])] >= 0 {
      deletes.append(.delete(tile: old.tiles[oldRefs[k]].id))
    }
    return deletes
  }

  /// Whether an old tile is one of those to move rather than others (its id read from its bytes,
  /// without building it).
  func isMoving(_ ref: TileRef) -> Bool {
    var found = false
    old.tiles.withText(of: ref) { _, id in found = moving.tiles.contains(ExactString(String(decoding: id, as: UTF8.self))) }
    return found
  }

  /// Steps 4 and 5: the old sections that stay moved into the new order (those outside a longest
  /// increasing subsequence, each just after the section before it in `new`), then the new ones added
  /// just after theirs.
  mutating func sectionOrder() -> ([ScriptEdit], [ScriptEdit]) {
    // The current order: new indexes for sections that stay, -1 - old index for the others.
    var current = old.sections.indices.map { sectionInNew[$0] >= 0 ? sectionInNew[$0] : -1 - $0 }
    let staying = old.sections.indices.filter { sectionInNew[$0] >= 0 }
    var still = [Bool](repeating: false, count: new.sections.count)
    let locked = staying.map {
      (old.sections[$0].isLocked && new.sections[sectionInNew[$0]].isLocked)
        || (!moving.sections.isEmpty && !moving.sections.contains(ExactString(old.sections[$0].id)))
    }
    for i in Sequences.longestIncreasing(staying.map { Int32(sectionInNew[$0]) }, preferring: locked) {
      still[sectionInNew[staying[i]]] = true
    }
    var moves: [ScriptEdit] = []
    var previous: Int?
    for t in new.sections.indices where sectionInOld[t] >= 0 {
      defer { previous = t }
      guard !still[t] else { continue }
      current.remove(at: current.firstIndex(of: t)!)
      let to = previous.map { current.firstIndex(of: $0)! + 1 } ?? 0
      current.insert(t, at: to)
      moves.append(.moveSection(new.sections[t].id, to: to))
    }
    var adds: [ScriptEdit] = []
    for t in new.sections.indices where sectionInOld[t] < 0 {
      let at = t == 0 ? 0 : current.firstIndex(of: t - 1)! + 1
      current.insert(t, at: at)
      var fields = new.sections[t].fields
      let count = new.sections[t].count
      if count > 0 && fields.locked == true {
        fields.locked = nil
        tighten.append(.setSection(fields.id, .locked(true)))
      }
      if let m = fields.maxItems, count > m {
        fields.maxItems = nil
        tighten.append(.setSection(fields.id, .maxItems(m)))
      }
      adds.append(.addSection(fields, tiles: [], at: at))
    }
    return (moves, adds)
  }

  /// Step 6: every tile that is not an anchor put in place, section by section, place by place. A
  /// tile goes just after the one before it in `new` (already in place), so its place is the count
  /// of tiles before that one: the new places before it, plus the tiles of the section still waiting
  /// to leave or move that sit before the last anchor passed (a Fenwick tree per old section). That
  /// count depends on the section alone, so the sections may be taken in any order: in the new order,
  /// but a section that the tiles coming in would fill past its `maxItems` waits for the sections its
  /// own leaving tiles go to, whenever another section can go first. When no order of whole sections
  /// keeps within the limits, the tiles go one at a time (`interleavedMoves`).
  mutating func tileMoves() -> [ScriptEdit] {
    var waiting: [FenwickTree] = []
    var first = 0
    for section in old.sections {
      let marked = (first..<(first + section.count)).map { oldMatch[$0] >= 0 && !anchor[$0] }
      waiting.append(FenwickTree(marked: marked))
      first += section.count
    }
    var start = [Int](repeating: 0, count: new.sections.count + 1)
    for (t, section) in new.sections.enumerated() { start[t + 1] = start[t] + section.count }
    let (order, fits) = sectionsInFillingOrder(start)
    if !fits, let moves = interleavedMoves(start, waiting) { return moves }
    var moves: [ScriptEdit] = []
    for t in order {
      let section = new.sections[t]
      let s = sectionInOld[t]
      var lastAnchor = 0
      for place in 0..<section.count {
        let j = start[t] + place
        let k = Int(newMatch[j])
        if k >= 0 && anchor[k] {
          lastAnchor = Int(oldPlace[k])
          continue
        }
        if k >= 0 { waiting[Int(oldSection[k])].remove(Int(oldPlace[k])) }
        let to = ScriptPlace(section.id, place + (s >= 0 ? waiting[s].count(below: lastAnchor) : 0))
        let tile = new.tiles[newRefs[j]]
        moves.append(k >= 0 ? .move(tile: tile.id, to: to) : .add(tile, to: to))
      }
    }
    return moves
  }

  /// The tiles each new section holds when step 6 begins: its old ones but those deleted in step 3
  /// (none for an added section).
  func holdsBeforeMoves() -> [Int] {
    var holds = [Int](repeating: 0, count: new.sections.count)
    for t in new.sections.indices where sectionInOld[t] >= 0 { holds[t] = old.sections[sectionInOld[t]].count }
    for k in oldRefs.indices where oldMatch[k] < 0 {
      let t = sectionInNew[Int(oldSection[k])]
      if t >= 0 { holds[t] -= 1 }
    }
    return holds
  }

  /// The order step 6 takes the new sections in: the new order, but a section whose incoming tiles
  /// would not fit under its `maxItems` (the looser of the two files', as it stands while tiles move)
  /// goes after the first section that fits, so that the tiles leaving it have gone by then; and
  /// whether every section fitted when its turn came. When none fits, the first in the new order goes.
  /// - Complexity: O(S² + n) in the sections and tiles.
  func sectionsInFillingOrder(_ start: [Int]) -> (order: [Int], fits: Bool) {
    let count = new.sections.count
    // Without a limit in both files, the new order.
    guard (0..<count).contains(where: { limit($0) != nil }) else { return (Array(0..<count), true) }
    // Tiles coming into each new section from elsewhere (moved or added), and, per new section, how
    // many of its incoming tiles leave each other new section.
    var incoming = [Int](repeating: 0, count: count)
    var leaving: [[Int: Int]] = Array(repeating: [:], count: count)
    for t in 0..<count {
      let s = sectionInOld[t]
      for j in start[t]..<start[t + 1] {
        let k = Int(newMatch[j])
        if k >= 0 && Int(oldSection[k]) == s { continue }
        incoming[t] += 1
        if k >= 0, case let u = sectionInNew[Int(oldSection[k])], u >= 0 { leaving[t][u, default: 0] += 1 }
      }
    }
    var holds = holdsBeforeMoves()
    var done = [Bool](repeating: false, count: count)
    var order: [Int] = []
    var allFit = true
    order.reserveCapacity(count)
    while order.count < count {
      let fits = (0..<count).first { t in
        !done[t] && (sectionInOld[t] < 0 || limit(t).map { holds[t] + incoming[t] <= $0 } ?? true)
      }
      if fits == nil { allFit = false }
      let t = fits ?? (0..<count).first { !done[$0] }!
      done[t] = true
      order.append(t)
      holds[t] += incoming[t]
      for (u, n) in leaving[t] { holds[u] -= n }
    }
    return (order, allFit)
  }

  /// Step 6 one tile at a time, for when no order of whole sections keeps every section within its
  /// limit (two full sections trading tiles, say), or nil when no order of single moves does either.
  ///
  /// A move into a section takes one of its free places and frees one where the tile leaves: a free
  /// place travels against the move. So the moves are a set of walks of free places through the
  /// graph whose edges are the moving tiles (from the section a tile enters to the one it leaves;
  /// an added tile, or one leaving a deleted section, to `outside`), each walk starting where a free
  /// place is, and walks done one after another never overfill. They exist exactly when no section
  /// gains more tiles than it has free places and every part of the graph that gains and loses
  /// nothing (tiles going round) holds a free place: then the graph, with a hub sending each walk to
  /// its start and taking it from its end, has an Euler circuit (Hierholzer's), read off in order.
  /// The moves within a section take no place and go last. A tile's place is the count of tiles in
  /// place before it in its new section (a Fenwick tree per section) plus the old section's waiting
  /// tiles before its last anchor, as in `tileMoves`: every tile put in place went just after the
  /// one before it, so none of the waiting tiles is among those.
  /// - Complexity: O(n log n + S) in the tiles and sections.
  func interleavedMoves(_ start: [Int], _ initialWaiting: [FenwickTree]) -> [ScriptEdit]? {
    let count = new.sections.count
    let outside = count
    let unbounded = Int.max / 4
    let holds = holdsBeforeMoves()
    var room = [Int](repeating: 0, count: count + 1)
    for t in 0..<count {
      let limit: Int?
      if sectionInOld[t] >= 0 {
        limit = self.limit(t)
      } else {
        // An added section keeps its `maxItems` while tiles come in when they fit under it (step 5).
        limit = new.sections[t].maxItems.flatMap { $0 >= new.sections[t].count ? $0 : nil }
      }
      room[t] = limit.map { max(0, $0 - holds[t]) } ?? unbounded
    }
    // The moving tiles as edges, and the moves within a section.
    var edgeFrom: [Int] = []
    var edgeTo: [Int] = []
    var edgeTile: [Int] = []
    var within: [Int] = []
    for t in 0..<count {
      let s = sectionInOld[t]
      for j in start[t]..<start[t + 1] {
        let k = Int(newMatch[j])
        if k >= 0 && anchor[k] { continue }
        if k >= 0 && Int(oldSection[k]) == s {
          within.append(j)
          continue
        }
        let u = k >= 0 ? sectionInNew[Int(oldSection[k])] : -1
        edgeFrom.append(t)
        edgeTo.append(u >= 0 ? u : outside)
        edgeTile.append(j)
      }
    }
    let nodes = count + 1
    var gain = [Int](repeating: 0, count: nodes)
    var parent = Array(0..<nodes)
    func root(_ x: Int) -> Int {
      var x = x
      while parent[x] != x {
        parent[x] = parent[parent[x]]
        x = parent[x]
      }
      return x
    }
    for e in edgeFrom.indices {
      gain[edgeFrom[e]] += 1
      gain[edgeTo[e]] -= 1
      let (a, b) = (root(edgeFrom[e]), root(edgeTo[e]))
      if a != b { parent[a] = b }
    }
    var starts = gain.map { max(0, $0) }
    let ends = gain.map { max(0, -$0) }
    for v in 0..<nodes where starts[v] > room[v] { return nil }
    // Each part of the graph that only trades needs a walk of its own, from a free place in it.
    var hasEdges = [Bool](repeating: false, count: nodes)
    var unbalanced = [Bool](repeating: false, count: nodes)
    for e in edgeFrom.indices { hasEdges[root(edgeFrom[e])] = true }
    for v in 0..<nodes where gain[v] != 0 { unbalanced[root(v)] = true }
    var extra = [Int](repeating: 0, count: nodes)
    var served = [Bool](repeating: false, count: nodes)
    for v in 0..<nodes where room[v] > 0 && !served[root(v)] {
      served[root(v)] = true
      if hasEdges[root(v)] && !unbalanced[root(v)] { extra[v] = 1 }
    }
    for r in 0..<nodes where root(r) == r && hasEdges[r] && !unbalanced[r] && !served[r] { return nil }
    for v in 0..<nodes { starts[v] += extra[v] }
    // The graph with its hub: `source` -> a walk's start, a walk's end -> `sink`, `sink` -> `source`.
    let source = nodes
    let sink = nodes + 1
    var adjacency = [[Int]](repeating: [], count: nodes + 2)
    var target: [Int] = []
    func link(_ a: Int, _ b: Int) {
      adjacency[a].append(target.count)
      target.append(b)
    }
    for e in edgeFrom.indices { link(edgeFrom[e], edgeTo[e]) }
    var walks = 0
    for v in 0..<nodes {
      for _ in 0..<starts[v] { link(source, v) }
      for _ in 0..<(ends[v] + extra[v]) { link(v, sink) }
      walks += starts[v]
    }
    for _ in 0..<walks { link(sink, source) }
    // Hierholzer's algorithm: the edges in reverse order of the circuit.
    var next = [Int](repeating: 0, count: nodes + 2)
    var stack: [(node: Int, edge: Int)] = [(source, -1)]
    var circuit: [Int] = []
    circuit.reserveCapacity(target.count)
    while let (v, e) = stack.last {
      if next[v] < adjacency[v].count {
        let f = adjacency[v][next[v]]
        next[v] += 1
        stack.append((target[f], f))
      } else {
        stack.removeLast()
        if e >= 0 { circuit.append(e) }
      }
    }
    guard circuit.count == target.count else { return nil }
    // The places: tiles in place per new section, the last anchor before each new tile.
    var waiting = initialWaiting
    var inPlace: [FenwickTree] = []
    var lastAnchor = [Int32](repeating: -1, count: start[count])
    for t in 0..<count {
      var anchored: [Bool] = []
      var last: Int32 = -1
      for j in start[t]..<start[t + 1] {
        lastAnchor[j] = last
        let k = Int(newMatch[j])
        let isAnchor = k >= 0 && anchor[k]
        if isAnchor { last = oldPlace[k] }
        anchored.append(isAnchor)
      }
      inPlace.append(FenwickTree(marked: anchored))
    }
    var section = [Int](repeating: 0, count: start[count])
    for t in 0..<count { for j in start[t]..<start[t + 1] { section[j] = t } }
    var moves: [ScriptEdit] = []
    func put(_ j: Int) {
      let t = section[j]
      let place = j - start[t]
      let k = Int(newMatch[j])
      if k >= 0 { waiting[Int(oldSection[k])].remove(Int(oldPlace[k])) }
      let s = sectionInOld[t]
      let before = s >= 0 && lastAnchor[j] >= 0 ? waiting[s].count(below: Int(lastAnchor[j])) : 0
      let to = ScriptPlace(new.sections[t].id, inPlace[t].count(below: place) + before)
      inPlace[t].insert(place)
      let tile = new.tiles[newRefs[j]]
      moves.append(k >= 0 ? .move(tile: tile.id, to: to) : .add(tile, to: to))
    }
    for e in circuit.reversed() where e < edgeTile.count { put(edgeTile[e]) }
    for j in within { put(j) }
    return moves
  }

  /// The most tiles new section `t` (one of both files) may hold while the tiles move: the looser of
  /// its two `maxItems` (a limit raised or removed is set before the moves, one lowered after); nil for
  /// none.
  func limit(_ t: Int) -> Int? {
    guard case let s = sectionInOld[t], s >= 0 else { return nil }
    guard let a = old.sections[s].maxItems, let b = new.sections[t].maxItems else { return nil }
    return max(a, b)
  }
}
