import Document
import Files
import Canvas
import Editor
import Runtime
import TileGridJSON
import TileModel

#if canImport(Glibc)
  import Glibc
#endif

/// `--record`'s file and header: the recorder (Runtime's `SessionRecorder`) writes into the events file
/// with `write(2)` and keeps disk versions beside it with `Platform.writeFile`.
extension SessionRecorder {
  /// Creates (or empties) the events file. Nothing is written until `start`.
  ///
  /// The events file may not be the file being edited, `edited` (its name, or `-` for standard input),
  /// under any name: a symbolic or hard link to it is the same file (the same device and inode), which
  /// emptying would lose. That is found on the file opened, before it is emptied (64).
  init(path: String, editing edited: String? = nil) throws(CLIError) {
    // Opened without emptying it, and made only if nothing is there: what was there is looked at first.
    var created = true
    var fd = open(Platform.cPath(path), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    if fd < 0 && errno == EEXIST {
      created = false
      fd = open(Platform.cPath(path), O_WRONLY | O_CLOEXEC)
    }
    guard fd >= 0 else {
      throw .cannotCreate("cannot write the events file '\(path)': \(Platform.errorText(errno))")
    }
    do {
      try Self.refuse(path, identity: Platform.identity(ofOpen: fd), editing: edited)
    } catch {
      _ = Glibc.close(fd)
      if created { unlink(Platform.cPath(path)) }
      throw error
    }
    if !created && ftruncate(fd, 0) != 0 && errno != EINVAL {
      let code = errno
      _ = Glibc.close(fd)
      throw .cannotCreate("cannot write the events file '\(path)': \(Platform.errorText(code))")
    }
    self.init(
      path: path,
      writeLine: { line in Platform.writeAll(fd: fd, Array((line + "\n").utf8)).map(Platform.errorText) },
      writeVersion: { file, arrangement in
        do {
          _ = try Platform.writeFile(file) { (write) throws(Platform.WriteFailure) in try arrangement.writeJSON(write) }
          return nil
        } catch {
          return "\(error)"
        }
      },
      close: { _ = Glibc.close(fd) })
  }

  /// Refuses (64) an events file `path` that is the file being edited, `edited` (a name, or `-` for
  /// standard input), under any name: a symbolic or hard link to it is the same file (the same device
  /// and inode). `identity` is the events file's own (by default, what `path` names now).
  static func refuse(
    _ path: String, identity: Platform.FileIdentity?? = nil, editing edited: String?
  ) throws(CLIError) {
    guard let edited, let events = identity ?? Platform.identity(of: path),
      let file = edited == "-" ? Platform.identity(ofOpen: 0) : Platform.identity(of: edited), events == file
    else { return }
    let name = edited == "-" ? "standard input" : "'\(edited)'"
    throw .usage(
      "--record '\(path)' is the file being edited (\(name)): recording into it would replace it; give another "
        + "events file", command: nil)
  }

  /// Writes the header: what was edited (with its size and SHA-256, so `play` can tell when it is given
  /// another file), and how to replay it.
  mutating func start(
    file: EditorSession.Source, digest: FileDigest?, screen: Size, pressMilliseconds: Int, saving: SaveTarget,
    keys: String? = nil
  ) {
    start(
      header: Self.header(
        file: file, digest: digest, screen: screen, pressMilliseconds: pressMilliseconds, eventsPath: path, keys: keys),
      saving: saving)
  }

  /// The header: comments naming the file, its size and SHA-256 as it was opened (`# file: N bytes,
  /// SHA-256 HEX`, which `play` reads), and the replay command, then the starting size as a `resize`
  /// (so a replay with other `--width`/`--height` still starts right). A session whose keys came from
  /// a keys file replays with `--keys` that file: its keys meant what the file said.
  static func header(
    file: EditorSession.Source, digest: FileDigest?, screen: Size, pressMilliseconds: Int, eventsPath: String,
    keys: String? = nil
  ) -> [String] {
    let size =
      "--width \(screen.width) --height \(screen.height) --press-ms \(pressMilliseconds)"
      + (keys.map { " --keys \(shellWord($0))" } ?? "")
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
