/// Compatibility forms (Unicode's NFKC), for the find: half-width ﾀﾜｰ is タワー, ﬁ is fi, Ｔ is T, ①
/// is 1, ㍿ is 株式会社. The table (`CompatibilityTable.swift`) is generated from Python's unicodedata by
/// Scripts/generate-compatibility-table; Swift's standard library has no NFKC and the Editor links no
/// Foundation.
enum CompatibilityTable {
  /// The NFKC form of `scalar`, when it is not `scalar` itself.
  ///
  /// - Complexity: O(log n) in the table's 3,500 runs.
  static func form(of scalar: Unicode.Scalar) -> FormScalars? {
    let value = scalar.value
    // The first mapped scalar is U+00A0: ASCII is never mapped.
    guard value >= 0xA0 else { return nil }
    var low = 0
    var high = keys.count
    let key = value << 8 | 0xFF
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] <= key { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    let run = keys[low - 1]
    let offset = value - run >> 8
    guard offset <= run & 0xFF else { return nil }
    let form = values[low - 1]
    if form & 1 << 31 == 0 { return FormScalars(single: form + offset) }
    return FormScalars(pool: Int(form >> 5 & 0x3FF_FFFF), count: Int(form & 31))
  }

  /// The scalars of one form: one, or a slice of `pool`.
  struct FormScalars: Sequence {
    var single: UInt32?
    var range: Range<Int> = 0..<0

    init(single: UInt32) { self.single = single }
    init(pool start: Int, count: Int) { range = start..<(start + count) }

    func makeIterator() -> AnyIterator<Unicode.Scalar> {
      if let single {
        var done = false
        return AnyIterator {
          defer { done = true }
          return done ? nil : Unicode.Scalar(single)
        }
      }
      var index = range.lowerBound
      let end = range.upperBound
      return AnyIterator {
        guard index < end else { return nil }
        defer { index += 1 }
        return Unicode.Scalar(pool[index])
      }
    }
  }

  /// `text` with every scalar in its compatibility form (then to be composed, as the find does).
  static func folded(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if let form = form(of: scalar) {
        result.append(contentsOf: form)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}
