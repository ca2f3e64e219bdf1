import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starting a process with a clean signal state, for tmux.
///
/// Foundation's `Process` starts the child with the calling thread's signal mask, and the threads
/// Swift Testing runs tests on block nearly every signal. A tmux server started that way inherits the
/// mask: it never handles SIGCHLD (its first client waits forever) or SIGTERM, and every program in its
/// panes would start with SIGWINCH, SIGTERM and SIGTSTP blocked. So tmux is started here with
/// `posix_spawn`, an empty signal mask and every signal at its default action, and the other file
/// descriptors closed.
enum CleanSpawn {
  enum Status: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    var description: String {
      switch self {
      case .exited(let status): return "status \(status)"
      case .signaled(let signal): return "signal \(signal)"
      }
    }
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift's Glibc module does not
  /// declare it): the child closes every descriptor from 3 up.
  private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private static let addCloseFrom: AddCloseFrom? = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
  ).map { unsafeBitCast($0, to: AddCloseFrom.self) }

  /// Runs `path` with `arguments`, standard input from /dev/null and standard output and error into
  /// the files at `stdout` and `stderr`; kills it if it has not exited after `timeout`.
  static func run(
    _ path: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String,
    timeout: Duration
  ) throws -> Status {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if let closeFrom = addCloseFrom { _ = closeFrom(&actions, 3) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let error = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard error == 0 else {
      throw TmuxError("cannot start \(path): \(String(cString: strerror(error)))")
    }

    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { break }
      if result == -1 && errno != EINTR {
        throw TmuxError("lost track of \(path) (pid \(pid)): waitpid failed with errno \(errno)")
      }
      if clock.now >= deadline {
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        throw TmuxError("\(path) \(arguments) did not finish within \(TmuxSession.seconds(timeout))")
      }
      usleep(500)
    }
    // The wait status: the low 7 bits are the terminating signal, 0 for a normal exit.
    return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
  }
}
