import Foundation
import Testing

/// What a run of the built `tilegrid` printed and returned.
struct BinaryResult {
  var status: Int32
  var stdout: [UInt8]
  var stderr: [UInt8]
}

/// The built binary: `TILEGRID_BIN` (set by Scripts/test), else `tilegrid` beside the test bundle.
func tileGridBinary() throws -> URL {
  if let path = ProcessInfo.processInfo.environment["TILEGRID_BIN"] { return URL(fileURLWithPath: path) }
  let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tilegrid")
  guard FileManager.default.isExecutableFile(atPath: beside.path) else {
    throw BinaryMissing(path: beside.path)
  }
  return beside
}

struct BinaryMissing: Error, CustomStringConvertible {
  var path: String
  var description: String { "no tilegrid binary at \(path): run Scripts/test, or set TILEGRID_BIN" }
}

func runTileGrid(_ arguments: [String], stdin: [UInt8] = []) throws -> BinaryResult {
  // Output goes to temporary files: reading two pipes in turn can deadlock on large output.
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tilegrid-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let outURL = directory.appendingPathComponent("stdout")
  let errURL = directory.appendingPathComponent("stderr")
  FileManager.default.createFile(atPath: outURL.path, contents: nil)
  FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = try tileGridBinary()
  process.arguments = arguments
  let input = Pipe()
  process.standardInput = input
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  input.fileHandleForWriting.write(Data(stdin))
  try input.fileHandleForWriting.close()
  process.waitUntilExit()
  return BinaryResult(
    status: process.terminationStatus, stdout: Array(try Data(contentsOf: outURL)),
    stderr: Array(try Data(contentsOf: errURL)))
}
