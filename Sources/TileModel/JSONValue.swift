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

/// One step of a path into a JSON document, for naming the place of an error.
public enum JSONPathComponent: Equatable, Hashable, Sendable {
  case key(String)
  case index(Int)
}

/// A place in a JSON document, written like `sections[1].items[3].color`.
public struct JSONPath: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var components: [JSONPathComponent]

  public init(_ components: [JSONPathComponent] = []) {
    self.components = components
  }

  public static let root = JSONPath()

  public func appending(_ component: JSONPathComponent) -> JSONPath {
    JSONPath(components + [component])
  }

  public func key(_ key: String) -> JSONPath { appending(.key(key)) }
  public func index(_ index: Int) -> JSONPath { appending(.index(index)) }

  /// `sections[1].items[3].color`; keys that are not plain identifiers are quoted (`meta["a b"]`);
  /// the empty path is `top level`.
  public var description: String {
    if components.isEmpty { return "top level" }
    var text = ""
    for component in components {
      switch component {
      case .index(let i):
        text += "[\(i)]"
      case .key(let k):
        if Self.isPlainIdentifier(k) {
          if !text.isEmpty { text += "." }
          text += k
        } else {
          text += "[" + JSONWriter.quoted(k) + "]"
        }
      }
    }
    return text
  }

  private static func isPlainIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
      return false
    }
    return key.utf8.allSatisfy { c in
      (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
        || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
    }
  }
}
