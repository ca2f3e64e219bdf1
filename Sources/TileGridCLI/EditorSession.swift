import Canvas
import CursesTerminal
import Document
import Editor
import Runtime
import Files
import Formats
import TerminalInput
import TileGridJSON
import TileModel

#if canImport(Glibc)
  import Glibc
#endif

/// The editor's session with the world outside the terminal: where the arrangement came from, saving it
/// (to its file, a new one, or standard output in pipe mode), the recovery file, the recording, and how
/// the session ends. The name shown and where `s` saves are the `Document`'s; this keeps what only the
/// file system knows (the file's stamp on disk, what waits for standard output).
struct EditorSession {
  /// Where the arrangement came from when the session began.
  enum Source: Equatable {
    case file(String)
    /// A file that did not exist: the editor began with an empty arrangement, and the first save
    /// creates it (refusing, as save as does, when something has appeared there meanwhile).
    case newFile(String)
    case standardInput
    case demo
  }

  let source: Source
  /// The file's stamp as read or last saved, so a file changed by someone else meanwhile is noticed.
  var stamp: Platform.FileStamp?
  /// The stamps of the disk versions read to merge with, by the token the editor was given.
  private var diskStamps: [Platform.FileStamp?] = []
  /// The size and SHA-256 of the version the watcher read last (nil: not read since the last save).
  private var knownDigest: FileDigest?
  /// Pipe mode with standard output not a terminal: saving keeps the arrangement for standard output,
  /// written when the editor ends (as `vipe` and `fzf` hand back their result).
  let savesToStandardOutput: Bool
  /// The arrangement saved last in pipe mode.
  private(set) var savedForOutput: Arrangement?
  /// The format saves write (the file's own, or `--to`'s); recovery files are JSON whatever it is.
  var format: ArrangementFormat = .json
  /// What the last save's format could not keep, said on standard error when the editor ends.
  private(set) var lost: (name: String, fields: LostFields)?
  /// The file is still to be created (a new file not saved yet).
  private var creating: Bool
  var recorder: SessionRecorder?
  /// The key that suspends (the keys file may give another than Ctrl-Z, or none).
  var suspendKey: Key? = .control("z")
  /// The signal that ended the session (SIGTERM, SIGHUP), if one did.
  private(set) var endedBy: Int32?
  /// Where the recovery file was written, or why it could not be.
  private(set) var recovery: Result<String, CLIError>?

  init(source: Source, stamp: Platform.FileStamp? = nil, savesToStandardOutput: Bool, recorder: SessionRecorder? = nil) {
    self.source = source
    if case .newFile = source { creating = true } else { creating = false }
    self.stamp = stamp
    self.savesToStandardOutput = savesToStandardOutput
    self.recorder = recorder
  }

  /// The name's end of the file a card's text is edited in (`e`), so that the text editor knows the
  /// language.
  var textSuffix: String { format.cardTextSuffix }

  /// Where `s` saves at the start: the file; standard output in pipe mode; else the editor asks for a
  /// file name.
  var saveTarget: SaveTarget {
    switch source {
    case .file, .newFile: return .file
    case .standardInput: return savesToStandardOutput ? .standardOutput : .askForPath
    case .demo: return .askForPath
    }
  }

  /// The name the title bar shows at the start: the file as given, `<stdin>`, or nil for the demo.
  var displayName: String? {
    switch source {
    case .file(let path), .newFile(let path): return path
    case .standardInput: return "<stdin>"
    case .demo: return nil
    }
  }

  // MARK: - What the terminal reports

  /// The message for what the terminal reported at `time` (recorded first when `--record` is on).
  mutating func message(for event: TerminalEvent, at time: Int) -> EditorMessage {
    switch event {
    case .bytes(let bytes):
      recorder?.input(bytes, at: time)
      return .bytes(bytes)
    case .resize(let size):
      recorder?.resize(size, at: time)
      return .input(.resize(width: size.width, height: size.height))
    case .signal(.interrupt):
      recorder?.signal(.interrupt, at: time)
      return .signal(.interrupt)
    case .signal(.terminate), .signal(.hangup):
      recorder?.signal(.terminate, at: time)
      endedBy = event == .signal(.terminate) ? SIGTERM : SIGHUP
      return .signal(.terminate)
    case .signal(.suspend):
      // SIGTSTP sent by kill: as if the suspend key (Ctrl-Z) were typed (a drag is cancelled first),
      // and recorded so. With no key for suspend in the keys file, it is ignored: the editor goes on.
      guard let key = suspendKey else { return .tick }
      recorder?.key(key, at: time)
      return .input(.key(key))
    case .timeout, .watched:
      return .tick
    }
  }

  // MARK: - Saving

  /// Saves the document's arrangement: to a new file `path`, to its own file, or in pipe mode for
  /// standard output. Returns the message that reports the outcome to the editor.
  mutating func save(
    _ document: Document, conflicts: [FileConflict] = [], to path: String?, force: Bool, basedOnDisk token: Int? = nil,
    at time: Int
  ) -> EditorMessage {
    // Merged with a version read from disk (and still so): that version may be written over.
    let expected = token.flatMap { diskStamps[$0] } ?? stamp
    let outcome = save(document, conflicts: conflicts, to: path, force: force, expected: expected)
    if case .saveFailed(let failure) = outcome { recorder?.saveFailed(failure, at: time) }
    return outcome
  }

  private mutating func save(
    _ document: Document, conflicts: [FileConflict], to typed: String?, force: Bool, expected: Platform.FileStamp?
  ) -> EditorMessage {
    if let typed {
      // `~/grid.json` and `~user/grid.json` as a shell reads them; the name stays as typed.
      let path: String
      switch Platform.expandingTilde(typed) {
      case .success(let expanded): path = expanded
      case .failure(let problem): return .saveFailed(.failed(problem.description))
      }
      // A new name that is taken is not written over without the person's word.
      if !force && Platform.exists(path) { return .saveFailed(.exists) }
      // A name with a format's extension is saved in that format (board.md as Markdown).
      let format = FormatOptions.byExtension(path) ?? self.format
      switch Self.write(document.arrangement, conflicts: conflicts, to: path, as: format, expected: nil, force: force) {
      case .success(let stamp, let lost):
        self.stamp = stamp
        self.format = format
        self.lost = lost.isEmpty ? nil : (path, lost)
        creating = false
        return .saved(name: typed)
      case .failure(let failure):
        return .saveFailed(failure)
      }
    }
    switch document.saveTarget {
    case .file:
      guard let name = document.name else { return .saveFailed(.failed("the arrangement has no file yet")) }
      // A name given by save as may begin with `~`.
      let file: String
      switch Platform.expandingTilde(name) {
      case .success(let expanded): file = expanded
      case .failure(let problem): return .saveFailed(.failed(problem.description))
      }
      // A new file is created; something that appeared there meanwhile is not written over unasked.
      if creating && !force && Platform.exists(file) { return .saveFailed(.exists) }
      // With `force` the person said "overwrite": whatever is on disk now, and read-only too.
      switch Self.write(
        document.arrangement, conflicts: conflicts, to: file, as: format, expected: force ? nil : expected, force: force)
      {
      case .success(let stamp, let lost):
        self.stamp = stamp
        self.lost = lost.isEmpty ? nil : (file, lost)
        creating = false
        knownDigest = nil
        return .saved(name: nil)
      case .failure(let failure):
        return .saveFailed(failure)
      }
    case .standardOutput where savesToStandardOutput:
      do {
        try format.checkWritable(document.arrangement)
      } catch {
        return .saveFailed(.failed("cannot write \(format): \(error)"))
      }
      savedForOutput = document.arrangement
      return .saved(name: nil)
    case .standardOutput, .askForPath:
      if source == .demo {
        return .saveFailed(.failed("the demo has no file; 'tilegrid demo > FILE' then 'tilegrid FILE' edits a copy"))
      }
      return .saveFailed(.failed("standard output is a terminal; run 'tilegrid - > FILE' to keep the result"))
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
  /// With `conflicts` left unresolved, they are written into the file again, as `tilegrid merge`
  /// writes them (git's markers around the two sides; JSON's `conflicts` record).
  static func write(
    _ arrangement: Arrangement, conflicts: [FileConflict] = [], to path: String, as format: ArrangementFormat = .json,
    expected: Platform.FileStamp?, force: Bool
  ) -> WriteOutcome {
    do {
      try format.checkWritable(arrangement)
    } catch {
      return .failure(.failed("cannot write \(format): \(error)"))
    }
    var lost = LostFields(format: format)
    let conflicted = conflicts.isEmpty ? nil : ConflictedArrangement(arrangement: arrangement, conflicts: conflicts)
    do throws(Platform.WriteFailure) {
      let stamp = try Platform.writeFile(path, expected: expected, force: force) {
        (write) throws(Platform.WriteFailure) in
        if let conflicted {
          let (bytes, kept) = conflicted.write(as: format)
          lost = kept
          try write(bytes)
        } else {
          lost = try format.write(arrangement, write)
        }
      }
      return .success(stamp, lost)
    } catch {
      return .failure(Self.failure(error, writing: path))
    }
  }

  /// What the editor is told: the cause, without `cannot write 'PATH': ` when it names the file being
  /// saved (the title bar or the save-as prompt shows it), so the cause fits on the status line.
  static func failure(_ error: Platform.WriteFailure, writing path: String? = nil) -> SaveFailure {
    switch error {
    case .changedOnDisk(let changed):
      // Read once and gone now: deleted, not changed (the person may simply write it again).
      return Platform.exists(changed) ? .changedOnDisk : .deletedOnDisk
    case .readOnly: return .readOnly
    case .failed(let message, _):
      if let path {
        let prefix = "cannot write '\(path)': "
        if message.hasPrefix(prefix) { return .failed(String(message.dropFirst(prefix.count))) }
      }
      return .failed(message)
    }
  }

  // MARK: - The file as it is on disk now

  /// Reads the document's file (in its own format) to merge with it, numbering the version read: a save
  /// that says it rests on that version (the merge is still applied) writes over it without asking.
  /// A recording keeps the version beside the events file, so that `play` merges with the same one.
  mutating func readDisk(_ document: Document, at time: Int) -> EditorMessage {
    guard document.saveTarget == .file, let name = document.name else {
      recorder?.diskVersion(nil, at: time)
      return .diskUnreadable("the arrangement has no file on disk")
    }
    // A name given by save as may begin with `~`.
    let file = (try? Platform.expandingTilde(name).get()) ?? name
    do {
      let (theirs, _, stamp) = try TileGridCommand.load(file, format: format)
      diskStamps.append(stamp)
      recorder?.diskVersion(theirs, at: time)
      return .diskVersion(theirs, token: diskStamps.count - 1)
    } catch {
      recorder?.diskVersion(nil, at: time)
      return .diskUnreadable(error.description)
    }
  }

  /// The file as it is on disk now, when the watcher says it may have changed: nil when its stamp is
  /// the one the editor has (its own save, or a touch of nothing), else the change for the editor —
  /// its new version (numbered as `readDisk`'s, so a save may write over it), deleted, or unreadable —
  /// recorded when `--record` is on. A version whose bytes are the ones read last is no change.
  mutating func lookAtDisk(_ file: String, watcher: FileWatcher, at time: Int) -> EditorMessage? {
    let now = Platform.stamp(of: file)
    guard now != watcher.known else { return nil }
    let change: DiskChange
    if now == nil {
      watcher.known = nil
      change = .deleted
    } else {
      do {
        let (theirs, _, stamp, digest) = try TileGridCommand.load(file, format: format, digest: true)
        watcher.known = stamp ?? now
        guard digest != knownDigest else { return nil }
        knownDigest = digest
        diskStamps.append(stamp)
        change = .version(theirs, token: diskStamps.count - 1)
      } catch {
        // The next good version is taken in: this stamp is known, not its content.
        watcher.known = now
        change = .unreadable(error.description)
      }
    }
    recorder?.diskChanged(change, at: time)
    return .diskChanged(change)
  }

  // MARK: - Recovery

  /// Writes the arrangement to a new recovery file beside its file (SIGTERM or SIGHUP with unsaved
  /// changes), JSON, with the merge conflicts still unresolved recorded under its `conflicts` key, and
  /// what it is (`RecoveryRecord`): the file's absolute path and `base`, the version of the file the
  /// changes were made on.
  mutating func writeRecovery(_ document: Document, conflicts: [FileConflict] = [], base: Arrangement? = nil) {
    let file = document.saveTarget == .file ? document.name.map { (try? Platform.expandingTilde($0).get()) ?? $0 } : nil
    let unnamed = source == .standardInput ? "tilegrid-stdin" : "tilegrid-demo"
    var arrangement = document.arrangement
    let record = file.map { RecoveryRecord(file: Platform.absolutePath($0), base: base) }
    // An arrangement restored by hand from an earlier recovery file may still hold its record.
    if record != nil { arrangement.extras.removeAll { $0.key == RecoveryRecord.key } }
    switch Platform.writeRecovery(forFile: file, unnamed: unnamed, { (write) throws(Platform.WriteFailure) in
      let json: any ChunkProducer =
        conflicts.isEmpty ? arrangement : ConflictedArrangement(arrangement: arrangement, conflicts: conflicts).write(as: .json).bytes
      if let record { try record.write(json, to: write) } else { try json.produce(write) }
    }) {
    case .success(let path):
      recovery = .success(path)
    case .failure(let failure):
      recovery = .failure(.cannotCreate("unsaved changes could not be kept: \(Self.failure(failure).text)"))
    }
  }

  // MARK: - The end

  /// What happens once the terminal is restored: in pipe mode the saved arrangement goes to standard
  /// output; a session ended by a signal says so, and where the unsaved changes are; a recording that
  /// failed part way says so. Throws the error that gives the exit status.
  func finish() throws(CLIError) {
    if let saved = savedForOutput {
      let lost = try format.write(saved) { (chunk) throws(CLIError) in try Platform.standardOutput(chunk) }
      TileGridCommand.report(lost, writing: "standard output")
    }
    if let (name, lost) = lost { TileGridCommand.report(lost, writing: name) }
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
    if source == .standardInput && savesToStandardOutput && savedForOutput == nil {
      throw .nothingSaved("quit without saving: nothing was written to standard output")
    }
  }
}

/// The program on a real terminal: CursesTerminal's events, on the monotonic clock since the start,
/// become messages through the session; frames are drawn on it; saves and recovery files are the
/// session's.
struct CursesPort: TerminalPort {
  let terminal: CursesTerminal
  var session: EditorSession
  private let start = Monotonic.milliseconds()
  private let scheme: ColorScheme
  private var frame: Buffer
  private var pacer = FramePacer()
  private var probed = false
  /// The file being edited, as the watcher watches it (nil: no file, or not followed).
  private var watched: (file: String, watcher: FileWatcher)?
  /// Whether the file is followed (the editor on a file, not a pipe or the demo).
  var follows = true

  init(terminal: CursesTerminal, session: EditorSession) {
    self.terminal = terminal
    self.session = session
    scheme = terminal.colorDepth == nil ? .monochrome : .color
    frame = Buffer(size: terminal.size)
  }

  /// Milliseconds since the session started: the editor's clock starts at 0, as in `tilegrid play`.
  private var now: Int { Monotonic.milliseconds() - start }

  /// Waits for input, the editor's `deadline`, and the next frame of motion — or, when the terminal
  /// could not take the last frame, for it to take output again (`FramePacer`). A wait that ends for a
  /// frame alone is no message: the loop only draws.
  mutating func next(deadline: Int?) -> [(message: EditorMessage, time: Int)]? {
    let frame = pacer.owed ? nil : pacer.nextFrame
    let wake = [deadline, frame, watched?.watcher.deadline].compactMap { $0 }.min()
    let events = terminal.wait(timeoutMilliseconds: wake.map { $0 - now }, untilWritable: pacer.owed)
    let time = now
    var messages: [(message: EditorMessage, time: Int)] = []
    for event in events {
      if event == .watched {
        watched?.watcher.drain(at: time)
        continue
      }
      if event == .timeout, deadline.map({ time < $0 }) ?? true { continue }
      messages.append((session.message(for: event, at: time), time))
    }
    // The file changed on disk: after the keys read with it, which were typed before it was seen.
    if let (file, watcher) = watched, watcher.due(at: time),
      let change = session.lookAtDisk(file, watcher: watcher, at: time)
    {
      messages.append((change, time))
    }
    if !messages.isEmpty { pacer.handledInput() }
    return messages
  }

  /// Draws the screen as it is now, when the terminal can take it; while something glides, the next
  /// frame is due a frame's interval later (`FramePacer`).
  mutating func present(_ editor: EditorState) {
    watch(editor)
    let time = now
    if pacer.draw(editor, into: &frame, scheme: scheme, at: time, writable: terminal.canTakeOutput, pace: terminal.pace) {
      pacer.wrote(terminal.present(&frame), at: time)
      // The terminal's pace, measured before the first glide is planned by it.
      if !probed && editor.motion.isOn {
        probed = true
        terminal.probePace()
      }
    }
  }

  /// Watches the file the editor has now (a save as gives it another), from its stamp as read or last
  /// saved.
  private mutating func watch(_ editor: EditorState) {
    guard follows, editor.saveTarget == .file, let name = editor.fileName else { return }
    let file = (try? Platform.expandingTilde(name).get()) ?? name
    guard watched?.file != file else { return }
    let watcher = FileWatcher(path: file, stamp: session.stamp, now: now)
    watched = (file, watcher)
    terminal.watchedFD = watcher.descriptor
  }

  mutating func perform(_ effect: EditorEffect, for editor: EditorState, at time: Int) -> EditorMessage? {
    switch effect {
    case .save(let path, let force):
      // Conflicts still unresolved are written into the file again.
      let outcome = session.save(
        editor.document, conflicts: editor.unresolvedConflicts, to: path, force: force, basedOnDisk: editor.diskToken,
        at: time)
      // The editor's own save is never taken for a change on disk.
      if case .saved(nil) = outcome, let (_, watcher) = watched { watcher.known = session.stamp }
      return outcome
    case .writeRecovery:
      session.writeRecovery(editor.document, conflicts: editor.unresolvedConflicts, base: editor.diskBase)
      return nil
    case .readDisk: return session.readDisk(editor.document, at: time)
    case .suspend:
      terminal.suspend()
      return nil
    case .editText(let text):
      let suffix = session.textSuffix
      let result = terminal.outside { Platform.editText(text, command: Platform.textEditor, suffix: suffix) }
      switch result {
      case .success(let edited):
        session.recorder?.editedText(edited, at: time)
        return .textEdited(edited)
      case .failure(let failure):
        session.recorder?.editedText(nil, at: time)
        return .textNotEdited(failure.description)
      }
    case .redraw:
      terminal.repaintAll()
      return nil
    case .discard(let path, let name): return .discarded(name: name, failure: Platform.remove(path))
    case .happened, .quit: return nil
    }
  }
}
