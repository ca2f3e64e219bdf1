import CursesTerminal
import Foundation
import TestSupport
import Testing

/// The bytes that put the terminal back, and the crash handler that writes them: run in a child
/// process on a pseudo-terminal, which then dies of a real fault or a raised signal.
@Suite("The crash path")
struct CrashPathTests {
  static let xtermRestore = TerminalModes.crashRestore(
    exitAlternateScreen: "\u{1B}[?1049l\u{1B}[23;0;0t", cursorVisible: "\u{1B}[?12l\u{1B}[?25h")

  @Test("the restore bytes: CAN, attributes off, scrolling region reset, modes off, cursor shown, normal screen")
  func restoreBytes() {
    let expected =
      "\u{18}\u{1B}[0m\u{1B}[r\u{1B}[?2004l\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1015l\u{1B}[?1002l\u{1B}[?1000l"
      + "\u{1B}[?2026l\u{1B}[?12l\u{1B}[?25h\u{1B}[?1049l\u{1B}[23;0;0t"
    #expect(Self.xtermRestore == Array(expected.utf8))
  }

  @Test("every mode turned on is turned off by the ordinary and the crash restore")
  func modesOff() {
    let on = String(decoding: TerminalModes.on, as: UTF8.self)
    let off = String(decoding: TerminalModes.off, as: UTF8.self)
    let crash = String(decoding: Self.xtermRestore, as: UTF8.self)
    for mode in ["1000", "1002", "1015", "1006", "1004", "2004"] {
      #expect(on.contains("\u{1B}[?\(mode)h"))
      #expect(off.contains("\u{1B}[?\(mode)l"))
      #expect(crash.contains("\u{1B}[?\(mode)l"))
    }
  }

  @Test("without terminfo strings, the defaults; padding in terminfo strings is not written")
  func defaultsAndPadding() {
    let plain = String(decoding: TerminalModes.crashRestore(exitAlternateScreen: nil, cursorVisible: ""), as: UTF8.self)
    #expect(plain.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    let padded = String(
      decoding: TerminalModes.crashRestore(
        exitAlternateScreen: "\u{1B}[?1049l$<5>", cursorVisible: "$<2*/>\u{1B}[?25h"),
      as: UTF8.self)
    #expect(!padded.contains("$<"))
    #expect(padded.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
  }

  @Test("without an alternate screen (vt100, linux), the screen is cleared after the rest")
  func clearsWithoutAlternateScreen() {
    let vt100 = String(
      decoding: TerminalModes.crashRestore(exitAlternateScreen: nil, cursorVisible: nil, clearScreen: "\u{1B}[H\u{1B}[J$<50>"),
      as: UTF8.self)
    #expect(vt100.hasSuffix("\u{1B}[?25h\u{1B}[?1049l\u{1B}[H\u{1B}[J"))
    let defaulted = String(
      decoding: TerminalModes.crashRestore(exitAlternateScreen: nil, cursorVisible: nil, clearScreen: ""),
      as: UTF8.self)
    #expect(defaulted.hasSuffix("\u{1B}[H\u{1B}[J"))
    #expect(!String(decoding: Self.xtermRestore, as: UTF8.self).contains("\u{1B}[J"))
  }

  enum Crash: String, CaseIterable, Sendable {
    case segmentationFault, raisedSegv, bus, illegal, trap, abort, arithmetic

    var signal: Int32 {
      switch self {
      case .segmentationFault, .raisedSegv: return SIGSEGV
      case .bus: return SIGBUS
      case .illegal: return SIGILL
      case .trap: return SIGTRAP
      case .abort: return SIGABRT
      case .arithmetic: return SIGFPE
      }
    }

    /// Dies; in the child only.
    func happen() {
      switch self {
      case .segmentationFault:
        // A real fault: a write to an address no page is mapped at.
        UnsafeMutablePointer<Int>(bitPattern: 64)!.pointee = 1
      case .abort:
        Glibc.abort()
      default:
        raise(signal)
      }
    }
  }

  @Test(
    "a crash writes the restore bytes, puts the terminal's modes back and dies of its signal", arguments: Crash.allCases
  )
  func crash(_ crash: Crash) throws {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    try #require(master >= 0)
    defer { close(master) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    try #require(ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    try #require(slave >= 0)
    var original = termios()
    tcgetattr(slave, &original)
    var raw = original
    cfmakeraw(&raw)
    let bytes = Self.xtermRestore
    _ = CrashGuard.signals  // made before the fork: the child only calls C and reads memory

    let pid = fork()
    if pid == 0 {
      // The child: raw modes as the editor sets them, the crash path armed, then the crash.
      tcsetattr(slave, TCSANOW, &raw)
      CrashGuard.arm(bytes: bytes, outputFD: slave, terminalFD: slave, saved: original)
      crash.happen()
      _exit(99)  // not reached
    }
    close(slave)
    try #require(pid > 0)

    var output: [UInt8] = []
    var status: Int32 = 0
    let deadline = PseudoTerminalProcess.now() + Int(PseudoTerminalProcess.defaultSeconds * 1000)
    var reaped = false
    while PseudoTerminalProcess.now() < deadline {
      var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      if poll(&fd, 1, 20) > 0 {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if n > 0 { output += chunk[0..<n] }
      }
      if !reaped && waitpid(pid, &status, WNOHANG) == pid { reaped = true }
      if reaped && output.count >= bytes.count { break }
    }
    if !reaped {
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
    }
    #expect(reaped, "the child ended by itself")
    #expect(status & 0x7F == crash.signal, "killed by signal \(crash.signal), not status \(status)")
    #expect(output == bytes, "wrote \(String(decoding: output, as: UTF8.self).debugDescription)")
    var after = termios()
    tcgetattr(master, &after)
    let flags = tcflag_t(ICANON | ECHO | ISIG)
    #expect(after.c_lflag & flags == original.c_lflag & flags, "canonical mode, echo and signals are back")
    #expect(after.c_iflag == original.c_iflag && after.c_oflag == original.c_oflag)
  }
}
