#if canImport(Glibc)
  import Glibc
#endif

import Canvas

/// A private terminfo entry for a color depth the terminal's own entry does not describe. Terminals
/// announce 24-bit color with `COLORTERM` (or their own variables), but their terminfo entries
/// (xterm-256color, tmux-256color) rarely have the `RGB` capability that makes ncurses take color
/// numbers as 0xRRGGBB, and the `*-direct` entries are not installed here; and `--color 256` may be
/// asked of a terminal whose entry says 8 colors. So TileGrid compiles one with `tic -x` into a fresh
/// temporary directory: the terminal's own entry plus the depth's `colors`, `pairs`, `op` and a
/// `setaf`/`setab` that send it (for 24-bit color, palette indices below 256 as `38;5;n` and larger
/// values as `38;2;r;g;b`). `newterm` loads it from there, then the directory is removed.
enum ColorEntry {
  /// The entry's name: the terminal's with a suffix, so `TERM` itself is never shadowed.
  static func name(for base: String, depth: ColorDepth) -> String {
    switch depth {
    case .trueColor: return base + "-tilegrid-rgb"
    case .xterm256: return base + "-tilegrid-256"
    case .ansi16: return base + "-tilegrid-16"
    case .ansi8: return base + "-tilegrid-8"
    }
  }

  /// Only plain names are compiled (they are pasted into the entry's source).
  static func isPlainName(_ term: String) -> Bool {
    !term.isEmpty && term.count <= 64
      && term.utf8.allSatisfy {
        $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
          || $0 == UInt8(ascii: "+")
      }
  }

  /// The terminfo source for `base` drawn at `depth`.
  static func source(base: String, depth: ColorDepth) -> String {
    /// `setaf`/`setab` for SGR `normal`+n (30/40) below 8, `bright`+n-8 (90/100) below 16 (when the
    /// depth has them), and `extended` (38/48) with `;5;n` below 256 or `;2;r;g;b` above.
    func set(_ normal: Int, _ bright: Int, _ extended: Int) -> String {
      switch depth {
      case .ansi8: return "\\E[\(normal)%p1%dm"
      case .ansi16: return "\\E[%?%p1%{8}%<%t\(normal)%p1%d%e\(bright)%p1%{8}%-%d%;m"
      case .xterm256:
        return "\\E[%?%p1%{8}%<%t\(normal)%p1%d%e%p1%{16}%<%t\(bright)%p1%{8}%-%d%e\(extended);5;%p1%d%;m"
      case .trueColor:
        return "\\E[%?%p1%{8}%<%t\(normal)%p1%d%e%p1%{16}%<%t\(bright)%p1%{8}%-%d%e%?%p1%{256}%<%t\(extended);5;%p1%d"
          + "%e\(extended);2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;%;m"
      }
    }
    let counts: String
    switch depth {
    case .trueColor: counts = "RGB, colors#0x1000000, pairs#0x10000, ccc@, initc@, oc@"
    case .xterm256: counts = "RGB@, colors#256, pairs#0x10000"
    case .ansi16: counts = "RGB@, colors#16, pairs#256"
    case .ansi8: counts = "RGB@, colors#8, pairs#64"
    }
    return """
      \(name(for: base, depth: depth))|\(base) with \(depth) color (TileGrid),
      \t\(counts), op=\\E[39;49m,
      \tsetaf=\(set(3, 9, 38)),
      \tsetab=\(set(4, 10, 48)),
      \tuse=\(base),

      """
  }

  /// Compiles the entry for `base` at `depth` into a new temporary directory and returns the directory,
  /// or nil when that fails (no `tic`, an unknown `base`, no temporary directory): then the terminal
  /// gets its own entry's colors instead.
  static func compile(base: String, depth: ColorDepth) -> String? {
    guard isPlainName(base) else { return nil }
    let tmp = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(tmp)/tilegrid-terminfo-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
      mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
    }
    guard let directory = made else { return nil }
    let sourcePath = directory + "/entry.src"
    let text = Array(source(base: base, depth: depth).utf8)
    let fd = open(sourcePath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      removeTree(directory)
      return nil
    }
    let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == text.count, run(["tic", "-x", "-o", directory, sourcePath]) == 0 else {
      removeTree(directory)
      return nil
    }
    unlink(sourcePath)
    return directory
  }

  /// Runs a program found on PATH with its output discarded; returns its exit status (-1 if it could
  /// not run or was killed).
  static func run(_ arguments: [String]) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return -1 }
    }
    // WIFEXITED / WEXITSTATUS are macros.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
  }

  /// Removes a directory and everything in it (the compiled entry sits one level down).
  static func removeTree(_ path: String) {
    if let directory = opendir(path) {
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        let child = path + "/" + name
        var st = stat()
        if lstat(child, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
          removeTree(child)
        } else {
          unlink(child)
        }
      }
      closedir(directory)
    }
    rmdir(path)
  }
}

extension UInt8 {
  fileprivate var isASCIIAlphanumeric: Bool {
    (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
  }
}
