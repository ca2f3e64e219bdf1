import CReadGuard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything TileGrid asks of the file system: reading input, writing files (`Platform+Write`),
/// recovery files, the standard streams. Nothing else in TileGrid opens a file for data.
public enum Platform {
  /// Why an input could not be read: the command line maps each case to its exit status.
  public enum ReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not exist, cannot be opened, or is a directory (66).
    case noInput(String)
    /// The input is larger than `maximumInputBytes` (65).
    case tooLarge(String)
    /// Reading failed part way (74).
    case io(String)

    public var description: String {
      switch self {
      case .noInput(let message), .tooLarge(let message), .io(let message): return message
      }
    }
  }

  /// Writing to a standard stream failed.
  public struct StreamError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Inputs larger than this are refused before they are read whole (a 1,000,000-tile file is ~110 MB).
  public static let maximumInputBytes = 1 << 30

  /// Identifies a file's content on disk, to notice a change between reading and replacing it: the
  /// editor keeps the stamp of what it read (or last wrote) and hands it back when it saves.
  public struct FileStamp: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int
    public var modifiedNanoseconds: Int

    public init(_ st: stat) {
      device = UInt64(st.st_dev)
      inode = UInt64(st.st_ino)
      size = Int64(st.st_size)
      modifiedSeconds = Int(st.st_mtim.tv_sec)
      modifiedNanoseconds = Int(st.st_mtim.tv_nsec)
    }
  }

  /// What was read: the bytes, the name to use in messages, and (for a file) its stamp.
  public struct Input {
    public var bytes: [UInt8]
    public var name: String
    public var stamp: FileStamp?
  }

  public static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  public static func stamp(of path: String) -> FileStamp? {
    var st = stat()
    guard stat(cPath(path), &st) == 0 else { return nil }
    return FileStamp(st)
  }

  /// What makes a file itself whatever its names: its device and inode.
  public struct FileIdentity: Equatable, Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    init(_ st: stat) {
      device = UInt64(st.st_dev)
      inode = UInt64(st.st_ino)
    }
  }

  /// The identity of the file `path` names (symbolic links followed), if it exists.
  public static func identity(of path: String) -> FileIdentity? {
    var st = stat()
    return stat(cPath(path), &st) == 0 ? FileIdentity(st) : nil
  }

  /// The identity of the file open as `fd`.
  public static func identity(ofOpen fd: Int32) -> FileIdentity? {
    var st = stat()
    return fstat(fd, &st) == 0 ? FileIdentity(st) : nil
  }

  /// Whether anything exists at `path` (a file, a directory, a dangling link).
  public static func exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(cPath(path), &st) == 0
  }

  /// Reads a whole file, or standard input for `-`. `role` names the file in messages ("events file").
  /// An input that can be read only once (standard input, a pipe, a FIFO, a process substitution) is
  /// read once in the process: reading it again gives the same bytes (`streams`).
  public static func read(_ path: String, role: String = "") throws(ReadError) -> Input {
    if path == "-" {
      // Whatever it is, standard input is read from where it stands, once (a file on it too).
      guard let identity = identity(ofOpen: 0) else {
        return Input(bytes: try readAll(fd: 0, name: "standard input"), name: "<stdin>", stamp: nil)
      }
      let bytes = try kept(identity).bytes.withLock { (kept) throws(ReadError) -> [UInt8] in
        if let kept { return kept }
        let bytes = try readAll(fd: 0, name: "standard input")
        kept = bytes
        return bytes
      }
      return Input(bytes: bytes, name: "<stdin>", stamp: nil)
    }
    // An input that can be read only once: its bytes from before are looked up without opening it
    // (opening a FIFO again would wait for a writer), and it is read under its own lock.
    var st = stat()
    guard stat(cPath(path), &st) == 0, isStream(st) else {
      let (input, opened) = try readOpened(path, role: role)
      keepIfStream(input.bytes, opened)
      return input
    }
    return try kept(FileIdentity(st)).bytes.withLock { (kept) throws(ReadError) -> Input in
      if let kept { return Input(bytes: kept, name: path, stamp: FileStamp(st)) }
      let (input, opened) = try readOpened(path, role: role)
      if FileIdentity(opened) == FileIdentity(st) { kept = input.bytes } else { keepIfStream(input.bytes, opened) }
      return input
    }
  }

  /// Opens `path` and reads it whole; returns what was read and the status of what was opened.
  private static func readOpened(_ path: String, role: String) throws(ReadError) -> (input: Input, opened: stat) {
    let (fd, st) = try openForReading(path, role: role)
    defer { close(fd) }
    let bytes = try readAll(fd: fd, name: "'\(path)'", sizeHint: Int(st.st_size))
    if let change = changedWhileRead(fd, path: path, opened: st, readBytes: bytes.count) { throw change }
    return (Input(bytes: bytes, name: path, stamp: FileStamp(st)), st)
  }

  /// What was read from each input that can be read only once (and from standard input), by its
  /// identity: a pipe's data is gone
  /// once read, and a FIFO opened again waits for another writer, so a command that looks at an input
  /// twice (its format by its content, then its arrangement; its arrangement, then its record of
  /// conflicts) works on the bytes read the first time. Regular files are read again from the disk,
  /// where changes are noticed by their stamps. Commands run in one process on several threads (the
  /// tests, `diff` and `merge` reading their versions, a library's user) read inputs at once: the table
  /// is behind a lock (`Locked`), and each input is read holding its own (`Kept`), so a second reader of it waits
  /// for the bytes the first reads while other inputs are read meanwhile.
  private static let streams = Locked<[FileIdentity: Kept]>([:])

  /// One input that can be read only once: its bytes, once read.
  private final class Kept: Sendable {
    let bytes = Locked<[UInt8]?>(nil)
  }

  /// The entry for the input `identity` names, made empty if there is none yet.
  private static func kept(_ identity: FileIdentity) -> Kept {
    streams.withLock { table in
      if let kept = table[identity] { return kept }
      let kept = Kept()
      table[identity] = kept
      return kept
    }
  }

  private static func isStream(_ st: stat) -> Bool {
    let kind = st.st_mode & S_IFMT
    return kind != S_IFREG && kind != S_IFDIR
  }

  /// Keeps what was read from an input that turned out, once opened, to be one that can be read only
  /// once (the name was a regular file's when it was looked at), for the next reading of it.
  private static func keepIfStream(_ bytes: [UInt8], _ opened: stat) {
    if isStream(opened) { kept(FileIdentity(opened)).bytes.withLock { if $0 == nil { $0 = bytes } } }
  }

  /// The error for a regular file that changed while it was read (another program wrote it, or cut it
  /// short): its size or modification time is no longer what it was when it was opened, or it ended
  /// early. Nil when it is as it was, and for anything that is not a regular file.
  static func changedWhileRead(_ fd: Int32, path: String, opened: stat, readBytes: Int? = nil, cutShort: Bool = false)
    -> ReadError?
  {
    guard (opened.st_mode & S_IFMT) == S_IFREG else { return nil }
    var now = stat()
    guard fstat(fd, &now) == 0 else { return .io("cannot read '\(path)': \(errorText(errno))") }
    let was = Int(opened.st_size)
    // A file of size 0 may be a pseudo file (in /proc) with content all the same.
    let same = FileStamp(now) == FileStamp(opened) && (was == 0 || readBytes.map { $0 == was } ?? true)
    if same && !cutShort { return nil }
    let size = Int(now.st_size) == was ? "" : " (it was \(was) bytes, now \(now.st_size))"
    return .io("cannot read '\(path)': it changed while it was read\(size); read it again once it is written")
  }

  /// Opens `path` to read it and looks at what it is: not a directory, not larger than
  /// `maximumInputBytes`. The caller closes the descriptor.
  private static func openForReading(_ path: String, role: String) throws(ReadError) -> (Int32, stat) {
    let what = role.isEmpty ? "" : role + " "
    let fd = open(cPath(path), O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .noInput("cannot open \(what)'\(path)': \(errorText(errno))") }
    var st = stat()
    var failure: ReadError?
    if fstat(fd, &st) != 0 {
      failure = .noInput("cannot read \(what)'\(path)': \(errorText(errno))")
    } else if (st.st_mode & S_IFMT) == S_IFDIR {
      failure = .noInput("cannot read \(what)'\(path)': it is a directory")
    } else if Int(st.st_size) > maximumInputBytes {
      failure = .tooLarge("\(path): the file is too large (\(st.st_size) bytes; the most is \(maximumInputBytes))")
    }
    if let failure {
      close(fd)
      throw failure
    }
    return (fd, st)
  }

  /// Reads to the end of `fd`. A file of known size is read straight into the array (one `read` call
  /// as a rule, no copy through a chunk buffer); a stream, or a file that grew, in chunks.
  private static func readAll(fd: Int32, name: String, sizeHint: Int = 0) throws(ReadError) -> [UInt8] {
    var failure: Int32?
    let capacity = sizeHint > 0 ? sizeHint + 1 : 1 << 16
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      while count < buffer.count {
        let n = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
        if n > 0 {
          count += n
        } else if n == 0 {
          return
        } else if errno != EINTR {
          failure = errno
          return
        }
      }
    }
    if let code = failure {
      if code == EISDIR { throw .noInput("cannot read \(name): it is a directory") }
      throw .io("cannot read \(name): \(errorText(code))")
    }
    // The end came before the buffer was full: that was everything.
    if bytes.count < capacity { return bytes }
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
        throw .tooLarge("\(name): the input is too large (more than \(maximumInputBytes) bytes)")
      }
    }
    return bytes
  }

  /// An input's bytes for reading once from start to end. A regular file is mapped rather than read:
  /// no copy into memory of the process's own, pages come from the system's file cache as reading
  /// reaches them, and `release` lets go of the pages reading has passed, so that the process never
  /// holds the whole file (a 120 MB file read in 7 ms instead of 70 here). Anything else (standard
  /// input, a pipe, a file that cannot be mapped) is read whole.
  ///
  /// The mapping is private and read-only, and lives only as long as this value: whoever reads it
  /// copies what it keeps. Pages let go are read from the file again if touched again. A file that
  /// another program cuts short or writes while it is read is found out when reading ends
  /// (`withBytes` fails with `.changed`): a page past the file's new end reads as zeros instead of
  /// ending the process with SIGBUS (`CReadGuard`), and the file's size and modification time are
  /// looked at again.
  public final class MappedInput {
    /// The name to use in messages, and (for a file) its stamp.
    public let name: String
    public let stamp: FileStamp?
    private let mapped: UnsafeMutableRawPointer?
    private let count: Int
    private let read: [UInt8]
    /// For a mapped file: its descriptor (kept open to look at it again), its `stat` when it was
    /// opened, and its slot in the SIGBUS handler's table.
    private let fd: Int32
    private let opened: stat
    private let guardSlot: Int32

    fileprivate init(mapping: UnsafeMutableRawPointer, count: Int, fd: Int32, opened: stat, guardSlot: Int32, name: String) {
      self.mapped = mapping
      self.count = count
      self.read = []
      self.name = name
      self.stamp = FileStamp(opened)
      self.fd = fd
      self.opened = opened
      self.guardSlot = guardSlot
    }

    fileprivate init(_ input: Input) {
      mapped = nil
      count = input.bytes.count
      read = input.bytes
      name = input.name
      stamp = input.stamp
      fd = -1
      opened = stat()
      guardSlot = -1
    }

    deinit {
      if let mapped {
        tg_guard_unregister(guardSlot)
        munmap(mapped, count)
        close(fd)
      }
    }

    /// Why `withBytes` failed: the file changed while it was read (then what `body` made of it does
    /// not matter), or `body` failed.
    public enum Failure<BodyError: Error>: Error {
      case changed(ReadError)
      case body(BodyError)
    }

    /// Calls `body` with the bytes and, for a mapped file, the function that lets go of the whole
    /// pages inside a range of them. When `body` is done (returned or failed), a mapped file is
    /// looked at again: if it was cut short under the reading or changed since it was opened, the
    /// result is `.changed`, whatever `body` did.
    public func withBytes<R, E: Error>(
      _ body: (UnsafeBufferPointer<UInt8>, _ release: ((Range<Int>) -> Void)?) throws(E) -> R
    ) throws(Failure<E>) -> R {
      guard let mapped else {
        do {
          return try read.withUnsafeBufferPointer { (bytes) throws(E) -> R in try body(bytes, nil) }
        } catch {
          throw .body(error)
        }
      }
      let bytes = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: count)
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let result: Result<R, E>
      do throws(E) {
        result = .success(
          try body(bytes) { range in
            let start = (range.lowerBound + page - 1) / page * page
            let end = min(range.upperBound, self.count) / page * page
            if end > start { _ = madvise(mapped + start, end - start, MADV_DONTNEED) }
          })
      } catch {
        result = .failure(error)
      }
      let cutShort = tg_guard_faulted(guardSlot) != 0
      if let change = changedWhileRead(fd, path: name, opened: opened, cutShort: cutShort) { throw .changed(change) }
      switch result {
      case .success(let value): return value
      case .failure(let error): throw .body(error)
      }
    }
  }

  /// `read(_:role:)`'s input for reading once: a regular file mapped (`MappedInput`), standard
  /// input (`-`) and anything that cannot be mapped read whole. The same errors as `read`.
  public static func mapped(_ path: String, role: String = "") throws(ReadError) -> MappedInput {
    // An input that can be read only once is read, and kept, as `read` does.
    var named = stat()
    if path == "-" || (stat(cPath(path), &named) == 0 && isStream(named)) {
      return MappedInput(try read(path, role: role))
    }
    let (fd, st) = try openForReading(path, role: role)
    let size = Int(st.st_size)
    if (st.st_mode & S_IFMT) == S_IFREG && size > 0,
      let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapping != MAP_FAILED
    {
      let slot = tg_guard_register(mapping, size, Int(sysconf(Int32(_SC_PAGESIZE))))
      if slot >= 0 {
        _ = madvise(mapping, size, MADV_SEQUENTIAL)
        return MappedInput(mapping: mapping, count: size, fd: fd, opened: st, guardSlot: slot, name: path)
      }
      // No slot in the SIGBUS handler's table: read it instead.
      munmap(mapping, size)
    }
    defer { close(fd) }
    let bytes = try readAll(fd: fd, name: "'\(path)'", sizeHint: size)
    if let change = changedWhileRead(fd, path: path, opened: st, readBytes: bytes.count) { throw change }
    keepIfStream(bytes, st)
    return MappedInput(Input(bytes: bytes, name: path, stamp: FileStamp(st)))
  }

  /// Writes all bytes to a file descriptor, retrying short writes.
  public static func writeAll(fd: Int32, _ bytes: [UInt8]) -> Int32? {
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

  public static func writeStandardOutput(_ bytes: [UInt8]) throws(StreamError) {
    if let code = writeAll(fd: 1, bytes) { throw StreamError(description: "cannot write to standard output: \(errorText(code))") }
  }

  public static func writeStandardError(_ text: String) {
    _ = writeAll(fd: 2, Array(text.utf8))
  }

  /// Whether standard input is a terminal (then a command waiting for JSON on it would seem to hang).
  public static var standardInputIsTerminal: Bool { isatty(0) == 1 }
}
