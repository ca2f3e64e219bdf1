import TestSupport
import Testing

// MARK: - Expectations

/// Checks a successful run: status 0, nothing on standard error.
func expectSuccess(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
  #expect(result.stderrText == "", sourceLocation: sourceLocation)
}

/// Checks a failed run: the documented status, nothing on standard output, and exactly one line on
/// standard error that starts with `tilegrid: ` and contains each of `mentions`.
func expectFailure(
  _ result: RunResult, status: Int32, mentioning mentions: [String] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
  #expect(result.stdout.isEmpty, "nothing on standard output", sourceLocation: sourceLocation)
  #expect(
    result.stderrLines.count == 1, "exactly one line on standard error: \(result)", sourceLocation: sourceLocation)
  #expect(result.stderrText.hasPrefix("tilegrid: "), "\(result)", sourceLocation: sourceLocation)
  #expect(result.stderrText.hasSuffix("\n"), "\(result)", sourceLocation: sourceLocation)
  for mention in mentions {
    #expect(
      result.stderrText.contains(mention), "stderr mentions \(mention.debugDescription): \(result)",
      sourceLocation: sourceLocation)
  }
}

/// A suite of `tilegrid move` on the fixture, each test in a fresh directory of its own.
protocol FixtureMoveSuite {
  var directory: TemporaryDirectory { get }
}

extension FixtureMoveSuite {
  /// Runs `tilegrid move tiles.json FROM TO extra…` on a fresh copy of the fixture and checks it prints
  /// the fixture with the sections holding `expected`, leaving the file alone.
  func expectMove(
    _ from: String, _ to: String, _ extra: [String] = [], gives expected: [[String]],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let path = try Fixture.write(into: directory)
    let result = try TileGrid.run(["move", path, from, to] + extra)
    expectSuccess(result, sourceLocation: sourceLocation)
    #expect(result.stdoutText == Fixture.text(expected), "move \(from) \(to)", sourceLocation: sourceLocation)
    #expect(
      try directory.readText("tiles.json") == Fixture.text(), "the input file is not changed",
      sourceLocation: sourceLocation)
  }

  /// Expects each `tilegrid move path from to` of `refusals` (from, to, message) refused, whatever the
  /// output (standard output, `--in-place`, `-o out.json`): exit 65 and exactly `tilegrid: message`; and
  /// after them all, the directory holding only the fixture, as written.
  func expectMovesRefused(
    _ refusals: [(String, String, String)], path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for (from, to, message) in refusals {
      for output in [[], ["--in-place"], ["-o", directory.file("out.json")]] {
        let result = try TileGrid.run(["move", path, from, to] + output)
        expectFailure(result, status: 65, mentioning: [message], sourceLocation: sourceLocation)
        #expect(result.stderrText == "tilegrid: \(message)\n", sourceLocation: sourceLocation)
      }
    }
    #expect(try directory.listing() == ["tiles.json"], sourceLocation: sourceLocation)
    #expect(try directory.readText("tiles.json") == Fixture.text(), sourceLocation: sourceLocation)
  }
}
