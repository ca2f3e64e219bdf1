/// The lines of two spans numbered by their bytes: two lines have the same class exactly when they
/// hold the same bytes (git's `xdl_classify_record` with no whitespace flags, as `git merge-file` runs
/// it). The diff compares classes, never bytes; the counts say how often a class occurs on each side,
/// which decides the lines the diff sets aside before it searches (`DiffFile.compared`).
struct LineClasses {
  /// The class of each line of the first span, then of the second (indexes from 0 in each span).
  var first: [Int]
  var second: [Int]
  /// For each class, how many lines of the first span and of the second have it.
  var inFirst: [Int]
  var inSecond: [Int]

  /// - Complexity: O(lines) expected, with the lines' hashes made (`LineText`); a line's bytes are
  ///   compared only with the first line of each class of the same hash.
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

  /// The classes of two sides' lines given as values, equal exactly where the lines are
  /// (`lineDiff(oldValues:newValues:)`), numbered as first seen, as the bytes' classes are.
  init(values a: [UInt64], _ b: [UInt64]) {
    var table = ValueClasses(capacity: a.count + b.count)
    first = table.classify(a, side: 0)
    second = table.classify(b, side: 1)
    inFirst = table.counts[0]
    inSecond = table.counts[1]
  }
}

/// An open-addressing table from a value to its class, the classes numbered as first seen (a
/// `Dictionary` hashed every fingerprint with SipHash: most of a hundred thousand cards' diff).
private struct ValueClasses {
  /// Class + 1 at each slot, 0 for an empty slot; the slot count a power of two at least twice the
  /// values.
  private var slots: [Int32]
  private let shift: UInt64
  private var values: [UInt64] = []
  var counts: [[Int]] = [[], []]

  init(capacity: Int) {
    var size = 16
    var bits: UInt64 = 4
    while size < 2 * capacity {
      size <<= 1
      bits += 1
    }
    slots = [Int32](repeating: 0, count: size)
    shift = 64 - bits
    values.reserveCapacity(capacity)
  }

  mutating func classify(_ side: [UInt64], side k: Int) -> [Int] {
    var classes = [Int](repeating: 0, count: side.count)
    var counts = self.counts[k]
    self.counts[k] = []  // the one reference, so that appending does not copy it
    let mask = slots.count - 1
    for (index, value) in side.enumerated() {
      // Fibonacci hashing: the product's high bits depend on all the value's bits.
      var slot = Int(truncatingIfNeeded: (value &* 0x9E37_79B9_7F4A_7C15) >> shift)
      var found = -1
      while slots[slot] != 0 {
        let candidate = Int(slots[slot]) - 1
        if values[candidate] == value {
          found = candidate
          break
        }
        slot = (slot + 1) & mask
      }
      if found < 0 {
        found = values.count
        values.append(value)
        slots[slot] = Int32(found + 1)
        counts.append(0)
      }
      counts[found] += 1
      classes[index] = found
    }
    self.counts[k] = counts
    // The other side has none of the classes new here.
    self.counts[1 - k] += repeatElement(0, count: values.count - self.counts[1 - k].count)
    return classes
  }
}

/// An open-addressing table from a line's bytes to its class, the classes numbered as first seen.
private struct ClassTable {
  /// Class + 1 at each slot, 0 for an empty slot; the slot count is a power of two at least twice the
  /// lines, so probing ends quickly.
  private var slots: [Int32]
  private let mask: Int
  /// Each class's hash, and its first line: the side it is on and its bytes there.
  private var hashes: [UInt64] = []
  private var representatives: [(side: Int, range: Range<Int>)] = []
  /// How many lines of each side have each class.
  var counts: [[Int]] = [[], []]

  init(capacity: Int) {
    var size = 16
    while size < 2 * capacity { size <<= 1 }
    slots = [Int32](repeating: 0, count: size)
    mask = size - 1
    hashes.reserveCapacity(capacity)
    representatives.reserveCapacity(capacity)
  }

  /// The classes of the span's lines; `texts` are the two sides' bytes, the span's at `side`.
  mutating func classify(_ span: LineSpan, side: Int, _ texts: [UnsafeBufferPointer<UInt8>]) -> [Int] {
    var classes = [Int](repeating: 0, count: span.count)
    var counts = self.counts[side]
    let starts = span.text.starts
    let lineHashes = span.text.hashes
    let bytes = texts[side]
    for (index, line) in span.lines.enumerated() {
      let range = starts[line]..<starts[line + 1]
      let hash = lineHashes[line]
      var slot = Int(truncatingIfNeeded: hash) & mask
      var found = -1
      while slots[slot] != 0 {
        let candidate = Int(slots[slot]) - 1
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
        slots[slot] = Int32(found + 1)
      }
      if found == counts.count { counts.append(0) }
      counts[found] += 1
      classes[index] = found
    }
    self.counts[side] = counts
    // The other side has none of the classes new here.
    self.counts[1 - side] += repeatElement(0, count: hashes.count - self.counts[1 - side].count)
    return classes
  }
}

/// Whether two byte ranges hold the same bytes, compared 8 at a time.
private func sameBytes(
  _ a: UnsafeBufferPointer<UInt8>, _ ra: Range<Int>, _ b: UnsafeBufferPointer<UInt8>, _ rb: Range<Int>
) -> Bool {
  guard ra.count == rb.count else { return false }
  let rawA = UnsafeRawPointer(a.baseAddress!)
  let rawB = UnsafeRawPointer(b.baseAddress!)
  var i = ra.lowerBound
  var j = rb.lowerBound
  while i + 8 <= ra.upperBound {
    if rawA.loadUnaligned(fromByteOffset: i, as: UInt64.self) != rawB.loadUnaligned(fromByteOffset: j, as: UInt64.self) {
      return false
    }
    i += 8
    j += 8
  }
  while i < ra.upperBound {
    if a[i] != b[j] { return false }
    i += 1
    j += 1
  }
  return true
}
