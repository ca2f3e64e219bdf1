// The ncursesw API for Swift. SwiftPM drops pkg-config's -D flags, so the wide-character API is
// switched on here, before the header (DESIGN.md §9).
#ifndef TILEGRID_CNCURSESW_SHIM_H
#define TILEGRID_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Macros built from macros do not import into Swift; these re-export them as functions.
static inline int tg_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline attr_t tg_a_bold(void) { return A_BOLD; }
static inline attr_t tg_a_reverse(void) { return A_REVERSE; }
static inline attr_t tg_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tg_a_dim(void) { return A_DIM; }
static inline attr_t tg_a_normal(void) { return A_NORMAL; }
static inline mmask_t tg_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tg_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t tg_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline int tg_key_resize(void) { return KEY_RESIZE; }
static inline WINDOW *tg_stdscr(void) { return stdscr; }
static inline int tg_lines(void) { return LINES; }
static inline int tg_cols(void) { return COLS; }
static inline int tg_colors(void) { return COLORS; }

#endif
