#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Running another program (git, for `tilegrid git-setup` and the text diff of files that are not
// arrangements), and the facts about this one that setting git up needs: where its executable is and
// whether PATH finds it.

extension Platform {
  /// What a program run by `run(_:)` did.
  public struct ProgramResult: Sendable {
    /// Its exit status, or nil when it could not be started or was killed by a signal.
    public var status: Int32?
    /// Its standard output and standard error, together, as written.
    public var output: [UInt8]

    public var outputText: String { String(decoding: output, as: UTF8.self) }
  }

  /// Runs a program found on PATH with `arguments` (the first is its name), standard input from
  /// `/dev/null`, and returns its status and output (standard output and error through one pipe, so
  /// neither can fill up while the other is read).
  public static func run(_ arguments: [String]) -> ProgramResult {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return ProgramResult(status: nil, output: []) }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup(cPath($0)) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0
    close(writeEnd)
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while spawned {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      output.append(contentsOf: chunk[0..<n])
    }
    close(readEnd)
    guard spawned else { return ProgramResult(status: nil, output: []) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return ProgramResult(status: nil, output: output) }
    }
    // WIFEXITED / WEXITSTATUS are macros.
    return ProgramResult(status: status & 0x7F == 0 ? (status >> 8) & 0xFF : nil, output: output)
  }

  /// The value of an environment variable, if it is set.
  public static func environment(_ name: String) -> String? {
    getenv(name).map { pathString(cString: $0) }
  }

  /// The absolute path of this program's executable, with links resolved (Linux: `/proc/self/exe`).
  public static func executablePath() -> String? {
    realPath("/proc/self/exe")
  }

  /// `path` made absolute with links resolved, if it exists.
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(cPath(path), nil) else { return nil }
    defer { free(resolved) }
    return pathString(cString: resolved)
  }

  /// The file `PATH` finds for a program name, if any.
  public static func findOnPath(_ name: String) -> String? {
    for directory in (environment("PATH") ?? "").split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
      var st = stat()
      if stat(cPath(candidate), &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, access(cPath(candidate), X_OK) == 0 { return candidate }
    }
    return nil
  }
}

// Editing a text in the person's text editor (`e` in the editor: a card's text).

extension Platform {
  /// The text editor to run: `$VISUAL`, else `$EDITOR`, else `vi` (each as a shell command, so that
  /// `code --wait` works).
  public static var textEditor: String {
    for name in ["VISUAL", "EDITOR"] {
      if let command = environment(name), !command.allSatisfy({ $0 == " " || $0 == "\t" }) { return command }
    }
    return "vi"
  }

  /// Writes `text` to a new file in the temporary directory (named `tilegrid-card-XXXXXX` and
  /// `suffix`, readable by its owner only), runs `command` on it through `/bin/sh` with the terminal as
  /// its standard input and output, and returns what the file then holds; or why not (the editor did
  /// not run, or exited with a failure: then nothing is taken). The file is removed either way.
  public static func editText(_ text: String, command: String, suffix: String) -> Result<String, TextEditFailure> {
    let directory = environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/tilegrid-card-XXXXXX" + suffix).utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
    guard fd >= 0 else { return .failure(TextEditFailure("cannot make a file in \(directory): \(String(cString: strerror(errno)))")) }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    if let error = writeAll(fd: fd, Array(text.utf8)) {
      close(fd)
      return .failure(TextEditFailure("cannot write \(path): \(String(cString: strerror(error)))"))
    }
    close(fd)
    // The command's words as the shell reads them, and the file as its last argument.
    let argv = ["/bin/sh", "-c", command + " \"$1\"", "sh", path]
    var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/bin/sh", nil, nil, &cArguments, environ) == 0 else {
      return .failure(TextEditFailure("cannot run /bin/sh for the text editor"))
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return .failure(TextEditFailure("lost the text editor: \(String(cString: strerror(errno)))")) }
    }
    guard status & 0x7F == 0 else { return .failure(TextEditFailure("the text editor '\(command)' was killed")) }
    let exit = (status >> 8) & 0xFF
    guard exit == 0 else {
      return .failure(
        TextEditFailure(
          exit == 127 ? "no text editor '\(command)' (set VISUAL or EDITOR)" : "the text editor '\(command)' exited with \(exit)"))
    }
    do {
      return .success(String(decoding: try read(path).bytes, as: UTF8.self))
    } catch {
      return .failure(TextEditFailure("cannot read the edited text back: \(error)"))
    }
  }
}

/// Why a text could not be edited in the text editor.
public struct TextEditFailure: Error, Equatable, Sendable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
