/// Every format TileGrid reads and writes, once, in the order the help names them. Everything else
/// that differs by format is asked of these (`FileFormat`): a new format is its own file and one line
/// here.
enum FormatRegistry {
  static let formats: [ArrangementFormat] = [
    .json,
    .markdown,
    .lines,
    .csv,
    .tsv,
  ]

  /// The formats in the order content is recognised (`FileFormat.recognitionOrder`).
  /// Of two with the same order, the one listed first.
  static let byRecognition: [ArrangementFormat] = formats.enumerated().sorted {
    ($0.element.definition.recognitionOrder, $0.offset) < ($1.element.definition.recognitionOrder, $1.offset)
  }.map(\.element)

  /// The keys of the formats' own objects in `extras`, in registry order.
  static let objectKeys: [String] = formats.compactMap(\.definition.extrasKey)

  /// The formats whose object holds a heading per section and lines per card (`FileFormat.headingPrefix`),
  /// with their objects' keys.
  static let headed: [(key: String, format: any FileFormat)] = formats.compactMap { format in
    guard let key = format.definition.extrasKey, format.definition.headingPrefix(like: "") != nil else { return nil }
    return (key, format.definition)
  }

  /// The formats with an object of their own, by its key.
  static let byObjectKey: [String: any FileFormat] = Dictionary(
    uniqueKeysWithValues: formats.compactMap { format in format.definition.extrasKey.map { ($0, format.definition) } })

  /// The format whose own object is kept under `key` in `extras`, if any.
  static func format(keeping key: String) -> (any FileFormat)? {
    formats.first { $0.definition.extrasKey == key }?.definition
  }
}
