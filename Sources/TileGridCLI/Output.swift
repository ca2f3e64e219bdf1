import TileModel

/// Where a command's result goes: standard output, or the file of `-o OUT`, written atomically. Every
/// command that prints a result takes its options from here, so they are spelled, documented and
/// written the same way everywhere.
struct Output {
  /// The options a printing command adds to its syntax.
  static let valued = ["--output"]
  static let flags: [String] = []

  /// The help lines for `-o`, in the two-column layout of the help texts.
  static let outputHelp = """
    -o, --output OUT  write OUT instead of printing ('-' prints): atomically (a temporary file renamed
                      over it), keeping its mode
    """

  /// The file to write; nil or `-` for standard output.
  var path: String?
  var force = false
  /// The stamp of the file as it was read, for `--in-place`: a file changed since is not overwritten.
  var expected: Platform.FileStamp?

  init(path: String?, force: Bool, expected: Platform.FileStamp? = nil) {
    self.path = path
    self.force = force
    self.expected = expected
  }

  init(_ args: Arguments) {
    self.init(path: args.values["--output"], force: args.flags.contains("--force"))
  }

  /// Runs `produce`, sending the chunks it writes to the output as they are made, so a million tiles
  /// never sit in memory twice. On any failure a file output is left as it was.
  func write(_ produce: (_ write: ([UInt8]) throws(CLIError) -> Void) throws(CLIError) -> Void) throws(CLIError) {
    guard let path, path != "-" else {
      try produce { (chunk) throws(CLIError) in try Platform.writeStandardOutput(chunk) }
      return
    }
    var file = try Platform.AtomicFile(replacing: path, expected: expected)
    do throws(CLIError) {
      try produce { (chunk) throws(CLIError) in try file.write(chunk) }
      try file.commit()
    } catch {
      file.abandon()
      throw error
    }
  }

  /// Writes an arrangement's canonical JSON.
  func write(_ arrangement: Arrangement) throws(CLIError) {
    try write { (chunk) throws(CLIError) in try arrangement.writeJSON(chunk) }
  }
}
