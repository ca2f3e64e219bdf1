import TileModel

/// Where a command's result goes: standard output, or the file of `-o OUT` written by
/// `Platform.writeFile`'s writer. Every command that prints a result takes its options from here, so
/// they are spelled, documented and written the same way everywhere.
struct Output {
  /// The options a printing command adds to its syntax.
  static let valued = ["--output"]
  static let flags = ["--force"]

  /// The help lines for `-o` (every printing command) and `--force` (all but `move`, whose `--force`
  /// says more), in the two-column layout of the help texts.
  static let outputHelp = """
    -o, --output OUT  write OUT instead of printing ('-' prints): atomically, keeping OUT's mode, owner
                      and other names (hard links)
    """
  static let forceHelp = """
    --force           write OUT even if it is read-only (it stays read-only)
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
    var file: Platform.FileWriter
    do throws(Platform.WriteFailure) {
      file = try Platform.FileWriter(path, expected: expected, force: force)
    } catch {
      throw CLIError(error)
    }
    do throws(CLIError) {
      try produce { (chunk) throws(CLIError) in
        do throws(Platform.WriteFailure) { try file.write(chunk) } catch { throw CLIError(error) }
      }
      do throws(Platform.WriteFailure) { _ = try file.commit() } catch { throw CLIError(error) }
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
