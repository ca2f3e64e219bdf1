import Document
import Files
import Canvas
import TerminalInput
import Editor
import Runtime
import TileGridJSON
import TileModel

#if canImport(Glibc)
  import Glibc
#endif

/// `tilegrid --record EVENTS`: the session as an events file that `tilegrid play` replays to the same
/// arrangement. What the editor is given is written, not what it made of it: the bytes read from the
/// terminal (`input "…"`, decoded again by the same decoder), each resize, and the milliseconds between
/// them (`wait`), measured on the same clock the editor's timers use. Timer ticks are not written: a
/// `wait` fires every timer due in it at its own time, as the live loop's ticks did.
///
/// Each line is written at once with `write(2)`, so a session that crashes still leaves a file that
/// replays up to the crash.
struct SessionRecorder {
  /// The events file as given on the command line, for messages.
  let path: String
  private let fd: Int32
  /// The time of the last input written (the session starts at 0, as `play`'s clock does).
  private var lastTime = 0
  /// The first write that failed; the rest of the session is not recorded.
  private(set) var failure: String?
  /// How many disk versions were kept beside the events file.
  private var disks = 0

  /// Creates (or empties) the events file. Nothing is written until `start`.
  init(path: String) throws(CLIError) {
    self.path = path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard fd >= 0 else {
      throw .cannotCreate("cannot write the events file '\(path)': \(Platform.errorText(errno))")
    }
    self.fd = fd
  }

  /// Writes the header: what was edited (with its size and SHA-256, so `play` can tell when it is given
  /// another file), and how to replay it.
  mutating func start(
    file: EditorSession.Source, digest: FileDigest?, screen: Size, pressMilliseconds: Int, saving: SaveTarget
  ) {
    for line in Self.header(
      file: file, digest: digest, screen: screen, pressMilliseconds: pressMilliseconds, eventsPath: path)
    {
      write(line)
    }
    // Where `s` saves decides what a typed name means: the replay must ask as the session did.
    switch saving {
    case .file: write("saving file")
    case .askForPath: write("saving ask")
    case .standardOutput: write("saving stdout")
    }
  }

  /// Bytes read from the terminal at `time`.
  mutating func input(_ bytes: [UInt8], at time: Int) {
    advance(to: time)
    write(EventScript.inputLine(bytes))
  }

  /// A key that did not come as bytes (SIGTSTP sent by kill stands for Ctrl-Z).
  mutating func key(_ key: Key, at time: Int) {
    advance(to: time)
    write("key " + EventScript.name(of: key))
  }

  /// The terminal's new size at `time`.
  mutating func resize(_ size: Size, at time: Int) {
    advance(to: time)
    write("resize \(size.width) \(size.height)")
  }

  /// A signal, as the events file writes it.
  mutating func signal(_ signal: EditorSignal, at time: Int) {
    advance(to: time)
    write("signal " + (signal == .interrupt ? "interrupt" : "terminate"))
  }

  /// How the save just asked for ended (written only when it failed: success is the default).
  /// The files left behind that the editor asks about first (before any input).
  mutating func leftBehind(_ found: [LeftBehind]) {
    for file in found { write(EventScript.line(.leftBehind(file.kind, name: file.name))) }
  }

  mutating func saveFailed(_ failure: SaveFailure, at time: Int) {
    advance(to: time)
    switch failure {
    case .changedOnDisk: write("save-result changed-on-disk")
    case .deletedOnDisk: write("save-result deleted")
    case .readOnly: write("save-result read-only")
    case .exists: write("save-result exists")
    case .failed, .cancelled: write("save-result failed")
    }
  }

  /// The file as it was on disk when the editor read it to merge (nil: it could not be read): written
  /// as canonical JSON beside the events file (`EVENTS.disk-N.json`), named by a `disk-version` line,
  /// so that `play` merges with the same version.
  mutating func diskVersion(_ arrangement: Arrangement?, at time: Int) {
    advance(to: time)
    guard let arrangement else {
      write(EventScript.line(.diskVersion(nil)))
      return
    }
    disks += 1
    let file = "\(path).disk-\(disks).json"
    do {
      _ = try Platform.writeFile(file) { (write) throws(Platform.WriteFailure) in try arrangement.writeJSON(write) }
      let name = file.lastIndex(of: "/").map { String(file[file.index(after: $0)...]) } ?? file
      write(EventScript.line(.diskVersion(name)))
    } catch {
      failure = failure ?? "cannot write '\(file)': \(error); the recording stops there"
    }
  }

  func close() {
    _ = Glibc.close(fd)
  }

  private mutating func advance(to time: Int) {
    if let line = Self.waitLine(from: lastTime, to: time) { write(line) }
    lastTime = max(lastTime, time)
  }

  private mutating func write(_ line: String) {
    guard failure == nil else { return }
    if let code = Platform.writeAll(fd: fd, Array((line + "\n").utf8)) {
      failure = "cannot write the events file '\(path)': \(Platform.errorText(code)); the recording stops there"
    }
  }

  // MARK: - The format (pure)

  /// `wait MS` for the time between two inputs, or nil when none passed.
  static func waitLine(from last: Int, to time: Int) -> String? {
    time > last ? "wait \(time - last)" : nil
  }

  /// The header: comments naming the file, its size and SHA-256 as it was opened (`# file: N bytes,
  /// SHA-256 HEX`, which `play` reads), and the replay command, then the starting size as a `resize`
  /// (so a replay with other `--width`/`--height` still starts right).
  static func header(
    file: EditorSession.Source, digest: FileDigest?, screen: Size, pressMilliseconds: Int, eventsPath: String
  ) -> [String] {
    let size = "--width \(screen.width) --height \(screen.height) --press-ms \(pressMilliseconds)"
    let events = "--events \(shellWord(eventsPath))"
    let what: String
    let command: String
    switch file {
    case .file(let path):
      what = "\(path) (as it was when the session started)"
      command = "tilegrid play \(shellWord(path)) \(size) \(events)"
    case .newFile(let path):
      what = "\(path), a new file (the session began with one empty section)"
      command =
        "tilegrid play - \(size) \(events) <<< '{\"version\": 1, \"sections\": [{\"id\": \"tiles\", "
        + "\"title\": \"Tiles\", \"items\": []}]}'"
    case .standardInput:
      what = "standard input"
      command = "tilegrid play - \(size) \(events) < THE-SAME-INPUT"
    case .demo:
      what = "the built-in demo"
      command = "tilegrid demo | tilegrid play - \(size) \(events)"
    }
    let lines =
      ["# TileGrid session recorded with --record: \(what)"] + (digest.map { [$0.headerLine] } ?? []) + [
        "# terminal \(screen.width)x\(screen.height), long press \(pressMilliseconds) ms; replay with",
        "#   \(command)",
        "resize \(screen.width) \(screen.height)",
      ]
    return lines.map(CLIError.oneLine)
  }

  /// A word as a POSIX shell reads it back: plain when it is safe, else single-quoted.
  static func shellWord(_ word: String) -> String {
    let safe =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || $0.properties.numericType != nil || "/._-+:,=@%".unicodeScalars.contains($0)
      }
    return safe ? word : "'" + word.replacing("'", with: "'\\''") + "'"
  }
}
