import CNCursesW

/// Facts about the linked ncursesw. The interactive terminal (the next step) lives in this module
/// too: it is the only code in TileGrid that touches ncursesw.
public enum CursesLibrary {
  /// The library's own version string, such as `ncurses 6.4.20230625`.
  public static var version: String {
    String(cString: curses_version())
  }

  /// Runs `body` holding the lock every use of ncurses' one global terminal (`cur_term`) holds here:
  /// code outside this module that starts or ends a screen itself (`newterm`, `delscreen`: a test)
  /// does it inside, so that it never frees or replaces the entry another thread is reading.
  public static func withGlobalTerminal<T>(_ body: () throws -> T) rethrows -> T {
    try terminfoLock.withLock { _ in try body() }
  }
}
