/// One line of an edit script (docs/version-control.md): a change to an arrangement that names tiles
/// and sections by id, so that it means the same thing in any copy of the file, wherever the tiles
/// have moved meanwhile.
///
///     move blue to archive:0            .move(tile: "blue", to: ScriptPlace("archive", 0))
///     move-section archive to 0         .moveSection("archive", to: 0)
///     add teal to others:3 {…}          .add(Tile(id: "teal", …), to: ScriptPlace("others", 3))
///     delete gray44                     .delete(tile: "gray44")
///     set red title "Red!"              .set(tile: "red", .title("Red!"))
///     add-section later at 2 {…}        .addSection(Section(id: "later", …), tiles: [], at: 2)
///     delete-section later              .deleteSection("later")
///     set-section favorites maxItems 10 .setSection("favorites", .maxItems(10))
///     set-layout lineSpacing 2          .setLayout(.lineSpacing(2))
///     set-layout null                   .replaceLayout(nil)
///     set-file owner "ops"              .setFile(key: "owner", .string("ops"))
///
/// Places and indexes are counted as they are when the line applies, after the lines before it: a
/// script is applied in order (`Arrangement.apply(_:force:)`), each line resolved into an index-based
/// `Edit` against the arrangement as it then is, so its policies and refusals are the edits' own.
/// `Arrangement.diff(_:_:)` writes the script between two arrangements; `TileGridJSON` reads and
/// writes the text.
///
/// Equality compares strings as Swift does (canonically equivalent text is equal); the written text
/// is what keeps ids exact.
public enum ScriptEdit: Hashable, Sendable {
  /// `move ID to SECTION_ID:I`: the tile taken out and put in at the place, counted after it is taken
  /// out (as `tilegrid move` counts; the section's tile count is the end, in its own section too).
  case move(tile: String, to: ScriptPlace)
  /// `move-section ID to I`: the section taken out and put in at index `I` among the others (the
  /// number of sections is the end too).
  case moveSection(String, to: Int)
  /// `add ID to SECTION_ID:I {…}`: a new tile (its id new among all tiles) at the place, `0...count`.
  case add(Tile, to: ScriptPlace)
  /// `delete ID`: the tile taken out.
  case delete(tile: String)
  /// `set ID KEY VALUE`: one key of a tile set (or removed).
  case set(tile: String, TileField)
  /// `add-section ID at I {…}`: a new section with these tiles at index `I`, `0...count`. The
  /// section's `items` are ignored; `tiles` are its tiles.
  case addSection(Section, tiles: [Tile], at: Int)
  /// `delete-section ID`: the section taken out with the tiles it still holds.
  case deleteSection(String)
  /// `set-section ID KEY VALUE`: one key of a section set (or removed).
  case setSection(String, SectionField)
  /// `set-layout KEY VALUE`: one key of the `layout` object set (or removed); a file without a
  /// `layout` gets one.
  case setLayout(LayoutField)
  /// `set-layout VALUE`: the whole `layout` object replaced, or (nil) removed: the only way to tell
  /// "no layout" from an empty one.
  case replaceLayout(LayoutSpec?)
  /// `set-file KEY VALUE`: a top-level key other than `version`, `sections` and `layout` set to the
  /// value, or (nil) removed. A key that is new goes after the others.
  case setFile(key: String, JSONValue?)

  /// The tile or section the line names, as a merge's conflicts name them.
  public var about: MergeSubject {
    switch self {
    case .move(let id, _), .delete(let id), .set(let id, _): return .tile(id)
    case .add(let tile, _): return .tile(tile.id)
    case .moveSection(let id, _), .deleteSection(let id), .setSection(let id, _): return .section(id)
    case .addSection(let section, _, _): return .section(section.id)
    case .setLayout, .replaceLayout: return .layout
    case .setFile: return .file
    }
  }

  /// The tile or section the line names, for messages: `tile "blue"`, `section "later"`, `layout`,
  /// `file`.
  public var subject: String {
    switch self {
    case .move(let id, _), .delete(let id), .set(let id, _): return "tile \(JSONString.excerpt(id))"
    case .add(let tile, _): return "tile \(JSONString.excerpt(tile.id))"
    case .moveSection(let id, _), .deleteSection(let id), .setSection(let id, _):
      return "section \(JSONString.excerpt(id))"
    case .addSection(let section, _, _): return "section \(JSONString.excerpt(section.id))"
    case .setLayout, .replaceLayout: return "layout"
    case .setFile: return "file"
    }
  }
}

/// A tile's place named by its section's id: `archive:0`.
public struct ScriptPlace: Hashable, Sendable, CustomStringConvertible {
  /// The section's id.
  public var section: String
  /// The index in the section.
  public var item: Int

  public init(_ section: String, _ item: Int) {
    self.section = section
    self.item = item
  }

  /// `archive:0`, the id quoted when it is not a bare word.
  public var description: String { "\(ScriptWord.text(section)):\(item)" }
}

/// How ids and keys are written in a script: bare when they are letters or digits (of any script),
/// `-`, `_` and `.`, otherwise as JSON strings.
public enum ScriptWord {
  /// Whether `word` is written bare: not empty, and only letters, digits (any script, with their
  /// combining marks), `-`, `_`, `.`.
  public static func isBare(_ word: String) -> Bool {
    guard !word.isEmpty else { return false }
    return word.unicodeScalars.allSatisfy { s in
      s == "-" || s == "_" || s == "." || IDs.isLetterOrDigit(s)
    }
  }

  /// The word as a script writes it: bare, or a JSON string.
  public static func text(_ word: String) -> String {
    isBare(word) ? word : JSONString.quoted(word)
  }
}

// MARK: - Keys

/// One key of a tile, with its new value (nil removes it). Known keys carry typed values, already
/// valid for the file format; any other key is `other`.
public enum TileField: Hashable, Sendable {
  case title(String?)
  case color(TileColor?)
  case locked(Bool?)
  case width(Int?)
  /// A key this version does not know: a value replaces the old one in place or goes after the
  /// other unknown keys; nil removes it. (`.null` is JSON's null, kept as a value.)
  case other(String, JSONValue?)

  /// The keys with a meaning of their own; `id` is none of them (no edit changes an id).
  public static let knownKeys = ["title", "color", "locked", "width"]

  /// The key's name.
  public var key: String {
    switch self {
    case .title: return "title"
    case .color: return "color"
    case .locked: return "locked"
    case .width: return "width"
    case .other(let key, _): return key
    }
  }

  /// Whether the value is absent (the key removed).
  public var removes: Bool {
    switch self {
    case .title(let v): return v == nil
    case .color(let v): return v == nil
    case .locked(let v): return v == nil
    case .width(let v): return v == nil
    case .other(_, let v): return v == nil
    }
  }
}

/// One key of a section, with its new value (nil removes it).
public enum SectionField: Hashable, Sendable {
  case title(String?)
  case maxItems(Int?)
  case locked(Bool?)
  /// A key this version does not know (see `TileField.other`).
  case other(String, JSONValue?)

  /// The keys with a meaning of their own; `id` and `items` are none of them.
  public static let knownKeys = ["title", "maxItems", "locked"]

  public var key: String {
    switch self {
    case .title: return "title"
    case .maxItems: return "maxItems"
    case .locked: return "locked"
    case .other(let key, _): return key
    }
  }
}

/// One key of the `layout` object, with its new value (nil removes it). `itemSize` and
/// `sectionInset` are set whole.
public enum LayoutField: Hashable, Sendable {
  case direction(Direction?)
  case itemSize(LayoutSpec.SizeSpec?)
  case lineSpacing(Int?)
  case interitemSpacing(Int?)
  case sectionInset(LayoutSpec.InsetsSpec?)
  case headerHeight(Int?)
  case alignment(Alignment?)
  /// A key this version does not know (see `TileField.other`).
  case other(String, JSONValue?)

  public static let knownKeys = [
    "direction", "itemSize", "lineSpacing", "interitemSpacing", "sectionInset", "headerHeight", "alignment",
  ]

  public var key: String {
    switch self {
    case .direction: return "direction"
    case .itemSize: return "itemSize"
    case .lineSpacing: return "lineSpacing"
    case .interitemSpacing: return "interitemSpacing"
    case .sectionInset: return "sectionInset"
    case .headerHeight: return "headerHeight"
    case .alignment: return "alignment"
    case .other(let key, _): return key
    }
  }
}

extension ScriptEdit {
  /// The top-level keys a `set-file` line may not name: they are the file's structure.
  public static let reservedFileKeys = ["version", "sections", "layout"]
}

// MARK: - Setting keys

extension Tile {
  /// The tile with one key set or removed; its id stays.
  public func setting(_ field: TileField) -> Tile {
    var tile = self
    switch field {
    case .title(let v): tile.title = v
    case .color(let v): tile.color = v
    case .locked(let v): tile.locked = v
    case .width(let v): tile.width = v
    case .other(let key, let v): tile.extras.set(key, v)
    }
    return tile
  }
}

extension Section {
  /// The section's fields with one key set or removed; its id and tiles stay.
  public func setting(_ field: SectionField) -> Section {
    var section = self
    switch field {
    case .title(let v): section.title = v
    case .maxItems(let v): section.maxItems = v
    case .locked(let v): section.locked = v
    case .other(let key, let v): section.extras.set(key, v)
    }
    return section
  }
}

extension LayoutSpec {
  /// The layout object with one key set or removed.
  public func setting(_ field: LayoutField) -> LayoutSpec {
    var spec = self
    switch field {
    case .direction(let v): spec.direction = v
    case .itemSize(let v): spec.itemSize = v
    case .lineSpacing(let v): spec.lineSpacing = v
    case .interitemSpacing(let v): spec.interitemSpacing = v
    case .sectionInset(let v): spec.sectionInset = v
    case .headerHeight(let v): spec.headerHeight = v
    case .alignment(let v): spec.alignment = v
    case .other(let key, let v): spec.extras.set(key, v)
    }
    return spec
  }
}

extension Array where Element == JSONField {
  /// Sets the member `key` (compared by UTF-8 bytes): a value replaces the old one in place, or is
  /// appended when there is none; nil removes it.
  public mutating func set(_ key: String, _ value: JSONValue?) {
    let index = firstIndex { $0.key.isExactly(key) }
    switch (index, value) {
    case (let i?, let v?): self[i].value = v
    case (let i?, nil): remove(at: i)
    case (nil, let v?): append(JSONField(key, v))
    case (nil, nil): break
    }
  }

  /// The value of the member `key` (compared by UTF-8 bytes), if there is one.
  public func value(of key: String) -> JSONValue? {
    first { $0.key.isExactly(key) }?.value
  }
}
