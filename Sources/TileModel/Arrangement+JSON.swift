// Reading and writing the arrangement file (DESIGN.md §3).
//
// The reader is schema-directed: it walks the bytes once and builds the model directly, keeping keys it
// does not know as `JSONValue`s (exact number text, original order). See DECISIONS.md for why this and
// not Foundation's JSONDecoder.

extension Arrangement {
  /// Largest value accepted for any size, spacing or inset, so layout arithmetic cannot overflow.
  public static let maximumDimension = 100_000

  /// Reads an arrangement file. Every error names its place (DESIGN.md §3).
  /// - Complexity: O(bytes).
  public init(json bytes: [UInt8]) throws(LoadError) {
    do {
      self = try bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        guard scanner.peek() != nil else { throw LoadError.empty }
        let arrangement = try scanner.readArrangement()
        try scanner.expectEnd()
        return arrangement
      }
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

  /// Reads an arrangement from text.
  public init(json text: String) throws(LoadError) {
    try self.init(json: Array(text.utf8))
  }

  /// 1-based line and column (counted in characters) of a byte offset.
  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
    var line = 1
    var column = 1
    for b in bytes[0..<min(offset, bytes.count)] {
      if b == 0x0A {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// The canonical JSON text: known keys in DESIGN.md §3's order, then unknown keys in their original
  /// order; fields absent from the input stay absent; a final newline.
  /// - Complexity: O(n) in the tiles and their text.
  public func jsonBytes() -> [UInt8] {
    var w = JSONWriter(reservingCapacity: 64 + tiles.count * 96)
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
      w.key("id")
      w.string(section.id)
      if let title = section.title {
        w.key("title")
        w.string(title)
      }
      if let maxItems = section.maxItems {
        w.key("maxItems")
        w.int(maxItems)
      }
      if let locked = section.locked {
        w.key("locked")
        w.bool(locked)
      }
      w.key("items")
      w.beginArray()
      for ref in section.items {
        w.element()
        tiles[Int(ref.index)].write(to: &w)
      }
      w.endArray()
      w.members(section.extras)
      w.endObject()
    }
    w.endArray()
    w.members(extras)
    w.endObject()
    var bytes = w.bytes
    bytes.append(0x0A)
    return bytes
  }

  public func jsonString() -> String {
    String(decoding: jsonBytes(), as: UTF8.self)
  }
}

extension Tile {
  func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("id")
    w.string(id)
    if let title {
      w.key("title")
      w.string(title)
    }
    if let color {
      w.key("color")
      w.string(color.spelling)
    }
    if let locked {
      w.key("locked")
      w.bool(locked)
    }
    if let width {
      w.key("width")
      w.int(width)
    }
    w.members(extras)
    w.endObject()
  }
}

extension LayoutSpec {
  func write(to w: inout JSONWriter) {
    w.beginObject()
    if let direction {
      w.key("direction")
      w.string(direction.rawValue)
    }
    if let itemSize {
      w.key("itemSize")
      w.beginObject()
      if let width = itemSize.width {
        w.key("width")
        w.int(width)
      }
      if let height = itemSize.height {
        w.key("height")
        w.int(height)
      }
      w.members(itemSize.extras)
      w.endObject()
    }
    if let lineSpacing {
      w.key("lineSpacing")
      w.int(lineSpacing)
    }
    if let interitemSpacing {
      w.key("interitemSpacing")
      w.int(interitemSpacing)
    }
    if let inset = sectionInset {
      w.key("sectionInset")
      w.beginObject()
      for (name, value) in [("top", inset.top), ("left", inset.left), ("bottom", inset.bottom), ("right", inset.right)] {
        if let value {
          w.key(name)
          w.int(value)
        }
      }
      w.members(inset.extras)
      w.endObject()
    }
    if let headerHeight {
      w.key("headerHeight")
      w.int(headerHeight)
    }
    if let alignment {
      w.key("alignment")
      w.string(alignment.rawValue)
    }
    w.members(extras)
    w.endObject()
  }
}

// MARK: - The schema

/// Collects an object's unknown members and rejects repeated keys: known keys by a bit each, unknown
/// ones by search (a set once there are many), so the common small object allocates nothing.
private struct MemberSet {
  private var knownSeen: UInt64 = 0
  private var unknownSeen: Set<String> = []
  var extras: [JSONField] = []

  mutating func noteKnown(_ bit: Int, _ key: String, at path: () -> JSONPath, offset: Int) throws {
    if knownSeen & (1 << bit) != 0 { throw DuplicateKey(path: path(), key: key, offset: offset) }
    knownSeen |= 1 << bit
  }

  mutating func noteUnknown(_ key: String, at path: () -> JSONPath, offset: Int) throws {
    if extras.count < 16 {
      if extras.contains(where: { $0.key == key }) { throw DuplicateKey(path: path(), key: key, offset: offset) }
    } else {
      if unknownSeen.isEmpty { unknownSeen = Set(extras.map(\.key)) }
      if !unknownSeen.insert(key).inserted { throw DuplicateKey(path: path(), key: key, offset: offset) }
    }
  }
}

extension JSONScanner {
  /// Fails with a type error unless the next value starts with one of `starts`; with a syntax error
  /// (line and column) when no JSON value starts there at all, as in truncated input.
  fileprivate mutating func expectKind(_ starts: [UInt8], _ expected: String, at path: @autoclosure () -> JSONPath) throws {
    guard let c = peek(), starts.contains(c) else {
      guard let c = peek(), Self.startsValue(c) else { throw notAValue(expected: expected) }
      throw LoadError.wrongType(path(), expected: expected, found: nextKind())
    }
  }

  private static let digitStarts: [UInt8] = Array("-0123456789".utf8)

  fileprivate mutating func readWholeNumber(at path: @autoclosure () -> JSONPath, minimum: Int, maximum: Int) throws -> Int {
    try expectKind(Self.digitStarts, "a whole number", at: path())
    let text = try readNumberText()
    var value = 0
    var negative = false
    var overflow = false
    for c in text.utf8 {
      switch c {
      case UInt8(ascii: "-"): negative = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if !overflow {
          let (m, o1) = value.multipliedReportingOverflow(by: 10)
          let (a, o2) = m.addingReportingOverflow(Int(c - UInt8(ascii: "0")))
          overflow = o1 || o2
          value = a
        }
      default: throw LoadError.notAWholeNumber(path(), text: text)
      }
    }
    if overflow {
      throw negative
        ? LoadError.tooSmall(path(), text: text, minimum: minimum) : LoadError.tooLarge(path(), text: text, maximum: maximum)
    }
    if negative { value = -value }
    if value < minimum { throw LoadError.tooSmall(path(), text: text, minimum: minimum) }
    if value > maximum { throw LoadError.tooLarge(path(), text: text, maximum: maximum) }
    return value
  }

  fileprivate mutating func readStringValue(at path: @autoclosure () -> JSONPath) throws -> String {
    try expectKind([UInt8(ascii: "\"")], "a string", at: path())
    return try readString()
  }

  fileprivate mutating func readID(at path: @autoclosure () -> JSONPath) throws -> String {
    let id = try readStringValue(at: path())
    if id.isEmpty { throw LoadError.emptyID(path()) }
    return id
  }

  fileprivate mutating func readBoolValue(at path: @autoclosure () -> JSONPath) throws -> Bool {
    try expectKind([UInt8(ascii: "t"), UInt8(ascii: "f")], "true or false", at: path())
    return try readBool()
  }

  fileprivate mutating func readEnum<E: RawRepresentable & CaseIterable>(_: E.Type, at path: JSONPath) throws -> E
  where E.RawValue == String {
    let text = try readStringValue(at: path)
    guard let value = E(rawValue: text) else {
      throw LoadError.notOneOf(path, value: text, allowed: E.allCases.map(\.rawValue))
    }
    return value
  }

  /// Reads an object, handing each key to `known`, which reads the value of a key it knows and returns
  /// a number for the key (0-63, distinct within the object), or returns nil without reading for a key it
  /// does not know. Returns the unknown members in order.
  fileprivate mutating func readMembers(
    at path: () -> JSONPath, _ known: (inout JSONScanner, String) throws -> Int?
  ) throws -> [JSONField] {
    try expectKind([UInt8(ascii: "{")], "an object", at: path())
    var members = MemberSet()
    try readObject { s, key, keyOffset in
      if let bit = try known(&s, key) {
        try members.noteKnown(bit, key, at: path, offset: keyOffset)
      } else {
        try members.noteUnknown(key, at: path, offset: keyOffset)
        members.extras.append(JSONField(key, try s.readValue(at: path().key(key))))
      }
    }
    return members.extras
  }

  fileprivate mutating func readArrangement() throws -> Arrangement {
    let root = JSONPath.root
    var version: Int?
    var layout: LayoutSpec?
    var sections: [Section]?
    var tiles: [Tile] = []
    tiles.reserveCapacity(bytes.count / 128)
    var tileIDs: Set<String> = []
    tileIDs.reserveCapacity(bytes.count / 128)
    let extras = try readMembers(at: { root }) { s, key in
      switch key {
      case "version":
        try s.expectKind(Self.digitStarts, "a whole number", at: root.key("version"))
        let text = try s.readNumberText()
        guard text == "1" else { throw LoadError.unsupportedVersion(text) }
        version = 1
        return 0
      case "layout":
        layout = try s.readLayout(at: root.key("layout"))
        return 1
      case "sections":
        sections = try s.readSections(at: root.key("sections"), tiles: &tiles, tileIDs: &tileIDs)
        return 2
      default:
        return nil
      }
    }
    guard let version else { throw LoadError.missingField(root, field: "version") }
    guard let sections else { throw LoadError.missingField(root, field: "sections") }
    if tileIDs.count != tiles.count {
      throw Self.duplicateTileError(sections: sections, tiles: tiles)
    }
    var sectionIDs: [String: Int] = [:]
    for (index, section) in sections.enumerated() {
      if let first = sectionIDs.updateValue(index, forKey: section.id) {
        throw LoadError.duplicateSectionID(section.id, first: first, second: index)
      }
    }
    return Arrangement(version: version, layout: layout, tiles: tiles, sections: sections, extras: extras)
  }

  /// Finds the first repeated tile id, in file order, to name both places.
  private static func duplicateTileError(sections: [Section], tiles: [Tile]) -> LoadError {
    var firstPlace: [String: ItemPath] = [:]
    for (s, section) in sections.enumerated() {
      for (i, ref) in section.items.enumerated() {
        let id = tiles[Int(ref.index)].id
        if let first = firstPlace.updateValue(ItemPath(s, i), forKey: id) {
          return .duplicateTileID(id, first: first, second: ItemPath(s, i))
        }
      }
    }
    fatalError("duplicateTileError called without a duplicate")
  }

  private mutating func readLayout(at path: JSONPath) throws -> LayoutSpec {
    var spec = LayoutSpec()
    let limit = Arrangement.maximumDimension
    spec.extras = try readMembers(at: { path }) { s, key in
      let p = path.key(key)
      switch key {
      case "direction":
        spec.direction = try s.readEnum(Direction.self, at: p)
        return 0
      case "alignment":
        spec.alignment = try s.readEnum(Alignment.self, at: p)
        return 1
      case "lineSpacing":
        spec.lineSpacing = try s.readWholeNumber(at: p, minimum: 0, maximum: limit)
        return 2
      case "interitemSpacing":
        spec.interitemSpacing = try s.readWholeNumber(at: p, minimum: 0, maximum: limit)
        return 3
      case "headerHeight":
        spec.headerHeight = try s.readWholeNumber(at: p, minimum: 0, maximum: limit)
        return 4
      case "itemSize":
        var size = LayoutSpec.SizeSpec()
        size.extras = try s.readMembers(at: { p }) { s, key in
          switch key {
          case "width":
            size.width = try s.readWholeNumber(at: p.key(key), minimum: 1, maximum: limit)
            return 0
          case "height":
            size.height = try s.readWholeNumber(at: p.key(key), minimum: 1, maximum: limit)
            return 1
          default:
            return nil
          }
        }
        spec.itemSize = size
        return 5
      case "sectionInset":
        var inset = LayoutSpec.InsetsSpec()
        inset.extras = try s.readMembers(at: { p }) { s, key in
          let q = p.key(key)
          switch key {
          case "top":
            inset.top = try s.readWholeNumber(at: q, minimum: 0, maximum: limit)
            return 0
          case "left":
            inset.left = try s.readWholeNumber(at: q, minimum: 0, maximum: limit)
            return 1
          case "bottom":
            inset.bottom = try s.readWholeNumber(at: q, minimum: 0, maximum: limit)
            return 2
          case "right":
            inset.right = try s.readWholeNumber(at: q, minimum: 0, maximum: limit)
            return 3
          default:
            return nil
          }
        }
        spec.sectionInset = inset
        return 6
      default:
        return nil
      }
    }
    return spec
  }

  private mutating func readSections(at path: JSONPath, tiles: inout [Tile], tileIDs: inout Set<String>) throws
    -> [Section]
  {
    try expectKind([UInt8(ascii: "[")], "an array", at: path)
    var sections: [Section] = []
    try readArray { s, index in
      sections.append(try s.readSection(index: index, tiles: &tiles, tileIDs: &tileIDs))
    }
    return sections
  }

  private mutating func readSection(index: Int, tiles: inout [Tile], tileIDs: inout Set<String>) throws
    -> Section
  {
    let path = JSONPath([.key("sections"), .index(index)])
    var id: String?
    var title: String?
    var maxItems: Int?
    var locked: Bool?
    var items: [TileRef]?
    let extras = try readMembers(at: { path }) { s, key in
      let p = path.key(key)
      switch key {
      case "id":
        id = try s.readID(at: p)
        return 0
      case "title":
        title = try s.readStringValue(at: p)
        return 1
      case "maxItems":
        maxItems = try s.readWholeNumber(at: p, minimum: 0, maximum: Int(Int32.max))
        return 2
      case "locked":
        locked = try s.readBoolValue(at: p)
        return 3
      case "items":
        try s.expectKind([UInt8(ascii: "[")], "an array", at: p)
        var refs: [TileRef] = []
        try s.readArray { s, item in
          let tile = try s.readTile(at: { p.index(item) })
          tileIDs.insert(tile.id)
          refs.append(TileRef(tiles.count))
          tiles.append(tile)
        }
        items = refs
        return 4
      default:
        return nil
      }
    }
    guard let id else { throw LoadError.missingField(path, field: "id") }
    guard let items else { throw LoadError.missingField(path, field: "items") }
    var section = Section(id: id, title: title, maxItems: maxItems, locked: locked, extras: extras)
    section.items = items
    return section
  }

  /// `path` is a closure so that the hot path builds no path unless there is an error.
  private mutating func readTile(at path: () -> JSONPath) throws -> Tile {
    var id: String?
    var title: String?
    var color: TileColor?
    var locked: Bool?
    var width: Int?
    let extras = try readMembers(at: path) { s, key in
      switch key {
      case "id":
        id = try s.readID(at: path().key(key))
        return 0
      case "title":
        title = try s.readStringValue(at: path().key(key))
        return 1
      case "color":
        let text = try s.readStringValue(at: path().key(key))
        guard let c = TileColor(text) else { throw LoadError.notAColor(path().key(key), value: text) }
        color = c
        return 2
      case "locked":
        locked = try s.readBoolValue(at: path().key(key))
        return 3
      case "width":
        width = try s.readWholeNumber(at: path().key(key), minimum: 1, maximum: Arrangement.maximumDimension)
        return 4
      default:
        return nil
      }
    }
    guard let id else { throw LoadError.missingField(path(), field: "id") }
    return Tile(id: id, title: title, color: color, locked: locked, width: width, extras: extras)
  }
}
