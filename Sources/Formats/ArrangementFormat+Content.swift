extension ArrangementFormat {
  /// The format a file's content shows, for a name that says nothing (git's temporary files such as
  /// `.merge_file_FdKKsZ`, a file without an extension or with another one). After a byte order mark
  /// and blanks:
  ///
  /// - `{` (or `[`) first, or nothing at all: JSON (so an empty or broken file gets JSON's error);
  /// - front matter (a first line `---`) or a `## ` heading on a line of the first MiB: a Markdown board;
  /// - a first line that is a header naming a `title` column, split by tabs: TSV; by commas: CSV;
  /// - anything else: lines, one tile per line (every text is a list of lines).
  ///
  /// - Complexity: O(1) for JSON; otherwise one pass over at most `headingSearchLimit` bytes.
  public init(content bytes: UnsafeBufferPointer<UInt8>) {
    let sample = ContentSample(bytes)
    // The last format recognises any text; JSON, anything else.
    self = FormatRegistry.byRecognition.first { $0.definition.recognises(sample) } ?? .json
  }

  /// How far a `## ` heading is looked for: a board has one long before, and a large list of lines
  /// or garbage is not read twice to find out.
  public static let headingSearchLimit = 1 << 20

  /// `init(content:)` over an array.
  public init(content bytes: [UInt8]) {
    self = bytes.withUnsafeBufferPointer { ArrangementFormat(content: $0) }
  }
}
