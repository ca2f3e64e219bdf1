import Canvas
import CursesTerminal
import Geometry
import Testing

/// How `--color`, `NO_COLOR`, `COLORTERM` and the terminal's description choose the colors.
@Suite("Color choices")
struct ColorPlanTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var choice: ColorChoice
    var noColor: String?
    var colorTerm: String?
    var colors: Int
    var direct: Bool
    var expected: ColorDepth?

    var testDescription: String {
      "--color \(choice) NO_COLOR=\(noColor ?? "unset") COLORTERM=\(colorTerm ?? "unset") colors \(colors)"
        + (direct ? " RGB" : "") + " -> \(expected.map { "\($0)" } ?? "monochrome")"
    }
  }

  static let cases: [Case] = [
    // The common terminals.
    Case(choice: .auto, colors: 256, direct: false, expected: .xterm256),
    Case(choice: .auto, colorTerm: "truecolor", colors: 256, direct: true, expected: .trueColor),
    Case(choice: .auto, colorTerm: "24bit", colors: 256, direct: true, expected: .trueColor),
    // COLORTERM says 24-bit but no entry takes RGB values (tic failed): 256.
    Case(choice: .auto, colorTerm: "truecolor", colors: 256, direct: false, expected: .xterm256),
    // An entry with RGB (TERM=xterm-direct) takes only 24-bit values, COLORTERM or not.
    Case(choice: .auto, colors: 0x100_0000, direct: true, expected: .trueColor),
    Case(choice: .auto, colorTerm: "yes", colors: 256, direct: false, expected: .xterm256),
    Case(choice: .auto, colors: 16, direct: false, expected: .ansi16),
    Case(choice: .auto, colors: 8, direct: false, expected: .ansi8),
    // No colors at all: monochrome, whatever was asked.
    Case(choice: .auto, colors: 0, direct: false, expected: nil),
    Case(choice: .always, colors: -1, direct: false, expected: nil),
    // NO_COLOR: any non-empty value turns color off under auto; empty counts as unset.
    Case(choice: .auto, noColor: "1", colors: 256, direct: false, expected: nil),
    Case(choice: .auto, noColor: "0", colorTerm: "truecolor", colors: 256, direct: true, expected: nil),
    Case(choice: .auto, noColor: "", colors: 256, direct: false, expected: .xterm256),
    // --color always wins over NO_COLOR; --color never over everything.
    Case(choice: .always, noColor: "1", colors: 256, direct: false, expected: .xterm256),
    Case(choice: .always, noColor: "1", colorTerm: "truecolor", colors: 256, direct: true, expected: .trueColor),
    Case(choice: .never, colorTerm: "truecolor", colors: 256, direct: true, expected: nil),
  ]

  @Test("the depth for each combination", arguments: cases)
  func depth(_ c: Case) {
    #expect(
      ColorPlan.depth(
        choice: c.choice, noColor: c.noColor, colorTerm: c.colorTerm, terminalColors: c.colors, directColor: c.direct)
        == c.expected)
  }

  @Test("24-bit color is tried only when allowed and announced")
  func wantsTrueColor() {
    #expect(ColorPlan.wantsTrueColor(choice: .auto, noColor: nil, colorTerm: "truecolor"))
    #expect(!ColorPlan.wantsTrueColor(choice: .auto, noColor: "1", colorTerm: "truecolor"))
    #expect(!ColorPlan.wantsTrueColor(choice: .never, noColor: nil, colorTerm: "24bit"))
    #expect(!ColorPlan.wantsTrueColor(choice: .always, noColor: nil, colorTerm: nil))
  }

  @Test("colors become ncurses color numbers at each depth; the terminal's own color is -1")
  func colorNumbers() {
    let orange = CellColor.rgb(RGB(255, 128, 0))
    #expect(ColorPlan.colorNumber(.default, depth: .trueColor) == -1)
    #expect(ColorPlan.colorNumber(.default, depth: .ansi8) == -1)
    #expect(ColorPlan.colorNumber(orange, depth: .trueColor) == 0xFF8000)
    #expect(ColorPlan.colorNumber(orange, depth: .xterm256) == 208)
    #expect(ColorPlan.colorNumber(orange, depth: .ansi16) == Int32(XtermPalette.nearest16(RGB(255, 128, 0))))
    #expect(ColorPlan.colorNumber(orange, depth: .ansi8) == Int32(XtermPalette.nearest8(RGB(255, 128, 0))))
  }

  @Test("direct values below 256 would name palette entries, so green becomes 1 there and only there")
  func smallDirectValues() {
    #expect(ColorPlan.directValue(RGB(0, 0, 0)) == 0x000100)
    #expect(ColorPlan.directValue(RGB(0, 0, 255)) == 0x0001FF)
    #expect(ColorPlan.directValue(RGB(0, 1, 0)) == 0x000100)
    #expect(ColorPlan.directValue(RGB(1, 0, 0)) == 0x010000)
    #expect(ColorPlan.directValue(RGB(0, 2, 3)) == 0x000203)
    for value in stride(from: 0, through: 0xFF_FFFF, by: 0x1_0101) {
      let rgb = RGB(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
      #expect(ColorPlan.directValue(rgb) >= 256)
    }
  }
}
