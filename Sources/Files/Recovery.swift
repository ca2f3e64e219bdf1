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
    let tmp = temporaryDirectory
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
      /// `.NAME.tilegrid-PID-START-N.bak`: the file's content before an in-place save that never finished.
      case backup
      /// `.NAME.tilegrid-PID-START-N.tmp` (or `.probe`): the new content of a save that never finished, never
      /// put in the file's place (`abandonedSaves` alone reports them).
      case temporary
    }

    public var kind: Kind
    /// The path, reached from the directory of the file as it was written.
    public var path: String
    /// The file name alone (a recovery file in the temporary directory: its path).
    public var name: String
    /// A recovery file found in the temporary directory, where one goes when none can be written beside
    /// the file: it may be another file's of the same name (its record says).
    public var inTemporaryDirectory = false

    public init(kind: Kind, path: String, name: String, inTemporaryDirectory: Bool = false) {
      self.kind = kind
      self.path = path
      self.name = name
      self.inTemporaryDirectory = inTemporaryDirectory
    }
  }

  /// The temporary directory recovery files go to when none can be written beside the file: `$TMPDIR`,
  /// else `/tmp`.
  public static var temporaryDirectory: String {
    getenv("TMPDIR").map { pathString(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }

  /// The recovery files and the backups left beside `path`: recovery files in order (`.recovery.json`,
  /// then `-2`, `-3`, …), those of its name in the temporary directory after them (where one goes when
  /// none can be written beside the file), then backups by name. A backup counts only when the process
  /// that made it (its PID is in its name) is no longer running: otherwise a save is under way. Backups
  /// are looked for beside the file a symbolic link names, where an in-place save makes them.
  ///
  /// - Complexity: one pass over the directory and one over the temporary directory (another when
  ///   `path` is a link to another directory).
  public static func leftBehind(besideFile path: String) -> [LeftBehindFile] {
    let (directory, base) = split(path)
    var recoveries: [(Int, LeftBehindFile)] = []
    for name in directoryNames(directory) {
      guard let number = recoveryNumber(name, base: base) else { continue }
      recoveries.append((number, LeftBehindFile(kind: .recovery, path: joined(directory, name), name: name)))
    }
    let temporary = temporaryDirectory
    if !sameFile(temporary, directory) {
      for name in directoryNames(temporary) {
        guard let number = recoveryNumber(name, base: base) else { continue }
        let file = joined(temporary, name)
        recoveries.append(
          (Int.max / 2 + number, LeftBehindFile(kind: .recovery, path: file, name: file, inTemporaryDirectory: true)))
      }
    }
    let target = FileWriter.finalTarget(path)
    let (targetDirectory, targetBase) = split(target)
    var backups: [LeftBehindFile] = []
    for name in directoryNames(targetDirectory).sorted() {
      guard let writer = backupWriter(name, base: targetBase), !isRunning(writer) else { continue }
      let path = joined(targetDirectory, name)
      // Only a regular file can hold the old content (a FIFO or a link to a device would hang its reader).
      guard isRegularFile(path) else { continue }
      backups.append(LeftBehindFile(kind: .backup, path: path, name: name))
    }
    for file in linkedBackups(of: target) where !sameContent(file.path, target) { backups.append(file) }
    return recoveries.sorted { $0.0 < $1.0 }.map(\.1) + backups
  }

  /// What saves that never finished (the process that made them is gone) left beside a file.
  public struct AbandonedSaves: Equatable, Sendable {
    /// Backups that hold something else than the file: a save into the file was cut short (or ended
    /// between writing it whole and removing its backup), so the file may be cut short. Each holds
    /// the whole file as it was before that save (a backup gets its name only once it is whole).
    public var backups: [LeftBehindFile] = []
    /// Backups that hold what the file holds: the save ended before it changed the file.
    public var sameBackups: [LeftBehindFile] = []
    /// Temporary files: new content that never took the file's place; the file is as it was.
    public var temporaries: [LeftBehindFile] = []

    public var isEmpty: Bool { backups.isEmpty && sameBackups.isEmpty && temporaries.isEmpty }
  }

  /// What saves into `path` that never finished left beside it (beside the file a symbolic link
  /// names, where saves make them), by name. A file counts only when the process that made it (its PID
  /// is in its name) is no longer running: otherwise a save is under way. Telling a backup that
  /// holds what the file holds from one that does not reads both, only when their sizes agree.
  ///
  /// - Complexity: one pass over the directory, and a comparison per backup left behind.
  public static func abandonedSaves(besideFile path: String) -> AbandonedSaves {
    let target = FileWriter.finalTarget(path)
    let (directory, base) = split(target)
    var found = AbandonedSaves()
    for name in directoryNames(directory).sorted() {
      for suffix in ["bak", "tmp", "probe"] {
        guard let writer = saveWriter(name, base: base, suffix: suffix), !isRunning(writer) else { continue }
        let file = joined(directory, name)
        // What is not a regular file was never made by a save: not named, not read, not removed.
        guard isRegularFile(file) else { continue }
        if suffix != "bak" {
          found.temporaries.append(LeftBehindFile(kind: .temporary, path: file, name: name))
        } else if sameContent(file, target) {
          found.sameBackups.append(LeftBehindFile(kind: .backup, path: file, name: name))
        } else {
          found.backups.append(LeftBehindFile(kind: .backup, path: file, name: name))
        }
      }
    }
    for file in linkedBackups(of: target) {
      if sameContent(file.path, target) { found.sameBackups.append(file) } else { found.backups.append(file) }
    }
    return found
  }

  /// The backups of in-place saves that never finished (their process is gone) made through another
  /// name of the file `target`, a hard link: looked for only when the file has more than one name,
  /// beside the file (a name in the same directory) and through the marks saves leave in
  /// `inPlaceMarks` (a name anywhere). A backup counts only while the name it was made beside
  /// (`.NAME.tilegrid-PID-START-N.bak` beside `NAME`) is still a name of this very file.
  /// - Complexity: one pass over the directory and one over the marks, when the file has links.
  static func linkedBackups(of target: String) -> [LeftBehindFile] {
    var file = stat()
    guard stat(cPath(target), &file) == 0, file.st_nlink > 1, file.st_mode & S_IFMT == S_IFREG else { return [] }
    let (directory, base) = split(target)
    var found: [LeftBehindFile] = []
    var seen = Set<String>()
    func consider(_ path: String) {
      let (dir, name) = split(path)
      guard let (named, writer) = anyBackupWriter(name), named != base || !sameFile(dir, directory), !isRunning(writer)
      else { return }
      var other = stat()
      guard stat(cPath(joined(dir, named)), &other) == 0, other.st_dev == file.st_dev, other.st_ino == file.st_ino,
        isRegularFile(path), seen.insert(canonical(path)).inserted
      else { return }
      found.append(LeftBehindFile(kind: .backup, path: path, name: name))
    }
    for name in directoryNames(directory).sorted() where name.hasSuffix(".bak") { consider(joined(directory, name)) }
    let prefix = "\(file.st_dev)-\(file.st_ino)-"
    var marks = stat()
    guard lstat(cPath(inPlaceMarks), &marks) == 0, marks.st_mode & S_IFMT == S_IFDIR, marks.st_uid == geteuid() else {
      return found
    }
    for mark in directoryNames(inPlaceMarks).sorted() where mark.hasPrefix(prefix) {
      if let path = readMark(joined(inPlaceMarks, mark)) { consider(path) }
    }
    return found
  }

  /// The directory where an in-place save marks the file it rewrites (`DEV-INODE-PID-START-N`, holding the
  /// backup's absolute path), so that its other names, in any directory, find the backup: one per
  /// user, under `/tmp` (every process agrees on it, whatever its `TMPDIR`).
  static var inPlaceMarks: String { "/tmp/.tilegrid-\(geteuid())-in-place" }

  /// Marks the file open as `fd` as being rewritten in place, its old content in `backup`; returns the
  /// mark's path, or nil when no mark could be made (the backup beside the file still says it).
  static func markInPlace(_ fd: Int32, backup: String) -> String? {
    var file = stat()
    guard fstat(fd, &file) == 0, file.st_nlink > 1 else { return nil }
    let directory = inPlaceMarks
    if mkdir(cPath(directory), 0o700) != 0 && errno != EEXIST { return nil }
    var dir = stat()
    guard lstat(cPath(directory), &dir) == 0, dir.st_mode & S_IFMT == S_IFDIR, dir.st_uid == geteuid() else { return nil }
    let absolute = backup.hasPrefix("/") ? backup : canonical(split(backup).directory) + "/" + split(backup).base
    for attempt in 0..<100 {
      let mark = "\(directory)/\(file.st_dev)-\(file.st_ino)-\(SaveWriter.current.nameTag)-\(attempt)"
      let markFD = open(cPath(mark), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if markFD < 0 {
        if errno == EEXIST { continue }
        return nil
      }
      let written = writeAll(fd: markFD, pathBytes(absolute))
      close(markFD)
      if written != nil {
        unlink(cPath(mark))
        return nil
      }
      return mark
    }
    return nil
  }

  /// The backup path a mark holds.
  static func readMark(_ mark: String) -> String? {
    let fd = open(cPath(mark), O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, 4096) }
    guard n > 0 else { return nil }
    return pathString(buffer[..<n])
  }

  /// Removes the marks of saves whose process is gone and whose backup is gone (put back and removed by
  /// hand, or removed as holding what the file holds).
  static func removeStaleMarks() {
    for mark in directoryNames(inPlaceMarks) {
      // DEV-INODE-PID-START-N (DEV-INODE-PID-N from an earlier version).
      let parts = mark.split(separator: "-").map(String.init)
      guard parts.count == 4 || parts.count == 5, let writer = SaveWriter(parts[2..<(parts.count - 1)]),
        !isRunning(writer)
      else { continue }
      let path = joined(inPlaceMarks, mark)
      if let backup = readMark(path), Platform.exists(backup) { continue }
      unlink(cPath(path))
    }
  }

  /// `path` absolute, its symbolic links resolved; for a file that does not exist (yet), its
  /// directory's, with its name after it; as given when even that cannot be resolved.
  public static func absolutePath(_ path: String) -> String {
    if let resolved = realPath(path) { return resolved }
    let (directory, base) = split(path)
    if let resolved = realPath(directory) { return resolved == "/" ? "/" + base : resolved + "/" + base }
    return path
  }

  /// The path with its directory's symbolic links resolved (itself when that fails).
  static func canonical(_ path: String) -> String {
    guard let resolved = realpath(cPath(path), nil) else { return path }
    defer { free(resolved) }
    return pathString(cString: resolved)
  }

  /// Whether two directory paths name the same directory.
  static func sameFile(_ a: String, _ b: String) -> Bool {
    var (sa, sb) = (stat(), stat())
    return stat(cPath(a), &sa) == 0 && stat(cPath(b), &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
  }

  /// The name and writer in `.NAME.tilegrid-PID-START-N.bak`, for any NAME, else nil.
  static func anyBackupWriter(_ name: String) -> (String, SaveWriter)? {
    guard name.hasPrefix("."), name.hasSuffix(".bak"), let marker = name.ranges(of: ".tilegrid-").last
    else { return nil }
    let base = String(name[name.index(after: name.startIndex)..<marker.lowerBound])
    guard !base.isEmpty, let writer = saveWriter(name, base: base, suffix: "bak") else { return nil }
    return (base, writer)
  }

  /// Removes what saves into `target` that never finished left beside it and no longer matters: their
  /// temporary files, and backups that hold what the file holds. A backup of other content is kept:
  /// it may be the only whole copy. Called by a save before it writes.
  static func removeAbandoned(besideTarget target: String) {
    let found = abandonedSaves(besideFile: target)
    for file in found.temporaries + found.sameBackups { unlink(cPath(file.path)) }
    removeStaleMarks()
  }

  /// Whether two files hold the same bytes (false when either cannot be read).
  static func sameContent(_ a: String, _ b: String) -> Bool {
    var (sa, sb) = (stat(), stat())
    guard stat(cPath(a), &sa) == 0, stat(cPath(b), &sb) == 0, sa.st_size == sb.st_size else { return false }
    let (fa, fb) = (open(cPath(a), O_RDONLY | O_CLOEXEC), open(cPath(b), O_RDONLY | O_CLOEXEC))
    defer {
      if fa >= 0 { close(fa) }
      if fb >= 0 { close(fb) }
    }
    guard fa >= 0, fb >= 0 else { return false }
    let size = 1 << 20
    var (bufferA, bufferB) = ([UInt8](repeating: 0, count: size), [UInt8](repeating: 0, count: size))
    func fill(_ fd: Int32, _ buffer: inout [UInt8]) -> Int {
      var count = 0
      while count < size {
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, size - count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return n < 0 ? -1 : count }
        count += n
      }
      return count
    }
    while true {
      let (na, nb) = (fill(fa, &bufferA), fill(fb, &bufferB))
      if na < 0 || nb < 0 || na != nb { return false }
      if na == 0 { return true }
      if bufferA[0..<na] != bufferB[0..<nb] { return false }
    }
  }

  /// Removes a file; nil when it is gone, else why not.
  public static func remove(_ path: String) -> String? {
    if unlink(cPath(path)) == 0 || errno == ENOENT { return nil }
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
      if let value = getenv("HOME").map({ pathString(cString: $0) }), !value.isEmpty {
        home = value
      } else {
        home = getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { pathString(cString: $0) } }
      }
      guard let home else { return .failure(.noInput("'~' names no home directory (HOME is not set)")) }
      return .success(home + rest)
    }
    home = getpwnam(cPath(user)).flatMap { $0.pointee.pw_dir.map { pathString(cString: $0) } }
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

  /// The writer in `.BASE.tilegrid-PID-START-N.bak` (as `FileWriter.nameBackup` names a backup), else
  /// nil.
  static func backupWriter(_ name: String, base: String) -> SaveWriter? {
    saveWriter(name, base: base, suffix: "bak")
  }

  /// The writer in `.BASE.tilegrid-PID-START-N.SUFFIX` (as `FileWriter.createBeside` names the files a
  /// save makes beside its target; `.BASE.tilegrid-PID-N.SUFFIX` from an earlier version), else nil.
  static func saveWriter(_ name: String, base: String, suffix: String) -> SaveWriter? {
    let prefix = ".\(base).tilegrid-"
    guard name.hasPrefix(prefix), name.hasSuffix("." + suffix) else { return nil }
    let middle = name.dropFirst(prefix.count).dropLast(suffix.count + 1).split(separator: "-", omittingEmptySubsequences: false)
      .map(String.init)
    guard middle.count == 2 || middle.count == 3, middle.allSatisfy(isDigits) else { return nil }
    return SaveWriter(middle.dropLast())
  }

  static func isDigits(_ text: String) -> Bool { !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }

  /// The process that made a file beside the one it saved, as the file's name records it: its id and,
  /// since an id is used again once its process is gone, its start time. A save is under way only
  /// while that very process runs: a name whose id another process has now (PID 1, say) is a save
  /// that did not finish.
  struct SaveWriter: Equatable {
    var pid: pid_t
    /// When the process started, in clock ticks after boot (`/proc/PID/stat`'s 22nd field); nil in
    /// the names of an earlier version, which recorded the id alone.
    var start: UInt64?

    /// From the words of a name: `PID-START`, or `PID` alone.
    init?(_ words: some Collection<String>) {
      guard let pid = words.first.flatMap({ pid_t($0) }), pid > 0, words.count <= 2 else { return nil }
      self.pid = pid
      if words.count == 2 {
        guard let start = UInt64(words[words.index(after: words.startIndex)]) else { return nil }
        self.start = start
      }
    }

    init(pid: pid_t, start: UInt64?) {
      self.pid = pid
      self.start = start
    }

    /// This process.
    static let current = SaveWriter(pid: getpid(), start: processStartTime(getpid()))

    /// `PID-START` as names record it (`PID` alone where the start time cannot be read).
    var nameTag: String { start.map { "\(pid)-\($0)" } ?? "\(pid)" }
  }

  /// Whether the process that made a file is still running: a process with its id exists, and it is
  /// the same one — it started when the name says, or (a name without a start time) it is a TileGrid.
  static func isRunning(_ writer: SaveWriter) -> Bool {
    let pid = writer.pid
    guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
    if let start = writer.start {
      // Where the start time cannot be read (no /proc), the id alone is all there is.
      return processStartTime(pid).map { $0 == start } ?? true
    }
    return processName(pid).map { $0 == "tilegrid" } ?? true
  }

  /// When process `pid` started, in clock ticks after boot: the 22nd field of `/proc/PID/stat` (the
  /// second, the command name in parentheses, may hold spaces and parentheses: the fields are counted
  /// after its last `)`). Nil when it cannot be read.
  static func processStartTime(_ pid: pid_t) -> UInt64? {
    guard let text = smallFile("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // Fields 3, 4, … after the name: the 22nd is the 20th of them.
    guard fields.count >= 20 else { return nil }
    return UInt64(fields[19])
  }

  /// The command name of process `pid` (`/proc/PID/comm`), nil when it cannot be read.
  static func processName(_ pid: pid_t) -> String? {
    smallFile("/proc/\(pid)/comm").map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
  }

  /// The text of a small file (under 4 KiB), read once; nil when it cannot be read.
  private static func smallFile(_ path: String) -> String? {
    let fd = open(cPath(path), O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, 4096) }
    return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : nil
  }

  /// Whether `path` is a regular file itself (not a symbolic link, a FIFO, a device).
  public static func isRegularFile(_ path: String) -> Bool {
    var st = stat()
    return lstat(cPath(path), &st) == 0 && st.st_mode & S_IFMT == S_IFREG
  }

  /// The names in a directory, hidden ones included (not `.` and `..`); none when it cannot be read.
  static func directoryNames(_ directory: String) -> [String] {
    guard let dir = opendir(cPath(directory)) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { pathString(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
