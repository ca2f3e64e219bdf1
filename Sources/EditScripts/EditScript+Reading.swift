import TileGridJSON
import TileModel

/// One edit of a script as read, with the line it was on (1-based), for messages.
public struct ScriptLine: Hashable, Sendable {
  public var edit: ScriptEdit
  public var line: Int

  public init(edit: ScriptEdit, line: Int) {
    self.edit = edit
    self.line = line
  }
}

/// Why a script's text was refused: the line and column (1-based; the column counts characters) and
/// the reason, in one line.
public struct ScriptSyntaxError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var reason: String

  public var description: String { "line \(line), column \(column): \(reason)" }
}

extension EditScript {
  /// The verbs, as the grammar lists them.
  public static let verbs = [
    "move", "move-section", "add", "delete", "set", "add-section", "delete-section", "set-section", "set-layout",
    "set-file",
  ]

  /// The verb `word` is most likely a mistyping of: at most two letters changed, added, dropped or
  /// swapped with a neighbour (and fewer than the word's length), the first such verb in `verbs`.
  static func nearestVerb(to word: String) -> String? {
    let a = Array(word.lowercased().unicodeScalars)
    var best: (verb: String, distance: Int)?
    for verb in verbs {
      let b = Array(verb.unicodeScalars)
      // Optimal string alignment distance (Levenshtein with adjacent transpositions).
      var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
      for i in 0...a.count { d[i][0] = i }
      for j in 0...b.count { d[0][j] = j }
      if !a.isEmpty && !b.isEmpty {
        for i in 1...a.count {
          for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
          }
        }
      }
      let distance = d[a.count][b.count]
      if distance <= 2, distance < a.count, best.map({ distance < $0.distance }) ?? true { best = (verb, distance) }
    }
    return best?.verb
  }

  /// Reads a script strictly (docs/version-control.md, "The grammar"): UTF-8 text, one edit per line,
  /// blank lines and `#` comments (outside JSON strings) ignored. Known keys' values are checked as
  /// the file reader checks them (a `color` must be a color), and objects of `add` and `add-section`
  /// are a tile and a section as the file writes them, their `id` the line's.
  /// - Throws: the first error, with its line and column.
  /// - Complexity: O(bytes).
  public static func read(_ bytes: [UInt8]) throws(ScriptSyntaxError) -> [ScriptLine] {
    var lines: [ScriptLine] = []
    do {
      try bytes.withUnsafeBufferPointer { (all: UnsafeBufferPointer<UInt8>) throws(ScriptSyntaxError) in
        var start = all.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 1
        while start <= all.count {
          var end = start
          while end < all.count && all[end] != 0x0A { end += 1 }
          var lineEnd = end
          if lineEnd > start && all[lineEnd - 1] == 0x0D { lineEnd -= 1 }
          var reader = LineReader(UnsafeBufferPointer(rebasing: all[start..<lineEnd]), line: number)
          if let edit = try reader.edit() { lines.append(ScriptLine(edit: edit, line: number)) }
          start = end + 1
          number += 1
        }
      }
    }
    return lines
  }

  /// Reads a script from text, as `read(_:)` reads its UTF-8 bytes.
  public static func read(_ text: String) throws(ScriptSyntaxError) -> [ScriptLine] {
    try read(Array(text.utf8))
  }
}

/// Reads one line of a script: a verb and its operands, each token after spaces or tabs.
private struct LineReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let line: Int
  var offset = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
    self.bytes = bytes
    self.line = line
  }

  // MARK: Positions and errors

  func column(of position: Int) -> Int {
    var column = 1
    for b in bytes[0..<min(position, bytes.count)] where b & 0xC0 != 0x80 { column += 1 }
    return column
  }

  func fail(_ reason: String, at position: Int? = nil) -> ScriptSyntaxError {
    ScriptSyntaxError(line: line, column: column(of: position ?? offset), reason: reason)
  }

  mutating func skipSpaces() {
    while offset < bytes.count && (bytes[offset] == 0x20 || bytes[offset] == 0x09) { offset += 1 }
  }

  /// Whether only spaces or a comment remain.
  mutating func atEnd() -> Bool {
    skipSpaces()
    return offset == bytes.count || bytes[offset] == UInt8(ascii: "#")
  }

  /// What stands at the offset, for "expected X, found Y".
  func found() -> String {
    guard offset < bytes.count, bytes[offset] != UInt8(ascii: "#") else { return "the end of the line" }
    let c = bytes[offset]
    if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
    var end = offset + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    guard let scalar = text.unicodeScalars.first else { return "byte 0x\(String(c, radix: 16))" }
    return Self.named(scalar)
  }

  /// A character for a message: quoted when it shows; by its code point when it does not (a byte
  /// order mark, a control or format character, a space other than U+0020), so nothing invisible
  /// reaches the terminal raw: `U+FEFF (a byte order mark)`.
  static func named(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    if scalar == "\u{FEFF}" { return code + " (a byte order mark)" }
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned,
      .surrogate, .nonspacingMark, .enclosingMark:
      return code
    default:
      return JSONString.quoted(String(scalar))
    }
  }

  /// The first character of `word` that does not show, named by its code point (`U+FEFF (a byte
  /// order mark)`); nil when every character shows.
  static func invisible(in word: String) -> String? {
    for scalar in word.unicodeScalars {
      let name = named(scalar)
      if name.hasPrefix("U+") { return name }
    }
    return nil
  }

  /// Fails unless the token just read ends here (a space, the end of the line, or a comment).
  func expectBoundary() throws(ScriptSyntaxError) {
    guard offset < bytes.count else { return }
    let c = bytes[offset]
    guard c == 0x20 || c == 0x09 || c == UInt8(ascii: "#") else {
      throw fail("expected a space or the end of the line, found \(found())")
    }
  }

  mutating func expectEnd() throws(ScriptSyntaxError) {
    guard atEnd() else { throw fail("expected the end of the line, found \(found())") }
  }

  // MARK: Tokens

  /// A bare word: the bytes up to a space, `#`, `:` or `"`; nil when there is none here.
  mutating func bareWord() throws(ScriptSyntaxError) -> String? {
    skipSpaces()
    let start = offset
    while offset < bytes.count {
      let c = bytes[offset]
      if c == 0x20 || c == 0x09 || c == UInt8(ascii: "#") || c == UInt8(ascii: ":") || c == UInt8(ascii: "\"") {
        break
      }
      offset += 1
    }
    guard offset > start else { return nil }
    let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
    guard let word = String(validating: slice, as: UTF8.self) else {
      offset = start
      throw fail("invalid UTF-8")
    }
    guard ScriptWord.isBare(word) else {
      offset = start
      if let hidden = Self.invisible(in: word) {
        throw fail("\(JSONString.excerpt(word)) holds \(hidden), which a bare word cannot: write it as a JSON string")
      }
      throw fail(
        "\(JSONString.excerpt(word)) is not a bare word (letters, digits, '-', '_' and '.'): write it as a JSON string")
    }
    return word
  }

  /// An id or a key: a bare word or a JSON string, not empty.
  mutating func name(_ what: String) throws(ScriptSyntaxError) -> String {
    skipSpaces()
    let start = offset
    if offset < bytes.count && bytes[offset] == UInt8(ascii: "\"") {
      let text = try json { s throws in try s.readString() }
      if text.isEmpty { throw fail("\(what) cannot be empty", at: start) }
      return text
    }
    guard let word = try bareWord() else { throw fail("expected \(what), found \(found())") }
    return word
  }

  mutating func keyword(_ word: String) throws(ScriptSyntaxError) {
    skipSpaces()
    let start = offset
    guard let found = try? bareWord(), found == word else {
      offset = start
      throw fail("expected '\(word)', found \(self.found())")
    }
    try expectBoundary()
  }

  /// A whole number written in digits.
  mutating func index(_ what: String) throws(ScriptSyntaxError) -> Int {
    skipSpaces()
    let start = offset
    while offset < bytes.count && bytes[offset] >= 0x30 && bytes[offset] <= 0x39 { offset += 1 }
    guard offset > start else { throw fail("expected \(what) (a whole number), found \(found())") }
    let digits = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    guard let value = Int(digits), value <= Int(Int32.max) else { throw fail("\(digits) is too large", at: start) }
    return value
  }

  /// `SECTION_ID:I`.
  mutating func place() throws(ScriptSyntaxError) -> ScriptPlace {
    let section = try name("a section id")
    guard offset < bytes.count && bytes[offset] == UInt8(ascii: ":") else {
      throw fail("expected ':' and a place after the section id, found \(found())")
    }
    offset += 1
    guard offset < bytes.count && bytes[offset] >= 0x30 && bytes[offset] <= 0x39 else {
      throw fail("expected a place (a whole number) after ':', found \(found())")
    }
    let item = try index("a place")
    try expectBoundary()
    return ScriptPlace(section, item)
  }

  /// Runs `body` with a JSON scanner standing at the offset, then moves past what it read. Its
  /// errors become this line's, at their column; a value of the wrong kind is named at its start.
  mutating func json<T>(
    _ what: String = "the value", _ body: (inout JSONScanner) throws -> T
  ) throws(ScriptSyntaxError) -> T {
    skipSpaces()
    let start = offset
    let rest = UnsafeBufferPointer(rebasing: bytes[start...])
    var scanner = JSONScanner(rest)
    do {
      let value = try body(&scanner)
      offset = start + scanner.offset
      return value
    } catch let error as JSONSyntaxError {
      // A script's JSON ends with its line.
      let input = "the end of the input"
      let reason = error.reason.hasSuffix(input) ? error.reason.dropLast(input.count) + "the end of the line" : error.reason
      throw fail(reason, at: start + error.offset)
    } catch let error as LoadError {
      throw fail(Self.inObject(error.description, what), at: start)
    } catch let error as DuplicateKey {
      throw fail(Self.inObject("\(error.path): duplicate key \(JSONString.excerpt(error.key))", what), at: start + error.offset)
    } catch {
      fatalError("unexpected error type \(type(of: error)) from the JSON reader")
    }
  }

  /// A JSON reader's message about a value on a script line: its place is inside that value, so the
  /// value's own top level is named for what it is (`the tile's object: duplicate key "id"`).
  static func inObject(_ message: String, _ what: String) -> String {
    let top = "top level: "
    guard message.hasPrefix(top) else { return message }
    return what + ": " + message.dropFirst(top.count)
  }

  /// Whether the value here is the literal `null` (which removes a key), or `(null)` (JSON's null
  /// kept as a value); consumes it if so.
  mutating func removal() -> Removal? {
    skipSpaces()
    for (literal, meaning) in [("null", Removal.remove), (EditScript.keptNull, .keepNull)] {
      let text = Array(literal.utf8)
      guard offset + text.count <= bytes.count, bytes[offset..<(offset + text.count)].elementsEqual(text) else {
        continue
      }
      let after = offset + text.count
      if after == bytes.count || bytes[after] == 0x20 || bytes[after] == 0x09 || bytes[after] == UInt8(ascii: "#") {
        offset = after
        return meaning
      }
    }
    return nil
  }

  enum Removal { case remove, keepNull }

  // MARK: Lines

  /// The line's edit; nil for a blank or comment line.
  mutating func edit() throws(ScriptSyntaxError) -> ScriptEdit? {
    if atEnd() { return nil }
    let verbStart = offset
    let word: String?
    do { word = try bareWord() } catch {
      // A verb with an invisible character in it (a byte order mark pasted mid-script) says what it holds.
      var end = verbStart
      while end < bytes.count, bytes[end] != 0x20, bytes[end] != 0x09, bytes[end] != UInt8(ascii: "#") { end += 1 }
      let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[verbStart..<end]), as: UTF8.self)
      // (One that starts the line is what stands there: "expected an edit, found U+FEFF".)
      if let first = token.unicodeScalars.first, !Self.named(first).hasPrefix("U+"),
        let hidden = Self.invisible(in: token)
      {
        offset = verbStart
        throw fail("unknown edit \(JSONString.excerpt(token)): it holds \(hidden)")
      }
      word = nil
    }
    guard let verb = word, EditScript.verbs.contains(verb) else {
      offset = verbStart
      let listed = EditScript.verbs.joined(separator: ", ")
      if let word, !word.isEmpty {
        // A mistyped verb: the nearest one, when it is near (`mvoe` is `move`).
        if let near = EditScript.nearestVerb(to: word) {
          throw fail("unknown edit '\(word)' (did you mean \(near)?)")
        }
        throw fail("unknown edit '\(word)' (the edits are \(listed))")
      }
      throw fail("expected an edit (\(listed)), found \(found())")
    }
    try expectBoundary()
    let edit: ScriptEdit
    switch verb {
    case "move":
      let id = try name("a tile id")
      try keyword("to")
      edit = .move(tile: id, to: try place())
    case "move-section":
      let id = try name("a section id")
      try keyword("to")
      edit = .moveSection(id, to: try index("a section place"))
    case "add":
      let id = try name("a tile id")
      try keyword("to")
      let place = try place()
      edit = .add(try tileObject(id), to: place)
    case "delete":
      edit = .delete(tile: try name("a tile id"))
    case "set":
      let id = try name("a tile id")
      edit = .set(tile: id, try tileField())
    case "add-section":
      let id = try name("a section id")
      try keyword("at")
      let index = try index("a section place")
      let (section, tiles) = try sectionObject(id)
      edit = .addSection(section, tiles: tiles, at: index)
    case "delete-section":
      edit = .deleteSection(try name("a section id"))
    case "set-section":
      let id = try name("a section id")
      edit = .setSection(id, try sectionField())
    case "set-layout":
      edit = try layoutEdit()
    default:
      edit = try fileEdit()
    }
    try expectEnd()
    return edit
  }

  mutating func tileObject(_ id: String) throws(ScriptSyntaxError) -> Tile {
    skipSpaces()
    let start = offset
    guard offset < bytes.count && bytes[offset] == UInt8(ascii: "{") else {
      throw fail("expected the tile as a JSON object, found \(found())")
    }
    var colors = ColorCache()
    let tile = try json("the tile's object") { s throws in try s.readTile(at: { JSONPath.root }, &colors).0 }
    guard tile.id.isExactly(id) else {
      throw fail("the tile's id is \(JSONString.excerpt(tile.id)), not the line's \(JSONString.excerpt(id))", at: start)
    }
    return tile
  }

  mutating func sectionObject(_ id: String) throws(ScriptSyntaxError) -> (Section, [Tile]) {
    skipSpaces()
    let start = offset
    guard offset < bytes.count && bytes[offset] == UInt8(ascii: "{") else {
      throw fail("expected the section as a JSON object, found \(found())")
    }
    var context = TileContext(mode: .keep, inputCount: bytes.count)
    let section = try json("the section's object") { s throws in try s.readSection(at: JSONPath.root, &context) }
    guard section.id.isExactly(id) else {
      throw fail("the section's id is \(JSONString.excerpt(section.id)), not the line's \(JSONString.excerpt(id))", at: start)
    }
    return (section.fields, context.finishedTiles(section.items))
  }

  /// `KEY VALUE` of a tile.
  mutating func tileField() throws(ScriptSyntaxError) -> TileField {
    skipSpaces()
    let keyStart = offset
    let key = try name("a key")
    if key == "id" { throw fail("a tile's id cannot be set (an edit never changes an id)", at: keyStart) }
    try expectBoundary()
    let p = JSONPath.root.key(key)
    skipSpaces()
    let valueStart = offset
    if let removal = removal() {
      if removal == .keepNull && TileField.knownKeys.contains(key) {
        throw fail("\(key) cannot be null (null removes it)", at: valueStart)
      }
      switch key {
      case "title": return .title(nil)
      case "color": return .color(nil)
      case "locked": return .locked(nil)
      case "width": return .width(nil)
      default: return .other(key, removal == .keepNull ? .null : nil)
      }
    }
    switch key {
    case "title": return .title(try json { s throws in try s.readStringValue(at: p) })
    case "color":
      return .color(
        try json { s throws in
          let text = try s.readStringValue(at: p)
          guard let color = TileColor(text) else { throw LoadError.notAColor(p, value: text) }
          return color
        })
    case "locked": return .locked(try json { s throws in try s.readBoolValue(at: p) })
    case "width":
      return .width(
        try json { s throws in try s.readWholeNumber(at: p, minimum: 1, maximum: Arrangement.maximumDimension) })
    default: return .other(key, try json { s throws in try s.readValue(at: p) })
    }
  }

  /// `KEY VALUE` of a section.
  mutating func sectionField() throws(ScriptSyntaxError) -> SectionField {
    skipSpaces()
    let keyStart = offset
    let key = try name("a key")
    if key == "id" { throw fail("a section's id cannot be set (an edit never changes an id)", at: keyStart) }
    if key == "items" { throw fail("a section's items are not a key: move, add and delete its tiles", at: keyStart) }
    try expectBoundary()
    let p = JSONPath.root.key(key)
    skipSpaces()
    let valueStart = offset
    if let removal = removal() {
      if removal == .keepNull && SectionField.knownKeys.contains(key) {
        throw fail("\(key) cannot be null (null removes it)", at: valueStart)
      }
      switch key {
      case "title": return .title(nil)
      case "maxItems": return .maxItems(nil)
      case "locked": return .locked(nil)
      default: return .other(key, removal == .keepNull ? .null : nil)
      }
    }
    switch key {
    case "title": return .title(try json { s throws in try s.readStringValue(at: p) })
    case "maxItems":
      return .maxItems(try json { s throws in try s.readWholeNumber(at: p, minimum: 0, maximum: Int(Int32.max)) })
    case "locked": return .locked(try json { s throws in try s.readBoolValue(at: p) })
    default: return .other(key, try json { s throws in try s.readValue(at: p) })
    }
  }

  /// `set-layout KEY VALUE`, or `set-layout VALUE` for the whole object.
  mutating func layoutEdit() throws(ScriptSyntaxError) -> ScriptEdit {
    skipSpaces()
    if offset < bytes.count && bytes[offset] == UInt8(ascii: "{") {
      return .replaceLayout(try json { s throws in try s.readLayout(at: JSONPath.root.key("layout")) })
    }
    let key = try name("a layout key")
    try expectBoundary()
    if key == "null" && atEnd() { return .replaceLayout(nil) }
    let p = JSONPath.root.key("layout").key(key)
    let limit = Arrangement.maximumDimension
    skipSpaces()
    let valueStart = offset
    if atEnd() {
      throw fail(
        "expected a value after the layout key \(JSONString.excerpt(key)) (set-layout KEY VALUE, or set-layout {…} for the whole layout)",
        at: valueStart)
    }
    if let removal = removal() {
      if removal == .keepNull && LayoutField.knownKeys.contains(key) {
        throw fail("\(key) cannot be null (null removes it)", at: valueStart)
      }
      switch key {
      case "direction": return .setLayout(.direction(nil))
      case "itemSize": return .setLayout(.itemSize(nil))
      case "lineSpacing": return .setLayout(.lineSpacing(nil))
      case "interitemSpacing": return .setLayout(.interitemSpacing(nil))
      case "sectionInset": return .setLayout(.sectionInset(nil))
      case "headerHeight": return .setLayout(.headerHeight(nil))
      case "alignment": return .setLayout(.alignment(nil))
      default: return .setLayout(.other(key, removal == .keepNull ? .null : nil))
      }
    }
    let field: LayoutField
    switch key {
    case "direction": field = .direction(try json { s throws in try s.readEnum(Direction.self, at: p) })
    case "alignment": field = .alignment(try json { s throws in try s.readEnum(Alignment.self, at: p) })
    case "itemSize": field = .itemSize(try json { s throws in try s.readItemSize(at: p) })
    case "sectionInset": field = .sectionInset(try json { s throws in try s.readInsets(at: p) })
    case "lineSpacing":
      field = .lineSpacing(try json { s throws in try s.readWholeNumber(at: p, minimum: 0, maximum: limit) })
    case "interitemSpacing":
      field = .interitemSpacing(try json { s throws in try s.readWholeNumber(at: p, minimum: 0, maximum: limit) })
    case "headerHeight":
      field = .headerHeight(try json { s throws in try s.readWholeNumber(at: p, minimum: 0, maximum: limit) })
    default: field = .other(key, try json { s throws in try s.readValue(at: p) })
    }
    return .setLayout(field)
  }

  /// `set-file KEY VALUE`.
  mutating func fileEdit() throws(ScriptSyntaxError) -> ScriptEdit {
    skipSpaces()
    let keyStart = offset
    let key = try name("a key")
    if ScriptEdit.reservedFileKeys.contains(key) {
      let hint = key == "layout" ? ": use set-layout" : key == "sections" ? ": edit its sections and tiles" : ""
      throw fail("\(key) is part of the file's structure, not a key to set\(hint)", at: keyStart)
    }
    try expectBoundary()
    if let removal = removal() { return .setFile(key: key, removal == .keepNull ? .null : nil) }
    return .setFile(key: key, try json { s throws in try s.readValue(at: JSONPath.root.key(key)) })
  }
}
