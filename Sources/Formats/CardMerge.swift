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
    outcomes: MergeOutcomes.Extent, oursPaired: OursPaired? = nil
  ) -> (result: MergeResult, pairings: [CardPairing]) {
    precondition(formats.count == 3, "a format for each of base, ours and theirs")
    let kinds = zip([base, ours, theirs], formats).map { CardPairing.Kind($0, format: $1) }
    guard !kinds.contains(.none) else {
      return (Arrangement.merge(base: base, ours: ours, theirs: theirs, prefer: prefer, outcomes: outcomes), [])
    }
    // The three versions read, then both sides paired with the base, each on a core of its own; the
    // re-keying after, in turn (theirs' added cards take ours' ids where both added one alike). Ours
    // re-keyed needs only its own pairing, which the twins below leave as it is.
    let versions: [CardPairing.Version]
    var pairings: [CardPairing]
    let x: Rekeying
    if let oursPaired {
      let theirsVersion = CardPairing.Version(theirs, kinds[2])
      versions = [oursPaired.base, oursPaired.ours, theirsVersion]
      pairings = [oursPaired.pairing, CardPairing(base: oursPaired.base, other: theirsVersion)]
      x = oursPaired.rekeyed
    } else {
      let sides = [base, ours, theirs]
      versions = BoardVersions.inParallel(3) { CardPairing.Version(sides[$0], kinds[$0]) }
      pairings = BoardVersions.inParallel(2) { CardPairing(base: versions[0], other: versions[$0 + 1]) }
      x = Rekeying(base: versions[0], other: ours, kinds[1], pairing: pairings[0])
    }
    keepTwinsBothKept(versions[0], &pairings)
    let y = Rekeying(
      base: versions[0], other: theirs, kinds[2], pairing: pairings[1], avoiding: x.ids, sharing: x.adds)
    var result = Arrangement.merge(
      base: base, ours: x.arrangement, theirs: y.arrangement, prefer: prefer, join: joinFormatObjects,
      outcomes: outcomes)
    var words = ConflictWords(base: base, ours: x.arrangement, theirs: y.arrangement)
    for k in result.conflicts.indices { result.conflicts[k].words = words.words(result.conflicts[k]) }
    return (result, pairings)
  }

  /// What the card merge makes of base and ours alone: the two as the pairing reads them, ours paired
  /// with the base and re-keyed to its ids. `MergeCascade.merge(files:…)` makes it while theirs is
  /// still being read; `cardMerge` then makes only theirs' part. (`@unchecked`: the re-keying's sets
  /// of ids hold strings, never shared while it is made.)
  struct OursPaired: @unchecked Sendable {
    let base: CardPairing.Version
    let ours: CardPairing.Version
    let pairing: CardPairing
    let rekeyed: Rekeying

    /// Base and ours read in `formats` (theirs', after them, not needed); nil when the card merge
    /// pairs nothing (a format with ids: the id merge alone).
    init?(base: Arrangement, ours: Arrangement, formats: [ArrangementFormat]) {
      let (kb, kx) = (CardPairing.Kind(base, format: formats[0]), CardPairing.Kind(ours, format: formats[1]))
      guard kb != .none && kx != .none else { return nil }
      self.base = CardPairing.Version(base, kb)
      self.ours = CardPairing.Version(ours, kx)
      pairing = CardPairing(base: self.base, other: self.ours)
      rekeyed = Rekeying(base: self.base, other: ours, kx, pairing: pairing)
    }
  }

  /// Of twins (cards of one text, several of them in the base), where both sides kept some, as many
  /// as both kept stay: twins are alike, and each side's pairing chose which ones it kept by its own
  /// diff, so two sides that each took one of two twins away would otherwise take both. Theirs' twins
  /// are paired again, in their order, with ours' kept ones first. So a merge never holds a card fewer
  /// times than all three versions do, as stage 3 asks of git's.
  static func keepTwinsBothKept(_ base: CardPairing.Version, _ pairings: inout [CardPairing]) {
    // The base's twins: each covered card's text, where more than one card has it. The texts sorted
    // find them (a board has none, mostly): a count of a hundred thousand texts in a dictionary was a
    // hundredth of a board merge.
    var sorted = base.texts
    sorted.sort()
    var twinTexts: Set<UInt64> = []
    for k in sorted.indices.dropFirst() where sorted[k] == sorted[k - 1] { twinTexts.insert(sorted[k]) }
    guard !twinTexts.isEmpty else { return }
    var textOf: [Int: UInt64] = [:]
    for (k, i) in base.covered.enumerated() where twinTexts.contains(base.texts[k]) { textOf[i] = base.texts[k] }
    // Per side and text, the side's cards of that text paired with a twin, and the twins they are.
    func kept(_ pairing: CardPairing) -> [UInt64: [(j: Int, i: Int)]] {
      var result: [UInt64: [(j: Int, i: Int)]] = [:]
      for (j, i) in pairing.tileMatch.enumerated() where i >= 0 {
        guard let text = textOf[Int(i)], CardText.print(of: pairing.otherTiles[j]) == text else { continue }
        result[text, default: []].append((j, Int(i)))
      }
      return result
    }
    let (ours, theirs) = (kept(pairings[0]), kept(pairings[1]))
    // Twins theirs paired otherwise (changed, by similarity) stay so.
    let theirsPaired = Set(pairings[1].tileMatch.lazy.filter { $0 >= 0 }.map { Int($0) })
    for (text, theirsKept) in theirs {
      guard let oursKept = ours[text] else { continue }
      let (x, y) = (Set(oursKept.map(\.i)), Set(theirsKept.map(\.i)))
      let free = x.subtracting(theirsPaired)
      guard x.intersection(y).count < min(x.count, y.count), !free.isEmpty else { continue }
      let twins = (x.intersection(y).sorted() + free.sorted() + y.subtracting(x).sorted()).prefix(y.count).sorted()
      for ((j, _), i) in zip(theirsKept, twins) { pairings[1].tileMatch[j] = Int32(i) }
    }
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
