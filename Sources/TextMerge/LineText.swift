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

/// A text and where its lines start, as `lineRanges` splits it (git's `xdl_prepare_ctx` records), with
/// each line's hash, made once for all the diffs the text takes part in.
struct LineText {
  let bytes: [UInt8]
  /// Where each line starts, then the end: line `i` is `bytes[starts[i]..<starts[i + 1]]`.
  let starts: [Int]
  /// A hash of each line's bytes (`lineHash`): equal lines have equal hashes.
  let hashes: [UInt64]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    var hashes: [UInt64] = []
    bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      while let newline = firstNewline(buffer, from: start) {
        hashes.append(lineHash(buffer, start..<(newline + 1)))
        start = newline + 1
        starts.append(start)
      }
      if start < buffer.count {
        hashes.append(lineHash(buffer, start..<buffer.count))
        starts.append(buffer.count)
      }
    }
    self.starts = starts
    self.hashes = hashes
  }

  /// How many lines.
  var count: Int { starts.count - 1 }

  /// Line `i`'s bytes in `bytes`.
  func range(_ i: Int) -> Range<Int> { starts[i]..<starts[i + 1] }

  /// Whether line `i` ends with a newline (every line does but perhaps the last).
  func endsWithNewline(_ i: Int) -> Bool { bytes[starts[i + 1] - 1] == UInt8(ascii: "\n") }

  /// Whether lines `i` of this text and `j` of `other` hold the same bytes.
  func sameLine(_ i: Int, as other: LineText, _ j: Int) -> Bool {
    hashes[i] == other.hashes[j] && bytes[range(i)].elementsEqual(other.bytes[other.range(j)])
  }
}

/// The first newline at or after `offset`: 8 bytes at a time, then byte by byte at the end.
private func firstNewline(_ buffer: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
  var offset = offset
  if let base = buffer.baseAddress {
    let raw = UnsafeRawPointer(base)
    while offset + 8 <= buffer.count {
      // A byte of `word` is zero where the text has a newline; the lowest such byte is flagged exactly.
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) ^ 0x0a0a_0a0a_0a0a_0a0a
      let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
      if zeros != 0 { return offset + zeros.trailingZeroBitCount / 8 }
      offset += 8
    }
  }
  while offset < buffer.count {
    if buffer[offset] == UInt8(ascii: "\n") { return offset }
    offset += 1
  }
  return nil
}

/// A hash of a line's bytes, taken 8 at a time (the last word padded with zeros, and the length mixed
/// in), then mixed so that its low bits, a hash table's slot, depend on all of them.
func lineHash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
  let raw = UnsafeRawPointer(bytes.baseAddress!)
  var hash = 0x9e37_79b9_7f4a_7c15 ^ UInt64(range.count)
  var offset = range.lowerBound
  while offset + 8 <= range.upperBound {
    hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 32
    offset += 8
  }
  if offset < range.upperBound {
    var word: UInt64 = 0
    var shift: UInt64 = 0
    while offset < range.upperBound {
      word |= UInt64(bytes[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ word) &* 0xff51_afd7_ed55_8ccd
  }
  hash ^= hash >> 29
  hash = hash &* 0xbf58_476d_1ce4_e5b9
  return hash ^ (hash >> 32)
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
