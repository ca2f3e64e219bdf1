import TileModel

/// One version of a file, for a merge: its arrangement as read, its format, and its bytes (nil when
/// the arrangement is all there is, as in the editor: they are written from it when a stage needs
/// them).
public struct MergeVersion: Sendable {
  public var arrangement: Arrangement
  public var format: ArrangementFormat
  public var bytes: [UInt8]?

  public init(_ arrangement: Arrangement, format: ArrangementFormat, bytes: [UInt8]? = nil) {
    self.arrangement = arrangement
    self.format = format
    self.bytes = bytes
  }

  /// A version read from its bytes; no bytes at all are an empty arrangement, in every format (git
  /// gives a merge driver an empty base when both sides added the file).
  /// - Throws: `FormatError`, as `ArrangementFormat.read`.
  public static func read(_ bytes: [UInt8], as format: ArrangementFormat) throws(FormatError) -> MergeVersion {
    if bytes.isEmpty { return MergeVersion(Arrangement(sections: []), format: format, bytes: bytes) }
    return MergeVersion(try format.read(bytes), format: format, bytes: bytes)
  }

  /// The bytes, or the arrangement written in its format.
  var text: [UInt8] { bytes ?? format.bytes(arrangement).bytes }
}

/// Stage 1 of the merge (docs/merge.md): the three versions read and the route they take.
extension MergeCascade {
  /// The route stage 1 sends three versions on.
  enum Route: Equatable {
    /// The line stages: the same text format on all three, written so.
    case lines(ArrangementFormat)
    /// Straight to the card merge: a format with ids (the id merge), or versions in different
    /// formats, or a file written in another.
    case cards(reason: String)
  }

  /// Stage 1: the route the three versions take. The line stages are for a text format whose cards
  /// have no ids of their own, the same on all three and in the file written; a format with ids
  /// (JSON) goes straight to the id merge, which is exact and fast at a million tiles; versions in
  /// different formats go to the card merge.
  static func readVersions(_ versions: [MergeVersion], writing format: ArrangementFormat, _ record: inout MergeRecord) -> Route {
    let route = route(versions.map(\.format), writing: format)
    if record.enabled {
      var text = ""
      for (name, version) in zip(["base", "ours", "theirs"], versions) {
        let bytes = version.bytes.map { ", \($0.count) bytes" } ?? ""
        text += "\(name): \(version.format), \(version.arrangement.tileCount) cards in \(version.arrangement.sections.count) lanes\(bytes)\n"
      }
      switch route {
      case .lines: text += "route: the line merge (cards without ids)\n"
      case .cards(let reason): text += "route: \(reason)\n"
      }
      record.add("1-read.txt", text)
    }
    return route
  }

  /// The route of versions read in `formats` and written in `format`, which is all it depends on.
  static func route(_ formats: [ArrangementFormat], writing format: ArrangementFormat) -> Route {
    if formats.contains(where: { $0.keepsIDs }) || format.keepsIDs {
      return .cards(reason: "a format with ids: the id merge")
    } else if formats.contains(where: { $0 != format }) {
      return .cards(reason: "versions in different formats, or written in another: the card merge")
    }
    return .lines(format)
  }
}
