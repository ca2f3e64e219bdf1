import TileModel

/// Stage 3 of the merge (docs/merge.md): whether the line merge's clean result is taken as it is, byte
/// for byte. It is, when it reads as a board in the format and style of the sides
/// (`readsAlike`), and no card or lane is there more often than the two sides' changes make it
/// (`keepsTooMany`: a card both moved is in two lanes, a card one side deleted is back) or less often
/// than every version has it (`losesACard`). Cards and lanes are counted by title: a title's count in
/// the merge must lie between the count all three versions keep, `min(base, ours, theirs)`, and the
/// count the sides' changes make, `max(ours + theirs − base, min(ours, theirs))` (a card both added
/// alike may be one).
enum MergeSanity {
  /// What stage 3 found: the board the merged file reads as (nil when it does not read), and why it is
  /// not taken (empty: it is).
  struct Verdict: Sendable {
    var board: Arrangement?
    var failures: [String]

    var isSane: Bool { failures.isEmpty }
  }

  /// The verdict on `merged`, a clean line merge of `versions` (base, ours, theirs) in `format`;
  /// `read`, when given, is `merged` read in `format` already.
  static func check(
    _ merged: [UInt8], format: ArrangementFormat, versions: [Arrangement], read: Result<Arrangement, FormatError>? = nil
  ) -> Verdict {
    let board: Arrangement
    do {
      board = try (read ?? Result { () throws(FormatError) in try format.read(merged) }).get()
    } catch {
      return Verdict(board: nil, failures: ["it does not read as \(format): \(error)"])
    }
    var failures: [String] = []
    if let style = readsAlike(board, format: format, versions: versions) { failures.append(style) }
    failures += keepsTooMany(board, versions) + losesACard(board, versions)
    return Verdict(board: board, failures: failures)
  }

  /// Nil when the merged board is written in the style the sides make (its line endings, byte order
  /// mark and final newline: ours's, unless theirs changed the base's); else what differs.
  static func readsAlike(_ merged: Arrangement, format: ArrangementFormat, versions: [Arrangement]) -> String? {
    guard let key = format.definition.extrasKey else { return nil }
    let styles = versions.map { TextStyle($0.formatObject(key)) }
    let expected = styles[2] == styles[0] ? styles[1] : styles[2]
    let style = TextStyle(merged.formatObject(key))
    guard style != expected else { return nil }
    return "its line endings, byte order mark or final newline are not the sides'"
  }

  /// A title's counts in the merge and in base, ours and theirs.
  struct Counts {
    var merged: Int32 = 0
    var base: Int32 = 0
    var ours: Int32 = 0
    var theirs: Int32 = 0

    /// The fewest times the merge may hold the title: as often as all three versions do.
    var least: Int32 { min(base, ours, theirs) }
    /// The most: as often as the two sides' changes make it, or both sides have it.
    var most: Int32 { max(ours + theirs - base, min(ours, theirs)) }
  }

  /// Each title's counts (cards and lanes apart), with one title to show for each.
  static func counts(_ merged: Arrangement, _ versions: [Arrangement]) -> [(what: String, title: String, counts: Counts)] {
    var cards: [UInt64: (String, Counts)] = [:]
    var lanes: [UInt64: (String, Counts)] = [:]
    for (k, arrangement) in ([merged] + versions).enumerated() {
      func count(_ title: String, in table: inout [UInt64: (String, Counts)]) {
        let key = CardText.fingerprint(of: title)
        var entry = table[key] ?? (title, Counts())
        switch k {
        case 0: entry.1.merged += 1
        case 1: entry.1.base += 1
        case 2: entry.1.ours += 1
        default: entry.1.theirs += 1
        }
        table[key] = entry
      }
      for section in arrangement.sections {
        count(section.displayTitle, in: &lanes)
        for ref in section.items { count(arrangement[ref].displayTitle, in: &cards) }
      }
    }
    return cards.values.map { ("card", $0.0, $0.1) } + lanes.values.map { ("lane", $0.0, $0.1) }
  }

  /// A card or lane the merge holds more often than the sides' changes make it: a card both moved,
  /// kept in both places; one a side deleted, back.
  static func keepsTooMany(_ merged: Arrangement, _ versions: [Arrangement]) -> [String] {
    counts(merged, versions).filter { $0.counts.merged > $0.counts.most }.map {
      "\($0.what) \(JSONString.quoted($0.title)): \($0.counts.merged) in the merge, at most \($0.counts.most) by the sides' changes"
    }.sorted()
  }

  /// A card or lane the merge holds less often than all three versions do: lost.
  static func losesACard(_ merged: Arrangement, _ versions: [Arrangement]) -> [String] {
    counts(merged, versions).filter { $0.counts.merged < $0.counts.least }.map {
      "\($0.what) \(JSONString.quoted($0.title)): \($0.counts.merged) in the merge, at least \($0.counts.least) as every version has it"
    }.sorted()
  }
}
