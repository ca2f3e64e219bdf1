import Foundation
import TestSupport
import Testing

@testable import TileGridJSON
@testable import TileModel

// Shared helpers for the TileGridJSON tests: reading JSON text, capturing load errors, small fixtures and
// a seeded random generator.

/// The UTF-8 bytes of `text`.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The text of UTF-8 bytes (for messages and comparisons of canonical output).
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// The error reading `bytes` throws, or nil if they are accepted.
func loadError(_ bytes: [UInt8]) -> LoadError? {
  do {
    _ = try Arrangement(json: bytes)
    return nil
  } catch {
    return error
  }
}

func loadError(_ json: String) -> LoadError? { loadError(utf8(json)) }

/// Whether an error is a syntax error (`.malformed`) with a sensible place.
func isMalformed(_ error: LoadError?) -> Bool {
  if case .malformed(let line, let column, let reason)? = error { return line >= 1 && column >= 1 && !reason.isEmpty }
  return false
}

/// The reason of a `.malformed` error, or nil for any other outcome.
func malformedReason(_ error: LoadError?) -> String? {
  if case .malformed(_, _, let reason)? = error { return reason }
  return nil
}

/// A whole arrangement file around `sections` (the text of the sections array's elements) and an
/// optional layout object and further top-level members (each like `"key": value`).
func document(sections: String, layout: String? = nil, extra: String? = nil) -> String {
  var members = [#""version": 1"#]
  if let layout { members.append(#""layout": "# + layout) }
  members.append(#""sections": ["# + sections + "]")
  if let extra { members.append(extra) }
  return "{" + members.joined(separator: ", ") + "}"
}

/// A document with one section `s` holding `tiles` (the text of the items array's elements).
func document(tiles: String) -> String {
  document(sections: #"{"id": "s", "items": ["# + tiles + "]}")
}

/// Parses `json`, recording an issue (with the error's text) if it is refused.
func parse(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Arrangement {
  do {
    return try Arrangement(json: utf8(json))
  } catch {
    Issue.record("refused: \(error)", sourceLocation: sourceLocation)
    throw error
  }
}

/// Checks that the reader refuses `json` with exactly this one-line description.
func expectRefusal(_ json: String, _ description: String, sourceLocation: SourceLocation = #_sourceLocation) {
  expectRefusal(utf8(json), description, sourceLocation: sourceLocation)
}

func expectRefusal(_ bytes: [UInt8], _ description: String, sourceLocation: SourceLocation = #_sourceLocation) {
  guard let error = loadError(bytes) else {
    Issue.record("accepted, but expected: \(description)", sourceLocation: sourceLocation)
    return
  }
  #expect(error.description == description, sourceLocation: sourceLocation)
}

/// Runs `python3` with `script` on `input` and returns its standard output; records an issue if python3
/// cannot be run or fails (the canonical form is defined as Python's, so the check must not be skipped).
func python3(_ script: String, input: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tilegrid-py-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let inputURL = directory.appendingPathComponent("in.json")
  let outputURL = directory.appendingPathComponent("out.json")
  try Data(input).write(to: inputURL)
  try Data().write(to: outputURL)

  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", script]
  process.standardInput = try FileHandle(forReadingFrom: inputURL)
  process.standardOutput = try FileHandle(forWritingTo: outputURL)
  process.standardError = FileHandle.standardError
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    Issue.record(
      "python3 failed with status \(process.terminationStatus) (is python3 on PATH?)", sourceLocation: sourceLocation)
    return []
  }
  return Array(try Data(contentsOf: outputURL))
}

/// Reads `bytes` as an arrangement, as a value.
func read(_ bytes: [UInt8]) -> Result<Arrangement, LoadError> {
  Result { () throws(LoadError) in try Arrangement(json: bytes) }
}
