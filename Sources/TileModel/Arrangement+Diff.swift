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
  ///    already in place;
  /// 7. `delete-section`, its surviving tiles moved out by then;
  /// 8. the other keys of sections and tiles, in reading order;
  /// 9. keys that tighten a policy: locks put on, `maxItems` set or lowered.
  ///
  /// A policy still refuses what the two files make unavoidable, such as moving a tile locked in both.
  ///
  /// - Complexity: O(n log n) in the tiles of both; O(S²) in the sections.
  public static func diff(_ old: Arrangement, _ new: Arrangement) -> [ScriptEdit] {
    var builder = DiffBuilder(old: old, new: new)
    return builder.script()
  }
}

/// The parts of `Arrangement.diff`, in the order of its steps.
private struct DiffBuilder {
  let old: Arrangement
  let new: Arrangement

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

  init(old: Arrangement, new: Arrangement) {
    self.old = old
    self.new = new
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
          // Locked while the moves apply: in both (a lock taken off comes first, one put on last).
          locked.append(old.tiles[oldRefs[k]].isLocked && new.tiles[newRefs[j]].isLocked)
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

  /// Steps 4 and 5: the old sections that stay moved into the new order (those outside a longest
  /// increasing subsequence, each just after the section before it in `new`), then the new ones added
  /// just after theirs.
  mutating func sectionOrder() -> ([ScriptEdit], [ScriptEdit]) {
    // The current order: new indexes for sections that stay, -1 - old index for the others.
    var current = old.sections.indices.map { sectionInNew[$0] >= 0 ? sectionInNew[$0] : -1 - $0 }
    let staying = old.sections.indices.filter { sectionInNew[$0] >= 0 }
    var still = [Bool](repeating: false, count: new.sections.count)
    let locked = staying.map { old.sections[$0].isLocked && new.sections[sectionInNew[$0]].isLocked }
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
  /// own leaving tiles go to, whenever another section can go first.
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
    var moves: [ScriptEdit] = []
    for t in sectionsInFillingOrder(start) {
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

  /// The order step 6 takes the new sections in: the new order, but a section whose incoming tiles
  /// would not fit under its `maxItems` (the looser of the two files', as it stands while tiles move)
  /// goes after the first section that fits, so that the tiles leaving it have gone by then. When none
  /// fits, the first in the new order goes (a policy refuses the script: the files make it so, or it
  /// takes moving tiles in an order section by section cannot give).
  /// - Complexity: O(S² + n) in the sections and tiles.
  func sectionsInFillingOrder(_ start: [Int]) -> [Int] {
    let count = new.sections.count
    // Tiles coming into each new section from elsewhere (moved or added), and, per new section, how
    // many of its incoming tiles leave each other new section.
    var incoming = [Int](repeating: 0, count: count)
    var leaving: [[Int: Int]] = Array(repeating: [:], count: count)
    var limited = false
    for t in 0..<count {
      let s = sectionInOld[t]
      for j in start[t]..<start[t + 1] {
        let k = Int(newMatch[j])
        if k >= 0 && Int(oldSection[k]) == s { continue }
        incoming[t] += 1
        if k >= 0, case let u = sectionInNew[Int(oldSection[k])], u >= 0 { leaving[t][u, default: 0] += 1 }
      }
      if s >= 0, limit(t) != nil { limited = true }
    }
    guard limited else { return Array(0..<count) }
    // The tiles each section holds now: its old ones but those deleted in step 3.
    var holds = [Int](repeating: 0, count: count)
    for t in 0..<count where sectionInOld[t] >= 0 { holds[t] = old.sections[sectionInOld[t]].count }
    for k in oldRefs.indices where oldMatch[k] < 0 {
      let t = sectionInNew[Int(oldSection[k])]
      if t >= 0 { holds[t] -= 1 }
    }
    var done = [Bool](repeating: false, count: count)
    var order: [Int] = []
    order.reserveCapacity(count)
    while order.count < count {
      let fits = (0..<count).first { t in
        !done[t] && (sectionInOld[t] < 0 || limit(t).map { holds[t] + incoming[t] <= $0 } ?? true)
      }
      let t = fits ?? (0..<count).first { !done[$0] }!
      done[t] = true
      order.append(t)
      holds[t] += incoming[t]
      for (u, n) in leaving[t] { holds[u] -= n }
    }
    return order
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
