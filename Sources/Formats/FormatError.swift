import TileGridJSON
import TileModel

/// Why a file could not be read in a format, or an arrangement not written in one. Rendered to one
/// line by `description`, as `tilegrid` prints it after the file's name:
///
///     line 3, column 7: a quote inside an unquoted field (quote the whole field and double the quote)
///     sections[1].items[0].title: a TSV field cannot hold a tab
public enum FormatError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The JSON reader's error, naming its place.
  case json(LoadError)
  /// A text format's input is wrong at this place: line and column are 1-based, the column counts
  /// characters (a byte order mark is no column).
  case malformed(line: Int, column: Int, reason: String)
  /// The format cannot hold this part of the arrangement (`place` is a JSON path, as in `LoadError`).
  case cannotWrite(ArrangementFormat, place: String, reason: String)

  /// The error in one line; strings in it are quoted as JSON strings, so control characters never
  /// reach a terminal raw.
  public var description: String {
    switch self {
    case .json(let error): return error.description
    case .malformed(let line, let column, let reason): return "line \(line), column \(column): \(reason)"
    case .cannotWrite(_, let place, let reason): return "\(place): \(reason)"
    }
  }

  /// The error at byte `offset` of `bytes`, its line and column counted as the JSON reader counts them.
  static func at(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, _ reason: String) -> FormatError {
    let (line, column) = lineAndColumn(of: offset, in: bytes)
    return .malformed(line: line, column: column, reason: reason)
  }

  /// 1-based line and column (in characters) of a byte offset; a byte order mark is no column.
  static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var i = min(TextLines.hasByteOrderMark(bytes) ? 3 : 0, offset)
    let end = min(offset, bytes.count)
    // A file without an LF has its lines end with CR (when it has any CR).
    let lineEnd: UInt8 = bytes.contains(0x0A) ? 0x0A : 0x0D
    while i < end {
      let b = bytes[i]
      if b == lineEnd {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return (line, column)
  }
}
