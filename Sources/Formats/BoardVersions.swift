import Dispatch
import Synchronization
import TileModel

/// `diff` and `merge` of versions of a file in any format (docs/version-control.md, "Boards, lists and
/// tables"). JSON tiles keep their ids; the cards of a format without ids (Markdown boards, lines, a
/// table without an `id` column) are first paired across the versions (`CardMatching`) and the other
/// versions re-keyed to the base's ids, so that a renamed card is the same card and equal titles never
/// collide; then the id-based `Arrangement.diff` and `Arrangement.merge` run as for JSON. A merge of
/// text formats also joins what both sides changed in a format's own objects line by line, as
/// `git merge-file` would (a card's description changed by one side, its sub-task by the other).
///
///     let script = BoardVersions.diff(old, as: .markdown, new, as: .markdown)   // set buy-milk title "Oat milk"
///     let merged = BoardVersions.merge(base: b, ours: x, theirs: y, formats: [.markdown, .markdown, .markdown])
///     let bytes = ArrangementFormat.markdown.bytes(merged.arrangement).bytes      // the board, both changes in it
public enum BoardVersions {
  /// The script that turns `old` into `new` (`Arrangement.diff`), `new`'s cards first paired with
  /// `old`'s when both formats give ids from titles. - Complexity: as `Arrangement.diff`, plus the
  /// pairing for formats without ids (nothing for JSON).
  public static func diff(
    _ old: Arrangement, as oldFormat: ArrangementFormat, _ new: Arrangement, as newFormat: ArrangementFormat
  ) -> [ScriptEdit] {
    let (k0, k1) = (CardMatching.Kind(old, format: oldFormat), CardMatching.Kind(new, format: newFormat))
    guard k0 != .none && k1 != .none else { return Arrangement.diff(old, new) }
    // A card's blank lines after it as the old version has them: only where the card's text changed is
    // it a change (the lane's last card carries the lane's blank line, so a swap would read as two).
    let rekeyed = Rekeying(base: CardMatching.Version(old, k0), other: new, k1, baseBlankLines: true)
    return Arrangement.diff(old, rekeyed.arrangement)
  }

  /// `Arrangement.merge` of three versions read in `formats` (base's, ours', theirs'): when all three
  /// give ids from titles, ours' and theirs' cards are first paired with the base's (a card both
  /// added alike, after the same card, is one card), and format objects both changed are joined line
  /// by line where their changes do not touch. `outcomes` as `Arrangement.merge`'s.
  public static func merge(
    base: Arrangement, ours: Arrangement, theirs: Arrangement, formats: [ArrangementFormat], prefer: MergeSide = .ours,
    outcomes: MergeOutcomes.Extent = .none
  ) -> MergeResult {
    precondition(formats.count == 3, "a format for each of base, ours and theirs")
    let kinds = zip([base, ours, theirs], formats).map { CardMatching.Kind($0, format: $1) }
    guard !kinds.contains(.none) else {
      return Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer, outcomes: outcomes)
    }
    // The three versions read, then both sides paired with the base, each on a core of its own; the
    // re-keying after, in turn (theirs' added cards take ours' ids where both added one alike).
    let sides = [base, ours, theirs]
    let versions = Self.inParallel(3) { CardMatching.Version(sides[$0], kinds[$0]) }
    let matchings = Self.inParallel(2) { CardMatching(base: versions[0], other: versions[$0 + 1]) }
    // A card one side moved to where the other added one alike is one card, as in git's line merge
    // (both inserted the same line there; the mover's deletion at the old place stands): the mover's
    // card is taken as an add too, and the two adds share an id.
    let theirsAdds = Rekeying.addKeys(base: versions[0], other: theirs, kinds[2], matching: matchings[1])
    let x = Rekeying(base: versions[0], other: ours, kinds[1], matching: matchings[0], otherAdds: theirsAdds)
    let y = Rekeying(
      base: versions[0], other: theirs, kinds[2], matching: matchings[1], avoiding: x.ids, sharing: x.adds,
      otherAdds: Set(x.adds.keys))
    return Arrangement.merge(
      base: base, ours: x.arrangement, theirs: y.arrangement, prefer: prefer, join: joinFormatObjects,
      lines: CardMatching.lineReading, outcomes: outcomes)
  }

  /// `body(0) … body(count - 1)`, run at once on the cores there are, in order.
  static func inParallel<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let results = Mutex<[T?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { k in
      let value = body(k)
      results.withLock { $0[k] = value }
    }
    return results.withLock { $0.map { $0! } }
  }

  // MARK: - Joining format objects

  /// Keys of a format's object that only say how new lines look (the first item's marker, the first
  /// indentation): when both sides changed them, ours' is taken, without a conflict.
  static let hints: Set<String> = ["item", "indent"]

  /// A `MergeJoiner`: a text format's object (`markdown`, `lines`, `csv`, `tsv`) both sides changed,
  /// joined member by member — a member only one side changed from it, lines (arrays of strings) by a
  /// three-way line merge. Nil (a conflict) where both changed the same lines or the same value.
  static func joinFormatObjects(
    _ subject: MergeSubject, _ key: String, _ base: JSONValue?, _ ours: JSONValue?, _ theirs: JSONValue?
  ) -> JoinedValue? {
    guard ExtrasKey.formatObjects.contains(key), let x = ours?.object, let y = theirs?.object else { return nil }
    let b = base?.object ?? []
    var keys = x.map(\.key)
    for field in y where !keys.contains(field.key) { keys.append(field.key) }
    var joined: [JSONField] = []
    for member in keys {
      let (bv, xv, yv) = (b[member], x[member], y[member])
      let value: JSONValue?
      if same(xv, yv) || same(bv, yv) {
        value = xv
      } else if same(bv, xv) {
        value = yv
      } else if hints.contains(member) {
        value = xv
      } else if let bl = lines(bv), let xl = lines(xv), let yl = lines(yv), let merged = mergeLines(bl, xl, yl) {
        value = merged.isEmpty ? nil : JSONValue(lines: merged)
      } else {
        return nil
      }
      if let value { joined.append(JSONField(member, value)) }
    }
    return .value(.object(joined))
  }

  /// Whether two values (nil: absent) are written the same.
  static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return a.isExactly(b)
    default: return false
    }
  }

  /// An array of strings as lines; absent is no lines; anything else nil.
  static func lines(_ value: JSONValue?) -> [String]? {
    guard let value else { return [] }
    guard let array = value.array else { return nil }
    var result: [String] = []
    result.reserveCapacity(array.count)
    for element in array {
      guard let s = element.string else { return nil }
      result.append(s)
    }
    return result
  }

  /// A three-way merge of lines, as `git merge-file` makes one: the stretches between lines all three
  /// keep are taken from the side that changed them, or either when both changed them alike; both
  /// changing one stretch differently (changes that touch, too) does not merge (nil). Blank lines at
  /// the end are not lines of the text: ours' are kept when both changed them.
  static func mergeLines(_ base: [String], _ ours: [String], _ theirs: [String]) -> [String]? {
    func split(_ lines: [String]) -> (ArraySlice<String>, ArraySlice<String>) {
      var end = lines.count
      while end > 0 && lines[end - 1].isBlankLine { end -= 1 }
      return (lines[..<end], lines[end...])
    }
    let (bb, bt) = split(base)
    let (xb, xt) = split(ours)
    let (yb, yt) = split(theirs)
    guard let body = mergeLines3(Array(bb), Array(xb), Array(yb)) else { return nil }
    let tail = xt.elementsEqual(bt, by: sameBytes) ? yt : xt
    return body + tail
  }

  static func sameBytes(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

  static func mergeLines3(_ b: [String], _ x: [String], _ y: [String]) -> [String]? {
    func map(_ other: [String]) -> [Int] {
      let aligned = CardMatching.align(b.map(CardMatching.fingerprint(of:)), other.map(CardMatching.fingerprint(of:)))
      var inOther = [Int](repeating: -1, count: b.count)
      for (j, i) in aligned.enumerated() where i >= 0 { inOther[Int(i)] = j }
      return inOther
    }
    let (mx, my) = (map(x), map(y))
    var result: [String] = []
    var (i, j, k) = (0, 0, 0)
    while true {
      var s = i
      while s < b.count && !(mx[s] >= 0 && my[s] >= 0) { s += 1 }
      let (je, ke) = s < b.count ? (mx[s], my[s]) : (x.count, y.count)
      let (bc, xc, yc) = (b[i..<s], x[j..<je], y[k..<ke])
      if xc.elementsEqual(bc, by: sameBytes) {
        result += yc
      } else if yc.elementsEqual(bc, by: sameBytes) || xc.elementsEqual(yc, by: sameBytes) {
        result += xc
      } else {
        return nil
      }
      guard s < b.count else { return result }
      result.append(b[s])
      (i, j, k) = (s + 1, je + 1, ke + 1)
    }
  }
}

/// Another version re-keyed to the base's ids by the cards' pairing (`CardMatching`): the arrangement
/// to give `Arrangement.diff` or `merge`, the ids its tiles have, and where its unpaired cards were
/// added (for the other side of a merge: a card both added alike is one).
struct Rekeying {
  /// An unpaired card: its text, and the base id of the paired card before it in its section (or its
  /// section's id, after a newline, when it is first).
  struct AddKey: Hashable {
    var text: UInt64
    var after: String
  }

  var arrangement: Arrangement
  /// The ids of the cards left unpaired (added), as they are now; the paired ones have the base's.
  var ids: Set<ExactString> = []
  var adds: [AddKey: [String]] = [:]

  init(
    base version: CardMatching.Version, other: Arrangement, _ otherKind: CardMatching.Kind,
    matching paired: CardMatching? = nil, avoiding: Set<ExactString> = [], sharing: [AddKey: [String]] = [:],
    otherAdds: Set<AddKey> = [], baseBlankLines: Bool = false
  ) {
    let base = version.arrangement
    let matching = paired ?? CardMatching(base: version, other: CardMatching.Version(other, otherKind))
    let baseTiles = matching.baseTiles
    // Each base card's section, made only when the other side added cards.
    var baseSections: [Int]?
    /// Which of the `count` cards of section `t` from `start` stayed where the base had them: the
    /// paired ones of the base's same section in a longest run in the base's order, the one the
    /// merge reads (as a line diff keeps them); the others were moved. - Complexity: O(count log count).
    func staying(_ t: Int, start: Int, count: Int) -> [Bool] {
      var result = [Bool](repeating: false, count: count)
      let s = matching.sectionMatch[t]
      guard s >= 0 else { return result }
      if baseSections == nil {
        var sections = [Int](repeating: 0, count: baseTiles.count)
        var n = 0
        for (b, baseSection) in base.sections.enumerated() {
          for _ in 0..<baseSection.count {
            sections[n] = b
            n += 1
          }
        }
        baseSections = sections
      }
      var places: [Int] = []
      var keys: [Int] = []
      for i in 0..<count {
        let k = Int(matching.tileMatch[start + i])
        if k >= 0 && baseSections![k] == s {
          places.append(i)
          keys.append(k)
        }
      }
      // The run the merge's reading of one side takes (`OrderAnalysis`): in the base's order, the
      // longest run of places here, the most lines, then the latest.
      let byBase = keys.indices.sorted { keys[$0] < keys[$1] }
      let runs = Sequences.latestLongestIncreasing(
        byBase.map { Int32(places[$0]) }, preferring: [Bool](repeating: false, count: keys.count),
        weights: byBase.map { CardMatching.lineReading.count(baseTiles[keys[$0]]) })
      for n in runs { result[places[byBase[n]]] = true }
      return result
    }
    // The base's ids, and every id a fresh one must not be: made only when an unpaired card needs
    // them (with no card added, a million ids are never hashed).
    var baseIDs: Set<ExactString>?
    func isBaseID(_ id: String) -> Bool {
      if baseIDs == nil { baseIDs = Set(baseTiles.lazy.map { ExactString($0.id) }) }
      return baseIDs!.contains(ExactString(id))
    }
    var taken: Set<ExactString>?
    func fresh(_ id: String) -> String {
      if taken == nil {
        var all = avoiding
        for tile in baseTiles { all.insert(ExactString(tile.id)) }
        for tile in matching.otherTiles { all.insert(ExactString(tile.id)) }
        taken = all
      }
      var n = 2
      while taken!.contains(ExactString("\(id)-\(n)")) { n += 1 }
      taken!.insert(ExactString("\(id)-\(n)"))
      return "\(id)-\(n)"
    }

    // Sections.
    let baseSectionIDs = Set(base.sections.map { ExactString($0.id) })
    var sectionIDs = Set(other.sections.map { ExactString($0.id) })
    var used = sharing
    // Only what changes is replaced, in a copy: a version that is mostly the base's is not rebuilt.
    var result = other
    var j = 0
    for (t, section) in other.sections.enumerated() {
      var fields = section
      if matching.sectionMatch[t] >= 0 {
        let like = base.sections[matching.sectionMatch[t]]
        fields.id = like.id
        fields = Self.normalized(fields, like: like)
      } else if baseSectionIDs.contains(ExactString(section.id)) {
        var n = 2
        while baseSectionIDs.contains(ExactString("\(section.id)-\(n)")) || sectionIDs.contains(ExactString("\(section.id)-\(n)")) {
          n += 1
        }
        fields.id = "\(section.id)-\(n)"
        sectionIDs.insert(ExactString(fields.id))
      }
      if !fields.id.isExactly(section.id) || !fields.extras.isExactly(section.extras) {
        _ = result.applyChecked(.setSection(at: t, to: fields))
      }
      var after = "\n" + fields.id
      // Whether the paired card `after` names stayed where the base had it (the section's start
      // always does): a card moved next to one that moved itself (equal titles paired the other way
      // round) is not surely where the other side's add is.
      let stays = otherAdds.isEmpty ? [] : staying(t, start: j, count: section.count)
      var anchorStays = true
      for i in 0..<section.count {
        defer { j += 1 }
        var tile = matching.otherTiles[j]
        let oldID = tile.id
        let k = matching.tileMatch[j]
        var changed = false
        // A card moved to where the other side added one alike: an add here too (the adds then share
        // an id, and the base's card is gone from this version).
        let coalesced =
          k >= 0 && !otherAdds.isEmpty && otherKind.covers(tile)
          && otherAdds.contains(AddKey(text: CardMatching.fingerprint(of: tile), after: after))
          && anchorStays && !stays[i]
        if k >= 0 && !coalesced {
          let like = baseTiles[Int(k)]
          if !tile.id.isExactly(like.id) {
            tile.id = like.id
            changed = true
          }
          if Self.differ(tile.displayTitle, like.displayTitle) || tile.checkbox != like.checkbox {
            tile = Self.normalized(tile, like: like)
            changed = true
          }
          if baseBlankLines, let blanks = Self.baseBlanks(tile, like: like) {
            tile = blanks
            changed = true
          }
          if !otherAdds.isEmpty { anchorStays = stays[i] }
          after = like.id
        } else if otherKind.covers(tile) {
          let key = AddKey(text: CardMatching.fingerprint(of: tile), after: after)
          if var shared = used[key], !shared.isEmpty {
            tile.id = shared.removeFirst()
            used[key] = shared
            changed = true
          } else if isBaseID(tile.id) || avoiding.contains(ExactString(tile.id)) {
            tile.id = fresh(tile.id)
            changed = true
          }
          adds[key, default: []].append(tile.id)
          ids.insert(ExactString(tile.id))
        } else {
          ids.insert(ExactString(tile.id))
        }
        guard changed else { continue }
        if !tile.id.isExactly(oldID), tile.color == DefaultColors.color(forTileID: oldID) {
          tile.color = DefaultColors.color(forTileID: tile.id)
        }
        _ = result.applyChecked(.setTile(at: ItemPath(t, i), to: tile))
      }
    }
    arrangement = result
  }

  /// The `AddKey`s of `other`'s unpaired cards, as `init` finds them (without re-keying anything).
  static func addKeys(
    base version: CardMatching.Version, other: Arrangement, _ otherKind: CardMatching.Kind, matching: CardMatching
  ) -> Set<AddKey> {
    let base = version.arrangement
    var keys: Set<AddKey> = []
    var j = 0
    for (t, section) in other.sections.enumerated() {
      let sectionID = matching.sectionMatch[t] >= 0 ? base.sections[matching.sectionMatch[t]].id : section.id
      var after = "\n" + sectionID
      for _ in 0..<section.count {
        defer { j += 1 }
        let k = matching.tileMatch[j]
        if k >= 0 {
          after = matching.baseTiles[Int(k)].id
        } else if otherKind.covers(matching.otherTiles[j]) {
          keys.insert(AddKey(text: CardMatching.fingerprint(of: matching.otherTiles[j]), after: after))
        }
      }
    }
    return keys
  }

  /// `a != b` (canonical equivalence, as `String` compares), the same bytes first: they are equal,
  /// and nearly every paired title is its base's, which `!=` would compare by normalizing them.
  static func differ(_ a: String, _ b: String) -> Bool {
    !a.isExactly(b) && a != b
  }

  /// A paired card's item line written as the base's when it differs from it only by the title or the
  /// checkbox: the writer makes the same line again from the base's, and the two versions' lines
  /// compare equal.
  static func normalized(_ tile: Tile, like base: Tile) -> Tile {
    let key = ExtrasKey.markdown
    guard differ(tile.displayTitle, base.displayTitle) || tile.checkbox != base.checkbox,
      let object = tile.formatObject(key), var lines = object["lines"]?.array, let first = lines.first?.string,
      let baseFirst = base.formatObject(key)?["lines"]?.array?.first?.string, !first.utf8.elementsEqual(baseFirst.utf8),
      let item = ItemLine(baseFirst), !tile.displayTitle.utf8.contains(where: MarkdownBoard.isBreak),
      (String(item.prefix(of: baseFirst, checked: tile.checkbox)) + tile.displayTitle).utf8.elementsEqual(first.utf8)
    else { return tile }
    lines[0] = .string(baseFirst)
    var tile = tile
    tile.extras = replacing(key, "lines", with: .array(lines), in: tile.extras)
    return tile
  }

  /// A paired card whose lines differ from the base's only by the blank lines after them, with the
  /// base's blank lines: a blank line belongs to the line above it (so that a move and its reverse give
  /// back the bytes), so the last card of a lane carries the lane's blank line, and a card that only
  /// changed places with its neighbour would otherwise read as changed in both versions (`diff` a
  /// `set … markdown` line, `merge` a conflict where git is clean). Nil when there is nothing to do.
  static func baseBlanks(_ tile: Tile, like base: Tile) -> Tile? {
    for key in [ExtrasKey.markdown, ExtrasKey.lines] {
      guard let object = tile.formatObject(key), let lines = object["lines"]?.array,
        let baseLines = base.formatObject(key)?["lines"]?.array
      else { continue }
      func text(_ lines: [JSONValue]) -> ArraySlice<JSONValue> {
        var end = lines.count
        while end > 0, let line = lines[end - 1].string, line.isBlankLine { end -= 1 }
        return lines[..<end]
      }
      let (mine, theirs) = (text(lines), text(baseLines))
      guard mine.count == theirs.count, lines.count != baseLines.count || lines != baseLines,
        zip(mine, theirs).allSatisfy({ a, b in
          guard let a = a.string, let b = b.string else { return a == b }
          return a.utf8.elementsEqual(b.utf8)
        })
      else { continue }
      var blanks = Array(mine)
      blanks.append(contentsOf: baseLines[theirs.count...])
      var tile = tile
      tile.extras = replacing(key, "lines", with: .array(blanks), in: tile.extras)
      return tile
    }
    return nil
  }

  /// A paired section's heading written as the base's when it differs only by the title.
  static func normalized(_ section: Section, like base: Section) -> Section {
    guard section.displayTitle != base.displayTitle else { return section }
    for key in [ExtrasKey.markdown, ExtrasKey.lines] {
      guard let heading = section.formatObject(key)?["heading"]?.string,
        let baseHeading = base.formatObject(key)?["heading"]?.string, !heading.utf8.elementsEqual(baseHeading.utf8)
      else { continue }
      let prefix = key == ExtrasKey.markdown ? String(MarkdownBoard.headingPrefix(baseHeading)) : "# "
      guard (prefix + section.displayTitle).utf8.elementsEqual(heading.utf8) else { continue }
      var section = section
      section.extras = replacing(key, "heading", with: .string(baseHeading), in: section.extras)
      return section
    }
    return section
  }

  /// `extras` with member `member` of the object `key` set to `value`.
  static func replacing(_ key: String, _ member: String, with value: JSONValue, in extras: [JSONField]) -> [JSONField] {
    extras.map { field in
      guard field.key == key, var object = field.value.object else { return field }
      object = object.map { $0.key == member ? JSONField(member, value) : $0 }
      return JSONField(key, .object(object))
    }
  }
}
