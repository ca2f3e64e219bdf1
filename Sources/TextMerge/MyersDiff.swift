/// Myers' O(ND) diff ("An O(ND) Difference Algorithm and its Variations", 1986) as git's xdiff runs it
/// (`xdl_recs_cmp`, `xdl_split`): the box of two sequences is split at a middle snake found from both
/// corners at once, and each half is split again until one side is empty, whose other side's elements
/// are then changed. Where the search is long git cuts it, and so does this, identically, since the
/// cut decides which of several shortest scripts comes out:
///
/// - past 256 edits, once a step has found a snake longer than 20, a diagonal that has come far
///   (its distance from the corner minus its distance from the middle diagonal above 4 × the edits)
///   and ends in 20 equal elements is taken as the split;
/// - past the cost limit (√(N + M), at least 256), the furthest-reaching diagonal of either direction
///   is taken.
///
/// In both cases the half on the taken side is searched for a shortest script again, the other half
/// not (git's `min_lo`, `min_hi`).
struct MyersDiff {
  /// The classes of the two sequences' elements (only their equality matters).
  let a: [Int]
  let b: [Int]
  /// The result: which elements of each sequence are changed.
  private(set) var changedA: [Bool]
  private(set) var changedB: [Bool]

  private static let snakeLength = 20
  private static let heuristicMinimumCost = 256
  private static let heuristicFactor = 4
  private static let noLine = Int.max

  init(a: [Int], b: [Int]) {
    self.a = a
    self.b = b
    changedA = [Bool](repeating: false, count: a.count)
    changedB = [Bool](repeating: false, count: b.count)
  }

  /// A box still to compare: `a[off1..<lim1]` against `b[off2..<lim2]`, and whether its script must
  /// be a shortest one (the cost limit and the heuristic may not cut it).
  private struct Box {
    var off1: Int, lim1: Int, off2: Int, lim2: Int
    var needMinimal: Bool
  }

  /// Where a box is split, and whether each half needs a shortest script.
  private struct Split {
    var i1: Int, i2: Int
    var minimalLow: Bool, minimalHigh: Bool
  }

  /// Compares the whole sequences. The boxes are disjoint, so the order they are compared in does not
  /// matter; a stack stands for git's recursion.
  mutating func run() {
    let diagonals = a.count + b.count + 3
    let maxCost = max(squareRootBound(diagonals), 256)
    var vectors = [Int](repeating: 0, count: 2 * diagonals + 2)
    let bCount = b.count
    var changedA = changedA
    var changedB = changedB
    defer {
      self.changedA = changedA
      self.changedB = changedB
    }
    vectors.withUnsafeMutableBufferPointer { storage in
      a.withUnsafeBufferPointer { ha1 in
        b.withUnsafeBufferPointer { ha2 in
          // The furthest points of each diagonal, forward and backward, indexed by diagonal k = i1 - i2
          // (from -M - 1 to N + 1).
          let forward = storage.baseAddress! + (bCount + 1)
          let backward = storage.baseAddress! + diagonals + (bCount + 1)
          var boxes = [Box(off1: 0, lim1: a.count, off2: 0, lim2: b.count, needMinimal: false)]
          while var box = boxes.popLast() {
            // Shrink the box by the equal runs at both its corners.
            while box.off1 < box.lim1 && box.off2 < box.lim2 && ha1[box.off1] == ha2[box.off2] {
              box.off1 += 1
              box.off2 += 1
            }
            while box.off1 < box.lim1 && box.off2 < box.lim2 && ha1[box.lim1 - 1] == ha2[box.lim2 - 1] {
              box.lim1 -= 1
              box.lim2 -= 1
            }
            if box.off1 == box.lim1 {
              for i in box.off2..<box.lim2 { changedB[i] = true }
            } else if box.off2 == box.lim2 {
              for i in box.off1..<box.lim1 { changedA[i] = true }
            } else {
              let split = Self.split(
                ha1, ha2, box, forward: forward, backward: backward, maxCost: maxCost)
              boxes.append(Box(off1: split.i1, lim1: box.lim1, off2: split.i2, lim2: box.lim2, needMinimal: split.minimalHigh))
              boxes.append(Box(off1: box.off1, lim1: split.i1, off2: box.off2, lim2: split.i2, needMinimal: split.minimalLow))
            }
          }
        }
      }
    }
  }

  /// The middle snake of a box (git's `xdl_split`), or the cut described on the type.
  private static func split(
    _ ha1: UnsafeBufferPointer<Int>, _ ha2: UnsafeBufferPointer<Int>, _ box: Box,
    forward kvdf: UnsafeMutablePointer<Int>, backward kvdb: UnsafeMutablePointer<Int>, maxCost: Int
  ) -> Split {
    let (off1, lim1, off2, lim2) = (box.off1, box.lim1, box.off2, box.lim2)
    let dmin = off1 - lim2
    let dmax = lim1 - off2
    let fmid = off1 - off2
    let bmid = lim1 - lim2
    let odd = (fmid - bmid) & 1 != 0
    var fmin = fmid
    var fmax = fmid
    var bmin = bmid
    var bmax = bmid

    kvdf[fmid] = off1
    kvdb[bmid] = lim1

    var ec = 1
    while true {
      var gotSnake = false

      // Forward: extend the diagonals by one (or shrink at the box's edge); the one outside gets a
      // value no path takes.
      if fmin > dmin {
        fmin -= 1
        kvdf[fmin - 1] = -1
      } else {
        fmin += 1
      }
      if fmax < dmax {
        fmax += 1
        kvdf[fmax + 1] = -1
      } else {
        fmax -= 1
      }
      var d = fmax
      while d >= fmin {
        var i1 = kvdf[d - 1] >= kvdf[d + 1] ? kvdf[d - 1] + 1 : kvdf[d + 1]
        let previous = i1
        var i2 = i1 - d
        while i1 < lim1 && i2 < lim2 && ha1[i1] == ha2[i2] {
          i1 += 1
          i2 += 1
        }
        if i1 - previous > snakeLength { gotSnake = true }
        kvdf[d] = i1
        if odd && bmin <= d && d <= bmax && kvdb[d] <= i1 {
          return Split(i1: i1, i2: i2, minimalLow: true, minimalHigh: true)
        }
        d -= 2
      }

      // Backward, the same from the other corner.
      if bmin > dmin {
        bmin -= 1
        kvdb[bmin - 1] = noLine
      } else {
        bmin += 1
      }
      if bmax < dmax {
        bmax += 1
        kvdb[bmax + 1] = noLine
      } else {
        bmax -= 1
      }
      d = bmax
      while d >= bmin {
        var i1 = kvdb[d - 1] < kvdb[d + 1] ? kvdb[d - 1] : kvdb[d + 1] - 1
        let previous = i1
        var i2 = i1 - d
        while i1 > off1 && i2 > off2 && ha1[i1 - 1] == ha2[i2 - 1] {
          i1 -= 1
          i2 -= 1
        }
        if previous - i1 > snakeLength { gotSnake = true }
        kvdb[d] = i1
        if !odd && fmin <= d && d <= fmax && i1 <= kvdf[d] {
          return Split(i1: i1, i2: i2, minimalLow: true, minimalHigh: true)
        }
        d -= 2
      }

      if box.needMinimal {
        ec += 1
        continue
      }

      // The heuristic: a diagonal that came far and ends in a run of equal elements, forward first.
      if gotSnake && ec > heuristicMinimumCost {
        if let (i1, i2) = farDiagonal(ha1, ha2, box, kvdf, from: fmax, to: fmin, middle: fmid, forward: true, cost: ec) {
          return Split(i1: i1, i2: i2, minimalLow: true, minimalHigh: false)
        }
        if let (i1, i2) = farDiagonal(ha1, ha2, box, kvdb, from: bmax, to: bmin, middle: bmid, forward: false, cost: ec) {
          return Split(i1: i1, i2: i2, minimalLow: false, minimalHigh: true)
        }
      }

      // Past the cost limit: the furthest-reaching path, measured by i1 + i2.
      if ec >= maxCost {
        var fbest = -1
        var fbest1 = -1
        d = fmax
        while d >= fmin {
          var i1 = min(kvdf[d], lim1)
          var i2 = i1 - d
          if lim2 < i2 {
            i1 = lim2 + d
            i2 = lim2
          }
          if fbest < i1 + i2 {
            fbest = i1 + i2
            fbest1 = i1
          }
          d -= 2
        }
        var bbest = noLine
        var bbest1 = noLine
        d = bmax
        while d >= bmin {
          var i1 = max(off1, kvdb[d])
          var i2 = i1 - d
          if i2 < off2 {
            i1 = off2 + d
            i2 = off2
          }
          if i1 + i2 < bbest {
            bbest = i1 + i2
            bbest1 = i1
          }
          d -= 2
        }
        if (lim1 + lim2) - bbest < fbest - (off1 + off2) {
          return Split(i1: fbest1, i2: fbest - fbest1, minimalLow: true, minimalHigh: false)
        } else {
          return Split(i1: bbest1, i2: bbest - bbest1, minimalLow: false, minimalHigh: true)
        }
      }
      ec += 1
    }
  }

  /// For the heuristic: among the diagonals `high` down to `low` (every other one) of one direction,
  /// the furthest point that has come more than 4 × `cost` (its distance from its corner of the box
  /// minus its diagonal's distance from the `middle` one), stays 20 elements inside the box, and has 20
  /// equal elements behind it; nil if none has.
  private static func farDiagonal(
    _ ha1: UnsafeBufferPointer<Int>, _ ha2: UnsafeBufferPointer<Int>, _ box: Box, _ vector: UnsafeMutablePointer<Int>,
    from high: Int, to low: Int, middle: Int, forward: Bool, cost: Int
  ) -> (Int, Int)? {
    var best = 0
    var found: (Int, Int)?
    for d in stride(from: high, through: low, by: -2) {
      let i1 = vector[d]
      let i2 = i1 - d
      let progress = forward ? (i1 - box.off1) + (i2 - box.off2) : (box.lim1 - i1) + (box.lim2 - i2)
      let v = progress - abs(d - middle)
      guard v > heuristicFactor * cost && v > best else { continue }
      // The run behind the point: the 20 elements before it going forward, from it going backward.
      let run1 = forward ? i1 - snakeLength : i1
      let run2 = forward ? i2 - snakeLength : i2
      let inside =
        forward
        ? box.off1 + snakeLength <= i1 && i1 < box.lim1 && box.off2 + snakeLength <= i2 && i2 < box.lim2
        : box.off1 < i1 && i1 <= box.lim1 - snakeLength && box.off2 < i2 && i2 <= box.lim2 - snakeLength
      if inside && (0..<snakeLength).allSatisfy({ ha1[run1 + $0] == ha2[run2 + $0] }) {
        best = v
        found = (i1, i2)
      }
    }
    return found
  }

}
