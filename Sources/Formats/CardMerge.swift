import TileModel

/// Stage 4 of the merge (docs/merge.md), where the line merge conflicts or is not sane: the cards
/// paired across the three versions by identity (`CardPairing`: ids where the format has them, else
/// equal text, then similar text anywhere on the board), ours and theirs re-keyed to the base's ids
/// (`Rekeying`), and then the id merge (`Arrangement.merge`: the skeleton of the order both kept,
/// moved cards after their predecessors, keys one by one). A format's own objects both sides changed
/// (a card's lines, a lane's text, the front matter) are joined by git's line merge
/// (`joinFormatObjects`): one side's new description and the other's checked sub-task are both kept.
enum CardMerge {
  /// The card merge of three versions read in `formats` (base's, ours', theirs'); JSON's tiles, and a
  /// table's rows with ids, keep their ids. `pairings` are ours' and theirs' (nil where no card needed
  /// pairing), for the debug record.
  static func cardMerge(
    base: Arrangement, ours: Arrangement, theirs: Arrangement, formats: [ArrangementFormat], prefer: MergeSide,
    outcomes: MergeOutcomes.Extent
  ) -> (result: MergeResult, pairings: [CardPairing]) {
    precondition(formats.count == 3, "a format for each of base, ours and theirs")
    let kinds = zip([base, ours, theirs], formats).map { CardPairing.Kind($0, format: $1) }
    guard !kinds.contains(.none) else {
      return (Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer, outcomes: outcomes), [])
    }
    // The three versions read, then both sides paired with the base, each on a core of its own; the
    // re-keying after, in turn (theirs' added cards take ours' ids where both added one alike).
    let sides = [base, ours, theirs]
    let versions = BoardVersions.inParallel(3) { CardPairing.Version(sides[$0], kinds[$0]) }
    let pairings = BoardVersions.inParallel(2) { CardPairing(base: versions[0], other: versions[$0 + 1]) }
    let x = Rekeying(base: versions[0], other: ours, kinds[1], pairing: pairings[0])
    let y = Rekeying(
      base: versions[0], other: theirs, kinds[2], pairing: pairings[1], avoiding: x.ids, sharing: x.adds)
    var result = Arrangement.merge(
      base: base, ours: x.arrangement, theirs: y.arrangement, prefer: prefer, join: joinFormatObjects,
      outcomes: outcomes)
    var words = ConflictWords(base: base, ours: x.arrangement, theirs: y.arrangement)
    for k in result.conflicts.indices { result.conflicts[k].words = words.words(result.conflicts[k]) }
    return (result, pairings)
  }

  /// Keys of a format's object that only say how the file is written (the first item's marker, the
  /// first indentation, which card ended a file without a final newline): when both sides changed
  /// them, ours' is taken, without a conflict.
  static let hints: Set<String> = ["item", "indent", FileEnd.tileKey, FileEnd.sectionKey]

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
      } else if let bl = lines(bv), let xl = lines(xv), let yl = lines(yv), let merged = GitLineMerge.mergeLines(bl, xl, yl) {
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

}
