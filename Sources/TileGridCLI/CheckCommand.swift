import Files
import Formats

extension TileGridCommand {
  static let checkCommand = Command(
    name: "check", operands: "[FILE|-]...",
    summary: "validate arrangement files; print nothing if all are valid",
    details: """
      Validates arrangement files and prints nothing when every one is valid. For each file that is
      not, one line on standard error, 'tilegrid: FILE: PLACE: MESSAGE', as the other commands report
      it. Every file is checked, also after a bad one. '-' (or no FILE, when standard input is not a
      terminal) reads standard input; it may be given once. Each file is read in the format its
      extension names (\(ArrangementFormat.allCases.filter { $0 != .json }.map(\.kind).joined(separator: ", ")); \(ArrangementFormat.json.kind) otherwise),
      or all in --format's.

      A file beside which an in-place save that did not finish left its backup
      (.FILE.tilegrid-PID-START-N.bak, its process gone, holding something else) may be cut short: it is
      not valid, and the line names the backup and how to put it back. The temporary file such a save
      leaves (.FILE.tilegrid-PID-START-N.tmp), and a backup holding what the file holds, are named on a
      line of their own that does not change the exit status: the file is as it was, its next save
      removes them.

      {options}

      A file that records unresolved merge conflicts (git's markers, or JSON's "conflicts" key, as
      'tilegrid merge' writes them) is named with how many and the first one's line.

      Exit status: 0 when every file is valid; otherwise 65 if any file is not a valid arrangement,
      else 66 if a file could not be opened, else 74 if reading one failed part way, else 1 if a file
      records unresolved merge conflicts. A wrong command
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
      noteLeftovers(beside: path)
    }
    if failures.count == 1 { throw failures[0] }
    if !failures.isEmpty { throw .several(failures) }
  }

  /// One line on standard error for each file a save into `path` that did not finish left beside it
  /// and that no longer matters (a temporary file; a backup holding what the file holds): the file is
  /// as it was, and its next save removes them. A backup of other content is the file's refusal.
  static func noteLeftovers(beside path: String) {
    guard path != "-", Platform.exists(path) else { return }
    let found = Platform.abandonedSaves(besideFile: path)
    for file in found.temporaries {
      Platform.writeStandardError(
        "tilegrid: \(path): '\(file.path)' is the temporary file of a save that did not finish (its process is gone); "
          + "the file is as it was, and its next save removes it\n")
    }
    for file in found.sameBackups {
      Platform.writeStandardError(
        "tilegrid: \(path): '\(file.path)' is the backup of a save that did not finish (its process is gone), the same "
          + "as the file; the file's next save removes it\n")
    }
  }
}
