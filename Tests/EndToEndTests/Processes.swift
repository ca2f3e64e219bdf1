import Foundation
import TestSupport
import Testing

// Running the binary in ways `TileGrid.run` does not: as an unprivileged user, inside a private mount
// namespace with a small tmpfs (a disk that fills up), and stopped part way.

/// Runs `executable arguments` in `directory` with empty standard input and returns what it did.
func runProcess(
  _ executable: String, _ arguments: [String], in directory: TemporaryDirectory? = nil
) throws -> RunResult {
  let output = try CapturedOutput()
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory.path) }
  output.attach(to: process)
  try process.run()
  process.waitUntilExit()
  return try output.result(status: process.terminationStatus)
}

/// Running `tilegrid` without root's powers. Root may write any file and into any directory, so a test
/// of "the directory is not writable" or "someone else's file" run as root proves nothing: as root
/// the binary runs as `nobody` (uid and gid 65534) through `setpriv`; anyone else already is
/// unprivileged and runs it directly.
enum Unprivileged {
  static let nobody: uid_t = 65534

  /// The command prefix, or nil when root has no `setpriv` (or `nobody` cannot run the binary, as when
  /// it sits in a directory only root may enter); the tests that need it are then skipped.
  static let prefix: [String]? = {
    if getuid() != 0 { return [] }
    guard let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: FileManager.default.isExecutableFile),
      let binary = try? TileGrid.binary()
    else { return nil }
    let prefix = [setpriv, "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"]
    guard let probe = try? runProcess(prefix[0], Array(prefix.dropFirst()) + [binary, "--version"]),
      probe.status == 0
    else { return nil }
    return prefix
  }()

  static var available: Bool { prefix != nil }

  /// The uid the unprivileged run has.
  static var uid: uid_t { getuid() == 0 ? nobody : getuid() }

  /// Runs `tilegrid arguments` in `directory` as the unprivileged user.
  static func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> RunResult {
    guard let prefix else { throw SetupError(description: "no way to run tilegrid unprivileged") }
    let binary = try TileGrid.binary()
    if prefix.isEmpty { return try runProcess(binary, arguments, in: directory) }
    return try runProcess(prefix[0], Array(prefix.dropFirst()) + [binary] + arguments, in: directory)
  }

  /// Makes `directory` (a test's temporary directory, mode 700) enterable and writable by the
  /// unprivileged user, and gives it `names`, so that what it creates there can be set up and checked.
  static func share(_ directory: TemporaryDirectory, giving names: [String] = []) {
    chmod(directory.path, 0o777)
    for name in names { chown(directory.file(name), uid, getgid() == 0 ? nobody : getgid()) }
  }
}

/// A disk that is full: a 16 KiB tmpfs mounted over a directory inside a private mount namespace
/// (`unshare --mount`), which only lives as long as the one shell that uses it. Needs root (or
/// unprivileged user namespaces); the test is skipped where the mount is refused.
enum FullDisk {
  static let available: Bool = {
    guard let directory = try? TemporaryDirectory() else { return false }
    let mount = "mount -t tmpfs -o size=16k tilegrid-test \"$0\""
    let result = try? runProcess("/usr/bin/unshare", ["--mount", "/bin/sh", "-c", mount, directory.path])
    return result?.status == 0
  }()

  /// Runs `script` with `sh` inside a mount namespace where `$DISK` (the directory `disk` in
  /// `directory`) is a fresh 16 KiB tmpfs, and `$TILEGRID` is the binary. The tmpfs goes away when the
  /// script ends, so the script must report what it needs on standard output.
  static func run(_ script: String, in directory: TemporaryDirectory) throws -> RunResult {
    try FileManager.default.createDirectory(atPath: directory.file("disk"), withIntermediateDirectories: true)
    let setup = "DISK=\"$0\"; TILEGRID=\"$1\"; mount -t tmpfs -o size=16k tilegrid-test \"$DISK\" || exit 99\n"
    return try runProcess(
      "/usr/bin/unshare",
      ["--mount", "/bin/sh", "-c", setup + script, directory.file("disk"), try TileGrid.binary()], in: directory)
  }
}
