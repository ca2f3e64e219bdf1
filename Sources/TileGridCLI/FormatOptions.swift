import Files
import Formats
import TileModel

/// `--format` and `--to` (docs/formats.md): the format an arrangement is read in and the one the
/// result is written in. Every command that reads an arrangement takes `--format`; every one that
/// writes one takes `--to` too.
struct FormatOptions: Equatable {
  /// The options a command that reads an arrangement adds to its syntax; `writing` adds `--to`.
  static let reading = ["--format"]
  static let writing = ["--format", "--to"]

  static let formatHelp = """
    --format FORMAT   read FILE as json, markdown, lines, csv or tsv (default: by its extension, .md,
                      .markdown, .txt, .csv or .tsv, else JSON; standard input is JSON)
    """
  static let toHelp = """
    --to FORMAT       write the result as json, markdown, lines, csv or tsv (default: OUT's extension,
                      else the input's format); what the format cannot hold is named on standard error
    """

  /// `--format`, if given.
  var input: ArrangementFormat?
  /// `--to`, if given.
  var output: ArrangementFormat?

  init(_ args: Arguments, command: String?) throws(CLIError) {
    input = try Self.format(args, "--format", command: command)
    output = try Self.format(args, "--to", command: command)
  }

  init(input: ArrangementFormat? = nil, output: ArrangementFormat? = nil) {
    self.input = input
    self.output = output
  }

  private static func format(_ args: Arguments, _ name: String, command: String?) throws(CLIError) -> ArrangementFormat? {
    guard let text = args.values[name] else { return nil }
    guard let format = ArrangementFormat(name: text) else {
      throw .usage("\(name) takes \(ArrangementFormat.names), not '\(text)'", command: command)
    }
    return format
  }

  /// The format to read `path` in: `--format`, else the extension's, else JSON (standard input too).
  func reading(_ path: String) -> ArrangementFormat {
    input ?? Self.byExtension(path) ?? .json
  }

  /// The format to write in: `--to`, else OUT's extension (with `-o OUT`), else the input's.
  func writing(to output: Output, input: ArrangementFormat) -> ArrangementFormat {
    if let format = self.output { return format }
    if !output.inPlace, let path = output.path, let format = Self.byExtension(path) { return format }
    return input
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
