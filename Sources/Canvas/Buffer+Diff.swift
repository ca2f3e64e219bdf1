import Geometry

extension Buffer {
  /// A stretch of changed cells on one row: what the terminal backend must write.
  public struct Run: Equatable, Sendable {
    public var row: Int
    /// The column of the first cell.
    public var x: Int
    /// The new cells, continuation cells included (a backend writes each wide unit once and skips its
    /// continuation). A slice of the new buffer's storage: no copy, but while a run is kept, drawing
    /// into that buffer copies its storage first, so drop the runs (or reuse the array with
    /// `diff(from:to:into:)`) before drawing into it again.
    public var cells: ArraySlice<Cell>

    public init(row: Int, x: Int, cells: ArraySlice<Cell>) {
      self.row = row
      self.x = x
      self.cells = cells
    }

    /// The columns the run covers.
    public var columns: Range<Int> { x..<(x + cells.count) }

    /// The run's text as drawn (continuations skipped).
    public var text: String {
      var result = ""
      for cell in cells where !cell.isContinuation { result += cell.unit.text }
      return result
    }
  }

  /// The runs of cells that differ between `old` and `new`, row by row, left to right. A run never
  /// starts on the right half of a wide character or ends on its left half, so a backend can write
  /// each run as whole units. Buffers of different sizes (a resize) give every row of `new` whole.
  ///
  ///     old  "abcd"   "日本"
  ///     new  "aXcY"   "日木"      runs: (0, x 1, "X"), (0, x 3, "Y"), (1, x 2, "木")
  ///
  /// - Complexity: O(width x height), one pass comparing cells as words.
  public static func diff(from old: Buffer, to new: Buffer) -> [Run] {
    var runs: [Run] = []
    diff(from: old, to: new, into: &runs)
    return runs
  }

  /// `diff(from:to:)` into an array the caller keeps from frame to frame: it is emptied first, keeping
  /// its capacity, so a steady stream of frames allocates nothing.
  public static func diff(from old: Buffer, to new: Buffer, into runs: inout [Run]) {
    runs.removeAll(keepingCapacity: true)
    let w = new.size.width
    guard old.size == new.size else {
      for y in 0..<new.size.height { runs.append(Run(row: y, x: 0, cells: new.row(y))) }
      return
    }
    old.cells.withUnsafeBufferPointer { a in
      new.cells.withUnsafeBufferPointer { b in
        for y in 0..<new.size.height {
          let start = y * w
          var x = 0
          while x < w {
            if a[start + x] == b[start + x] {
              x += 1
              continue
            }
            var first = x
            if b[start + first].unit.width == 0 { first -= 1 }
            x += 1
            // Go on while cells differ, and always over the continuation of a wide character (which
            // the invariant puts before the row's end), so a run never ends on a left half.
            while x < w && (a[start + x] != b[start + x] || b[start + x - 1].unit.width == 2) { x += 1 }
            runs.append(Run(row: y, x: first, cells: new.cells[start + first..<start + x]))
          }
        }
      }
    }
  }
}
