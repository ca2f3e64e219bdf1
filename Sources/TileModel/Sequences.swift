// Two small tools of `diff` and `merge`: the longest increasing subsequence (the tiles that need not
// move) and a Fenwick tree (counting the tiles still waiting to move before a place); and the edit
// distance the command line's and the keys file's "did you mean" measure names with.

package enum Sequences {
  /// Levenshtein distance between two short strings, by their scalars.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// The indexes (ascending) of a longest strictly increasing subsequence of `values`. Among several
  /// of the same length it is the one patience sorting finds, so the choice is the same every run.
  /// - Complexity: O(n log n).
  package static func longestIncreasing(_ values: [Int32]) -> [Int] {
    guard !values.isEmpty else { return [] }
    // tails[k]: the index of the smallest last value of an increasing run of length k + 1.
    var tails: [Int32] = []
    var previous = [Int32](repeating: -1, count: values.count)
    tails.reserveCapacity(64)
    for (i, v) in values.enumerated() {
      // Mostly the values already increase: then each one just extends the longest run.
      if let last = tails.last, values[Int(last)] < v {
        previous[i] = last
        tails.append(Int32(i))
        continue
      }
      var lo = 0
      var hi = tails.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if values[Int(tails[mid])] < v { lo = mid + 1 } else { hi = mid }
      }
      if lo > 0 { previous[i] = tails[lo - 1] }
      if lo == tails.count { tails.append(Int32(i)) } else { tails[lo] = Int32(i) }
    }
    var result = [Int](repeating: 0, count: tails.count)
    var k = Int(tails[tails.count - 1])
    for slot in stride(from: tails.count - 1, through: 0, by: -1) {
      result[slot] = k
      k = Int(previous[k])
    }
    return result
  }
}

extension Sequences {
  /// The indexes (ascending) of a longest strictly increasing subsequence of `values` (which must be
  /// distinct) that holds, among the longest, as many `preferred` indexes as any: with nothing
  /// preferred, `longestIncreasing(_:)`'s. `diff` prefers the locked tiles and sections, so that a
  /// locked one stays put whenever a script of as few moves can leave it.
  /// - Complexity: O(n log n).
  static func longestIncreasing(_ values: [Int32], preferring preferred: [Bool]) -> [Int] {
    guard preferred.contains(true) else { return longestIncreasing(values) }
    let (ending, previous) = bestRunsEnding(values, preferring: preferred)
    var top = RunScore()
    var k: Int32 = -1
    for (i, score) in ending.enumerated() where top < score {
      top = score
      k = Int32(i)
    }
    var result: [Int] = []
    result.reserveCapacity(Int(top.length))
    while k >= 0 {
      result.append(Int(k))
      k = previous[Int(k)]
    }
    return result.reversed()
  }

  /// The indexes (ascending) of the longest strictly increasing subsequence of `values` (which must be
  /// distinct) that holds, among the longest, as many `preferred` indexes as any; of several such, the
  /// one keeping the latest elements: its last index is the largest it can be, then the one before,
  /// and so on (`x y z` → `y x z` keeps `y` and moves `x`). The choice depends only on the values'
  /// order around the tie, so two sides that made the same change read it the same way, with or
  /// without preferences elsewhere.
  /// - Complexity: O(n log n).
  package static func latestLongestIncreasing(_ values: [Int32], preferring preferred: [Bool]) -> [Int] {
    let n = values.count
    guard n > 1 else { return Array(values.indices) }
    let (ending, _) = bestRunsEnding(values, preferring: preferred)
    let top = ending.max() ?? RunScore()
    // From the right, the latest element that ends a best run of what is still needed below the
    // element taken before it.
    var result: [Int] = []
    var need = top
    var above = Int32.max
    for i in stride(from: n - 1, through: 0, by: -1) where need.length > 0 && values[i] < above && ending[i] == need {
      result.append(i)
      above = values[i]
      need = RunScore(length: need.length - 1, preferred: need.preferred - (preferred[i] ? 1 : 0))
    }
    return result.reversed()
  }

  /// For each index, the best (length, preferred count) of a strictly increasing run of `values` (which
  /// must be distinct) ending there, and the index before it in one such run (-1: none; the first
  /// found of the best ones). - Complexity: O(n log n), by a Fenwick tree of prefix maxima over the
  /// values' ranks.
  static func bestRunsEnding(_ values: [Int32], preferring preferred: [Bool]) -> (ending: [RunScore], previous: [Int32]) {
    let n = values.count
    let order = values.indices.sorted { values[$0] < values[$1] }
    var rank = [Int](repeating: 0, count: n)
    for (r, i) in order.enumerated() { rank[i] = r }
    var ending = [RunScore](repeating: RunScore(), count: n)
    var previous = [Int32](repeating: -1, count: n)
    var tree = [(score: RunScore, index: Int32)](repeating: (RunScore(), -1), count: n + 1)
    for i in 0..<n {
      var best = (score: RunScore(), index: Int32(-1))
      var k = rank[i]
      while k > 0 {
        if best.score < tree[k].score { best = tree[k] }
        k -= k & -k
      }
      previous[i] = best.index
      let score = RunScore(length: best.score.length + 1, preferred: best.score.preferred + (preferred[i] ? 1 : 0))
      ending[i] = score
      k = rank[i] + 1
      while k <= n {
        if tree[k].score < score { tree[k] = (score, Int32(i)) }
        k += k & -k
      }
    }
    return (ending, previous)
  }

  /// A run's length, then how many preferred elements it holds.
  struct RunScore: Comparable {
    var length: Int32 = 0
    var preferred: Int32 = 0
    static func < (a: RunScore, b: RunScore) -> Bool {
      (a.length, a.preferred) < (b.length, b.preferred)
    }
  }
}

/// Counts of marked positions `0..<count` with prefix sums in O(log n): which tiles of a section are
/// still where they were, before a place.
struct FenwickTree {
  private var tree: [Int32]

  /// A tree with the positions where `marked` is true marked. - Complexity: O(n).
  init(marked: [Bool]) {
    tree = [Int32](repeating: 0, count: marked.count + 1)
    for (i, m) in marked.enumerated() where m { tree[i + 1] += 1 }
    for i in 1..<max(1, tree.count) {
      let parent = i + (i & -i)
      if parent < tree.count { tree[parent] += tree[i] }
    }
  }

  /// Marks position `i` (which must not be marked).
  mutating func insert(_ i: Int) {
    var k = i + 1
    while k < tree.count {
      tree[k] += 1
      k += k & -k
    }
  }

  /// Unmarks position `i` (which must be marked).
  mutating func remove(_ i: Int) {
    var k = i + 1
    while k < tree.count {
      tree[k] -= 1
      k += k & -k
    }
  }

  /// How many marked positions are below `end`.
  func count(below end: Int) -> Int {
    var k = end
    var sum: Int32 = 0
    while k > 0 {
      sum += tree[k]
      k -= k & -k
    }
    return Int(sum)
  }
}
