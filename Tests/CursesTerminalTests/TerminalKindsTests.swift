import CursesTerminal
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The editor on terminals of every kind, on a pseudo-terminal this test holds the other end of: which
/// are refused untouched, how one without an alternate screen is left, synchronized output, bracketed
/// paste, the older mouse encodings, and how the colors are chosen when COLORTERM is not passed.
@Suite("Terminals of every kind")
struct TerminalKindsTests {
  let directory: TemporaryDirectory
  let binary: String

  init() throws {
    directory = try TemporaryDirectory()
    binary = try TileGrid.binary()
  }

  static let esc = "\u{1B}"
  /// The TERMs the editor draws on.
  static let drawable = ["xterm-256color", "screen-256color", "tmux-256color", "xterm", "linux", "vt100", "rxvt-unicode"]

  func demoFile() throws -> String {
    try directory.write("tiles.json", try TileGrid.run(["demo"]).stdout)
  }

  func start(
    _ arguments: [String], term: String, environment: [String: String] = [:], stderrOnTerminal: Bool = false
  ) throws -> PseudoTerminalProcess {
    try PseudoTerminalProcess(
      binary, arguments, environment: PseudoTerminalProcess.environment(environment.merging(["TERM": term]) { $1 }),
      width: 80, height: 24, directory: directory.path,
      stderr: stderrOnTerminal ? .terminal : .file(directory.file("stderr")))
  }

  var stderrText: String { (try? String(contentsOfFile: directory.file("stderr"), encoding: .utf8)) ?? "" }

  static func has(_ text: String, _ output: [UInt8], from: Int = 0) -> Bool {
    PseudoTerminalProcess.find(Array(text.utf8), in: output, from: from) != nil
  }

  /// Compiles terminfo `source` into a directory for `TERMINFO`.
  func compileTerminfo(_ source: String) throws -> String {
    let terminfo = directory.file("terminfo")
    try FileManager.default.createDirectory(atPath: terminfo, withIntermediateDirectories: true)
    let file = try directory.write("entry-\(source.hashValue).src", source)
    let tic = Process()
    tic.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    tic.arguments = ["tic", "-x", "-o", terminfo, file]
    try tic.run()
    tic.waitUntilExit()
    try #require(tic.terminationStatus == 0, "tic failed on \(source)")
    return terminfo
  }

  /// Quits with q and expects a clean exit.
  func quit(_ process: PseudoTerminalProcess, sourceLocation: SourceLocation = #_sourceLocation) {
    process.write("q")
    #expect(process.waitForEnd() == .exited(0), "stderr: \(stderrText)", sourceLocation: sourceLocation)
  }

  // MARK: - Which terminals

  @Test("what each terminfo entry says: cursor addressing, alternate screen, mouse, colors")
  func descriptions() throws {
    func read(_ term: String) throws -> TerminalDescription { try #require(TerminalDescription.read(term, fd: 2), "\(term)") }
    for term in ["xterm-256color", "screen-256color", "tmux-256color", "xterm", "rxvt-unicode"] {
      let description = try read(term)
      #expect(description.missing.isEmpty && description.alternateScreen && description.mouseAvailable, "\(term)")
    }
    #expect(try read("xterm-256color").colors == 256)
    #expect(try read("xterm").colors == 8)
    let linux = try read("linux")
    #expect(linux.missing.isEmpty && !linux.alternateScreen && !linux.mouseAvailable)
    let vt100 = try read("vt100")
    #expect(vt100.missing.isEmpty && !vt100.alternateScreen && !vt100.mouseAvailable && vt100.colors < 8)
    #expect(vt100.clear == "\u{1B}[H\u{1B}[J", "the padding is left out")
    #expect(try read("dumb").missing == ["cup", "clear"])
    #expect(TerminalDescription.read("no-such-terminal", fd: 2) == nil)
  }

  @Test("motion where cursor addressing goes beyond the basic; not on the console, vt100, vt220 or ansi")
  func motionWhereItShows() throws {
    func read(_ term: String) throws -> TerminalDescription { try #require(TerminalDescription.read(term, fd: 2), "\(term)") }
    for term in ["xterm-256color", "screen-256color", "tmux-256color", "xterm", "rxvt-unicode"] {
      #expect(try read(term).motionAvailable, "\(term)")
    }
    for term in ["linux", "vt100", "vt220", "ansi"] {
      #expect(try !read(term).motionAvailable, "\(term)")
    }
  }

  @Test(
    "TERM=dumb, and entries without cup or clear, are refused like an unknown TERM: one line, exit 69, nothing else",
    arguments: ["dumb", "tg-nocup", "tg-noclear", "no-such-terminal"])
  func refused(term: String) throws {
    let terminfo = try compileTerminfo(
      "tg-nocup|xterm-256color without cup,\n\tcup@, use=xterm-256color,\n"
        + "tg-noclear|xterm-256color without clear,\n\tclear@, use=xterm-256color,\n")
    let process = try start([try demoFile()], term: term, environment: ["TERMINFO": terminfo], stderrOnTerminal: true)
    #expect(process.waitForEnd() == .exited(69))
    let text = String(decoding: process.output, as: UTF8.self)
    #expect(text.hasPrefix("tilegrid: cannot use the terminal: the terminal type '\(term)' "), "\(text.debugDescription)")
    #expect(text.hasSuffix("\r\n") && text.dropLast(2).allSatisfy { $0 != "\n" && $0 != "\r" }, "one line")
    #expect(!process.output.contains(0x1B), "nothing but the line reached the terminal: \(process.text())")
    if term != "no-such-terminal" {
      let missing = term == "tg-noclear" ? "'clear'" : "'cup'"
      #expect(text.contains("cannot move the cursor and clear the screen (its terminfo entry has no \(missing)"))
    }
    let flags = tcflag_t(ICANON | ECHO | ISIG)
    #expect(process.modes().c_lflag & flags == flags, "the terminal's modes are untouched")
  }

  @Test("every other TERM draws the editor and quits cleanly", arguments: drawable)
  func drawn(term: String) throws {
    let process = try start([try demoFile()], term: term)
    #expect(process.wait(for: "READY"), "\(term): \(process.text())")
    #expect(process.wait(for: "tiles.json"))
    quit(process)
    let flags = tcflag_t(ICANON | ECHO | ISIG)
    #expect(process.modes().c_lflag & flags == flags)
  }

  @Test(
    "without an alternate screen (vt100, linux) the screen is cleared last; with one, rmcup and no clear",
    arguments: ["vt100", "linux", "xterm-256color", "screen-256color"])
  func leftClean(term: String) throws {
    let process = try start([try demoFile()], term: term)
    #expect(process.wait(for: "READY"))
    let mark = process.output.count
    quit(process)
    let after = String(decoding: process.output[mark...], as: UTF8.self)
    if term == "vt100" || term == "linux" {
      #expect(after.hasSuffix("\(Self.esc)[H\(Self.esc)[J"), "\(term): \(after.debugDescription)")
      #expect(!Self.has("\(Self.esc)[?1049h", process.output))
    } else {
      #expect(Self.has("\(Self.esc)[?1049l", process.output, from: mark))
      #expect(!after.contains("\(Self.esc)[H\(Self.esc)[J") && !after.contains("\(Self.esc)[H\(Self.esc)[2J"))
    }
  }

  // MARK: - Synchronized output

  /// Starts the editor and waits for its question about mode 2026.
  func startAsked(term: String = "xterm-256color") throws -> PseudoTerminalProcess {
    let process = try start([try demoFile()], term: term)
    #expect(process.wait(for: "READY"))
    #expect(process.wait(for: "\(Self.esc)[?2026$p"), "the question: \(process.text())")
    return process
  }

  /// Moves the focus right (from blue to red, the first time) and returns the bytes of the frame that
  /// follows (after the NUL padding that measures the terminal's pace once after the first frame,
  /// `CursesTerminal.probePace`, if it was not all read yet: it goes before any later frame).
  func frameAfterRight(_ process: PseudoTerminalProcess, synchronized: Bool) -> String {
    let mark = process.output.count
    process.write("\(Self.esc)[C")
    if synchronized {
      #expect(process.wait(for: "\(Self.esc)[?2026l", after: mark), "\(process.text(from: mark))")
    } else {
      #expect(process.wait(for: "Favorites 2 of 5", after: mark), "\(process.text(from: mark))")
    }
    return String(decoding: process.output[mark...].drop { $0 == 0 }, as: UTF8.self)
  }

  @Test("a terminal that knows mode 2026 gets every frame between its marks (the answer may come in pieces)")
  func synchronized() throws {
    let process = try startAsked()
    process.write("\(Self.esc)[?20")
    process.write("26;2$y")
    // The editor reads the answer as input it ignores: the next frame comes from a key.
    var frame = frameAfterRight(process, synchronized: true)
    #expect(frame.hasPrefix("\(Self.esc)[?2026h"), "\(frame.debugDescription)")
    #expect(frame.hasSuffix("\(Self.esc)[?2026l"), "\(frame.debugDescription)")
    #expect(frame.components(separatedBy: "\(Self.esc)[?2026h").count == 2, "one frame, one pair of marks")
    frame = frameAfterRight(process, synchronized: true)
    #expect(frame.hasPrefix("\(Self.esc)[?2026h") && frame.hasSuffix("\(Self.esc)[?2026l"))
    let mark = process.output.count
    quit(process)
    #expect(Self.has("\(Self.esc)[?2026l", process.output, from: mark), "turned off at exit")
  }

  @Test(
    "a terminal that does not know mode 2026 (answer 0 or 4, or none) gets no marks",
    arguments: ["\u{1B}[?2026;0$y", "\u{1B}[?2026;4$y", ""])
  func notSynchronized(answer: String) throws {
    let process = try startAsked()
    if !answer.isEmpty { process.write(answer) }
    let frame = frameAfterRight(process, synchronized: false)
    #expect(!frame.contains("\(Self.esc)[?2026h"), "\(frame.debugDescription)")
    quit(process)
    #expect(!Self.has("\(Self.esc)[?2026h", process.output))
  }

  @Test("the Linux console and vt100 are not asked (they would print the question)", arguments: ["linux", "vt100"])
  func notAsked(term: String) throws {
    let process = try start([try demoFile()], term: term)
    #expect(process.wait(for: "READY"))
    quit(process)
    #expect(!Self.has("$p", process.output))
  }

  // MARK: - Bracketed paste

  @Test("bracketed paste is on while the editor runs; pasted text is not typed (a pasted q does not quit)")
  func pasteIsNotTyped() throws {
    let process = try start([try demoFile()], term: "xterm-256color")
    #expect(process.wait(for: "READY"))
    #expect(Self.has("\(Self.esc)[?2004h", process.output))
    process.write("\(Self.esc)[200~q y\rq\(Self.esc)[201~")
    // A key after the paste still works, and the paste quit nothing.
    var mark = process.output.count
    process.write("\(Self.esc)[C")
    #expect(process.wait(for: "red — Favorites 2 of 5", after: mark), "\(process.text(from: mark))")
    #expect(process.ending == nil)
    mark = process.output.count
    quit(process)
    #expect(Self.has("\(Self.esc)[?2004l", process.output, from: mark))
  }

  // MARK: - Older mouse encodings

  enum Encoding: String, CaseIterable, Sendable {
    case urxvt, x10

    /// A report at one-based cell (x, y) for the legacy button code.
    func report(_ code: Int, _ x: Int, _ y: Int) -> [UInt8] {
      switch self {
      case .urxvt: return Array("\u{1B}[\(code + 32);\(x);\(y)M".utf8)
      case .x10: return [0x1B, 0x5B, 0x4D, UInt8(code + 32), UInt8(x + 32), UInt8(y + 32)]
      }
    }
  }

  @Test("a drag in urxvt's 1015 form and in the X10 form moves a tile", arguments: Encoding.allCases)
  func olderMouse(encoding: Encoding) throws {
    let process = try start(
      [try demoFile(), "--press-ms", "100"], term: encoding == .urxvt ? "rxvt-unicode" : "xterm")
    #expect(process.wait(for: "READY"))
    #expect(Self.has("\(Self.esc)[?1015h", process.output) && Self.has("\(Self.esc)[?1000h", process.output))
    // Blue is the first tile; red the second (tilegrid layout puts them at these cells at 80x24).
    let layout = try TileGrid.run(["layout", directory.file("tiles.json"), "--width", "80", "--height", "24"])
    let json = try JSONSerialization.jsonObject(with: Data(layout.stdout)) as? [String: Any]
    let viewport = json?["viewport"] as? [String: Int] ?? [:]
    let items = ((json?["sections"] as? [[String: Any]])?.first?["items"] as? [[String: Any]]) ?? []
    func center(_ index: Int) -> (Int, Int) {
      let frame = items[index]["frame"] as? [String: Int] ?? [:]
      return (
        (viewport["x"] ?? 0) + (frame["x"] ?? 0) + (frame["width"] ?? 0) / 2 + 1,
        (viewport["y"] ?? 0) + (frame["y"] ?? 0) + (frame["height"] ?? 0) / 2 + 1
      )
    }
    let blue = center(0)
    let red = center(1)
    var mark = process.output.count
    process.write(encoding.report(0, blue.0, blue.1))
    #expect(process.wait(for: "DRAG", after: mark), "lifted: \(process.text(from: mark))")
    mark = process.output.count
    process.write(encoding.report(32, blue.0 + 2, blue.1))
    process.write(encoding.report(32, red.0, red.1))
    process.write(encoding.report(3, red.0, red.1))
    #expect(process.wait(for: "Dropped blue", after: mark), "\(process.text(from: mark))")
    process.write("q")
    #expect(process.wait(for: "Unsaved changes"))
    process.write("y")
    #expect(process.waitForEnd() == .exited(0))
  }

  // MARK: - Colors

  struct ColorCase: Sendable, CustomTestStringConvertible {
    var term: String
    var environment: [String: String]
    var arguments: [String] = []
    /// What blue's background must be written as.
    var blue: String?
    var testDescription: String {
      "TERM=\(term) \(environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")) \(arguments)"
        + " -> \(blue ?? "no color")"
    }
  }

  static let trueBlue = "48;2;0;1;255"
  static let paletteBlue = "48;5;21"
  static let basicBlue = "44"

  /// The backgrounds the SGR sequences of `output` set, as their parameters (`44`, `48;5;21`,
  /// `48;2;0;1;255`): one sequence may set more than one thing (`ESC[30;44m`).
  static func backgrounds(_ output: [UInt8]) -> Set<String> {
    var result: Set<String> = []
    for match in String(decoding: output, as: UTF8.self).matches(of: /\u{1B}\[([0-9;]*)m/) {
      let parameters = match.1.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
      var k = 0
      while k < parameters.count {
        let p = parameters[k]
        let length = p == "38" || p == "48" ? (k + 1 < parameters.count && parameters[k + 1] == "5" ? 3 : 5) : 1
        let color = parameters[k..<min(parameters.count, k + length)].joined(separator: ";")
        if p == "48" || (40...47).contains(Int(p) ?? 0) || (100...107).contains(Int(p) ?? 0) { result.insert(color) }
        k += length
      }
    }
    return result
  }

  static let colorCases: [ColorCase] = [
    ColorCase(term: "xterm-256color", environment: [:], blue: paletteBlue),
    ColorCase(term: "xterm-256color", environment: ["XTERM_VERSION": "XTerm(379)"], blue: trueBlue),
    ColorCase(term: "xterm-256color", environment: ["XTERM_VERSION": "XTerm(300)"], blue: paletteBlue),
    ColorCase(term: "xterm-256color", environment: ["VTE_VERSION": "7006"], blue: trueBlue),
    ColorCase(term: "xterm-256color", environment: ["KONSOLE_VERSION": "220401"], blue: trueBlue),
    ColorCase(term: "xterm-256color", environment: ["TERM_PROGRAM": "iTerm.app"], blue: trueBlue),
    ColorCase(term: "xterm-256color", environment: ["TERM_PROGRAM": "WezTerm"], blue: trueBlue),
    ColorCase(term: "xterm-kitty-like", environment: ["KITTY_WINDOW_ID": "1"], blue: trueBlue),
    ColorCase(term: "xterm-256color", environment: ["WT_SESSION": "1"], blue: trueBlue),
    ColorCase(term: "tmux-256color", environment: ["VTE_VERSION": "7006", "TMUX": "/tmp/x,1,0"], blue: trueBlue),
    ColorCase(term: "screen-256color", environment: ["KITTY_WINDOW_ID": "1"], blue: paletteBlue),
    ColorCase(term: "tg-tc", environment: [:], blue: trueBlue),
    ColorCase(term: "xterm-256color", environment: ["COLORTERM": "truecolor"], arguments: ["--color", "256"], blue: paletteBlue),
    ColorCase(term: "xterm-256color", environment: [:], arguments: ["--color", "truecolor"], blue: trueBlue),
    ColorCase(term: "xterm", environment: [:], arguments: ["--color", "256"], blue: paletteBlue),
    ColorCase(term: "xterm-256color", environment: [:], arguments: ["--color", "16"], blue: basicBlue),
    ColorCase(term: "xterm-256color", environment: ["NO_COLOR": "1"], arguments: ["--color", "8"], blue: basicBlue),
    ColorCase(term: "xterm", environment: [:], blue: basicBlue),
    ColorCase(term: "vt100", environment: [:], blue: nil),
    ColorCase(term: "vt100", environment: [:], arguments: ["--color", "8"], blue: basicBlue),
    ColorCase(term: "linux", environment: ["VTE_VERSION": "7006"], arguments: ["--color", "never"], blue: nil),
  ]

  @Test("the colors chosen, with and without COLORTERM, and --color's depths", arguments: colorCases)
  func colors(_ c: ColorCase) throws {
    let terminfo = try compileTerminfo(
      "tg-tc|xterm-256color with tmux's Tc,\n\tTc, use=xterm-256color,\n"
        + "xterm-kitty-like|xterm-256color by another name,\n\tuse=xterm-256color,\n")
    let process = try start([try demoFile()] + c.arguments, term: c.term, environment: c.environment.merging(["TERMINFO": terminfo]) { $1 })
    #expect(process.wait(for: "READY"), "\(process.text())")
    quit(process)
    let output = process.output
    let backgrounds = Self.backgrounds(output)
    if let blue = c.blue {
      #expect(backgrounds.contains(blue), "blue as \(blue.debugDescription)")
    }
    let others: [String] = [Self.trueBlue, Self.paletteBlue, Self.basicBlue].filter { $0 != c.blue }
    for other in others { #expect(!backgrounds.contains(other), "not \(other.debugDescription)") }
    if c.blue != Self.trueBlue { #expect(!Self.has("48;2;", output)) }
    if c.blue != Self.paletteBlue { #expect(!Self.has("48;5;", output)) }
  }
}
