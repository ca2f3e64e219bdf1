import CNCursesW
import Canvas
import TerminalInput
import Geometry

#if canImport(Glibc)
  import Glibc
#endif

/// Why the terminal could not be started.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// The descriptor given is not a terminal.
  case notATerminal
  /// `TERM` is unset or names no terminfo entry.
  case unknownTerminal(String)
  /// ncurses refused to start.
  case cannotStart(String)

  public var description: String {
    switch self {
    case .notATerminal: return "not a terminal"
    case .unknownTerminal(let name):
      return name.isEmpty ? "TERM is not set" : "the terminal type '\(name)' is unknown (no terminfo entry)"
    case .cannotStart(let why): return why
    }
  }
}

/// The interactive terminal: ncursesw for output, raw bytes for input. The only code in TileGrid that
/// touches ncursesw. It knows screen buffers (`Canvas`), never tiles.
///
/// - Output: `present` writes only the cells that changed since the last frame into ncurses' screen,
///   then one `doupdate`, so ncurses sends the fewest bytes it can. Colors go through extended color
///   pairs (`CursesTerminal+Present.swift`).
/// - Input: ncurses' `getch` is never used. `wait` polls the terminal and a pipe that signal handlers
///   write to, and returns the bytes as read, for the editor's own decoder, so the editor and
///   `tilegrid play` decode the same bytes the same way.
/// - Modes: raw (never cbreak: ^C would make ncurses exit and ^S/^Q would be swallowed), no echo, no
///   newline mapping, cursor hidden, the alternate screen, and mouse drag and focus reporting, which
///   TileGrid turns on and off itself (`TerminalModes`).
///
/// One at a time per process: ncurses and signal handlers are process-wide.
public final class CursesTerminal {
  /// What `wait` returns (the terminal-neutral events of TerminalInput).
  public typealias Event = TerminalEvent
  /// Signals that mean something to the editor.
  public typealias Signal = TerminalSignal

  /// The largest screen drawn: a terminal reporting more (or a corrupt size) is drawn in its top-left
  /// part, so memory stays bounded (two frames and ncurses' three windows are ~150 bytes a cell).
  public static let maximumSize = Size(width: 1000, height: 1000)

  /// The screen's size in cells, at least 1 x 1 and at most `maximumSize`.
  public private(set) var size: Size
  /// The colors the screen is drawn with; nil for none (the caller then draws monochrome).
  public let colorDepth: ColorDepth?

  let inputFD: Int32
  let outputFD: Int32
  /// The descriptors ncurses was given (its own duplicates, closed at the end).
  private let inputFile: UnsafeMutablePointer<FILE>
  private let outputFile: UnsafeMutablePointer<FILE>
  private var screen: OpaquePointer?
  private let signals: SignalPipe
  /// The terminal's modes before TileGrid started, for the crash path.
  private let savedModes: termios

  /// Between start and `restore()` (and not while suspended).
  var active = true
  /// A SIGCONT that `suspend` itself caused (its stop ended), already handled there.
  private var continuesToIgnore = 0
  /// Events found outside `wait` (a new size after a stop), returned by the next `wait`.
  private var queued: [Event] = []
  private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)

  // Output state (CursesTerminal+Present.swift).
  /// The frame on the screen; nil before the first.
  var previous: Buffer?
  /// The next `present` clears the screen and writes everything (Ctrl-L, a resize, after a stop).
  var needsClear = true
  var runs: [Buffer.Run] = []
  var styleCache: [Style: (attributes: attr_t, pair: Int32)] = [:]
  var pairs: [Int64: Int32] = [:]
  var nextPair: Int32 = 1
  var pairLimit: Int32 = 0
  var text: [wchar_t] = [wchar_t](repeating: 0, count: 8)

  /// Starts the terminal on `inputFD`/`outputFD` (standard input and output, or `/dev/tty` when those
  /// are pipes). Nothing is written when this throws.
  public init(inputFD: Int32, outputFD: Int32, colors: ColorChoice) throws(TerminalError) {
    Self.useUTF8Locale()
    var modes = termios()
    guard isatty(inputFD) == 1, isatty(outputFD) == 1, tcgetattr(inputFD, &modes) == 0 else {
      throw .notATerminal
    }
    savedModes = modes
    let term = getenv("TERM").map { String(cString: $0) } ?? ""
    guard !term.isEmpty else { throw .unknownTerminal("") }

    // What the terminal's own description says, before ncurses starts (setupterm writes nothing).
    var failure: Int32 = 0
    guard setupterm(term, outputFD, &failure) == OK else { throw .unknownTerminal(term) }
    let ownColors = Int(tigetnum("colors"))
    let ownRGB = tigetflag("RGB") > 0
    del_curterm(cur_term)

    let noColor = getenv("NO_COLOR").map { String(cString: $0) }
    let colorTerm = getenv("COLORTERM").map { String(cString: $0) }
    let wantsTrueColor = ColorPlan.wantsTrueColor(choice: colors, noColor: noColor, colorTerm: colorTerm)

    let inputCopy = dup(inputFD)
    let outputCopy = dup(outputFD)
    guard inputCopy >= 0, outputCopy >= 0, let input = fdopen(inputCopy, "r"), let output = fdopen(outputCopy, "w")
    else { throw .cannotStart("cannot open the terminal: \(String(cString: strerror(errno)))") }
    inputFile = input
    outputFile = output
    self.inputFD = inputFD
    self.outputFD = outputFD

    // 24-bit color: the terminal's own entry if it has RGB, else a private one (TrueColorEntry).
    var started: OpaquePointer?
    var direct = ownRGB
    if wantsTrueColor && !ownRGB, let directory = TrueColorEntry.compile(base: term) {
      let previous = getenv("TERMINFO").map { String(cString: $0) }
      setenv("TERMINFO", directory, 1)
      started = newterm(TrueColorEntry.name(for: term), output, input)
      if let previous { setenv("TERMINFO", previous, 1) } else { unsetenv("TERMINFO") }
      TrueColorEntry.removeTree(directory)
      direct = started != nil
    }
    if started == nil { started = newterm(term, output, input) }
    guard let started else {
      fclose(input)
      fclose(output)
      throw .unknownTerminal(term)
    }
    screen = started
    guard let signals = SignalPipe() else {
      endwin()
      delscreen(started)
      fclose(input)
      fclose(output)
      throw .cannotStart("cannot create a pipe for signals: \(String(cString: strerror(errno)))")
    }
    self.signals = signals

    raw()
    noecho()
    nonl()
    curs_set(0)
    leaveok(tg_stdscr(), true)
    // Never look at the input during an update: the editor reads it, and a half-done update would
    // only be finished by the next one anyway.
    typeahead(-1)
    scrollok(tg_stdscr(), false)

    let depth = ColorPlan.depth(
      choice: colors, noColor: noColor, colorTerm: colorTerm, terminalColors: max(ownColors, Int(tg_colors())),
      directColor: direct)
    colorDepth = has_colors() ? depth : nil
    if colorDepth != nil {
      start_color()
      use_default_colors()
      pairLimit = Int32(min(Int(tg_color_pairs()), 1 << 16))
    }

    size = Size(width: 1, height: 1)
    size = Self.clamped(Size(width: Int(tg_cols()), height: Int(tg_lines())))
    if let actual = currentWindowSize(), actual != size { apply(actual) }

    // Stale input, such as mouse reports from a TileGrid that was killed before it could turn
    // reporting off, is not for this session.
    tcflush(inputFD, TCIFLUSH)
    signals.catchSignals()
    CrashGuard.arm(
      bytes: TerminalModes.crashRestore(
        exitAlternateScreen: Self.capability("rmcup"), cursorVisible: Self.capability("cnorm")),
      outputFD: outputFD, terminalFD: inputFD, saved: savedModes)
    // The first update enters the alternate screen and clears it; the modes go after it.
    clearok(tg_curscr(), true)
    wnoutrefresh(tg_stdscr())
    doupdate()
    writeAll(TerminalModes.on)
    needsClear = false
  }

  deinit {
    restore()
    if let screen { delscreen(screen) }
    fclose(inputFile)
    fclose(outputFile)
  }

  // MARK: - Input

  /// Waits for input, a signal or the end of `timeoutMilliseconds` (nil: no end), and returns what
  /// arrived: at most one `.bytes` (everything readable at once, so a burst of mouse motion is one
  /// batch and one frame), a `.resize`, signals; `.timeout` alone when the time passed. An empty
  /// result means only that the screen must be drawn again (the program was continued after a stop).
  public func wait(timeoutMilliseconds: Int?) -> [Event] {
    if !queued.isEmpty {
      defer { queued = [] }
      return queued
    }
    let deadline = timeoutMilliseconds.map { Monotonic.milliseconds() + max(0, $0) }
    while true {
      var fds = [
        pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
      ]
      let timeout = deadline.map { Int32(clamping: max(0, $0 - Monotonic.milliseconds())) } ?? -1
      let ready = poll(&fds, 2, timeout)
      var events: [Event] = []
      var redraw = false
      if ready < 0 && errno != EINTR { return [.signal(.hangup)] }
      // Signals first (a SIGWINCH interrupts poll with EINTR before its byte is read).
      for signal in signals.drain() {
        switch signal {
        case SIGWINCH:
          if let resized = checkSize() { events.append(resized) }
        case SIGINT: events.append(.signal(.interrupt))
        case SIGTERM: events.append(.signal(.terminate))
        case SIGHUP: events.append(.signal(.hangup))
        case SIGTSTP: events.append(.signal(.suspend))
        case SIGCONT:
          if continuesToIgnore > 0 {
            continuesToIgnore -= 1
          } else {
            // Stopped by someone else's SIGSTOP: the shell may have changed the modes and written
            // over the screen meanwhile.
            if let resized = resumeAfterStop() { events.append(resized) }
            redraw = true
          }
        default: break
        }
      }
      if ready > 0 && fds[0].revents != 0 {
        let n = readBuffer.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
        if n > 0 {
          events.insert(
            .bytes(Array(readBuffer[0..<n])), at: events.firstIndex(where: { !$0.isResize }) ?? events.count)
        } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
          // The terminal is gone (a hangup reads as the end of input, or EIO).
          events.append(.signal(.hangup))
        }
      }
      if !events.isEmpty || redraw { return events }
      if let deadline, Monotonic.milliseconds() >= deadline { return [.timeout] }
    }
  }

  /// The terminal's size now, from the kernel (nil if it cannot say, or says 0).
  private func currentWindowSize() -> Size? {
    var rows: Int32 = 0
    var cols: Int32 = 0
    guard tg_get_window_size(outputFD, &rows, &cols) == 0 || tg_get_window_size(inputFD, &rows, &cols) == 0,
      rows > 0, cols > 0
    else { return nil }
    return Self.clamped(Size(width: Int(cols), height: Int(rows)))
  }

  /// A `.resize` if the kernel's size differs from the screen's (after ncurses was told).
  private func checkSize() -> Event? {
    guard let actual = currentWindowSize(), actual != size else { return nil }
    apply(actual)
    return .resize(actual)
  }

  /// Tells ncurses the new size. Its screen is rebuilt at the next `present`, from a cleared terminal:
  /// terminals rearrange (or keep) what was shown in their own ways.
  private func apply(_ newSize: Size) {
    resizeterm(Int32(newSize.height), Int32(newSize.width))
    size = newSize
    needsClear = true
  }

  static func clamped(_ size: Size) -> Size {
    Size(
      width: min(max(1, size.width), maximumSize.width), height: min(max(1, size.height), maximumSize.height))
  }

  // MARK: - Suspend and restore

  /// Ctrl-Z: puts the terminal back as the shell had it (mouse reporting off, the normal screen, the
  /// shell's modes), stops the process, and when it is continued (`fg`) takes the terminal again and
  /// repaints everything. A size change meanwhile comes as a `.resize` from the next `wait`.
  public func suspend() {
    guard active else { return }
    writeAll(TerminalModes.off)
    endwin()
    continuesToIgnore += 1
    kill(getpid(), SIGSTOP)
    if let resized = resumeAfterStop() { queued.append(resized) }
  }

  /// Takes the terminal again after a stop: the program's modes (ncurses saved them at start), the
  /// alternate screen and everything on it, the mouse modes. Returns a `.resize` if the size changed.
  private func resumeAfterStop() -> Event? {
    reset_prog_mode()
    curs_set(0)
    clearok(tg_curscr(), true)
    wnoutrefresh(tg_stdscr())
    doupdate()
    writeAll(TerminalModes.on)
    return checkSize()
  }

  /// Puts the terminal back as it was: mouse and focus reporting off, the normal screen, the shell's
  /// modes. Safe to call more than once; called on every way out, and by `deinit`.
  public func restore() {
    guard active else { return }
    active = false
    writeAll(TerminalModes.off)
    endwin()
    var modes = savedModes
    tcsetattr(inputFD, TCSANOW, &modes)
    signals.release()
    CrashGuard.disarm()
  }

  // MARK: - Helpers

  /// Writes bytes to the terminal directly, after whatever ncurses has written (every update ends
  /// with ncurses' buffer flushed).
  func writeAll(_ bytes: [UInt8]) {
    fflush(outputFile)
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { write(outputFD, $0.baseAddress! + offset, $0.count - offset) }
      if n > 0 {
        offset += n
      } else if n < 0 && (errno == EINTR || errno == EAGAIN) {
        continue
      } else {
        return  // the terminal is gone
      }
    }
  }

  /// A string capability of the terminal's description, or nil.
  static func capability(_ name: String) -> String? {
    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
    return String(cString: value)
  }

  /// Switches to a UTF-8 locale: the person's if it is UTF-8, else C.UTF-8 for the character type
  /// alone. Under LANG=C (or a locale that is not generated) ncursesw prints every non-ASCII
  /// character as a blank.
  static func useUTF8Locale() {
    setlocale(LC_ALL, "")
    if tg_codeset_is_utf8() != 0 { return }
    if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "C.utf8") }
  }
}

extension CursesTerminal.Event {
  fileprivate var isResize: Bool {
    if case .resize = self { return true }
    return false
  }
}
