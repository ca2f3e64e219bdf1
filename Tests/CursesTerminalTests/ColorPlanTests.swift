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
    /// The started entry's colors and RGB.
    var colors: Int
    var direct: Bool
    var expected: ColorDepth?

    var testDescription: String {
      "--color \(choice) NO_COLOR=\(noColor ?? "unset") colors \(colors)" + (direct ? " RGB" : "")
        + " -> \(expected.map { "\($0)" } ?? "monochrome")"
    }
  }

  static let cases: [Case] = [
    // The common terminals.
    Case(choice: .auto, colors: 256, direct: false, expected: .xterm256),
    // An entry with RGB (TERM=xterm-direct, or the private one) takes only 24-bit values.
    Case(choice: .auto, colors: 0x100_0000, direct: true, expected: .trueColor),
    Case(choice: .auto, colors: 16, direct: false, expected: .ansi16),
    Case(choice: .auto, colors: 8, direct: false, expected: .ansi8),
    // No colors at all: monochrome, whatever was asked.
    Case(choice: .auto, colors: 0, direct: false, expected: nil),
    Case(choice: .always, colors: -1, direct: false, expected: nil),
    Case(choice: .palette256, colors: -1, direct: false, expected: nil),
    // NO_COLOR: any non-empty value turns color off under auto; empty counts as unset.
    Case(choice: .auto, noColor: "1", colors: 256, direct: false, expected: nil),
    Case(choice: .auto, noColor: "0", colors: 0x100_0000, direct: true, expected: nil),
    Case(choice: .auto, noColor: "", colors: 256, direct: false, expected: .xterm256),
    // --color always and a depth win over NO_COLOR; --color never over everything.
    Case(choice: .always, noColor: "1", colors: 256, direct: false, expected: .xterm256),
    Case(choice: .always, noColor: "1", colors: 0x100_0000, direct: true, expected: .trueColor),
    Case(choice: .basic16, noColor: "1", colors: 256, direct: false, expected: .ansi16),
    Case(choice: .never, colors: 0x100_0000, direct: true, expected: nil),
    // A forced depth the entry draws; one it cannot (its private entry could not be made): its own.
    Case(choice: .palette256, colors: 256, direct: false, expected: .xterm256),
    Case(choice: .basic16, colors: 256, direct: false, expected: .ansi16),
    Case(choice: .basic8, colors: 256, direct: false, expected: .ansi8),
    Case(choice: .palette256, colors: 8, direct: false, expected: .ansi8),
    Case(choice: .trueColor, colors: 256, direct: false, expected: .xterm256),
    Case(choice: .basic8, colors: 0x100_0000, direct: true, expected: .trueColor),
  ]

  @Test("the depth for each combination", arguments: cases)
  func depth(_ c: Case) {
    #expect(ColorPlan.depth(choice: c.choice, noColor: c.noColor, terminalColors: c.colors, directColor: c.direct) == c.expected)
  }

  @Test("a private entry is made for a depth the terminal's own entry cannot draw, and only then")
  func privateEntries() {
    func needed(_ choice: ColorChoice, _ signal: TrueColorSignal?, _ colors: Int, _ rgb: Bool, noColor: String? = nil)
      -> ColorDepth?
    {
      ColorPlan.entryNeeded(choice: choice, noColor: noColor, trueColor: signal, terminalColors: colors, directColor: rgb)
    }
    #expect(needed(.auto, .colorTerm, 256, false) == .trueColor)
    #expect(needed(.auto, .emulator("KITTY_WINDOW_ID"), 256, false) == .trueColor)
    #expect(needed(.auto, .terminfoRGB, 0x100_0000, true) == nil)
    #expect(needed(.auto, nil, 256, false) == nil)
    #expect(needed(.auto, .colorTerm, 256, false, noColor: "1") == nil)
    #expect(needed(.never, .colorTerm, 256, false) == nil)
    #expect(needed(.always, .colorTerm, 256, false, noColor: "1") == .trueColor)
    #expect(needed(.trueColor, nil, 256, false) == .trueColor)
    #expect(needed(.palette256, .colorTerm, 256, false) == nil)
    #expect(needed(.palette256, nil, 8, false) == .xterm256)
    #expect(needed(.palette256, nil, 0x100_0000, true) == .xterm256)
    #expect(needed(.basic16, nil, 8, false) == .ansi16)
    #expect(needed(.basic8, nil, -1, false) == .ansi8)
    #expect(needed(.basic8, nil, 256, false) == nil)
  }

  /// The environment of each terminal as it starts its shell (COLORTERM is what xterm leaves out).
  @Test("24-bit color: COLORTERM, terminfo RGB and Tc, -direct, then the emulators' variables, in that order")
  func trueColorSignals() {
    func signal(_ environment: [String: String], term: String = "xterm-256color", rgb: Bool = false, tc: Bool = false)
      -> TrueColorSignal?
    {
      ColorPlan.trueColorSignal(term: term, environment: environment, terminfoRGB: rgb, terminfoTc: tc)
    }
    #expect(signal([:]) == nil)
    #expect(signal(["COLORTERM": "truecolor"]) == .colorTerm)
    #expect(signal(["COLORTERM": "24bit", "VTE_VERSION": "7006"]) == .colorTerm)
    #expect(signal(["COLORTERM": "yes"]) == nil)
    #expect(signal([:], rgb: true) == .terminfoRGB)
    #expect(signal([:], tc: true) == .terminfoTc)
    #expect(signal([:], term: "xterm-direct") == .directTerm)
    #expect(signal([:], term: "xterm-direct2") == .directTerm)
    #expect(signal([:], term: "kitty-direct") == .directTerm)
    #expect(signal([:], term: "xterm-directory") == nil)
    #expect(signal(["XTERM_VERSION": "XTerm(379)"]) == .emulator("XTERM_VERSION"))
    #expect(signal(["XTERM_VERSION": "XTerm(330)"]) == nil, "before patch 331 xterm approximated 24-bit colors")
    #expect(signal(["VTE_VERSION": "7006"]) == .emulator("VTE_VERSION"))
    #expect(signal(["VTE_VERSION": "3405"]) == nil, "VTE 0.34 had no 24-bit color")
    #expect(signal(["KONSOLE_VERSION": "220401"]) == .emulator("KONSOLE_VERSION"))
    #expect(signal(["KITTY_WINDOW_ID": "1"]) == .emulator("KITTY_WINDOW_ID"))
    #expect(signal(["WEZTERM_PANE": "0"]) == .emulator("WEZTERM_PANE"))
    #expect(signal(["TERM_PROGRAM": "WezTerm"]) == .emulator("TERM_PROGRAM=WezTerm"))
    #expect(signal(["WT_SESSION": "a1b2"]) == .emulator("WT_SESSION"))
    #expect(signal(["TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.5.0"]) == .emulator("TERM_PROGRAM=iTerm.app"))
    #expect(signal(["TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "2.1.4"]) == nil)
    #expect(signal(["TERM_PROGRAM": "Apple_Terminal"]) == nil)
    #expect(signal(["KITTY_WINDOW_ID": ""]) == nil)
    // Inside GNU screen the emulator's variables are not believed; inside tmux they are.
    #expect(signal(["KITTY_WINDOW_ID": "1"], term: "screen-256color") == nil)
    #expect(signal(["KITTY_WINDOW_ID": "1", "TMUX": "/tmp/tmux-0/default,1,0"], term: "screen-256color") == .emulator("KITTY_WINDOW_ID"))
    #expect(signal(["VTE_VERSION": "7006"], term: "tmux-256color") == .emulator("VTE_VERSION"))
    #expect(signal(["COLORTERM": "truecolor"], term: "screen-256color") == .colorTerm)
  }

  @Test("--color takes the three choices and the four depths")
  func choices() {
    #expect(ColorChoice.allCases.map(\.rawValue) == ["auto", "always", "never", "truecolor", "256", "16", "8"])
    #expect(ColorChoice.allCases.compactMap(\.forcedDepth) == [.trueColor, .xterm256, .ansi16, .ansi8])
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
