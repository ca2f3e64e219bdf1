import TileModel

/// Why an arrangement file was refused. Every case names the place: a JSON path, or a line and column
/// for text that is not JSON. Rendered to one line by `description`, as `tilegrid` prints it after the
/// file's name (docs/file-format.md, "Error messages"):
///
///     sections[1].items[3].color: "#GG0000" is not a color (a UIKit color name or #RRGGBB)
public enum LoadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No JSON value at all (an empty file, or only whitespace).
  case empty
  /// The text is not JSON (or not UTF-8); line and column are 1-based, the column counts characters.
  case malformed(line: Int, column: Int, reason: String)
  /// The object at the path has `key` twice (keys compare by their UTF-8 bytes).
  case duplicateKey(JSONPath, key: String)
  /// The value at the path is of another JSON type: `expected` and `found` in words ("a string").
  case wrongType(JSONPath, expected: String, found: String)
  /// The object at the path lacks a required member.
  case missingField(JSONPath, field: String)
  /// `version` is a whole number other than 1 (its text as written).
  case unsupportedVersion(String)
  /// The number at the path (its text as written) has a fraction.
  case notAWholeNumber(JSONPath, text: String)
  /// The number at the path is below its least allowed value.
  case tooSmall(JSONPath, text: String, minimum: Int)
  /// The number at the path is above its largest allowed value (`Arrangement.maximumDimension` for
  /// sizes, spacings and insets).
  case tooLarge(JSONPath, text: String, maximum: Int)
  /// The string at the path is neither a UIKit color name nor `#RRGGBB`.
  case notAColor(JSONPath, value: String)
  /// The string at the path is not one of the allowed words (`direction`, `alignment`).
  case notOneOf(JSONPath, value: String, allowed: [String])
  /// The id at the path is the empty string.
  case emptyID(JSONPath)
  /// Two tiles have this id; `first` and `second` are their places, in file order.
  case duplicateTileID(String, first: ItemPath, second: ItemPath)
  /// Two sections have this id; `first` and `second` are their indexes.
  case duplicateSectionID(String, first: Int, second: Int)

  /// The error in one line, naming the place; strings in it are quoted as JSON strings, so control
  /// characters never reach a terminal raw.
  public var description: String {
    switch self {
    case .empty:
      return "the input is empty (expected a JSON object)"
    case .malformed(let line, let column, let reason):
      return "line \(line), column \(column): \(reason)"
    case .duplicateKey(let path, let key):
      return "\(path): duplicate key \(JSONWriter.quoted(key))"
    case .wrongType(let path, let expected, let found):
      return "\(path): expected \(expected), found \(found)"
    case .missingField(let path, let field):
      return "\(path): missing required field \(JSONWriter.quoted(field))"
    case .unsupportedVersion(let text):
      return "version: \(JSONString.cut(text)) is not a supported version (this tilegrid reads version 1)"
    case .notAWholeNumber(let path, let text):
      return "\(path): \(JSONString.cut(text)) is not a whole number"
    case .tooSmall(let path, let text, let minimum):
      return "\(path): \(JSONString.cut(text)) is too small (the least allowed is \(minimum))"
    case .tooLarge(let path, let text, let maximum):
      return "\(path): \(JSONString.cut(text)) is too large (the most allowed is \(maximum))"
    case .notAColor(let path, let value):
      return "\(path): \(JSONWriter.quoted(value)) is not a color (a UIKit color name or #RRGGBB)"
    case .notOneOf(let path, let value, let allowed):
      return "\(path): \(JSONWriter.quoted(value)) is not one of \(allowed.joined(separator: ", "))"
    case .emptyID(let path):
      return "\(path): an id may not be empty"
    case .duplicateTileID(let id, let first, let second):
      return "sections[\(second.section)].items[\(second.item)].id: duplicate tile id \(JSONWriter.quoted(id))"
        + " (first at sections[\(first.section)].items[\(first.item)])"
    case .duplicateSectionID(let id, let first, let second):
      return "sections[\(second)].id: duplicate section id \(JSONWriter.quoted(id)) (first at sections[\(first)])"
    }
  }
}
