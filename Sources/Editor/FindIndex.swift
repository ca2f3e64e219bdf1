import Document
import TileModel

/// Every tile's title and id folded for a case-insensitive search, in one byte array, so a find over a
/// million tiles is a scan of plain memory rather than a million string comparisons.
///
///     folded: "blue\u{0}blue\u{0}red\u{0}red\u{0}gray 44\u{0}gray44\u{0}…"
///     starts: [0, 10, 18, …]          tile k's text is folded[starts[k]..<starts[k + 1]]
///
/// ASCII is lower-cased byte by byte; other text is put in its compatibility forms (NFKC's mapping,
/// `CompatibilityTable`), lower-cased by Swift (Unicode's full case mapping) and put in canonical
/// composition, so "É", "é" and "e" + U+0301 all find "é", half-width "ﾀﾜｰ" finds "タワー" and "ﬁ" finds
/// "fi". Korean and Japanese have no case: they are matched as they are, composed.
///
/// - Complexity: built in O(total text); a search is O(total text) at worst, and when the query grows
///   (each keystroke of a find) only the previous matches are searched again.
struct FindIndex: Sendable {
  private(set) var folded: [UInt8] = []
  /// Where each tile's text starts, by `TileRef` index; one more entry marks the end.
  private(set) var starts: [Int32] = [0]
  /// The texts of tiles changed since they were indexed (renamed), by `TileRef` index: an edit
  /// replaces one entry here instead of shifting the whole array.
  private(set) var changed: [Int: [UInt8]] = [:]
  /// Titles are Markdown (a board's cards): a title is found by what is drawn of it too
  /// (`CardFace`), beside what is written.
  let markdown: Bool

  init(_ arrangement: Arrangement, markdown: Bool = false) {
    self.markdown = markdown
    folded.reserveCapacity(arrangement.tiles.slotCount * 16)
    starts.reserveCapacity(arrangement.tiles.slotCount + 1)
    catchUp(arrangement)
  }

  /// The searchable text of a tile: its title (or id), and its id when it has a title; a Markdown
  /// title as drawn too, when that differs.
  func text(of tile: Tile) -> [UInt8] {
    var bytes: [UInt8] = []
    append(tile.displayTitle, tile.title != nil ? tile.id : nil, to: &bytes)
    return bytes
  }

  /// Appends a tile's searchable text: `title` (or the id), the id when there is a title, and the
  /// title as drawn when it is Markdown that draws otherwise.
  private func append(_ title: String, _ id: String?, to bytes: inout [UInt8]) {
    Self.append(title, to: &bytes)
    bytes.append(0)
    if let id {
      Self.append(id, to: &bytes)
      bytes.append(0)
    }
    if markdown, let drawn = Self.drawn(title) {
      Self.append(drawn, to: &bytes)
      bytes.append(0)
    }
  }

  /// A Markdown title as drawn, when it differs from the title: only titles with a character that
  /// may be syntax are read (`CardFace.inline`).
  static func drawn(_ title: String) -> String? {
    guard title.utf8.contains(where: CardFace.mayBeSyntax) else { return nil }
    var dates: [String] = []
    let drawn = CardFace.inline(title, dates: &dates).map { $0.map(\.text).joined() }.joined(separator: " ")
    let all = ([drawn] + dates).filter { !$0.isEmpty }.joined(separator: " ")
    return all == title ? nil : all
  }

  /// Indexes the tiles added to the arrangement's store since the index was made or last caught up
  /// (added tiles take new slots at the end). - Complexity: O(their text).
  mutating func catchUp(_ arrangement: Arrangement) {
    let tiles = arrangement.tiles
    for slot in tileCount..<tiles.slotCount {
      // The store hands over each tile's title and id as bytes: a tile read from a file is never built.
      tiles.withText(of: TileRef(slot)) { title, id in
        Self.append(title ?? id, to: &folded)
        folded.append(0)
        if let title {
          Self.append(id, to: &folded)
          folded.append(0)
          if markdown, title.contains(where: CardFace.mayBeSyntax), let drawn = Self.drawn(String(decoding: title, as: UTF8.self)) {
            Self.append(drawn, to: &folded)
            folded.append(0)
          }
        }
      }
      starts.append(Int32(truncatingIfNeeded: folded.count))
    }
  }

  /// The tile in slot `ref` was replaced (renamed): its text is indexed again.
  mutating func reindex(_ ref: TileRef, _ arrangement: Arrangement) {
    guard Int(ref.index) < tileCount else { return catchUp(arrangement) }
    changed[Int(ref.index)] = text(of: arrangement[ref])
  }

  /// The folded form of `text`, as the index stores it.
  static func fold(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    append(text, to: &bytes)
    return bytes
  }

  private static func append(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { append($0, to: &bytes) }
  }

  /// `append(_:to:)` for text given as UTF-8 bytes (valid UTF-8).
  private static func append(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    if utf8.allSatisfy({ $0 < 0x80 }) {
      for b in utf8 {
        // NUL separates texts: a title holding one is searched as if it were a space.
        bytes.append(b == 0 ? 0x20 : (b >= 0x41 && b <= 0x5A ? b | 0x20 : b))
      }
      return
    }
    let text = String(decoding: utf8, as: UTF8.self)
    let lowered = Self.composed(CompatibilityTable.folded(text).lowercased())
    for b in lowered.utf8 { bytes.append(b == 0 ? 0x20 : b) }
  }

  /// Canonical composition (NFC) without Foundation: Swift compares strings by canonical equivalence,
  /// so walking the characters and keeping each one's first composed spelling is enough for search.
  private static func composed(_ text: String) -> String {
    var result = ""
    for character in text {
      // A precomposed form exists for most letters with marks; Swift's `Character` equality finds it.
      if character.unicodeScalars.count > 1, let single = precomposed(character) {
        result.unicodeScalars.append(single)
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The single scalar canonically equal to a multi-scalar character, if there is one. Decomposed text
  /// (as some systems write file names) is mostly a letter and one mark, or Hangul jamo: Hangul is
  /// composed by Unicode's arithmetic, a letter and a mark by trying the precomposed letters of
  /// Latin, Greek, Cyrillic and kana (a character is compared by canonical equivalence).
  private static func precomposed(_ character: Character) -> Unicode.Scalar? {
    let scalars = Array(character.unicodeScalars.map(\.value))
    // Hangul: a leading consonant, a vowel and maybe a trailing consonant make one syllable.
    if scalars.count >= 2, (0x1100...0x1112).contains(scalars[0]), (0x1161...0x1175).contains(scalars[1]) {
      let trailing = scalars.count == 3 && (0x11A8...0x11C2).contains(scalars[2]) ? scalars[2] - 0x11A7 : 0
      guard scalars.count == 2 || trailing != 0 else { return nil }
      return Unicode.Scalar(0xAC00 + ((scalars[0] - 0x1100) * 21 + (scalars[1] - 0x1161)) * 28 + trailing)
    }
    guard scalars.count == 2 else { return nil }
    for range in [0x00C0...0x04FF, 0x1E00...0x1FFF, 0x3040...0x30FF] {
      for candidate in range {
        if let scalar = Unicode.Scalar(candidate), Character(scalar) == character { return scalar }
      }
    }
    return nil
  }

  var tileCount: Int { starts.count - 1 }

  /// Whether tile `ref`'s text contains `query` (already folded).
  func contains(_ query: [UInt8], tile ref: Int) -> Bool {
    if let text = changed[ref] { return Self.contains(query, in: text, from: 0, to: text.count) }
    return Self.contains(query, in: folded, from: Int(starts[ref]), to: Int(starts[ref + 1]))
  }

  private static func contains(_ query: [UInt8], in folded: [UInt8], from start: Int, to end: Int) -> Bool {
    let n = query.count
    guard n > 0 else { return true }
    guard end - start >= n else { return false }
    return folded.withUnsafeBufferPointer { text in
      query.withUnsafeBufferPointer { q in
        let first = q[0]
        var i = start
        let last = end - n
        while i <= last {
          if text[i] == first {
            var k = 1
            while k < n && text[i + k] == q[k] { k += 1 }
            if k == n { return true }
          }
          i += 1
        }
        return false
      }
    }
  }
}

/// The tiles a find matches: one bit per tile, by `TileRef` index.
struct MatchSet: Equatable, Sendable {
  private(set) var words: [UInt64]
  private(set) var count = 0

  init(tileCount: Int) {
    words = [UInt64](repeating: 0, count: (tileCount + 63) / 64)
  }

  subscript(ref: Int) -> Bool {
    ref >> 6 < words.count && words[ref >> 6] & (1 << UInt64(ref & 63)) != 0
  }

  mutating func insert(_ ref: Int) {
    while ref >> 6 >= words.count { words.append(0) }
    guard !self[ref] else { return }
    words[ref >> 6] |= 1 << UInt64(ref & 63)
    count += 1
  }

  mutating func remove(_ ref: Int) {
    guard ref >> 6 < words.count, self[ref] else { return }
    words[ref >> 6] &= ~(1 << UInt64(ref & 63))
    count -= 1
  }

  /// Every tile matching `query` in `index`; when `within` is given (the matches of a shorter query
  /// that this one extends), only those are searched.
  static func matching(_ query: [UInt8], in index: FindIndex, within previous: MatchSet? = nil) -> MatchSet {
    var set = MatchSet(tileCount: index.tileCount)
    if let previous {
      for (w, word) in previous.words.enumerated() where word != 0 {
        var bits = word
        while bits != 0 {
          let ref = w << 6 + bits.trailingZeroBitCount
          bits &= bits - 1
          if index.contains(query, tile: ref) { set.insert(ref) }
        }
      }
      return set
    }
    for ref in 0..<index.tileCount where index.contains(query, tile: ref) { set.insert(ref) }
    return set
  }
}
