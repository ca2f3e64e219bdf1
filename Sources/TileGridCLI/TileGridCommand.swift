#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Files
import CursesTerminal
import Editor
import Formats
import TileGridJSON
import TileModel

/// The `tilegrid` command line: dispatches to a command, prints errors once, and maps them to exit
/// statuses. The executable's `main` is one call to `TileGridCommand.main`.
public enum TileGridCommand {
  public static let version = "0.1.0"

  /// One command: its name, how it is written, its help, and what it runs. The usage line, the
  /// overview, the help's option lines and the parsing all come from here and from the options'
  /// declarations (`Options`), so a new command is one entry in `commands`.
  struct Command: Sendable {
    var name: String
    /// The operands as the usage line writes them, before the options: `[FILE|-] FROM TO`.
    var operands: String
    /// One line for the overview.
    var summary: String
    /// The help after the usage line; a line `{options}` stands for the options' help lines.
    var details: String
    var syntax: Syntax
    var run: @Sendable (Arguments) throws(CLIError) -> Void

    /// What follows `tilegrid NAME` in the usage line.
    var synopsis: String { [operands, syntax.usage].filter { !$0.isEmpty }.joined(separator: " ") }

    /// The full `--help` text.
    var help: String {
      let head = ["Usage:", "tilegrid", name].filter { !$0.isEmpty }.joined(separator: " ")
      let body = details.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
        line == "{options}" ? syntax.helpLines : [String(line)]
      }
      return TileGridCommand.wrap(head, synopsis).joined(separator: "\n") + "\n\n" + body.joined(separator: "\n")
    }
  }

  /// Every command, in the order the overview lists them.
  static let commands: [Command] = [
    demoCommand, exportCommand, moveCommand, moveSectionCommand, applyCommand, diffCommand, mergeCommand,
    mergetoolCommand, gitSetupCommand, layoutCommand, playCommand, renderCommand, checkCommand, keysCommand,
  ]

  static var overview: String {
    var lines = [
      "tilegrid \(version): colored tiles in sections, reordered by long-press-and-drag or from the keyboard.",
      "",
      "Usage:",
    ]
    for command in [editorCommand] + commands {
      let head = TileGridCommand.wrap(
        "  " + ["tilegrid", command.name].filter { !$0.isEmpty }.joined(separator: " "), command.synopsis)
      if head.count == 1 && head[0].count <= 37 {
        lines.append(head[0] + String(repeating: " ", count: 39 - head[0].count) + command.summary)
      } else {
        lines += head + [String(repeating: " ", count: 39) + command.summary]
      }
    }
    lines += [
      "",
      "In the editor, hold the mouse button on a tile to lift it and drag it, or use the keys (the first",
      "of each command; ? lists them all, : runs any command by name, a keys file changes them):",
    ]
    lines += Keymap.standard.overview(width: 100)
    lines += [""] + topicLines + [""]
    lines += [
      "Tiles glide to their places (0.25 s); --motion off or TILEGRID_MOTION=off makes them jump.",
      "",
      "FILE '-' (or no FILE, when standard input is not a terminal) reads standard input.",
      "FROM and TO are SECTION.ITEM (zero-based, like 1.3) or SECTION_ID:ITEM (like favorites:0).",
      "-o OUT writes OUT atomically instead of printing; --force writes it even if it is read-only.",
      "--format \(ArrangementFormat.allCases.map(\.name).joined(separator: "|")) reads FILE in that format (default: by its extension);",
      "--to FORMAT writes the result in another (default: the input's format, or OUT's extension).",
      "Options: --help or -h (also after a command, or 'tilegrid help COMMAND'), --version.",
      "Exit status: 0 ok, 1 diff found differences, merge found conflicts, or the editor in a pipe quit",
      "without saving, 64 usage, 65 bad data or a refused move or script, 66 missing input, 69 no terminal",
      "for the editor (or no git repository for git-setup), 73 cannot write the output (read-only, changed",
      "on disk, no such directory), 74 read or write error, 129/143 the editor ended by SIGHUP or SIGTERM",
      "(unsaved changes in a recovery file).",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `head` followed by the words of `synopsis`, broken into lines of at most 100 columns; a bracketed
  /// group (`[-o OUT | -i]`) is never split, and continuation lines line up after `head`.
  static func wrap(_ head: String, _ synopsis: String) -> [String] {
    var words: [String] = []
    var depth = 0
    var word = ""
    for c in synopsis {
      if c == " " && depth == 0 {
        if !word.isEmpty { words.append(word) }
        word = ""
        continue
      }
      if c == "[" { depth += 1 }
      if c == "]" { depth -= 1 }
      word.append(c)
    }
    if !word.isEmpty { words.append(word) }
    let indent = String(repeating: " ", count: head.count + 1)
    var lines = [head]
    for word in words {
      if lines[lines.count - 1].count + 1 + word.count > 100 {
        lines.append(indent + word)
      } else {
        lines[lines.count - 1] += " " + word
      }
    }
    return lines
  }

  /// Whether the process exits as soon as `main` returns (the `tilegrid` executable sets it): a
  /// command then leaves its largest values to the exit (`keepUntilExit`) rather than freeing
  /// hundreds of thousands of strings and arrays one by one just before the system frees them all.
  public nonisolated(unsafe) static var exitsAfterMain = false

  /// The values `keepUntilExit` kept.
  private nonisolated(unsafe) static var keptUntilExit: [Any] = []

  /// Keeps `value` unfreed until the process exits, when it exits after `main`; in process (the
  /// benchmarks, the tests) nothing: values are freed as usual.
  static func keepUntilExit(_ value: Any) {
    if exitsAfterMain { keptUntilExit.append(value) }
  }

  /// The process's arguments after the program name, decoded without loss: an argument that is not
  /// UTF-8 (a file name in another encoding) keeps its bytes (`Platform.pathString`), where
  /// `CommandLine.arguments` turns them into U+FFFD and so names another file.
  public static var processArguments: [String] {
    (1..<Int(CommandLine.argc)).compactMap { k in CommandLine.unsafeArgv[k].map { Platform.pathString(cString: $0) } }
  }

  /// Runs the command line (without the program name) and returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    do {
      try run(arguments)
      return 0
    } catch {
      for line in error.lines { Platform.writeStandardError("tilegrid: \(line)\n") }
      return error.exitStatus
    }
  }

  static func run(_ arguments: [String]) throws(CLIError) {
    let first = arguments.first ?? ""
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--help", "-h", "help":
      // `tilegrid help move` and `tilegrid --help move` print the command's help.
      guard let name = rest.first, name != "--help" && name != "-h" else {
        try Platform.standardOutput(Array(overview.utf8))
        return
      }
      guard rest.count == 1 else { throw .usage("'tilegrid \(first)' takes at most one COMMAND", command: nil) }
      // The manual page in roff (tilegrid.1 is made so), unlisted: `man tilegrid` is how to read it.
      if first == "help" && name == "--man" {
        try Platform.standardOutput(Array(manual.utf8))
        return
      }
      // A topic, before a command of the same name (`tilegrid merge --help` is the command's).
      if first == "help", let topic = helpTopics.first(where: { $0.name == name }) {
        try Platform.standardOutput(Array(try text(of: topic).utf8))
        return
      }
      guard let command = commands.first(where: { $0.name == name }) else {
        let topics = helpTopics.map(\.name)
        throw .usage(
          "unknown command '\(name)' (the commands are \(commandNames); the help topics are "
            + topics.dropLast().joined(separator: ", ") + " and " + topics[topics.count - 1] + ")", command: nil)
      }
      try Platform.standardOutput(Array(command.help.utf8))
      return
    case "--version":
      guard rest.isEmpty else { throw .usage("--version takes no arguments", command: nil) }
      try Platform.standardOutput(Array("tilegrid \(version) (\(CursesLibrary.version))\n".utf8))
      return
    default:
      break
    }
    if let command = commands.first(where: { $0.name == first }) {
      let args = try Arguments(rest, command: command.name, syntax: command.syntax)
      if args.wantsHelp {
        try Platform.standardOutput(Array(command.help.utf8))
        return
      }
      try command.run(args)
      return
    }
    // A plain word that names no file is a mistyped command rather than a file for the editor.
    if !first.isEmpty && !Platform.exists(first) && first.allSatisfy({ $0.isLetter || $0 == "-" })
      && !first.hasPrefix("-")
    {
      throw .usage("unknown command '\(first)' (the commands are \(commandNames))", command: nil)
    }
    let args = try Arguments(arguments, command: "", syntax: editorCommand.syntax)
    if args.wantsHelp {
      try Platform.standardOutput(Array(overview.utf8))
      return
    }
    try editorCommand.run(args)
  }

  static var commandNames: String {
    let names = commands.map(\.name)
    return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }

  // MARK: - Shared steps

  /// The input path for a command whose FILE is optional: standard input when it is not a terminal.
  static func inputPath(_ operand: String?, command: String) throws(CLIError) -> String {
    if let operand { return operand }
    if Platform.standardInputIsTerminal {
      throw .usage("no input: give a FILE, or '-' and pipe JSON into standard input", command: command)
    }
    return "-"
  }

  /// How `load` treats a file beside which a save that never finished left a backup holding other
  /// content (`Platform.abandonedSaves`): the file may be cut short, whether or not what is left
  /// parses.
  enum UnfinishedSave {
    /// Refused (exit 65), naming the backup and how to put it back: every command.
    case refuse
    /// Read as it is; the backup named only if the file is not valid. The editor (which then asks
    /// about the backup: `r` restores it), and `play` and `render`, which replay the editor.
    case ask
    /// Not looked for: the file is itself one left behind, read to be offered.
    case ignore
  }

  /// Reads and validates an arrangement in `format` (nil: by the path's extension, else JSON, as
  /// `FormatOptions.reading` decides); a bad file is a data error naming the file and the place (a
  /// JSON path, or a line and column). Returns the name to show for it and its stamp on disk.
  static func load(
    _ path: String, format: ArrangementFormat? = nil, unfinished: UnfinishedSave = .refuse
  ) throws(CLIError) -> (Arrangement, name: String, stamp: Platform.FileStamp?) {
    let (arrangement, name, stamp, _) = try load(path, format: format, digest: false, unfinished: unfinished)
    return (arrangement, name, stamp)
  }

  /// `load`, and with `digest` the size and SHA-256 of the bytes read (for `--record` and `play`).
  /// A JSON file is mapped and its pages let go as reading passes them (the arrangement keeps its own
  /// copy of what it needs); other formats, and a file whose digest is wanted, are read whole. A file
  /// that changes while it is read is an error (74), whatever was read.
  ///
  /// A file beside which an in-place save that never finished left a backup (it holds the old content
  /// until the save is done) is refused, or with `.ask` named when the file is not valid.
  static func load(
    _ path: String, format: ArrangementFormat? = nil, digest: Bool, unfinished: UnfinishedSave = .refuse
  ) throws(CLIError) -> (Arrangement, name: String, stamp: Platform.FileStamp?, digest: FileDigest?) {
    // Refused when it records conflicts: counted and named, their edits not worked out.
    let (file, name, stamp, digest) = try loadConflicted(
      path, format: format, digest: digest, unfinished: unfinished, edits: false)
    if let first = file.conflicts.first { throw conflicted(name, file, first: first) }
    return (file.arrangement, name, stamp, digest)
  }

  /// The refusal of a file that records merge conflicts (exit 65): where the first is, and how to
  /// resolve them.
  static func conflicted(_ name: String, _ file: ConflictedArrangement, first: FileConflict) -> CLIError {
    let count = file.conflicts.count
    let how = count == 1 ? "an unresolved merge conflict" : "\(count) unresolved merge conflicts (the first here)"
    let byHand =
      first.about == nil
      ? "keep one side of each '<<<<<<<' ... '>>>>>>>' block, and the markers go"
      : "apply the \"ours\" or \"theirs\" edits of each entry of its \"\(ConflictedArrangement.key)\" key, then remove the key"
    return .data(
      "\(name): line \(first.line): \(how); resolve them first in the editor ('tilegrid \(name)': its Conflicts "
        + "panel), with 'git mergetool --tool=tilegrid', or by hand (\(byHand))")
  }

  /// `load` for the editor and `check`: a file that records merge conflicts (git's markers, or JSON's
  /// `conflicts` key) is read with them, not refused.
  static func loadConflicted(
    _ path: String, format: ArrangementFormat? = nil, digest: Bool = false, unfinished: UnfinishedSave = .refuse,
    edits: Bool = true
  ) throws(CLIError) -> (ConflictedArrangement, name: String, stamp: Platform.FileStamp?, digest: FileDigest?) {
    let format = format ?? FormatOptions().reading(path)
    if unfinished == .refuse { try refuseUnfinishedSave(path) }
    func invalid(_ name: String, _ error: some Error, looksLike: ArrangementFormat?) -> CLIError {
      invalidFile(path, name: name, error, hintingBackups: unfinished != .ignore, readAs: format, looksLike: looksLike)
    }
    if format == .json && !digest {
      let input = try Platform.mappedInput(path)
      do {
        let arrangement = try input.withBytes { (bytes, release) throws(LoadError) in
          try Arrangement(json: bytes, releasing: release)
        }
        if !arrangement.extras.contains(where: { $0.key == ConflictedArrangement.key }) {
          return (ConflictedArrangement(arrangement: arrangement, conflicts: []), input.name, input.stamp, nil)
        }
        // It records conflicts: read again whole below, for the lines of its record.
      } catch {
        switch error {
        case .changed(let change): throw CLIError(change)
        case .body(let error):
          // Not valid JSON: perhaps git's conflict markers, which the reading below finds; else the
          // same error again.
          guard ConflictMarkers.mayHaveMarkers(try Platform.input(path).bytes) else {
            throw invalid(input.name, FormatError.json(error), looksLike: looks(input))
          }
        }
      }
    }
    let input = try Platform.input(path)
    do {
      let file = try ConflictedArrangement.read(input.bytes, format: format, edits: edits)
      return (file, input.name, input.stamp, digest ? FileDigest(of: input.bytes) : nil)
    } catch {
      throw invalid(input.name, error, looksLike: input.bytes.withUnsafeBufferPointer { looks($0) })
    }
  }

  /// The format an input's content shows (`ArrangementFormat(content:)`), read again after a failed
  /// read (standard input is held, a file's pages mapped again); nil when it changed meanwhile.
  static func looks(_ input: Platform.MappedInput) -> ArrangementFormat? {
    (try? input.withBytes { (bytes, _) throws(Never) in looks(bytes) }) ?? nil
  }

  /// The format text shows; nil for what is not text (a control byte in its first 4 KiB), which no
  /// format reads.
  static func looks(_ bytes: UnsafeBufferPointer<UInt8>) -> ArrangementFormat? {
    let binary = bytes.prefix(4096).contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }
    return binary ? nil : ArrangementFormat(content: bytes)
  }

  /// Refuses (65) a file that a save cut short may have left shorter than it was: beside it is the
  /// backup of an in-place save whose process is gone, holding other content than the file. The
  /// message names the backup and the commands that put it back (a copy into the file, so its other
  /// names keep seeing it). Standard input and a file that does not exist are not looked at.
  static func refuseUnfinishedSave(_ path: String) throws(CLIError) {
    guard path != "-", Platform.exists(path) else { return }
    let backups = Platform.abandonedSaves(besideFile: path).backups
    guard let backup = backups.first else { return }
    let more = backups.count > 1 ? " (and \(backups.count - 1) more backups of saves that did not finish)" : ""
    throw .data(
      "\(path): a save into it did not finish, so it may be cut short; '\(backup.path)' holds the file as it was "
        + "before that save\(more) (\(restoreHint(backup.path, into: path)); if the file is right, remove the backup)")
  }

  /// The shell commands that put a backup back into `path` and remove it.
  static func restoreHint(_ backup: String, into path: String) -> String {
    "to put it back: cp -- \(shellQuoted(backup)) \(shellQuoted(path)) && rm -- \(shellQuoted(backup))"
  }

  /// The one-line data error for a file that is not valid, naming a backup left beside it.
  static func invalidFile(
    _ path: String, name: String, _ error: some Error, hintingBackups: Bool = true, readAs format: ArrangementFormat? = nil,
    looksLike looks: ArrangementFormat? = nil
  ) -> CLIError {
    var message = "\(name): \(error)"
    // Content that looks like another format (lines piped in as JSON): which, and how to read it so.
    if let format, let looks, looks != format { message += " — \(looks.guess)? try --format \(looks)" }
    if hintingBackups && path != "-", let backup = Platform.abandonedSaves(besideFile: path).backups.first {
      message += "; '\(backup.path)' holds the file as it was before a save that did not finish ("
        + restoreHint(backup.path, into: path) + ")"
    }
    return .data(message)
  }

  /// Checks an arrangement as `load` reads it, with the same errors. A JSON file is read by the same
  /// reader keeping none of its tiles (`Arrangement.validate`); other formats are read.
  static func validate(_ path: String, format: ArrangementFormat) throws(CLIError) {
    guard format == .json else {
      try checkConflicts(path, format: format)
      return
    }
    try refuseUnfinishedSave(path)
    let input = try Platform.mappedInput(path)
    var mayRecord = false
    do {
      try input.withBytes { (bytes, release) throws(LoadError) in
        // A file that records conflicts has the key at its top level, which the reader names (a scan
        // of the bytes for it before the reading made `check` of a million tiles 1.2-2.7x slower);
        // one that does not is never read twice.
        let keys = try Arrangement.validate(json: bytes, releasing: release)
        mayRecord = keys.contains(ConflictedArrangement.key)
      }
    } catch {
      switch error {
      case .changed(let change): throw CLIError(change)
      case .body(let error):
        let markers: Bool
        do {
          // An opening marker, or a closing one without it (an error naming its line).
          markers = try input.withBytes { (bytes, _) in
            contains(bytes, Array("<<<<<<<".utf8)) || contains(bytes, Array(">>>>>>>".utf8))
          }
        } catch {
          if case .changed(let change) = error { throw CLIError(change) }
          markers = false
        }
        guard markers else {
          throw invalidFile(path, name: input.name, FormatError.json(error), readAs: .json, looksLike: looks(input))
        }
        mayRecord = true
      }
    }
    if mayRecord { try checkConflicts(path, format: format) }
  }

  /// `check`'s verdict on a file that may record conflicts: exit 1 naming how many and the first's
  /// line, when it does.
  static func checkConflicts(_ path: String, format: ArrangementFormat) throws(CLIError) {
    let (file, name, _, _) = try loadConflicted(path, format: format, edits: false)
    guard let first = file.conflicts.first else { return }
    let count = file.conflicts.count
    let what = count == 1 ? "1 unresolved merge conflict" : "\(count) unresolved merge conflicts"
    // A record's `about` is free text from the file: cut as every quote from a file is.
    let subject = JSONString.cut(first.subject)
    throw .outcome(1, lines: ["\(name): line \(first.line): \(what) (\(subject): \(first.message))"])
  }

  /// Whether `needle` occurs in `bytes`, looked for a megabyte at a time; `release` is told each
  /// stretch passed (a mapped file's pages, let go). The byte looked for with `memchr` is the
  /// needle's rarest in the file's first 64 KB, not its first: a needle starting with a quote would
  /// stop at every few bytes of a JSON file, for a `memcmp` each. - Complexity: O(bytes).
  static func contains(
    _ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], releasing release: ((Range<Int>) -> Void)? = nil
  ) -> Bool {
    guard !needle.isEmpty, bytes.count >= needle.count, let base = bytes.baseAddress else { return false }
    var seen = [Int](repeating: 0, count: 256)
    for byte in UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, 1 << 16)]) { seen[Int(byte)] += 1 }
    let k = needle.indices.min { seen[Int(needle[$0])] < seen[Int(needle[$1])] }!
    let window = 1 << 20
    return needle.withUnsafeBufferPointer { n in
      var start = 0
      while start <= bytes.count - n.count {
        // Matches that begin in this window (and may end in the next): their byte k is at `at`.
        let end = min(bytes.count - n.count + 1, start + window)
        var at = start + k
        while at < end + k {
          guard let hit = memchr(base + at, Int32(n[k]), end + k - at) else { break }
          at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          if memcmp(base + at - k, n.baseAddress!, n.count) == 0 { return true }
          at += 1
        }
        release?(start..<end)
        start = end
      }
      return false
    }
  }

  /// One line on standard error when a recording's header names another file than `digest` (nothing
  /// when it names this one, or nothing): the replay then starts from other tiles than the session did.
  static func warnIfNotRecorded(on name: String, digest: FileDigest?, recorded: FileDigest?) {
    guard let recorded, let digest, recorded != digest else { return }
    let line =
      "\(name) is not the file the session was recorded on (it has \(digest.size) bytes, SHA-256 "
      + "\(digest.sha256.prefix(12))…; the recording's had \(recorded.size) bytes, SHA-256 \(recorded.sha256.prefix(12))…); "
      + "the replay may differ"
    Platform.writeStandardError("tilegrid: " + CLIError.oneLine(line) + "\n")
  }

  // MARK: - demo

  static let demoCommand = Command(
    name: "demo", operands: "", summary: "print the built-in demo arrangement (JSON)",
    details: """
      Prints the built-in demo arrangement as canonical JSON: 18 colors (UIKit's named colors and four
      grays) in four sections, one with a maximum of 8 tiles, one with a locked tile, and one empty.

      {options}

      """,
    syntax: Syntax(options: [Options.to.spec, Options.output.spec, Options.force.spec]), run: runDemo)

  /// `demo`'s command line.
  struct DemoOptions {
    var output: Output
    var formats: FormatOptions

    init(_ args: Arguments) throws(CLIError) {
      output = try Output(args)
      formats = try FormatOptions(args, command: "demo")
    }
  }

  static func runDemo(_ args: Arguments) throws(CLIError) {
    let options = try DemoOptions(args)
    try options.output.write(Arrangement.demo, as: options.formats.writing(to: options.output, input: .json))
  }

  // MARK: - export

  static let exportCommand = Command(
    name: "export", operands: "[FILE|-]",
    summary: "validate a file, print it (canonical JSON, or --to)",
    details: """
      Validates an arrangement and prints it as canonical JSON: two-space indentation, known keys in the
      documented order, unknown keys after them exactly as they were, absent keys still absent. A file
      in another format is printed in its own format (a Markdown board, lines, a table: unchanged,
      byte for byte) unless --to converts it: 'tilegrid export board.md --to json'.

      {options}

      """,
    syntax: Syntax(
      options: [Options.format.spec, Options.to.spec, Options.output.spec, Options.force.spec], maximumOperands: 1,
      operands: "at most one FILE"),
    run: runExport)

  /// `export`'s command line.
  struct ExportOptions {
    var output: Output
    var path: String
    var formats: FormatOptions

    init(_ args: Arguments) throws(CLIError) {
      output = try Output(args)
      path = try inputPath(args.operands.first, command: "export")
      formats = try FormatOptions(args, command: "export")
    }
  }

  static func runExport(_ args: Arguments) throws(CLIError) {
    let options = try ExportOptions(args)
    let format = options.formats.reading(options.path)
    let (arrangement, _, _) = try load(options.path, format: format)
    try options.output.write(arrangement, as: options.formats.writing(to: options.output, input: format))
  }
}
