import TextMerge
import TileModel

/// Which card of one version is which of another's, for a file whose cards have no ids of their own
/// (a Markdown board, a lines file, a table without an `id` column): reading one makes each card's id
/// from its title, so by ids alone a renamed card is one deleted and another added, and of two equal
/// titles the second's id (`x-2`) goes to whichever comes second. The card merge (docs/merge.md,
/// stage 4) and `diff` pair the cards first, by identity, as git pairs files across a tree:
///
/// 1. **Equal text** (`pairEqualText`): the cards a line diff of the two versions keeps in place —
///    git's own diff, each card one line (its text), each lane's heading one line, so that a card is
///    in place only under the same heading — then the other cards of equal text, in order of
///    occurrence (a card moved). A card's text is its title and the lines under it (a table's other
///    columns), without its checkbox: a card checked and moved to Done is the same card.
/// 2. **Similar text** (`pairSimilarText`): of the cards still unpaired anywhere on the board (one
///    side's removed and added cards, in any lanes), the pairs keeping more than half the characters
///    of their titles or of their whole texts (`CardSimilarity`), the most similar first: a card
///    renamed beside a new one, renamed and moved, or given a description, is one card.
/// 3. **Lanes** (`pairLanes`): by title; then a lane left over is the base's that holds most of its
///    cards; then, between two paired lanes, as many left over on each side are the same lanes
///    renamed.
///
/// - Complexity: O(n) for the texts and the diff of versions that are mostly alike (git's diff is
///   O((N + M)·D)); the similar pairs cost what the unpaired cards' shared words cost.
struct CardPairing: Sendable {
  /// Which of an arrangement's tiles have ids made from their titles.
  enum Kind: Equatable, Sendable {
    /// JSON: every id is the file's own.
    case none
    /// Markdown, lines, a table without an `id` column.
    case all
    /// A table with an `id` column: the rows whose cell was empty (`csv.blankID`).
    case blankIDs(String)

    init(_ arrangement: Arrangement, format: ArrangementFormat) {
      self = format.definition.cardsWithMadeIDs(arrangement)
    }

    func covers(_ tile: Tile) -> Bool {
      switch self {
      case .none: return false
      case .all: return true
      case .blankIDs(let key): return tile.formatObject(key)?["blankID"]?.bool == true
      }
    }
  }

  /// One version as the pairing reads it, made once (a merge pairs both sides with one base).
  struct Version: Sendable {
    let arrangement: Arrangement
    let kind: Kind
    /// The tiles in reading order, and the section of each.
    let tiles: [Tile]
    let section: [Int]
    /// The tiles taking part (those `kind` covers), by their index in reading order, and their texts.
    let covered: [Int]
    let texts: [UInt64]
    /// The lines the diff of step 1 reads: each section's heading, then its covered cards' texts;
    /// for each line the index into `covered`, or -1 for a heading.
    let lines: [UInt64]
    let card: [Int32]

    init(_ arrangement: Arrangement, _ kind: Kind) {
      self.arrangement = arrangement
      self.kind = kind
      tiles = arrangement.allTiles()
      section = CardPairing.sectionOfEachTile(arrangement)
      let tiles = self.tiles
      covered = kind == .all ? Array(tiles.indices) : tiles.indices.filter { kind.covers(tiles[$0]) }
      texts = covered.map { CardText.print(of: tiles[$0]) }
      var lines: [UInt64] = []
      var card: [Int32] = []
      lines.reserveCapacity(covered.count + arrangement.sections.count)
      card.reserveCapacity(covered.count + arrangement.sections.count)
      var k = 0
      var first = 0
      for section in arrangement.sections {
        lines.append(CardText.fingerprint(of: "\u{1}" + section.displayTitle))
        card.append(-1)
        first += section.count
        while k < covered.count && covered[k] < first {
          lines.append(texts[k])
          card.append(Int32(k))
          k += 1
        }
      }
      self.lines = lines
      self.card = card
    }
  }

  /// For each of the other version's tiles, in reading order, the index in reading order of the
  /// base's tile it is (-1: none).
  var tileMatch: [Int32]
  /// For each of the other version's sections, the index of the base's section it is (-1: none).
  var sectionMatch: [Int]
  /// How each pair was made, for the merge's debug record: per other tile, 0 none, 1 equal text in
  /// place, 2 equal text moved, 3 similar text.
  var how: [UInt8]
  /// The two versions' tiles in reading order.
  let baseTiles: [Tile]
  let otherTiles: [Tile]

  /// Pairs `other`'s tiles (those its kind covers) with `base`'s.
  init(base: Version, other: Version) {
    baseTiles = base.tiles
    otherTiles = other.tiles
    tileMatch = [Int32](repeating: -1, count: other.tiles.count)
    sectionMatch = [Int](repeating: -1, count: other.arrangement.sections.count)
    how = [UInt8](repeating: 0, count: other.tiles.count)
    var baseUsed = [Bool](repeating: false, count: base.tiles.count)
    pairEqualText(base, other, &baseUsed)
    pairSimilarText(base, other, &baseUsed)
    pairLanes(base, other)
  }

  static func sectionOfEachTile(_ arrangement: Arrangement) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(arrangement.tileCount)
    for (s, section) in arrangement.sections.enumerated() {
      result.append(contentsOf: repeatElement(s, count: section.count))
    }
    return result
  }

  // MARK: - 1. Equal text

  /// Step 1: the cards git's line diff of the two versions (one line per card, one per heading)
  /// keeps in place; then the other cards of equal text, in order of occurrence.
  mutating func pairEqualText(_ base: Version, _ other: Version, _ baseUsed: inout [Bool]) {
    // In place: the lines outside the diff's changes, walked side by side.
    var (p, q) = (0, 0)
    func keep(upTo endP: Int, _ endQ: Int) {
      while p < endP && q < endQ {
        if base.card[p] >= 0 && other.card[q] >= 0 {
          let (i, j) = (base.covered[Int(base.card[p])], other.covered[Int(other.card[q])])
          tileMatch[j] = Int32(i)
          how[j] = 1
          baseUsed[i] = true
        }
        p += 1
        q += 1
      }
    }
    for change in CardSequenceDiff.changes(base.lines, other.lines) {
      keep(upTo: change.old.lowerBound, change.new.lowerBound)
      (p, q) = (change.old.upperBound, change.new.upperBound)
    }
    keep(upTo: base.lines.count, other.lines.count)
    // Moved: the rest by text, in order of occurrence — each text's unpaired base cards in a queue
    // (a chain through `next`, its head and tail by text).
    var next = [Int32](repeating: -1, count: base.covered.count)
    var queues: [UInt64: (head: Int32, tail: Int32)] = [:]
    for k in base.covered.indices where !baseUsed[base.covered[k]] {
      if let queue = queues[base.texts[k]] {
        next[Int(queue.tail)] = Int32(k)
        queues[base.texts[k]] = (queue.head, Int32(k))
      } else {
        queues[base.texts[k]] = (Int32(k), Int32(k))
      }
    }
    guard !queues.isEmpty else { return }
    for (k, j) in other.covered.enumerated() where tileMatch[j] < 0 {
      guard let queue = queues[other.texts[k]], queue.head >= 0 else { continue }
      let i = base.covered[Int(queue.head)]
      tileMatch[j] = Int32(i)
      how[j] = 2
      baseUsed[i] = true
      queues[other.texts[k]] = (next[Int(queue.head)], queue.tail)
    }
  }

  // MARK: - 2. Similar text

  /// How many unpaired pairs of cards are all compared; past it, only the pairs that share a word.
  static let allPairs = 250_000
  /// How many of the base's unpaired cards may hold a word for it to propose pairs (past `allPairs`):
  /// a word most cards hold (a template's) says nothing of which card is which.
  static let commonWord = 64

  /// Step 2: the unpaired cards of each side, paired where more than half the characters of their
  /// titles or their whole texts are kept (`CardSimilarity`), the most similar pairs first (then in order of occurrence). Every pair is
  /// compared while there are at most `allPairs`; past that (a board rewritten), only the pairs that
  /// share a word at most `commonWord` of the base's unpaired cards hold.
  mutating func pairSimilarText(_ base: Version, _ other: Version, _ baseUsed: inout [Bool]) {
    let removed = base.covered.filter { !baseUsed[$0] }
    let added = other.covered.filter { tileMatch[$0] < 0 }
    guard !removed.isEmpty && !added.isEmpty else { return }
    let texts = (removed.map { CardSimilarity.Text(base.tiles[$0]) }, added.map { CardSimilarity.Text(other.tiles[$0]) })
    var candidates: [(score: Double, i: Int, j: Int)] = []
    func compare(_ r: Int, _ a: Int) {
      let score = CardSimilarity.similarity(texts.0[r], texts.1[a])
      if score > CardSimilarity.threshold { candidates.append((score, removed[r], added[a])) }
    }
    if removed.count * added.count <= Self.allPairs {
      for r in removed.indices {
        for a in added.indices { compare(r, a) }
      }
    } else {
      var holders: [UInt64: [Int32]] = [:]
      for (r, text) in texts.0.enumerated() {
        for word in text.words { holders[word, default: []].append(Int32(r)) }
      }
      var seen = [Int](repeating: -1, count: removed.count)
      for (a, text) in texts.1.enumerated() {
        for word in text.words {
          guard let list = holders[word], list.count <= Self.commonWord else { continue }
          for r in list where seen[Int(r)] != a {
            seen[Int(r)] = a
            compare(Int(r), a)
          }
        }
      }
    }
    candidates.sort { ($0.score, -$0.i, -$0.j) > ($1.score, -$1.i, -$1.j) }
    for c in candidates where !baseUsed[c.i] && tileMatch[c.j] < 0 {
      tileMatch[c.j] = Int32(c.i)
      how[c.j] = 3
      baseUsed[c.i] = true
    }
  }

  // MARK: - 3. Lanes

  /// Step 3: lanes by title (of equal titles, in order); then a lane left over is the base's lane left
  /// over that holds most of its paired cards (at least half its cards); then, between two paired
  /// lanes, as many left over on each side are paired in order (lanes renamed in place, empty ones
  /// too).
  mutating func pairLanes(_ base: Version, _ other: Version) {
    let (a, b) = (base.arrangement.sections, other.arrangement.sections)
    func title(_ section: Section) -> String { (section.isUntitled ? "\n" : "") + section.displayTitle }
    var baseUsed = [Bool](repeating: false, count: a.count)
    var byTitle: [ExactString: [Int]] = [:]
    for (s, section) in a.enumerated().reversed() { byTitle[ExactString(title(section)), default: []].append(s) }
    for (t, section) in b.enumerated() {
      guard let s = byTitle[ExactString(title(section))]?.popLast() else { continue }
      sectionMatch[t] = s
      baseUsed[s] = true
    }
    // Most of its cards.
    if sectionMatch.contains(-1) {
      var votes: [Int: [Int: Int]] = [:]
      for (j, i) in tileMatch.enumerated() where i >= 0 && sectionMatch[other.section[j]] < 0 {
        votes[other.section[j], default: [:]][base.section[Int(i)], default: 0] += 1
      }
      for t in b.indices where sectionMatch[t] < 0 {
        guard let counts = votes[t] else { continue }
        let best = counts.filter { !baseUsed[$0.key] }.max { ($0.value, -$0.key) < ($1.value, -$1.key) }
        if let best, best.value * 2 >= b[t].count {
          sectionMatch[t] = best.key
          baseUsed[best.key] = true
        }
      }
    }
    // In place: as many left over on each side between two paired lanes.
    var previous = (-1, -1)
    let paired = b.indices.filter { sectionMatch[$0] >= 0 }.map { (sectionMatch[$0], $0) }
    for next in paired + [(a.count, b.count)] {
      defer { previous = next }
      guard next.0 > previous.0 + 1, next.1 > previous.1 + 1 else { continue }
      let gapA = ((previous.0 + 1)..<next.0).filter { !baseUsed[$0] }
      let gapB = ((previous.1 + 1)..<next.1).filter { sectionMatch[$0] < 0 }
      guard gapA.count == gapB.count else { continue }
      for (s, t) in zip(gapA, gapB) {
        sectionMatch[t] = s
        baseUsed[s] = true
      }
    }
  }
}

/// A card's text as the pairing compares it, and its exact lines.
enum CardText {
  static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3
  static let fnvStart: UInt64 = 0xCBF2_9CE4_8422_2325

  /// FNV-1a over the text's UTF-8 bytes, then a byte no UTF-8 text holds, so that pieces do not run
  /// into each other.
  @inline(__always)
  static func mix(_ h: inout UInt64, _ text: String) {
    @inline(__always) func mix(_ h: inout UInt64, _ bytes: some Sequence<UInt8>) {
      for b in bytes {
        h ^= UInt64(b)
        h = h &* fnvPrime
      }
    }
    // The bytes in place when the string has them contiguously (native strings always).
    if text.utf8.withContiguousStorageIfAvailable({ mix(&h, $0) }) == nil { mix(&h, text.utf8) }
    h ^= 0xFF
    h = h &* fnvPrime
  }

  static func fingerprint(of text: String) -> UInt64 {
    var h = fnvStart
    mix(&h, text)
    return h
  }

  /// Calls `body` with each piece of the card's text: its title, the lines under a Markdown item
  /// (the blank ones at its end left out), then each unknown key but the formats' objects and the
  /// checkbox (a table's other columns), and a color, width or lock of its own.
  static func forEachPiece(of tile: Tile, _ body: (String) -> Void) {
    body(tile.displayTitle)
    if let lines = itemLines(of: tile) {
      for line in lines.dropFirst() { body(line.string ?? "") }
    }
    forEachOtherKey(of: tile, body)
  }

  /// The card's unknown keys but the formats' objects and the checkbox, and a color, width or lock of
  /// its own, each as one piece.
  static func forEachOtherKey(of tile: Tile, _ body: (String) -> Void) {
    for field in tile.extras where !ExtrasKey.isFormatObject(field.key) && field.key != ExtrasKey.checked {
      body("\n" + field.key + "\n" + field.value.compactText)
    }
    if !DefaultColors.isMadeUp(tile), let color = tile.color { body("\ncolor\n" + color.spelling) }
    if let width = tile.width { body("\nwidth\n\(width)") }
    if let locked = tile.locked { body("\nlocked\n\(locked)") }
  }

  /// The text's fingerprint: equal for cards of equal text.
  static func print(of tile: Tile) -> UInt64 {
    var h = fnvStart
    forEachPiece(of: tile) { mix(&h, $0) }
    return h
  }

  /// The fingerprint of everything the card's file says of it (a Markdown item's lines as they are,
  /// its checkbox too): equal for cards written alike.
  static func exactPrint(of tile: Tile) -> UInt64 {
    var h = fnvStart
    if let lines = itemLines(of: tile) {
      for line in lines { mix(&h, line.string ?? "") }
    } else {
      mix(&h, tile.displayTitle)
      if let checked = tile.checkbox { mix(&h, "\nchecked\n\(checked)") }
    }
    forEachOtherKey(of: tile, { mix(&h, $0) })
    return h
  }

  /// A Markdown item's lines, its trailing blank lines left out (the first is always kept); nil for a
  /// card of another format.
  static func itemLines(of tile: Tile) -> ArraySlice<JSONValue>? {
    guard let lines = tile.formatObject(MarkdownBoard.key)?["lines"]?.array, !lines.isEmpty else { return nil }
    var end = lines.count
    while end > 1, let line = lines[end - 1].string, line.isBlankLine { end -= 1 }
    return lines[..<end]
  }
}

/// How alike two cards are (docs/merge.md, "Similar cards"): the share of characters kept between
/// their titles, or between their whole texts (title, the lines under it, other columns), whichever
/// is more — `2 × common / (characters of one + characters of the other)`, where `common` is the
/// length of a longest common subsequence of the two in lower case (the ratio diff tools call a
/// similarity; git's rename detection pairs files at half their content). So a card renamed keeps its
/// lines, and a card given a description keeps its title: either is the same card.
enum CardSimilarity {
  /// Two cards are one when more than half their characters are kept: `Call Ann` → `Call Ann today`
  /// (0.73), `Call Ann` → `Call Anna` (0.94), `bravo` → `bravo-renamed` (0.56), `Buy milk` → `Buy oat
  /// milk` (0.8) are renames; `Buy milk` → `Buy bread` (0.47) is not.
  static let threshold = 0.5

  /// The most characters of a text compared: a card's first 1,000 (its title and first lines).
  static let longest = 1000

  /// A card's text as compared: its title's characters and all its text's in lower case, and its
  /// words (runs of letters and digits) for finding candidates among many.
  struct Text {
    var title: Characters
    var scalars: Characters
    var words: Set<UInt64>

    init(_ tile: Tile) {
      var scalars: [UInt32] = []
      var words: Set<UInt64> = []
      var first = true
      CardText.forEachPiece(of: tile) { piece in
        if !first { scalars.append(0x0A) }
        first = false
        var h = CardText.fnvStart
        var inWord = false
        for scalar in piece.unicodeScalars {
          for lower in scalar.properties.lowercaseMapping.unicodeScalars where scalars.count < CardSimilarity.longest {
            scalars.append(lower.value)
          }
          if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            h = (h ^ UInt64(scalar.value)) &* CardText.fnvPrime
            inWord = true
          } else if inWord {
            words.insert(h)
            h = CardText.fnvStart
            inWord = false
          }
        }
        if inWord { words.insert(h) }
      }
      var title: [UInt32] = []
      for scalar in tile.displayTitle.unicodeScalars {
        for lower in scalar.properties.lowercaseMapping.unicodeScalars where title.count < CardSimilarity.longest {
          title.append(lower.value)
        }
      }
      self.title = Characters(title)
      self.scalars = Characters(scalars)
      self.words = words
    }
  }

  /// The similarity of two cards: their titles', or their whole texts', whichever is more.
  static func similarity(_ a: Text, _ b: Text) -> Double {
    max(similarity(a.title, b.title), similarity(a.scalars, b.scalars))
  }

  /// A text's characters made ready once for comparing with many others: sorted (for `bound`) and as
  /// the bit masks of `commonLength` — so comparing a card with a hundred others builds them once,
  /// not a hundred times.
  struct Characters {
    var scalars: [UInt32]
    var sorted: [UInt32]
    /// 64 characters to a word: how many words a mask has.
    var words: Int
    /// Per character, where its mask starts in `bits`.
    var masks: [UInt32: Int]
    /// Per character, the bits of the places it is at, `words` words each.
    var bits: [UInt64]

    init(_ scalars: [UInt32]) {
      self.scalars = scalars
      sorted = scalars.sorted()
      words = (scalars.count + 63) / 64
      masks = [:]
      bits = []
      for (i, c) in scalars.enumerated() {
        let start: Int
        if let known = masks[c] {
          start = known
        } else {
          start = bits.count
          masks[c] = start
          bits.append(contentsOf: repeatElement(0, count: words))
        }
        bits[start + i / 64] |= 1 << UInt64(i % 64)
      }
    }
  }

  /// `2 × common / (a + b)`; 0 when both are empty.
  static func similarity(_ a: Characters, _ b: Characters) -> Double {
    let total = a.scalars.count + b.scalars.count
    guard total > 0 else { return 0 }
    // At most as many in common as the two have of each character: no search when that is too few.
    guard Double(2 * bound(a.sorted, b.sorted)) / Double(total) > threshold else { return 0 }
    return Double(2 * commonLength(a, b.scalars)) / Double(total)
  }

  /// How many characters two sorted texts have in common counted as a bag: a bound on the common
  /// subsequence.
  static func bound(_ x: [UInt32], _ y: [UInt32]) -> Int {
    var (i, j, n) = (0, 0, 0)
    while i < x.count && j < y.count {
      if x[i] == y[j] {
        n += 1
        i += 1
        j += 1
      } else if x[i] < y[j] {
        i += 1
      } else {
        j += 1
      }
    }
    return n
  }

  /// The length of a longest common subsequence of `a` and `b`.
  static func commonLength(_ a: [UInt32], _ b: [UInt32]) -> Int {
    commonLength(Characters(a), b)
  }

  /// The length of a longest common subsequence of `a` and `b`, 64 of `a`'s characters at a time in
  /// the bits of a word (Hyyrö's bit-parallel form of the table). - Complexity: O(|a|·|b| / 64).
  static func commonLength(_ a: Characters, _ b: [UInt32]) -> Int {
    guard !a.scalars.isEmpty && !b.isEmpty else { return 0 }
    let words = a.words
    var v = [UInt64](repeating: ~0, count: words)
    for c in b {
      guard let start = a.masks[c] else { continue }  // no place in `a`: the column leaves `v` as it is
      var carry: UInt64 = 0
      for k in 0..<words {
        let m = a.bits[start + k]
        let u = v[k] & m
        let (sum1, o1) = v[k].addingReportingOverflow(u)
        let (sum2, o2) = sum1.addingReportingOverflow(carry)
        carry = (o1 || o2) ? 1 : 0
        v[k] = sum2 | (v[k] & ~m)
      }
    }
    var zeros = 0
    let count = a.scalars.count
    for k in 0..<words {
      let valid: UInt64 = k == words - 1 && count % 64 != 0 ? (1 << UInt64(count % 64)) - 1 : ~0
      zeros += (~v[k] & valid).nonzeroBitCount
    }
    return zeros
  }
}

/// The diff of two versions' card sequences, one line per card: git's line diff (TextMerge's), each
/// card's text fingerprint a line (`lineDiff(oldValues:newValues:)`: the changes of the text whose
/// lines are the fingerprints written out, without writing them).
enum CardSequenceDiff {
  /// The changes from `old` to `new` (lines of each replaced by lines of the other), in order.
  static func changes(_ old: [UInt64], _ new: [UInt64]) -> [(old: Range<Int>, new: Range<Int>)] {
    TextMerge.lineDiff(oldValues: old, newValues: new).map { ($0.old, $0.new) }
  }
}
