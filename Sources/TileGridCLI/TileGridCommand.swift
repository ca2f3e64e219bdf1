import CursesTerminal
import TileModel

/// The `tilegrid` command line (DESIGN.md §7): dispatches to a command, prints errors once, and maps
/// them to exit statuses. The executable's `main` is one call to `TileGridCommand.main`.
public enum TileGridCommand {
  public static let version = "0.1.0"

  struct Command: Sendable {
    var name: String
    var summary: String
    var help: String
    var run: @Sendable ([String]) throws(CLIError) -> Void
  }

  static let commands: [Command] = [
    Command(name: "demo", summary: "print the built-in demo arrangement (JSON)", help: demoHelp, run: runDemo),
    Command(name: "export", summary: "validate a file and print it as canonical JSON", help: exportHelp, run: runExport),
    Command(name: "move", summary: "move one tile (remove + insert; policies apply)", help: moveHelp, run: runMove),
    Command(name: "layout", summary: "print the flow layout as JSON", help: layoutHelp, run: runLayout),
    Command(name: "play", summary: "replay input headlessly; print the arrangement", help: playHelp, run: runPlay),
  ]

  static let overview = """
    tilegrid \(version): colored tiles in sections, reordered by long-press-and-drag or from the keyboard.

    Usage:
      tilegrid [FILE|-] [--press-ms N] [--color auto|always|never] [--record EVENTS]
                                           the interactive editor (no FILE: the built-in demo; '-': standard
                                           input, the saved result goes to standard output)
      tilegrid demo                        print the built-in demo arrangement (JSON)
      tilegrid export [FILE|-] [-o OUT]    validate, print canonical JSON
      tilegrid move [FILE|-] FROM TO [-o OUT | --in-place] [--force]
                                           move one tile; print or write the result
      tilegrid layout [FILE|-] --width W --height H
                                           print the layout on a W x H terminal as JSON
      tilegrid play [FILE|-] --width W --height H --events EVENTS [--trace] [--press-ms N]
                                           replay input through the editor; print the arrangement

    FILE '-' (or no FILE, when standard input is not a terminal) reads standard input.
    FROM and TO are SECTION.ITEM (zero-based, like 1.3) or SECTION_ID:ITEM (like favorites:0).
    Options: --help (also after a command), --version.
    Exit status: 0 ok, 1 the editor in a pipe quit without saving, 64 usage, 65 bad data or a refused
    move, 66 missing input, 69 no terminal (or not built yet), 73 cannot create output, 74 read or write
    error, 129/143 the editor was ended by SIGHUP/SIGTERM (unsaved changes are in a recovery file).

    """

  /// Runs the command line (without the program name) and returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    do {
      try run(arguments)
      return 0
    } catch {
      Platform.writeStandardError("tilegrid: \(error)\n")
      return error.exitStatus
    }
  }

  static func run(_ arguments: [String]) throws(CLIError) {
    guard let first = arguments.first else {
      try runEditor([])
      return
    }
    switch first {
    case "--help", "-h", "help":
      try Platform.writeStandardOutput(Array(overview.utf8))
      return
    case "--version":
      try Platform.writeStandardOutput(Array("tilegrid \(version) (\(CursesLibrary.version))\n".utf8))
      return
    default:
      break
    }
    let rest = Array(arguments.dropFirst())
    if let command = commands.first(where: { $0.name == first }) {
      if rest.contains("--help") || rest.contains("-h") {
        try Platform.writeStandardOutput(Array(command.help.utf8))
        return
      }
      try command.run(rest)
      return
    }
    if first == "render" {
      throw .unavailable("'tilegrid render' is not built yet (it comes with the interactive editor)")
    }
    // A plain word that names no file is a mistyped command rather than a file for the editor.
    if !first.hasPrefix("-") && !Platform.exists(first) && first.allSatisfy({ $0.isLetter || $0 == "-" }) {
      let names = commands.map(\.name).joined(separator: ", ")
      throw .usage("unknown command '\(first)' (the commands are \(names))", command: nil)
    }
    try runEditor(arguments)
  }

  // MARK: - Shared steps

  /// The input path for a command whose FILE is optional: standard input when it is not a terminal.
  static func inputPath(_ positional: String?, command: String) throws(CLIError) -> String {
    if let positional { return positional }
    if Platform.standardInputIsTerminal {
      throw .usage("no input: give a FILE, or '-' and pipe JSON into standard input", command: command)
    }
    return "-"
  }

  /// The output file of `-o OUT` / `--output OUT`, if one was given (once).
  static func outputPath(_ args: Arguments, command: String) throws(CLIError) -> String? {
    if args.values["-o"] != nil && args.values["--output"] != nil {
      throw .usage("give -o or --output, not both", command: command)
    }
    return args.values["-o"] ?? args.values["--output"]
  }

  /// Reads and validates an arrangement; a bad file is a data error naming the file and the place.
  /// Returns the name to show for it and its stamp on disk; the bytes are let go once parsed.
  static func load(_ path: String) throws(CLIError) -> (Arrangement, name: String, stamp: Platform.FileStamp?) {
    let input = try Platform.read(path)
    do {
      return (try Arrangement(json: input.bytes), input.name, input.stamp)
    } catch {
      throw .data("\(input.name): \(error)")
    }
  }

  /// Prints the arrangement's canonical JSON, or writes it atomically to `path`. The text is written in
  /// chunks as it is made, so a million tiles never sit in memory twice.
  static func emit(_ arrangement: Arrangement, to path: String?, expected: Platform.FileStamp? = nil) throws(CLIError) {
    if let path, path != "-" {
      var file = try Platform.AtomicFile(replacing: path, expected: expected)
      try arrangement.writeJSON { (chunk) throws(CLIError) in try file.write(chunk) }
      try file.commit()
    } else {
      try arrangement.writeJSON { (chunk) throws(CLIError) in try Platform.writeStandardOutput(chunk) }
    }
  }

  // MARK: - demo

  static let demoHelp = """
    Usage: tilegrid demo

    Prints the built-in demo arrangement as canonical JSON: the seeds' colors in four sections, one with
    a maximum of 8 tiles, one with a locked tile, and one empty.

    """

  static func runDemo(_ arguments: [String]) throws(CLIError) {
    let args = try Arguments(arguments, command: "demo", valued: [], flags: [])
    guard args.positionals.isEmpty else {
      throw .usage("'tilegrid demo' takes no arguments", command: "demo")
    }
    try emit(Arrangement.demo, to: nil)
  }

  // MARK: - export

  static let exportHelp = """
    Usage: tilegrid export [FILE|-] [-o OUT]

    Validates an arrangement and prints it as canonical JSON: two-space indentation, known keys in the
    documented order, unknown keys after them exactly as they were, absent keys still absent.
    With -o OUT, writes OUT atomically instead (a temporary file renamed over it).

    """

  static func runExport(_ arguments: [String]) throws(CLIError) {
    let args = try Arguments(arguments, command: "export", valued: ["-o", "--output"], flags: [])
    guard args.positionals.count <= 1 else {
      throw .usage("'tilegrid export' takes at most one FILE", command: "export")
    }
    let output = try outputPath(args, command: "export")
    let (arrangement, _, _) = try load(try inputPath(args.positionals.first, command: "export"))
    try emit(arrangement, to: output)
  }

  // MARK: - move

  static let moveHelp = """
    Usage: tilegrid move [FILE|-] FROM TO [-o OUT | --in-place] [--force]

    Moves one tile: removes it at FROM and inserts it at TO (never a swap), then prints the result,
    or writes it atomically to OUT or back to FILE.

    FROM, TO   SECTION.ITEM, zero-based (1.3), or SECTION_ID:ITEM (favorites:0). TO is a place in the
               arrangement after the tile is taken out; TO may be a section's tile count (append).
    --force    move even when a policy refuses (a locked tile, a locked or full section).

    A refused move prints why and exits 65; nothing is written.

    """

  static func runMove(_ arguments: [String]) throws(CLIError) {
    let command = "move"
    let args = try Arguments(
      arguments, command: command, valued: ["-o", "--output"], flags: ["--in-place", "--force"])
    let path: String
    let fromText: String
    let toText: String
    switch args.positionals.count {
    case 3:
      path = args.positionals[0]
      fromText = args.positionals[1]
      toText = args.positionals[2]
    case 2:
      path = try inputPath(nil, command: command)
      fromText = args.positionals[0]
      toText = args.positionals[1]
    default:
      throw .usage("'tilegrid move' needs FROM and TO (and a FILE, or JSON on standard input)", command: command)
    }
    let output = try outputPath(args, command: command)
    let inPlace = args.flags.contains("--in-place")
    if inPlace && output != nil { throw .usage("give -o OUT or --in-place, not both", command: command) }
    if inPlace && path == "-" { throw .usage("--in-place needs a FILE, not standard input", command: command) }
    let from = try PlaceArgument(fromText, role: "FROM", command: command)
    let to = try PlaceArgument(toText, role: "TO", command: command)

    var (arrangement, _, stamp) = try load(path)
    let source = try from.resolve(in: arrangement, role: "FROM")
    var destination = try to.resolve(in: arrangement, role: "TO")
    // TO counts places before the tile is taken out, so within its own section TO = count means the end.
    if destination.section == source.section, arrangement.contains(source),
      destination.item == arrangement.sections[source.section].count
    {
      destination.item -= 1
    }
    do {
      try arrangement.move(from: source, to: destination, force: args.flags.contains("--force"))
    } catch {
      var reason = error.description
      if case .noSuchDestination(let place, let valid) = error, place.section == source.section {
        // On the command line TO may also be the section's count (the end): say so.
        reason = "\(toText) is not a place to move to (section \(place.section) takes \(valid.lowerBound) to \(valid.upperBound + 1))"
      }
      let hint = error.isPolicyRefusal ? " (--force moves it anyway)" : ""
      throw .data("cannot move \(fromText) to \(toText): \(reason)\(hint)")
    }
    try emit(arrangement, to: inPlace ? path : output, expected: inPlace ? stamp : nil)
  }
}
