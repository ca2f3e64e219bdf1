import TileModel

// Reading tiles, where a large file spends its time: what reading them keeps, a cache of their colors,
// and a fast path for tiles in the common form. The general reader (`readTile` in Arrangement+JSON.swift)
// reads every other tile and reports every error.

/// A tile of the common form as the fast paths find it: where its parts are in the input, as
/// offsets (plain integers, so that the fast paths' loops keep them in registers).
struct CommonTile {
  /// The tile's bytes, from its `{` to after its `}`.
  var start = 0
  var end = 0
  /// The id's bytes (between the quotes).
  var idStart = 0
  var idEnd = 0
  /// The title's bytes; `titleStart` -1 when the tile has none.
  var titleStart = -1
  var titleEnd = 0
  /// The color's bytes (`colorStart` -1 when the tile has none) and its number (`ColorCache.code`).
  var colorStart = -1
  var colorEnd = 0
  var colorCode = 0
  /// 0 absent, 1 false, 2 true (as `TileRecord` keeps it).
  var locked = 0
  /// 0 when the tile has no width.
  var width = 0
}

/// What reading tiles accumulates across sections. Every mode reads and checks the same way; they
/// differ only in what they keep of a tile once it is read.
package struct TileContext {
  package enum Mode {
    /// Keep every tile (its record and bytes in `text`), for an arrangement.
    case keep
    /// Keep nothing but the hashes of the ids: `Arrangement.validate(json:)`.
    case check
    /// Reading again after the hashes of two ids were equal: find the first id that repeats, in file
    /// order, among the tiles whose hash is one of these (`duplicate`).
    case findDuplicate(Set<UInt64>)
  }

  let mode: Mode
  /// Whether tiles in the common form are read by the fast paths (always, but in the tests that
  /// compare them with the general reader).
  var usesFastPaths = true
  /// Tiles read so far; the next tile's slot.
  private(set) var count = 0
  var ids: TileIDHashes
  var colors = ColorCache()
  /// The kept tiles' memory (`.keep` only), where its records and bytes are, and how many bytes are
  /// written.
  let text: TileText?
  private let records: UnsafeMutablePointer<TileRecord>?
  private let textBytes: UnsafeMutablePointer<UInt8>?
  private var textCount = 0
  /// Records written in `text` (`count` less the tiles taken from a `ReadAhead`).
  private(set) var recorded = 0
  /// Which slots are in `text` and which in a `ReadAhead`'s (`FileTiles.Part`).
  private var parts: [FileTiles.Part] = []
  /// The second reader, if one reads ahead, and where its next chunk may start: a tile starting at or
  /// past `adoptFrom` may be one it has read (`adopt`); `Int.max` when there is none to look for.
  private var ahead: ReadAhead?
  private(set) var adoptFrom = Int.max
  private var nextChunk = 0
  /// How many tiles were taken from the second reader.
  private(set) var taken = 0
  /// `.findDuplicate`'s hashes.
  private let repeated: Set<UInt64>?
  /// Hands back the input's bytes before an offset once every tile in them is read (see
  /// `Arrangement.init(json:releasing:)`), a few megabytes at a time.
  let release: ((Range<Int>) -> Void)?
  private var released = 0
  /// `.findDuplicate`: where each id with a repeated hash was first seen, and the error once found.
  private var firstPlace: [ExactString: ItemPath] = [:]
  private(set) var duplicate: LoadError?
  /// The section being read and the slot of its first tile, for `.findDuplicate`'s places.
  var section = 0
  var sectionStart = 0

  package init(mode: Mode, inputCount: Int, release: ((Range<Int>) -> Void)? = nil) {
    self.mode = mode
    self.release = release
    // At most one tile per ten bytes; reserving costs nothing until written.
    ids = TileIDHashes(capacity: inputCount / 10 + 1)
    switch mode {
    case .keep:
      let text = TileText(inputCount: inputCount)
      (self.text, records, textBytes, repeated) = (text, text.records, text.bytes, nil)
      parts = [FileTiles.Part(first: 0, offset: 0, records: text.records, bytes: text.bytes, text: 0)]
    case .check:
      (text, records, textBytes, repeated) = (nil, nil, nil, nil)
    case .findDuplicate(let hashes):
      (text, records, textBytes, repeated) = (nil, nil, nil, hashes)
    }
  }

  /// Stores a tile of the common form, read from `scanner`'s bytes: `idHash` is the hash of its id.
  @inline(__always)
  mutating func add(_ tile: borrowing CommonTile, idHash: UInt64, in scanner: JSONScanner) {
    ids.append(idHash)
    if keepsTiles {
      keepRecord(of: tile, in: scanner)
    } else if repeated != nil {
      let id = tile.idStart..<tile.idEnd
      noteIfRepeated(idHash, scanner.string(in: id))
    }
    count &+= 1
  }

  /// `.keep`.
  var keepsTiles: Bool { records != nil }

  /// `.keep`: the tile's record and bytes.
  @inline(__always)
  private mutating func keepRecord(of tile: borrowing CommonTile, in scanner: JSONScanner) {
    let records = self.records.unsafelyUnwrapped
    let textBytes = self.textBytes.unsafelyUnwrapped
    let idCount = tile.idEnd &- tile.idStart
    if idCount > 255 {
      // An id too long for its length byte: the tile is kept as its text, as an unusual one is.
      records[recorded] = TileRecord(jsonStart: textCount, width: tile.width == 0 ? nil : tile.width)
      recorded &+= 1
      append(tile.start..<tile.end, from: scanner, to: textBytes)
      return
    }
    let spelled = tile.colorCode == TileRecord.spelledColor ? tile.colorEnd &- tile.colorStart : 0
    records[recorded] = TileRecord(
      start: textCount, hasTitle: tile.titleStart >= 0, locked: tile.locked, width: tile.width,
      color: tile.colorCode, spellingCount: spelled)
    recorded &+= 1
    textBytes[textCount] = UInt8(truncatingIfNeeded: idCount)
    textCount &+= 1
    let input = UnsafeRawPointer(scanner.bytes.baseAddress.unsafelyUnwrapped)
    let inputCount = scanner.bytes.count
    copy(input, tile.idStart, tile.idEnd, inputCount, textBytes)
    if tile.titleStart >= 0 { copy(input, tile.titleStart, tile.titleEnd, inputCount, textBytes) }
    if spelled > 0 { copy(input, tile.colorStart, tile.colorEnd, inputCount, textBytes) }
  }

  /// Appends the input's bytes from `start` to `end` to the text.
  @inline(__always)
  private mutating func copy(
    _ input: UnsafeRawPointer, _ start: Int, _ end: Int, _ inputCount: Int, _ textBytes: UnsafeMutablePointer<UInt8>
  ) {
    let n = end &- start
    let target = UnsafeMutableRawPointer(textBytes + textCount)
    if n <= 16 && start &+ 16 <= inputCount {
      // Two whole words, whatever the length: the text has 16 bytes of room past its end, and the
      // bytes past `n` are overwritten by the next copy.
      target.storeBytes(of: input.loadUnaligned(fromByteOffset: start, as: UInt64.self), as: UInt64.self)
      target.storeBytes(of: input.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
    } else {
      target.copyMemory(from: input + start, byteCount: n)
    }
    textCount &+= n
  }

  /// `.findDuplicate`: notes the id if its hash is one of the repeated ones.
  @inline(never)
  private mutating func noteIfRepeated(_ idHash: UInt64, _ id: @autoclosure () -> String) {
    if repeated.unsafelyUnwrapped.contains(idHash) { note(id()) }
  }

  /// Stores a tile read by the general reader: `tile` as it reads, from the input bytes in `range`.
  mutating func addGeneral(_ tile: Tile, idHash: UInt64, range: Range<Int>, in scanner: JSONScanner) {
    ids.append(idHash)
    if let records, let textBytes {
      records[recorded] = TileRecord(jsonStart: textCount, width: tile.width)
      recorded += 1
      append(range, from: scanner, to: textBytes)
    } else if repeated != nil {
      noteIfRepeated(idHash, tile.id)
    }
    count += 1
  }

  @inline(__always)
  private mutating func append(_ range: Range<Int>, from scanner: JSONScanner, to textBytes: UnsafeMutablePointer<UInt8>) {
    let n = range.count
    let source = scanner.bytes.baseAddress.unsafelyUnwrapped + range.lowerBound
    let target = textBytes + textCount
    if n <= 16 && range.lowerBound &+ 16 <= scanner.bytes.count {
      // Two whole words, whatever the length: the text has 16 bytes of room past its end, and the
      // bytes past `n` are overwritten by the next copy.
      UnsafeMutableRawPointer(target).storeBytes(
        of: UnsafeRawPointer(source).loadUnaligned(as: UInt64.self), as: UInt64.self)
      UnsafeMutableRawPointer(target + 8).storeBytes(
        of: UnsafeRawPointer(source + 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
    } else {
      target.update(from: source, count: n)
    }
    textCount &+= n
  }

  /// `.findDuplicate`: an id whose hash repeats; the error if it was seen before.
  private mutating func note(_ id: String) {
    let place = ItemPath(section, count - sectionStart)
    if duplicate == nil, let first = firstPlace.updateValue(place, forKey: ExactString(id)) {
      duplicate = .duplicateTileID(id, first: first, second: place)
    }
  }

  /// Lets go of the input before `offset` (where the next tile starts) once a few megabytes more are read.
  @inline(__always)
  mutating func passed(_ offset: Int) {
    guard offset &- released >= 1 << 22, let release else { return }
    release(released..<offset)
    released = offset
  }

  /// `.keep`: the record after the last one, which marks where the last tile's bytes end.
  mutating func closeRecords() {
    records?[recorded] = TileRecord(bits: UInt64(truncatingIfNeeded: textCount))
  }

  /// `.keep`: the tiles at these references, built (an edit script's section, read with its tiles).
  package mutating func finishedTiles(_ refs: [TileRef]) -> [Tile] {
    let tiles = finish()
    return refs.map { tiles.tile(at: Int($0.index)) }
  }

  /// `.keep`: the tiles read, as a store's source (after `finishReadingAhead`).
  mutating func finish() -> FileTiles {
    let text = self.text.unsafelyUnwrapped
    closeRecords()
    var parts = self.parts
    // A part of this text begun after the last tile taken from the other reader may have no tile.
    if parts.count > 1 && parts[parts.count - 1].first == count { parts.removeLast() }
    guard taken > 0, let ahead, let aheadText = ahead.text else {
      return FileTiles(parts: parts, texts: [text], colors: [colors.table], count: count)
    }
    return FileTiles(parts: parts, texts: [text, aheadText], colors: [colors.table, ahead.colors], count: count)
  }

  // MARK: - A second reader

  /// Starts a second reader from the middle of `input` when it is large enough to gain from one (see
  /// `ReadAhead`); `at` and `chunkSize` are for the tests, which also have it read everything
  /// before the reader starts (`first`).
  mutating func readAhead(
    in input: UnsafeBufferPointer<UInt8>, at start: Int? = nil, chunkSize: Int = 4096, first: Bool = false
  ) {
    guard usesFastPaths, ahead == nil else { return }
    switch mode {
    case .keep, .check: break
    case .findDuplicate: return
    }
    guard let start = start ?? (input.count >= ReadAhead.minimumInput ? input.count / 2 : nil),
      start > 0 && start < input.count
    else { return }
    let ahead = ReadAhead(input: input, from: start, keepsTiles: keepsTiles, release: release, chunkSize: chunkSize)
    self.ahead = ahead
    adoptFrom = start
    if first { ahead.run() } else { ahead.start() }
  }

  /// Stops the second reader, if there is one, and waits until it no longer reads the input; what it
  /// read can be looked at from then on (`finish`, the hashes).
  mutating func finishReadingAhead() {
    adoptFrom = .max
    ahead?.stop()
  }

  /// The tiles the second reader read from the tile starting at `start`, if it has read them (one
  /// chunk: their count and where the last one ends), taken as if read here; nil when the tile is
  /// to be read here, with `adoptFrom` moved to where to ask next.
  @inline(never)
  mutating func adopt(at start: Int) -> (end: Int, count: Int)? {
    guard let ahead else {
      adoptFrom = .max
      return nil
    }
    // Where it is before what it has published: a chunk published before it moved on is then seen.
    let position = ahead.position
    let published = ahead.published
    while nextChunk < published && ahead.chunk(nextChunk).start < start { nextChunk += 1 }
    if nextChunk < published {
      let chunk = ahead.chunk(nextChunk)
      guard chunk.start == start else {
        adoptFrom = chunk.start
        return nil
      }
      nextChunk += 1
      take(chunk, from: ahead)
      // Its next chunk, if any, starts past this one.
      adoptFrom = chunk.end
      return (chunk.end, chunk.count)
    }
    if position <= start {
      // This reader has caught up with the other: it reads the rest alone.
      ahead.requestStop()
      adoptFrom = .max
      return nil
    }
    adoptFrom = position
    return nil
  }

  /// Counts a chunk of the second reader's tiles as the next slots.
  private mutating func take(_ chunk: ReadAhead.Chunk, from ahead: ReadAhead) {
    taken += chunk.count
    ids.adopt(ahead.hashes.base + chunk.first, count: chunk.count, owner: ahead.hashes.owner)
    if let aheadText = ahead.text {
      // A part of this text with no tile yet gives way; the chunk continues the last part of the other
      // reader's text when it follows it there.
      if let last = parts.last, last.text == 0, last.first == count { parts.removeLast() }
      if let last = parts.last, last.text == 1, count + last.offset == chunk.first {
      } else {
        parts.append(
          FileTiles.Part(
            first: count, offset: chunk.first - count, records: aheadText.records, bytes: aheadText.bytes, text: 1))
      }
      count += chunk.count
      parts.append(
        FileTiles.Part(
          first: count, offset: recorded - count, records: records.unsafelyUnwrapped, bytes: textBytes.unsafelyUnwrapped,
          text: 0))
    } else {
      count += chunk.count
    }
  }
}

/// Colors seen so far, by their exact bytes: a file uses few colors, so most tiles find theirs with a
/// hash probe and a comparison of two words instead of building a string and looking up a name. The
/// colors it caches are numbered (`TileRecord`'s color table).
package struct ColorCache {
  package init() {}
  /// A cached spelling: its length and bytes (a cached spelling fits two words) and its color's
  /// index + 1 in `table` (0: an empty slot).
  private struct Slot {
    var head: UInt64 = 0
    var tail: UInt64 = 0
    var count = 0
    var index = 0
  }

  /// A file with many colors (`#RRGGBB` for each tile) gains nothing from caching the rest; a record
  /// numbers at most 126 colors.
  private static let capacity = 64
  /// Open addressing, at most half full, so a probe always ends at an empty slot. Allocated at the
  /// first color, so that a cache made for reading one tile costs nothing.
  private var slots: [Slot] = []
  /// The cached colors, numbered from 1 in records.
  private(set) var table: [TileColor] = []
  /// Spellings of one to sixteen bytes by those bytes as two words, the bytes past the spelling zero
  /// (no spelling has a zero byte, so the words are the spelling), with their numbers: `[head, tail,
  /// code, 0]` per slot, open addressing at most half full (a spelling is added once; past that, the
  /// other lookup answers). The canonical layout's fast path finds a color with one multiplication and
  /// a comparison or two.
  private var words: [UInt64] = []
  private var wordCount = 0
  private static let wordSlots = 256

  /// The color a string token spells, or nil when it is not a color.
  mutating func color(_ token: JSONScanner.StringToken, in scanner: JSONScanner) -> TileColor? {
    guard token.decoded == nil else { return TileColor(scanner.string(token)) }
    switch code(spelledBy: token.range, in: scanner) {
    case nil: return nil
    case TileRecord.spelledColor?: return TileColor(scanner.string(in: token.range))
    case let index?: return table[index - 1]
    }
  }

  /// The number of the color spelled by the input bytes in `range` (a string's, without escapes): its
  /// index + 1 in `table`, `TileRecord.spelledColor` for a color not cached, or nil when the spelling is
  /// no color.
  @inline(__always)
  mutating func code(spelledBy range: Range<Int>, in scanner: JSONScanner) -> Int? {
    let count = range.count
    // Every color name and `#RRGGBB` fit; longer spellings are not worth a slot.
    guard count <= 16, !slots.isEmpty else { return miss(range, in: scanner) }
    let (head, tail) = scanner.leadingWords(of: range)
    var slot = Self.slot(head, tail, count, in: slots.count)
    while slots[slot].index != 0 {
      if slots[slot].head == head && slots[slot].tail == tail && slots[slot].count == count {
        return slots[slot].index
      }
      slot = (slot + 1) & (slots.count - 1)
    }
    return miss(range, in: scanner)
  }

  /// The number of a spelling of one to sixteen bytes given as two words (`words`), if it was seen
  /// before; 0 if not.
  @inline(__always)
  func code(ofHead head: UInt64, tail: UInt64) -> Int {
    words.withUnsafeBufferPointer { words in
      guard !words.isEmpty else { return 0 }
      var slot = Self.wordSlot(head, tail)
      while words[slot] != 0 {
        if words[slot] == head && words[slot &+ 1] == tail { return Int(truncatingIfNeeded: words[slot &+ 2]) }
        slot = (slot &+ 4) & (4 &* Self.wordSlots &- 1)
      }
      return 0
    }
  }

  /// `code(spelledBy:in:)`, also remembered by its two words (not yet in `words`).
  mutating func code(spelledBy range: Range<Int>, head: UInt64, tail: UInt64, in scanner: JSONScanner) -> Int? {
    guard let code = code(spelledBy: range, in: scanner) else { return nil }
    guard wordCount < Self.wordSlots / 2 else { return code }
    if words.isEmpty { words = [UInt64](repeating: 0, count: 4 * Self.wordSlots) }
    var slot = Self.wordSlot(head, tail)
    while words[slot] != 0 { slot = (slot + 4) & (4 * Self.wordSlots - 1) }
    (words[slot], words[slot + 1], words[slot + 2]) = (head, tail, UInt64(code))
    wordCount += 1
    return code
  }

  @inline(__always)
  private static func wordSlot(_ head: UInt64, _ tail: UInt64) -> Int {
    Int(truncatingIfNeeded: ((head ^ (tail &* 0xBF58_476D_1CE4_E5B9)) &* 0x9E37_79B9_7F4A_7C15) &>> 56) &<< 2
  }

  @inline(__always)
  private static func slot(_ head: UInt64, _ tail: UInt64, _ count: Int, in size: Int) -> Int {
    let mixed = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed >> 40) & (size - 1)
  }


  /// Parses a spelling not seen before and caches it while there is room.
  @inline(never)
  private mutating func miss(_ range: Range<Int>, in scanner: JSONScanner) -> Int? {
    guard let color = TileColor(scanner.string(in: range)) else { return nil }
    let count = range.count
    guard count <= 16, table.count < Self.capacity else { return TileRecord.spelledColor }
    if slots.isEmpty { slots = [Slot](repeating: Slot(), count: 2 * Self.capacity) }
    let (head, tail) = scanner.leadingWords(of: range)
    var slot = Self.slot(head, tail, count, in: slots.count)
    while slots[slot].index != 0 { slot = (slot + 1) & (slots.count - 1) }
    table.append(color)
    slots[slot] = Slot(head: head, tail: tail, count: count, index: table.count)
    return table.count
  }
}

extension JSONScanner {
  /// Reads a tile in the form nearly every tile has into `context`; for any other tile returns false
  /// having consumed nothing, and the general reader reads it (and reports its errors).
  ///
  /// The common form: an object with only the keys `id`, `title`, `color`, `locked` and `width`, none
  /// twice, `id` among them; no escapes in its keys and strings; a non-empty id, a title string, a
  /// color that parses, `true` or `false`, and a width of plain digits within its bounds. The general
  /// reader reads such a tile to the same byte, builds the same `Tile` and throws nothing, so which of
  /// the two read a tile never shows. The fast paths only skip that reader's bookkeeping: no path
  /// closures, no member set, no `String` at all: the tile's parts are ranges of the input.
  ///
  /// Two fast paths: `readCanonicalTiles` for the layout TileGrid writes, and this one for any
  /// whitespace and key order.
  mutating func readCommonTile(into context: inout TileContext) -> Bool {
    // The general reader enters the object, which fails beyond the depth limit.
    guard depth < Self.maximumDepth, offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else { return false }
    var tile = CommonTile()
    guard scanCommonTile(at: offset, &tile, &context.colors) else { return false }
    keep(tile, in: &context)
    move(to: tile.end)
    return true
  }

  /// Hands a tile the fast paths read to the context, with the hash of its id.
  @inline(__always)
  private func keep(_ tile: CommonTile, in context: inout TileContext) {
    let idBytes = UnsafeBufferPointer(rebasing: bytes[tile.idStart..<tile.idEnd])
    // The bytes after the id (its closing quote at least) may be read as padding.
    context.add(tile, idHash: IDHash.of(idBytes, slack: bytes.count &- tile.idEnd), in: self)
  }

  // MARK: - The canonical layout

  /// Reads the tiles that follow, as long as they are in the common form and laid out as the canonical
  /// form lays them out; returns how many it read (0: none, and nothing consumed), leaving the scanner
  /// after the last one's `}`:
  ///
  ///     {
  ///       "id": "…",
  ///       "title": "…",
  ///       "color": "…",
  ///       "locked": true,
  ///       "width": 8
  ///     },
  ///     {
  ///
  /// every member optional but `id`, in this order, each on its own line with one indentation (at most
  /// eleven spaces) for every member of every tile and two spaces less for the braces; strings plain
  /// ASCII. What lies between two values (`",\n          \"title\": \""`) is compared as three whole
  /// words with what that layout must have (`CanonicalLayout`), and the tiles follow one another
  /// without going back to the array's loop; anything else ends the run, and the other readers take
  /// the next tile.
  ///
  /// Written for the code it compiles to: offsets are plain integers from one raw pointer, the members
  /// are tried in order without a loop, failure is -1 rather than an optional; a tile costs about two
  /// hundred instructions.
  mutating func readCanonicalTiles(into context: inout TileContext, atMost maximum: Int = .max) -> Int {
    let count = bytes.count
    guard depth < Self.maximumDepth, let start = bytes.baseAddress, count - offset >= 64 else { return 0 }
    let base = UnsafeRawPointer(start)
    // The last offset where 40 bytes can be read (a member's pattern and its first word of text), and
    // the last where a word can be.
    let limit = count &- 40
    let wordLimit = count &- 8
    var i = offset
    // The indentation of the first tile's first member decides the layout looked for.
    guard byte(base, i) == UInt8(ascii: "{"), byte(base, i &+ 1) == 0x0A,
      let layout = CanonicalLayout(indentation: base, i &+ 2), layout.tileStart.matches(base, i)
    else { return 0 }
    i &+= layout.tileStart.length
    var read = 0
    var tile = CommonTile()
    while true {
      // `i` is at the first byte of the id.
      let end: Int
      if i &- layout.tileStart.length >= context.adoptFrom, let chunk = context.adopt(at: i &- layout.tileStart.length) {
        // Tiles the second reader read from here (exactly these bytes, read the same way).
        end = chunk.end
        read &+= chunk.count
      } else {
        end = Self.canonicalTile(base, i, layout, limit, wordLimit, &tile)
        guard end >= 0 else { break }
        if tile.colorStart >= 0 {
          let code = colorCode(base, tile.colorStart, tile.colorEnd, &context.colors)
          guard code > 0 else { break }
          tile.colorCode = code
        }
        tile.start = i &- layout.tileStart.length
        tile.end = end
        let id = UnsafeBufferPointer(start: start + tile.idStart, count: tile.idEnd &- tile.idStart)
        context.add(tile, idHash: IDHash.of(id, slack: count &- tile.idEnd), in: self)
        read &+= 1
      }
      move(to: end)
      // The next tile: `,`, a newline, the braces' indentation, `{`, a newline, the members'
      // indentation, `"id": "`.
      guard read < maximum, end <= limit, layout.nextTile.matches(base, end) else { break }
      i = end &+ layout.nextTile.length
    }
    return read
  }

  /// Up to 32 bytes that must come next, as four words and masks (zero past the bytes), compared with
  /// the input in a handful of instructions.
  private struct Pattern {
    let length: Int
    private let words: (UInt64, UInt64, UInt64, UInt64)
    private let masks: (UInt64, UInt64, UInt64, UInt64)

    init(_ bytes: [UInt8]) {
      precondition(bytes.count <= 32)
      length = bytes.count
      var w: [UInt64] = [0, 0, 0, 0]
      var m: [UInt64] = [0, 0, 0, 0]
      for (k, b) in bytes.enumerated() {
        w[k / 8] |= UInt64(b) << (8 * UInt64(k % 8))
        m[k / 8] |= 0xFF << (8 * UInt64(k % 8))
      }
      words = (w[0], w[1], w[2], w[3])
      masks = (m[0], m[1], m[2], m[3])
    }

    /// Whether the input at `i` begins with the pattern's bytes (32 bytes from `i` must be readable).
    @inline(__always)
    func matches(_ base: UnsafeRawPointer, _ i: Int) -> Bool {
      (load(base, i) ^ words.0) & masks.0 | (load(base, i &+ 8) ^ words.1) & masks.1
        | (load(base, i &+ 16) ^ words.2) & masks.2 | (load(base, i &+ 24) ^ words.3) & masks.3 == 0
    }
  }

  /// What the canonical layout puts between the values of a tile, for one indentation of its members:
  /// the bytes from a tile's `{` to its id's text, from one value to the next member's value (the
  /// comma, the newline, the indentation, the key, the colon and a space, and a string's opening
  /// quote), from the last value to the `}`, and from there to the next tile's id.
  private struct CanonicalLayout {
    let tileStart: Pattern
    let title: Pattern
    let color: Pattern
    let locked: Pattern
    let width: Pattern
    let tileEnd: Pattern
    let nextTile: Pattern

    /// The layout whose members are indented by the spaces at `i` (two to eleven of them).
    init?(indentation base: UnsafeRawPointer, _ i: Int) {
      let notSpace = load(base, i) ^ 0x2020_2020_2020_2020
      var n = notSpace.trailingZeroBitCount >> 3
      if notSpace == 0 {
        let more = load(base, i + 8) ^ 0x2020_2020_2020_2020
        n = 8 + more.trailingZeroBitCount >> 3
      }
      guard n >= 2 && n <= 11 else { return nil }
      let member = [UInt8](repeating: 0x20, count: n)
      let brace = [UInt8](repeating: 0x20, count: n - 2)
      let comma = Array(",\n".utf8) + member
      tileStart = Pattern(Array("{\n".utf8) + member + Array(#""id": ""#.utf8))
      title = Pattern(comma + Array(#""title": ""#.utf8))
      color = Pattern(comma + Array(#""color": ""#.utf8))
      locked = Pattern(comma + Array(#""locked": "#.utf8))
      width = Pattern(comma + Array(#""width": "#.utf8))
      tileEnd = Pattern(Array("\n".utf8) + brace + Array("}".utf8))
      nextTile = Pattern(Array(",\n".utf8) + brace + Array("{\n".utf8) + member + Array(#""id": ""#.utf8))
    }
  }

  /// One tile of `readCanonicalTiles`, from `i` (the first byte of its id): its parts into `tile` (but
  /// the color's number and the tile's own start and end), and where it ends; -1 when it is not such
  /// a tile. Patterns are compared at or before `limit`, words read at or before `wordLimit`.
  @inline(__always)
  private static func canonicalTile(
    _ base: UnsafeRawPointer, _ start: Int, _ layout: CanonicalLayout, _ limit: Int, _ wordLimit: Int,
    _ tile: inout CommonTile
  ) -> Int {
    var i = closingQuote(base, start, wordLimit)
    guard i > start else { return -1 }
    tile.idStart = start
    tile.idEnd = i
    i &+= 1
    guard i <= limit else { return -1 }
    if layout.title.matches(base, i) {
      let text = i &+ layout.title.length
      i = closingQuote(base, text, wordLimit)
      guard i >= 0 else { return -1 }
      (tile.titleStart, tile.titleEnd) = (text, i)
      i &+= 1
      guard i <= limit else { return -1 }
    } else {
      tile.titleStart = -1
    }
    if layout.color.matches(base, i) {
      let text = i &+ layout.color.length
      i = closingQuote(base, text, wordLimit)
      guard i >= 0 else { return -1 }
      (tile.colorStart, tile.colorEnd) = (text, i)
      i &+= 1
      guard i <= limit else { return -1 }
    } else {
      (tile.colorStart, tile.colorCode) = (-1, 0)
    }
    if layout.locked.matches(base, i) {
      let value = load(base, i &+ layout.locked.length)
      if value & 0xFFFF_FFFF == 0x6575_7274 {
        (tile.locked, i) = (2, i &+ layout.locked.length &+ 4)
      } else if value & 0xFF_FFFF_FFFF == 0x65_736C_6166 {
        (tile.locked, i) = (1, i &+ layout.locked.length &+ 5)
      } else {
        return -1
      }
      guard i <= limit else { return -1 }
    } else {
      tile.locked = 0
    }
    if layout.width.matches(base, i) {
      i = plainWidth(base, i &+ layout.width.length, &tile.width)
      guard i >= 0, i <= limit else { return -1 }
    } else {
      tile.width = 0
    }
    guard layout.tileEnd.matches(base, i) else { return -1 }
    return i &+ layout.tileEnd.length
  }

  /// The number of the color spelled by the bytes from `start` to `end` (`ColorCache`), 0 when they
  /// spell no color. A spelling of up to sixteen bytes (every color) is looked up as two words; 16
  /// bytes from `start` must be readable.
  @inline(__always)
  private func colorCode(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, _ colors: inout ColorCache) -> Int {
    let n = end &- start
    guard n > 0 && n <= 16 else { return slowColorCode(start, end, 0, 0, &colors) }
    let head = load(base, start) & (n >= 8 ? ~0 : (1 &<< UInt64(8 &* n)) &- 1)
    let tail = n <= 8 ? 0 : load(base, start &+ 8) & (n == 16 ? ~0 : (1 &<< UInt64(8 &* (n &- 8))) &- 1)
    let code = colors.code(ofHead: head, tail: tail)
    return code > 0 ? code : slowColorCode(start, end, head, tail, &colors)
  }

  /// `colorCode` for a spelling not seen before (or longer than any color): parsed, and remembered.
  @inline(never)
  private func slowColorCode(_ start: Int, _ end: Int, _ head: UInt64, _ tail: UInt64, _ colors: inout ColorCache)
    -> Int
  {
    guard end - start <= 16 else { return colors.code(spelledBy: start..<end, in: self) ?? 0 }
    return colors.code(spelledBy: start..<end, head: head, tail: tail, in: self) ?? 0
  }

  /// The offset of the closing quote of a string whose text starts at `i`, when the text is plain
  /// ASCII (no escapes, no control characters) and a word at a time reaches the quote by `wordLimit`;
  /// -1 for anything else (the other fast path reads other text).
  @inline(__always)
  private static func closingQuote(_ base: UnsafeRawPointer, _ i: Int, _ wordLimit: Int) -> Int {
    var j = i
    while j <= wordLimit {
      let special = specialBytes(load(base, j))
      if special != 0 {
        let q = j &+ (special.trailingZeroBitCount &>> 3)
        return byte(base, q) == UInt8(ascii: "\"") ? q : -1
      }
      j &+= 8
    }
    return -1
  }

  /// A tile width at `i` written as plain digits (no sign, fraction or exponent) within its bounds,
  /// into `width`; returns where it ends, or -1 for anything else (such as a number the general reader
  /// would refuse or spell differently). Reads at most eight bytes.
  @inline(__always)
  private static func plainWidth(_ base: UnsafeRawPointer, _ i: Int, _ width: inout Int) -> Int {
    var value = 0
    var j = i
    while j < i &+ 7 {
      let digit = byte(base, j) &- UInt8(ascii: "0")
      guard digit <= 9 else { break }
      value = value &* 10 &+ Int(digit)
      j &+= 1
    }
    // Six digits at most, no leading zero, and nothing that continues a number.
    guard j > i, j &- i <= 6, byte(base, i) != UInt8(ascii: "0") else { return -1 }
    switch byte(base, j) {
    case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "0")...UInt8(ascii: "9"): return -1
    default: break
    }
    guard value >= 1 && value <= Arrangement.maximumDimension else { return -1 }
    width = value
    return j
  }

  /// The text of a string whose opening quote is just before `i`, when it is plain ASCII (no escapes,
  /// no control characters): its range, `i` moved past the closing quote. Nil for anything else.
  @inline(__always)
  private func quotedText(_ i: inout Int) -> Range<Int>? {
    guard let base = bytes.baseAddress else { return nil }
    let close = Self.closingQuote(UnsafeRawPointer(base), i, bytes.count &- 8)
    guard close >= 0 else { return nil }
    let range = i..<close
    i = close &+ 1
    return range
  }

  // MARK: - Any layout

  /// `readCommonTile` for a tile in any layout and key order, from `start` (its `{`).
  private mutating func scanCommonTile(at start: Int, _ tile: inout CommonTile, _ colors: inout ColorCache) -> Bool {
    tile = CommonTile()
    var i = start + 1
    var seen = 0
    while true {
      // Every token is read with whole-word loads: 24 bytes of input must follow its start.
      guard skipCommonWhitespace(&i), i + 24 <= bytes.count, bytes[i] == UInt8(ascii: "\"") else { return false }
      let word = Self.word(bytes, at: i)
      let key: Int
      switch bytes[i + 1] {
      case UInt8(ascii: "i") where Self.word(word, starts: "\"id\""): (key, i) = (1, i + 4)
      case UInt8(ascii: "t") where Self.word(word, starts: "\"title\""): (key, i) = (2, i + 7)
      case UInt8(ascii: "c") where Self.word(word, starts: "\"color\""): (key, i) = (4, i + 7)
      case UInt8(ascii: "l") where Self.word(word, starts: "\"locked\""): (key, i) = (8, i + 8)
      case UInt8(ascii: "w") where Self.word(word, starts: "\"width\""): (key, i) = (16, i + 7)
      default: return false
      }
      guard seen & key == 0 else { return false }
      seen |= key
      // `": "` as the canonical form writes it, or any whitespace around the colon.
      if bytes[i] == UInt8(ascii: ":") && bytes[i + 1] == 0x20 && bytes[i + 2] > 0x20 {
        i += 2
      } else {
        guard skipCommonWhitespace(&i), bytes[i] == UInt8(ascii: ":") else { return false }
        i += 1
        guard skipCommonWhitespace(&i), i + 24 <= bytes.count else { return false }
      }
      switch key {
      case 1:
        guard let value = plainString(&i), !value.isEmpty else { return false }
        (tile.idStart, tile.idEnd) = (value.lowerBound, value.upperBound)
      case 2:
        guard let value = plainString(&i) else { return false }
        (tile.titleStart, tile.titleEnd) = (value.lowerBound, value.upperBound)
      case 4:
        guard let value = plainString(&i), let code = colors.code(spelledBy: value, in: self) else { return false }
        (tile.colorStart, tile.colorEnd, tile.colorCode) = (value.lowerBound, value.upperBound, code)
      case 8:
        let value = Self.word(bytes, at: i)
        if Self.word(value, starts: "true") {
          (tile.locked, i) = (2, i + 4)
        } else if Self.word(value, starts: "false") {
          (tile.locked, i) = (1, i + 5)
        } else {
          return false
        }
      default:
        let end = Self.plainWidth(UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped), i, &tile.width)
        guard end >= 0 else { return false }
        i = end
      }
      guard skipCommonWhitespace(&i) else { return false }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      guard bytes[i] == UInt8(ascii: "}"), seen & 1 != 0 else { return false }
      (tile.start, tile.end) = (start, i + 1)
      return true
    }
  }

  /// Skips whitespace at `i` (inside a tile, so the input does not end before the tile): none, a
  /// space, or a newline and up to sixteen spaces of indentation are measured with word loads; any other
  /// run goes through the general loop. Returns false if the input ends.
  @inline(__always)
  private func skipCommonWhitespace(_ i: inout Int) -> Bool {
    guard i + 17 <= bytes.count else { return skipWhitespaceRun(&i) }
    if bytes[i] > 0x20 { return true }
    if bytes[i] == 0x0A {
      let spaces: UInt64 = 0x2020_2020_2020_2020
      var notSpace = Self.word(bytes, at: i + 1) ^ spaces
      var k = i + 1
      if notSpace == 0 {
        k += 8
        notSpace = Self.word(bytes, at: k) ^ spaces
      }
      if notSpace != 0 {
        k += notSpace.trailingZeroBitCount >> 3
        if bytes[k] > 0x20 {
          i = k
          return true
        }
      }
    } else if bytes[i] == 0x20 && bytes[i + 1] > 0x20 {
      i += 1
      return true
    }
    return skipWhitespaceRun(&i)
  }

  /// Any whitespace run from `i`; false if the input ends in it.
  @inline(never)
  private func skipWhitespaceRun(_ i: inout Int) -> Bool {
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x0A, 0x0D, 0x09: i += 1
      default: return true
      }
    }
    return false
  }

  /// Whether a word of input (first byte lowest) begins with the bytes of `literal` (at most eight).
  @inline(__always)
  private static func word(_ word: UInt64, starts literal: StaticString) -> Bool {
    var expected: UInt64 = 0
    for k in 0..<literal.utf8CodeUnitCount { expected |= UInt64(literal.utf8Start[k]) << (8 * UInt64(k)) }
    let mask: UInt64 = literal.utf8CodeUnitCount == 8 ? ~0 : (1 << (8 * UInt64(literal.utf8CodeUnitCount))) &- 1
    return word & mask == expected
  }

  /// A string at `i` without escapes, as the range of its bytes (checked: valid UTF-8, no control
  /// characters); nil for anything else. ASCII text is skipped a word at a time.
  @inline(__always)
  private mutating func plainString(_ i: inout Int) -> Range<Int>? {
    guard bytes[i] == UInt8(ascii: "\"") else { return nil }
    var j = i + 1
    if let range = quotedText(&j) {
      i = j
      return range
    }
    // Other text (non-ASCII, escapes, the end of the input near): the general string reader.
    let resume = offset
    move(to: i)
    defer { move(to: resume) }
    guard let token = try? readStringToken(), token.decoded == nil else { return nil }
    i = offset
    return token.range
  }

}

/// The eight bytes at `base + i` as one word, the first byte lowest.
@inline(__always)
private func load(_ base: UnsafeRawPointer, _ i: Int) -> UInt64 {
  UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
}

/// The byte at `base + i`.
@inline(__always)
private func byte(_ base: UnsafeRawPointer, _ i: Int) -> UInt8 {
  base.load(fromByteOffset: i, as: UInt8.self)
}
