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

  init(_ args: Arguments, command: String?) throws(CLIError) {
    input = try args.value(Options.format, command: command)
    output = try args.value(Options.to, command: command)
  }

  init(input: ArrangementFormat? = nil, output: ArrangementFormat? = nil) {
    self.input = input
    self.output = output
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
