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
  /// The terminal cannot move the cursor or clear the screen (`TERM=dumb`): `missing` names the
  /// terminfo capabilities it lacks.
  case cannotAddress(String, missing: [String])
  /// ncurses refused to start.
  case cannotStart(String)

  public var description: String {
    switch self {
    case .notATerminal: return "not a terminal"
    case .unknownTerminal(let name):
      return name.isEmpty ? "TERM is not set" : "the terminal type '\(name)' is unknown (no terminfo entry)"
    case .cannotAddress(let name, let missing):
      let what = missing.map { "'\($0)'" }.joined(separator: " or ")
      return "the terminal type '\(name)' cannot move the cursor and clear the screen (its terminfo entry has no \(what))"
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
///   newline mapping, cursor hidden, the alternate screen, and mouse, focus and bracketed-paste
///   reporting, which TileGrid turns on and off itself (`TerminalModes`). A terminal without an
///   alternate screen (vt100, the Linux console) is cleared on the way out instead.
/// - Frames are wrapped in synchronized output (mode 2026) once the terminal has said it knows it.
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
  /// What made the screen 24-bit, when it is and `--color truecolor` did not.
  public let trueColorSignal: TrueColorSignal?
  /// Whether mouse reports can be expected: false when the terminal's description has no mouse
  /// (`kmous`: vt100, vt220, ansi) or it is the Linux console (clicks at best, through gpm, never a
  /// drag). The modes are asked for anyway, and whatever reports come are used; the editor can say
  /// that the keyboard does everything.
  public let mouseAvailable: Bool
  /// Whether the terminal can show motion (tiles gliding): `TerminalDescription.motionAvailable`.
  public let motionAvailable: Bool
  /// Whether the terminal draws `☑` and `☐`: `TerminalDescription.ballotBoxes`.
  public let ballotBoxes: Bool
  /// Whether frames are wrapped in synchronized output: the terminal answered the question about mode
  /// 2026 (`TerminalModes.askSynchronizedOutput`) and knows it.
  public private(set) var synchronizedOutput = false
  /// While the terminal's answer about mode 2026 may still come: the bytes at the end of the last read
  /// that may be its beginning. Nil once it came, or when the question was not asked.
  private var answerCarry: [UInt8]?
  /// The terminal has no alternate screen (`smcup`/`rmcup`): its bytes to clear the screen, written on
  /// the way out so no frame stays under the shell's prompt.
  let clearOnExit: [UInt8]?

  let inputFD: Int32
  let outputFD: Int32
  /// The descriptors ncurses was given (its own duplicates, closed at the end).
  private let inputFile: UnsafeMutablePointer<FILE>
  let outputFile: UnsafeMutablePointer<FILE>

  // Output (CursesTerminal+Output.swift): ncurses composes each update into memory, and the terminal
  // takes it from there through a descriptor that never waits.
  /// The file in memory ncurses writes into while `composing`; -1 when there is none (ncurses then
  /// writes to the terminal itself, waiting as long as it takes).
  var frameSink: Int32 = -1
  /// ncurses' own output descriptor (`outputFile`'s), which points at `frameSink` or the terminal.
  var ncursesOutput: Int32 = -1
  /// The terminal, kept to put it back under `ncursesOutput`.
  var terminalCopy: Int32 = -1
  /// The terminal opened again with O_NONBLOCK, for the frames' bytes (`outputFD` without a sink).
  var writer: Int32 = -1
  /// ncurses' output goes to `frameSink`.
  var composing = false
  /// Bytes of frames the terminal has not taken yet, from `pendingStart` on.
  var pending: [UInt8] = []
  /// What ncurses composed, read from `frameSink` before it is filtered into `pending`.
  var composed: [UInt8] = []
  /// The fewer bytes for the same screen (`SGRFilter`) that ncurses' own pass through, where the
  /// terminal's colors are ECMA-48 SGR sequences; nil elsewhere (they go as ncurses wrote them).
  var sgrFilter: SGRFilter?
  var pendingStart = 0
  /// Every byte queued for the terminal so far (`send`, `collect`).
  var queuedBytes = 0
  /// The kernel's buffer was full at the last write (it refused bytes).
  var full = false
  /// Every byte the terminal took so far, and when it last took any (monotonic milliseconds).
  var written = 0
  var lastWritten = 0
  /// The last moment the terminal is known to have read everything written, and `written` then.
  var drained: (at: Int, written: Int)?
  /// The same moment, until the next refused write: what the kernel takes from empty at once is its
  /// `capacity`, in bytes.
  var refilled: (at: Int, written: Int)?
  var capacity: Int?
  /// When the kernel's buffer filled (its first refused write since it was last drained).
  var filled: (at: Int, written: Int)?
  /// The same, until everything pending has gone (which `noteDrained` does not wait for).
  var fillStarted: (at: Int, written: Int)?
  /// How fast the terminal took output, in bytes a millisecond, the last time it held some back
  /// (`flushPending`, `noteDrained`), and when (monotonic milliseconds): the estimate in force.
  var measuredPace: (bytesPerMillisecond: Double, at: Int)?
  /// The fastest pace measured since the start.
  var fastestPace: Double?
  /// While the estimate is slower than the fastest: when the fastest is tried again (`pace`), and how
  /// long the next try waits after this one, doubling each time the terminal was found slow again.
  var retryFastest: (at: Int, after: Int)?
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
  /// The frame on the screen, and the diff to the next (`Presenter`).
  var presenter = Presenter()
  /// The next `present` clears the screen and writes everything (Ctrl-L, a resize, after a stop).
  var needsClear = true
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
    guard let own = TerminalDescription.read(term, fd: outputFD) else { throw .unknownTerminal(term) }
    // Without cursor addressing or clearing nothing can be drawn (TERM=dumb): refused before the
    // terminal is touched, as an unknown terminal is.
    guard own.missing.isEmpty else { throw .cannotAddress(term, missing: own.missing) }
    mouseAvailable = own.mouseAvailable
    motionAvailable = own.motionAvailable
    ballotBoxes = own.ballotBoxes
    clearOnExit = own.alternateScreen ? nil : Array((own.clear ?? TerminalModes.defaultClear).utf8)
    let (ownColors, ownRGB) = (own.colors, own.rgb)

    let noColor = getenv("NO_COLOR").map { String(cString: $0) }
    let signal = ColorPlan.trueColorSignal(
      term: term, environment: Self.environment(), terminfoRGB: own.rgb, terminfoTc: own.tc)
    let privateDepth = ColorPlan.entryNeeded(
      choice: colors, noColor: noColor, trueColor: signal, terminalColors: ownColors, directColor: ownRGB)

    let inputCopy = dup(inputFD)
    let outputCopy = dup(outputFD)
    guard inputCopy >= 0, outputCopy >= 0, let input = fdopen(inputCopy, "r"), let output = fdopen(outputCopy, "w")
    else { throw .cannotStart("cannot open the terminal: \(String(cString: strerror(errno)))") }
    inputFile = input
    outputFile = output
    self.inputFD = inputFD
    self.outputFD = outputFD

    // ncurses makes its screens as large as the terminal says it is, before anything is drawn: a
    // terminal larger than `maximumSize` (20000 x 20000 cells: gigabytes) is started at the size drawn
    // instead, through the LINES and COLUMNS ncurses reads before the terminal's own size; both are put
    // back as they were once it has started.
    let restoreSize = Self.limitStartingSize(inputFD: inputFD, outputFD: outputFD)
    defer { restoreSize() }

    let (started, direct) = Self.newScreen(
      term: term, privateDepth: privateDepth, ownRGB: ownRGB, output: output, input: input)
    guard let started else {
      fclose(input)
      fclose(output)
      throw .unknownTerminal(term)
    }
    screen = started
    guard let signals = SignalPipe() else {
      endwin()
      terminfoLock.withLock { _ in delscreen(started) }
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

    // The started entry's colors (COLORS is set only by start_color).
    let entryColors = terminfoLock.withLock { _ in Int(tigetnum("colors")) }
    let depth = ColorPlan.depth(choice: colors, noColor: noColor, terminalColors: entryColors, directColor: direct)
    colorDepth = has_colors() ? depth : nil
    trueColorSignal = colorDepth == .trueColor && colors != .trueColor ? signal : nil
    if colorDepth != nil {
      start_color()
      use_default_colors()
      pairLimit = Int32(min(Int(tg_color_pairs()), 1 << 16))
    }

    size = Size(width: 1, height: 1)
    size = Self.clamped(Size(width: Int(tg_cols()), height: Int(tg_lines())))
    if let actual = currentWindowSize(), actual != size { apply(actual) }
    sgrFilter = terminfoLock.withLock { _ in
      SGRFilter.applies(setaf: Self.capability("setaf"), setab: Self.capability("setab"), sgr0: Self.capability("sgr0"))
        ? SGRFilter(columnAddress: SGRFilter.isColumnAddress(Self.capability("hpa")), width: size.width) : nil
    }

    // Stale input, such as mouse reports from a TileGrid that was killed before it could turn
    // reporting off, is not for this session.
    tcflush(inputFD, TCIFLUSH)
    signals.catchSignals()
    let (rmcup, cnorm) = terminfoLock.withLock { _ in (Self.capability("rmcup"), Self.capability("cnorm")) }
    CrashGuard.arm(
      bytes: TerminalModes.crashRestore(
        exitAlternateScreen: rmcup, cursorVisible: cnorm,
        clearScreen: own.alternateScreen ? nil : own.clear ?? ""),
      outputFD: outputFD, terminalFD: inputFD, saved: savedModes)
    // The first update enters the alternate screen and clears it; the modes go after it, and the
    // question about synchronized output, whose answer comes with the input.
    clearok(tg_curscr(), true)
    wnoutrefresh(tg_stdscr())
    doupdate()
    writeAll(TerminalModes.on)
    if TerminalModes.mayAsk(term: term) {
      writeAll(TerminalModes.askSynchronizedOutput)
      answerCarry = []
    }
    needsClear = false
    writer = outputFD
    startComposing(ncursesOutput: outputCopy)
  }

  /// Starts ncurses on the terminal's own entry, or on a private one for a depth it does not describe
  /// (`ColorEntry`), found through `TERMINFO` while `newterm` reads it; returns the screen and whether
  /// its entry takes 24-bit values. `newterm` makes its entry ncurses' current one, as `setupterm`
  /// does: both hold `terminfoLock`.
  private static func newScreen(
    term: String, privateDepth: ColorDepth?, ownRGB: Bool, output: UnsafeMutablePointer<FILE>,
    input: UnsafeMutablePointer<FILE>
  ) -> (screen: OpaquePointer?, direct: Bool) {
    terminfoLock.withLock { _ in
      if let privateDepth, let directory = ColorEntry.compile(base: term, depth: privateDepth) {
        let previous = getenv("TERMINFO").map { String(cString: $0) }
        setenv("TERMINFO", directory, 1)
        let started = newterm(ColorEntry.name(for: term, depth: privateDepth), output, input)
        if let previous { setenv("TERMINFO", previous, 1) } else { unsetenv("TERMINFO") }
        ColorEntry.removeTree(directory)
        if let started { return (started, privateDepth == .trueColor) }
      }
      return (newterm(term, output, input), ownRGB)
    }
  }

  /// What says the terminal named by `TERM` shows 24-bit color (`ColorPlan.trueColorSignal`), with its
  /// terminfo entry's `RGB` and `Tc` read without starting ncurses; for `tilegrid render`.
  public static func trueColorSignal() -> TrueColorSignal? {
    let term = getenv("TERM").map { String(cString: $0) } ?? ""
    let description = TerminalDescription.read(term, fd: 2)
    return ColorPlan.trueColorSignal(
      term: term, environment: environment(), terminfoRGB: description?.rgb ?? false,
      terminfoTc: description?.tc ?? false)
  }

  /// The process's environment as a dictionary.
  static func environment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }

  deinit {
    restore()
    if let screen { terminfoLock.withLock { _ in delscreen(screen) } }
    fclose(inputFile)
    fclose(outputFile)
    stopComposing()
  }

  // MARK: - Input

  /// A descriptor `wait` watches along with the terminal (-1: none): when it is readable, `wait`
  /// returns `.watched` among its events, and the caller reads it (the file watcher's inotify).
  public var watchedFD: Int32 = -1

  /// Waits for input, a signal or the end of `timeoutMilliseconds` (nil: no end), and, when
  /// `untilWritable`, for the terminal to take output again; returns what arrived: at most one
  /// `.bytes` (everything readable at once, so a burst of mouse motion is one batch and one frame), a
  /// `.resize`, signals; `.timeout` alone when the time passed. An empty result means only that the
  /// screen must be drawn again (the program was continued after a stop, or the terminal can take
  /// output again).
  public func wait(timeoutMilliseconds: Int?, untilWritable: Bool = false) -> [Event] {
    if !queued.isEmpty {
      defer { queued = [] }
      return queued
    }
    let deadline = timeoutMilliseconds.map { Monotonic.milliseconds() + max(0, $0) }
    while true {
      // The terminal's readiness to take more: a frame waits for it, or bytes of the last one do.
      let writing = untilWritable || !pending.isEmpty
      // A negative descriptor is not polled: no watched one, or no wait for the terminal to take more.
      var fds = [
        pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: watchedFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: writing ? writer : -1, events: Int16(POLLOUT), revents: 0),
      ]
      let timeout = deadline.map { Int32(clamping: max(0, $0 - Monotonic.milliseconds())) } ?? -1
      let polled = Monotonic.milliseconds()
      let ready = poll(&fds, 4, timeout)
      if writing && ready > 0 && fds[3].revents != 0 {
        // Woken from a wait on a full buffer: the kernel wakes a writer once the terminal has read
        // nearly all of it.
        if full && Monotonic.milliseconds() - polled >= 2 { noteDrained() }
        flushPending()
      }
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
          if answerCarry != nil { lookForAnswer(readBuffer[0..<n]) }
          events.insert(
            .bytes(Array(readBuffer[0..<n])), at: events.firstIndex(where: { !$0.isResize }) ?? events.count)
        } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
          // The terminal is gone (a hangup reads as the end of input, or EIO).
          events.append(.signal(.hangup))
        }
      }
      if ready > 0 && watchedFD >= 0 && fds[2].revents != 0 { events.append(.watched) }
      if !events.isEmpty || redraw { return events }
      // Writable again with nothing of the last frame waiting (or gone, which the next read finds):
      // the frame it could not take is drawn now.
      if untilWritable && ready > 0 && fds[3].revents != 0 && pending.isEmpty { return [] }
      if let deadline, Monotonic.milliseconds() >= deadline { return [.timeout] }
    }
  }

  /// Looks in bytes just read for the terminal's answer about synchronized output. The bytes still go
  /// to the caller (the editor's decoder reads the answer as input it does not know, and ignores it).
  private func lookForAnswer(_ bytes: ArraySlice<UInt8>) {
    guard let carry = answerCarry, !carry.isEmpty || bytes.contains(0x1B) else { return }
    let text = carry + bytes
    let (answer, unfinished) = TerminalModes.synchronizedOutputAnswer(in: Array(text))
    if let answer {
      synchronizedOutput = answer
      answerCarry = nil
    } else {
      answerCarry = unfinished > 0 && unfinished <= 16 ? Array(text.suffix(unfinished)) : []
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
    sgrFilter?.width = newSize.width
    needsClear = true
  }

  /// Sets LINES and COLUMNS to `maximumSize`'s sides, where the terminal reports a larger size, for
  /// ncurses to start at; returns what puts them back as they were.
  private static func limitStartingSize(inputFD: Int32, outputFD: Int32) -> () -> Void {
    var rows: Int32 = 0
    var cols: Int32 = 0
    guard tg_get_window_size(outputFD, &rows, &cols) == 0 || tg_get_window_size(inputFD, &rows, &cols) == 0,
      Int(rows) > maximumSize.height || Int(cols) > maximumSize.width
    else { return {} }
    let saved: [(String, String?)] = ["LINES", "COLUMNS"].map { (name: String) in
      (name, getenv(name).map { String(cString: $0) })
    }
    setenv("LINES", "\(min(Int(rows), maximumSize.height))", 1)
    setenv("COLUMNS", "\(min(Int(cols), maximumSize.width))", 1)
    return {
      for (name, value) in saved {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
      }
    }
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
    finishWriting()
    writeAll(TerminalModes.off)
    endwin()
    if let clearOnExit { writeAll(clearOnExit) }
    continuesToIgnore += 1
    kill(getpid(), SIGSTOP)
    if let resized = resumeAfterStop() { queued.append(resized) }
  }

  /// Runs `body` with the terminal as the shell had it (another program, a text editor, draws on it
  /// meanwhile), then takes it again as after a stop, everything redrawn.
  public func outside<T>(_ body: () -> T) -> T {
    guard active else { return body() }
    // As for a stop: what is pending goes first, and ncurses' way out reaches the terminal itself.
    finishWriting()
    writeAll(TerminalModes.off)
    endwin()
    let result = body()
    if let resized = resumeAfterStop() { queued.append(resized) }
    return result
  }

  /// Takes the terminal again after a stop: the program's modes (ncurses saved them at start), the
  /// alternate screen and everything on it, the mouse modes. Returns a `.resize` if the size changed.
  private func resumeAfterStop() -> Event? {
    finishWriting()
    reset_prog_mode()
    curs_set(0)
    clearok(tg_curscr(), true)
    wnoutrefresh(tg_stdscr())
    doupdate()
    writeAll(TerminalModes.on)
    compose(true)
    return checkSize()
  }

  /// Puts the terminal back as it was: mouse, focus and paste reporting off, the normal screen (or, on a
  /// terminal without one, a cleared screen with the cursor at its top), the shell's modes. Safe to
  /// call more than once; called on every way out, and by `deinit`.
  public func restore() {
    guard active else { return }
    active = false
    finishWriting()
    writeAll(TerminalModes.off)
    endwin()
    var modes = savedModes
    tcsetattr(inputFD, TCSANOW, &modes)
    // No alternate screen to leave: the last frame would stay, the prompt on its status line.
    if let clearOnExit { writeAll(clearOnExit) }
    signals.release()
    CrashGuard.disarm()
  }

  // MARK: - Helpers

  /// Writes bytes to the terminal directly, waiting as long as it takes, after whatever ncurses has
  /// written (every update ends with ncurses' buffer flushed). Only while ncurses writes to the
  /// terminal itself (`composing` off: at the start, around a stop and at the end); frames go through
  /// `send`.
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
