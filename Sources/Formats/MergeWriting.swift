import TileModel

/// Stage 5 of the merge (docs/merge.md): the file written — clean, or with its conflicts in it so
/// that nothing either side did is lost by a `git add`: in JSON the arrangement with its `conflicts`
/// record; in a text format git's markers around the whole cards of each conflict, ours's version of
/// them between `<<<<<<<` and `=======`, theirs's after, and the conflict in words on the `<<<<<<<`
/// line (`<<<<<<< ours: Buy milk: ours moved it to Done, theirs to Todo`). A card moved two ways is
/// one block from the first of its two places to the last (`conflictBlocks`): keeping either side
/// keeps the card once.
enum MergeWriting {
  /// One block of git's markers as written: its `<<<<<<<` and `>>>>>>>` lines (1-based), and its
  /// conflicts in words.
  struct Block: Equatable, Sendable {
    var line: Int
    var endLine: Int
    var words: String
  }

  /// A conflict to mark: the cards and lanes it is about, and its words.
  struct Marked {
    var subjects: [MergeSubject]
    var words: String
  }

  /// The text file with a merge's conflicts marked: `result`'s two versions of them
  /// (`MergeResult.outcomes`, whole), each conflict's cards and lanes in one block.
  static func markedFile(_ result: MergeResult, format: ArrangementFormat, labels: ConflictLabels) -> (
    bytes: [UInt8], blocks: [Block]
  ) {
    guard let outcomes = result.outcomes, !result.conflicts.isEmpty else {
      return (format.bytes(result.arrangement).bytes, [])
    }
    var subjects: [MergeSubject] = []
    var sentences: [MergeSubject: [String]] = [:]
    for conflict in result.conflicts {
      if sentences[conflict.subject] == nil { subjects.append(conflict.subject) }
      sentences[conflict.subject, default: []].append(conflict.sentence)
    }
    // A lane deleted, kept for a card or moved takes its cards along; one renamed, only its heading.
    let wholeLanes = Set(
      result.conflicts.filter { conflict in
        switch (conflict.subject, conflict.kind) {
        case (.section, .moved), (.section, .deleted), (.section, .keptForTile): return true
        default: return false
        }
      }.map(\.subject))
    let marked = subjects.map { Marked(subjects: [$0], words: sentences[$0]!.joined(separator: "; ")) }
    return markedFile(
      ours: outcomes.ours, theirs: outcomes.theirs, conflicts: marked, wholeLanes: wholeLanes, format: format,
      labels: labels)
  }

  /// The text file with `conflicts` marked between two versions of an arrangement (`ours`, `theirs`),
  /// written in `format` and put side by side in blocks of whole cards: one block per conflict, or per
  /// conflicts that share cards or overlap. `wholeLanes` are the lanes whose conflicts take their
  /// cards along. Returns the bytes and the blocks.
  /// - Complexity: O(n) for writing, reading back and diffing versions that differ in few places.
  static func markedFile(
    ours: Arrangement, theirs: Arrangement, conflicts: [Marked], wholeLanes: Set<MergeSubject>,
    format: ArrangementFormat, labels: ConflictLabels
  ) -> (bytes: [UInt8], blocks: [Block]) {
    let versions = [ours, theirs]
    let written = versions.map { format.bytes($0).bytes }
    guard let a = try? TextLines(written[0]), let b = try? TextLines(written[1]) else { return (written[0], []) }
    if a.lines.elementsEqual(b.lines, by: { $0.utf8.elementsEqual($1.utf8) }) { return (written[0], []) }
    var owner: [MergeSubject: Int] = [:]
    for (k, conflict) in conflicts.enumerated() {
      for subject in conflict.subjects where owner[subject] == nil { owner[subject] = k }
    }
    let chunksA = Chunks(written[0], lines: a.lines.count, format: format, arrangement: versions[0])
    let chunksB = Chunks(written[1], lines: b.lines.count, format: format, arrangement: versions[1])
    var ranges: [(a: Range<Int>, b: Range<Int>, subjects: [Int])]
    if let chunksA, let chunksB {
      ranges = conflictBlocks(chunksA, chunksB, owner: owner, wholeLanes: wholeLanes)
    } else {
      // Chunks that do not add up (they always do, as the formats read): one block for all.
      let hunks = GitLineDiff.changes(a.lines, b.lines)
      ranges = hunks.isEmpty ? [] : [(hunks[0].old.lowerBound..<hunks[hunks.count - 1].old.upperBound,
        hunks[0].new.lowerBound..<hunks[hunks.count - 1].new.upperBound, Array(conflicts.indices))]
    }
    // A file that ends with a conflict ends with its `>>>>>>>` line, and that line with a break.
    var style = a.style
    if let last = ranges.last, last.a.upperBound == a.lines.count { style.finalNewline = true }
    var w = LineWriter(style, chunkSize: 1 << 40, expectedBytes: written[0].count + 256)
    let width = labels.markerSize
    var blocks: [Block] = []
    var next = 0
    var line = 1
    for range in ranges {
      while next < range.a.lowerBound {
        w.line(a.lines[next])
        next += 1
        line += 1
      }
      let owned = range.subjects.isEmpty ? Array(conflicts.indices) : range.subjects
      let words = owned.map { conflicts[$0].words }.joined(separator: "; ")
      w.line(String(repeating: "<", count: width) + " " + labels.ours + ": " + words)
      for i in range.a { w.line(a.lines[i]) }
      w.line(String(repeating: "=", count: width))
      for j in range.b { w.line(b.lines[j]) }
      let closing = String(repeating: ">", count: width)
      w.line(labels.theirs.isEmpty ? closing : closing + " " + labels.theirs)
      let end = line + range.a.count + range.b.count + 2
      blocks.append(Block(line: line, endLine: end, words: words))
      line = end + 1
      next = range.a.upperBound
    }
    while next < a.lines.count {
      w.line(a.lines[next])
      next += 1
    }
    var out: [UInt8] = []
    w.finish { out += $0 }
    return (out, blocks)
  }

  /// The conflicts of a file being written again with some left unresolved (the editor's save), to
  /// mark: each with the cards and lanes it and its edits are about, and its words; and the lanes
  /// whose edits add, delete or move them (their cards go along).
  static func marks(_ conflicts: [FileConflict]) -> (marked: [Marked], wholeLanes: Set<MergeSubject>) {
    var wholeLanes: Set<MergeSubject> = []
    let marked = conflicts.map { conflict in
      var subjects: [MergeSubject] = conflict.about.map { [$0] } ?? []
      for edit in conflict.ours + conflict.theirs + (conflict.both ?? []) {
        if !subjects.contains(edit.about) { subjects.append(edit.about) }
        switch edit {
        case .addSection, .deleteSection, .moveSection: wholeLanes.insert(edit.about)
        default: break
        }
      }
      return Marked(subjects: subjects, words: conflict.about == nil ? conflict.message : "\(conflict.subject): \(conflict.message)")
    }
    return (marked, wholeLanes)
  }

  /// The blocks of the two versions' lines (ours's `a`, theirs's `b`), each with the conflicts it holds
  /// (`index` gives the conflict each card or lane is in): the versions' chunks (a card, a lane's heading and the lines under it,
  /// the file's own lines) are diffed by git's line diff, one line per chunk, the chunks of the
  /// conflicts' cards and lanes never taken as in common; then each conflict's block runs from the
  /// first change holding one of its chunks to the last (a card moved two ways is one block from one
  /// place to the other), and blocks that overlap are one. A change that holds none of them (the diff
  /// may read a neighbour as the card that moved) goes with the block before it, or the one after.
  static func conflictBlocks(_ a: Chunks, _ b: Chunks, owner index: [MergeSubject: Int], wholeLanes: Set<MergeSubject>)
    -> [(a: Range<Int>, b: Range<Int>, subjects: [Int])]
  {
    // A lane deleted, kept for a card or moved takes its cards along; one renamed, only its heading.
    func lane(_ id: String?) -> Int? {
      guard let id, wholeLanes.contains(.section(id)) else { return nil }
      return index[.section(id)]
    }
    // Each chunk's line for the diff: its identity and text, or, for a conflict's, a line of its own.
    func keys(_ chunks: Chunks, side: UInt64) -> (keys: [UInt64], owner: [Int]) {
      var keys: [UInt64] = []
      var owner: [Int] = []
      for (k, chunk) in chunks.chunks.enumerated() {
        let subject = chunk.subject.flatMap { index[$0] } ?? lane(chunk.section)
        if let subject {
          keys.append(side &+ UInt64(k) &* 0x9E37_79B9)
          owner.append(subject)
        } else {
          keys.append(chunk.key)
          owner.append(-1)
        }
      }
      return (keys, owner)
    }
    let (keysA, ownerA) = keys(a, side: 0x5A5A_0000_0000_0000)
    let (keysB, ownerB) = keys(b, side: 0xA5A5_0000_0000_0000)
    let hunks = CardSequenceDiff.changes(keysA, keysB)
    guard !hunks.isEmpty else { return [] }
    // The subjects each change holds; each subject's first and last change.
    var span: [Int: (first: Int, last: Int)] = [:]
    var held: [[Int]] = []
    for (h, hunk) in hunks.enumerated() {
      var owners: [Int] = []
      for k in hunk.old where ownerA[k] >= 0 { owners.append(ownerA[k]) }
      for k in hunk.new where ownerB[k] >= 0 { owners.append(ownerB[k]) }
      owners = Array(Set(owners)).sorted()
      held.append(owners)
      for s in owners { span[s] = (span[s].map { $0.first } ?? h, h) }
    }
    // Blocks of changes: each subject's from its first change to its last, overlapping ones joined;
    // a change no subject holds joins the block before it (or the first).
    func joined(_ intervals: [(first: Int, last: Int)]) -> [(first: Int, last: Int)] {
      var result: [(first: Int, last: Int)] = []
      for interval in intervals.sorted(by: { $0.first < $1.first }) {
        if let top = result.last, interval.first <= top.last {
          result[result.count - 1].last = max(top.last, interval.last)
        } else {
          result.append(interval)
        }
      }
      return result
    }
    var blocks = joined(span.values.map { (first: $0.first, last: $0.last) })
    if blocks.isEmpty { blocks = [(0, hunks.count - 1)] }
    for h in hunks.indices where held[h].isEmpty && !blocks.contains(where: { $0.first <= h && h <= $0.last }) {
      if let k = blocks.lastIndex(where: { $0.last < h }) {
        blocks[k].last = h
      } else {
        blocks[0].first = h
      }
    }
    blocks = joined(blocks)
    return blocks.map { block in
      let (ca, cb) = (
        hunks[block.first].old.lowerBound..<hunks[block.last].old.upperBound,
        hunks[block.first].new.lowerBound..<hunks[block.last].new.upperBound
      )
      let owners = Set(hunks[block.first...block.last].indices.flatMap { held[$0] })
      return (a.lines(ca), b.lines(cb), owners.sorted())
    }
  }

  /// A written text file cut into its chunks, as its format reads them back: the file's own lines
  /// (front matter, text before the first lane, the archive; a table's header), each lane's heading
  /// with the lines under it, and each card with its lines.
  struct Chunks {
    struct Chunk {
      /// Lines of the file, from 0.
      var lines: Range<Int>
      /// Its identity and text.
      var key: UInt64
      /// The card it is, or the lane whose heading it is; nil for the file's own lines.
      var subject: MergeSubject?
      /// The lane a card is in.
      var section: String?
    }

    var chunks: [Chunk] = []

    /// The chunks of `bytes`, `arrangement` written in `format` (`count` lines); nil when what the
    /// format reads back does not add up to the file's lines.
    init?(_ bytes: [UInt8], lines count: Int, format: ArrangementFormat, arrangement: Arrangement) {
      guard let read = try? format.read(bytes), read.tileCount == arrangement.tileCount,
        read.sections.count == arrangement.sections.count || format.definition.sectionsMayMerge
      else { return nil }
      let ids = arrangement.sections.map { section in section.items.map { arrangement[$0].id } }
      var line = 0
      var chunks: [Chunk] = []
      let cut = format.definition.cutIntoChunks(read, bytes: bytes, ids: ids, sections: arrangement.sections.map(\.id)) {
        n, text, subject, section in
        guard n > 0 || subject != nil else { return }
        var h = CardText.fnvStart
        if let subject { CardText.mix(&h, subject.description) }
        for piece in text { CardText.mix(&h, piece) }
        chunks.append(Chunk(lines: line..<(line + n), key: h, subject: subject, section: section))
        line += n
      }
      guard cut, line == count else { return nil }
      self.chunks = chunks
    }

    /// How a format whose object holds a heading per section and lines per card (a Markdown board, a
    /// lines file) is cut: its `head` lines, then each section's heading and the lines under it, its
    /// cards (each `cardLines`, else its title) and the blank lines after them, then its `tail`.
    static func cutHeaded(
      _ read: Arrangement, key: String, ids: [[String]], sections: [String], head: [String], tail: [String],
      cardLines: ([JSONField]?, Tile) -> [String], add: MergeChunkAdder
    ) -> Bool {
      add(head.count, head, nil, nil)
      for (s, section) in read.sections.enumerated() {
        let object = section.formatObject(key)
        var text = object?["heading"]?.string.map { [$0] } ?? []
        text += strings(object?["lines"])
        add(text.count, text, .section(sections[s]), nil)
        for (i, ref) in section.items.enumerated() {
          let tile = read[ref]
          var text = cardLines(tile.formatObject(key), tile)
          if text.isEmpty { text = [tile.displayTitle] }
          add(text.count, text, .tile(ids[s][i]), sections[s])
        }
        // The section's end: the blank lines after its last tile.
        let end = strings(object?["trailing"])
        add(end.count, end, nil, nil)
      }
      add(tail.count, tail, nil, nil)
      return true
    }

    static func strings(_ value: JSONValue?) -> [String] { value?.array?.compactMap(\.string) ?? [] }

    /// The lines of a range of chunks.
    func lines(_ range: Range<Int>) -> Range<Int> {
      guard !range.isEmpty else {
        let at = range.lowerBound < chunks.count ? chunks[range.lowerBound].lines.lowerBound : (chunks.last?.lines.upperBound ?? 0)
        return at..<at
      }
      return chunks[range.lowerBound].lines.lowerBound..<chunks[range.upperBound - 1].lines.upperBound
    }
  }
}

extension MergeCascade {
  /// Stage 5: the file, clean or with its conflicts — for JSON the arrangement and its record of the
  /// conflicts, for a text format git's markers around the whole cards of each (`MergeWriting`).
  static func writeMerged(_ result: MergeResult, format: ArrangementFormat, labels: ConflictLabels) -> MergedFile {
    /// Why the format cannot hold one of `arrangements`, if it cannot.
    func unwritable(_ arrangements: [Arrangement]) -> FormatError? {
      for arrangement in arrangements {
        do {
          try format.checkWritable(arrangement)
        } catch {
          return error
        }
      }
      return nil
    }
    guard !result.conflicts.isEmpty else {
      let (bytes, lost) = format.keepsIDs ? (nil, LostFields(format: format)) : format.bytes(result.arrangement)
      return MergedFile(
        arrangement: result.arrangement, format: format, conflicts: [], bytes: bytes,
        file: ConflictedArrangement(arrangement: result.arrangement, conflicts: []), lost: lost,
        cannotWrite: unwritable([result.arrangement]), madeBy: "card merge")
    }
    if format.keepsIDs {
      let file = ConflictedArrangement.merged(result)
      return MergedFile(
        arrangement: result.arrangement, format: format, conflicts: result.conflicts, bytes: nil, file: file,
        lost: LostFields(format: format), cannotWrite: nil, madeBy: "card merge")
    }
    let (bytes, blocks) = MergeWriting.markedFile(result, format: format, labels: labels)
    let lost = format.bytes(result.outcomes?.ours ?? result.arrangement).lost
    let conflicts = blocks.map { block in
      FileConflict(subject: "lines \(block.line)-\(block.endLine)", message: block.words, line: block.line, theirs: [])
    }
    let versions = result.outcomes.map { [$0.ours, $0.theirs] } ?? [result.arrangement]
    return MergedFile(
      arrangement: result.arrangement, format: format, conflicts: result.conflicts, bytes: bytes,
      file: ConflictedArrangement(arrangement: result.outcomes?.ours ?? result.arrangement, conflicts: conflicts),
      lost: lost, cannotWrite: unwritable(versions), madeBy: "card merge")
  }
}
