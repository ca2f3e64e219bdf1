import TileModel

// Reading and writing the arrangement file (docs/file-format.md).
//
// The reader is schema-directed: it walks the bytes once and builds the model directly, keeping keys it
// does not know as `JSONValue`s (exact number text, original order). See DECISIONS.md for why this and
// not Foundation's JSONDecoder.

extension Arrangement {
  /// Reads and validates an arrangement file: strict JSON (RFC 8259) in UTF-8, a leading byte order
  /// mark allowed, checked against the file format (docs/file-format.md). Keys this version does not
  /// know are kept exactly (`extras`), and absent keys stay absent, so `jsonBytes()` gives the file
  /// back byte for byte when it was in canonical form.
  ///
  ///     let arrangement = try Arrangement(json: [UInt8](try Data(contentsOf: url)))  // with Foundation
  ///
  /// The whole file is checked before this returns; its tiles are then kept as compact records and
  /// their text, and a `Tile` is built when one is asked for (`tiles[ref]`), the same tile as reading
  /// it eagerly would give.
  ///
  /// - Throws: `LoadError`, naming the place: a JSON path (`sections[1].items[3].color`) or, for text
  ///   that is not JSON, a line and column. `String(describing: error)` is the one-line message.
  /// - Complexity: O(bytes); a 120 MB file of a million tiles reads in well under a tenth of a second
  ///   (release build).
  public init(json bytes: [UInt8]) throws(LoadError) {
    self = try bytes.withUnsafeBufferPointer { buffer throws(LoadError) in try Self(json: buffer, releasing: nil) }
  }

  /// Reads an arrangement from text, as `init(json:)` reads its UTF-8 bytes.
  public init(json text: String) throws(LoadError) {
    try self.init(json: Array(text.utf8))
  }

  /// `init(json:)` over bytes the caller holds, such as a mapped file. `release`, when given, is told
  /// of each range of the input the reader is done with (a few megabytes at a time, in order), so
  /// that a mapped file's pages can be let go as reading passes them; nothing in the arrangement
  /// refers to the input once this returns. The reader may read a released range again (to report an
  /// error's line or find a repeated id), so releasing must keep the bytes readable. In a large file
  /// the second reader (`ReadAhead`) tells of the ranges it passed from its own thread, ahead of the
  /// reader's, so `release` must be safe to call from two threads at once.
  package init(json bytes: UnsafeBufferPointer<UInt8>, releasing release: ((Range<Int>) -> Void)?) throws(LoadError) {
    var context = TileContext(mode: .keep, inputCount: bytes.count, release: release)
    let file = try Self.read(bytes, &context)
    self.init(
      version: file.version, layout: file.layout, tiles: TileStore(source: context.finish()), sections: file.sections,
      extras: file.extras)
  }

  /// `init(json:)` with every tile read by the general reader (and kept as its JSON text): what the
  /// fast paths must be indistinguishable from, for the tests.
  init(jsonUsingGeneralReader bytes: [UInt8]) throws(LoadError) {
    var context = TileContext(mode: .keep, inputCount: bytes.count)
    context.usesFastPaths = false
    let file = try bytes.withUnsafeBufferPointer { (bytes) throws(LoadError) in try Self.read(bytes, &context) }
    self.init(
      version: file.version, layout: file.layout, tiles: TileStore(source: context.finish()), sections: file.sections,
      extras: file.extras)
  }

  /// `init(json:)` (or, when `checking`, `validate(json:)`) with a second reader from `start`, for the
  /// tests: `chunkSize` tiles a chunk, and `first` has it read everything it can before the reader
  /// starts (so that every chunk it read can be taken), else it runs on another thread as it would.
  /// Returns the arrangement (nil when checking) and how many tiles the reader took from it.
  static func readingAhead(_ bytes: [UInt8], at start: Int, chunkSize: Int, first: Bool, checking: Bool = false)
    throws(LoadError) -> (Arrangement?, taken: Int)
  {
    var context = TileContext(mode: checking ? .check : .keep, inputCount: bytes.count)
    return try bytes.withUnsafeBufferPointer { (bytes) throws(LoadError) in
      context.readAhead(in: bytes, at: start, chunkSize: chunkSize, first: first)
      let file = try Self.read(bytes, &context)
      guard !checking else { return (nil, context.taken) }
      let arrangement = Arrangement(
        version: file.version, layout: file.layout, tiles: TileStore(source: context.finish()), sections: file.sections,
        extras: file.extras)
      return (arrangement, context.taken)
    }
  }

  /// Checks an arrangement file exactly as `init(json:)` does, with the same errors, without keeping
  /// its tiles: what `tilegrid check` runs.
  /// - Throws: `LoadError`, as `init(json:)`.
  public static func validate(json bytes: [UInt8]) throws(LoadError) {
    _ = try bytes.withUnsafeBufferPointer { buffer throws(LoadError) in try validate(json: buffer, releasing: nil) }
  }

  /// `validate(json:)` over bytes the caller holds; `release` as for `init(json:releasing:)`. Returns
  /// the keys of the file's top level that are not an arrangement's own (its `extras`), so that a
  /// caller learns of a record such as `conflicts` without a second pass over the bytes.
  @discardableResult
  package static func validate(json bytes: UnsafeBufferPointer<UInt8>, releasing release: ((Range<Int>) -> Void)?)
    throws(LoadError) -> [String]
  {
    var context = TileContext(mode: .check, inputCount: bytes.count, release: release)
    return try read(bytes, &context).extras.map(\.key)
  }

  /// What a file holds besides its tiles, which go to the context.
  struct FileParts {
    var version: Int
    var layout: LayoutSpec?
    var sections: [Section]
    var extras: [JSONField]
  }

  /// Reads and checks a whole file: the scan, then the checks that need every tile (unique ids).
  static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ context: inout TileContext) throws(LoadError) -> FileParts {
    // A second reader reads ahead in a large file (`ReadAhead`; the tests may have started one
    // already); it has stopped by the end of the scan.
    context.readAhead(in: bytes)
    let file: FileParts
    do {
      defer { context.finishReadingAhead() }
      file = try scan(bytes, &context)
    }
    let repeated = context.ids.repeatedHashes()
    if !repeated.isEmpty {
      // Two ids have the same hash: read the file again to compare the ids that have it, in order.
      var again = TileContext(mode: .findDuplicate(repeated), inputCount: bytes.count)
      _ = try scan(bytes, &again)
      if let duplicate = again.duplicate { throw duplicate }
    }
    var sectionIDs: [ExactString: Int] = [:]
    for (index, section) in file.sections.enumerated() {
      if let first = sectionIDs.updateValue(index, forKey: ExactString(section.id)) {
        throw LoadError.duplicateSectionID(section.id, first: first, second: index)
      }
    }
    return file
  }

  /// One pass of the reader over the file, its errors as `LoadError`s.
  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ context: inout TileContext) throws(LoadError)
    -> FileParts
  {
    do {
      var scanner = JSONScanner(bytes)
      guard scanner.peek() != nil else { throw LoadError.empty }
      let file = try scanner.readArrangement(&context)
      try scanner.expectEnd()
      return file
    } catch let error as LoadError {
      throw error
    } catch let error as JSONSyntaxError {
      let (line, column) = Self.lineAndColumn(of: error.offset, in: bytes)
      throw .malformed(line: line, column: column, reason: error.reason)
    } catch let error as DuplicateKey {
      throw .duplicateKey(error.path, key: error.key)
    } catch {
      fatalError("unexpected error type \(type(of: error)) from the JSON reader")
    }
  }

  /// 1-based line and column (counted in characters) of a byte offset. A byte order mark, which the
  /// reader skips and editors do not show, is not a column.
  static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
    var line = 1
    var column = 1
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    for b in bytes[min(start, offset)..<min(offset, bytes.count)] {
      if b == 0x0A {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// The canonical JSON text: known keys in the file format's order, then unknown keys in their original
  /// order; fields absent from the input stay absent; two-space indentation, as Python's
  /// `json.dumps(indent=2, ensure_ascii=False)` writes it, and a final newline.
  /// - Complexity: O(n) in the tiles and their text.
  public func jsonBytes() -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64 + tileCount * 100)
    writeJSON { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// Writes the canonical JSON text (`jsonBytes()`'s) to `emit` in chunks of about `chunkSize` bytes,
  /// so that the text of a large arrangement never has to be in memory at once: hand it a file's write
  /// function. Whatever `emit` throws stops the writing and is rethrown.
  /// - Complexity: O(n) in the tiles and their text.
  public func writeJSON<E: Error>(chunkSize: Int = 1 << 20, _ emit: ([UInt8]) throws(E) -> Void) throws(E) {
    var w = JSONWriter(reservingCapacity: min(chunkSize + 4096, 64 + tileCount * 100))
    w.beginObject()
    w.key("version")
    w.int(version)
    if let spec = layoutSpec {
      w.key("layout")
      spec.write(to: &w)
    }
    w.key("sections")
    w.beginArray()
    for section in sections {
      w.element()
      w.beginObject()
      w.member("id", section.id)
      w.member("title", section.title)
      w.member("maxItems", section.maxItems)
      w.member("locked", section.locked)
      w.key("items")
      w.beginArray()
      for ref in section.items {
        w.element()
        tiles[ref].write(to: &w)
        if w.bytes.count >= chunkSize { try emit(w.takeBytes()) }
      }
      w.endArray()
      w.members(section.extras)
      w.endObject()
    }
    w.endArray()
    w.members(extras)
    w.endObject()
    w.newlineAtEnd()
    try emit(w.takeBytes())
  }

  /// The canonical JSON text as a string (`jsonBytes()` decoded as UTF-8).
  public func jsonString() -> String {
    String(decoding: jsonBytes(), as: UTF8.self)
  }
}

extension Tile {
  package func write(to w: inout JSONWriter) {
    w.beginObject()
    w.member("id", id)
    w.member("title", title)
    w.member("color", color?.spelling)
    w.member("locked", locked)
    w.member("width", width)
    w.members(extras)
    w.endObject()
  }
}

extension LayoutSpec {
  package func write(to w: inout JSONWriter) {
    w.beginObject()
    w.member("direction", direction?.rawValue)
    if let itemSize {
      w.key("itemSize")
      itemSize.write(to: &w)
    }
    w.member("lineSpacing", lineSpacing)
    w.member("interitemSpacing", interitemSpacing)
    if let inset = sectionInset {
      w.key("sectionInset")
      inset.write(to: &w)
    }
    w.member("headerHeight", headerHeight)
    w.member("alignment", alignment?.rawValue)
    w.members(extras)
    w.endObject()
  }
}

extension LayoutSpec.SizeSpec {
  package func write(to w: inout JSONWriter) {
    w.beginObject()
    w.member("width", width)
    w.member("height", height)
    w.members(extras)
    w.endObject()
  }
}

extension LayoutSpec.InsetsSpec {
  package func write(to w: inout JSONWriter) {
    w.beginObject()
    w.member("top", top)
    w.member("left", left)
    w.member("bottom", bottom)
    w.member("right", right)
    w.members(extras)
    w.endObject()
  }
}

// MARK: - The schema

/// The keys an object of the schema knows, in their canonical order. Keys are matched as raw bytes, so
/// reading a tile builds no `String` for its keys.
private protocol SchemaKey: CaseIterable, RawRepresentable where RawValue == String, AllCases == [Self] {
  /// Every case's UTF-8 spelling, in `allCases` order.
  static var spellings: [[UInt8]] { get }
}

extension SchemaKey {
  static func spell() -> [[UInt8]] { allCases.map { Array($0.rawValue.utf8) } }
}

private enum TopKey: String, SchemaKey {
  case version, layout, sections
  static let spellings = spell()
}

private enum LayoutKey: String, SchemaKey {
  case direction, itemSize, lineSpacing, interitemSpacing, sectionInset, headerHeight, alignment
  static let spellings = spell()
}

private enum SizeKey: String, SchemaKey {
  case width, height
  static let spellings = spell()
}

private enum InsetKey: String, SchemaKey {
  case top, left, bottom, right
  static let spellings = spell()
}

private enum SectionKey: String, SchemaKey {
  case id, title, maxItems, locked, items
  static let spellings = spell()
}

private enum TileKey: String, SchemaKey {
  case id, title, color, locked, width
  static let spellings = spell()
}

/// Collects an object's unknown members and rejects repeated keys: known keys by a bit each, unknown
/// ones by search (a set once there are many), so the common small object allocates nothing.
private struct MemberSet {
  private var knownSeen: UInt64 = 0
  private var unknownSeen: Set<ExactString> = []
  var extras: [JSONField] = []

  mutating func noteKnown(_ bit: Int, _ key: @autoclosure () -> String, at path: () -> JSONPath, offset: Int) throws {
    if knownSeen & (1 << bit) != 0 { throw DuplicateKey(path: path(), key: key(), offset: offset) }
    knownSeen |= 1 << bit
  }

  mutating func noteUnknown(_ key: String, at path: () -> JSONPath, offset: Int) throws {
    if extras.count < 16 {
      if extras.contains(where: { $0.key.isExactly(key) }) { throw DuplicateKey(path: path(), key: key, offset: offset) }
    } else {
      if unknownSeen.isEmpty { unknownSeen = Set(extras.map { ExactString($0.key) }) }
      if !unknownSeen.insert(ExactString(key)).inserted { throw DuplicateKey(path: path(), key: key, offset: offset) }
    }
  }
}

extension JSONScanner {
  /// The kinds of value the schema expects, told apart by a value's first byte.
  enum Kind {
    case string, wholeNumber, boolean, object, array

    var words: String {
      switch self {
      case .string: return "a string"
      case .wholeNumber: return "a whole number"
      case .boolean: return "true or false"
      case .object: return "an object"
      case .array: return "an array"
      }
    }

    func starts(with c: UInt8) -> Bool {
      switch self {
      case .string: return c == UInt8(ascii: "\"")
      case .wholeNumber: return c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
      case .boolean: return c == UInt8(ascii: "t") || c == UInt8(ascii: "f")
      case .object: return c == UInt8(ascii: "{")
      case .array: return c == UInt8(ascii: "[")
      }
    }
  }

  /// Fails with a type error unless the next value is of `kind`; with a syntax error (line and column)
  /// when no JSON value starts there at all, as in truncated input.
  mutating func expectKind(_ kind: Kind, at path: @autoclosure () -> JSONPath) throws {
    guard let c = peek(), kind.starts(with: c) else {
      guard let c = peek(), Self.startsValue(c) else { throw notAValue(expected: kind.words) }
      throw LoadError.wrongType(path(), expected: kind.words, found: nextKind())
    }
  }

  /// Reads a number that must be whole and within bounds. Any spelling of an integral value counts
  /// (`1e0`, `10E-1`); the canonical writer then writes it as plain digits.
  package mutating func readWholeNumber(at path: @autoclosure () -> JSONPath, minimum: Int, maximum: Int) throws -> Int {
    try expectKind(.wholeNumber, at: path())
    let range = try readNumberRange()
    func text() -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
    switch wholeNumber(in: range) {
    case .value(let value):
      if value < minimum { throw LoadError.tooSmall(path(), text: text(), minimum: minimum) }
      if value > maximum { throw LoadError.tooLarge(path(), text: text(), maximum: maximum) }
      return value
    case .fraction:
      throw LoadError.notAWholeNumber(path(), text: text())
    case .overflow(let negative):
      throw negative
        ? LoadError.tooSmall(path(), text: text(), minimum: minimum)
        : LoadError.tooLarge(path(), text: text(), maximum: maximum)
    }
  }

  package mutating func readStringValue(at path: @autoclosure () -> JSONPath) throws -> String {
    try expectKind(.string, at: path())
    return try readString()
  }

  fileprivate mutating func readID(at path: @autoclosure () -> JSONPath) throws -> String {
    let id = try readStringValue(at: path())
    if id.isEmpty { throw LoadError.emptyID(path()) }
    return id
  }

  package mutating func readBoolValue(at path: @autoclosure () -> JSONPath) throws -> Bool {
    try expectKind(.boolean, at: path())
    return try readBool()
  }

  package mutating func readEnum<E: RawRepresentable & CaseIterable>(_: E.Type, at path: JSONPath) throws -> E
  where E.RawValue == String {
    let text = try readStringValue(at: path)
    guard let value = E(rawValue: text) else {
      throw LoadError.notOneOf(path, value: text, allowed: E.allCases.map(\.rawValue))
    }
    return value
  }

  /// Reads an object of the schema: each key of `Key` goes to `known`, which reads its value; other keys
  /// are kept with their values, in order, and returned. Repeated keys are an error.
  fileprivate mutating func readMembers<Key: SchemaKey>(
    _: Key.Type, at path: () -> JSONPath, _ known: (inout JSONScanner, Key) throws -> Void
  ) throws -> [JSONField] {
    try expectKind(.object, at: path())
    var members = MemberSet()
    if try beginObject() {
      repeat {
        let (key, keyOffset) = try readKey()
        if let index = Key.spellings.firstIndex(where: { token(key, equals: $0) }) {
          try members.noteKnown(index, string(key), at: path, offset: keyOffset)
          try known(&self, Key.allCases[index])
        } else {
          let name = string(key)
          try members.noteUnknown(name, at: path, offset: keyOffset)
          members.extras.append(JSONField(name, try readValue(at: path().key(name))))
        }
      } while try endMember()
    }
    return members.extras
  }

  fileprivate mutating func readArrangement(_ context: inout TileContext) throws -> Arrangement.FileParts {
    let root = JSONPath.root
    var version: Int?
    var layout: LayoutSpec?
    var sections: [Section]?
    let extras = try readMembers(TopKey.self, at: { root }) { s, key in
      switch key {
      case .version:
        try s.expectKind(.wholeNumber, at: root.key("version"))
        let range = try s.readNumberRange()
        let text = String(decoding: UnsafeBufferPointer(rebasing: s.bytes[range]), as: UTF8.self)
        switch s.wholeNumber(in: range) {
        case .value(1): version = 1
        case .fraction: throw LoadError.notAWholeNumber(root.key("version"), text: text)
        default: throw LoadError.unsupportedVersion(text)
        }
      case .layout:
        layout = try s.readLayout(at: root.key("layout"))
      case .sections:
        sections = try s.readSections(at: root.key("sections"), &context)
      }
    }
    guard let version else { throw LoadError.missingField(root, field: "version") }
    guard let sections else { throw LoadError.missingField(root, field: "sections") }
    return Arrangement.FileParts(version: version, layout: layout, sections: sections, extras: extras)
  }

  package mutating func readLayout(at path: JSONPath) throws -> LayoutSpec {
    var spec = LayoutSpec()
    let limit = Arrangement.maximumDimension
    spec.extras = try readMembers(LayoutKey.self, at: { path }) { s, key in
      let p = path.key(key.rawValue)
      switch key {
      case .direction: spec.direction = try s.readEnum(Direction.self, at: p)
      case .alignment: spec.alignment = try s.readEnum(Alignment.self, at: p)
      case .lineSpacing: spec.lineSpacing = try s.readWholeNumber(at: p, minimum: 0, maximum: limit)
      case .interitemSpacing: spec.interitemSpacing = try s.readWholeNumber(at: p, minimum: 0, maximum: limit)
      case .headerHeight: spec.headerHeight = try s.readWholeNumber(at: p, minimum: 0, maximum: limit)
      case .itemSize: spec.itemSize = try s.readItemSize(at: p)
      case .sectionInset: spec.sectionInset = try s.readInsets(at: p)
      }
    }
    return spec
  }

  /// Reads the `itemSize` object at `path`.
  package mutating func readItemSize(at p: JSONPath) throws -> LayoutSpec.SizeSpec {
    var size = LayoutSpec.SizeSpec()
    size.extras = try readMembers(SizeKey.self, at: { p }) { s, key in
      let value = try s.readWholeNumber(at: p.key(key.rawValue), minimum: 1, maximum: Arrangement.maximumDimension)
      switch key {
      case .width: size.width = value
      case .height: size.height = value
      }
    }
    return size
  }

  /// Reads the `sectionInset` object at `path`.
  package mutating func readInsets(at p: JSONPath) throws -> LayoutSpec.InsetsSpec {
    var inset = LayoutSpec.InsetsSpec()
    inset.extras = try readMembers(InsetKey.self, at: { p }) { s, key in
      let value = try s.readWholeNumber(at: p.key(key.rawValue), minimum: 0, maximum: Arrangement.maximumDimension)
      switch key {
      case .top: inset.top = value
      case .left: inset.left = value
      case .bottom: inset.bottom = value
      case .right: inset.right = value
      }
    }
    return inset
  }

  private mutating func readSections(at path: JSONPath, _ context: inout TileContext) throws -> [Section] {
    try expectKind(.array, at: path)
    var sections: [Section] = []
    if try beginArray() {
      repeat {
        context.section = sections.count
        let section = try readSection(at: JSONPath([.key("sections"), .index(sections.count)]), &context)
        sections.append(section)
      } while try endElement()
    }
    return sections
  }

  /// Reads a section at `path` (`sections[2]`, or the top level of a script's `add-section`), its
  /// tiles into `context`.
  package mutating func readSection(at path: JSONPath, _ context: inout TileContext) throws -> Section {
    var id: String?
    var title: String?
    var maxItems: Int?
    var locked: Bool?
    var items: [TileRef]?
    let extras = try readMembers(SectionKey.self, at: { path }) { s, key in
      let p = path.key(key.rawValue)
      switch key {
      case .id: id = try s.readID(at: p)
      case .title: title = try s.readStringValue(at: p)
      case .maxItems: maxItems = try s.readWholeNumber(at: p, minimum: 0, maximum: Int(Int32.max))
      case .locked: locked = try s.readBoolValue(at: p)
      case .items: items = try s.readItems(at: p, &context)
      }
    }
    guard let id else { throw LoadError.missingField(path, field: "id") }
    guard let items else { throw LoadError.missingField(path, field: "items") }
    var section = Section(id: id, title: title, maxItems: maxItems, locked: locked, extras: extras)
    section.items = items
    return section
  }

  /// Reads a section's `items` into the context and returns their references (the slots they get; none
  /// when the context keeps no tiles).
  private mutating func readItems(at path: JSONPath, _ context: inout TileContext) throws -> [TileRef] {
    try expectKind(.array, at: path)
    let first = context.count
    context.sectionStart = first
    if try beginArray() {
      repeat {
        context.passed(offset)
        // Nearly every tile is read by a fast path (most in runs); any other, and any error, by the
        // general reader.
        if !context.usesFastPaths || readCanonicalTiles(into: &context) == 0 && !readCommonTile(into: &context) {
          let item = context.count - first
          let start = offset
          let (tile, idHash) = try readTile(at: { path.index(item) }, &context.colors)
          context.addGeneral(tile, idHash: idHash, range: start..<offset, in: self)
        }
        if let duplicate = context.duplicate { throw duplicate }
      } while try endElement()
    }
    // The section refers to the slots its tiles were read into, in order. An empty section's are the
    // empty array itself: built with no capacity, the array would store its count of 0 into the one
    // storage every empty array shares, a write racing with the second reader's reads of its own
    // empty arrays (ThreadSanitizer reports it).
    let end = context.count
    guard context.keepsTiles, end > first else { return [] }
    return [TileRef](unsafeUninitializedCapacity: end - first) { refs, count in
      for k in 0..<refs.count { refs[k] = TileRef(first + k) }
      count = refs.count
    }
  }

  /// Reads any tile, or the error in it (`readCommonTile` reads most tiles before this is asked to).
  /// `path` is a closure so that no path is built unless there is an error. Returns the tile and the
  /// hash of its id (for `TileIDHashes`).
  package mutating func readTile(at path: () -> JSONPath, _ colors: inout ColorCache) throws -> (Tile, UInt64) {
    var id: String?
    var idHash: UInt64 = 0
    var title: String?
    var color: TileColor?
    var locked: Bool?
    var width: Int?
    let extras = try readMembers(TileKey.self, at: path) { s, key in
      switch key {
      case .id:
        try s.expectKind(.string, at: path().key("id"))
        let token = try s.readStringToken()
        let text = s.string(token)
        if text.isEmpty { throw LoadError.emptyID(path().key("id")) }
        id = text
        idHash = s.rawBytes(token).map { IDHash.of($0) } ?? IDHash.of(text)
      case .title: title = try s.readStringValue(at: path().key("title"))
      case .color:
        try s.expectKind(.string, at: path().key("color"))
        let token = try s.readStringToken()
        guard let c = colors.color(token, in: s) else {
          throw LoadError.notAColor(path().key("color"), value: s.string(token))
        }
        color = c
      case .locked: locked = try s.readBoolValue(at: path().key("locked"))
      case .width:
        width = try s.readWholeNumber(at: path().key("width"), minimum: 1, maximum: Arrangement.maximumDimension)
      }
    }
    guard let id else { throw LoadError.missingField(path(), field: "id") }
    return (Tile(id: id, title: title, color: color, locked: locked, width: width, extras: extras), idHash)
  }
}
