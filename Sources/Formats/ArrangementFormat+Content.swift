extension ArrangementFormat {
  /// The format a file's content shows, for a name that says nothing (git's temporary files such as
  /// `.merge_file_FdKKsZ`, a file without an extension or with another one). After a byte order mark
  /// and blanks:
  ///
  /// - `{` (or `[`) first, or nothing at all: JSON (so an empty or broken file gets JSON's error);
  /// - front matter (a first line `---`) or a `## ` heading on a line of the first MiB: a Markdown board;
  /// - a first line that is a header naming a `title` column, split by tabs: TSV; by commas: CSV;
  /// - anything else: lines, one tile per line (every text is a list of lines).
  ///
  /// - Complexity: O(1) for JSON; otherwise one pass over at most `headingSearchLimit` bytes.
  public init(content bytes: UnsafeBufferPointer<UInt8>) {
    var start = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
    var first = start
    while first < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[first]) { first += 1 }
    guard first < bytes.count, bytes[first] != UInt8(ascii: "{") && bytes[first] != UInt8(ascii: "[") else {
      self = .json
      return
    }
    // The first line, from where the blanks before it end to its line break.
    var end = first
    while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
    let firstLine = Array(bytes[first..<end])
    if Self.trimmed(firstLine) == Array("---".utf8) {
      self = .markdown
      return
    }
    var lineStart = start
    let limit = min(bytes.count, start + Self.headingSearchLimit)
    for k in start...limit where k == limit || bytes[k] == 0x0A || bytes[k] == 0x0D {
      if k - lineStart >= 3 && bytes[lineStart] == 0x23 && bytes[lineStart + 1] == 0x23 && bytes[lineStart + 2] == 0x20 {
        self = .markdown
        return
      }
      lineStart = k + 1
    }
    if Self.namesTitle(firstLine, separator: 0x09) {
      self = .tsv
    } else if Self.namesTitle(firstLine, separator: 0x2C) {
      self = .csv
    } else {
      self = .lines
    }
  }

  /// How far a `## ` heading is looked for: a board has one long before, and a large list of lines
  /// or garbage is not read twice to find out.
  public static let headingSearchLimit = 1 << 20

  /// `init(content:)` over an array.
  public init(content bytes: [UInt8]) {
    self = bytes.withUnsafeBufferPointer { ArrangementFormat(content: $0) }
  }

  /// Whether a header line split by `separator` has a field `title` (in any case, blanks and quotes
  /// around it ignored), as the table reader finds its title column.
  static func namesTitle(_ line: [UInt8], separator: UInt8) -> Bool {
    guard line.contains(separator) else { return false }
    return line.split(separator: separator, omittingEmptySubsequences: false).contains { field in
      var name = trimmed(Array(field))
      if name.count >= 2 && name.first == 0x22 && name.last == 0x22 { name = trimmed(Array(name.dropFirst().dropLast())) }
      return String(decoding: name, as: UTF8.self).lowercased() == "title"
    }
  }

  static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
    var slice = bytes[...]
    while let b = slice.first, b == 0x20 || b == 0x09 { slice.removeFirst() }
    while let b = slice.last, b == 0x20 || b == 0x09 { slice.removeLast() }
    return Array(slice)
  }
}
