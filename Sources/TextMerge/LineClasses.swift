/// The lines of two spans numbered by their bytes: two lines have the same class exactly when they
/// hold the same bytes (git's `xdl_classify_record` with no whitespace flags, as `git merge-file` runs
/// it). The diff compares classes, never bytes; the counts say how often a class occurs on each side,
/// which decides the lines the diff sets aside before it searches (`DiffSides`).
struct LineClasses {
  /// The class of each line of the first span, then of the second (indexes from 0 in each span).
  var first: [Int]
  var second: [Int]
  /// For each class, how many lines of the first span and of the second have it.
  var inFirst: [Int]
  var inSecond: [Int]

  /// - Complexity: O(bytes) expected: each line is hashed once and compared with the lines of its
  ///   hash only.
  init(_ a: LineSpan, _ b: LineSpan) {
    var table = ClassTable(capacity: a.count + b.count)
    (first, second) = a.text.bytes.withUnsafeBufferPointer { aBytes in
      b.text.bytes.withUnsafeBufferPointer { bBytes in
        let texts = [aBytes, bBytes]
        return (table.classify(a, side: 0, texts), table.classify(b, side: 1, texts))
      }
    }
    inFirst = table.counts[0]
    inSecond = table.counts[1]
  }
}

/// An open-addressing table from a line's bytes to its class, the classes numbered as first seen.
private struct ClassTable {
  /// Class + 1 at each slot, 0 for an empty slot; the slot count is a power of two at least twice the
  /// lines, so probing ends quickly.
  private var slots: [Int]
  private let mask: Int
  /// Each class's hash, and its first line: the side it is on and its bytes there.
  private var hashes: [UInt64] = []
  private var representatives: [(side: Int, range: Range<Int>)] = []
  /// For each side, how many of its lines have each class.
  var counts: [[Int]] = [[], []]

  init(capacity: Int) {
    var size = 16
    while size < 2 * capacity { size <<= 1 }
    slots = [Int](repeating: 0, count: size)
    mask = size - 1
  }

  /// The classes of the span's lines; `texts` are the two sides' bytes, the span's at `side`.
  mutating func classify(_ span: LineSpan, side: Int, _ texts: [UnsafeBufferPointer<UInt8>]) -> [Int] {
    var classes = [Int](repeating: 0, count: span.count)
    let starts = span.text.starts
    let bytes = texts[side]
    for (index, line) in span.lines.enumerated() {
      let range = starts[line]..<starts[line + 1]
      let hash = lineHash(bytes, range)
      var slot = Int(truncatingIfNeeded: hash) & mask
      var found = -1
      while slots[slot] != 0 {
        let candidate = slots[slot] - 1
        if hashes[candidate] == hash {
          let other = representatives[candidate]
          if sameBytes(bytes, range, texts[other.side], other.range) {
            found = candidate
            break
          }
        }
        slot = (slot + 1) & mask
      }
      if found < 0 {
        found = hashes.count
        hashes.append(hash)
        representatives.append((side, range))
        counts[0].append(0)
        counts[1].append(0)
        slots[slot] = found + 1
      }
      counts[side][found] += 1
      classes[index] = found
    }
    return classes
  }
}

/// FNV-1a over the line's bytes, with a final mix so that the low bits (the slot) depend on all of them.
private func lineHash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for i in range { hash = (hash ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01b3 }
  hash ^= hash >> 29
  hash = hash &* 0xbf58_476d_1ce4_e5b9
  return hash ^ (hash >> 32)
}

private func sameBytes(
  _ a: UnsafeBufferPointer<UInt8>, _ ra: Range<Int>, _ b: UnsafeBufferPointer<UInt8>, _ rb: Range<Int>
) -> Bool {
  guard ra.count == rb.count else { return false }
  var i = ra.lowerBound
  var j = rb.lowerBound
  while i < ra.upperBound {
    if a[i] != b[j] { return false }
    i += 1
    j += 1
  }
  return true
}
