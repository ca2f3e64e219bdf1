import Foundation

/// Where a child process's standard output and error go in the tests that start one themselves: two
/// empty files in a temporary directory of their own, opened for writing, rather than pipes (a pipe
/// that nobody reads while the process runs fills up, and the process stalls). The files are read
/// once the process has ended; the handles close when this goes away.
public final class CapturedOutput {
  private let directory: TemporaryDirectory
  public let stdout: FileHandle
  public let stderr: FileHandle

  public init() throws {
    directory = try TemporaryDirectory()
    try Data().write(to: directory.url("stdout"))
    try Data().write(to: directory.url("stderr"))
    stdout = try FileHandle(forWritingTo: directory.url("stdout"))
    stderr = try FileHandle(forWritingTo: directory.url("stderr"))
  }

  deinit {
    try? stdout.close()
    try? stderr.close()
  }

  /// Gives `process` empty standard input, and these two files for its output.
  public func attach(to process: Process) {
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
  }

  /// What the process wrote to its standard output.
  public func stdoutBytes() throws -> [UInt8] { Array(try Data(contentsOf: directory.url("stdout"))) }

  /// What the process wrote to its standard error.
  public func stderrBytes() throws -> [UInt8] { Array(try Data(contentsOf: directory.url("stderr"))) }

  /// The ended process's result: its `status` and what it wrote.
  public func result(status: Int32) throws -> RunResult {
    RunResult(status: status, stdout: try stdoutBytes(), stderr: try stderrBytes())
  }
}
