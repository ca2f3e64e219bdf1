import Dispatch
import Synchronization
import TextMerge
import TileModel

/// How to merge: the side a conflict is resolved toward in the arrangement, the markers' labels and
/// width, the format written, and whether to keep a record of each stage.
public struct MergeOptions: Sendable {
  public var prefer: MergeSide
  public var labels: ConflictLabels
  /// The format the merged file is written in; ours's when nil.
  public var writing: ArrangementFormat?
  /// Whether `MergedFile.record` holds what each stage saw and decided.
  public var recordsStages: Bool
  /// Whether `MergedFile.arrangement` has the base's ids where the line merge made the board (its
  /// cards paired with the base's, as the editor needs them); without, the ids its reading gives.
  public var idsFromBase: Bool

  public init(
    prefer: MergeSide = .ours, labels: ConflictLabels = ConflictLabels(), writing: ArrangementFormat? = nil,
    recordsStages: Bool = false, idsFromBase: Bool = true
  ) {
    self.prefer = prefer
    self.labels = labels
    self.writing = writing
    self.recordsStages = recordsStages
    self.idsFromBase = idsFromBase
  }
}

/// A merge's outcome, as `MergeCascade.merge` makes it.
public struct MergedFile: Sendable {
  /// The merge as an arrangement, every conflict resolved toward `MergeOptions.prefer` (a lane one
  /// side deleted kept with the card the other put in it): what the editor takes. Its cards have the
  /// base's ids.
  public var arrangement: Arrangement
  /// The format it is written in.
  public var format: ArrangementFormat
  /// The card merge's conflicts (empty when the merge is clean), in words for a board.
  public var conflicts: [MergeConflict]
  /// The file: in a text format its bytes, markers and all; nil for JSON, which is written from
  /// `file.recorded` as it is made.
  public var bytes: [UInt8]?
  /// The file as it reads back: the arrangement, and the conflicts it records (JSON's record; for a
  /// text format, one per block of markers, with its lines and words but not the edits that take a
  /// side, which `ConflictedArrangement.read` of `bytes` finds).
  public var file: ConflictedArrangement
  /// What the format could not keep.
  public var lost: LostFields
  /// Why the format cannot hold the merge at all (a title with a line break in a lines file), if it
  /// cannot: then `bytes` are not to be written.
  public var cannotWrite: FormatError?
  /// The stage that made the file: `line merge` (git's, taken as it is) or `card merge`.
  public var madeBy: String
  /// What each stage saw and decided, when `MergeOptions.recordsStages` (`TILEGRID_MERGE_DEBUG`).
  public var record: [MergeRecordFile] = []

  /// The conflicts recorded in the file, in words: what `tilegrid merge` prints, one line each, and
  /// exits 1 for.
  public var recorded: [String] {
    file.conflicts.map { $0.about == nil ? $0.message : "\($0.subject): \($0.message)" }
  }
}

/// One file of a merge's record: `2-line-merge.md`, `3-sanity.txt`.
public struct MergeRecordFile: Sendable, Equatable {
  public var name: String
  public var bytes: [UInt8]
}

/// The merge of three versions of a file, as a cascade of named stages (docs/merge.md):
///
///     stage          function                  file               rule
///     1. read        readVersions              MergeReading       a format with ids (JSON) goes to the id merge
///     2. line merge  GitLineMerge.lineMerge    LineMerge          git's `merge-file`, line by line
///     3. sanity      MergeSanity.check         MergeSanity        taken byte for byte when clean and sane
///     4. card merge  CardMerge.cardMerge       CardMerge          cards paired by identity, then the id merge
///     5. write       writeMerged               MergeWriting       clean, or the conflicts in the file
///
/// So the merge is the same as git's wherever git's is clean and sane, and the card merge runs only
/// where git's fails. A pure function: the editor calls it as `tilegrid merge` does.
///
///     let merged = MergeCascade.merge(base: b, ours: x, theirs: y)
///     if merged.conflicts.isEmpty { write(merged.bytes!) }
public enum MergeCascade {
  public static func merge(
    base: MergeVersion, ours: MergeVersion, theirs: MergeVersion, options: MergeOptions = MergeOptions()
  ) -> MergedFile {
    merge([base, ours, theirs], options: options, lineMerged: nil)
  }

  /// The merge of three files given as their bytes, which `read` reads (the caller's reading, with
  /// its errors; the versions it gives keep those same bytes): `merge(base:ours:theirs:options:)`,
  /// but where the files take the line stages, stage 2 merges their bytes while stage 1 reads them,
  /// and, while theirs is still being read, stage 3 reads the merge when it is clean, and when it
  /// conflicts stage 4 pairs and re-keys ours (`CardMerge.OursPaired`). The line merge needs no
  /// reading, and three readings on two cores leave one idle a third of the time: the line merge and
  /// what follows it take that time.
  /// - Throws: the first of `read`'s errors, in the order base, ours, theirs.
  public static func merge<Failure: Error>(
    files: [[UInt8]], formats: [ArrangementFormat], options: MergeOptions = MergeOptions(),
    reading read: @Sendable (Int) throws(Failure) -> MergeVersion
  ) throws(Failure) -> MergedFile {
    precondition(files.count == 3 && formats.count == 3, "base, ours and theirs")
    let format = options.writing ?? formats[1]
    let takesLines = route(formats, writing: format) == .lines(format)
    guard takesLines else {
      let read = Parallel.map(3) { k in Result { () throws(Failure) in try read(k) } }
      var versions: [MergeVersion] = []
      for result in read { versions.append(try result.get()) }
      return merge(versions, options: options, lineMerged: nil)
    }
    // Two lanes, one a core: base then theirs read on one; ours read, then the line merge, then the
    // merge read as stage 3 reads it when it is clean, or what the card merge makes of base and ours
    // alone when it conflicts (so that the card merge runs), on the other, while theirs is still
    // read. The second lane waits for the base only, which the first reads before anything else; on
    // one core the first lane runs to its end before the second starts.
    let labels = options.labels
    let baseRead = Mutex<Result<MergeVersion, Failure>?>(nil)
    let baseReady = DispatchSemaphore(value: 0)
    let lanes = Parallel.map(2) { lane -> (versions: [Result<MergeVersion, Failure>], line: LineMerged?, ours: CardMerge.OursPaired?) in
      if lane == 0 {
        let base = Result { () throws(Failure) in try read(0) }
        baseRead.withLock { $0 = base }
        baseReady.signal()
        return ([base, Result { () throws(Failure) in try read(2) }], nil, nil)
      }
      let ours = Result { () throws(Failure) in try read(1) }
      var line = LineMerged(GitLineMerge.lineMerge(base: files[0], ours: files[1], theirs: files[2], labels: labels))
      line.files = files
      if line.conflicts == 0 {
        // Clean: the board it reads as, which stage 3 reads first.
        line.board = Result { () throws(FormatError) in try format.read(line.bytes) }
        return ([ours], line, nil)
      }
      guard case .success(let x) = ours else { return ([ours], line, nil) }
      baseReady.wait()
      guard case .success(let b)? = baseRead.withLock({ $0 }) else { return ([ours], line, nil) }
      return ([ours], line, CardMerge.OursPaired(base: b.arrangement, ours: x.arrangement, formats: [b.format, x.format]))
    }
    let versions = [try lanes[0].versions[0].get(), try lanes[1].versions[0].get(), try lanes[0].versions[1].get()]
    // Taken only when the versions hold the very bytes it merged (as `read` promises).
    return merge(versions, options: options, lineMerged: lanes[1].line, oursPaired: lanes[1].ours)
  }

  /// A line merge made before the cascade ran (`merge(files:formats:options:reading:)`), and the bytes
  /// it merged.
  struct LineMerged: Sendable {
    var bytes: [UInt8]
    var conflicts: Int
    var files: [[UInt8]] = []
    /// `bytes` read in the format merged, when it is clean (stage 3 reads it so).
    var board: Result<Arrangement, FormatError>?

    init(_ merged: (bytes: [UInt8], conflicts: Int), files: [[UInt8]] = []) {
      (bytes, conflicts, self.files) = (merged.bytes, merged.conflicts, files)
    }
  }

  /// The stages, with stage 2's result when it is already made.
  static func merge(
    _ versions: [MergeVersion], options: MergeOptions, lineMerged: LineMerged?, oursPaired: CardMerge.OursPaired? = nil
  ) -> MergedFile {
    let (base, ours, theirs) = (versions[0], versions[1], versions[2])
    var record = MergeRecord(enabled: options.recordsStages)
    let format = options.writing ?? ours.format
    // 1. Read.
    let route = readVersions(versions, writing: format, &record)
    if case .lines(let textFormat) = route {
      // 2. Line merge.
      let line =
        lineMerged.flatMap { made in zip(made.files, versions).allSatisfy { $0 == $1.bytes } ? made : nil }
        ?? LineMerged(GitLineMerge.lineMerge(base: base.text, ours: ours.text, theirs: theirs.text, labels: options.labels))
      record.add("2-line-merge.\(textFormat.fileExtension)", line.bytes)
      record.add(
        "2-line-merge.txt", line.conflicts == 0 ? "clean\n" : line.conflicts == 1 ? "1 conflict\n" : "\(line.conflicts) conflicts\n")
      // 3. Sanity.
      if line.conflicts == 0 {
        let verdict = MergeSanity.check(line.bytes, format: textFormat, versions: versions.map(\.arrangement), read: line.board)
        record.add("3-sanity.txt", verdict.isSane ? "sane: taken as it is\n" : "not sane:\n" + verdict.failures.map { "- \($0)\n" }.joined())
        if verdict.isSane, let board = verdict.board {
          record.add("5-write.\(textFormat.fileExtension)", line.bytes)
          let arrangement =
            options.idsFromBase
            ? Rekeying(
              base: CardPairing.Version(base.arrangement, CardPairing.Kind(base.arrangement, format: base.format)),
              other: board, CardPairing.Kind(board, format: textFormat)
            ).arrangement : board
          return MergedFile(
            arrangement: arrangement,
            format: textFormat, conflicts: [], bytes: line.bytes, file: ConflictedArrangement(arrangement: board, conflicts: []),
            lost: LostFields(format: textFormat), cannotWrite: nil, madeBy: "line merge", record: record.files)
        }
      } else {
        record.add("3-sanity.txt", "not clean: to the card merge\n")
      }
    }
    // 4. Card merge.
    let (result, pairings) = CardMerge.cardMerge(
      base: base.arrangement, ours: ours.arrangement, theirs: theirs.arrangement, formats: versions.map(\.format),
      prefer: options.prefer, outcomes: format.keepsIDs ? .differing : .whole, oursPaired: oursPaired)
    record.addPairings(pairings, versions)
    record.add("4-card-merge.txt", result.conflicts.isEmpty ? "clean\n" : result.conflicts.map { "- \($0.sentence)\n  (\($0))\n" }.joined())
    // 5. Write.
    var merged = writeMerged(result, format: format, labels: options.labels)
    if let bytes = merged.bytes { record.add("5-write.\(format.fileExtension)", bytes) }
    record.add("5-write.txt", merged.recorded.isEmpty ? "clean\n" : merged.recorded.map { "- \($0)\n" }.joined())
    merged.record = record.files
    return merged
  }
}

/// What each stage saw and decided, as files, while a merge is recorded.
struct MergeRecord {
  let enabled: Bool
  var files: [MergeRecordFile] = []

  mutating func add(_ name: String, _ bytes: @autoclosure () -> [UInt8]) {
    if enabled { files.append(MergeRecordFile(name: name, bytes: bytes())) }
  }

  mutating func add(_ name: String, _ text: @autoclosure () -> String) {
    if enabled { files.append(MergeRecordFile(name: name, bytes: Array(text().utf8))) }
  }

  /// `4-pairing.txt`: how each side's cards were paired with the base's.
  mutating func addPairings(_ pairings: [CardPairing], _ versions: [MergeVersion]) {
    guard enabled, !pairings.isEmpty else { return }
    var text = ""
    let ways = ["", "equal text, in place", "equal text, moved", "similar text"]
    for (k, pairing) in pairings.enumerated() {
      let side = k == 0 ? "ours" : "theirs"
      var paired = [Bool](repeating: false, count: pairing.baseTiles.count)
      var counts = [0, 0, 0, 0]
      for (j, i) in pairing.tileMatch.enumerated() {
        counts[Int(pairing.how[j])] += 1
        guard i >= 0 else {
          text += "\(side) \(JSONString.quoted(pairing.otherTiles[j].displayTitle)): added\n"
          continue
        }
        paired[Int(i)] = true
        if pairing.how[j] >= 2 {
          text += "\(side) \(JSONString.quoted(pairing.otherTiles[j].displayTitle)) is base "
            + "\(JSONString.quoted(pairing.baseTiles[Int(i)].displayTitle)) (\(ways[Int(pairing.how[j])]))\n"
        }
      }
      for (i, tile) in pairing.baseTiles.enumerated() where !paired[i] {
        text += "base \(JSONString.quoted(tile.displayTitle)): not in \(side)\n"
      }
      text += "\(side): \(counts[1]) in place, \(counts[2]) moved, \(counts[3]) similar, \(counts[0]) added\n\n"
    }
    add("4-pairing.txt", text)
  }
}
