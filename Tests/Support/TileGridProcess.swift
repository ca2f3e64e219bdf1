import Foundation

// Running the built `tilegrid` binary: where it is, how to run it with given standard input, and a
// fresh temporary directory per test.

/// Why an end-to-end test cannot run at all; thrown so the test fails with this message.
public struct SetupError: Error, CustomStringConvertible {
  public var description: String

  public init(description: String) { self.description = description }
}

/// What one run of the binary did.
public struct RunResult: CustomStringConvertible {
  public var status: Int32
  public var stdout: [UInt8]
  public var stderr: [UInt8]

  public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  public var stderrText: String { String(decoding: stderr, as: UTF8.self) }

  /// The lines of standard error, without the final newline's empty remainder.
  public var stderrLines: [Substring] {
    var lines = stderrText.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  public var description: String { "exit \(status), stderr: \(stderrText.debugDescription)" }
}

public enum TileGrid {
  /// The binary: `TILEGRID_BIN`, else `tilegrid` beside the test runner (`swift build` puts both in the
  /// same directory). Missing is a failure, never a skip.
  public static func binary() throws -> String {
    if let path = ProcessInfo.processInfo.environment["TILEGRID_BIN"], !path.isEmpty {
      guard FileManager.default.isExecutableFile(atPath: path) else {
        throw SetupError(
          description: "TILEGRID_BIN is '\(path)', which is not an executable file; run 'swift build' first")
      }
      return path
    }
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    let beside = runner.deletingLastPathComponent().appendingPathComponent("tilegrid").path
    guard FileManager.default.isExecutableFile(atPath: beside) else {
      throw SetupError(
        description: "the tilegrid binary was not found: TILEGRID_BIN is not set and '\(beside)' does not exist; "
          + "run 'swift build' and set TILEGRID_BIN (Scripts/test does both)")
    }
    return beside
  }

  /// Runs `tilegrid arguments` in `directory`, with `stdin` as its standard input (empty, never a
  /// terminal, when nil). Output is captured through files, so no pipe can fill up and block.
  ///
  /// With `stdout`, standard output goes to that file instead (like `/dev/full`) and is not captured.
  ///
  /// With `maximumFileBytes`, the process may write no file larger than that (`ulimit -f`, with
  /// SIGXFSZ ignored so that a write fails with EFBIG as on a full disk).
  ///
  /// `environment` adds to (or, with nil values, removes from) the test's own environment.
  public static func run(
    _ arguments: [String], stdin: [UInt8]? = nil, in directory: TemporaryDirectory? = nil,
    stdout: String? = nil, maximumFileBytes: Int? = nil, environment: [String: String?] = [:]
  ) throws -> RunResult {
    let binary = try binary()
    let capture = try TemporaryDirectory()
    defer { withExtendedLifetime(capture) {} }
    let stdinURL = capture.url("stdin")
    let stdoutURL = capture.url("stdout")
    let stderrURL = capture.url("stderr")
    try Data(stdin ?? []).write(to: stdinURL)
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)

    let process = Process()
    if let maximumFileBytes {
      // ulimit -f counts 512-byte blocks in POSIX sh; the limit is rounded down, but never to zero.
      let blocks = max(1, maximumFileBytes / 512)
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "trap '' XFSZ; ulimit -f \(blocks) && exec \"$0\" \"$@\"", binary] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory.path) }
    if !environment.isEmpty {
      var merged = ProcessInfo.processInfo.environment
      for (name, value) in environment { merged[name] = value }
      process.environment = merged
    }
    let stdinHandle = try FileHandle(forReadingFrom: stdinURL)
    let stdoutHandle = try FileHandle(forWritingTo: stdout.map(URL.init(fileURLWithPath:)) ?? stdoutURL)
    let stderrHandle = try FileHandle(forWritingTo: stderrURL)
    defer {
      try? stdinHandle.close()
      try? stdoutHandle.close()
      try? stderrHandle.close()
    }
    process.standardInput = stdinHandle
    process.standardOutput = stdoutHandle
    process.standardError = stderrHandle
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit else {
      throw SetupError(description: "tilegrid \(arguments) was killed by signal \(process.terminationStatus)")
    }
    return RunResult(
      status: process.terminationStatus, stdout: Array(try Data(contentsOf: stdoutURL)),
      stderr: Array(try Data(contentsOf: stderrURL)))
  }
}

/// A fresh directory under the system's temporary directory, removed with everything in it when the
/// value goes away. Suites hold one as a stored property: Swift Testing makes a new suite value for
/// every test (and every argument), so each test gets its own directory, alive for the whole test.
public final class TemporaryDirectory {
  public let path: String

  /// A new directory under `base` (the system's temporary directory when nil).
  public init(under base: String? = nil) throws {
    var template = Array(((base ?? NSTemporaryDirectory()) + "/tilegrid-e2e-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw SetupError(description: "cannot create a temporary directory: errno \(errno)")
    }
    path = URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
  }

  deinit {
    // A test may have made something read-only; make it writable again so it can be removed.
    _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    try? FileManager.default.removeItem(atPath: path)
  }

  public func url(_ name: String) -> URL { URL(fileURLWithPath: path).appendingPathComponent(name) }

  /// The path of `name` inside this directory.
  public func file(_ name: String) -> String { url(name).path }

  @discardableResult
  public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: url(name))
    return file(name)
  }

  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

  public func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: url(name))) }

  public func readText(_ name: String) throws -> String { String(decoding: try read(name), as: UTF8.self) }

  public func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

  /// Every name in the directory, hidden ones (like a leftover temporary file) included, sorted.
  public func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

  /// Names and contents of every file, to check that a failed command changed nothing.
  public func snapshot() throws -> [String: [UInt8]] {
    var contents: [String: [UInt8]] = [:]
    for name in try listing() {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: file(name), isDirectory: &isDirectory), !isDirectory.boolValue {
        contents[name] = try read(name)
      } else {
        contents[name] = []
      }
    }
    return contents
  }
}

/// When process `pid` started, in clock ticks after boot (`/proc/PID/stat`'s 22nd field): with its id,
/// what the files a save makes beside its file record of the process that made them
/// (`.NAME.tilegrid-PID-START-N.bak`).
public func processStartTime(_ pid: pid_t) throws -> UInt64 {
  let text = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
  guard let close = text.lastIndex(of: ")"),
    let start = UInt64(text[text.index(after: close)...].split(separator: " ")[19])
  else { throw SetupError(description: "no start time in /proc/\(pid)/stat") }
  return start
}
