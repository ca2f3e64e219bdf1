/// The terminal modes TileGrid sets itself, as bytes. ncurses never turns on drag reporting (its mouse
/// support asks for clicks only) and its `endwin` leaves mouse reporting on (measured: it sends only
/// `rmcup` and the cursor), so TileGrid sends these itself, around every start, suspend and exit.
public enum TerminalModes {
  /// Mouse reporting: plain clicks (1000, for terminals that know no more, such as the Linux console
  /// with gpm), then button-event tracking (1002: presses, releases and motion while a button is down,
  /// the drag), which replaces it where known; coordinates in urxvt's decimal form (1015), then in the
  /// SGR form (1006), which wins where both are known (xterm keeps the last one set) and names the
  /// button released. Then focus in/out reports (1004) and bracketed paste (2004). Terminals ignore
  /// the private modes they do not know; the decoder reads every form that may come back.
  public static let on: [UInt8] = Array(
    "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1015h\u{1B}[?1006h\u{1B}[?1004h\u{1B}[?2004h".utf8)

  /// Every mode of `on` off, also synchronized output (2026), which a frame cut short by a crash or a
  /// signal may have left on (a terminal then shows nothing new until its own timeout).
  public static let off: [UInt8] = Array(
    "\u{1B}[?2004l\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1015l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2026l".utf8)

  /// Synchronized output (mode 2026): the terminal shows nothing of a frame until its end, so a large
  /// change (a page scrolled, a section dropped) never shows half-drawn.
  public static let beginFrame: [UInt8] = Array("\u{1B}[?2026h".utf8)
  public static let endFrame: [UInt8] = Array("\u{1B}[?2026l".utf8)

  /// DECRQM for mode 2026: a terminal that knows the mode answers `ESC [ ? 2026 ; Ps $ y`.
  public static let askSynchronizedOutput: [UInt8] = Array("\u{1B}[?2026$p".utf8)

  /// Whether to send `askSynchronizedOutput` to a terminal named `term`. The Linux console prints the
  /// `p` of a sequence with an intermediate byte it does not know, and so may the hardware terminals
  /// whose names these are (a terminal that does not answer costs nothing: frames are not wrapped).
  public static func mayAsk(term: String) -> Bool {
    !isConsoleOrHardware(term: term)
  }

  /// Whether `term` names a console or a hardware terminal (the Linux console, vt100, …): slow to draw,
  /// and with fonts that lack most symbols beyond box drawing (`☑`, `☐`).
  public static func isConsoleOrHardware(term: String) -> Bool {
    let hardware = ["linux", "cons", "vt5", "vt1", "vt2", "vt3", "vt4", "ansi", "pcansi", "sun", "mach", "hurd", "wsvt"]
    return hardware.contains { term.hasPrefix($0) }
  }

  /// What a terminal answered about mode 2026, if `bytes` hold the answer: true when it knows the mode
  /// (set, reset or permanently set), false when it does not (0) or cannot set it (permanently reset).
  ///
  /// - Returns: the answer, and how many bytes at the end may begin an answer still arriving.
  public static func synchronizedOutputAnswer(in bytes: [UInt8]) -> (answer: Bool?, unfinished: Int) {
    let prefix = Array("\u{1B}[?2026;".utf8)
    enum Match {
      case answer(Bool)
      /// The bytes end inside what may be the answer.
      case partial
      case mismatch
    }
    func match(_ start: Int) -> Match {
      var at = start
      for expected in prefix {
        guard at < bytes.count else { return .partial }
        guard bytes[at] == expected else { return .mismatch }
        at += 1
      }
      var value = 0
      var digits = 0
      while at < bytes.count, (0x30...0x39).contains(bytes[at]) {
        guard digits < 3 else { return .mismatch }
        value = value * 10 + Int(bytes[at] - 0x30)
        digits += 1
        at += 1
      }
      guard at < bytes.count else { return .partial }
      guard digits > 0, bytes[at] == UInt8(ascii: "$") else { return .mismatch }
      guard at + 1 < bytes.count else { return .partial }
      return bytes[at + 1] == UInt8(ascii: "y") ? .answer((1...3).contains(value)) : .mismatch
    }
    for start in bytes.indices where bytes[start] == 0x1B {
      switch match(start) {
      case .answer(let known): return (known, 0)
      case .partial: return (nil, bytes.count - start)
      case .mismatch: continue
      }
    }
    return (nil, 0)
  }

  /// Defaults for the crash path when the terminal's description has no such string.
  static let defaultExitAlternateScreen = "\u{1B}[?1049l"
  static let defaultCursorVisible = "\u{1B}[?25h"
  /// What clears the screen and puts the cursor at its top-left corner, when the description says nothing.
  static let defaultClear = "\u{1B}[H\u{1B}[J"

  /// What the crash handler writes when TileGrid dies in the middle of things: it may interrupt a frame
  /// half-way through an escape sequence, so it starts with CAN, which ends any sequence in progress
  /// without printing anything; then attributes off, the scrolling region reset (ncurses may have set
  /// one while scrolling), the modes off, the cursor shown, and the normal screen back; on a terminal
  /// without an alternate screen (`clearScreen` given), the screen cleared instead, so no frame is left
  /// under the shell's prompt.
  ///
  /// - Parameters:
  ///   - exitAlternateScreen: the terminal's `rmcup` (which may also pop the window title).
  ///   - cursorVisible: the terminal's `cnorm`.
  ///   - clearScreen: the terminal's `clear`, for a terminal without `smcup`/`rmcup`.
  public static func crashRestore(exitAlternateScreen: String?, cursorVisible: String?, clearScreen: String? = nil)
    -> [UInt8]
  {
    let exit = exitAlternateScreen.map(withoutPadding).flatMap { $0.isEmpty ? nil : $0 } ?? defaultExitAlternateScreen
    let cursor = cursorVisible.map(withoutPadding).flatMap { $0.isEmpty ? nil : $0 } ?? defaultCursorVisible
    let clear = clearScreen.map { withoutPadding($0).isEmpty ? defaultClear : withoutPadding($0) } ?? ""
    return [0x18] + Array("\u{1B}[0m\u{1B}[r".utf8) + off + Array(cursor.utf8) + Array(exit.utf8) + Array(clear.utf8)
  }

  /// A terminfo string without its padding specifications (`$<5>`, `$<2*/>`), which `tputs` turns into
  /// delays but which written raw would print as text.
  static func withoutPadding(_ text: String) -> String {
    var result = ""
    var rest = text[...]
    while let start = rest.firstRange(of: "$<") {
      result += rest[..<start.lowerBound]
      guard let end = rest[start.upperBound...].firstIndex(of: ">") else {
        rest = rest[start.lowerBound...]
        break
      }
      rest = rest[rest.index(after: end)...]
    }
    return result + rest
  }
}
