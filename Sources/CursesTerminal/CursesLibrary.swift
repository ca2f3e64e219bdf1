import CNCursesW

/// Facts about the linked ncursesw. The interactive terminal (the next step) lives in this module
/// too: it is the only code in TileGrid that touches ncursesw.
public enum CursesLibrary {
  /// The library's own version string, such as `ncurses 6.4.20230625`.
  public static var version: String {
    String(cString: curses_version())
  }
}
