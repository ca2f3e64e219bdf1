import TileGridJSON
import TileModel

extension ArrangementFormat {
  /// TileGrid's arrangement file (docs/file-format.md); `TileGridJSON` reads and writes it.
  public static let json = ArrangementFormat(JSONFormat())
}

/// TileGrid's own JSON: it keeps everything, its cards have ids of their own (so a merge is the id
/// merge and its conflicts are recorded in the file), and content starting with `{` or `[`, or no
/// content at all, is read as JSON (so an empty or broken file gets JSON's error).
struct JSONFormat: FileFormat {
  var name: String { "json" }
  var extensions: [String] { ["json"] }
  var guess: String { "is it JSON" }
  var kind: String { "JSON" }
  var recognitionOrder: Int { 0 }
  var traits: FormatTraits { .everything }
  var keepsIDs: Bool { true }
  var extrasKey: String? { nil }

  func recognises(_ content: ContentSample) -> Bool {
    content.first == content.bytes.count || content.bytes[content.first] == UInt8(ascii: "{")
      || content.bytes[content.first] == UInt8(ascii: "[")
  }

  func read(_ bytes: [UInt8]) throws(FormatError) -> Arrangement {
    do {
      return try Arrangement(json: bytes)
    } catch {
      throw .json(error)
    }
  }

  func write<E: Error>(_ arrangement: Arrangement, chunkSize: Int, _ emit: ([UInt8]) throws(E) -> Void) throws(E)
    -> LostFields
  {
    try arrangement.writeJSON(chunkSize: chunkSize, emit)
    return LostFields(format: .json)
  }
}
