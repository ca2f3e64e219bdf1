import TileModel

/// What the layout keeps per section.
///
/// A uniform section (every tile the same width after shrinking) keeps only its count and that width.
/// A mixed section keeps each tile's width, a histogram of widths (to notice when it becomes uniform
/// again), and either its line starts (vertical) or its column widths (horizontal).
struct SectionGeometry: Sendable {
  var count = 0
  /// The common width while `widths` is nil (for an empty section, the default width).
  var uniformWidth: Int
  /// Per-tile widths; nil while the section is uniform.
  var widths: [Int32]?
  /// Tiles per width.
  var histogram: [Int32: Int] = [:]
  /// Vertical, mixed: the index of each line's first tile.
  var lineStarts: [Int32] = []
  /// Horizontal, mixed: each column's width plus `lineSpacing`, so prefix sums are column offsets.
  var columns = PrefixSums()

  init(uniformWidth: Int) {
    self.uniformWidth = uniformWidth
  }

  /// A section laid out from scratch from its tiles' widths (after shrinking); `defaultWidth` is kept
  /// as the common width of an empty section. - Complexity: O(count).
  init(widths: [Int32], defaultWidth: Int, _ m: FlowMetrics) {
    uniformWidth = defaultWidth
    count = widths.count
    histogram = Self.histogram(of: widths)
    if histogram.count == 1 {
      uniformWidth = Int(widths[0])
    } else if histogram.count > 1 {
      self.widths = widths
      rebuild(m)
    }
  }

  /// Tiles per width. Widths under 256 (nearly all tiles) are counted in an array, then merged: a
  /// dictionary update per tile costs about ten times more. - Complexity: O(count).
  static func histogram(of widths: [Int32]) -> [Int32: Int] {
    var small = [Int](repeating: 0, count: 256)
    var histogram: [Int32: Int] = [:]
    for w in widths {
      if w >= 0 && w < 256 { small[Int(w)] += 1 } else { histogram[w, default: 0] += 1 }
    }
    for (w, n) in small.enumerated() where n > 0 { histogram[Int32(w)] = n }
    return histogram
  }

  /// The line (vertical, mixed) holding item `i`. - Complexity: O(log lines).
  func line(containing i: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if Int(lineStarts[mid]) <= i { low = mid } else { high = mid - 1 }
    }
    return low
  }

  func width(_ i: Int) -> Int32 {
    widths?[i] ?? Int32(uniformWidth)
  }
}

/// The numbers a section's line breaking needs.
struct FlowMetrics {
  var vertical: Bool
  var available: Int
  var interitemSpacing: Int
  var lineSpacing: Int
  var rowsPerColumn: Int

  /// Tiles per line in a vertical section whose tiles are all `w` wide (rule 5's `k`).
  func uniformPerLine(_ w: Int) -> Int {
    max(1, (available + interitemSpacing) / (w + interitemSpacing))
  }
}

extension SectionGeometry {
  // MARK: - Line breaking (vertical, mixed)

  /// The end of the line that starts at `start`: tiles join while `used + spacing + w <= available`.
  /// Takes the widths as a buffer, fetched once by the caller for all the lines it breaks (no bounds
  /// checks or reference counting per tile). - Complexity: O(tiles on the line).
  static func lineEnd(from start: Int, in widths: UnsafeBufferPointer<Int32>, _ m: FlowMetrics) -> Int {
    // Sums stay within `available` plus eight tiles and their spacing, far from overflowing: wrapping
    // arithmetic spares a check per tile.
    let spacing = m.interitemSpacing
    let available = m.available
    var used = Int(widths[start])
    var end = start + 1
    // Eight tiles at a time while all eight join (a line often holds a dozen), then one by one.
    let base = UnsafeRawPointer(widths.baseAddress!)
    while end &+ 8 <= widths.count {
      let eight = base.loadUnaligned(fromByteOffset: end &* 4, as: SIMD8<Int32>.self)
      let next = used &+ 8 &* spacing &+ Int(eight.wrappedSum())
      if next > available { break }
      used = next
      end &+= 8
    }
    while end < widths.count {
      let next = used &+ spacing &+ Int(widths[end])
      if next > available { break }
      used = next
      end &+= 1
    }
    return end
  }

  /// Computes all line starts or column widths from scratch. - Complexity: O(count).
  mutating func rebuild(_ m: FlowMetrics) {
    lineStarts = []
    columns = PrefixSums()
    guard let widths, count > 0 else { return }
    if m.vertical {
      var starts: [Int32] = []
      widths.withUnsafeBufferPointer { w in
        var start = 0
        while start < w.count {
          starts.append(Int32(start))
          start = Self.lineEnd(from: start, in: w, m)
        }
      }
      lineStarts = starts
    } else {
      columns = PrefixSums(columnValues(from: 0, m))
    }
  }

  /// Horizontal: `max width + lineSpacing` for every column from `firstColumn` on.
  private func columnValues(from firstColumn: Int, to endColumn: Int? = nil, _ m: FlowMetrics) -> [Int] {
    let k = m.rowsPerColumn
    let columnCount = (count + k - 1) / k
    let last = endColumn ?? columnCount
    var values: [Int] = []
    values.reserveCapacity(max(0, last - firstColumn))
    widths!.withUnsafeBufferPointer { widths in
      for c in firstColumn..<last {
        var widest: Int32 = 0
        for i in (c * k)..<min(widths.count, (c + 1) * k) { widest = max(widest, widths[i]) }
        values.append(Int(widest) + m.lineSpacing)
      }
    }
    return values
  }

  /// Re-flows a mixed section after its tiles changed from index `first` on, where every tile after
  /// index `stableAfter` (new numbering) is the old tile `shift` places earlier or later.
  ///
  /// Vertical: lines are re-broken from the line before the change until a new line starts where an old
  /// one did (shifted) past the change; from there on greedy breaking gives the old lines again, so
  /// they are kept and only renumbered. Horizontal: every column holds `rowsPerColumn` tiles, so a
  /// shift changes every later column; without a shift only the columns in `first...stableAfter` change.
  ///
  /// - Complexity: vertical O(tiles on the changed lines) + O(lines) when `shift != 0` (renumbering);
  ///   horizontal O(stableAfter - first + log columns) without a shift, O(count - first) with one.
  mutating func reflow(from first: Int, stableAfter: Int, shift: Int, _ m: FlowMetrics) {
    guard widths != nil, count > 0 else {
      lineStarts = []
      columns = PrefixSums()
      return
    }
    if !m.vertical {
      let k = m.rowsPerColumn
      if shift == 0 {
        let firstColumn = first / k
        let lastColumn = stableAfter / k
        let values = columnValues(from: firstColumn, to: lastColumn + 1, m)
        for (offset, value) in values.enumerated() { columns.set(firstColumn + offset, to: value) }
      } else {
        let firstColumn = first / k
        var values = Array(columns.values.prefix(firstColumn))
        values.append(contentsOf: columnValues(from: firstColumn, m))
        columns = PrefixSums(values)
      }
      return
    }

    // Vertical. Items before `first` are unchanged, so the line holding `first` starts where it did;
    // when `first` opens its line, a narrower tile may now fit on the line before.
    let oldLines = lineStarts.count
    var startLine = line(containing: first)
    if startLine > 0 && Int(lineStarts[startLine]) == first { startLine -= 1 }
    var start = Int(lineStarts[startLine])
    var newStarts: [Int32] = []
    var oldIndex = startLine + 1
    var resync: Int?
    widths!.withUnsafeBufferPointer { w in
      while start < w.count {
        newStarts.append(Int32(start))
        start = Self.lineEnd(from: start, in: w, m)
        guard start < w.count else { break }
        if start > stableAfter {
          while oldIndex < oldLines && Int(lineStarts[oldIndex]) + shift < start { oldIndex += 1 }
          if oldIndex < oldLines && Int(lineStarts[oldIndex]) + shift == start {
            resync = oldIndex
            break
          }
        }
      }
    }
    if let resync {
      lineStarts.replaceSubrange(startLine..<resync, with: newStarts)
      if shift != 0 {
        let delta = Int32(shift)
        for k in (startLine + newStarts.count)..<lineStarts.count { lineStarts[k] += delta }
      }
    } else {
      lineStarts.replaceSubrange(startLine..<oldLines, with: newStarts)
    }
  }

  // MARK: - Mutations

  /// Removes item `i` and returns its width. - Complexity: see `reflow`; O(1) for a uniform section.
  mutating func remove(at i: Int, _ m: FlowMetrics) -> Int32 {
    let w = width(i)
    count -= 1
    noteWidth(w, delta: -1)
    guard widths != nil else { return w }
    widths!.remove(at: i)
    if histogram.count <= 1 {
      becomeUniform()
    } else {
      reflow(from: i, stableAfter: i - 1, shift: -1, m)
    }
    return w
  }

  /// Inserts a tile of width `w` at `i`. A uniform section that receives a different width becomes
  /// mixed (`materialize`: its widths filled in once, its lines by arithmetic), then re-flows as a mixed
  /// one does. - Complexity: O(1) for a uniform section that stays uniform; else see `reflow`, plus
  /// O(count) copying when the section becomes mixed.
  mutating func insert(width w: Int32, at i: Int, _ m: FlowMetrics) {
    noteWidth(w, delta: 1)
    if widths == nil {
      if count == 0 || Int(w) == uniformWidth {
        count += 1
        uniformWidth = Int(w)
        return
      }
      materialize(m)
    }
    count += 1
    widths!.insert(w, at: i)
    reflow(from: i, stableAfter: i, shift: 1, m)
  }

  /// Gives item `i` the width `w` (its tile's own width changed). Only the lines around it can change:
  /// vertically they are re-broken from the line before it until a new line starts where an old one
  /// did; horizontally only its column is measured again.
  ///
  ///     10 cells a line, spacing 1; b widened from 2 to 5
  ///     before  |aaa.bb.ccc|dd.ee.....|      after  |aaa.bbbbb.|ccc.dd.ee.|
  ///
  /// - Complexity: O(1) for a uniform section that stays uniform (a section of one tile, or one whose
  ///   odd tile takes the common width); vertically O(tiles on the re-broken lines), plus O(lines)
  ///   when the number of lines changes (the later line starts move); horizontally O(rowsPerColumn +
  ///   log columns). A uniform section becoming mixed adds O(count) copying once (`materialize`).
  mutating func setWidth(_ w: Int32, at i: Int, _ m: FlowMetrics) {
    let old = width(i)
    guard w != old else { return }
    noteWidth(old, delta: -1)
    noteWidth(w, delta: 1)
    if histogram.count <= 1 {
      if widths != nil {
        becomeUniform()
      } else {
        uniformWidth = Int(w)
      }
      return
    }
    if widths == nil { materialize(m) }
    widths![i] = w
    reflow(from: i, stableAfter: i, shift: 0, m)
  }

  /// Moves item `from` to `to` within the section. - Complexity: O(1) uniform; else see `reflow`.
  mutating func move(from: Int, to: Int, _ m: FlowMetrics) {
    guard from != to, widths != nil else { return }
    widths!.moveElement(from: from, to: to)
    reflow(from: min(from, to), stableAfter: max(from, to), shift: 0, m)
  }

  /// Takes out the tiles at `removed` (ascending, old numbering) and puts tiles of `widths` at
  /// `inserted` (ascending, places in the result): a block move's change to one section. A uniform
  /// section stays arithmetic while every tile keeps one width; one that becomes mixed materializes its
  /// widths once, O(count); a mixed one re-flows from the first changed tile until its lines fall back
  /// into step (`reflow`).
  ///
  /// After the last change, every tile is the old one `shift` places away, where `shift` is the net
  /// number of tiles added; that is where `reflow` may stop:
  ///
  ///     removed 2, 5 (old)    inserted 1, 2, 3 (new)    shift +1
  ///     old   a b X c d Y e f           new   a P Q R b c d e f
  ///     stable after max(3, 5 + 1) = 6: from index 7 on, new[i] = old[i - 1]
  ///
  /// - Complexity: O(removed + inserted) for a uniform section that stays uniform; else O(count - first
  ///   changed index) for the widths plus `reflow`'s cost.
  mutating func replace(removing removed: [Int], inserting inserted: [Int], widths added: [Int32], _ m: FlowMetrics) {
    guard !removed.isEmpty || !inserted.isEmpty else { return }
    let oldCount = count
    for i in removed { noteWidth(width(i), delta: -1) }
    for w in added { noteWidth(w, delta: 1) }
    let newCount = oldCount - removed.count + inserted.count
    if histogram.count <= 1 {
      count = newCount
      if widths != nil {
        becomeUniform()
      } else if let only = histogram.keys.first {
        uniformWidth = Int(only)
      }
      return
    }
    if widths == nil {
      // Becoming mixed. An empty section gets the new tiles only; a filled one its lines as they were,
      // then the change below re-flows around the new tiles like any mixed section.
      guard oldCount > 0 else {
        count = newCount
        widths = added
        rebuild(m)
        return
      }
      materialize(m)
    }
    count = newCount
    if removed.count == inserted.count, removed.isRun, inserted.isRun,
      widths![removed[0]..<(removed[0] + removed.count)].elementsEqual(added)
    {
      // A run moved within the section: rotate the widths between its two places only.
      widths!.moveRange(removed[0]..<(removed[0] + removed.count), to: inserted[0])
    } else {
      widths!.remove(atSorted: removed)
      widths!.insert(added, atSorted: inserted)
    }
    if m.vertical {
      rebreak(removed: removed, inserted: inserted, oldCount: oldCount, m)
    } else {
      let shift = inserted.count - removed.count
      let first = min(removed.first ?? Int.max, inserted.first ?? Int.max)
      let stableAfter = max(inserted.last ?? -1, removed.last.map { $0 + shift } ?? -1)
      reflow(from: first, stableAfter: stableAfter, shift: shift, m)
    }
  }

  /// Vertical, mixed: the line starts after tiles were taken out at `removed` (old numbering) and put in
  /// at `inserted` (new numbering), in one pass from the line before the first change. Between changes
  /// the old lines come back: once a new line starts at an unchanged tile that opened an old line, every
  /// old line whose tiles, and the tile after them, are unchanged is the same line, shifted by the
  /// number of tiles added before it; it is copied, not broken again. (`reflow` can only resynchronise
  /// after the last change, which for scattered changes means re-breaking everything between them.)
  ///
  ///     7 cells a line, spacing 1; X 5 wide, the others 3; a and e taken out
  ///     old   |a b|X|c d|e f|g h|
  ///     new   |b|X|c d|f g|h|      |b| broken again; X opened an old line: |X| copied; |c d| broken
  ///                                again (e, after it, is gone), then |f g| and |h|
  ///
  /// - Complexity: O(lines) to copy the unchanged lines (in blocks: the last line before the next
  ///   change is found by binary search), plus O(tiles on the re-broken lines): the lines around each
  ///   change until the breaks fall back into step. Greedy breaking need not fall back soon: with
  ///   widths that repeat (a pattern of 39 tiles, say), a tile put in or taken out can shift every later
  ///   line of its section; then those lines all change, and all are broken again.
  mutating func rebreak(removed: [Int], inserted: [Int], oldCount: Int, _ m: FlowMetrics) {
    let old = lineStarts
    let first = min(removed.first ?? Int.max, inserted.first ?? Int.max)
    var l = line(containing: first)
    if l > 0 && Int(old[l]) == first { l -= 1 }
    var starts = Array(old[0..<l])
    starts.reserveCapacity(old.count + inserted.count)
    var position = Int(old[l])
    var r = 0  // removals at or before the old index of `position`
    var i = 0  // insertions before `position`
    /// The old line `j`'s end: the next line's start, or the old count.
    func end(_ j: Int) -> Int { j + 1 < old.count ? Int(old[j + 1]) : oldCount }
    widths!.withUnsafeBufferPointer { w in
      while position < w.count {
        while i < inserted.count && inserted[i] < position { i += 1 }
        if i >= inserted.count || inserted[i] != position {
          // An unchanged tile: its old index, past the removals before it.
          while r < removed.count && removed[r] <= position - i + r { r += 1 }
          let o = position - i + r
          while l < old.count && Int(old[l]) < o { l += 1 }
          if l < old.count && Int(old[l]) == o {
            // It opened an old line: copy the old lines that end before the next change (old
            // numbering), so that they and the tile after them are unchanged. Their ends ascend, so
            // the last of them is found by binary search and they are copied at once.
            let shift = position - o
            let nextRemoved = r < removed.count ? removed[r] : Int.max
            let nextInserted = i < inserted.count ? inserted[i] - shift : Int.max
            let limit = min(nextRemoved, nextInserted)
            var low = l
            var high = old.count  // the first line not copied is in low...high
            while low < high {
              let mid = (low + high) / 2
              if end(mid) < limit { low = mid + 1 } else { high = mid }
            }
            if low > l {
              let delta = Int32(shift)
              if delta == 0 {
                starts.append(contentsOf: old[l..<low])
              } else {
                for j in l..<low { starts.append(old[j] &+ delta) }
              }
              l = low
              position = low < old.count ? Int(old[low]) + shift : w.count
              continue
            }
          }
        }
        starts.append(Int32(position))
        position = Self.lineEnd(from: position, in: w, m)
      }
    }
    lineStarts = starts
  }

  private mutating func noteWidth(_ w: Int32, delta: Int) {
    let n = histogram[w, default: 0] + delta
    histogram[w] = n == 0 ? nil : n
  }

  /// Turns a uniform section into the mixed representation of the same lines, before a tile of
  /// another width arrives: every width stored, and the line starts (vertical: every `k`-th tile) or
  /// column widths (horizontal: all the same) that the uniform arithmetic gives. No line is broken, so
  /// the change that follows re-flows only around itself (`reflow`, `rebreak`) instead of the whole
  /// section being broken again (`rebuild`).
  /// - Complexity: O(count) filling (4 bytes a tile) plus O(lines), no per-tile line breaking.
  private mutating func materialize(_ m: FlowMetrics) {
    widths = [Int32](repeating: Int32(uniformWidth), count: count)
    if m.vertical {
      let k = m.uniformPerLine(uniformWidth)
      lineStarts = []
      lineStarts.reserveCapacity((count + k - 1) / k + 1)
      for start in stride(from: 0, to: count, by: k) { lineStarts.append(Int32(start)) }
    } else {
      let k = m.rowsPerColumn
      columns = PrefixSums([Int](repeating: uniformWidth + m.lineSpacing, count: (count + k - 1) / k))
    }
  }

  private mutating func becomeUniform() {
    if let only = histogram.keys.first { uniformWidth = Int(only) }
    widths = nil
    lineStarts = []
    columns = PrefixSums()
  }
}

extension Array where Element == Int {
  /// True when the indexes are consecutive.
  var isRun: Bool {
    guard let first, let last else { return true }
    return last - first + 1 == count
  }
}

extension Array where Element == Int32 {
  /// Removes the elements at `indexes` (ascending, no repeats), as TileModel's `removeSorted(at:)`
  /// does, moving each stretch between two of them with one block copy rather than element by element.
  /// - Complexity: O(count - indexes.first) copying, O(indexes) steps.
  mutating func remove(atSorted indexes: [Int]) {
    guard let first = indexes.first else { return }
    var write = first
    withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      for (n, index) in indexes.enumerated() {
        let stretch = (index + 1)..<(n + 1 < indexes.count ? indexes[n + 1] : buffer.count)
        (base + write).update(from: base + stretch.lowerBound, count: stretch.count)
        write += stretch.count
      }
    }
    removeLast(count - write)
  }

  /// Inserts `elements` so that each ends at the matching place of `indexes` (ascending, no repeats,
  /// places in the result), as TileModel's `insertSorted(_:at:)` does, moving each stretch of old
  /// elements between two places with one block copy, from the back.
  /// - Complexity: O(count - indexes.first + elements.count) copying, O(indexes) steps.
  mutating func insert(_ elements: [Int32], atSorted indexes: [Int]) {
    guard !indexes.isEmpty else { return }
    var read = count  // old elements before `read` are not placed yet
    append(contentsOf: elements)  // room at the end; every slot after the first place is written below
    withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      var end = buffer.count  // slots from `end` on are final
      for n in indexes.indices.reversed() {
        let place = indexes[n]
        let stretch = end - place - 1  // old elements between this place and the next
        (base + place + 1).update(from: base + read - stretch, count: stretch)
        read -= stretch
        base[place] = elements[n]
        end = place
      }
    }
  }
}
