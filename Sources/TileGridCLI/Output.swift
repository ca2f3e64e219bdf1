import Files
import Formats
import TileGridJSON
import TileModel

/// Where a command's result goes: standard output, or the file of `-o OUT` written by
/// `Platform.writeFile`'s writer. Every command that prints a result takes `-o`, `--force` (and `-i`)
/// from `Options` and reads them here, so they are written the same way everywhere.
struct Output {
  /// The file to write; nil or `-` for standard output.
  var path: String?
  var force = false
  /// The stamp of the file as it was read, for `--in-place`: a file changed since is not overwritten.
  var expected: Platform.FileStamp?
  /// Whether the output is the input file itself (`-i`), written in the format it was read in.
  var inPlace = false

  init(path: String?, force: Bool, expected: Platform.FileStamp? = nil) {
    self.path = path
    self.force = force
    self.expected = expected
  }

  init(_ args: Arguments) throws(CLIError) {
    self.init(path: try args.value(Options.output, command: nil), force: args.has(Options.force))
  }

  /// The output of a command that edits FILE (`move`, `move-section`): `-o OUT`, standard output, or
  /// with `-i` FILE itself once it is read (`replacing(_:readAs:)`). `-o` and `-i` together, or `-i`
  /// on standard input, are usage errors.
  static func editing(_ args: Arguments, file path: String, command: String) throws(CLIError) -> (Output, inPlace: Bool) {
    let output = try Output(args)
    let inPlace = args.has(Options.inPlace)
    if inPlace && output.path != nil { throw .usage("give -o OUT or --in-place, not both", command: command) }
    if inPlace && path == "-" { throw .usage("--in-place needs a FILE, not standard input", command: command) }
    return (output, inPlace)
  }

  /// Writes FILE back (`-i`), refusing if it changed on disk since it was read with `stamp`.
  mutating func replacing(_ path: String, readAs stamp: Platform.FileStamp?) {
    self.path = path
    expected = stamp
    inPlace = true
  }

  /// Whether the output is standard output (no `-o`, or `-o -`).
  var isStandardOutput: Bool { path == nil || path == "-" }

  /// The output's name in messages: OUT, or standard output.
  var name: String { isStandardOutput ? "standard output" : path ?? "" }

  /// Writes an arrangement in `format`, and says on standard error what the format could not keep.
  /// An arrangement the format cannot hold at all (a tab in a TSV field) is a data error (65), and
  /// nothing is written.
  func write(_ arrangement: Arrangement, as format: ArrangementFormat) throws(CLIError) {
    do {
      try format.checkWritable(arrangement)
    } catch {
      throw .data("\(name): cannot write \(format): \(error)")
    }
    var lost = LostFields(format: format)
    guard let path, path != "-" else {
      lost = try format.write(arrangement) { (chunk) throws(CLIError) in try Platform.standardOutput(chunk) }
      TileGridCommand.report(lost, writing: name)
      return
    }
    do throws(Platform.WriteFailure) {
      _ = try Platform.writeFile(path, expected: expected, force: force) { (write) throws(Platform.WriteFailure) in
        lost = try format.write(arrangement, write)
      }
    } catch {
      throw CLIError(error)
    }
    TileGridCommand.report(lost, writing: name)
  }

  /// Sends the bytes `producer` makes to the output as they are made, so a million tiles never sit in
  /// memory twice. A file goes through `Platform.writeFile`, the same writer the editor saves with; on
  /// any failure it is left as it was.
  func write(_ producer: some ChunkProducer) throws(CLIError) {
    guard let path, path != "-" else {
      try producer.produce { (chunk) throws(CLIError) in try Platform.standardOutput(chunk) }
      return
    }
    do throws(Platform.WriteFailure) {
      _ = try Platform.writeFile(path, expected: expected, force: force) { (write) throws(Platform.WriteFailure) in
        try producer.produce(write)
      }
    } catch {
      throw CLIError(error)
    }
  }
}

/// Output made in chunks and handed to a sink whatever the sink throws: standard output's `CLIError`
/// or the file writer's `WriteFailure`.
protocol ChunkProducer {
  func produce<E: Error>(_ write: ([UInt8]) throws(E) -> Void) throws(E)
}

extension Array: ChunkProducer where Element == UInt8 {
  /// Bytes already made, in one chunk.
  func produce<E: Error>(_ write: ([UInt8]) throws(E) -> Void) throws(E) {
    try write(self)
  }
}

extension Arrangement: ChunkProducer {
  /// The canonical JSON.
  func produce<E: Error>(_ write: ([UInt8]) throws(E) -> Void) throws(E) {
    try writeJSON(write)
  }
}
