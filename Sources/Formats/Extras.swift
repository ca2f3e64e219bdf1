import TileModel

// What the text formats keep in the arrangement's unknown keys (docs/formats.md, "What is kept, and
// where"). Each format has one object, named after it, on the file, on sections and on tiles; two
// keys are shared by all of them: a tile's `checked` and a section's `untitled`.

/// The keys the formats read and write in `extras`.
enum ExtrasKey {
  /// A tile's checkbox: `true` for `[x]`, `false` for `[ ]`, absent for an item without one.
  static let checked = "checked"
  /// A section that had no heading (the items before a board's first heading, a list without `# `
  /// lines, the rows of a table without a section): written without one while it is first.
  static let untitled = "untitled"
  /// The format objects: each is kept by its own format and left out by the others, which keep what
  /// it holds only where they can (`LostFields` names the rest).
  /// Each format's `FileFormat.extrasKey`, from `FormatRegistry`.
  static let formatObjects: Set<String> = Set(FormatRegistry.objectKeys)

  /// `formatObjects.contains(key)`, by the same comparison (`String ==`), without hashing the key:
  /// asked for every key of every tile.
  static func isFormatObject(_ key: String) -> Bool {
    FormatRegistry.objectKeys.contains(key)
  }
}

extension JSONValue {
  var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  var array: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  var object: [JSONField]? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// A JSON array of strings, from lines.
  init(lines: some Sequence<String>) {
    self = .array(lines.map { .string($0) })
  }
}

extension Array where Element == JSONField {
  /// The value of the member `key`, if there is one. - Complexity: O(members); objects here are small.
  subscript(key: String) -> JSONValue? {
    for field in self where field.key == key { return field.value }
    return nil
  }

  /// Appends `key: lines` unless there are no lines, so an object holds only what is there.
  mutating func appendLines(_ key: String, _ lines: some Collection<String>) {
    if !lines.isEmpty { append(JSONField(key, JSONValue(lines: lines))) }
  }
}

extension Tile {
  /// The tile's own format object (`markdown`, `lines`) as its members.
  func formatObject(_ key: String) -> [JSONField]? { extras[key]?.object }
}

extension Section {
  /// Whether the section had no heading in its file (`untitled: true`).
  var isUntitled: Bool { extras[ExtrasKey.untitled]?.bool == true }

  func formatObject(_ key: String) -> [JSONField]? { extras[key]?.object }
}

extension Arrangement {
  func formatObject(_ key: String) -> [JSONField]? { extras[key]?.object }
}

/// Hands out ids made from titles, as `IDs.unique` would, in the order asked: the base when it is
/// free, else the first free `base-2`, `base-3`, …. It remembers where each base's numbers stopped,
/// so a list of a hundred thousand equal titles does not test every number again for every tile.
struct IDAllocator {
  private var taken = TakenIDs()
  private var nextNumber: [String: Int] = [:]
  private var lowering = Lowering()

  init(reservingCapacity count: Int = 0) {
    taken.reserveCapacity(count)
  }

  /// Marks an id as used (an `id` column's value); false when it already was.
  mutating func claim(_ id: String) -> Bool {
    taken.insert(id)
  }

  /// The id for a title: `IDs.base(forTitle:fallback:)` made unique.
  mutating func id(forTitle title: some StringProtocol, fallback: String) -> String {
    let slug = Self.base(forTitle: title, fallback: fallback, &lowering)
    guard slug.utf8.count > IDs.slugLimit else { return unique(slug) }
    // `IDs.unique(slug:isTaken:)` over the ids handed out so far.
    let short = IDs.shortened(slug)
    if taken.insert(short) { return short }
    return unique(short + "-" + IDs.suffix(of: slug))
  }

  /// `IDs.base(forTitle:fallback:)`, computed scalar by scalar with a fast path for ASCII ones,
  /// which most titles are made of: there the letters and digits are `A-Z`, `a-z` and `0-9`,
  /// lower-casing is `A-Z` to `a-z`, and everything else is a separator, so no Unicode property is
  /// looked up (those lookups were most of a large board's reading time). Other scalars are lowered
  /// and classified as `IDs` does (`String.lowercased` maps scalar by scalar), once per scalar
  /// (`Lowering`); a title holding a capital sigma, whose lower case depends on its place in a word,
  /// goes to `IDs.base` itself.
  static func base(forTitle title: some StringProtocol, fallback: String) -> String {
    var lowering = Lowering()
    return base(forTitle: title, fallback: fallback, &lowering)
  }

  /// `base(forTitle:fallback:)`, the other scalars' classes kept in `lowering` from one title to
  /// the next.
  static func base(forTitle title: some StringProtocol, fallback: String, _ lowering: inout Lowering) -> String {
    let slug = title.utf8.withContiguousStorageIfAvailable { Self.slugBytes($0, &lowering) }
    guard let slug else {
      // Bytes not in one block (a bridged string): a native copy has them so.
      var copy = String(title)
      copy.makeContiguousUTF8()
      return base(forTitle: copy, fallback: fallback, &lowering)
    }
    guard let bytes = slug else { return IDs.slug(forTitle: String(title), fallback: fallback) }
    let made = bytes.isEmpty ? fallback : String(decoding: bytes, as: UTF8.self)
    lowering.buffer = bytes
    return made
  }

  /// The slug's bytes from a title's UTF-8 bytes, a scalar decoded from them only where it is not
  /// ASCII (a String's bytes are valid UTF-8; walking `unicodeScalars` decoded every one). Nil for a
  /// title holding a capital sigma.
  private static func slugBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ lowering: inout Lowering) -> [UInt8]? {
    var id = SlugBytes(reusing: lowering.takeBuffer(), capacity: bytes.count + 8)
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b < 0x80 {
        let v = UInt32(b)
        if v >= 0x41 && v <= 0x5A {
          id.add(v + 0x20)
        } else if (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) {
          id.add(v)
        } else {
          id.pendingDash = true
        }
        i += 1
        continue
      }
      let v: UInt32
      if b < 0xE0 {
        v = UInt32(b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
        i += 2
      } else if b < 0xF0 {
        v = UInt32(b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
        i += 3
      } else {
        v = UInt32(b & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
          | UInt32(bytes[i + 3] & 0x3F)
        i += 4
      }
      if v == 0x3A3 { return nil }
      let scalar = Unicode.Scalar(v)!
      if let (lower, kind) = lowering.lowered(scalar) {
        id.take(lower, kind)
        continue
      }
      for lower in scalar.properties.lowercaseMapping.unicodeScalars { id.take(lower.value, Lowering.kind(of: lower)) }
    }
    return id.bytes
  }

  /// A slug's bytes as `base` builds them (a value of its own, not variables captured by nested
  /// functions, which are checked for exclusive access at run time on every byte).
  private struct SlugBytes {
    var bytes: [UInt8] = []
    /// A separator was met since the last scalar kept: a `-` goes before the next one.
    var pendingDash = false

    /// Bytes written into `buffer`, emptied (its storage kept from one title to the next).
    init(reusing buffer: [UInt8], capacity: Int) {
      bytes = buffer
      bytes.removeAll(keepingCapacity: true)
      bytes.reserveCapacity(capacity)
    }

    /// Keeps the scalar `v`, after a `-` when a separator came before it.
    @inline(__always)
    mutating func add(_ v: UInt32) {
      if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
      pendingDash = false
      // The scalar's UTF-8 bytes.
      if v < 0x80 {
        bytes.append(UInt8(v))
      } else if v < 0x800 {
        bytes.append(UInt8(0xC0 | v >> 6))
        bytes.append(UInt8(0x80 | v & 0x3F))
      } else if v < 0x1_0000 {
        bytes.append(UInt8(0xE0 | v >> 12))
        bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
        bytes.append(UInt8(0x80 | v & 0x3F))
      } else {
        bytes.append(UInt8(0xF0 | v >> 18))
        bytes.append(UInt8(0x80 | v >> 12 & 0x3F))
        bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
        bytes.append(UInt8(0x80 | v & 0x3F))
      }
    }

    /// A lowered scalar of its kind: a mark counts with the letter it follows; after a separator,
    /// or first, it is one.
    @inline(__always)
    mutating func take(_ v: UInt32, _ kind: Lowering.Kind) {
      switch kind {
      case .letterOrDigit: add(v)
      case .mark: if pendingDash || bytes.isEmpty { pendingDash = true } else { add(v) }
      case .separator: pendingDash = true
      }
    }
  }

  /// `base`, or the first free numbered form of it, now taken. Equal to `IDs.unique(base, isTaken:)`
  /// over the ids handed out so far: numbers below `nextNumber[base]` were all taken when it was set,
  /// and ids are never given back.
  mutating func unique(_ base: String) -> String {
    if taken.insert(base) { return base }
    var n = nextNumber[base] ?? 2
    while !taken.insert("\(base)-\(n)") { n += 1 }
    nextNumber[base] = n + 1
    return "\(base)-\(n)"
  }
}

/// How `IDs` lowers and classifies scalars beyond ASCII, remembered for the scalars met so far (a
/// board's titles use few): a scalar's `lowercaseMapping` builds a string, and its general category
/// is a table search, each of them per scalar of every title otherwise.
struct Lowering {
  /// What a lowered scalar is to a slug.
  enum Kind: UInt64 {
    /// Not kept: it separates words.
    case separator
    /// A letter or digit of any script.
    case letterOrDigit
    /// A combining mark or variation selector: kept after a letter or digit only.
    case mark
  }

  /// A small table indexed by the scalar's low bits: 0 (empty), or the scalar (bits 0-20), its one
  /// lowered scalar (bits 21-41) and its kind (bits 42-43).
  private var entries = [UInt64](repeating: 0, count: 256)

  /// A slug's bytes as they are made, the same storage from one title to the next (not an array
  /// allocated for each).
  var buffer: [UInt8] = []

  /// `buffer`, taken out so that it is the only reference to its storage (appending does not copy it).
  mutating func takeBuffer() -> [UInt8] {
    defer { buffer = [] }
    return buffer
  }

  /// The scalar lowered (when that is one scalar) and its kind; nil when its lower case is several
  /// scalars (`İ`), which the caller lowers itself.
  @inline(__always)
  mutating func lowered(_ scalar: Unicode.Scalar) -> (UInt32, Kind)? {
    let v = scalar.value
    let slot = Int(v & 0xFF)
    let entry = entries[slot]
    if entry != 0 && UInt32(entry & 0x1F_FFFF) == v {
      return (UInt32(entry >> 21 & 0x1F_FFFF), Kind(rawValue: entry >> 42)!)
    }
    let mapping = scalar.properties.lowercaseMapping.unicodeScalars
    guard let lower = mapping.first, mapping.index(after: mapping.startIndex) == mapping.endIndex else { return nil }
    let kind = Self.kind(of: lower)
    entries[slot] = UInt64(v) | UInt64(lower.value) << 21 | kind.rawValue << 42
    return (lower.value, kind)
  }

  /// `IDs`' classes: marks first (`IDs.isMark`), then letters and digits (`IDs.isLetterOrDigit`,
  /// which counts marks too).
  static func kind(of scalar: Unicode.Scalar) -> Kind {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark:
      return .mark
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber:
      return .letterOrDigit
    default:
      return .separator
    }
  }
}

/// The ids an `IDAllocator` handed out, compared as `Set<String>` compares them (canonical
/// equivalence: `é` as one scalar is `e` + U+0301). While every id is surely in NFC (its scalars
/// below U+0300 or Hangul syllables), canonical equivalence is byte equality, and the ids are hashed
/// by their bytes, without the normalizing a `String`'s hash does for non-ASCII text; the first id
/// that may not be moves them all into a `Set<String>`.
struct TakenIDs {
  private var exact = ByteSet()
  private var canonical: Set<String> = []
  private var allNFC = true

  mutating func reserveCapacity(_ count: Int) {
    exact.reserveCapacity(count)
  }

  /// Takes `id`; false when it (or an id canonically equivalent to it) already was.
  mutating func insert(_ id: String) -> Bool {
    if allNFC {
      if Self.isSurelyNFC(id) { return exact.insert(id) }
      allNFC = false
      canonical.reserveCapacity(exact.count)
      for taken in exact.members { canonical.insert(taken) }
      exact = ByteSet()
    }
    return canonical.insert(id).inserted
  }

  /// Whether every scalar is below U+0300 or a Hangul syllable (U+AC00-U+D7A3): all of those are
  /// NFC_Quick_Check=Yes with combining class 0, so the text is in NFC.
  static func isSurelyNFC(_ id: String) -> Bool {
    var id = id
    return id.withUTF8 { bytes in
      var i = 0
      while i < bytes.count {
        let b = bytes[i]
        if b < 0xCC {
          // ASCII, or a lead byte of U+0080-U+02FF (0xCC leads U+0300), or a continuation byte.
          i += 1
          continue
        }
        guard b >= 0xE0 && b < 0xF0 && i + 2 < bytes.count else { return false }
        let v = UInt32(b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
        guard v >= 0xAC00 && v <= 0xD7A3 else { return false }
        i += 3
      }
      return true
    }
  }
}

/// Strings told apart by their UTF-8 bytes, as `Set<ExactString>` would, for the one thing an
/// allocator asks a hundred thousand times (insert, and say whether it was new): open addressing over
/// a power-of-two table whose slots hold a member's index and the high half of its 64-bit hash, so a
/// probe looks at nothing but the table until the hashes agree (then it compares bytes), and a new
/// member costs one look at the table — one cache miss where keeping the hashes beside the members
/// cost two or three. The hash mixes eight bytes at a time, seeded from `Hasher`'s per-process seed,
/// so titles made to collide on one run do not on the next. `Set`'s own insert (SipHash, a member
/// copied out) was most of the time spent making a board's ids.
struct ByteSet {
  /// Each slot 0 when empty, else the member's hash's high 32 bits above its index plus one.
  private var slots: [UInt64] = []
  /// Each member's hash, for placing it again when the table grows.
  private var hashes: [UInt64] = []
  private(set) var members: [String] = []
  private let seed: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0x7469_6C65)
    return UInt64(truncatingIfNeeded: hasher.finalize()) | 1
  }()

  var count: Int { members.count }

  mutating func reserveCapacity(_ count: Int) {
    members.reserveCapacity(count)
    hashes.reserveCapacity(count)
    if Self.slotCount(for: count) > slots.count { rehash(Self.slotCount(for: count)) }
  }

  /// Takes `string`; false when a member has the same bytes.
  mutating func insert(_ string: String) -> Bool {
    if slots.isEmpty || (members.count + 1) * 2 > slots.count { rehash(Self.slotCount(for: members.count + 1)) }
    var string = string
    let found: (hash: UInt64, slot: Int)? = string.withUTF8 { bytes in
      let hash = Self.hash(bytes, seed: seed)
      let tag = hash & Self.tagMask
      let mask = slots.count - 1
      return slots.withUnsafeBufferPointer { slots in
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
          let slot = slots[i]
          if slot == 0 { return (hash, i) }
          if slot & Self.tagMask == tag {
            var member = members[Int(truncatingIfNeeded: slot & ~Self.tagMask) - 1]
            if member.withUTF8({ $0.elementsEqual(bytes) }) { return nil }
          }
          i = (i + 1) & mask
        }
      }
    }
    guard let found else { return false }
    members.append(string)
    hashes.append(found.hash)
    slots[found.slot] = found.hash & Self.tagMask | UInt64(members.count)
    return true
  }

  /// The bits of a slot that hold the hash's high half.
  private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

  /// The table's size for `count` members: a power of two at least twice as large.
  private static func slotCount(for count: Int) -> Int {
    var n = 16
    while n < count * 2 { n *= 2 }
    return n
  }

  private mutating func rehash(_ size: Int) {
    slots = [UInt64](repeating: 0, count: size)
    let mask = size - 1
    for (k, hash) in hashes.enumerated() {
      var i = Int(truncatingIfNeeded: hash) & mask
      while slots[i] != 0 { i = (i + 1) & mask }
      slots[i] = hash & Self.tagMask | UInt64(k + 1)
    }
  }

  /// A 64-bit hash of the bytes: eight at a time, each word folded in by a full-width multiply.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
    @inline(__always) func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
      let product = a.multipliedFullWidth(by: b)
      return product.high ^ product.low
    }
    var h = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
    let raw = UnsafeRawBufferPointer(bytes)
    var i = 0
    while i + 8 <= bytes.count {
      h = mix(h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), 0xA076_1D64_78BD_642F)
      i += 8
    }
    var last: UInt64 = 0
    var shift: UInt64 = 0
    while i < bytes.count {
      last |= UInt64(bytes[i]) << shift
      shift += 8
      i += 1
    }
    return mix(h ^ last, 0xE703_7ED1_A0B4_28DB)
  }
}

/// The colors given to tiles read from a format that has none (Markdown, lines, a table without a
/// `color` column, an empty `color` cell): one of twelve, chosen by the tile's id, so a tile keeps its
/// color across reads and moves, and every tool can work out the same one (docs/formats.md, "Colors").
///
///     DefaultColors.color(forTileID: "buy-milk").spelling   // one of the twelve, always the same one
///
/// The writers tell such a made-up color from a real one by working it out again: a tile whose color
/// is the one its id gives is written without a color (a Markdown or lines file stays as it was; a
/// table's `color` cell stays empty), and reading the file gives that same color back. Any other color
/// is the person's, and a format without colors reports it as lost.
public enum DefaultColors {
  /// UIKit's system colors (light mode) as `#rrggbb` in lower case: a spelling a person writing a
  /// color by hand almost never uses, so a real color is not taken for a made-up one.
  public static let palette: [TileColor] = [
    "#007aff", "#34c759", "#ff9500", "#af52de", "#ff3b30", "#30b0c7", "#ffcc00", "#5856d6", "#ff2d55",
    "#00c7be", "#32ade6", "#a2845e",
  ].map { TileColor($0)! }

  /// `palette[h % 12]`, where `h` is the 64-bit FNV-1a hash of the id's UTF-8 bytes.
  /// - Complexity: O(id length).
  public static func color(forTileID id: String) -> TileColor {
    func fnv(_ bytes: some Sequence<UInt8>) -> UInt64 {
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
      }
      return hash
    }
    // The bytes in place (native strings always have them): walking the UTF-8 view index by index
    // was a tenth of a board merge's instructions.
    let hash = id.utf8.withContiguousStorageIfAvailable(fnv) ?? fnv(id.utf8)
    return palette[Int(hash % UInt64(palette.count))]
  }

  /// Whether the tile's color is absent or the one made up for its id: nothing a format without
  /// colors loses by leaving it out.
  public static func isMadeUp(_ tile: Tile) -> Bool {
    guard let color = tile.color else { return true }
    return color == Self.color(forTileID: tile.id)
  }
}
