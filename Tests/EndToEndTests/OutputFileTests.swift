import Foundation
import TestSupport
import Testing

/// Writing files (docs/command-line.md#output-files): an output that cannot be written exits 73/74, and a write is atomic
/// (a temporary `.NAME.tilegrid-*.tmp` beside the target, renamed over it), so a failed write leaves
/// the old file intact and no temporary file behind.
@Suite("Writing files")
struct OutputFileTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// The runs that write their result to `target`.
  static func writingRuns(input path: String, target: String) -> [[String]] {
    [
      ["export", path, "-o", target], ["move", path, "1.0", "0.0", "-o", target],
      ["move", path, "1.0", "0.0", "--output=" + target],
    ]
  }

  @Test("an output under a directory that does not exist exits 73")
  func outputInMissingDirectory() throws {
    let path = try Fixture.write(into: directory)
    for target in ["/nonexistent-tilegrid-dir/x.json", directory.file("missing/x.json")] {
      for arguments in Self.writingRuns(input: path, target: target) {
        expectFailure(try TileGrid.run(arguments), status: 73, mentioning: ["cannot write '\(target)'"])
      }
    }
    #expect(try directory.listing() == ["tiles.json"])
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }

  @Test("an output that is an existing directory exits 73 and leaves the directory alone")
  func outputIsADirectory() throws {
    let path = try Fixture.write(into: directory)
    try FileManager.default.createDirectory(atPath: directory.file("out"), withIntermediateDirectories: false)
    try directory.write("out/keep.txt", "keep")
    for arguments in Self.writingRuns(input: path, target: directory.file("out")) {
      expectFailure(
        try TileGrid.run(arguments), status: 73,
        mentioning: ["cannot write '\(directory.file("out"))': it is a directory"])
    }
    #expect(try directory.listing() == ["out", "tiles.json"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("out")) == ["keep.txt"])
  }

  /// The write fails part way (the process may not write files over 512 bytes, as on a full disk):
  /// the command exits 74, and the old file and the directory are exactly as before.
  @Test("a write that fails part way leaves the old file intact and no temporary file behind")
  func failedWriteIsAtomic() throws {
    let path = try Fixture.write(into: directory)
    try directory.write("out.json", "previous output\n")
    let before = try directory.snapshot()
    let runs =
      [["move", path, "1.0", "0.0", "--in-place"]] + Self.writingRuns(input: path, target: directory.file("out.json"))
    for arguments in runs {
      let result = try TileGrid.run(arguments, maximumFileBytes: 512)
      expectFailure(result, status: 74, mentioning: ["cannot write '", "File too large"])
      #expect(try directory.snapshot() == before, "\(arguments)")
    }
  }

  @Test("standard output that cannot be written exits 74")
  func fullStandardOutput() throws {
    let path = try Fixture.write(into: directory)
    for arguments in [["demo"], ["export", path], ["move", path, "0.0", "0.1"]] {
      expectFailure(
        try TileGrid.run(arguments, stdout: "/dev/full"), status: 74, mentioning: ["cannot write to standard output"])
    }
  }

  @Test("a successful write leaves no temporary file and keeps the file's permissions")
  func successfulWriteKeepsMode() throws {
    let path = try Fixture.write(into: directory)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    expectSuccess(try TileGrid.run(["move", path, "1.0", "0.0", "--in-place"]))
    expectSuccess(try TileGrid.run(["export", path, "-o", directory.file("new.json")]))
    #expect(try directory.listing() == ["new.json", "tiles.json"])
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    #expect(try directory.read("new.json") == directory.read("tiles.json"))
  }

  @Test("writing through a symbolic link replaces its target and keeps the link")
  func symbolicLink() throws {
    let path = try Fixture.write(into: directory)
    try FileManager.default.createSymbolicLink(atPath: directory.file("link.json"), withDestinationPath: "tiles.json")
    expectSuccess(try TileGrid.run(["move", directory.file("link.json"), "1.0", "3.0", "--in-place"]))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("link.json")) == "tiles.json")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == Fixture.text([["blue", "red"], ["cyan", "gray44"], ["gold"], ["green"]]))
    #expect(try directory.listing() == ["link.json", "tiles.json"])
  }

  @Test("an output that is a pipe is written into, not replaced (as /dev/stdout or /dev/null would be)")
  func outputIsAPipe() throws {
    let path = try Fixture.write(into: directory)
    let fifo = directory.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    // A reader on the other end, so that opening the pipe for writing does not wait forever.
    let received = Received()
    let reader = Thread {
      received.bytes = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
      received.done.signal()
    }
    reader.start()
    let result = try TileGrid.run(["export", path, "-o", fifo])
    expectSuccess(result)
    #expect(received.done.wait(timeout: .now() + 10) == .success)
    #expect(Array(received.bytes) == (try TileGrid.run(["export", path])).stdout)
    var info = stat()
    #expect(stat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the pipe is still a pipe")
    #expect(try directory.listing() == ["pipe", "tiles.json"], "no temporary file")
  }

  final class Received: @unchecked Sendable {
    var bytes = Data()
    let done = DispatchSemaphore(value: 0)
  }

  @Test("a dangling symbolic link as the output creates its target and stays a link")
  func danglingLink() throws {
    let path = try Fixture.write(into: directory)
    #expect(symlink("target.json", directory.file("link.json")) == 0)
    expectSuccess(try TileGrid.run(["export", path, "-o", directory.file("link.json")]))
    var info = stat()
    #expect(lstat(directory.file("link.json"), &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    #expect(try directory.read("target.json") == (try TileGrid.run(["export", path])).stdout)
  }

  @Test("-o may name the input file itself")
  func outputOverInput() throws {
    let path = try Fixture.write(into: directory)
    expectSuccess(try TileGrid.run(["move", path, "0.1", "0.0", "-o", path]))
    #expect(
      try directory.readText("tiles.json")
        == Fixture.text([["red", "blue"], ["green", "cyan", "gray44"], ["gold"], []]))
  }
}
