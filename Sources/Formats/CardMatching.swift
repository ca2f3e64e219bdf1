import TileModel

/// Pairs the cards of two versions of a file whose cards have no ids of their own (a Markdown board, a
/// lines file, a table without an `id` column), as a careful person would pair them
/// (docs/version-control.md, "Boards, lists and tables"). Reading such a file makes each tile's id
/// from its title, so by ids alone a renamed card is one deleted and another added, and of two equal
/// titles the second's id (`x-2`) goes to whichever comes second. The pairing, in reading order:
///
/// 1. **Unchanged cards in place**: the two sequences of card texts (a card's lines, its trailing
///    blank lines left out; a line; a row) aligned as a line diff aligns lines — common start and end,
///    then a longest common subsequence of what is left when it is small (as git's default diff
///    finds one), else the texts that occur once on each side as anchors (their longest common run,
///    as patience diff takes it), and the same again between each two anchors; where no text is
///    unique, a longest common subsequence of the stretch. Equal titles are so told apart by their neighbours;
///    of twins side by side, the one added or taken away is the later, unless the other was changed
///    beside the first (`slideDown`, git's placing of a change among equal lines).
/// 2. **Moved cards**: the cards left over with equal text, in order of occurrence.
/// 3. **Moved and changed**: a card left over whose lines are at least half the same as one's on the
///    other side (2 × common / (lines + lines) ≥ ½, git's rename similarity), best pairs first (of
///    pairs as alike, those under lanes of one title first); then
///    the cards left over with equal titles, in order of occurrence (a card checked and moved to Done).
/// 4. **Sections** by title (aligned likewise), then a section left over is the one holding most of its
///    cards, or in place among the paired ones: a renamed lane.
/// 5. **Renamed in place**: between two cards paired in step 1, as many cards left over on each side,
///    paired in order where their sections are paired.
///
/// The result re-keys the other version: each paired card takes the base's id (and, when its color is
/// the one its old id made up, the one the base's id makes up), each paired section likewise, and a
/// card's or heading's line that differs from the base's only by its title or checkbox is written as
/// the base's (the writer writes it again from the title, so the bytes are the same), so that `diff`
/// shows a rename as one `set … title` line and `merge` takes the title and the lines apart. A card
/// left over keeps its id unless the base has it, when it gets the first free `ID-N`.
///
/// - Complexity: O(n log n) in the cards when the versions are mostly alike; the anchors' tables and
///   the leftovers' cost grow with what changed.
struct CardMatching: Sendable {
  /// Which of an arrangement's tiles have ids made from their titles.
  enum Kind: Equatable, Sendable {
    /// JSON: every id is the file's own.
    case none
    /// Markdown, lines, a table without an `id` column.
    case all
    /// A table with an `id` column: the rows whose cell was empty (`csv.blankID`).
    case blankIDs(String)

    init(_ arrangement: Arrangement, format: ArrangementFormat) {
      switch format {
      case .json: self = .none
      case .markdown, .lines: self = .all
      case .csv, .tsv:
        let separator: Table.Separator = format == .csv ? .comma : .tab
        let columns = Table.storedColumns(arrangement, separator)
        self = columns.contains { Table.Known(header: $0) == .id } ? .blankIDs(separator.key) : .all
      }
    }

    func covers(_ tile: Tile) -> Bool {
      switch self {
      case .none: return false
      case .all: return true
      case .blankIDs(let key): return tile.formatObject(key)?["blankID"]?.bool == true
      }
    }
  }

  /// For each of the other version's tiles, in reading order, the index in reading order of the
  /// base's tile it is (-1: none).
  var tileMatch: [Int32]
  /// For each of the other version's sections, the index of the base's section it is (-1: none).
  var sectionMatch: [Int]
  /// The two versions' tiles in reading order.
  let baseTiles: [Tile]
  let otherTiles: [Tile]

  // MARK: - Fingerprints

  static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3
  static let fnvStart: UInt64 = 0xCBF2_9CE4_8422_2325

  /// FNV-1a over the line's UTF-8 bytes, then a byte no UTF-8 text holds, so that lines do not run
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

  /// Calls `body` with each line of the card's text: a Markdown item's lines (its trailing blank lines
  /// left out), or its title; then each unknown key but the formats' objects (a table's other
  /// columns; `checked`, which an item's line already shows), and a color, width or lock of its own.
  static func forEachLine(of tile: Tile, _ body: (String) -> Void) {
    var hasItemLines = false
    if let lines = itemLines(of: tile) {
      for line in lines { body(line.string ?? "") }
      hasItemLines = true
    } else {
      body(tile.displayTitle)
    }
    for field in tile.extras where !ExtrasKey.isFormatObject(field.key) {
      if hasItemLines && field.key == ExtrasKey.checked { continue }
      body("\n" + field.key + "\n" + field.value.compactText)
    }
    if !DefaultColors.isMadeUp(tile), let color = tile.color { body("\ncolor\n" + color.spelling) }
    if let width = tile.width { body("\nwidth\n\(width)") }
    if let locked = tile.locked { body("\nlocked\n\(locked)") }
  }

  /// A Markdown item's lines, its trailing blank lines left out (the first is always kept); nil for a
  /// card of another format.
  static func itemLines(of tile: Tile) -> ArraySlice<JSONValue>? {
    guard let lines = tile.formatObject(ExtrasKey.markdown)?["lines"]?.array, !lines.isEmpty else { return nil }
    var end = lines.count
    while end > 1, let line = lines[end - 1].string, line.isBlankLine { end -= 1 }
    return lines[..<end]
  }

  /// How `git merge-file` reads a card (`MergeLines`): a Markdown item is its lines (the blank ones at
  /// its end left out, as the pairing reads it) and its first line is the item's; a line or a row is one
  /// line, the whole card.
  static let lineReading = MergeLines(
    count: { tile in Int32(itemLines(of: tile)?.count ?? 1) },
    head: { tile in
      if let first = itemLines(of: tile)?.first { return fingerprint(of: first.string ?? "") }
      return fingerprint(of: tile)
    })

  static func fingerprint(of tile: Tile) -> UInt64 {
    var h = fnvStart
    forEachLine(of: tile) { mix(&h, $0) }
    return h
  }

  static func lineFingerprints(of tile: Tile) -> [UInt64] {
    var result: [UInt64] = []
    forEachLine(of: tile) { result.append(fingerprint(of: $0)) }
    return result
  }

  // MARK: - Pairing

  /// One version as the pairing reads it, made once (a merge pairs both sides with one base).
  struct Version: Sendable {
    let arrangement: Arrangement
    let kind: Kind
    /// The tiles in reading order, and the section of each.
    let tiles: [Tile]
    let section: [Int]
    /// The tiles taking part (those `kind` covers), by their index in reading order, and their texts'
    /// fingerprints.
    let covered: [Int]
    let prints: [UInt64]
    /// The sequence step 1 aligns: each section's heading, then its covered cards; for each element
    /// the index into `covered`, or -1 for a heading.
    let keys: [UInt64]
    let card: [Int32]

    init(_ arrangement: Arrangement, _ kind: Kind) {
      self.arrangement = arrangement
      self.kind = kind
      tiles = arrangement.allTiles()
      section = CardMatching.sectionOfEachTile(arrangement)
      let tiles = self.tiles
      covered = kind == .all ? Array(tiles.indices) : tiles.indices.filter { kind.covers(tiles[$0]) }
      prints = covered.map { CardMatching.fingerprint(of: tiles[$0]) }
      var keys: [UInt64] = []
      var card: [Int32] = []
      keys.reserveCapacity(covered.count + arrangement.sections.count)
      card.reserveCapacity(covered.count + arrangement.sections.count)
      var k = 0
      var first = 0
      for section in arrangement.sections {
        keys.append(CardMatching.fingerprint(of: "\u{1}" + section.displayTitle) ^ 0x5EC7)
        card.append(-1)
        first += section.count
        while k < covered.count && covered[k] < first {
          keys.append(prints[k])
          card.append(Int32(k))
          k += 1
        }
      }
      self.keys = keys
      self.card = card
    }
  }

  /// Pairs `other`'s tiles (those its kind covers) with `base`'s.
  init(base baseVersion: Version, other otherVersion: Version) {
    let (base, other) = (baseVersion.arrangement, otherVersion.arrangement)
    baseTiles = baseVersion.tiles
    otherTiles = otherVersion.tiles
    let (baseTiles, otherTiles) = (self.baseTiles, self.otherTiles)
    let baseSection = baseVersion.section
    let otherSection = otherVersion.section
    tileMatch = [Int32](repeating: -1, count: otherTiles.count)
    sectionMatch = [Int](repeating: -1, count: other.sections.count)
    let (a, b) = (baseVersion.covered, otherVersion.covered)
    let (fa, fb) = (baseVersion.prints, otherVersion.prints)
    var baseUsed = [Bool](repeating: false, count: baseTiles.count)

    // 1. Unchanged cards in place: the sequences hold each section's heading too, so that a card is
    // in place only under the same heading.
    let (sa, ca) = (baseVersion.keys, baseVersion.card)
    let (sb, cb) = (otherVersion.keys, otherVersion.card)
    let aligned = Self.align(sa, sb, slidingDown: (ca, cb))
    var inPlace: [(Int, Int)] = []  // (base, other) reading-order indexes, increasing in both
    for (q, p) in aligned.enumerated() where p >= 0 && cb[q] >= 0 && ca[Int(p)] >= 0 {
      let (i, j) = (a[Int(ca[Int(p)])], b[Int(cb[q])])
      tileMatch[j] = Int32(i)
      baseUsed[i] = true
      inPlace.append((i, j))
    }

    // 2. Moved cards: equal text, in order of occurrence.
    func pairLeftovers(by key: (Tile) -> UInt64, _ keyA: [UInt64]?, _ keyB: [UInt64]?) {
      var queues: [UInt64: [Int]] = [:]
      for (k, i) in a.enumerated() where !baseUsed[i] { queues[keyA?[k] ?? key(baseTiles[i]), default: []].append(i) }
      guard !queues.isEmpty else { return }
      var heads: [UInt64: Int] = [:]
      for (k, j) in b.enumerated() where tileMatch[j] < 0 {
        let f = keyB?[k] ?? key(otherTiles[j])
        guard let queue = queues[f] else { continue }
        let h = heads[f, default: 0]
        guard h < queue.count else { continue }
        heads[f] = h + 1
        tileMatch[j] = Int32(queue[h])
        baseUsed[queue[h]] = true
      }
    }
    pairLeftovers(by: Self.fingerprint(of:), fa, fb)
    // 3. Mostly the same lines, then equal titles.
    // Of pairs as alike, those under lanes of the same title first.
    let sameLane: (Int, Int) -> Bool = { i, j in
      base.sections[baseSection[i]].displayTitle.isExactly(other.sections[otherSection[j]].displayTitle)
    }
    matchSimilar(a.filter { !baseUsed[$0] }, baseTiles, b.filter { tileMatch[$0] < 0 }, otherTiles, sameLane, &baseUsed)
    pairLeftovers(by: { Self.fingerprint(of: $0.displayTitle) }, nil, nil)

    // 4. Sections.
    matchSections(base, other, baseSection: baseSection, otherSection: otherSection)

    // 5. Renamed in place: the gaps between the cards paired in step 1.
    var (ka, kb) = (0, 0)
    for next in inPlace + [(baseTiles.count, otherTiles.count)] {
      var gapA: [Int] = []
      var gapB: [Int] = []
      while ka < a.count && a[ka] <= next.0 {
        if a[ka] < next.0 && !baseUsed[a[ka]] { gapA.append(a[ka]) }
        ka += 1
      }
      while kb < b.count && b[kb] <= next.1 {
        if b[kb] < next.1 && tileMatch[b[kb]] < 0 { gapB.append(b[kb]) }
        kb += 1
      }
      guard !gapA.isEmpty && gapA.count == gapB.count else { continue }
      for (i, j) in zip(gapA, gapB) where sectionMatch[otherSection[j]] == baseSection[i] {
        tileMatch[j] = Int32(i)
        baseUsed[i] = true
      }
    }

  }

  static func sectionOfEachTile(_ arrangement: Arrangement) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(arrangement.tileCount)
    for (s, section) in arrangement.sections.enumerated() {
      result.append(contentsOf: repeatElement(s, count: section.count))
    }
    return result
  }

  /// Sections by title (aligned as the cards are), then a section left over is the base's that holds
  /// most of its paired cards, or the one at its place among the paired sections.
  mutating func matchSections(_ base: Arrangement, _ other: Arrangement, baseSection: [Int], otherSection: [Int]) {
    func key(_ section: Section) -> UInt64 {
      Self.fingerprint(of: (section.isUntitled ? "\n" : "") + section.displayTitle)
    }
    let aligned = Self.align(base.sections.map(key), other.sections.map(key))
    var baseUsed = [Bool](repeating: false, count: base.sections.count)
    for (t, s) in aligned.enumerated() where s >= 0 {
      sectionMatch[t] = Int(s)
      baseUsed[Int(s)] = true
    }
    // Most of its cards.
    if sectionMatch.contains(-1) {
      var votes: [Int: [Int: Int]] = [:]
      for (j, i) in tileMatch.enumerated() where i >= 0 && sectionMatch[otherSection[j]] < 0 {
        votes[otherSection[j], default: [:]][baseSection[Int(i)], default: 0] += 1
      }
      for t in other.sections.indices where sectionMatch[t] < 0 {
        guard let counts = votes[t] else { continue }
        let best = counts.filter { !baseUsed[$0.key] }.max { ($0.value, -$0.key) < ($1.value, -$1.key) }
        if let best, best.value * 2 >= other.sections[t].count {
          sectionMatch[t] = best.key
          baseUsed[best.key] = true
        }
      }
    }
    // In place: as many left over on each side between two paired sections.
    var previous = (-1, -1)
    let paired = other.sections.indices.filter { sectionMatch[$0] >= 0 }.map { (sectionMatch[$0], $0) }
    for next in paired + [(base.sections.count, other.sections.count)] {
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

  /// Step 3: the leftovers of two lines or more whose lines are at least half the same, best pairs
  /// first, and of pairs as alike those `sameLane` says are under lanes of one title (a card changed
  /// in its lane, rather than its twin changed in another). Lines found in many cards (a template's)
  /// say nothing and are left out.
  mutating func matchSimilar(
    _ a: [Int], _ baseTiles: [Tile], _ b: [Int], _ otherTiles: [Tile], _ sameLane: (Int, Int) -> Bool,
    _ baseUsed: inout [Bool]
  ) {
    guard !a.isEmpty && !b.isEmpty else { return }
    var linesA: [Int: [UInt64]] = [:]
    var index: [UInt64: [Int]] = [:]
    for i in a {
      let lines = Self.lineFingerprints(of: baseTiles[i])
      guard lines.count >= 2 else { continue }
      linesA[i] = lines
      for f in Set(lines) { index[f, default: []].append(i) }
    }
    guard !index.isEmpty else { return }
    var candidates: [(score: Double, lane: Bool, i: Int, j: Int)] = []
    for j in b {
      let lines = Self.lineFingerprints(of: otherTiles[j])
      guard lines.count >= 2 else { continue }
      var shared: [Int: Int] = [:]
      var counts: [UInt64: Int] = [:]
      for f in lines { counts[f, default: 0] += 1 }
      for (f, n) in counts {
        guard let holders = index[f], holders.count <= 16 else { continue }
        for i in holders {
          let inA = linesA[i]!.reduce(0) { $0 + ($1 == f ? 1 : 0) }
          shared[i, default: 0] += min(n, inA)
        }
      }
      for (i, common) in shared {
        let score = Double(2 * common) / Double(linesA[i]!.count + lines.count)
        if score >= 0.5 { candidates.append((score, sameLane(i, j), i, j)) }
      }
    }
    candidates.sort { ($0.score, $0.lane ? 1 : 0, -$0.i, -$0.j) > ($1.score, $1.lane ? 1 : 0, -$1.i, -$1.j) }
    for c in candidates where !baseUsed[c.i] && tileMatch[c.j] < 0 {
      tileMatch[c.j] = Int32(c.i)
      baseUsed[c.i] = true
    }
  }

  // MARK: - Alignment

  /// For each element of `b`, the index of the element of `a` it is aligned with (-1: none): a common
  /// subsequence of equal values, as a line diff finds one (see the type's step 1); with `cards` (for
  /// each element of `a` and of `b`, -1 where it is a heading), its changes slid down past equal cards.
  static func align(_ a: [UInt64], _ b: [UInt64], slidingDown cards: ([Int32], [Int32])? = nil) -> [Int32] {
    var match = [Int32](repeating: -1, count: b.count)
    var stack: [(Int, Int, Int, Int)] = [(0, a.count, 0, b.count)]
    while let (a0, a1, b0, b1) = stack.popLast() {
      var (lo, lb) = (a0, b0)
      while lo < a1 && lb < b1 && a[lo] == b[lb] {
        match[lb] = Int32(lo)
        lo += 1
        lb += 1
      }
      var (hi, hb) = (a1, b1)
      while hi > lo && hb > lb && a[hi - 1] == b[hb - 1] {
        hi -= 1
        hb -= 1
        match[hb] = Int32(hi)
      }
      guard lo < hi && lb < hb else { continue }
      // A small stretch: its longest common subsequence, as a minimal line diff (git's) aligns it;
      // patience's anchors can keep one card in place at the cost of several (a card moved past
      // its twins).
      if (hi - lo) * (hb - lb) <= 1 << 16 {
        commonSubsequence(a, lo, hi, b, lb, hb, &match)
        continue
      }
      // The values that occur once in each stretch.
      var counts: [UInt64: (inA: Int32, atA: Int32, inB: Int32, atB: Int32)] = [:]
      counts.reserveCapacity(hi - lo)
      for i in lo..<hi {
        if let c = counts[a[i]] {
          counts[a[i]] = (c.inA + 1, c.atA, 0, -1)
        } else {
          counts[a[i]] = (1, Int32(i), 0, -1)
        }
      }
      for j in lb..<hb {
        guard let c = counts[b[j]] else { continue }
        counts[b[j]] = (c.inA, c.atA, c.inB + 1, Int32(j))
      }
      var anchorsA: [Int32] = []
      var anchorsB: [Int32] = []
      for i in lo..<hi {
        let c = counts[a[i]]!
        if c.inA == 1 && c.inB == 1 {
          anchorsA.append(Int32(i))
          anchorsB.append(c.atB)
        }
      }
      if anchorsA.isEmpty {
        commonSubsequence(a, lo, hi, b, lb, hb, &match)
        continue
      }
      var (pa, pb) = (lo, lb)
      for k in Sequences.earliestLongestIncreasing(anchorsB) {
        let (i, j) = (Int(anchorsA[k]), Int(anchorsB[k]))
        match[j] = Int32(i)
        if i > pa && j > pb { stack.append((pa, i, pb, j)) }
        (pa, pb) = (i + 1, j + 1)
      }
      if hi > pa && hb > pb { stack.append((pa, hi, pb, hb)) }
    }
    if let cards { slideDown(a, b, cards: cards, &match) }
    return match
  }

  /// Places each run of unaligned cards (on either side) as git's line diff places a change group
  /// among equal lines, so that twins pair as `git merge-file` pairs them: the run is slid up as far as
  /// it goes while its last card equals the one before it, then down as far as it goes while its first
  /// card equals the one after it (runs it meets join it); if at some of those places the other
  /// version has a change at the same place (a card renamed in place: a removal beside an addition), it
  /// ends at the last such place, else as far down as it went. So of twins side by side the one added
  /// or taken away is the later (`x x` → `x x x` added the third), unless the other version changed
  /// something beside the first (`d x x` → `x x x`: `d` renamed in place). The base's runs are placed
  /// first, then the other version's, as git does. A run never takes in or passes a heading.
  ///
  /// - Complexity: O(n) plus the lengths slid.
  static func slideDown(_ a: [UInt64], _ b: [UInt64], cards: ([Int32], [Int32]), _ match: inout [Int32]) {
    var inverse = [Int32](repeating: -1, count: a.count)
    for (j, i) in match.enumerated() where i >= 0 { inverse[Int(i)] = Int32(j) }
    // The runs of `values` whose `partner` is -1; `other` is the other version's partner array.
    func compact(_ values: [UInt64], _ card: [Int32], _ partner: inout [Int32], _ other: inout [Int32]) {
      let n = values.count
      // Whether the other version has a change between the aligned cards around the run s..<e.
      func facesChange(_ s: Int, _ e: Int) -> Bool {
        (e == n ? Int32(other.count) : partner[e]) > (s == 0 ? -1 : partner[s - 1]) + 1
      }
      // Card e - 1 of the run becomes aligned with what s - 1 was aligned with (slide up), or card s
      // with what e was (slide down).
      func take(_ from: Int, _ to: Int) {
        partner[to] = partner[from]
        other[Int(partner[to])] = Int32(to)
        partner[from] = -1
      }
      var s = 0
      while s < n {
        guard partner[s] < 0 else {
          s += 1
          continue
        }
        var e = s
        var headed = false
        func extend() {
          while e < n && partner[e] < 0 {
            if card[e] < 0 { headed = true }
            e += 1
          }
        }
        extend()
        guard !headed else {
          s = e
          continue
        }
        var slid = false
        var lastFacing = -1
        var size: Int
        repeat {
          size = e - s
          lastFacing = -1
          while !headed && s > 0 && card[s - 1] >= 0 && values[s - 1] == values[e - 1] {
            take(s - 1, e - 1)
            s -= 1
            e -= 1
            slid = true
            while s > 0 && partner[s - 1] < 0 {
              s -= 1
              if card[s] < 0 { headed = true }
            }
          }
          if facesChange(s, e) { lastFacing = e }
          while !headed && e < n && card[e] >= 0 && values[s] == values[e] {
            take(e, s)
            s += 1
            e += 1
            slid = true
            extend()
            if facesChange(s, e) { lastFacing = e }
          }
        } while size != e - s && !headed
        if slid && !headed && lastFacing >= 0 {
          while e > lastFacing {
            take(s - 1, e - 1)
            s -= 1
            e -= 1
          }
        }
        s = e
      }
    }
    compact(a, cards.0, &inverse, &match)
    compact(b, cards.1, &match, &inverse)
  }

  /// A longest common subsequence of `a[lo..<hi]` and `b[lb..<hb]` (no value in them occurs once on
  /// each side), by the table of prefix lengths when it is small; a long stretch of repeated texts
  /// (a hundred equal cards) is paired in order instead.
  static func commonSubsequence(
    _ a: [UInt64], _ lo: Int, _ hi: Int, _ b: [UInt64], _ lb: Int, _ hb: Int, _ match: inout [Int32]
  ) {
    let (n, m) = (hi - lo, hb - lb)
    guard n * m <= 1 << 20 else {
      // Each of b's elements paired with the first equal one of a's after the last paired: the
      // places of each value in a, and how far each list has been passed.
      var places: [UInt64: [Int32]] = [:]
      for i in lo..<hi { places[a[i], default: []].append(Int32(i)) }
      var passed: [UInt64: Int] = [:]
      var i = Int32(lo)
      for j in lb..<hb {
        guard let list = places[b[j]] else { continue }
        var p = passed[b[j], default: 0]
        while p < list.count && list[p] < i { p += 1 }
        passed[b[j]] = p
        if p < list.count {
          match[j] = list[p]
          i = list[p] + 1
        }
      }
      return
    }
    // lengths[(x) * (m + 1) + y]: the LCS of a[lo + x...] and b[lb + y...].
    var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
    for x in stride(from: n - 1, through: 0, by: -1) {
      for y in stride(from: m - 1, through: 0, by: -1) {
        lengths[x * (m + 1) + y] =
          a[lo + x] == b[lb + y]
          ? lengths[(x + 1) * (m + 1) + y + 1] + 1
          : max(lengths[(x + 1) * (m + 1) + y], lengths[x * (m + 1) + y + 1])
      }
    }
    var (x, y) = (0, 0)
    while x < n && y < m {
      if a[lo + x] == b[lb + y] {
        match[lb + y] = Int32(lo + x)
        x += 1
        y += 1
      } else if lengths[(x + 1) * (m + 1) + y] >= lengths[x * (m + 1) + y + 1] {
        x += 1
      } else {
        y += 1
      }
    }
  }
}
