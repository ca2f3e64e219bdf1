import CNCursesW
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// ncurses keeps the terminal it describes in one global, `cur_term`: `setupterm` replaces it,
/// `tigetstr` reads it, `del_curterm` frees it. Everything here that sets it up holds this lock, so
/// that two threads reading descriptions at once (in-process commands run in parallel: `render`'s
/// color depth, the tests) never free each other's entry or free one twice.
let terminfoLock = Mutex<Void>(())

/// What a terminal's terminfo entry says about it, read with `setupterm` before ncurses starts (which
/// writes nothing to the terminal), so that a terminal TileGrid cannot draw on is refused untouched.
public struct TerminalDescription: Equatable, Sendable {
  /// The entry's name (`TERM`).
  public var name: String
  /// `colors`: 8, 16, 256, 2^24 for direct color; 0 or less without color.
  public var colors: Int
  /// `RGB`: color numbers are 0xRRGGBB (ncurses' `*-direct` entries).
  public var rgb: Bool
  /// `Tc`: tmux's flag for 24-bit color.
  public var tc: Bool
  /// What the editor needs and the entry lacks: `cup` (moving the cursor) and `clear`. `TERM=dumb` has
  /// neither, and nothing can be drawn on it.
  public var missing: [String]
  /// `smcup` and `rmcup`: the alternate screen, which the shell's screen comes back from at the end.
  public var alternateScreen: Bool
  /// `clear`, without its padding.
  public var clear: String?
  /// Whether mouse reports can be expected: the entry has `kmous`, and it is not the Linux console
  /// (whose mouse, through gpm, reports clicks at best, never a drag). vt100, vt220 and ansi have none.
  public var mouseAvailable: Bool
  /// Whether motion can be shown: cursor addressing beyond the basic (`hpa`, `vpa`), a cursor that
  /// hides (`civis`), and not a console or hardware terminal (linux, vt100, …), where each frame is
  /// slow to draw or flickers.
  public var motionAvailable: Bool = true
  /// Whether the terminal's font can be expected to have `☑` and `☐`: not a console or hardware
  /// terminal (`TerminalModes.isConsoleOrHardware`).
  public var ballotBoxes: Bool = true

  /// The description of `term`, or nil when there is no such entry. Safe from any thread
  /// (`terminfoLock`); a terminal ncurses has started is its current one again afterwards.
  public static func read(_ term: String, fd: Int32) -> TerminalDescription? {
    guard !term.isEmpty else { return nil }
    return terminfoLock.withLock { _ in
      // Without a current terminal, setupterm makes a new entry rather than handing back a started
      // screen's, which `del_curterm` would then free under it.
      let previous = cur_term
      set_curterm(nil)
      defer { set_curterm(previous) }
      var failure: Int32 = 0
      guard setupterm(term, fd, &failure) == OK else { return nil }
      defer { del_curterm(cur_term) }
      return described(term)
    }
  }

  /// The description of `term` from the entry `setupterm` made current.
  private static func described(_ term: String) -> TerminalDescription {
    let clear = CursesTerminal.capability("clear")
    return TerminalDescription(
      name: term, colors: Int(tigetnum("colors")), rgb: tigetflag("RGB") > 0, tc: tigetflag("Tc") > 0,
      missing: ["cup", "clear"].filter { CursesTerminal.capability($0) == nil },
      alternateScreen: CursesTerminal.capability("smcup") != nil && CursesTerminal.capability("rmcup") != nil,
      clear: clear.map(TerminalModes.withoutPadding),
      mouseAvailable: CursesTerminal.capability("kmous") != nil && !term.hasPrefix("linux"),
      motionAvailable: TerminalModes.mayAsk(term: term)
        && ["hpa", "vpa", "civis"].allSatisfy { CursesTerminal.capability($0) != nil },
      ballotBoxes: !TerminalModes.isConsoleOrHardware(term: term))
  }
}
