extension TileGridCommand {
  static let checkCommand = Command(
    name: "check", operands: "[FILE|-]...",
    summary: "validate arrangement files; print nothing if all are valid",
    details: """
      Validates arrangement files and prints nothing when every one is valid. For each file that is
      not, one line on standard error, 'tilegrid: FILE: PLACE: MESSAGE', as the other commands report
      it. Every file is checked, also after a bad one. '-' (or no FILE, when standard input is not a
      terminal) reads standard input; it may be given once. Each file is read in the format its
      extension names (a Markdown board, lines, CSV, TSV; JSON otherwise), or all in --format's.

      {options}

      Exit status: 0 when every file is valid; otherwise 65 if any file is not a valid arrangement,
      else 66 if a file could not be opened, else 74 if reading one failed part way. A wrong command
      line is 64, and then no file is read.

      """,
    syntax: Syntax(options: [Options.format.spec], maximumOperands: nil), run: runCheck)

  /// `check`'s command line: the files, standard input at most once.
  struct CheckOptions {
    var paths: [String]
    var formats: FormatOptions

    init(_ args: Arguments) throws(CLIError) {
      paths = args.operands.isEmpty ? [try inputPath(nil, command: "check")] : args.operands
      if paths.filter({ $0 == "-" }).count > 1 {
        throw .usage("standard input ('-') can be read only once", command: "check")
      }
      formats = try FormatOptions(args, command: "check")
    }
  }

  static func runCheck(_ args: Arguments) throws(CLIError) {
    let options = try CheckOptions(args)
    var failures: [CLIError] = []
    for path in options.paths {
      // The same reading and checks as every command's, keeping nothing of the tiles; each file is
      // let go before the next is read.
      do throws(CLIError) {
        try validate(path, format: options.formats.reading(path))
      } catch {
        failures.append(error)
      }
    }
    if failures.count == 1 { throw failures[0] }
    if !failures.isEmpty { throw .several(failures) }
  }
}
