import Files
import CursesTerminal
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
    gitSetupCommand, layoutCommand, playCommand, renderCommand, checkCommand,
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
      "In the editor: the arrows move the focus, Space lifts and drops a tile (or hold the mouse button",
      "on it and drag), Esc cancels, x marks, / finds, m moves to a typed place, a r c w d L M edit, u and",
      "U undo and redo, s saves, q quits; ? lists every key. In TileGrid's source, docs/editor.md",
      "describes the screen and the keys, docs/editing.md the editing keys, docs/command-line.md every",
      "command.",
      "Tiles glide to their places (0.25 s); --motion off or TILEGRID_MOTION=off makes them jump.",
      "",
      "FILE '-' (or no FILE, when standard input is not a terminal) reads standard input.",
      "FROM and TO are SECTION.ITEM (zero-based, like 1.3) or SECTION_ID:ITEM (like favorites:0).",
      "-o OUT writes OUT atomically instead of printing; --force writes it even if it is read-only.",
      "--format json|markdown|lines|csv|tsv reads FILE in that format (default: by its extension);",
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
      guard let command = commands.first(where: { $0.name == name }) else {
        throw .usage("unknown command '\(name)' (the commands are \(commandNames))", command: nil)
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

  /// Reads and validates an arrangement in `format` (nil: by the path's extension, else JSON, as
  /// `FormatOptions.reading` decides); a bad file is a data error naming the file and the place (a
  /// JSON path, or a line and column). Returns the name to show for it and its stamp on disk.
  static func load(
    _ path: String, format: ArrangementFormat? = nil, hintingBackups: Bool = true
  ) throws(CLIError) -> (Arrangement, name: String, stamp: Platform.FileStamp?) {
    let (arrangement, name, stamp, _) = try load(path, format: format, digest: false, hintingBackups: hintingBackups)
    return (arrangement, name, stamp)
  }

  /// `load`, and with `digest` the size and SHA-256 of the bytes read (for `--record` and `play`).
  /// A JSON file is mapped and its pages let go as reading passes them (the arrangement keeps its own
  /// copy of what it needs); other formats, and a file whose digest is wanted, are read whole.
  ///
  /// A file that is not valid because a save into it was cut short (an in-place save leaves a backup of
  /// the old content beside it until it is done) gets the backup named in the message.
  static func load(
    _ path: String, format: ArrangementFormat? = nil, digest: Bool, hintingBackups: Bool = true
  ) throws(CLIError) -> (Arrangement, name: String, stamp: Platform.FileStamp?, digest: FileDigest?) {
    let format = format ?? FormatOptions().reading(path)
    func invalid(_ name: String, _ error: some Error) -> CLIError {
      invalidFile(path, name: name, error, hintingBackups: hintingBackups)
    }
    if format == .json && !digest {
      let input = try Platform.mappedInput(path)
      do {
        let arrangement = try input.withBytes { (bytes, release) throws(LoadError) in
          try Arrangement(json: bytes, releasing: release)
        }
        return (arrangement, input.name, input.stamp, nil)
      } catch {
        throw invalid(input.name, FormatError.json(error))
      }
    }
    let input = try Platform.input(path)
    do {
      let arrangement = try format.read(input.bytes)
      return (arrangement, input.name, input.stamp, digest ? FileDigest(of: input.bytes) : nil)
    } catch {
      throw invalid(input.name, error)
    }
  }

  /// The one-line data error for a file that is not valid, naming a backup left beside it.
  static func invalidFile(_ path: String, name: String, _ error: some Error, hintingBackups: Bool = true) -> CLIError {
    var message = "\(name): \(error)"
    if hintingBackups && path != "-", let backup = Platform.leftBehind(besideFile: path).first(where: { $0.kind == .backup }) {
      message += "; '\(backup.path)' holds the file as it was before a save that did not finish"
    }
    return .data(message)
  }

  /// Checks an arrangement as `load` reads it, with the same errors. A JSON file is read by the same
  /// reader keeping none of its tiles (`Arrangement.validate`); other formats are read.
  static func validate(_ path: String, format: ArrangementFormat) throws(CLIError) {
    guard format == .json else {
      _ = try load(path, format: format)
      return
    }
    let input = try Platform.mappedInput(path)
    do {
      try input.withBytes { (bytes, release) throws(LoadError) in try Arrangement.validate(json: bytes, releasing: release) }
    } catch {
      throw invalidFile(path, name: input.name, FormatError.json(error))
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
