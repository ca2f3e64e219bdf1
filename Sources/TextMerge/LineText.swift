/// The lines of a text as git's line merge reads them: a line is every byte up to and including a
/// newline (`\n`), and the bytes after the last newline, when there are any, are a last line without
/// one. Nothing else is special: a carriage return stays part of its line, so `a\r\n` and `a\n` are
/// different lines, and an empty text has no lines.
///
/// - Returns: each line's range in `bytes`, in order; together they cover `bytes` exactly.
/// - Complexity: O(n) in the bytes.
public func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
  let text = LineText(bytes)
  return (0..<text.count).map { text.range($0) }
}

/// A text and where its lines start, as `lineRanges` splits it (git's `xdl_prepare_ctx` records).
struct LineText {
  let bytes: [UInt8]
  /// Where each line starts, then the end: line `i` is `bytes[starts[i]..<starts[i + 1]]`.
  let starts: [Int]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    bytes.withUnsafeBufferPointer { buffer in
      for (offset, byte) in buffer.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    }
    if starts.last != bytes.count { starts.append(bytes.count) }
    self.starts = starts
  }

  /// How many lines.
  var count: Int { starts.count - 1 }

  /// Line `i`'s bytes in `bytes`.
  func range(_ i: Int) -> Range<Int> { starts[i]..<starts[i + 1] }

  /// Whether line `i` ends with a newline (every line does but perhaps the last).
  func endsWithNewline(_ i: Int) -> Bool { bytes[starts[i + 1] - 1] == UInt8(ascii: "\n") }

  /// Whether lines `i` of this text and `j` of `other` hold the same bytes.
  func sameLine(_ i: Int, as other: LineText, _ j: Int) -> Bool {
    bytes[range(i)].elementsEqual(other.bytes[other.range(j)])
  }
}

/// A run of consecutive lines of a text: what one diff compares (a whole text, or in a conflict's
/// refinement the two sides' lines of that conflict).
struct LineSpan {
  let text: LineText
  let lines: Range<Int>

  init(_ text: LineText, _ lines: Range<Int>) {
    self.text = text
    self.lines = lines
  }

  init(_ text: LineText) { self.init(text, 0..<text.count) }

  var count: Int { lines.count }
}
