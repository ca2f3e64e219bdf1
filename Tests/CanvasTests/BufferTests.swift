import Geometry
import TestSupport
import Testing

@testable import Canvas

extension Style {
  static let red = Style(foreground: .rgb(RGB(255, 0, 0)))
  static let blue = Style(background: .rgb(RGB(0, 0, 255)))
  static let shadow = Style(background: .rgb(RGB(40, 40, 40)))
}

/// One character per cell: `.` plain, `r` red, `b` blue, `s` shadow, `?` anything else; a continuation
/// cell shows its wide character's letter too (the invariant says it has the same style).
private func stylePicture(_ buffer: Buffer) -> [String] {
  (0..<buffer.height).map { y in
    String(
      buffer.row(y).map { cell -> Character in
        switch cell.style {
        case .plain: "."
        case .red: "r"
        case .blue: "b"
        case .shadow: "s"
        default: "?"
        }
      })
  }
}

/// Checks the wide-character invariant on every row; returns the first violation.
private func invariantViolation(_ buffer: Buffer) -> String? {
  for y in 0..<buffer.height {
    for x in 0..<buffer.width {
      let cell = buffer[x, y]
      switch cell.width {
      case 2:
        guard x + 1 < buffer.width else { return "wide cell at the row's end (\(x), \(y))" }
        let next = buffer[x + 1, y]
        if !next.isContinuation { return "wide cell at (\(x), \(y)) not followed by a continuation" }
        if next.style != cell.style { return "continuation at (\(x + 1), \(y)) has another style" }
      case 0:
        if x == 0 || buffer[x - 1, y].width != 2 { return "orphaned continuation at (\(x), \(y))" }
      case 1:
        break
      default:
        return "width \(cell.width) at (\(x), \(y))"
      }
    }
  }
  return nil
}

private func blank(_ width: Int, _ height: Int) -> Buffer { Buffer(size: Size(width: width, height: height)) }

@Suite("Buffer: fill, write, clip, restyle")
struct BufferTests {
  @Test("a new buffer is blank: spaces in the default style, each line exactly W cells")
  func newBufferIsBlank() {
    let b = blank(3, 2)
    #expect(b.lines == ["   ", "   "])
    #expect(b[Point(x: 2, y: 1)] == Cell.blank)
    #expect(b.cells.count == 6)
    #expect(blank(-2, 4).size == Size(width: 0, height: 4))
  }

  @Test("fill covers its rectangle and nothing else")
  func fill() {
    var b = blank(6, 4)
    b.fill(Rect(x: 1, y: 1, width: 3, height: 2), with: "#", style: .red)
    #expect(
      b.lines == [
        "      ",
        " ###  ",
        " ###  ",
        "      ",
      ])
    #expect(stylePicture(b)[1] == ".rrr..")
  }

  @Test("fill clips at every edge of the buffer")
  func fillClipsAtEdges() {
    var b = blank(4, 3)
    b.fill(Rect(x: -2, y: -1, width: 4, height: 2), with: "a")
    b.fill(Rect(x: 3, y: 2, width: 5, height: 5), with: "b")
    b.fill(Rect(x: 10, y: 0, width: 2, height: 2), with: "c")
    #expect(
      b.lines == [
        "aa  ",
        "    ",
        "   b",
      ])
  }

  @Test("fill clips at the clip rectangle")
  func fillClipsAtClipRect() {
    var b = blank(6, 3)
    b.fill(b.bounds, with: "x", clip: Rect(x: 1, y: 1, width: 3, height: 5))
    #expect(
      b.lines == [
        "      ",
        " xxx  ",
        " xxx  ",
      ])
  }

  @Test("fill with a wide character fills pairs, and a space the odd last cell")
  func fillWide() {
    var b = blank(7, 2)
    b.fill(b.bounds, with: ".")
    b.fill(Rect(x: 0, y: 0, width: 4, height: 1), with: "日")
    b.fill(Rect(x: 0, y: 1, width: 5, height: 1), with: "日")
    #expect(
      b.lines == [
        "日日...",
        "日日 ..",
      ])
    #expect(invariantViolation(b) == nil)
  }

  @Test("fill with a control character fills its Control Picture; with a ZWJ sequence, its first part")
  func fillSanitizes() {
    var b = blank(3, 1)
    b.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: "\u{1B}")
    b.fill(Rect(x: 1, y: 0, width: 2, height: 1), with: "👩‍💻")
    #expect(b.lines == ["␛👩"])
  }

  @Test("fill over one half of a wide character turns its other half into a space")
  func fillBreaksWide() {
    var b = blank(6, 1)
    b.write("日本語", at: Point(x: 0, y: 0), style: .red)
    b.fill(Rect(x: 1, y: 0, width: 2, height: 1), with: "-", style: .blue)
    #expect(b.lines == [" -- 語"])
    #expect(stylePicture(b) == ["rbbrrr"])
    #expect(invariantViolation(b) == nil)
  }

  @Test("clear fills everything with spaces of a style")
  func clear() {
    var b = blank(3, 1)
    b.write("日x", at: .zero)
    b.clear(style: .blue)
    #expect(b.lines == ["   "])
    #expect(stylePicture(b) == ["bbb"])
  }

  @Test("write puts text on one row and returns the column after it")
  func write() {
    var b = blank(8, 2)
    let end = b.write("Hi 日", at: Point(x: 1, y: 1), style: .red)
    #expect(end == 6)
    #expect(b.lines == ["        ", " Hi 日  "])
    #expect(stylePicture(b) == ["........", ".rrrrr.."])
    #expect(b[4, 1].width == 2)
    #expect(b[5, 1].isContinuation)
  }

  @Test("write clips at the left edge: text starting left of the buffer shows its tail")
  func writeClipsLeft() {
    var b = blank(5, 1)
    #expect(b.write("abcdef", at: Point(x: -3, y: 0)) == 3)
    #expect(b.lines == ["def  "])
  }

  @Test("write clips at the right edge and still returns the column after the whole text")
  func writeClipsRight() {
    var b = blank(5, 1)
    #expect(b.write("abcdef", at: Point(x: 2, y: 0)) == 8)
    #expect(b.lines == ["  abc"])
  }

  @Test("write on a row above or below the buffer draws nothing")
  func writeClipsTopAndBottom() {
    var b = blank(3, 2)
    #expect(b.write("abc", at: Point(x: 0, y: -1)) == 3)
    #expect(b.write("abc", at: Point(x: 0, y: 2)) == 3)
    #expect(b == blank(3, 2))
  }

  @Test("write clips at the clip rectangle on every side")
  func writeClipsAtClipRect() {
    var b = blank(8, 3)
    let clip = Rect(x: 2, y: 1, width: 4, height: 1)
    b.write("abcdefgh", at: Point(x: 0, y: 0), clip: clip)
    b.write("abcdefgh", at: Point(x: 0, y: 1), clip: clip)
    b.write("abcdefgh", at: Point(x: 0, y: 2), clip: clip)
    #expect(
      b.lines == [
        "        ",
        "  cdef  ",
        "        ",
      ])
  }

  @Test("maxWidth limits the text; the end is at most origin + maxWidth")
  func writeMaxWidth() {
    var b = blank(8, 1)
    #expect(b.write("abcdef", at: Point(x: 1, y: 0), maxWidth: 3) == 4)
    #expect(b.write("xy", at: Point(x: 5, y: 0), maxWidth: 0) == 5)
    #expect(b.lines == [" abc    "])
  }

  @Test("overflow .ellipsis ends text wider than maxWidth with …")
  func writeEllipsis() {
    var b = blank(10, 3)
    #expect(b.write("Favorites", at: Point(x: 0, y: 0), maxWidth: 6, overflow: .ellipsis) == 6)
    #expect(b.write("Fits", at: Point(x: 0, y: 1), maxWidth: 4, overflow: .ellipsis) == 4)
    #expect(b.write("日本語", at: Point(x: 0, y: 2), maxWidth: 4, overflow: .ellipsis) == 4)
    #expect(
      b.lines == [
        "Favor…    ",
        "Fits      ",
        "日…       ",
      ])
  }

  @Test("write of a DisplayText matches write of its string, with the same truncation")
  func writeDisplayText() {
    var a = blank(9, 2)
    var b = blank(9, 2)
    for (y, s) in ["日本語 title", "Cafe\u{301} \u{1B}x"].enumerated() {
      let endA = a.write(s, at: Point(x: 1, y: y), style: .red, maxWidth: 7, overflow: .ellipsis)
      let endB = b.write(DisplayText(s), at: Point(x: 1, y: y), style: .red, maxWidth: 7, overflow: .ellipsis)
      #expect(endA == endB)
    }
    #expect(a == b)
    #expect(a.lines == [" 日本語… ", " Cafe\u{301} ␛x "])
  }

  @Test("write centered: the middle row, the odd cell to the right, … when too wide")
  func writeCentered() {
    var b = blank(9, 4)
    b.write("abc", centeredIn: Rect(x: 0, y: 0, width: 8, height: 3))
    b.write("long title", centeredIn: Rect(x: 1, y: 3, width: 7, height: 1))
    #expect(
      b.lines == [
        "         ",
        "  abc    ",
        "         ",
        " long t… ",
      ])
  }

  @Test("controls and escape sequences in text are written as their placeholders")
  func writePlaceholders() {
    var b = blank(12, 1)
    b.write("\u{1B}[31mA\tB\u{9B}", at: .zero)
    #expect(b.lines == ["␛[31mA␉B�   "])
  }

  @Test("a wide character whose right half falls outside the buffer becomes a space")
  func wideAtRightEdge() {
    var b = blank(5, 1)
    #expect(b.write("ab日", at: Point(x: 2, y: 0), style: .red) == 6)
    #expect(b.lines == ["  ab "])
    #expect(stylePicture(b) == ["..rrr"])
    #expect(invariantViolation(b) == nil)
  }

  @Test("a wide character whose left half falls left of the buffer leaves a space in its right half")
  func wideAtLeftEdge() {
    var b = blank(4, 1)
    b.write("日本x", at: Point(x: -1, y: 0), style: .red)
    #expect(b.lines == [" 本x"])
    #expect(stylePicture(b) == ["rrrr"])
    #expect(invariantViolation(b) == nil)
  }

  @Test("a wide character cut by the clip rectangle becomes a space on the inside")
  func wideAtClipEdges() {
    var b = blank(8, 1)
    b.fill(b.bounds, with: ".")
    b.write("日本語", at: Point(x: 1, y: 0), clip: Rect(x: 2, y: 0, width: 4, height: 1))
    #expect(b.lines == [".. 本 .."])
    #expect(invariantViolation(b) == nil)
  }

  @Test("a wide character cut by maxWidth leaves a space in the last cell")
  func wideAtMaxWidth() {
    var b = blank(6, 1)
    b.fill(b.bounds, with: ".")
    #expect(b.write("a日", at: .zero, maxWidth: 2) == 2)
    #expect(b.lines == ["a ...."])
  }

  @Test("writing over the left half of a wide character turns its right half into a space")
  func overwriteLeftHalf() {
    var b = blank(4, 1)
    b.write("日本", at: .zero, style: .red)
    b.write("x", at: Point(x: 2, y: 0), style: .blue)
    #expect(b.lines == ["日x "])
    #expect(stylePicture(b) == ["rrbr"])
    #expect(invariantViolation(b) == nil)
  }

  @Test("writing over the right half of a wide character turns its left half into a space")
  func overwriteRightHalf() {
    var b = blank(4, 1)
    b.write("日本", at: .zero, style: .red)
    b.write("x", at: Point(x: 1, y: 0), style: .blue)
    #expect(b.lines == [" x本"])
    #expect(stylePicture(b) == ["rbrr"])
    #expect(invariantViolation(b) == nil)
  }

  @Test("a wide character over the halves of two others breaks both")
  func overwriteTwoHalves() {
    var b = blank(6, 1)
    b.write("日本語", at: .zero)
    b.write("木", at: Point(x: 1, y: 0))
    #expect(b.lines == [" 木 語"])
    #expect(invariantViolation(b) == nil)
  }

  @Test("the other half of a broken wide character changes even outside the clip")
  func brokenHalfOutsideClip() {
    var b = blank(4, 1)
    b.write("日本", at: .zero)
    b.write("xy", at: Point(x: 1, y: 0), clip: Rect(x: 1, y: 0, width: 2, height: 1))
    #expect(b.lines == [" xy "])
    #expect(invariantViolation(b) == nil)
  }

  @Test("the picture in Buffer's documentation: halves broken by a write and by a clipped wide character")
  func documentationPicture() {
    var b = blank(4, 1)
    b.write("日本", at: .zero)
    b.write("x", at: Point(x: 1, y: 0))
    #expect(b.lines == [" x本"])
    b.write("日", at: Point(x: 3, y: 0), clip: Rect(x: 0, y: 0, width: 4, height: 1))
    #expect(b.lines == [" x  "])
    #expect(invariantViolation(b) == nil)
  }

  @Test("restyle transforms the styles in a rectangle and keeps the text")
  func restyle() {
    var b = blank(5, 3)
    b.fill(Rect(x: 0, y: 0, width: 3, height: 2), with: "#", style: .red)
    // A drop shadow: one column right of the tile and one row below it, offset by one.
    b.restyle(Rect(x: 3, y: 1, width: 1, height: 2)) { $0 = .shadow }
    b.restyle(Rect(x: 1, y: 2, width: 2, height: 1)) { $0.background = Style.shadow.background }
    #expect(b.lines == ["###  ", "###  ", "     "])
    #expect(stylePicture(b) == ["rrr..", "rrrs.", ".sss."])
  }

  @Test("restyle clips at the buffer and the clip rectangle")
  func restyleClips() {
    var b = blank(4, 2)
    b.restyle(Rect(x: -5, y: -5, width: 20, height: 20), clip: Rect(x: 1, y: 1, width: 2, height: 9)) { $0 = .red }
    #expect(stylePicture(b) == ["....", ".rr."])
  }

  @Test("restyle over one half of a wide character restyles the whole character")
  func restyleWide() {
    var b = blank(6, 1)
    b.write("日本語", at: .zero)
    b.restyle(Rect(x: 1, y: 0, width: 3, height: 1)) { $0 = .red }
    #expect(stylePicture(b) == ["rrrr.."])
    #expect(b.lines == ["日本語"])
    #expect(invariantViolation(b) == nil)
  }

  @Test("equality compares every cell's text, width and style")
  func equality() {
    var a = blank(3, 1)
    var b = blank(3, 1)
    a.write("a", at: .zero)
    b.write("a", at: .zero, style: .red)
    #expect(a != b)
    b.write("a", at: .zero)
    #expect(a == b)
    #expect(blank(3, 1) != blank(1, 3))
  }

  @Test("random writes, fills and restyles keep the invariant: every wide cell has its continuation")
  func randomInvariant() {
    let texts = [
      "abc", "日本語", "a日b本", "👩‍💻x", "e\u{301}日", "\u{1B}[1m", "한국어", "🇺🇸", "x", "語", "ｶﾀ日",
    ]
    let fills: [Character] = [" ", "#", "日", "😀", "\u{7}"]
    let styles = [Style.plain, .red, .blue, .shadow]
    for seed in UInt64(1)...200 {
      var rng = SplitMix64(seed: seed)
      var b = blank(rng.int(1...12), rng.int(1...4))
      for step in 0..<40 {
        let clip: Rect? =
          rng.chance(40)
          ? Rect(x: rng.int(-2...10), y: rng.int(-1...3), width: rng.int(0...8), height: rng.int(0...4)) : nil
        let style = rng.element(styles)
        switch rng.int(0...3) {
        case 0:
          let rect = Rect(x: rng.int(-3...11), y: rng.int(-2...4), width: rng.int(0...8), height: rng.int(0...3))
          b.fill(rect, with: rng.element(fills), style: style, clip: clip)
        case 1:
          let rect = Rect(x: rng.int(-3...11), y: rng.int(-2...4), width: rng.int(0...8), height: rng.int(0...3))
          b.restyle(rect, clip: clip) { $0 = style }
        default:
          let overflow: Buffer.Overflow = rng.chance(50) ? .clip : .ellipsis
          b.write(
            rng.element(texts), at: Point(x: rng.int(-4...12), y: rng.int(-1...4)), style: style,
            maxWidth: rng.int(0...9), overflow: overflow, clip: clip)
        }
        if let violation = invariantViolation(b) {
          Issue.record("seed \(seed), step \(step): \(violation)")
          break
        }
        #expect(b.lines.allSatisfy { DisplayText.width(of: $0) == b.width }, "seed \(seed), step \(step)")
      }
    }
  }
}
