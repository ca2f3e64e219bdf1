/// A JSON value kept exactly as it was read, for keys this version of TileGrid does not know.
///
/// Numbers keep their text (`12345678901234567` is never rounded through a `Double`) and objects keep
/// their key order, so a value read and written again is the same value (docs/file-format.md, "Nothing is
/// lost"). Equality is structural: `.number("1.0")` and `.number("1")` differ, as their text does.
public enum JSONValue: Equatable, Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// The number's text exactly as it appeared in the input; it always matches JSON's number grammar.
  case number(String)
  /// A string, unescaped.
  case string(String)
  /// An array, its elements in order.
  case array([JSONValue])
  /// An object, its members in their original order (keys are unique).
  case object([JSONField])
}

/// One member of a JSON object: a key and its value, in the order the input had them.
public struct JSONField: Equatable, Hashable, Sendable {
  /// The member's key, unescaped.
  public var key: String
  /// The member's value.
  public var value: JSONValue

  /// The member `"key": value`: `JSONField("rank", .number("3"))`.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}
