/// Non-negative integers with prefix sums and search, all in O(log n) (a Fenwick tree).
///
/// Used for extents laid end to end: section heights (vertical) or widths (horizontal), and the columns
/// of a horizontal section whose tiles have different widths. Changing one extent shifts every later
/// one; with plain offsets that is O(n), here it is O(log n).
struct PrefixSums: Sendable {
  /// The values themselves, for O(1) reads.
  private(set) var values: [Int]
  /// 1-based Fenwick tree: `tree[i]` holds the sum of `values[i - lowbit(i) ..< i]`.
  private var tree: [Int]

  /// - Complexity: O(n).
  init(_ values: [Int] = []) {
    self.values = values
    tree = [0] + values
    let n = values.count
    var i = 1
    while i <= n {
      let parent = i + (i & -i)
      if parent <= n { tree[parent] += tree[i] }
      i += 1
    }
  }

  var count: Int { values.count }

  subscript(i: Int) -> Int { values[i] }

  /// The sum of `values[0..<i]`. - Complexity: O(log n).
  func prefix(_ i: Int) -> Int {
    var sum = 0
    var k = i
    while k > 0 {
      sum += tree[k]
      k &= k - 1
    }
    return sum
  }

  /// The sum of all values. - Complexity: O(log n).
  var total: Int { prefix(values.count) }

  /// Sets `values[i]`. - Complexity: O(log n).
  mutating func set(_ i: Int, to value: Int) {
    let delta = value - values[i]
    guard delta != 0 else { return }
    values[i] = value
    var k = i + 1
    while k < tree.count {
      tree[k] += delta
      k += k & -k
    }
  }

  /// Puts `value` in at `i`, shifting the later values. A Fenwick tree has no insertion: every node
  /// after `i` covers other values now, so the tree is built again. - Complexity: O(n).
  mutating func insert(_ value: Int, at i: Int) {
    values.insert(value, at: i)
    self = PrefixSums(values)
  }

  /// Takes out `values[i]`, shifting the later values; the tree is built again. - Complexity: O(n).
  mutating func remove(at i: Int) {
    values.remove(at: i)
    self = PrefixSums(values)
  }

  /// The index `i` with `prefix(i) <= offset < prefix(i + 1)`, or nil when `offset` is negative or
  /// not less than `total`. Zero values are skipped (they contain nothing).
  /// - Complexity: O(log n).
  func index(containing offset: Int) -> Int? {
    guard offset >= 0 else { return nil }
    var position = 0
    var remaining = offset
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next < tree.count && tree[next] <= remaining {
        position = next
        remaining -= tree[next]
      }
      step /= 2
    }
    return position < values.count ? position : nil
  }
}
