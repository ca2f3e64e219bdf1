import Geometry
import TestSupport
import Testing

@testable import Canvas

/// A buffer drawn from text lines, one `write` per row.
private func buffer(_ lines: [String], width: Int? = nil, style: Style = .plain) -> Buffer {
  var b = Buffer(size: Size(width: width ?? lines.map { DisplayText.width(of: $0) }.max() ?? 0, height: lines.count))
  for (y, line) in lines.enumerated() { b.write(line, at: Point(x: 0, y: y), style: style) }
  return b
}

/// Runs as `(row, x, text)`, for comparing with a list written by hand.
private func summary(_ runs: [Buffer.Run]) -> [String] { runs.map { "\($0.row) \($0.x) \($0.text)" } }

@Suite("Diff: the runs a terminal must rewrite")
struct DiffTests {
  @Test("equal buffers have no runs")
  func equalBuffers() {
    let a = buffer(["abc", "日本"])
    #expect(Buffer.diff(from: a, to: a).isEmpty)
  }

  @Test("each stretch of changed cells is one run; unchanged cells split runs")
  func runsPerStretch() {
    let old = buffer(["abcdef", "ghijkl"])
    let new = buffer(["aXYdeZ", "ghijkl"])
    #expect(summary(Buffer.diff(from: old, to: new)) == ["0 1 XY", "0 5 Z"])
  }

  @Test("a style change is a change, with the same text")
  func styleChange() {
    let old = buffer(["abc"])
    var new = old
    new.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.attributes = .bold }
    let runs = Buffer.diff(from: old, to: new)
    #expect(summary(runs) == ["0 1 b"])
    #expect(runs[0].cells.first?.style.attributes == .bold)
  }

  @Test("a run that ends on a wide character includes its continuation, even when that is unchanged")
  func runEndsAfterWide() {
    // 日 -> 木: the left cells differ; the continuations (no text, same style) are equal.
    let runs = Buffer.diff(from: buffer(["日本"]), to: buffer(["木本"]))
    #expect(summary(runs) == ["0 0 木"])
    #expect(runs[0].columns == 0..<2)
  }

  @Test("a wide character replaced by two narrow ones is one run of both cells")
  func wideToNarrow() {
    let runs = Buffer.diff(from: buffer(["x日y"]), to: buffer(["xaby"]))
    #expect(summary(runs) == ["0 1 ab"])
    #expect(runs[0].columns == 1..<3)
  }

  @Test("a wide character moved one cell right is one run over its old and new cells")
  func wideMoved() {
    let runs = Buffer.diff(from: buffer(["日.."]), to: buffer([".日."]))
    #expect(summary(runs) == ["0 0 .日"])
    #expect(runs[0].columns == 0..<3)
  }

  @Test("changes on both sides of a wide character's unchanged continuation are one run")
  func runAcrossContinuation() {
    // 日 -> 木 leaves the continuation equal; the cell after it changes too: one run, not two.
    let runs = Buffer.diff(from: buffer(["日a"]), to: buffer(["木b"]))
    #expect(summary(runs) == ["0 0 木b"])
  }

  @Test("buffers of different sizes: every row of the new one, whole")
  func differentSizes() {
    let runs = Buffer.diff(from: buffer(["ab"]), to: buffer(["ab", "cd"], width: 3))
    #expect(summary(runs) == ["0 0 ab ", "1 0 cd "])
  }

  @Test("runs are slices of the new buffer, in row order, left to right")
  func runOrder() {
    let old = buffer(["....", "....", "...."])
    let new = buffer(["x..x", "....", ".xx."])
    let runs = Buffer.diff(from: old, to: new)
    #expect(summary(runs) == ["0 0 x", "0 3 x", "2 1 xx"])
    #expect(runs[2].cells.startIndex == 2 * 4 + 1)
  }

  @Test("random pairs: runs cover exactly the changed cells, in whole wide characters")
  func randomPairs() {
    let pieces = ["a", "b", "日", "本", "😀", "e\u{301}", " "]
    for seed in UInt64(1)...300 {
      var rng = SplitMix64(seed: seed)
      let width = rng.int(1...10)
      let height = rng.int(1...3)
      func random() -> Buffer {
        var b = Buffer(size: Size(width: width, height: height))
        for _ in 0..<rng.int(0...12) {
          let style: Style = rng.chance(30) ? .red : .plain
          b.write(rng.element(pieces), at: Point(x: rng.int(0...width), y: rng.int(0...height)), style: style)
        }
        return b
      }
      let old = random()
      let new = random()
      var covered = Array(repeating: false, count: width * height)
      var previousEnd = (row: -1, x: 0)
      for run in Buffer.diff(from: old, to: new) {
        #expect(!run.cells.isEmpty)
        #expect(!run.cells.first!.isContinuation, "seed \(seed): run starts on a continuation")
        #expect(run.cells.last!.width != 2, "seed \(seed): run ends on a wide character's left half")
        #expect(Array(run.cells) == Array(new.row(run.row)[(run.row * width + run.x)...].prefix(run.cells.count)))
        #expect(run.row > previousEnd.row || run.x > previousEnd.x, "seed \(seed): runs out of order")
        previousEnd = (run.row, run.columns.upperBound)
        for x in run.columns { covered[run.row * width + x] = true }
      }
      for y in 0..<height {
        for x in 0..<width where !covered[y * width + x] {
          #expect(old[x, y] == new[x, y], "seed \(seed): (\(x), \(y)) changed but is in no run")
        }
      }
    }
  }
}
