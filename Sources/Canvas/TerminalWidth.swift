/// How many cells a terminal draws a scalar in: glibc's `wcwidth` under a UTF-8 locale, which is what
/// ncursesw and tmux measure with. The table (`WidthTable.swift`) is generated from glibc by
/// `Scripts/generate-width-table` and checked against it scalar by scalar in the tests, so Canvas
/// itself never calls the C library or depends on a locale.
public enum TerminalWidth {
  /// `wcwidth(scalar)`: 0, 1 or 2 cells, or -1 for a scalar that is not printable (controls,
  /// unassigned code points, noncharacters).
  @inlinable public static func of(_ scalar: Unicode.Scalar) -> Int {
    of(scalar.value)
  }

  /// `of(_:)` on a scalar value known to be a valid scalar.
  @usableFromInline static func of(_ value: UInt32) -> Int {
    if value < 0x7F { return value >= 0x20 ? 1 : value == 0 ? 0 : -1 }
    let widthClass = Int(runs[runIndex(value)] & 3)
    return widthClass == 3 ? -1 : widthClass
  }

  /// The index of the run holding `value`: the last entry whose first scalar is at most `value`.
  static func runIndex(_ value: UInt32) -> Int {
    let key = value << 2 | 3
    return runs.withUnsafeBufferPointer { runs in
      var low = 0
      var high = runs.count
      while low < high {
        let middle = (low + high) / 2
        if runs[middle] <= key { low = middle + 1 } else { high = middle }
      }
      return low - 1
    }
  }
}
