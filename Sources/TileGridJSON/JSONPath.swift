/// One step of a path into a JSON document, for naming the place of an error.
public enum JSONPathComponent: Equatable, Hashable, Sendable {
  /// An object member, by its key.
  case key(String)
  /// An array element, by its zero-based index.
  case index(Int)
}

/// A place in a JSON document, written like `sections[1].items[3].color`.
///
///     JSONPath.root.key("sections").index(1).key("items").index(3).key("color")
public struct JSONPath: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The steps from the top-level value, outermost first.
  public var components: [JSONPathComponent]

  /// The path of these steps; no steps is the top-level value.
  public init(_ components: [JSONPathComponent] = []) {
    self.components = components
  }

  /// The top-level value.
  public static let root = JSONPath()

  /// This path with one more step.
  public func appending(_ component: JSONPathComponent) -> JSONPath {
    JSONPath(components + [component])
  }

  /// This path, then the member `key`.
  public func key(_ key: String) -> JSONPath { appending(.key(key)) }
  /// This path, then the element at `index`.
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
