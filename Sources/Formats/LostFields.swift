import TileModel

/// What a writer left out because its format cannot hold it: for the file, for sections and for
/// tiles, each named once, in the order first met. Empty when nothing was lost (always for JSON, and
/// for a file written back in the format it was read from, unchanged or only reordered).
///
/// `description` is the one line `tilegrid` prints on standard error after the output's name:
///
///     markdown cannot keep: layout; sections' maxItems; tiles' color, width (left out)
public struct LostFields: Equatable, Sendable, CustomStringConvertible {
  /// The format written.
  public let format: ArrangementFormat
  /// Top-level fields: `layout`, unknown keys, a Markdown board's front matter…, and what is lost
  /// whole: `empty sections` (a table has no rows for them).
  public private(set) var file: [String] = []
  /// Section fields: `maxItems`, `locked`, unknown keys.
  public private(set) var sections: [String] = []
  /// Tile fields: `color` (a real one, not a made-up default), `width`, `locked`, unknown keys.
  public private(set) var tiles: [String] = []

  /// Nothing lost yet, writing `format`.
  public init(format: ArrangementFormat) {
    self.format = format
  }

  public var isEmpty: Bool { file.isEmpty && sections.isEmpty && tiles.isEmpty }

  mutating func file(_ name: String) { if !file.contains(name) { file.append(name) } }
  mutating func section(_ name: String) { if !sections.contains(name) { sections.append(name) } }
  mutating func tile(_ name: String) { if !tiles.contains(name) { tiles.append(name) } }

  /// `FORMAT cannot keep: FILE FIELDS; sections' FIELDS; tiles' FIELDS (left out)`, or an empty
  /// string when nothing was lost.
  public var description: String {
    var parts: [String] = []
    if !file.isEmpty { parts.append(file.joined(separator: ", ")) }
    if !sections.isEmpty { parts.append("sections' " + sections.joined(separator: ", ")) }
    if !tiles.isEmpty { parts.append("tiles' " + tiles.joined(separator: ", ")) }
    guard !parts.isEmpty else { return "" }
    return "\(format) cannot keep: \(parts.joined(separator: "; ")) (left out)"
  }

  // MARK: - The checks every text format makes

  /// The objects of other formats among `extras` (the first of each key, as `formatObject` finds
  /// it), with their formats: what they hold that this format cannot keep is named
  /// (`FileFormat.leftovers`). Nothing is allocated when there are none.
  private func others(_ extras: [JSONField]) -> [(key: String, object: [JSONField], format: any FileFormat)] {
    var found: [(key: String, object: [JSONField], format: any FileFormat)] = []
    for field in extras where ExtrasKey.isFormatObject(field.key) && field.key != format.objectKey {
      guard !found.contains(where: { $0.key == field.key }), let other = FormatRegistry.byObjectKey[field.key] else { continue }
      if let object = extras[field.key]?.object { found.append((field.key, object, other)) }
    }
    return found
  }

  /// The file's layout and unknown keys, but for the format objects (another format's object holds
  /// only how its text was laid out; its content is checked by `foreignFile`).
  mutating func checkFile(_ arrangement: Arrangement, keeping kept: Set<String>) {
    if arrangement.layoutSpec != nil { file("layout") }
    for field in arrangement.extras where !kept.contains(field.key) && !ExtrasKey.formatObjects.contains(field.key) {
      file(JSONString.excerpt(field.key))
    }
    for (_, object, other) in others(arrangement.extras) {
      for name in other.leftovers(ofFile: object) { file(name) }
    }
  }

  /// A section's `maxItems`, `locked` and unknown keys; the text under another format's heading.
  mutating func checkSection(_ section: Section, keeping kept: Set<String>) {
    if section.maxItems != nil { self.section("maxItems") }
    if section.locked == true { self.section("locked") }
    for field in section.extras
    where !kept.contains(field.key) && !ExtrasKey.formatObjects.contains(field.key) && field.key != ExtrasKey.untitled {
      self.section(JSONString.excerpt(field.key))
    }
    for (_, object, other) in others(section.extras) {
      for name in other.leftovers(ofSection: object) { self.section(name) }
    }
  }

  /// A tile's real color, `width`, `locked` and unknown keys; another format's lines under an item.
  mutating func checkTile(_ tile: Tile, keeping kept: Set<String>, keepsColor: Bool = false) {
    if !keepsColor && !DefaultColors.isMadeUp(tile) { self.tile("color") }
    if tile.width != nil { self.tile("width") }
    if tile.locked == true { self.tile("locked") }
    guard !tile.extras.isEmpty else { return }
    for field in tile.extras where !ExtrasKey.isFormatObject(field.key) && !kept.contains(field.key) {
      self.tile(JSONString.excerpt(field.key))
    }
    for (_, object, other) in others(tile.extras) {
      for name in other.leftovers(ofTile: object) { self.tile(name) }
    }
  }

  /// For an arrangement from another format: the ids that reading the written file would not give
  /// back, the ids being made from the titles as they will be read (headings trimmed, a tile's first
  /// line as `readTitle` reads it), in file order.
  /// Not checked for a file written back in its own format, whose ids come from titles anyway (a
  /// renamed tile keeps its id until the file is read again).
  mutating func checkIDs(
    _ arrangement: Arrangement, untitledFirst: Bool, readTitle: (String) -> Substring = { $0.trimmedLine }
  ) {
    var sectionIDs = IDAllocator()
    var tileIDs = IDAllocator(reservingCapacity: arrangement.tileCount)
    for (s, section) in arrangement.sections.enumerated() {
      let expected =
        s == 0 && untitledFirst
        ? sectionIDs.unique("list") : sectionIDs.id(forTitle: section.displayTitle.trimmedLine, fallback: "section")
      if expected != section.id { self.section("id") }
      for ref in section.items {
        let tile = arrangement[ref]
        let title = tile.displayTitle
        let firstLine = title.utf8.contains(where: MarkdownBoard.isBreak) ? MarkdownBoard.titleLines(title)[0] : title
        if tileIDs.id(forTitle: readTitle(firstLine), fallback: "tile") != tile.id { self.tile("id") }
      }
    }
  }

  /// Whether a JSON array of lines holds anything but blank lines.
  static func hasText(_ value: JSONValue) -> Bool {
    value.array?.contains { $0.string.map { !$0.isBlankLine } ?? true } ?? false
  }
}
