/// A JSON value kept exactly as it was read, for keys this version of TileGrid does not know.
///
/// Numbers keep their text (`12345678901234567` is never rounded through a `Double`) and objects keep
/// their key order, so a value read and written again is the same value (DESIGN.md §3, "Nothing is lost").
public enum JSONValue: Equatable, Hashable, Sendable {
  case null
  case bool(Bool)
  /// The number's text exactly as it appeared in the input; it always matches JSON's number grammar.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([JSONField])
}

/// One member of a JSON object: a key and its value, in the order the input had them.
public struct JSONField: Equatable, Hashable, Sendable {
  public var key: String
  public var value: JSONValue

  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}
