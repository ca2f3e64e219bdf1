#if canImport(Glibc)
  import Glibc
#endif

/// A program running on a pseudo-terminal this process holds the other end of: what a person's
/// terminal emulator does, minus the drawing. The program is a session leader whose controlling
/// terminal is the pseudo-terminal (so `/dev/tty` works, and resizing sends it SIGWINCH). Every wait
/// is on a condition with a deadline, never a fixed sleep.
public final class PseudoTerminalProcess {
  /// How long a wait lasts before it fails: what a debug build takes to start and draw on two cores
  /// busy with other builds, with room to spare (a wait ends as soon as its condition holds), as
  /// `TmuxSession.defaultTimeout`.
  public static let defaultSeconds: Double = 30

  /// Where one of the program's standard streams goes.
  public enum Stream {
    /// The pseudo-terminal.
    case terminal
    /// A file (created or emptied for output, read for input).
    case file(String)
  }

  /// How the program ended.
  public enum Ending: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    public var description: String {
      switch self {
      case .exited(let status): return "exit \(status)"
      case .signaled(let signal): return "killed by signal \(signal)"
      }
    }
  }

  public let pid: pid_t
  /// The terminal side: what the program writes is read here, what is written here is its input.
  public let master: Int32
  /// Everything the program wrote to the terminal so far.
  public private(set) var output: [UInt8] = []
  /// Set once the program has ended.
  public private(set) var ending: Ending?
  /// When the last byte so far was read (monotonic clock, nanoseconds), for measurements.
  public private(set) var lastReadNanoseconds = 0
  /// Set once the terminal is closed (reads fail with EIO).
  public private(set) var closed = false
  private let slaveHold: Int32

  /// Starts `executable` with `arguments` on a new `width` x `height` pseudo-terminal, with exactly
  /// `environment`, in `directory`. `pendingInput` is typed into the terminal before the program
  /// starts, so it is already waiting when the program first looks (as a killed program's input is).
  public init(
    _ executable: String, _ arguments: [String], environment: [String: String], width: Int, height: Int,
    directory: String? = nil, stdin: Stream = .terminal, stdout: Stream = .terminal, stderr: Stream = .terminal,
    pendingInput: [UInt8] = []
  ) throws {
    // posix_openpt, unlockpt and ptsname are not in Swift's Glibc module; these are their Linux insides.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, Self.unlockRequest, &unlock) == 0, ioctl(master, Self.numberRequest, &number) == 0
    else {
      throw SetupError(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    let slave = "/dev/pts/\(number)"
    // Held open here too, so the terminal stays open while the program has no descriptor for it (in
    // pipe mode, until it opens /dev/tty); otherwise reading this end fails with EIO meanwhile.
    slaveHold = open(slave, O_RDWR | O_NOCTTY | O_CLOEXEC)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    self.master = master
    Self.setSize(master, width: width, height: height)
    if !pendingInput.isEmpty {
      _ = pendingInput.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The first terminal a session leader opens becomes its controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 3, slave, O_RDWR, 0)
    for (fd, stream, input) in [(Int32(0), stdin, true), (1, stdout, false), (2, stderr, false)] {
      switch stream {
      case .terminal: posix_spawn_file_actions_adddup2(&actions, 3, fd)
      case .file(let path):
        posix_spawn_file_actions_addopen(
          &actions, fd, path, input ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      }
    }
    posix_spawn_file_actions_addclose(&actions, 3)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    sigfillset(&all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(
      &attributes, Int16(Self.spawnNewSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    // A working directory goes through the shell, which then becomes the program (same process).
    let command = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0, executable] } ?? [executable]
    var argv: [UnsafeMutablePointer<CChar>?] = (command + arguments).map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, &argv, &envp)
    guard spawned == 0 else {
      close(master)
      close(slaveHold)
      throw SetupError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    self.pid = pid
  }

  /// TIOCSPTLCK and TIOCGPTN (the same numbers on x86-64 and ARM64), and glibc's POSIX_SPAWN_SETSID.
  static let unlockRequest: UInt = 0x4004_5431
  static let numberRequest: UInt = 0x8004_5430
  static let spawnNewSession: Int32 = 0x80

  deinit {
    if ending == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
    close(slaveHold)
  }

  /// The environment of a terminal program: xterm-256color, UTF-8, and this process's PATH and HOME;
  /// no keys file (`XDG_CONFIG_HOME` where none can be), so the editor's keys are the standard ones.
  public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var result = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "XDG_CONFIG_HOME": "/dev/null"]
    for name in ["PATH", "HOME", "TMPDIR"] {
      if let value = getenv(name) { result[name] = String(cString: value) }
    }
    return result.merging(extra) { $1 }
  }

  static func setSize(_ fd: Int32, width: Int, height: Int) {
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(fd, UInt(TIOCSWINSZ), &size)
  }

  /// Resizes the terminal; the kernel sends the program SIGWINCH.
  public func resize(width: Int, height: Int) {
    Self.setSize(master, width: width, height: height)
  }

  /// Types `bytes` into the terminal.
  public func write(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress! + offset, $0.count - offset) }
      if n > 0 {
        offset += n
      } else if n < 0 && (errno == EINTR || errno == EAGAIN) {
        var fd = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
        _ = poll(&fd, 1, 100)
      } else {
        return
      }
    }
  }

  public func write(_ text: String) { write(Array(text.utf8)) }

  public func signal(_ signal: Int32) { kill(pid, signal) }

  /// Reads what the program wrote, waiting up to `milliseconds` for the first byte; returns how many
  /// bytes arrived.
  @discardableResult
  public func read(waiting milliseconds: Int) -> Int {
    guard !closed else { return 0 }
    var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&fd, 1, Int32(max(0, milliseconds))) > 0 else { return 0 }
    var total = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      if n > 0 {
        output.append(contentsOf: chunk[0..<n])
        total += n
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        lastReadNanoseconds = Int(t.tv_sec) * 1_000_000_000 + Int(t.tv_nsec)
        continue
      }
      if n < 0 && errno == EINTR { continue }
      if n == 0 || (n < 0 && errno == EIO) { closed = true }
      break
    }
    return total
  }

  /// Reads what the program writes as a slow terminal takes it: `bytesPerSecond` at most, a piece of
  /// up to `piece` bytes at a time, each piece keeping the reader busy for its share of a second (so
  /// what the kernel holds waits meanwhile, as behind a terminal that draws slowly), until
  /// `milliseconds` have passed. Returns when each piece was read (nanoseconds on the monotonic clock)
  /// and its size.
  @discardableResult
  public func readPaced(bytesPerSecond: Int, milliseconds: Int, piece: Int = 512) -> [(nanoseconds: Int, bytes: Int)] {
    func nanoseconds() -> Int {
      var t = timespec()
      clock_gettime(CLOCK_MONOTONIC, &t)
      return Int(t.tv_sec) * 1_000_000_000 + Int(t.tv_nsec)
    }
    let end = nanoseconds() + milliseconds * 1_000_000
    var free = nanoseconds()
    var pieces: [(nanoseconds: Int, bytes: Int)] = []
    var chunk = [UInt8](repeating: 0, count: piece)
    while !closed {
      var now = nanoseconds()
      if now >= end { break }
      // Busy with the last piece: nothing is read until it is drawn.
      if free > now {
        _ = poll(nil, 0, Int32((min(free, end) - now + 999_999) / 1_000_000))
        continue
      }
      var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&fd, 1, Int32(max(1, (end - now) / 1_000_000))) > 0 else { continue }
      let n = chunk.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      if n > 0 {
        now = nanoseconds()
        output.append(contentsOf: chunk[0..<n])
        lastReadNanoseconds = now
        pieces.append((now, n))
        free = now + n * 1_000_000_000 / bytesPerSecond
      } else if n == 0 || (n < 0 && errno == EIO) {
        closed = true
      }
    }
    return pieces
  }

  /// Answers the program's question about synchronized output (DECRQM 2026) as a terminal that knows
  /// the mode: from then on it marks each frame `ESC[?2026h … ESC[?2026l`, so frames can be counted.
  /// Waits for the question at most `seconds`; false if it never came.
  @discardableResult
  public func answerSynchronizedOutput(seconds: Double = defaultSeconds) -> Bool {
    guard wait(for: "\u{1B}[?2026$p", seconds: seconds) else { return false }
    write("\u{1B}[?2026;2$y")
    return true
  }

  /// How many frames marked as synchronized output begin in the output after byte `offset`.
  public func markedFrames(from offset: Int = 0) -> Int {
    let mark = Array("\u{1B}[?2026h".utf8)
    var count = 0
    var at = offset
    while let found = Self.find(mark, in: output, from: at) {
      count += 1
      at = found + mark.count
    }
    return count
  }

  /// Milliseconds on the monotonic clock.
  public static func now() -> Int {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Int(t.tv_sec) * 1000 + Int(t.tv_nsec) / 1_000_000
  }

  /// Reads until `condition` holds for the output so far, or `seconds` pass; returns whether it held.
  @discardableResult
  public func wait(seconds: Double = 10, until condition: ([UInt8]) -> Bool) -> Bool {
    let deadline = Self.now() + Int(seconds * 1000)
    while true {
      if condition(output) { return true }
      let left = deadline - Self.now()
      if left <= 0 { return false }
      if closed || reap() {
        // Nothing more can arrive.
        while read(waiting: 0) > 0 {}
        return condition(output)
      }
      read(waiting: min(left, 50))
    }
  }

  /// Whether the program has ended (reaping it if it just did).
  private func reap() -> Bool {
    guard ending == nil else { return true }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return false }
    ending = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
    return true
  }

  /// Waits until the output contains `text` after byte `offset`.
  @discardableResult
  public func wait(for text: String, after offset: Int = 0, seconds: Double = defaultSeconds) -> Bool {
    let needle = Array(text.utf8)
    return wait(seconds: seconds) { Self.find(needle, in: $0, from: offset) != nil }
  }

  /// Waits until the program ends (reading its output meanwhile, so it never blocks on a full
  /// terminal), at most `seconds`.
  @discardableResult
  public func waitForEnd(seconds: Double = defaultSeconds) -> Ending? {
    let deadline = Self.now() + Int(seconds * 1000)
    while !reap() {
      let left = deadline - Self.now()
      if left <= 0 { return nil }
      read(waiting: min(left, 20))
    }
    while read(waiting: 0) > 0 {}
    return ending
  }

  /// Waits until the program is stopped (SIGSTOP, SIGTSTP), at most `seconds`.
  public func waitForStop(seconds: Double = defaultSeconds) -> Bool {
    let deadline = Self.now() + Int(seconds * 1000)
    while Self.now() < deadline {
      var status: Int32 = 0
      let done = waitpid(pid, &status, WNOHANG | WUNTRACED)
      if done == pid {
        if status & 0xFF == 0x7F { return true }
        ending = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
        return false
      }
      read(waiting: 20)
    }
    return false
  }

  /// The terminal's modes as the program left them (a pseudo-terminal's master reports the slave's).
  public func modes() -> termios {
    var t = termios()
    tcgetattr(master, &t)
    return t
  }

  /// The first index of `needle` in `haystack` at or after `from`.
  public static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int = 0) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
    var i = max(0, from)
    let last = haystack.count - needle.count
    while i <= last {
      if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }

  /// The output from `offset` as text, for failure messages (escapes shown as `\e`).
  public func text(from offset: Int = 0) -> String {
    String(decoding: output[min(offset, output.count)...], as: UTF8.self).replacing("\u{1B}", with: "\\e")
  }
}
