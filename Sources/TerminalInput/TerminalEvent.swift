import Geometry

/// What a terminal reports to the program, before decoding: bytes as read, a new size, a signal, or
/// that the time waited for passed. The interactive terminal (CursesTerminal) reports these; the
/// program turns each into a message for the editor (and a recording writes them down).
public enum TerminalEvent: Equatable, Sendable {
  /// Bytes read from the terminal, exactly as sent.
  case bytes([UInt8])
  /// The terminal has a new size (SIGWINCH, or found after a stop).
  case resize(Size)
  case signal(TerminalSignal)
  /// The time given to the wait passed without anything arriving.
  case timeout
  /// The descriptor the program asked to be watched along with the terminal (the file watcher's) has
  /// something to read.
  case watched
}

/// Signals that mean something to the editor.
public enum TerminalSignal: Equatable, Sendable {
  /// SIGINT sent by `kill` (the keyboard's ^C arrives as a byte).
  case interrupt
  /// SIGTERM.
  case terminate
  /// SIGHUP, or the terminal's input ended (the terminal is gone).
  case hangup
  /// SIGTSTP sent by `kill` (the keyboard's ^Z arrives as a byte): the program suspends.
  case suspend
}
