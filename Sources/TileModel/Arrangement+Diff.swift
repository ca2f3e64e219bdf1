// `diff`: the edit script between two arrangements (docs/version-control.md, "diff").

extension Arrangement {
  /// The script that turns `old` into `new`, by ids: applied to `old` (`apply(_:force:)`, with `force`)
  /// it gives `new` exactly, byte for byte in canonical form; empty exactly when the two are written
  /// the same.
  ///
  /// The fewest moves: a tile that changed section moves once; within a section, the tiles that stay
  /// in it and keep their order are a longest increasing subsequence of their places in `new` taken in
  /// their order in `old`, and only the others move. Sections likewise. The lines come in an order
  /// that applies cleanly, and that the policies refuse as little as the two files allow:
  ///
  /// 1. `set-file` and `set-layout`;
  /// 2. keys that loosen a policy: a lock taken off a tile or section, a section's `maxItems` raised
  ///    or removed;
  /// 3. `delete` (tiles whose section stays; a deleted section's tiles go with it, step 7);
  /// 4. `move-section` (the old sections that stay, into the new order);
  /// 5. `add-section` (a new section that receives tiles comes without its lock, and without a
  ///    `maxItems` it is over; both are set in step 9);
  /// 6. `move` and `add`, section by section in the new order, place by place: each tile goes just
  ///    after the tile that precedes it in `new`, which is already in place;
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
      for k in first..<(first + section.count) {
        let j = Int(oldMatch[k])
        if j >= newStart[t] && j < newStart[t + 1] {
          stayers.append(k)
          places.append(Int32(j))
        }
      }
      for i in Sequences.longestIncreasing(places) { anchor[stayers[i]] = true }
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
      guard k >= 0 else { continue }
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
    for i in Sequences.longestIncreasing(staying.map { Int32(sectionInNew[$0]) }) {
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

  /// Step 6: every tile that is not an anchor put in place, section by section in the new order. A
  /// tile goes just after the one before it in `new` (already in place), so its place is the count
  /// of tiles before that one: the new places before it, plus the tiles of the section still waiting
  /// to leave or move that sit before the last anchor passed (a Fenwick tree per old section).
  mutating func tileMoves() -> [ScriptEdit] {
    var waiting: [FenwickTree] = []
    var first = 0
    for section in old.sections {
      let marked = (first..<(first + section.count)).map { oldMatch[$0] >= 0 && !anchor[$0] }
      waiting.append(FenwickTree(marked: marked))
      first += section.count
    }
    var moves: [ScriptEdit] = []
    var j = 0
    for (t, section) in new.sections.enumerated() {
      let s = sectionInOld[t]
      var lastAnchor = 0
      for place in 0..<section.count {
        defer { j += 1 }
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
}
