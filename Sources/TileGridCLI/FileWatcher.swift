import Files

#if canImport(Glibc)
  import Glibc
#endif

/// Watches the file the editor has open, so that a change made by someone else comes into the board
/// (docs/editor.md, "Following the file"). It watches the file's directory with inotify, so that a
/// replacement by rename — how git, sync clients and most editors write — is seen as well as a write
/// in place; where inotify is not there it looks at the file's stamp every `pollInterval`. A burst of
/// writes is one change: the file is looked at once nothing has happened to it for `settle`
/// milliseconds (or `longest` after the first, for a file that never rests). It is looked at by its
/// stamp (device, inode, size, modification time); the caller then compares the content. None of this
/// is in the editor's update code: the change reaches it as a message, which `play` replays.
final class FileWatcher {
  static let settle = 60
  static let longest = 200
  static let pollInterval = 150

  /// The inotify descriptor, for the terminal's wait to watch (-1: polling).
  private(set) var descriptor: Int32 = -1
  private let name: [UInt8]
  /// The stamp of the version the editor has (read or saved); nil while the file is not there.
  var known: Platform.FileStamp?
  /// When the first and the last event of the burst under way came (the program's clock).
  private var firstEvent: Int?
  private var lastEvent: Int?
  /// When polling looks next.
  private var nextPoll: Int?

  init(path: String, stamp: Platform.FileStamp?, now: Int) {
    known = stamp
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    name = Array((slash.map { String(path[path.index(after: $0)...]) } ?? path).utf8)
    let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    if fd >= 0 {
      let mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB
      if inotify_add_watch(fd, directory, UInt32(mask)) >= 0 {
        descriptor = fd
      } else {
        close(fd)
      }
    }
    if descriptor < 0 { nextPoll = now + Self.pollInterval }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Whether the file is watched by inotify (else it is polled).
  var notified: Bool { descriptor >= 0 }

  /// When the watcher wants to look at the file next: the end of a burst's settling, or the next poll.
  var deadline: Int? {
    if let first = firstEvent, let last = lastEvent { return min(last + Self.settle, first + Self.longest) }
    return nextPoll
  }

  /// Reads what inotify has (the descriptor was readable): an event about the file starts or extends a
  /// burst.
  func drain(at now: Int) {
    guard descriptor >= 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard n > 0 else { break }
      var offset = 0
      // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name, NUL-padded.
      while offset + 16 <= n {
        let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
        let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
        let start = offset + 16
        var end = start
        while end < min(start + length, n) && buffer[end] != 0 { end += 1 }
        // Events lost to a full queue may have been the file's: look at it.
        if Array(buffer[start..<end]) == name || mask & UInt32(IN_Q_OVERFLOW) != 0 {
          if firstEvent == nil { firstEvent = now }
          lastEvent = now
        }
        offset = start + length
      }
    }
  }

  /// Whether the file is due to be looked at `now` (a burst has settled, or a poll is due): if so the
  /// burst is over, and the caller compares the file's stamp with `known`.
  func due(at now: Int) -> Bool {
    guard let deadline, deadline <= now else { return false }
    firstEvent = nil
    lastEvent = nil
    if descriptor < 0 { nextPoll = now + Self.pollInterval }
    return true
  }
}
