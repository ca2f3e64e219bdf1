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
