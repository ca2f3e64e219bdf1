#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Recovery files: when a session ends on SIGTERM or SIGHUP with unsaved changes, they are written to a
// new file beside the original (an earlier recovery is never replaced), else in the temporary
// directory.

extension Platform {
  /// The directories to try for a recovery file, in order, with the name it is made from: beside the
  /// file (the current directory when there is none: the demo, standard input), then the temporary
  /// directory.
  public static func recoveryPlaces(
    forFile path: String?, unnamed: String, temporaryDirectory: String
  ) -> [(directory: String, base: String)] {
    var places: [(String, String)] = []
    var base = unnamed
    if let path {
      let slash = path.lastIndex(of: "/")
      let directory = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
      base = slash.map { String(path[path.index(after: $0)...]) } ?? path
      places.append((directory, base))
    } else {
      places.append((".", base))
    }
    places.append((temporaryDirectory, base))
    return places
  }

  /// `BASE.recovery.json`, or with a number after the first attempt: `BASE.recovery-2.json`, …
  public static func recoveryName(_ base: String, attempt: Int) -> String {
    attempt == 0 ? "\(base).recovery.json" : "\(base).recovery-\(attempt + 1).json"
  }

  /// Writes a new recovery file for `path` (nil: a file without a name, called `unnamed`) with the bytes
  /// `produce` hands over, and returns where; or the last failure's message.
  public static func writeRecovery(
    forFile path: String?, unnamed: String,
    _ produce: (_ write: ([UInt8]) throws(WriteFailure) -> Void) throws(WriteFailure) -> Void
  ) -> Result<String, WriteFailure> {
    let tmp = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var lastFailure = WriteFailure.failed(message: "no place to write a recovery file", partWay: false)
    for (directory, base) in recoveryPlaces(forFile: path, unnamed: unnamed, temporaryDirectory: tmp) {
      for attempt in 0..<100 {
        let candidate = (directory == "." ? "" : directory + "/") + recoveryName(base, attempt: attempt)
        if exists(candidate) { continue }
        do {
          _ = try writeFile(candidate, expected: nil, force: false, produce)
          return .success(candidate)
        } catch {
          lastFailure = error
        }
        break
      }
    }
    return .failure(lastFailure)
  }
}

// Files left behind: recovery files beside a file, and the backups of in-place saves that never
// finished (the writer's process is gone). The editor asks about them when it opens the file.

extension Platform {
  /// A file an earlier session left beside a file.
  public struct LeftBehindFile: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
      /// `NAME.recovery.json`, `NAME.recovery-N.json`: unsaved changes kept at SIGTERM or SIGHUP.
      case recovery
      /// `.NAME.tilegrid-PID-N.bak`: the file's content before an in-place save that never finished.
      case backup
    }

    public var kind: Kind
    /// The path, reached from the directory of the file as it was written.
    public var path: String
    /// The file name alone.
    public var name: String
  }

  /// The recovery files and the backups left beside `path`: recovery files in order (`.recovery.json`,
  /// then `-2`, `-3`, …), then backups by name. A backup counts only when the process that made it
  /// (its PID is in its name) is no longer running: otherwise a save is under way. Backups are looked
  /// for beside the file a symbolic link names, where an in-place save makes them.
  ///
  /// - Complexity: one pass over the directory (two when `path` is a link to another directory).
  public static func leftBehind(besideFile path: String) -> [LeftBehindFile] {
    let (directory, base) = split(path)
    var recoveries: [(Int, LeftBehindFile)] = []
    for name in directoryNames(directory) {
      guard let number = recoveryNumber(name, base: base) else { continue }
      recoveries.append((number, LeftBehindFile(kind: .recovery, path: joined(directory, name), name: name)))
    }
    let target = FileWriter.finalTarget(path)
    let (targetDirectory, targetBase) = split(target)
    var backups: [LeftBehindFile] = []
    for name in directoryNames(targetDirectory).sorted() {
      guard let pid = backupWriter(name, base: targetBase), !isRunning(pid) else { continue }
      backups.append(LeftBehindFile(kind: .backup, path: joined(targetDirectory, name), name: name))
    }
    return recoveries.sorted { $0.0 < $1.0 }.map(\.1) + backups
  }

  /// Removes a file; nil when it is gone, else why not.
  public static func remove(_ path: String) -> String? {
    if unlink(path) == 0 || errno == ENOENT { return nil }
    return errorText(errno)
  }

  /// `path` with a leading `~` (the home directory: `$HOME`, else the user's entry) or `~user` (that
  /// user's home directory) expanded, as a shell expands it; any other path unchanged. Fails, saying
  /// why, when the user or the home directory is unknown.
  public static func expandingTilde(_ path: String) -> Result<String, ReadError> {
    guard path.hasPrefix("~") else { return .success(path) }
    let slash = path.firstIndex(of: "/") ?? path.endIndex
    let user = String(path[path.index(after: path.startIndex)..<slash])
    let rest = String(path[slash...])
    let home: String?
    if user.isEmpty {
      if let value = getenv("HOME").map({ String(cString: $0) }), !value.isEmpty {
        home = value
      } else {
        home = getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } }
      }
      guard let home else { return .failure(.noInput("'~' names no home directory (HOME is not set)")) }
      return .success(home + rest)
    }
    home = getpwnam(user).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } }
    guard let home else { return .failure(.noInput("there is no user '\(user)' (for '~\(user)')")) }
    return .success(home + rest)
  }

  // MARK: Steps

  /// The directory of `path` as written (`.` for a bare name) and the file name.
  public static func split(_ path: String) -> (directory: String, base: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = path[..<slash]
    return (directory.isEmpty ? "/" : String(directory), String(path[path.index(after: slash)...]))
  }

  static func joined(_ directory: String, _ name: String) -> String {
    directory == "." ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// 1 for `BASE.recovery.json`, N for `BASE.recovery-N.json`, else nil.
  static func recoveryNumber(_ name: String, base: String) -> Int? {
    if name == recoveryName(base, attempt: 0) { return 1 }
    let prefix = "\(base).recovery-"
    guard name.hasPrefix(prefix), name.hasSuffix(".json") else { return nil }
    let digits = name.dropFirst(prefix.count).dropLast(".json".count)
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(digits), n >= 2 else {
      return nil
    }
    return n
  }

  /// The PID in `.BASE.tilegrid-PID-N.bak` (as `FileWriter.createBeside` names a backup), else nil.
  static func backupWriter(_ name: String, base: String) -> pid_t? {
    let prefix = ".\(base).tilegrid-"
    guard name.hasPrefix(prefix), name.hasSuffix(".bak") else { return nil }
    let middle = name.dropFirst(prefix.count).dropLast(".bak".count).split(separator: "-")
    guard middle.count == 2, middle.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
      let pid = pid_t(middle[0])
    else { return nil }
    return pid
  }

  /// Whether a process with this id exists (it may belong to another user).
  static func isRunning(_ pid: pid_t) -> Bool {
    pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
  }

  /// The names in a directory, hidden ones included (not `.` and `..`); none when it cannot be read.
  static func directoryNames(_ directory: String) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
