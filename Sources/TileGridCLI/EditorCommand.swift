import Document
import Files
import Canvas
import CursesTerminal
import Editor
import Formats
import Reorder
import Runtime
import TileModel

#if canImport(Glibc)
  import Glibc
#endif

extension TileGridCommand {
  /// `tilegrid [FILE|-]`: the editor has no command word; `tilegrid --help` shows it first.
  static let editorCommand = Command(
    name: "",
    operands: "[FILE|-]",
    summary: "the editor (no FILE: the demo; '-': a pipe)", details: "",
    syntax: Syntax(
      options: [
        Options.pressMilliseconds.spec, Options.color.spec, Options.motion.spec, Options.record.spec,
        Options.format.spec, Options.to.spec, Options.keys.spec, Options.autosave.spec,
      ], maximumOperands: 1,
      operands: "at most one FILE"),
    run: runEditor)

  /// The options of `tilegrid [FILE]`.
  struct EditorOptions: Equatable {
    var path: String?
    var pressMilliseconds = 300
    var color: ColorChoice = .auto
    var record: String?
    /// `--motion` as given (nil: on where the terminal can show it).
    var motion: Bool?
    /// The format FILE is read in and saved in (`--format`, `--to`).
    var formats = FormatOptions()
    /// `--keys FILE`: the keys file instead of the person's own.
    var keys: String?
    /// `--autosave`: the file is saved about a second after each change.
    var autosave = false

    init(_ args: Arguments) throws(CLIError) {
      path = args.operands.first
      pressMilliseconds = try args.value(Options.pressMilliseconds, command: nil)
      color = try args.value(Options.color, command: nil)
      record = try args.value(Options.record, command: nil)
      motion = try args.value(Options.motion, command: nil)
      formats = try FormatOptions(args, command: nil)
      keys = try args.value(Options.keys, command: nil)
      autosave = args.has(Options.autosave)
    }
  }

  /// `tilegrid [FILE|-]`: the interactive editor on the terminal.
  ///
  /// - FILE: edited and saved in place. No FILE: the built-in demo, or standard input when it is not a
  ///   terminal. `-`: standard input.
  /// - Pipe mode (the arrangement comes from standard input): the terminal is `/dev/tty`, and when
  ///   standard output is not a terminal, the arrangement saved last goes there when the editor ends,
  ///   so `tilegrid demo | tilegrid - | tilegrid export -` works; quitting without saving writes
  ///   nothing and exits 1.
  /// - No terminal at all: exit 69, naming the commands that need none.
  static func runEditor(_ args: Arguments) throws(CLIError) {
    let options = try EditorOptions(args)
    // The keys, read before the terminal is taken: what a keys file could not give is said on
    // standard error (seen again once the editor ends) and on the first screen.
    let keys = try Keys(options.keys, userFile: true)
    keys.warn()
    let pipeMode = options.path == "-" || (options.path == nil && !Platform.standardInputIsTerminal)

    // An events file that is the file being edited is refused before anything is read or written (and
    // again on the file opened, which is what counts).
    let edited: String? = pipeMode ? "-" : options.path
    if let record = options.record { try SessionRecorder.refuse(record, editing: edited) }

    var session: EditorSession
    let arrangement: Arrangement
    var conflicts: [FileConflict] = []
    // What was opened, byte for byte, for the recording's header.
    var digest: FileDigest?
    let recording = options.record != nil
    if pipeMode {
      let format = options.formats.reading("-")
      (arrangement, _, _, digest) = try load("-", format: format, digest: recording)
      session = EditorSession(source: .standardInput, savesToStandardOutput: isatty(1) != 1)
      session.format = options.formats.output ?? format
    } else if let path = options.path, !Platform.exists(path) {
      // A new file in a directory that is not there could never be saved: said now, not at `s`.
      if let slash = path.lastIndex(of: "/") {
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        if !Platform.exists(directory) {
          throw .noInput("\(path): the directory '\(directory)' does not exist, so the file cannot be created")
        }
      }
      // A file that does not exist yet: an empty arrangement, which `s` creates, in the format its
      // name (or --to, or --format) gives.
      session = EditorSession(source: .newFile(path), savesToStandardOutput: false)
      session.format = options.formats.output ?? options.formats.reading(path)
      arrangement = session.format.newFile
    } else if let path = options.path {
      let format = options.formats.reading(path)
      // `s` writes the file back in its own format, always: another format is written to a new file.
      if let to = options.formats.output, to != format {
        throw .usage(
          "--to \(to) would save '\(path)' as \(to); a file is saved in its own format (\(format)): to convert "
            + "it, 'tilegrid export \(shellQuoted(path)) --to \(to) -o \(shellQuoted(FormatOptions.renamed(path, as: to)))'",
          command: nil)
      }
      // A file with merge conflicts opens with them, in the Conflicts panel.
      let (loaded, name, stamp, opened) = try loadConflicted(path, format: format, digest: recording, unfinished: .ask)
      (arrangement, digest, conflicts) = (loaded.arrangement, opened, loaded.conflicts)
      session = EditorSession(source: .file(name), stamp: stamp, savesToStandardOutput: false)
      session.format = options.formats.output ?? format
    } else {
      arrangement = .demo
      session = EditorSession(source: .demo, savesToStandardOutput: false)
      // `tilegrid demo | tilegrid play -` replays it: the demo's canonical bytes.
      if recording { digest = FileDigest(of: Arrangement.demo.jsonBytes()) }
    }

    let (inputFD, outputFD, opened) = try terminalDescriptors(pipeMode: pipeMode)
    defer { if opened >= 0 { close(opened) } }
    session.recorder = try options.record.map { (path) throws(CLIError) in
      try SessionRecorder(path: path, editing: edited)
    }

    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(inputFD: inputFD, outputFD: outputFD, colors: options.color)
    } catch {
      session.recorder?.close()
      throw .unavailable("cannot use the terminal: \(error) (\(noTerminalHint))")
    }
    let (source, saving) = (session.source, session.saveTarget)
    session.recorder?.start(
      file: source, digest: digest, screen: terminal.size, pressMilliseconds: options.pressMilliseconds,
      saving: saving, keys: keys.path)
    let config = ReorderConfig(minimumPressDuration: options.pressMilliseconds)
    var editor: EditorState
    let view = (options.path.map { options.formats.reading($0) } ?? .json).openingView(of: arrangement)
    if case .newFile(let path) = session.source {
      editor = .newFile(named: path, screen: terminal.size, config: config, arrangement: arrangement, view: view)
    } else {
      editor = EditorState(
        arrangement: arrangement, screen: terminal.size, fileName: session.displayName, config: config, view: view)
    }
    editor.follow(session.format, of: arrangement)
    editor.showCards(as: options.path.map { options.formats.reading($0) } ?? .json, of: arrangement)
    editor.cardStyle.ballotBoxes = terminal.ballotBoxes
    editor.saveTarget = session.saveTarget
    editor.keymap = keys.keymap
    if let said = keys.firstScreen { editor.announce(said) }
    if !conflicts.isEmpty { editor.open(conflicts: conflicts) }
    if options.autosave && editor.saveTarget == .file { editor.setAutosave(true) }
    // Motion where the terminal can show it, unless asked not to; a pipeline's editor stays still.
    editor.setMotion(
      options.motion ?? (!motionOffInEnvironment && terminal.motionAvailable && !pipeMode && isatty(1) == 1))
    // What an earlier session left beside the file is asked about on the first screen: the loop's
    // first message, written in a recording (its replay reads the files beside the file it replays).
    var opening: [EditorMessage] = []
    switch session.source {
    case .file(let path), .newFile(let path):
      let found = leftBehind(beside: path, opened: editor.arrangement, format: options.formats.reading(path))
      if !found.isEmpty {
        opening.append(.leftBehind(found))
        session.recorder?.leftBehind(found)
      }
    case .standardInput, .demo:
      break
    }
    session.suspendKey = keys.keymap.keys(.suspend).first
    var port = CursesPort(terminal: terminal, session: session)
    Program.run(&editor, on: &port, opening: opening)
    terminal.restore()
    port.session.recorder?.close()
    try port.session.finish()
  }

  /// The files an earlier session left beside `path` (`Platform.leftBehind`), each read: an arrangement
  /// to restore, the same one as `opened`, or why it cannot be read. A backup is a copy of the file, in
  /// its `format`; a recovery file is always JSON, and says which file it keeps changes of: one in
  /// the temporary directory that is another file's is not this file's business, and is left out.
  static func leftBehind(beside path: String, opened: Arrangement, format: ArrangementFormat) -> [LeftBehind] {
    let file = Platform.absolutePath(path)
    return Platform.leftBehind(besideFile: path).compactMap { found in
      let read = leftBehind(
        found.kind == .recovery ? .recovery : .backup, path: found.path, name: found.name, opened: opened, format: format,
        forFile: file)
      if found.inTemporaryDirectory, case .unreadable = read.content { return nil }
      return read
    }
  }

  /// The file at `path`, read as a file left behind beside a file in `format`. A recovery file is
  /// offered only when it is a regular file (a FIFO is never opened: reading it would wait for a
  /// writer) whose record names `file` (the file's absolute path; nil: any, as a replay takes the file
  /// its events name); the record's base comes with it, for `r` to merge the file's changes since.
  static func leftBehind(
    _ kind: LeftBehind.Kind, path: String, name: String, opened: Arrangement, format: ArrangementFormat,
    forFile file: String? = nil
  ) -> LeftBehind {
    let content: LeftBehind.Content
    var conflicts: [FileConflict] = []
    var base: Arrangement?
    do throws(CLIError) {
      guard Platform.isRegularFile(path) else { throw .data("it is not a regular file") }
      let (read, _, _, _) = try loadConflicted(path, format: kind == .recovery ? .json : format, unfinished: .ignore)
      var arrangement = read.arrangement
      if kind == .recovery {
        let record = RecoveryRecord.take(from: &arrangement)
        if let file {
          guard let record else { throw .data("it does not say which file's changes it keeps") }
          guard record.file == file else { throw .data("it keeps changes of another file, '\(record.file)'") }
        }
        base = record?.base
        conflicts = read.conflicts
      }
      content = arrangement == opened && conflicts.isEmpty ? .sameAsFile : .arrangement(arrangement)
    } catch {
      content = .unreadable(error.description)
    }
    return LeftBehind(kind: kind, path: path, name: name, content: content, conflicts: conflicts, base: base)
  }

  static let noTerminalHint =
    "'tilegrid export' validates and prints a file, 'tilegrid render' prints one screen, and "
    + "'tilegrid play' replays input, without a terminal"

  /// The terminal's descriptors: standard input and output when both are terminals (and the
  /// arrangement does not come from standard input), else `/dev/tty`, opened here (the third value,
  /// to close; -1 when nothing was opened).
  static func terminalDescriptors(pipeMode: Bool) throws(CLIError) -> (input: Int32, output: Int32, opened: Int32) {
    if !pipeMode && isatty(0) == 1 && isatty(1) == 1 { return (0, 1, -1) }
    let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard fd >= 0 else {
      throw .unavailable("no terminal to edit on (/dev/tty: \(Platform.errorText(errno))); \(noTerminalHint)")
    }
    return (fd, fd, fd)
  }
}
