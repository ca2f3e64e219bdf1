#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything the commands ask of the operating system: reading input, writing output atomically,
/// the standard streams. Nothing else in TileGrid opens a file.
public enum Platform {
  /// Inputs larger than this are refused before they are read whole (a 1,000,000-tile file is ~110 MB).
  public static let maximumInputBytes = 1 << 30

  /// Identifies a file's content on disk, to notice a change between reading and replacing it.
  public struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
  }

  /// What was read: the bytes, the name to use in messages, and (for a file) its stamp.
  public struct Input {
    public var bytes: [UInt8]
    public var name: String
    public var stamp: FileStamp?
  }

  static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  static func stamp(of path: String) -> FileStamp? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return FileStamp(
      device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
      modifiedSeconds: Int(st.st_mtim.tv_sec), modifiedNanoseconds: Int(st.st_mtim.tv_nsec))
  }

  /// Whether anything exists at `path` (a file, a directory, a dangling link).
  public static func exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
  }

  /// Reads a whole file, or standard input for `-`. `role` names the file in messages ("events file").
  public static func read(_ path: String, role: String = "") throws(CLIError) -> Input {
    let what = role.isEmpty ? "" : role + " "
    if path == "-" {
      return Input(bytes: try readAll(fd: 0, name: "standard input"), name: "<stdin>", stamp: nil)
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .noInput("cannot open \(what)'\(path)': \(errorText(errno))") }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw .noInput("cannot read \(what)'\(path)': \(errorText(errno))") }
    if (st.st_mode & S_IFMT) == S_IFDIR { throw .noInput("cannot read \(what)'\(path)': it is a directory") }
    if Int(st.st_size) > maximumInputBytes {
      throw .data("\(path): the file is too large (\(st.st_size) bytes; the most is \(maximumInputBytes))")
    }
    let stamp = FileStamp(
      device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
      modifiedSeconds: Int(st.st_mtim.tv_sec), modifiedNanoseconds: Int(st.st_mtim.tv_nsec))
    let bytes = try readAll(fd: fd, name: "'\(path)'", sizeHint: Int(st.st_size))
    return Input(bytes: bytes, name: path, stamp: stamp)
  }

  private static func readAll(fd: Int32, name: String, sizeHint: Int = 0) throws(CLIError) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(max(sizeHint + 1, 1 << 16))
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR { continue }
        let code = errno
        if code == EISDIR { throw .noInput("cannot read \(name): it is a directory") }
        throw .io("cannot read \(name): \(errorText(code))")
      }
      bytes.append(contentsOf: chunk[0..<n])
      if bytes.count > maximumInputBytes {
        throw .data("\(name): the input is too large (more than \(maximumInputBytes) bytes)")
      }
    }
    return bytes
  }

  /// Writes all bytes to a file descriptor, retrying short writes.
  static func writeAll(fd: Int32, _ bytes: [UInt8]) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { buffer in
        Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += n
    }
    return nil
  }

  public static func writeStandardOutput(_ bytes: [UInt8]) throws(CLIError) {
    if let code = writeAll(fd: 1, bytes) { throw .io("cannot write to standard output: \(errorText(code))") }
  }

  public static func writeStandardError(_ text: String) {
    _ = writeAll(fd: 2, Array(text.utf8))
  }

  /// Whether standard input is a terminal (then a command waiting for JSON on it would seem to hang).
  public static var standardInputIsTerminal: Bool { isatty(0) == 1 }

  /// Replaces a file atomically: bytes go to a temporary file beside it, which `commit` flushes to
  /// disk and renames over the target, so a crash leaves either the old file or the new one, never
  /// half of one. A symbolic link is followed, so the link stays a link. With `expected`, a file
  /// changed on disk since it was read is not overwritten. Until `commit` succeeds the old file is
  /// untouched, and any failure removes the temporary file.
  ///
  /// A target that exists but is not a regular file (`/dev/stdout`, `/dev/null`, a pipe) is written
  /// directly: renaming over it would replace the device or pipe itself.
  public struct AtomicFile {
    let path: String
    let target: String
    let directory: String
    /// The temporary file; nil when the target is written directly.
    let temporary: String?
    let mode: mode_t
    let expected: FileStamp?
    private var fd: Int32

    public init(replacing path: String, expected: FileStamp? = nil) throws(CLIError) {
      self.path = path
      self.expected = expected
      // `/dev/stdout`, `/dev/fd/1` and the like name an open stream: write into it where it stands
      // (after what the shell already wrote there), never replace the file behind it.
      if let stream = Self.openStream(path) {
        let fd = dup(stream)
        guard fd >= 0 else { throw .cannotCreate("cannot write '\(path)': \(Platform.errorText(errno))") }
        target = path
        directory = "."
        mode = 0
        temporary = nil
        self.fd = fd
        return
      }
      let target = Self.finalTarget(path)
      self.target = target
      let slash = target.lastIndex(of: "/")
      let parent = slash.map { String(target[..<$0]) } ?? "."
      let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
      directory = parent.isEmpty ? "/" : parent

      var mode: mode_t = 0o644
      var existing = stat()
      if stat(target, &existing) == 0 {
        let kind = existing.st_mode & S_IFMT
        if kind == S_IFDIR { throw .cannotCreate("cannot write '\(path)': it is a directory") }
        if kind != S_IFREG {
          let fd = open(target, O_WRONLY | O_CLOEXEC)
          guard fd >= 0 else { throw .cannotCreate("cannot write '\(path)': \(Platform.errorText(errno))") }
          self.mode = existing.st_mode & 0o7777
          temporary = nil
          self.fd = fd
          return
        }
        mode = existing.st_mode & 0o7777
      } else {
        let mask = umask(0)
        umask(mask)
        mode = 0o666 & ~mask
      }
      self.mode = mode

      var name = ""
      var fd: Int32 = -1
      for attempt in 0..<100 {
        name = "\(directory)/.\(base).tilegrid-\(getpid())-\(attempt).tmp"
        fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if fd >= 0 || errno != EEXIST { break }
      }
      guard fd >= 0 else { throw .cannotCreate("cannot write '\(path)': \(Platform.errorText(errno))") }
      temporary = name
      self.fd = fd
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

    /// The file a path finally names: symbolic links followed, also a dangling one (whose target is
    /// then created, so the link stays a link).
    static func finalTarget(_ path: String) -> String {
      if let resolved = realpath(path, nil) {
        defer { free(resolved) }
        return String(cString: resolved)
      }
      var current = path
      for _ in 0..<40 {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(current, &buffer, buffer.count - 1)
        guard n > 0 else { break }
        let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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

    /// Appends bytes to the temporary file; on failure the temporary file is removed.
    public mutating func write(_ bytes: [UInt8]) throws(CLIError) {
      if let code = Platform.writeAll(fd: fd, bytes) {
        abandon()
        throw .io("cannot write '\(path)': \(Platform.errorText(code))")
      }
    }

    /// Flushes the temporary file to disk and renames it over the target.
    public mutating func commit() throws(CLIError) {
      guard let temporary else {
        let closed = close(fd)
        fd = -1
        if closed != 0 { throw .io("cannot write '\(path)': \(Platform.errorText(errno))") }
        return
      }
      var failure: CLIError?
      if fsync(fd) != 0 { failure = .io("cannot write '\(path)': \(Platform.errorText(errno))") }
      _ = fchmod(fd, mode)
      if close(fd) != 0 && failure == nil { failure = .io("cannot write '\(path)': \(Platform.errorText(errno))") }
      fd = -1
      if failure == nil, let expected, Platform.stamp(of: target) != expected {
        failure = .cannotCreate("'\(path)' changed on disk since it was read; it was not overwritten")
      }
      if failure == nil && rename(temporary, target) != 0 {
        failure = .cannotCreate("cannot write '\(path)': \(Platform.errorText(errno))")
      }
      if let failure {
        unlink(temporary)
        throw failure
      }
      // Make the rename itself durable.
      let dfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if dfd >= 0 {
        _ = fsync(dfd)
        close(dfd)
      }
    }

    /// Gives up: the temporary file is removed and the target left as it was.
    public mutating func abandon() {
      if fd >= 0 {
        close(fd)
        fd = -1
      }
      if let temporary { unlink(temporary) }
    }
  }
}
