/// The terminal modes TileGrid sets itself, as bytes. ncurses never turns on drag reporting (its mouse
/// support asks for clicks only) and its `endwin` leaves mouse reporting on (measured: it sends only
/// `rmcup` and the cursor), so TileGrid sends these itself, around every start, suspend and exit.
public enum TerminalModes {
  /// Button-event tracking (presses, releases, and motion while a button is down: the drag), reported
  /// in the SGR form (any coordinate, releases name their button), and focus in/out reports.
  public static let on: [UInt8] = Array("\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?1004h".utf8)

  /// The three modes off, also the plain click mode 1000 (which a program that crashed may have left
  /// on, and which 1002's reset does not cover in every terminal).
  public static let off: [UInt8] = Array("\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)

  /// Defaults for the crash path when the terminal's description has no such string.
  static let defaultExitAlternateScreen = "\u{1B}[?1049l"
  static let defaultCursorVisible = "\u{1B}[?25h"

  /// What the crash handler writes when TileGrid dies in the middle of things: it may interrupt a frame
  /// half-way through an escape sequence, so it starts with CAN, which ends any sequence in progress
  /// without printing anything; then attributes off, the scrolling region reset (ncurses may have set
  /// one while scrolling), mouse and focus reporting off, the cursor shown, and the normal screen back.
  ///
  /// - Parameters:
  ///   - exitAlternateScreen: the terminal's `rmcup` (which may also pop the window title).
  ///   - cursorVisible: the terminal's `cnorm`.
  public static func crashRestore(exitAlternateScreen: String?, cursorVisible: String?) -> [UInt8] {
    let exit = exitAlternateScreen.map(withoutPadding).flatMap { $0.isEmpty ? nil : $0 } ?? defaultExitAlternateScreen
    let cursor = cursorVisible.map(withoutPadding).flatMap { $0.isEmpty ? nil : $0 } ?? defaultCursorVisible
    return [0x18] + Array("\u{1B}[0m\u{1B}[r".utf8) + off + Array(cursor.utf8) + Array(exit.utf8)
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
