import Files
import Canvas
import TerminalInput
import CursesTerminal
import Editor
import Formats
import TileModel

#if canImport(Glibc)
  import Glibc
#endif

/// What the editor is editing: where it came from, where saves go, and (in pipe mode) what goes to
/// standard output at the end.
struct EditorDocument {
  enum Source: Equatable {
    case file(String)
    case standardInput
    case demo
  }

  var source: Source
  /// The file's stamp as read or last saved, so a file changed by someone else meanwhile is noticed.
  var stamp: Platform.FileStamp?
  /// Pipe mode with standard output not a terminal: saving keeps the arrangement for standard output,
  /// written when the editor ends (as `vipe` and `fzf` hand back their result).
  var savesToStandardOutput: Bool
  /// The arrangement saved last in pipe mode.
  var savedForOutput: Arrangement?
  /// The format saves write (the file's own, or `--to`'s); recovery files are JSON whatever it is.
  var format: ArrangementFormat = .json
  /// What the last save's format could not keep, said on standard error when the editor ends.
  var lost: (name: String, fields: LostFields)?

  /// Where `s` saves: the file; standard output in pipe mode; else the editor asks for a file name.
  var saveTarget: SaveTarget {
    switch source {
    case .file: return .file
    case .standardInput: return savesToStandardOutput ? .standardOutput : .askForPath
    case .demo: return .askForPath
    }
  }

  /// The name the title bar shows: the file as given, `<stdin>`, or nil for the demo.
  var displayName: String? {
    switch source {
    case .file(let path): return path
    case .standardInput: return "<stdin>"
    case .demo: return nil
    }
  }
}

/// The interactive loop's decisions, without the terminal: each thing the terminal reports becomes one
/// message to the editor (recorded first when `--record` is on), and the effects the editor asks for
/// are carried out — saves and the recovery file here, suspend, repaint and quit by the caller. Kept
/// apart from the terminal so that tests drive it with timed bytes.
struct EditorSession {
  /// What the caller does with the terminal.
  enum Action: Equatable {
    case suspend
    case redraw
    case quit
  }

  var editor: EditorState
  var document: EditorDocument
  var recorder: SessionRecorder?
  /// The signal that ended the session (SIGTERM, SIGHUP), if one did.
  private(set) var endedBy: Int32?
  /// Where the recovery file was written, or why it could not be.
  private(set) var recovery: Result<String, CLIError>?

  init(editor: EditorState, document: EditorDocument, recorder: SessionRecorder? = nil) {
    self.editor = editor
    self.document = document
    self.recorder = recorder
  }

  /// Handles what the terminal reported at `time` (milliseconds since the session started) and returns
  /// what the caller must do, in order; `.quit` comes last.
  mutating func handle(_ event: CursesTerminal.Event, at time: Int) -> [Action] {
    let message: EditorMessage
    switch event {
    case .bytes(let bytes):
      recorder?.input(bytes, at: time)
      message = .bytes(bytes)
    case .resize(let size):
      recorder?.resize(size, at: time)
      message = .input(.resize(width: size.width, height: size.height))
    case .signal(.interrupt):
      recorder?.signal(.interrupt, at: time)
      message = .signal(.interrupt)
    case .signal(.terminate), .signal(.hangup):
      let signal = event == .signal(.terminate) ? SIGTERM : SIGHUP
      recorder?.signal(.terminate, at: time)
      endedBy = signal
      message = .signal(.terminate)
    case .signal(.suspend):
      // SIGTSTP sent by kill: as if Ctrl-Z were typed (a drag is cancelled first), and recorded so.
      let key = Key.control("z")
      recorder?.key(key, at: time)
      message = .input(.key(key))
    case .timeout:
      message = .tick
    }
    return carryOut(editor.update(message, at: time), at: time)
  }

  /// Carries out effects; saves report back to the editor, whose answer may hold more effects.
  private mutating func carryOut(_ effects: [EditorEffect], at time: Int) -> [Action] {
    var pending = effects
    var actions: [Action] = []
    while !pending.isEmpty {
      switch pending.removeFirst() {
      case .happened:
        break
      case .save(let path, let force, _):
        let outcome = save(to: path, force: force)
        if case .saveFailed(let failure) = outcome { recorder?.saveFailed(failure, at: time) }
        pending += editor.update(outcome, at: time)
      case .writeRecovery:
        writeRecovery()
      case .suspend:
        actions.append(.suspend)
      case .redraw:
        actions.append(.redraw)
      case .quit:
        actions.append(.quit)
        return actions
      }
    }
    return actions
  }

  // MARK: - Saving

  /// Saves the arrangement: to its file, to a new file `path`, or in pipe mode for standard output.
  /// Returns the message that reports the outcome to the editor.
  mutating func save(to path: String?, force: Bool) -> EditorMessage {
    if let path {
      // A new name that is taken is not written over without the person's word.
      if !force && Platform.exists(path) { return .saveFailed(.exists) }
      // A name with a format's extension is saved in that format (board.md as Markdown).
      let format = FormatOptions.byExtension(path) ?? document.format
      switch Self.write(editor.arrangement, to: path, as: format, expected: nil, force: force) {
      case .success(let stamp, let lost):
        document.source = .file(path)
        document.stamp = stamp
        document.format = format
        document.lost = lost.isEmpty ? nil : (path, lost)
        return .saved(name: path)
      case .failure(let failure):
        return .saveFailed(failure)
      }
    }
    switch document.source {
    case .file(let file):
      // With `force` the person said "overwrite": whatever is on disk now, and read-only too.
      switch Self.write(
        editor.arrangement, to: file, as: document.format, expected: force ? nil : document.stamp, force: force)
      {
      case .success(let stamp, let lost):
        document.stamp = stamp
        document.lost = lost.isEmpty ? nil : (file, lost)
        return .saved(name: nil)
      case .failure(let failure):
        return .saveFailed(failure)
      }
    case .standardInput where document.savesToStandardOutput:
      do {
        try document.format.checkWritable(editor.arrangement)
      } catch {
        return .saveFailed(.failed("cannot write \(document.format): \(error)"))
      }
      document.savedForOutput = editor.arrangement
      return .saved(name: nil)
    case .standardInput:
      return .saveFailed(.failed("standard output is a terminal; run 'tilegrid - > FILE' to keep the result"))
    case .demo:
      return .saveFailed(.failed("the demo has no file; 'tilegrid demo > FILE' then 'tilegrid FILE' edits a copy"))
    }
  }

  enum WriteOutcome {
    /// Written; the file's new stamp, and what its format could not keep.
    case success(Platform.FileStamp?, LostFields)
    case failure(SaveFailure)
  }

  /// Writes an arrangement in `format` with `Platform.writeFile` (atomic, keeping the file's mode,
  /// owner and links). Without `force`, a file that changed on disk since `expected` or that is
  /// read-only is not written: the editor asks the person. An arrangement the format cannot hold (a
  /// tab in a TSV field) is not written either, and the failure says why. Returns the new stamp, kept
  /// to notice later changes.
  static func write(
    _ arrangement: Arrangement, to path: String, as format: ArrangementFormat = .json, expected: Platform.FileStamp?,
    force: Bool
  ) -> WriteOutcome {
    do {
      try format.checkWritable(arrangement)
    } catch {
      return .failure(.failed("cannot write \(format): \(error)"))
    }
    var lost = LostFields(format: format)
    do throws(Platform.WriteFailure) {
      let stamp = try Platform.writeFile(path, expected: expected, force: force) {
        (write) throws(Platform.WriteFailure) in lost = try format.write(arrangement, write)
      }
      return .success(stamp, lost)
    } catch {
      switch error {
      case .changedOnDisk: return .failure(.changedOnDisk)
      case .readOnly: return .failure(.readOnly)
      case .failed(let message, _): return .failure(.failed(message))
      }
    }
  }

  // MARK: - Recovery

  /// The recovery file's name for the source, and the directories to try, in order: beside the file
  /// (the current directory for the demo and standard input), then the temporary directory.
  static func recoveryPlaces(
    for source: EditorDocument.Source, temporaryDirectory: String
  ) -> [(directory: String, base: String)] {
    var places: [(String, String)] = []
    var base: String
    switch source {
    case .file(let path):
      let slash = path.lastIndex(of: "/")
      let directory = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
      base = slash.map { String(path[path.index(after: $0)...]) } ?? path
      places.append((directory, base))
    case .standardInput:
      base = "tilegrid-stdin"
      places.append((".", base))
    case .demo:
      base = "tilegrid-demo"
      places.append((".", base))
    }
    places.append((temporaryDirectory, base))
    return places
  }

  /// `BASE.recovery.json`, or with a number when that exists (an earlier recovery is never replaced).
  static func recoveryName(_ base: String, attempt: Int) -> String {
    attempt == 0 ? "\(base).recovery.json" : "\(base).recovery-\(attempt + 1).json"
  }

  /// Writes the arrangement to a new recovery file (SIGTERM or SIGHUP with unsaved changes).
  mutating func writeRecovery() {
    let tmp = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var lastFailure = ""
    for (directory, base) in Self.recoveryPlaces(for: document.source, temporaryDirectory: tmp) {
      for attempt in 0..<100 {
        let path = (directory == "." ? "" : directory + "/") + Self.recoveryName(base, attempt: attempt)
        if Platform.exists(path) { continue }
        switch Self.write(editor.arrangement, to: path, as: .json, expected: nil, force: false) {
        case .success:
          recovery = .success(path)
          return
        case .failure(let failure):
          lastFailure = failure.text
        }
        break
      }
    }
    recovery = .failure(.cannotCreate("unsaved changes could not be kept: \(lastFailure)"))
  }

  // MARK: - The end

  /// What happens once the terminal is restored: in pipe mode the saved arrangement goes to standard
  /// output; a session ended by a signal says so, and where the unsaved changes are; a recording that
  /// failed part way says so. Throws the error that gives the exit status.
  func finish() throws(CLIError) {
    if let saved = document.savedForOutput {
      let lost = try document.format.write(saved) { (chunk) throws(CLIError) in try Platform.standardOutput(chunk) }
      TileGridCommand.report(lost, writing: "standard output")
    }
    if let (name, lost) = document.lost { TileGridCommand.report(lost, writing: name) }
    if let signal = endedBy {
      let name = signal == SIGTERM ? "SIGTERM" : "SIGHUP"
      // Short, so that the path usually fits on the line of an 80-column terminal.
      switch recovery {
      case .success(let path)?:
        throw .terminated(signal: signal, "\(name): unsaved changes kept in '\(path)'")
      case .failure(let error)?:
        throw .terminated(signal: signal, "\(name): \(error.description)")
      case nil:
        throw .terminated(signal: signal, "\(name): ended; nothing was unsaved")
      }
    }
    if let failure = recorder?.failure { throw .io(failure) }
    if document.source == .standardInput && document.savesToStandardOutput && document.savedForOutput == nil {
      throw .nothingSaved("quit without saving: nothing was written to standard output")
    }
  }
}
