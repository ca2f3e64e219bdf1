// The ncursesw API for Swift. SwiftPM drops pkg-config's -D flags, so the wide-character API is
// switched on here, before the header.
#ifndef TILEGRID_CNCURSESW_SHIM_H
#define TILEGRID_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// term.h defines macros named after every terminfo capability (`lines`, `columns`, `buttons`…), which
// would shadow ordinary Swift names; the Swift code asks for capabilities by name (`tigetstr`) instead.
#undef lines
#undef columns
#undef buttons

// Macros built from macros do not import into Swift; these re-export them as functions.
static inline int tg_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline attr_t tg_a_bold(void) { return A_BOLD; }
static inline attr_t tg_a_reverse(void) { return A_REVERSE; }
static inline attr_t tg_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tg_a_dim(void) { return A_DIM; }
static inline attr_t tg_a_italic(void) { return A_ITALIC; }
static inline attr_t tg_a_normal(void) { return A_NORMAL; }
static inline mmask_t tg_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tg_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t tg_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline int tg_key_resize(void) { return KEY_RESIZE; }
static inline WINDOW *tg_stdscr(void) { return stdscr; }
static inline WINDOW *tg_curscr(void) { return curscr; }
static inline int tg_lines(void) { return LINES; }
static inline int tg_cols(void) { return COLS; }
static inline int tg_colors(void) { return COLORS; }
static inline int tg_color_pairs(void) { return COLOR_PAIRS; }

// ioctl is variadic, which Swift cannot call.

/// The terminal's size in cells from TIOCGWINSZ; 0 on success, -1 (errno set) on failure.
static inline int tg_get_window_size(int fd, int *rows, int *cols) {
  struct winsize ws;
  memset(&ws, 0, sizeof ws);
  if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
  *rows = ws.ws_row;
  *cols = ws.ws_col;
  return 0;
}

/// Sets a pseudo-terminal's size (TIOCSWINSZ); the kernel then sends SIGWINCH to its foreground group.
static inline int tg_set_window_size(int fd, int rows, int cols) {
  struct winsize ws;
  memset(&ws, 0, sizeof ws);
  ws.ws_row = (unsigned short)rows;
  ws.ws_col = (unsigned short)cols;
  return ioctl(fd, TIOCSWINSZ, &ws);
}

/// A pipe whose ends do not block and are closed on exec (pipe2 needs _GNU_SOURCE; fcntl is variadic).
static inline int tg_nonblocking_pipe(int fds[2]) {
  int i;
  if (pipe(fds) != 0) return -1;
  for (i = 0; i < 2; i++) {
    fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
    fcntl(fds[i], F_SETFD, FD_CLOEXEC);
  }
  return 0;
}

/// A file in memory (memfd_create, closed on exec) that ncurses composes each frame into; -1 if the
/// kernel has none. memfd_create needs _GNU_SOURCE and syscall is variadic.
static inline int tg_memory_file(void) {
  return (int)syscall(SYS_memfd_create, "tilegrid-frame", 1u /* MFD_CLOEXEC */);
}

/// The terminal on `fd` opened again, for writes that never wait (O_NONBLOCK on a description of its
/// own: the shell's descriptor, which `fd` may share, stays as it was); -1 if it cannot be.
static inline int tg_reopen_nonblocking(int fd) {
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  return open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
}

/// Whether the current locale's character encoding is UTF-8.
static inline int tg_codeset_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// Static storage in a header is per object file: every function below that touches it is called from
// one Swift file only (Sources/CursesTerminal/SignalRouting.swift), so there is one copy of it.

// MARK: - Signals to a pipe
//
// A signal handler may only do async-signal-safe things; Swift code is not (it may allocate or take
// runtime locks). So the handlers are C: each writes the signal's number as one byte to a pipe that
// the event loop polls beside the terminal (the self-pipe trick). A full pipe drops the byte, which
// is fine: the loop reads whatever is there, and one byte per kind of signal is enough.

static int tg_signal_pipe_fd = -1;

static void tg_signal_to_pipe(int signal_number) {
  int saved = errno;
  unsigned char byte = (unsigned char)signal_number;
  if (tg_signal_pipe_fd >= 0) {
    ssize_t ignored = write(tg_signal_pipe_fd, &byte, 1);
    (void)ignored;
  }
  errno = saved;
}

/// Sends `signal_number` to the pipe `fd` (non-blocking write end) from now on. SA_RESTART keeps
/// ncurses' own writes from failing with EINTR; poll is interrupted regardless, and the pipe wakes it
/// in any case.
static inline int tg_signal_to_pipe_install(int signal_number, int fd) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  tg_signal_pipe_fd = fd;
  action.sa_handler = tg_signal_to_pipe;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  return sigaction(signal_number, &action, NULL);
}

/// Gives `signal_number` its default action back.
static inline int tg_signal_default(int signal_number) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  return sigaction(signal_number, &action, NULL);
}

// MARK: - The crash path
//
// When the process dies of a fault or a Swift runtime trap (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT,
// SIGFPE), the terminal must not stay in the alternate screen with mouse reporting on and echo off.
// The handler writes bytes prepared in advance (mouse and focus reporting off, SGR reset, cursor
// visible, the normal screen) with write(2), puts back the terminal modes saved at start with
// tcsetattr, and re-raises the signal with its default action, so the process still dies of it (core
// dump and exit status as without the handler). Nothing here allocates or locks.

#define TG_CRASH_BYTES_MAX 512

struct tg_crash_state {
  char bytes[TG_CRASH_BYTES_MAX];
  size_t length;
  int output_fd;
  int terminal_fd;
  struct termios saved;
  int has_saved;
  /// The actions the handler replaced, by signal number, to put back when it is no longer needed
  /// (the Swift runtime may have installed its own, for backtraces).
  struct sigaction previous[65];
  int installed[65];
};

// Aggregates are kept in a function's static variable: Swift's importer emits a header's static
// scalars but not its static arrays and structures.
static inline struct tg_crash_state *tg_crash_state(void) {
  static struct tg_crash_state state;
  return &state;
}

static void tg_crash_handler(int signal_number) {
  struct tg_crash_state *state = tg_crash_state();
  size_t done = 0;
  while (state->output_fd >= 0 && done < state->length) {
    ssize_t n = write(state->output_fd, state->bytes + done, state->length - done);
    if (n > 0) {
      done += (size_t)n;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;
    }
  }
  if (state->has_saved && state->terminal_fd >= 0) tcsetattr(state->terminal_fd, TCSANOW, &state->saved);
  // SA_RESETHAND already gave the signal its default action; SA_NODEFER lets it arrive at once.
  raise(signal_number);
}

/// Prepares the crash path: `bytes` go to `output_fd`, `saved` (if not NULL) is restored on
/// `terminal_fd`. Returns -1 if `length` is too long for the buffer.
static inline int tg_crash_prepare(const char *bytes, size_t length, int output_fd, int terminal_fd,
                                   const struct termios *saved) {
  struct tg_crash_state *state = tg_crash_state();
  if (length > TG_CRASH_BYTES_MAX) return -1;
  memcpy(state->bytes, bytes, length);
  state->length = length;
  state->output_fd = output_fd;
  state->terminal_fd = terminal_fd;
  if (saved != NULL) {
    state->saved = *saved;
    state->has_saved = 1;
  } else {
    state->has_saved = 0;
  }
  return 0;
}

/// Installs the crash handler for `signal_number` (once: it resets itself when it runs).
static inline int tg_crash_install(int signal_number) {
  struct tg_crash_state *state = tg_crash_state();
  struct sigaction action;
  if (signal_number <= 0 || signal_number >= 65) return -1;
  memset(&action, 0, sizeof action);
  action.sa_handler = tg_crash_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND | SA_NODEFER;
  if (sigaction(signal_number, &action, &state->previous[signal_number]) != 0) return -1;
  state->installed[signal_number] = 1;
  return 0;
}

/// The crash path is no longer needed (the terminal was restored normally): the actions from before
/// `tg_crash_install` come back.
static inline void tg_crash_disarm(void) {
  struct tg_crash_state *state = tg_crash_state();
  int s;
  for (s = 1; s < 65; s++) {
    if (state->installed[s]) {
      sigaction(s, &state->previous[s], NULL);
      state->installed[s] = 0;
    }
  }
  state->length = 0;
  state->has_saved = 0;
}

#endif
