import CNCursesW

#if canImport(Glibc)
  import Glibc
#endif

// The only file that calls the shim's signal functions: their state is static storage in a C header,
// one copy per object file, so calling them from two Swift files would give two copies.

/// Signals as bytes on a pipe (the self-pipe trick): a C handler writes each signal's number to the
/// pipe, and the event loop polls its read end beside the terminal. Nothing else happens in the
/// handler, so the loop handles a resize or a SIGTERM at a point of its choosing, with Swift code.
/// One at a time per process: the handlers write to the pipe installed last.
final class SignalPipe {
  let readFD: Int32
  let writeFD: Int32
  private var caught: [Int32] = []

  /// The signals the editor handles itself: a resize, the three that end or interrupt it when sent by
  /// `kill` (the keyboard's ^C and ^Z arrive as bytes in raw mode), a stop request, and continuing
  /// after a stop.
  static let handled: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT]

  init?() {
    var fds: [Int32] = [-1, -1]
    guard tg_nonblocking_pipe(&fds) == 0 else { return nil }
    readFD = fds[0]
    writeFD = fds[1]
  }

  deinit {
    release()
    close(readFD)
    close(writeFD)
  }

  /// Routes `signals` to the pipe, replacing ncurses' own handlers (installed by `newterm`), which
  /// would end the program on SIGINT/SIGTERM without restoring the mouse modes.
  func catchSignals(_ signals: [Int32] = SignalPipe.handled) {
    for signal in signals where tg_signal_to_pipe_install(signal, writeFD) == 0 {
      caught.append(signal)
    }
  }

  /// Gives the caught signals their default actions back.
  func release() {
    for signal in caught { _ = tg_signal_default(signal) }
    caught = []
  }

  /// The signals that arrived since the last call, each once, in the order they first arrived.
  func drain() -> [Int32] {
    var signals: [Int32] = []
    var bytes = [UInt8](repeating: 0, count: 64)
    while true {
      let n = bytes.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      for byte in bytes[0..<n] where !signals.contains(Int32(byte)) { signals.append(Int32(byte)) }
    }
    return signals
  }
}

/// The crash path: handlers for the signals a fault or a Swift runtime trap raises, which put the
/// terminal back (bytes written with `write(2)`, the saved modes with `tcsetattr`) before the process
/// dies of the signal as it would have anyway. The work is done by C code in the shim; Swift only
/// prepares the bytes in advance.
public enum CrashGuard {
  /// Segmentation fault, bus error, illegal instruction (Swift's traps on x86-64), breakpoint trap
  /// (Swift's traps on ARM), abort (the runtime's fatal errors, failed C assertions), arithmetic.
  public static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// Arms the crash path: on a crash, `bytes` go to `outputFD` and `saved` is restored on `terminalFD`.
  public static func arm(bytes: [UInt8], outputFD: Int32, terminalFD: Int32, saved: termios?) {
    let prepared: Int32 = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        if var saved {
          return tg_crash_prepare(chars.baseAddress, chars.count, outputFD, terminalFD, &saved)
        }
        return tg_crash_prepare(chars.baseAddress, chars.count, outputFD, terminalFD, nil)
      }
    }
    guard prepared == 0 else { return }
    for signal in signals { _ = tg_crash_install(signal) }
  }

  /// Disarms it: the terminal was restored the ordinary way. The signals' earlier actions come back.
  public static func disarm() {
    tg_crash_disarm()
  }
}
