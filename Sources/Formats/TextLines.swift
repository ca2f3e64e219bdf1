import TileGridJSON
import TileModel

/// How a text file's lines end, and how the file begins and ends: what a writer needs, beside the
/// lines, to give the file back byte for byte. Kept in the file's format object as `newline`
/// (`"\n"`, `"\r\n"` or `"\r"`), `finalNewline` and, when there is one, `bom` (docs/formats.md).
struct TextStyle: Equatable {
  /// What ends a line.
  enum LineBreak: Equatable {
    /// LF; also a file that mixes endings, whose CR LF lines keep their CR as the last character of
    /// their text (and whose lone CRs are characters), so they are written back as they were.
    case lf
    /// Every line ends with CR LF.
    case crlf
    /// The file holds no LF, and its lines end with CR (classic Mac OS).
    case cr

    /// The spelling kept in a format object's `newline`.
    var spelling: String {
      switch self {
      case .lf: return "\n"
      case .crlf: return "\r\n"
      case .cr: return "\r"
      }
    }

    init(spelling: String?) {
      switch spelling {
      case "\r\n": self = .crlf
      case "\r": self = .cr
      default: self = .lf
      }
    }
  }

  var lineBreak = LineBreak.lf
  /// The last line ends with a line break (false also for an empty file).
  var finalNewline = true
  /// The file began with a UTF-8 byte order mark.
  var byteOrderMark = false

  var newline: [UInt8] {
    switch lineBreak {
    case .lf: return [0x0A]
    case .crlf: return [0x0D, 0x0A]
    case .cr: return [0x0D]
    }
  }

  /// The style kept in a format object (its `newline`, `finalNewline`, `bom` members); LF, a final
  /// newline and no byte order mark when absent, as for an arrangement from another format.
  init(_ object: [JSONField]?) {
    guard let object else { return }
    lineBreak = LineBreak(spelling: object["newline"]?.string)
    finalNewline = object["finalNewline"]?.bool ?? true
    byteOrderMark = object["bom"]?.bool ?? false
  }

  init(lineBreak: LineBreak, finalNewline: Bool, byteOrderMark: Bool) {
    self.lineBreak = lineBreak
    self.finalNewline = finalNewline
    self.byteOrderMark = byteOrderMark
  }

  /// The members that record the style, for a format object.
  var fields: [JSONField] {
    var fields = [
      JSONField("newline", .string(lineBreak.spelling)), JSONField("finalNewline", .bool(finalNewline)),
    ]
    if byteOrderMark { fields.append(JSONField("bom", .bool(true))) }
    return fields
  }
}

/// A UTF-8 text file split into lines: the text of each line without its line break, and the style.
/// Lines are split at LF; a CR is removed with it only when every line ends in CR LF. A file with no
/// LF at all is split at its CRs, when it has any (CR-only endings); elsewhere a lone CR is a
/// character of its line.
struct TextLines {
  var lines: [String]
  var style: TextStyle

  /// Splits `bytes`, which must be UTF-8.
  /// - Throws: `FormatError.malformed` at the first byte that is not UTF-8.
  /// - Complexity: O(bytes).
  init(_ bytes: [UInt8]) throws(FormatError) {
    let result: Result<TextLines, FormatError> = bytes.withUnsafeBufferPointer { buffer in
      if let bad = UTF8Check.firstInvalid(buffer) {
        return .failure(FormatError.at(bad, in: buffer, "the text is not UTF-8 (byte 0x\(hex(buffer[bad])))"))
      }
      return .success(TextLines(splitting: buffer))
    }
    self = try result.get()
  }

  private init(splitting buffer: UnsafeBufferPointer<UInt8>) {
    let bom = Self.hasByteOrderMark(buffer)
    let start = bom ? 3 : 0
    // Pass 1: where each line ends, and whether every ended line ends in CR LF.
    var ends: [Int] = []
    ends.reserveCapacity(buffer.count / 32)
    var allCRLF = true
    var i = start
    while i < buffer.count {
      if buffer[i] == 0x0A {
        ends.append(i)
        if i == start || buffer[i - 1] != 0x0D { allCRLF = false }
      }
      i += 1
    }
    var lineBreak: TextStyle.LineBreak = allCRLF && !ends.isEmpty ? .crlf : .lf
    if ends.isEmpty {
      // No LF: a file whose lines end with CR alone.
      i = start
      while i < buffer.count {
        if buffer[i] == 0x0D { ends.append(i) }
        i += 1
      }
      if !ends.isEmpty { lineBreak = .cr }
    }
    let crlf = lineBreak == .crlf
    let finalNewline = !ends.isEmpty && ends[ends.count - 1] == buffer.count - 1
    // Pass 2: the lines' text.
    var lines: [String] = []
    lines.reserveCapacity(ends.count + 1)
    var lineStart = start
    for end in ends {
      let textEnd = crlf ? end - 1 : end
      lines.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<textEnd]), as: UTF8.self))
      lineStart = end + 1
    }
    if lineStart < buffer.count {
      lines.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[lineStart...]), as: UTF8.self))
    }
    self.lines = lines
    style = TextStyle(lineBreak: lineBreak, finalNewline: finalNewline, byteOrderMark: bom)
  }

  static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }
}

func hex(_ byte: UInt8) -> String {
  let digits = Array("0123456789ABCDEF")
  return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
}

/// UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates, nothing above U+10FFFF.
enum UTF8Check {
  /// The offset of the first byte that does not begin (or continue) a well-formed sequence, or nil.
  /// - Complexity: O(bytes); ASCII runs are checked eight bytes at a time.
  static func firstInvalid(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
    var i = 0
    let n = b.count
    while i < n {
      // Eight ASCII bytes at a time.
      if i + 8 <= n {
        let word = UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0 {
          i += 8
          continue
        }
      }
      let c = b[i]
      if c < 0x80 {
        i += 1
        continue
      }
      guard let (length, low, high) = UTF8Lead.sequence(c) else { return i }
      guard i + length <= n else { return i }
      let second = b[i + 1]
      guard second >= low && second <= high else { return i }
      for k in 2..<max(2, length) where b[i + k] & 0xC0 != 0x80 { return i }
      i += length
    }
    return nil
  }
}

/// Writes lines with the file's line break between them, and after the last one only when the file
/// had a final newline; hands the bytes to `emit` in chunks.
struct LineWriter {
  private(set) var bytes: [UInt8] = []
  private let newline: [UInt8]
  private let style: TextStyle
  private let chunkSize: Int
  private var written = 0
  private var lastLineEmpty = false

  init(_ style: TextStyle, chunkSize: Int, expectedBytes: Int) {
    self.style = style
    newline = style.newline
    self.chunkSize = chunkSize
    bytes.reserveCapacity(min(chunkSize + 4096, max(64, expectedBytes)))
    if style.byteOrderMark { bytes.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
  }

  /// One line; its break is written before the next line (or at the end, with a final newline).
  mutating func line(_ text: String) {
    if written > 0 { bytes.append(contentsOf: newline) }
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
    written += 1
    lastLineEmpty = text.isEmpty
  }

  /// One line from its parts (a prefix kept from the file and a new title), without joining strings.
  mutating func line(_ head: Substring, _ tail: String) {
    if written > 0 { bytes.append(contentsOf: newline) }
    bytes.append(contentsOf: head.utf8)
    var tail = tail
    tail.withUTF8 { bytes.append(contentsOf: $0) }
    written += 1
    lastLineEmpty = head.isEmpty && tail.isEmpty
  }

  /// Each string of a JSON array of lines, as kept in a format object; other values are skipped.
  mutating func lines(_ value: JSONValue?, from start: Int = 0) {
    guard case .array(let elements)? = value, start < elements.count else { return }
    for element in elements[start...] {
      if case .string(let text) = element { line(text) }
    }
  }

  mutating func flushIfFull<E: Error>(_ emit: ([UInt8]) throws(E) -> Void) throws(E) {
    guard bytes.count >= chunkSize else { return }
    try emit(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Ends the file. Without a final newline the last line ends the file with no break after it, but
  /// for an empty last line (one that came from inside the file, a move later): left without its
  /// break it would not be there at all, so it keeps it.
  mutating func finish<E: Error>(_ emit: ([UInt8]) throws(E) -> Void) throws(E) {
    if written > 0 && (style.finalNewline || lastLineEmpty) { bytes.append(contentsOf: newline) }
    try emit(bytes)
    bytes.removeAll()
  }
}

// MARK: - Lines as the formats see them

extension StringProtocol {
  /// Only spaces and tabs (or nothing): a blank line. A CR left at the end of a line of a file that
  /// mixes line endings counts as blank too.
  var isBlankLine: Bool {
    utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// The text without spaces, tabs and CRs at either end.
  var trimmedLine: Substring {
    let s = Substring(self)
    guard let first = s.utf8.firstIndex(where: { !isLineSpace($0) }) else { return s[s.endIndex...] }
    let last = s.utf8.lastIndex(where: { !isLineSpace($0) })!
    return s[first..<s.utf8.index(after: last)]
  }

  /// The text without spaces, tabs and CRs at its end.
  var trimmedLineEnd: Substring {
    let s = Substring(self)
    guard let last = s.utf8.lastIndex(where: { !isLineSpace($0) }) else { return s[s.startIndex..<s.startIndex] }
    return s[..<s.utf8.index(after: last)]
  }
}

/// A space, a tab or a CR: what a line may hold and still be blank.
func isLineSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
