import CNCursesW
import CursesTerminal
import Foundation
import Testing

/// ncursesw is really linked, with its wide-character API, and the shim's re-exported macros work —
/// without a terminal: a screen is opened on /dev/null.
@Suite("ncursesw is linked")
struct CursesLinkTests {
  @Test("the library reports version 6")
  func version() {
    #expect(CursesLibrary.version.hasPrefix("ncurses 6."))
  }

  @Test("a screen opens headlessly, knows 256 colors, and the shim's macros match ncurses' values")
  func headlessScreen() throws {
    // ncurses' one global terminal is this screen's while it is open: other tests read terminal
    // descriptions in parallel, each holding the lock that keeps them from freeing each other's.
    try CursesLibrary.withGlobalTerminal { try openHeadlessScreen() }
  }

  func openHeadlessScreen() throws {
    let output = try #require(fopen("/dev/null", "w"))
    let input = try #require(fopen("/dev/null", "r"))
    defer {
      fclose(output)
      fclose(input)
    }
    let screen = try #require(newterm("xterm-256color", output, input))
    defer { delscreen(screen) }
    #expect(start_color() == OK)
    #expect(tg_colors() >= 256)
    // COLOR_PAIR(n) is n shifted past the character bits (NCURSES_ATTR_SHIFT = 8).
    #expect(tg_color_pair(1) == 1 << 8)
    #expect(tg_a_bold() != 0 && tg_a_bold() != tg_a_reverse())
    #expect(tg_button1_pressed() != 0)
    // The wide-character API is there: a wide cell takes a Korean syllable.
    var cell = cchar_t()
    var text: [wchar_t] = [wchar_t(0xD55C), 0]
    #expect(setcchar(&cell, &text, 0, 0, nil) == OK)
    endwin()  // ERR here: /dev/null is not a terminal whose modes could be restored
  }
}
