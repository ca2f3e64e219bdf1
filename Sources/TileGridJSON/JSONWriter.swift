import TileModel

/// Writes JSON as UTF-8 bytes in TileGrid's canonical form: two-space indentation, `": "` between a
/// key and its value, `[]` and `{}` for empty containers, and strings escaped as Python's
/// `json.dumps(..., indent=2, ensure_ascii=False)` escapes them (only `"`, `\` and control characters
/// below U+0020), so that the canonical form is one a reader can check with a familiar tool.
///
/// - Complexity: linear in the output; no intermediate strings are built.
package struct JSONWriter {
  package init() {}
  package private(set) var bytes: [UInt8] = []
  private var depth = 0
  /// Per open container: whether it has had a member yet.
  private var hasMembers: [Bool] = []
  /// How many of the innermost open containers are inline (written on one line).
  private var inlineDepth = 0

  init(reservingCapacity capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// A writer that writes everything on one line, `{"id": "teal", "items": []}`, as edit scripts hold
  /// their values.
  package static func oneLine() -> JSONWriter {
    var w = JSONWriter()
    w.inlineDepth = 1
    return w
  }

  /// Hands over what has been written so far and starts an empty buffer (of the same capacity);
  /// the structure being written carries on.
  package mutating func takeBytes() -> [UInt8] {
    let taken = bytes
    bytes.removeAll(keepingCapacity: true)
    return taken
  }

  /// Ends the text with a newline, as a text file should.
  package mutating func newlineAtEnd() {
    bytes.append(0x0A)
  }

  // MARK: - Containers

  /// Opens an object; an `inline` one (and everything in it) is written on one line, `{"x": 0, "y": 1}`,
  /// which suits small records in reports. Arrangement files never use it.
  package mutating func beginObject(inline: Bool = false) { open(UInt8(ascii: "{"), inline: inline) }
  package mutating func endObject() { close(UInt8(ascii: "}")) }
  package mutating func beginArray(inline: Bool = false) { open(UInt8(ascii: "["), inline: inline) }
  package mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Starts an object member; the value is written next.
  package mutating func key(_ key: String) {
    nextMember()
    appendQuoted(key)
    bytes.append(UInt8(ascii: ":"))
    bytes.append(UInt8(ascii: " "))
  }

  /// Starts an array element; the value is written next.
  package mutating func element() {
    nextMember()
  }

  private mutating func open(_ bracket: UInt8, inline: Bool) {
    bytes.append(bracket)
    depth += 1
    hasMembers.append(false)
    if inline || inlineDepth > 0 { inlineDepth += 1 }
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if hasMembers.removeLast() && inlineDepth == 0 { newline() }
    if inlineDepth > 0 { inlineDepth -= 1 }
    bytes.append(bracket)
  }

  private mutating func nextMember() {
    if hasMembers[hasMembers.count - 1] {
      bytes.append(UInt8(ascii: ","))
      if inlineDepth > 0 { bytes.append(UInt8(ascii: " ")) }
    } else {
      hasMembers[hasMembers.count - 1] = true
    }
    if inlineDepth == 0 { newline() }
  }

  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 256)

  private mutating func newline() {
    bytes.append(0x0A)
    var n = depth * 2
    while n > 0 {
      let k = min(n, Self.spaces.count)
      bytes.append(contentsOf: Self.spaces[0..<k])
      n -= k
    }
  }

  // MARK: - Scalars

  package mutating func string(_ s: String) { appendQuoted(s) }

  package mutating func int(_ value: Int) {
    // A decimal Int is at most 20 characters: a small string, no allocation.
    bytes.append(contentsOf: String(value).utf8)
  }

  package mutating func bool(_ value: Bool) {
    bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
  }

  package mutating func null() { bytes.append(contentsOf: Self.nullBytes) }

  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  private static let nullBytes = Array("null".utf8)

  /// Writes any value; numbers keep their original text.
  package mutating func value(_ v: JSONValue) {
    switch v {
    case .null: null()
    case .bool(let b): bool(b)
    case .number(let text): bytes.append(contentsOf: text.utf8)
    case .string(let s): string(s)
    case .array(let elements):
      beginArray()
      for e in elements {
        element()
        value(e)
      }
      endArray()
    case .object(let fields):
      beginObject()
      members(fields)
      endObject()
    }
  }

  /// Writes `"key": value` when there is a value (an absent field stays absent).
  package mutating func member(_ key: String, _ value: Int?) {
    guard let value else { return }
    self.key(key)
    int(value)
  }

  package mutating func member(_ key: String, _ value: String?) {
    guard let value else { return }
    self.key(key)
    string(value)
  }

  package mutating func member(_ key: String, _ value: Bool?) {
    guard let value else { return }
    self.key(key)
    bool(value)
  }

  /// Writes fields as members of the object being written.
  package mutating func members(_ fields: [JSONField]) {
    for f in fields {
      key(f.key)
      value(f.value)
    }
  }

  // MARK: - Strings

  /// Strings are escaped by the model's `JSONString`, the same code that quotes ids in messages.
  private mutating func appendQuoted(_ s: String) {
    JSONString.append(s, to: &bytes)
  }

  /// `s` as a JSON string literal, for messages.
  package static func quoted(_ s: String) -> String {
    JSONString.quoted(s)
  }
}
