import Files
import TileGridJSON
import TileModel

/// What a recovery file says of itself (docs/editor.md, "Signals and recovery files"): the file whose
/// unsaved changes it keeps, by its absolute path, and the version of that file the changes were made
/// on (the file as opened, last saved, or last merged with). Written under the top-level key
/// `recoveredFrom`:
///
///     "recoveredFrom": {
///       "file": "/home/ann/plans/board.md",
///       "base": { "version": 1, "sections": [ … ] }
///     }
///
/// so that, opened again, the file's changes on disk since then are merged into the recovered
/// arrangement as the editor merges them at a save (base, ours: the recovery, theirs: the disk), and a
/// recovery file of another file (or one that says nothing) is not offered for this one.
struct RecoveryRecord: Equatable {
  /// The top-level key.
  static let key = "recoveredFrom"

  /// The file's absolute path, as `Platform.absolutePath` made it when the recovery was written.
  var file: String
  /// The version the recovered arrangement was based on; nil when the record holds none that reads.
  var base: Arrangement?

  /// Writes an arrangement's JSON (`json`'s chunks, the last one ending the top-level object as `}`
  /// and a newline) with this record added as its last member.
  func write<E: Error>(_ json: some ChunkProducer, to write: ([UInt8]) throws(E) -> Void) throws(E) {
    // The last two bytes (`}` and the newline) are held back, for the record to go before them.
    var held: [UInt8] = []
    try json.produce { (chunk) throws(E) in
      held += chunk
      if held.count > 2 {
        try write(Array(held[..<(held.count - 2)]))
        held.removeFirst(held.count - 2)
      }
    }
    try write(Array(",\n  \"\(Self.key)\": {\n    \"file\": \(JSONString.quoted(file)),\n    \"base\": ".utf8))
    if let base {
      try base.writeJSON { (chunk) throws(E) in try write(chunk) }
      try write(Array("  }\n}\n".utf8))
    } else {
      try write(Array("null\n  }\n}\n".utf8))
    }
  }

  /// The record `arrangement` holds, taken out of it (the arrangement restored never holds it); nil
  /// when it holds none, or one that is not written as a record is.
  static func take(from arrangement: inout Arrangement) -> RecoveryRecord? {
    guard let index = arrangement.extras.firstIndex(where: { $0.key == key }) else { return nil }
    let value = arrangement.extras.remove(at: index).value
    guard case .object(let fields) = value, case .string(let file)? = fields.first(where: { $0.key == "file" })?.value
    else { return nil }
    var base: Arrangement?
    if let baseValue = fields.first(where: { $0.key == "base" })?.value, baseValue != .null {
      var w = JSONWriter()
      w.value(baseValue)
      base = try? Arrangement(json: w.takeBytes())
    }
    return RecoveryRecord(file: file, base: base)
  }
}
