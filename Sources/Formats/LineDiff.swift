/// Where two lists of lines differ: the hunks of a shortest edit script (Myers' O((N+M)·D) diff),
/// after the common start and end are set aside. Used to put conflict markers between two versions
/// of a file that differ only where a merge conflicted, so D is small however long the file is.
enum LineDiff {
  /// One place where the lists differ: lines `a` of the first list stand where lines `b` of the
  /// second do (either may be empty, not both).
  struct Hunk: Equatable {
    var a: Range<Int>
    var b: Range<Int>
  }

  /// The hunks, in order. Past `maximumEdits` edits in the middle the whole middle is one hunk: still
  /// right, only coarser.
  /// - Complexity: O(N + M + (N + M)·D) time, O(D²) space.
  static func hunks(_ a: [String], _ b: [String], maximumEdits: Int = 4000) -> [Hunk] {
    var start = 0
    while start < a.count && start < b.count && a[start] == b[start] { start += 1 }
    var endA = a.count
    var endB = b.count
    while endA > start && endB > start && a[endA - 1] == b[endB - 1] {
      endA -= 1
      endB -= 1
    }
    if start == endA && start == endB { return [] }
    if start == endA || start == endB { return [Hunk(a: start..<endA, b: start..<endB)] }
    guard let matches = middleMatches(a, start..<endA, b, start..<endB, maximumEdits: maximumEdits) else {
      return [Hunk(a: start..<endA, b: start..<endB)]
    }
    var hunks: [Hunk] = []
    var x = start
    var y = start
    for (mx, my) in matches + [(endA, endB)] {
      if mx > x || my > y { hunks.append(Hunk(a: x..<mx, b: y..<my)) }
      x = mx + 1
      y = my + 1
    }
    return hunks
  }

  /// The matched pairs (index in `a`, index in `b`) of a longest common subsequence of the two
  /// ranges, in order; nil past `maximumEdits`.
  private static func middleMatches(
    _ a: [String], _ ra: Range<Int>, _ b: [String], _ rb: Range<Int>, maximumEdits: Int
  ) -> [(Int, Int)]? {
    let n = ra.count
    let m = rb.count
    let limit = min(maximumEdits, n + m)
    // v[k + offset]: the furthest x on diagonal k; trace[d]: v for k in -d...d after step d.
    let offset = limit + 1
    var v = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    func equal(_ x: Int, _ y: Int) -> Bool { a[ra.lowerBound + x] == b[rb.lowerBound + y] }
    var found: Int?
    outer: for d in 0...limit {
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
          x = v[offset + k + 1]
        } else {
          x = v[offset + k - 1] + 1
        }
        var y = x - k
        while x < n && y < m && equal(x, y) {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n && y >= m {
          trace.append(Array(v[(offset - d)...(offset + d)]))
          found = d
          break outer
        }
      }
      trace.append(Array(v[(offset - d)...(offset + d)]))
    }
    guard let depth = found else { return nil }
    // Back from the end: each step's diagonal run is matches.
    var matches: [(Int, Int)] = []
    var x = n
    var y = m
    for d in stride(from: depth, through: 1, by: -1) {
      let previous = trace[d - 1]
      func at(_ k: Int) -> Int { previous[k + d - 1] }
      let k = x - y
      let prevK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
      let prevX = at(prevK)
      let prevY = prevX - prevK
      while x > prevX && y > prevY && x > 0 && y > 0 {
        x -= 1
        y -= 1
        matches.append((ra.lowerBound + x, rb.lowerBound + y))
      }
      x = prevX
      y = prevY
    }
    while x > 0 && y > 0 {
      x -= 1
      y -= 1
      matches.append((ra.lowerBound + x, rb.lowerBound + y))
    }
    return matches.reversed()
  }
}
