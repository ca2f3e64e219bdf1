import Geometry
import TestSupport
import Testing

@testable import Canvas

private let esc = "\u{1B}"

/// A 4 x 2 buffer:
///
///     row 0   "ab" bold, red text    "c" plain    "d" on blue
///     row 1   "日" underlined, green text    "x" green    " " plain
private func sample() -> Buffer {
  var b = Buffer(size: Size(width: 4, height: 2))
  b.write("ab", at: Point(x: 0, y: 0), style: Style(foreground: .rgb(RGB(255, 0, 0)), attributes: .bold))
  b.write("c", at: Point(x: 2, y: 0))
  b.write("d", at: Point(x: 3, y: 0), style: Style(background: .rgb(RGB(0, 0, 255))))
  b.write("日", at: Point(x: 0, y: 1), style: Style(foreground: .rgb(RGB(0, 255, 0)), attributes: .underline))
  b.write("x", at: Point(x: 2, y: 1), style: Style(foreground: .rgb(RGB(0, 255, 0))))
  return b
}

/// Splits rendered text into its SGR parameter lists and its characters, replaying the SGR state the
/// way a terminal does, so the test can check what each character is drawn with.
private struct Replay {
  var text = ""
  var states: [Buffer.SGRState] = []
  var escapesOtherThanSGR = 0
  /// The state the line leaves the terminal in.
  var final = Buffer.SGRState.initial

  init(_ line: String) {
    var state = Buffer.SGRState.initial
    defer { final = state }
    var scalars = Array(line.unicodeScalars)[...]
    while let s = scalars.popFirst() {
      guard s == "\u{1B}" else {
        text.unicodeScalars.append(s)
        states.append(state)
        continue
      }
      guard scalars.popFirst() == "[" else {
        escapesOtherThanSGR += 1
        continue
      }
      var body = ""
      while let c = scalars.popFirst(), c != "m" {
        if !("0"..."9" ~= c || c == ";") { escapesOtherThanSGR += 1 }
        body.unicodeScalars.append(c)
      }
      Replay.apply(body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0)! }, to: &state)
    }
  }

  static func apply(_ parameters: [Int], to state: inout Buffer.SGRState) {
    var p = parameters[...]
    while let n = p.popFirst() {
      switch n {
      case 0: state = .initial
      case 1: state.attributes.insert(.bold)
      case 2: state.attributes.insert(.dim)
      case 3: state.attributes.insert(.italic)
      case 4: state.attributes.insert(.underline)
      case 7: state.attributes.insert(.reverse)
      case 22: state.attributes.subtract([.bold, .dim])
      case 23: state.attributes.remove(.italic)
      case 24: state.attributes.remove(.underline)
      case 27: state.attributes.remove(.reverse)
      case 30...37: state.foreground = .basic(n - 30)
      case 90...97: state.foreground = .basic(n - 90 + 8)
      case 40...47: state.background = .basic(n - 40)
      case 100...107: state.background = .basic(n - 100 + 8)
      case 39: state.foreground = .default
      case 49: state.background = .default
      case 38, 48:
        let color: Buffer.SGRState.Color
        if p.popFirst() == 5 {
          color = .indexed(p.popFirst()!)
        } else {
          color = .rgb(RGB(UInt8(p.popFirst()!), UInt8(p.popFirst()!), UInt8(p.popFirst()!)))
        }
        if n == 38 { state.foreground = color } else { state.background = color }
      default:
        Issue.record("unexpected SGR parameter \(n)")
      }
    }
  }
}

@Suite("Rendering a buffer as text: plain, attributes only, colors at each depth")
struct RenderTests {
  @Test("plain: the characters only, H lines of W cells, wide characters once")
  func plain() {
    #expect(sample().renderedLines(.plain) == ["abcd", "日x "])
    #expect(sample().rendered(.plain) == "abcd\n日x \n")
  }

  @Test("true color: 38;2 and 48;2, attributes 1 and 4, only what changes, a reset at a colored end")
  func trueColor() {
    #expect(
      sample().renderedLines(.colored(.trueColor)) == [
        "\(esc)[1;38;2;255;0;0mab\(esc)[0mc\(esc)[48;2;0;0;255md\(esc)[0m",
        "\(esc)[4;38;2;0;255;0m日\(esc)[24mx\(esc)[0m ",
      ])
  }

  @Test("256 colors: 38;5 and 48;5 with the nearest fixed palette entries")
  func xterm256() {
    #expect(
      sample().renderedLines(.colored(.xterm256)) == [
        "\(esc)[1;38;5;196mab\(esc)[0mc\(esc)[48;5;21md\(esc)[0m",
        "\(esc)[4;38;5;46m日\(esc)[24mx\(esc)[0m ",
      ])
  }

  @Test("16 colors: bright red 91, blue background 44, bright green 92")
  func ansi16() {
    #expect(
      sample().renderedLines(.colored(.ansi16)) == [
        "\(esc)[1;91mab\(esc)[0mc\(esc)[44md\(esc)[0m",
        "\(esc)[4;92m日\(esc)[24mx\(esc)[0m ",
      ])
  }

  @Test("8 colors: red 31, blue background 44, green 32")
  func ansi8() {
    #expect(
      sample().renderedLines(.colored(.ansi8)) == [
        "\(esc)[1;31mab\(esc)[0mc\(esc)[44md\(esc)[0m",
        "\(esc)[4;32m日\(esc)[24mx\(esc)[0m ",
      ])
  }

  @Test("attributes only (NO_COLOR): bold and underline, no colors, no reset where nothing is left set")
  func attributesOnly() {
    #expect(
      sample().renderedLines(.attributesOnly) == [
        "\(esc)[1mab\(esc)[0mcd",
        "\(esc)[4m日\(esc)[0mx ",
      ])
  }

  @Test("a row in the default style has no escape sequences in any mode")
  func plainRowHasNoEscapes() {
    var b = Buffer(size: Size(width: 3, height: 1))
    b.write("a日", at: .zero)
    for mode in [RenderMode.attributesOnly, .colored(.trueColor), .colored(.ansi8)] {
      #expect(b.renderedLines(mode) == ["a日"])
    }
  }

  @Test("one sequence for a run of equal styles; none between colors that map to the same code")
  func noRepeatedSequences() {
    var b = Buffer(size: Size(width: 4, height: 1))
    b.write("ab", at: .zero, style: Style(foreground: .rgb(RGB(255, 0, 0))))
    b.write("cd", at: Point(x: 2, y: 0), style: Style(foreground: .rgb(RGB(250, 10, 0))))
    #expect(b.renderedLines(.colored(.ansi16)) == ["\(esc)[91mabcd\(esc)[0m"])
    #expect(
      b.renderedLines(.colored(.trueColor)) == ["\(esc)[38;2;255;0;0mab\(esc)[38;2;250;10;0mcd\(esc)[0m"])
  }

  @Test("bold and dim share their off code 22: the one that stays is set again, or a shorter reset is used")
  func boldAndDim() {
    func line(_ first: Attributes, _ second: Attributes, _ color: CellColor = .default) -> String {
      var b = Buffer(size: Size(width: 2, height: 1))
      b.write("a", at: .zero, style: Style(foreground: color, attributes: first))
      b.write("b", at: Point(x: 1, y: 0), style: Style(foreground: color, attributes: second))
      return b.renderedLines(.colored(.trueColor))[0]
    }
    #expect(line(.bold, .dim) == "\(esc)[1ma\(esc)[0;2mb\(esc)[0m")
    #expect(line([.bold, .dim], .bold) == "\(esc)[1;2ma\(esc)[0;1mb\(esc)[0m")
    let red = CellColor.rgb(RGB(255, 0, 0))
    #expect(line(.bold, .dim, red) == "\(esc)[1;38;2;255;0;0ma\(esc)[22;2mb\(esc)[0m")
    #expect(line([.italic, .reverse], .italic, red) == "\(esc)[3;7;38;2;255;0;0ma\(esc)[27mb\(esc)[0m")
  }

  @Test("random buffers: every escape is SGR, the text is the plain rendering, each cell's state is its style")
  func randomReplay() {
    let colors: [CellColor] = [
      .default, .rgb(RGB(255, 0, 0)), .rgb(RGB(250, 5, 5)), .rgb(RGB(0, 0, 238)), .rgb(RGB(30, 200, 90)),
    ]
    let attributeSets: [Attributes] = [
      [], .bold, .dim, [.bold, .dim], [.italic, .underline], .reverse, [.bold, .reverse],
    ]
    let modes: [RenderMode] = [.attributesOnly] + ColorDepth.allCases.map { .colored($0) }
    for seed in UInt64(1)...100 {
      var rng = SplitMix64(seed: seed)
      var b = Buffer(size: Size(width: rng.int(1...10), height: rng.int(1...3)))
      for _ in 0..<rng.int(0...15) {
        let style = Style(
          foreground: rng.element(colors), background: rng.element(colors), attributes: rng.element(attributeSets))
        b.write(
          rng.element(["a", "日", "xy", "\u{1B}[0m"]), at: Point(x: rng.int(0...b.width), y: rng.int(0...b.height)),
          style: style)
      }
      let plain = b.renderedLines(.plain)
      for mode in modes {
        for (y, line) in b.renderedLines(mode).enumerated() {
          let replay = Replay(line)
          #expect(replay.escapesOtherThanSGR == 0, "seed \(seed), \(mode)")
          #expect(replay.text == plain[y], "seed \(seed), \(mode)")
          let expected = b.row(y).filter { !$0.isContinuation }.map { Buffer.SGRState($0.style, mode) }
          #expect(replay.states == expected, "seed \(seed), \(mode), row \(y)")
          #expect(replay.final == .initial, "seed \(seed), \(mode), row \(y): the line leaves a style set")
        }
      }
    }
  }
}
