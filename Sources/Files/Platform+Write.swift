import CXattr

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The one file writer: `move --in-place`, `-o OUT` and the editor's save all go through it, so a file
// is never half-written, never silently loses its owner, mode or other names, and a file that is
// read-only or changed by someone else is never overwritten by surprise.

extension Platform {
  /// Why a file was not written. `changedOnDisk` and `readOnly` are the two a person can decide about
  /// (the editor asks "overwrite / save elsewhere / cancel"); the rest name the cause.
  public enum WriteFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is no longer what was read (its stamp differs, or it is gone); nothing was written.
    case changedOnDisk(path: String)
    /// The file is read-only (`reason` says how); nothing was written. Writing again with `force`
    /// replaces it and keeps it read-only.
    case readOnly(path: String, reason: String)
    /// The file could not be written; `message` is one line naming the path and the real cause. With
    /// `partWay`, writing had begun (exit status 74, else 73); the old file is intact either way, unless
    /// the message says where its content was kept.
    case failed(message: String, partWay: Bool)

    public var description: String {
      switch self {
      case .changedOnDisk(let path): return "'\(path)' changed on disk since it was read; it was not overwritten"
      case .readOnly(let path, let reason): return "cannot write '\(path)': \(reason)"
      case .failed(let message, _): return message
      }
    }
  }

  /// Makes the directory `path` (and the ones above it that are missing), as `mkdir -p` does.
  /// - Throws: `WriteFailure.failed`, naming the directory, when it cannot be made.
  public static func makeDirectory(_ path: String) throws(WriteFailure) {
    var made = ""
    for (k, part) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
      made += (k == 0 ? "" : "/") + part
      guard !part.isEmpty, mkdir(cPath(made), 0o777) != 0, errno != EEXIST else { continue }
      throw .failed(message: "cannot make the directory '\(made)': \(errorText(errno))", partWay: false)
    }
  }

  /// Writes the bytes `produce` hands to its `write` function (in chunks, as they are made) to `path`,
  /// and returns the new file's stamp (nil for a stream such as `/dev/stdout`), which the caller keeps
  /// to notice later changes made by others.
  ///
  /// - `expected`: the stamp of the file as it was read; if the file differs now, nothing is written
  ///   (`.changedOnDisk`). Nil writes whatever is there.
  /// - `force`: write a read-only file anyway (it stays read-only); without it, `.readOnly`.
  ///
  /// The write is atomic (a temporary file beside the target, flushed and renamed over it) and keeps
  /// the file's mode, owner and group. A file with other names (hard links), or one whose owner or
  /// group a new file could not be given, is written in place after a flushed backup copy beside it:
  /// a crash then leaves the old file, or the backup. Symbolic links are followed; a target that is
  /// not a regular file (a pipe, a device, `/dev/stdout`) is written into directly. On any failure the
  /// old file is left as it was.
  public static func writeFile(
    _ path: String, expected: FileStamp? = nil, force: Bool = false,
    _ produce: (_ write: ([UInt8]) throws(WriteFailure) -> Void) throws(WriteFailure) -> Void
  ) throws(WriteFailure) -> FileStamp? {
    var file = try FileWriter(path, expected: expected, force: force)
    do throws(WriteFailure) {
      try produce { (chunk) throws(WriteFailure) in try file.write(chunk) }
    } catch {
      file.abandon()
      throw error
    }
    return try file.commit()
  }

  /// One file being written; see `writeFile`. `init` decides how, `write` appends, `commit` makes the
  /// result the file, `abandon` leaves the old file as it was. A failed `write` or `commit` has already
  /// abandoned.
  struct FileWriter {
    enum Method: Equatable {
      /// Written into directly: a pipe, a device, one of the process's own streams.
      case stream
      /// A temporary file, renamed over the target by `commit`.
      case replace(temporary: String)
      /// The target itself, truncated and rewritten; `backup` holds the old content until `commit`.
      case inPlace(backup: String, mark: String?)
    }

    /// The path as given, for messages.
    let path: String
    /// The file finally written: `path` with symbolic links followed.
    let target: String
    /// The target's directory, where the temporary file or backup goes.
    let directory: String
    let method: Method
    /// The mode the file ends with (the old file's, or a new file's from the umask).
    let permissions: mode_t
    let expected: FileStamp?
    private var fd: Int32
    /// Committed or abandoned: nothing more to do.
    private var finished = false

    init(_ path: String, expected: FileStamp?, force: Bool) throws(WriteFailure) {
      self.path = path
      self.expected = expected
      // `/dev/stdout`, `/dev/fd/1` and the like name an open stream: write into it where it stands
      // (after what the shell already wrote there), never replace the file behind it.
      if let stream = Self.openStream(path) {
        let fd = dup(stream)
        guard fd >= 0 else { throw Self.failure(path, errorText(errno)) }
        (target, directory, permissions, method, self.fd) = (path, ".", 0, .stream, fd)
        return
      }
      target = Self.finalTarget(path)
      directory = Self.parent(of: target)

      var existing = stat()
      if stat(cPath(target), &existing) != 0 {
        let code = errno
        if code == EACCES {
          throw Self.failure(path, "a directory on its path cannot be searched (\(errorText(code)))")
        }
        guard code == ENOENT else { throw Self.failure(path, Self.directoryCause(code, directory)) }
        // A new file. If it was read, it has been removed since.
        if expected != nil { throw .changedOnDisk(path: path) }
        let mask = umask(0)
        umask(mask)
        permissions = 0o666 & ~mask
        Platform.removeAbandoned(besideTarget: target)
        let (temporary, fd) = try Self.createBeside(path: path, target: target, directory: directory, suffix: "tmp")
        (method, self.fd) = (.replace(temporary: temporary), fd)
        return
      }
      let kind = existing.st_mode & S_IFMT
      if kind == S_IFDIR { throw Self.failure(path, "it is a directory") }
      if kind != S_IFREG {
        let fd = open(cPath(target), O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.failure(path, errorText(errno)) }
        (permissions, method, self.fd) = (existing.st_mode & 0o7777, .stream, fd)
        return
      }
      if let expected, FileStamp(existing) != expected { throw .changedOnDisk(path: path) }
      permissions = existing.st_mode & 0o7777
      if let reason = try Self.readOnlyReason(path: path, target: target, existing), !force {
        // `force` replaces the file with a new one made beside it (or rewrites it after a backup made
        // beside it): where no file can be made there (/proc, /sys), it cannot help and is not offered.
        if let cause = Self.cannotCreate(in: directory, beside: target) {
          throw Self.failure(path, "\(reason), and \(cause)")
        }
        throw .readOnly(path: path, reason: reason)
      }

      Platform.removeAbandoned(besideTarget: target)
      if existing.st_nlink <= 1 {
        let (temporary, fd) = try Self.createBeside(path: path, target: target, directory: directory, suffix: "tmp")
        // The new file gets the old one's owner and group (root may give any; others only their own
        // uid and their groups). When that is not possible, the file is written in place instead.
        var made = stat()
        if fstat(fd, &made) == 0 && (made.st_uid == existing.st_uid && made.st_gid == existing.st_gid)
          || fchown(fd, existing.st_uid, existing.st_gid) == 0
        {
          (method, self.fd) = (.replace(temporary: temporary), fd)
          return
        }
        close(fd)
        unlink(cPath(temporary))
      }
      (method, fd) = try Self.beginInPlace(path: path, target: target, directory: directory, existing, expected)
    }

    /// Appends bytes; on failure the old file is restored and the error names the cause.
    mutating func write(_ bytes: [UInt8]) throws(WriteFailure) {
      if let code = Platform.writeAll(fd: fd, bytes) {
        let note = abandon()
        throw .failed(message: "cannot write '\(path)': \(Self.writeCause(code))\(note)", partWay: true)
      }
    }

    /// Makes what was written the file: flushed to disk, then renamed over the target (or, in place,
    /// the backup removed). Returns the new file's stamp (nil for a stream).
    mutating func commit() throws(WriteFailure) -> FileStamp? {
      defer { finished = true }
      func fail(_ code: Int32) -> WriteFailure {
        let note = abandon()
        return .failed(message: "cannot write '\(path)': \(Self.writeCause(code))\(note)", partWay: true)
      }
      switch method {
      case .stream:
        let closed = close(fd)
        fd = -1
        if closed != 0 { throw .failed(message: "cannot write '\(path)': \(errorText(errno))", partWay: true) }
        return nil
      case .replace(let temporary):
        if fchmod(fd, permissions) != 0 { throw fail(errno) }
        // After the mode: an ACL sets the group bits to its mask, which matches the old file's mode.
        Self.copyExtendedAttributes(from: target, to: fd)  // none for a new file
        if fsync(fd) != 0 { throw fail(errno) }
        var written = stat()
        if fstat(fd, &written) != 0 { throw fail(errno) }
        if close(fd) != 0 {
          fd = -1
          throw fail(errno)
        }
        fd = -1
        // Checked again at the last moment: another program may have saved while this one wrote.
        if let expected, Platform.stamp(of: target) != expected {
          unlink(cPath(temporary))
          throw .changedOnDisk(path: path)
        }
        if rename(cPath(temporary), cPath(target)) != 0 {
          let code = errno
          unlink(cPath(temporary))
          throw .failed(message: "cannot write '\(path)': \(Self.directoryCause(code, directory))", partWay: false)
        }
        Self.syncDirectory(directory)
        return FileStamp(written)
      case .inPlace(let backup, let mark):
        if fsync(fd) != 0 { throw fail(errno) }
        var written = stat()
        if fstat(fd, &written) != 0 { throw fail(errno) }
        if close(fd) != 0 {
          fd = -1
          throw fail(errno)
        }
        fd = -1
        unlink(cPath(backup))
        if let mark { unlink(cPath(mark)) }
        Self.syncDirectory(directory)
        return FileStamp(written)
      }
    }

    /// Gives up: the temporary file is removed, or (in place) the old content is copied back from the
    /// backup and the backup removed. Returns a note for the error message when the old content could
    /// not be put back and stays in the backup.
    @discardableResult
    mutating func abandon() -> String {
      if finished { return "" }
      finished = true
      defer {
        if fd >= 0 { close(fd) }
        fd = -1
      }
      switch method {
      case .stream:
        return ""
      case .replace(let temporary):
        unlink(cPath(temporary))
        return ""
      case .inPlace(let backup, let mark):
        if fd >= 0 && Self.restore(fd, from: backup) {
          unlink(cPath(backup))
          if let mark { unlink(cPath(mark)) }
          return ""
        }
        return "; the old content is in '\(backup)'"
      }
    }

    // MARK: - Steps

    /// Creates a new file beside the target, `.NAME.tilegrid-PID-START-N.SUFFIX` (the writer's id and
    /// start time: `SaveWriter`), with mode 600 (a temporary
    /// file gets its final mode at `commit`; a backup keeps it), and returns its name and descriptor.
    static func createBeside(
      path: String, target: String, directory: String, suffix: String
    ) throws(WriteFailure) -> (String, Int32) {
      let base = target.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? target
      for attempt in 0..<100 {
        let name = "\(directory)/.\(base).tilegrid-\(SaveWriter.current.nameTag)-\(attempt).\(suffix)"
        let fd = open(cPath(name), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 { return (name, fd) }
        if errno != EEXIST { throw failure(path, directoryCause(errno, directory)) }
      }
      throw failure(path, directoryCause(EEXIST, directory))
    }

    /// Copies the extended attributes of the file at `source` onto the new file `fd` before it replaces
    /// it, as careful editors do: user attributes, ACLs (`system.posix_acl_access`), SELinux and other
    /// security labels. Each is copied as far as the file system and this user allow; one that cannot
    /// be set (a namespace this user may not write, a file system without it) is left out, and the save
    /// goes on: the content is what was asked for.
    ///
    /// - Complexity: one `listxattr` and a `getxattr` and `fsetxattr` per attribute.
    static func copyExtendedAttributes(from source: String, to fd: Int32) {
      func withBuffer(_ call: (UnsafeMutablePointer<CChar>?, Int) -> Int) -> [CChar]? {
        // Asked for the size first; asked again if it grew in between.
        for _ in 0..<4 {
          let size = call(nil, 0)
          guard size > 0 else { return size == 0 ? [] : nil }
          var buffer = [CChar](repeating: 0, count: size)
          let got = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress, size) }
          if got >= 0 { return Array(buffer[0..<got]) }
          if errno != ERANGE { return nil }
        }
        return nil
      }
      guard let list = withBuffer({ listxattr(cPath(source), $0, $1) }), !list.isEmpty else { return }
      for name in list.split(separator: 0, omittingEmptySubsequences: true) {
        let key = Array(name) + [0]
        guard let value = withBuffer({ getxattr(cPath(source), key, $0, $1) }) else { continue }
        _ = value.withUnsafeBytes { fsetxattr(fd, key, $0.baseAddress, value.count, 0) }
      }
    }

    /// Why no file can be created in `directory` (tried with a new empty file, removed at once), or
    /// nil when one can.
    static func cannotCreate(in directory: String, beside target: String) -> String? {
      do throws(WriteFailure) {
        let (name, fd) = try createBeside(path: target, target: target, directory: directory, suffix: "probe")
        close(fd)
        unlink(cPath(name))
        return nil
      } catch {
        let message = error.description
        let prefix = "cannot write '\(target)': "
        return message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
      }
    }

    /// Copies the target to a backup beside it and flushes both the backup and the directory (so the
    /// backup survives a crash), then opens the target for rewriting and empties it.
    ///
    /// The copy is made under a temporary file's name and given the backup's name only once it is
    /// whole and on disk, so a backup (`.NAME.tilegrid-PID-START-N.bak`) always holds the whole old file: one
    /// left behind by a writer that is gone says the target may be cut short, and restoring it loses
    /// nothing.
    static func beginInPlace(
      path: String, target: String, directory: String, _ existing: stat, _ expected: FileStamp?
    ) throws(WriteFailure) -> (Method, Int32) {
      let (copyName, backupFD) = try createBeside(path: path, target: target, directory: directory, suffix: "tmp")
      var backupOpen = true
      func fail(_ cause: String) -> WriteFailure {
        if backupOpen { close(backupFD) }
        unlink(cPath(copyName))
        return failure(path, cause)
      }
      let source = open(cPath(target), O_RDONLY | O_CLOEXEC)
      guard source >= 0 else { throw fail(errorText(errno)) }
      let copied = copy(from: source, to: backupFD)
      close(source)
      if let code = copied { throw fail("cannot keep a backup of it: \(writeCause(code))") }
      if fsync(backupFD) != 0 { throw fail("cannot keep a backup of it: \(writeCause(errno))") }
      close(backupFD)
      backupOpen = false
      guard let backup = nameBackup(copyName, target: target, directory: directory) else {
        throw fail("cannot keep a backup of it: \(directoryCause(errno, directory))")
      }
      syncDirectory(directory)

      var fd = open(cPath(target), O_WRONLY | O_CLOEXEC)
      if fd < 0 && errno == EACCES && existing.st_uid == geteuid() {
        // A read-only file of one's own, written with force: open it writable for a moment.
        if chmod(cPath(target), (existing.st_mode & 0o7777) | S_IWUSR) == 0 {
          fd = open(cPath(target), O_WRONLY | O_CLOEXEC)
          chmod(cPath(target), existing.st_mode & 0o7777)
        }
      }
      guard fd >= 0 else {
        let code = errno
        unlink(cPath(backup))
        throw failure(path, code == EACCES ? "the file is not writable by you (\(errorText(code)))" : errorText(code))
      }
      var now = stat()
      if let expected, fstat(fd, &now) == 0, FileStamp(now) != expected {
        close(fd)
        unlink(cPath(backup))
        throw .changedOnDisk(path: path)
      }
      // The file's other names (hard links, maybe in other directories) find the backup by this mark.
      let mark = Platform.markInPlace(fd, backup: backup)
      if ftruncate(fd, 0) != 0 {
        let code = errno
        close(fd)
        unlink(cPath(backup))
        if let mark { unlink(cPath(mark)) }
        throw failure(path, writeCause(code))
      }
      return (.inPlace(backup: backup, mark: mark), fd)
    }

    /// Gives the whole, flushed copy `copyName` a backup's name, `.NAME.tilegrid-PID-START-N.bak`, never
    /// replacing a file of that name (an earlier process with the same id may have left one): a new
    /// name (a hard link) is made for it, then the copy's name removed. Where the file system has no
    /// hard links, it is renamed to a backup name nothing has. Returns the backup's path, or nil with
    /// `errno` saying why not (the copy is then still there, for the caller to remove).
    static func nameBackup(_ copyName: String, target: String, directory: String) -> String? {
      let base = target.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? target
      for attempt in 0..<100 {
        let name = "\(directory)/.\(base).tilegrid-\(SaveWriter.current.nameTag)-\(attempt).bak"
        if link(cPath(copyName), cPath(name)) == 0 {
          unlink(cPath(copyName))
          return name
        }
        if errno == EEXIST { continue }
        let code = errno
        guard code == EPERM || code == EOPNOTSUPP || code == EMLINK || code == EXDEV else { return nil }
        if Platform.exists(name) { continue }
        if rename(cPath(copyName), cPath(name)) == 0 { return name }
        return nil
      }
      errno = EEXIST
      return nil
    }

    /// Puts the backup's content back into the (open) target; true when that worked and is on disk.
    static func restore(_ fd: Int32, from backup: String) -> Bool {
      let source = open(cPath(backup), O_RDONLY | O_CLOEXEC)
      guard source >= 0 else { return false }
      defer { close(source) }
      guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { return false }
      return copy(from: source, to: fd) == nil && fsync(fd) == 0
    }

    /// Copies one open file into another from where each stands; nil, or the errno that stopped it.
    static func copy(from source: Int32, to destination: Int32) -> Int32? {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let n = buffer.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
        if n == 0 { return nil }
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        if let code = Platform.writeAll(fd: destination, Array(buffer[0..<n])) { return code }
      }
    }

    /// Makes a rename or a new name in `directory` durable.
    static func syncDirectory(_ directory: String) {
      let dfd = open(cPath(directory), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if dfd >= 0 {
        _ = fsync(dfd)
        close(dfd)
      }
    }

    // MARK: - Read-only files

    /// Why the file counts as read-only, or nil. A file is read-only when its mode has no write bit
    /// at all (which root, whom `access` never refuses, must respect too), or when `access` says this
    /// user may not write it. Someone else's file that this user may not write is not "read-only" but
    /// a failure: `force` could only replace it with a file of this user's, changing its owner.
    static func readOnlyReason(path: String, target: String, _ st: stat) throws(WriteFailure) -> String? {
      let mode = st.st_mode & 0o7777
      var refusal: Int32 = 0
      if access(cPath(target), W_OK) != 0 { refusal = errno }
      if refusal == EROFS { throw failure(path, "it is on a read-only file system (\(errorText(refusal)))") }
      if refusal != 0 && refusal != EACCES && refusal != EPERM { throw failure(path, errorText(refusal)) }
      let owner = userName(st.st_uid)
      if refusal != 0 && getuid() != 0 && st.st_uid != geteuid() {
        let cause = "the file belongs to \(owner) and is not writable by you (mode \(octal(mode)))"
        throw failure(path, cause + "; replacing it would make it yours")
      }
      if mode & 0o222 == 0 { return "the file is read-only (mode \(octal(mode)))" }
      if refusal != 0 { return "the file is not writable by you (mode \(octal(mode)), owner \(owner))" }
      return nil
    }

    static func octal(_ mode: mode_t) -> String {
      let digits = String(mode, radix: 8)
      return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    static func userName(_ uid: uid_t) -> String {
      guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
      return String(cString: name)
    }

    // MARK: - Causes

    static func failure(_ path: String, _ cause: String) -> WriteFailure {
      .failed(message: "cannot write '\(path)': \(cause)", partWay: false)
    }

    /// Why creating or renaming a file in `directory` failed, naming the real cause: the directory's
    /// permission, its absence, a file where a directory should be, the file system, the disk.
    static func directoryCause(_ code: Int32, _ directory: String) -> String {
      switch code {
      case EACCES, EPERM: return "the directory '\(directory)' is not writable (\(errorText(code)))"
      case ENOENT:
        var st = stat()
        // The directory is there but takes no new files (a pseudo file system such as /proc).
        if stat(cPath(directory), &st) == 0 { return "no file can be created in '\(directory)' (\(errorText(code)))" }
        return "the directory '\(directory)' does not exist"
      case ENOTDIR: return "'\(notADirectory(directory))' is not a directory"
      case EROFS: return "'\(directory)' is on a read-only file system (\(errorText(code)))"
      default: return writeCause(code)
      }
    }

    /// Why writing bytes failed, in words.
    static func writeCause(_ code: Int32) -> String {
      switch code {
      case ENOSPC: return "the disk is full (\(errorText(code)))"
      case EDQUOT: return "the disk quota is used up (\(errorText(code)))"
      default: return errorText(code)
      }
    }

    /// The part of `directory` that exists but is not a directory (for ENOTDIR), or `directory` itself.
    static func notADirectory(_ directory: String) -> String {
      var candidate = directory
      while candidate != "/" && candidate != "." && !candidate.isEmpty {
        var st = stat()
        if stat(cPath(candidate), &st) == 0 { return (st.st_mode & S_IFMT) == S_IFDIR ? directory : candidate }
        candidate = parent(of: candidate)
      }
      return directory
    }

    // MARK: - Paths

    /// The directory part of a path as written (`.` for a bare name, `/` for the root).
    static func parent(of path: String) -> String {
      guard let slash = path.lastIndex(of: "/") else { return "." }
      let head = path[..<slash]
      return head.isEmpty ? "/" : String(head)
    }

    /// The descriptor a path names when it is one of the process's own streams.
    static func openStream(_ path: String) -> Int32? {
      switch path {
      case "/dev/stdout": return 1
      case "/dev/stderr": return 2
      default:
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
          return Int32(path.dropFirst(prefix.count))
        }
        return nil
      }
    }

    /// The file a path finally names: a symbolic link in the last component is followed (also a
    /// dangling one, whose target is then created), so the link stays a link. Directories on the way
    /// are left as written, so messages name them as the user did.
    static func finalTarget(_ path: String) -> String {
      var current = path
      for _ in 0..<40 {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(cPath(current), &buffer, buffer.count - 1)
        guard n > 0 else { break }
        let link = pathString(buffer[0..<n].map { UInt8(bitPattern: $0) })
        if link.hasPrefix("/") {
          current = link
        } else if let slash = current.lastIndex(of: "/") {
          current = String(current[...slash]) + link
        } else {
          current = link
        }
      }
      return current
    }
  }
}
