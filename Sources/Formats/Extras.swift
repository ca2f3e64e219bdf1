import TileModel

// What the text formats keep in the arrangement's unknown keys (docs/formats.md, "What is kept, and
// where"). Each format has one object, named after it, on the file, on sections and on tiles; two
// keys are shared by all of them: a tile's `checked` and a section's `untitled`.

/// The keys the formats read and write in `extras`.
enum ExtrasKey {
  static let markdown = "markdown"
  static let lines = "lines"
  static let csv = "csv"
  static let tsv = "tsv"
  /// A tile's checkbox: `true` for `[x]`, `false` for `[ ]`, absent for an item without one.
  static let checked = "checked"
  /// A section that had no heading (the items before a board's first heading, a list without `# `
  /// lines, the rows of a table without a section): written without one while it is first.
  static let untitled = "untitled"
  /// The format objects: each is kept by its own format and left out by the others, which keep what
  /// it holds only where they can (`LostFields` names the rest).
  static let formatObjects: Set<String> = [markdown, lines, csv, tsv]
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
  private var taken: Set<String> = []
  private var nextNumber: [String: Int] = [:]

  init(reservingCapacity count: Int = 0) {
    taken.reserveCapacity(count)
  }

  /// Marks an id as used (an `id` column's value); false when it already was.
  mutating func claim(_ id: String) -> Bool {
    taken.insert(id).inserted
  }

  /// The id for a title: `IDs.base(forTitle:fallback:)` made unique.
  mutating func id(forTitle title: some StringProtocol, fallback: String) -> String {
    let slug = Self.base(forTitle: title, fallback: fallback)
    guard slug.utf8.count > IDs.slugLimit else { return unique(slug) }
    // `IDs.unique(slug:isTaken:)` over the ids handed out so far.
    let short = IDs.shortened(slug)
    if taken.insert(short).inserted { return short }
    return unique(short + "-" + IDs.suffix(of: slug))
  }

  /// `IDs.base(forTitle:fallback:)`, computed scalar by scalar with a fast path for ASCII ones,
  /// which most titles are made of: there the letters and digits are `A-Z`, `a-z` and `0-9`,
  /// lower-casing is `A-Z` to `a-z`, and everything else is a separator, so no Unicode property is
  /// looked up (those lookups were most of a large board's reading time). Other scalars are lowered
  /// and classified as `IDs` does (`String.lowercased` maps scalar by scalar); a title holding a
  /// capital sigma, whose lower case depends on its place in a word, goes to `IDs.base` itself.
  static func base(forTitle title: some StringProtocol, fallback: String) -> String {
    if let ascii = asciiBase(title) { return ascii.isEmpty ? fallback : ascii }
    var id: [UInt8] = []
    id.reserveCapacity(title.utf8.count + 8)
    var pendingDash = false
    func add(_ scalar: Unicode.Scalar) {
      if pendingDash && !id.isEmpty { id.append(UInt8(ascii: "-")) }
      pendingDash = false
      id.append(contentsOf: scalar.utf8)
    }
    for scalar in title.unicodeScalars {
      let v = scalar.value
      if v < 0x80 {
        if v >= 0x41 && v <= 0x5A {
          add(Unicode.Scalar(UInt8(v + 0x20)))
        } else if (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) {
          add(scalar)
        } else {
          pendingDash = true
        }
        continue
      }
      if v == 0x3A3 { return IDs.slug(forTitle: String(title), fallback: fallback) }
      for lower in scalar.properties.lowercaseMapping.unicodeScalars {
        // A mark counts with the letter it follows; after a separator, or first, it is one.
        if isMark(lower) && (pendingDash || id.isEmpty) {
          pendingDash = true
        } else if isLetterOrDigit(lower) {
          add(lower)
        } else {
          pendingDash = true
        }
      }
    }
    return id.isEmpty ? fallback : String(decoding: id, as: UTF8.self)
  }

  /// The base of an all-ASCII title, built as bytes; nil at the first byte that is not ASCII.
  private static func asciiBase(_ title: some StringProtocol) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(title.utf8.count)
    var pendingDash = false
    for b in title.utf8 {
      guard b < 0x80 else { return nil }
      let lower = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
      if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
        if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
        pendingDash = false
        bytes.append(lower)
      } else {
        pendingDash = true
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Combining marks and variation selectors, kept only after a letter or digit.
  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// `IDs`' letters and digits: of any script, combining marks counted with their letter.
  private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }

  /// `base`, or the first free numbered form of it, now taken. Equal to `IDs.unique(base, isTaken:)`
  /// over the ids handed out so far: numbers below `nextNumber[base]` were all taken when it was set,
  /// and ids are never given back.
  mutating func unique(_ base: String) -> String {
    if taken.insert(base).inserted { return base }
    var n = nextNumber[base] ?? 2
    while !taken.insert("\(base)-\(n)").inserted { n += 1 }
    nextNumber[base] = n + 1
    return "\(base)-\(n)"
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
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in id.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return palette[Int(hash % UInt64(palette.count))]
  }

  /// Whether the tile's color is absent or the one made up for its id: nothing a format without
  /// colors loses by leaving it out.
  public static func isMadeUp(_ tile: Tile) -> Bool {
    guard let color = tile.color else { return true }
    return color == Self.color(forTileID: tile.id)
  }
}
