import Files
import Formats
import TileModel

/// `--format` and `--to` (docs/formats.md, declared in `Options`): the format an arrangement is read
/// in and the one the result is written in. Every command that reads an arrangement takes `--format`;
/// every one that writes one takes `--to` too.
struct FormatOptions: Equatable {
  /// `--format`, if given.
  var input: ArrangementFormat?
  /// `--to`, if given.
  var output: ArrangementFormat?
  /// `--name PATH` (`merge`, `diff`): the file's path in the repository, whose extension names the
  /// format of inputs that git hands over under names of its own.
  var name: String?

  init(_ args: Arguments, command: String?) throws(CLIError) {
    input = try args.value(Options.format, command: command)
    output = try args.value(Options.to, command: command)
    name = try args.value(Options.name, command: command)
  }

  init(input: ArrangementFormat? = nil, output: ArrangementFormat? = nil, name: String? = nil) {
    self.input = input
    self.output = output
    self.name = name
  }

  /// The format to read `path` in: `--format`; else the extension of `--name`'s path, or of `path`;
  /// else, for a name that says nothing (git's `.merge_file_FdKKsZ`, a file without an extension),
  /// what its content shows (`ArrangementFormat(content:)`). Standard input and `/dev/null` are JSON
  /// unless `--format` says otherwise.
  func reading(_ path: String) -> ArrangementFormat {
    if let format = input ?? name.flatMap(Self.byExtension) ?? Self.byExtension(path) { return format }
    if path == "-" || path == "/dev/null" { return .json }
    return Self.byContent(path)
  }

  /// The format `path`'s content shows; JSON when it cannot be opened (reading it then says why).
  static func byContent(_ path: String) -> ArrangementFormat {
    guard let input = try? Platform.mappedInput(path) else { return .json }
    // A file that changes while it is looked at: reading it then says so.
    return (try? input.withBytes { (bytes, _) throws(Never) in ArrangementFormat(content: bytes) }) ?? .json
  }

  /// The format to write in: `--to`, else OUT's extension (with `-o OUT`), else the input's.
  func writing(to output: Output, input: ArrangementFormat) -> ArrangementFormat {
    if let format = self.output { return format }
    if !output.inPlace, let path = output.path, let format = Self.byExtension(path) { return format }
    return input
  }

  /// Refuses (64) `-i` with `--to` naming another format than the one FILE is read in: a file is
  /// written back in its own format, always (what another format cannot hold would be gone from it).
  /// The message gives the way to convert: a new file, `-o NAME.EXT`.
  func refuseConversionInPlace(_ path: String, readAs format: ArrangementFormat, command: String) throws(CLIError) {
    guard let output, output != format else { return }
    throw .usage(
      "-i writes '\(path)' back in its own format (\(format)), never as \(output); to convert it, write a new file "
        + "with -o \(Self.renamed(path, as: output)) instead", command: command)
  }

  /// `path` with the extension of `format` in place of its own (`b.md` as csv: `b.csv`).
  static func renamed(_ path: String, as format: ArrangementFormat) -> String {
    let (directory, base) = Platform.split(path)
    let stem = base.lastIndex(of: ".").map { $0 == base.startIndex ? base : String(base[..<$0]) } ?? base
    let name = stem + "." + format.fileExtension
    return directory == "." && !path.hasPrefix("./") ? name : (directory == "/" ? "/" : directory + "/") + name
  }

  /// The format a path's extension names; none for standard input.
  static func byExtension(_ path: String) -> ArrangementFormat? {
    path == "-" ? nil : ArrangementFormat(path: path)
  }
}

extension TileGridCommand {
  /// Prints what a format could not keep, one line on standard error, naming where it was written.
  static func report(_ lost: LostFields, writing name: String) {
    guard !lost.isEmpty else { return }
    Platform.writeStandardError("tilegrid: \(CLIError.oneLine("\(name): \(lost)"))\n")
  }
}
