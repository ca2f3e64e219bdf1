import EditScripts
import Synchronization
import TileGridJSON
import TileModel

/// The labels on conflict markers, as `git merge-file -L` gives them: `<<<<<<< ours`,
/// `>>>>>>> theirs` unless told.
public struct ConflictLabels: Hashable, Sendable {
  public var ours: String
  public var base: String
  public var theirs: String
  /// The markers' width: 7, git's, unless the `conflict-marker-size` attribute says more (`%L`).
  public var markerSize: Int

  public init(ours: String = "ours", base: String = "base", theirs: String = "theirs", markerSize: Int = 7) {
    self.ours = ours
    self.base = base
    self.theirs = theirs
    self.markerSize = max(7, markerSize)
  }

  /// From up to three `-L` values, in `git merge-file`'s order: ours, base, theirs.
  public init(_ given: [String]) {
    self.init()
    if given.count > 0 { ours = given[0] }
    if given.count > 1 { base = given[1] }
    if given.count > 2 { theirs = given[2] }
  }
}

/// An arrangement as a file holds it, with the merge conflicts the file records: git's markers in a
/// text format, the `conflicts` key in JSON. A file with none is a plain arrangement
/// (`conflicts` empty), and writes as one.
///
///     let file = try ConflictedArrangement.read(bytes, format: .markdown)
///     if let first = file.conflicts.first { print("line \(first.line): \(first.message)") }
///     var board = file.arrangement                         // ours's side in place
///     try board.apply(file.conflicts[0].theirs, force: true)   // take theirs's for the first
public struct ConflictedArrangement: Sendable {
  /// The top-level key under which a JSON arrangement records its unresolved conflicts.
  public static let key = "conflicts"

  /// The arrangement with one side of every conflict in place (ours's, unless the merge preferred
  /// theirs), without the JSON record.
  public var arrangement: Arrangement
  public var conflicts: [FileConflict]

  public init(arrangement: Arrangement, conflicts: [FileConflict]) {
    self.arrangement = arrangement
    self.conflicts = conflicts
  }

  public var isConflicted: Bool { !conflicts.isEmpty }

  // MARK: - From a merge

  /// A merge's outcome as a file records it: `result` (the merge toward the side it took) in place,
  /// and for every subject that conflicted, the edits that take each side's version of it (from the
  /// versions the merge gave with its result, `MergeResult.outcomes`, which a result with conflicts
  /// must have; whole or not, the edits are the same). Conflicts whose versions are both the file's
  /// are nothing to choose, and are not recorded.
  /// - Complexity: O(n) in the tiles of the outcomes' sections that hold tiles, and the tiles' places
  ///   when a tile conflicts.
  public static func merged(_ result: MergeResult) -> ConflictedArrangement {
    guard !result.conflicts.isEmpty else { return ConflictedArrangement(arrangement: result.arrangement, conflicts: []) }
    guard let outcomes = result.outcomes else { preconditionFailure("a merge with conflicts, without its outcomes") }
    let file = result.arrangement
    var order: [MergeSubject] = []
    var messages: [MergeSubject: [String]] = [:]
    for conflict in result.conflicts {
      if messages[conflict.subject] == nil { order.append(conflict.subject) }
      messages[conflict.subject, default: []].append(conflict.sentence)
    }
    // Per side, the edits from the file to that side's version, by what they are about; the
    // conflicts' tiles and sections are the ones moved where a script of as few moves can. An edit
    // about what no conflict names (a change the versions made differently, such as a tile that
    // moves with a conflicting one, a section a conflicting tile moves into) goes in an entry about
    // the file, first, where such edits went with the first conflict before: each entry's edits are
    // about its subject only, as reading the record requires.
    var edits: [[MergeSubject: [ScriptEdit]]] = [[:], [:]]
    // Where each edit came in its side's diff, to see whether the record keeps that order.
    var steps: [[MergeSubject: [Int]]] = [[:], [:]]
    var unnamed = false
    let moving = MergeSubjects(result.conflicts.map(\.subject))
    for (k, side) in [MergeSide.ours, .theirs].enumerated() {
      for (step, edit) in Arrangement.diff(outcomes.result, outcomes.version(side), moving: moving).enumerated() {
        var about = edit.about
        if messages[about] == nil {
          // A tile put into a section that conflicts goes with that section (its version brings
          // the section back); anything else no conflict names, with the file.
          if let into = Self.section(into: edit), messages[.section(into)] != nil {
            about = .section(into)
          } else {
            about = .file
            unnamed = true
          }
        }
        edits[k][about, default: []].append(edit)
        steps[k][about, default: []].append(step)
      }
    }
    if unnamed && messages[.file] == nil {
      order.insert(.file, at: 0)
      messages[.file] = ["file: what the sides changed differently that no other conflict names"]
    }
    var paths = TilePlaces(file)
    order = ordered(order, edits: edits, file: file, paths: &paths)
    for (k, side) in [MergeSide.ours, .theirs].enumerated() {
      let placed = placedInRecordOrder(
        order.map { edits[k][$0] ?? [] }, steps: order.map { steps[k][$0] ?? [] }, file: file, version: outcomes.version(side))
      for (about, entry) in zip(order, placed) where edits[k][about] != nil { edits[k][about] = entry }
    }
    var ids: Set<String>?
    var sidePaths: [MergeSide: TilePlaces] = [:]
    var conflicts: [FileConflict] = []
    for about in order {
      let (ours, theirs) = (edits[0][about] ?? [], edits[1][about] ?? [])
      guard !ours.isEmpty || !theirs.isEmpty else { continue }
      var both: [ScriptEdit]?
      if case .tile(let id) = about, ours.isEmpty || theirs.isEmpty {
        // The side whose version is not in the file: its card beside the file's.
        let other: MergeSide = ours.isEmpty ? .theirs : .ours
        if sidePaths[other] == nil { sidePaths[other] = TilePlaces(outcomes.version(other)) }
        both = keepingBoth(id, file: file, other: outcomes.version(other), ids: &ids, paths: &paths, otherPaths: &sidePaths[other]!)
      }
      let subject = about.description
      let message = messages[about]!.map { sentence in
        sentence.hasPrefix(subject) ? String(sentence.dropFirst(subject.count).drop { $0 == ":" || $0 == " " }) : sentence
      }
      conflicts.append(
        FileConflict(
          subject: subject, about: about, message: message.joined(separator: "; "), ours: ours, theirs: theirs,
          both: both))
    }
    return ConflictedArrangement(arrangement: file, conflicts: conflicts)
  }

  /// The record's order of the subjects (the merge's, the `file` first), with each entry that adds
  /// or deletes a section moved where either side of it applies after the entries before it: one
  /// that brings a section back before the first entry that puts a tile into it, one that deletes a
  /// section after the last entry about a tile in it (deleted first, the section took that tile with
  /// it, and taking that tile's side, a move out of the section, was refused).
  /// `paths` are the file's places.
  /// - Complexity: O(e) in the edits, and for each line that adds or deletes a section, O(e) again
  ///   (the entries' edits, or a look-up of the tiles of the entries after it).
  static func ordered(
    _ order: [MergeSubject], edits: [[MergeSubject: [ScriptEdit]]], file: Arrangement, paths: inout TilePlaces
  ) -> [MergeSubject] {
    var order = order
    func lines(_ about: MergeSubject) -> [ScriptEdit] { (edits[0][about] ?? []) + (edits[1][about] ?? []) }
    for about in order {
      for line in lines(about) {
        if case .addSection(let added, _, _) = line {
          let at = order.firstIndex(of: about)!
          let first = order.firstIndex { $0 != about && lines($0).contains { section(into: $0) == added.id } }
          if let first, first < at { order.insert(order.remove(at: at), at: first) }
        } else if case .deleteSection(let id) = line, let s = file.sectionIndex(ofID: id) {
          let at = order.firstIndex(of: about)!
          let last = order[(at + 1)...].lastIndex {
            if case .tile(let tile) = $0 { paths.path(of: tile)?.section == s } else { false }
          }
          if let last { order.insert(order.remove(at: at), at: last) }
        }
      }
    }
    return order
  }

  /// One side's edits, entry by entry in the record's order, each tile put into a section placed as
  /// that side has it among the tiles there once the entries before it were taken the same way:
  /// right after the nearest tile before it in that side's `version` that is there, or first. The
  /// diff counts its indexes after the edits before it, in its own order; grouped by subject, an
  /// edit can come in an earlier entry than one it counted on (a section brought back with its
  /// cards, one of which is another conflict's card: the section's entry put its last card at an
  /// index past the end, and taking it was refused whichever way). Where the record keeps the diff's
  /// order (`steps`, each edit's place in it), the edits are as the diff wrote them.
  /// - Complexity: O(e) in the edits when the record keeps the diff's order; else, for each section
  ///   a tile is put into, O(its tiles) once and per edit that puts one there.
  static func placedInRecordOrder(
    _ entries: [[ScriptEdit]], steps: [[Int]], file: Arrangement, version: Arrangement
  ) -> [[ScriptEdit]] {
    var latest = -1
    var kept = true
    for entry in steps {
      if let first = entry.first, first < latest { kept = false }
      latest = max(latest, entry.last ?? latest)
    }
    guard !kept else { return entries }
    // The sections tiles are put into, as they are while the entries are taken: their tiles' ids in
    // order, and the section each of those tiles is in.
    var into = Set<ExactString>()
    for entry in entries {
      for edit in entry { if let s = section(into: edit) { into.insert(ExactString(s)) } }
    }
    var lists: [ExactString: [ExactString]] = [:]
    var sectionOf: [ExactString: ExactString] = [:]
    func ids(_ a: Arrangement, _ s: Int) -> [ExactString] { a.sections[s].items.map { ExactString(a.tiles[$0].id) } }
    for id in into {
      guard let s = file.sectionIndex(ofID: id.string) else { continue }
      lists[id] = ids(file, s)
      for tile in lists[id]! { sectionOf[tile] = id }
    }
    // That side's order of each such section, made when first needed.
    var orders: [ExactString: (ids: [ExactString], at: [ExactString: Int])] = [:]
    func place(_ tile: ExactString, in section: ExactString, asked: Int) -> Int {
      let list = lists[section]!
      if orders[section] == nil {
        let order = version.sectionIndex(ofID: section.string).map { ids(version, $0) } ?? []
        orders[section] = (order, Dictionary(order.enumerated().map { ($1, $0) }) { a, _ in a })
      }
      let (order, at) = orders[section]!
      guard let mine = at[tile] else { return min(max(asked, 0), list.count) }
      for before in order[..<mine].reversed() where sectionOf[before] == section {
        return list.firstIndex(of: before)! + 1
      }
      return 0
    }
    func remove(_ tile: ExactString) {
      guard let s = sectionOf.removeValue(forKey: tile) else { return }
      lists[s]!.remove(at: lists[s]!.firstIndex(of: tile)!)
    }
    // The sections, likewise: placed after the nearest section before them in that side's version.
    var sections = file.sections.map { ExactString($0.id) }
    let sectionOrder = version.sections.map { ExactString($0.id) }
    func placeSection(_ id: ExactString) -> Int {
      guard let mine = sectionOrder.firstIndex(of: id) else { return sections.count }
      for before in sectionOrder[..<mine].reversed() {
        if let at = sections.firstIndex(of: before) { return at + 1 }
      }
      return 0
    }
    return entries.map { entry in
      entry.map { edit in
        switch edit {
        case .add(let tile, let target):
          let (id, s) = (ExactString(tile.id), ExactString(target.section))
          guard lists[s] != nil else { return edit }
          let index = place(id, in: s, asked: target.item)
          lists[s]!.insert(id, at: index)
          sectionOf[id] = s
          return .add(tile, to: ScriptPlace(target.section, index))
        case .move(let tileID, let target):
          let (id, s) = (ExactString(tileID), ExactString(target.section))
          remove(id)
          guard lists[s] != nil else { return edit }
          let index = place(id, in: s, asked: target.item)
          lists[s]!.insert(id, at: index)
          sectionOf[id] = s
          return .move(tile: tileID, to: ScriptPlace(target.section, index))
        case .delete(let tileID):
          remove(ExactString(tileID))
        case .addSection(let section, let tiles, _):
          let s = ExactString(section.id)
          if into.contains(s) {
            lists[s] = tiles.map { ExactString($0.id) }
            for tile in lists[s]! { sectionOf[tile] = s }
          }
          let index = placeSection(s)
          sections.insert(s, at: index)
          return .addSection(section, tiles: tiles, at: index)
        case .moveSection(let sectionID, _):
          let s = ExactString(sectionID)
          guard let from = sections.firstIndex(of: s) else { return edit }
          sections.remove(at: from)
          let index = placeSection(s)
          sections.insert(s, at: index)
          return .moveSection(sectionID, to: index)
        case .deleteSection(let sectionID):
          let s = ExactString(sectionID)
          for tile in lists.removeValue(forKey: s) ?? [] { sectionOf[tile] = nil }
          sections.removeAll { $0 == s }
        default:
          break
        }
        return edit
      }
    }
  }

  /// The section an edit puts a tile into: an `add` or `move`'s.
  static func section(into edit: ScriptEdit) -> String? {
    switch edit {
    case .add(_, let place), .move(_, let place): return place.section
    default: return nil
    }
  }

  /// Both versions of a tile: the other side's added as a second card (a new id made from the
  /// tile's, `blue-2`) at the other side's place; nil when either side has no such tile. `ids` are
  /// `secondCardIDs(file)`, made when first needed; `paths` and `otherPaths` the two arrangements'
  /// places.
  private static func keepingBoth(
    _ id: String, file: Arrangement, other: Arrangement, ids: inout Set<String>?, paths: inout TilePlaces,
    otherPaths: inout TilePlaces
  ) -> [ScriptEdit]? {
    guard paths.path(of: id) != nil, let path = otherPaths.path(of: id) else { return nil }
    let sectionID = other.sections[path.section].id
    guard let s = file.sectionIndex(ofID: sectionID) else { return nil }
    var copy = other[path]
    if ids == nil { ids = secondCardIDs(file) }
    copy.id = IDs.unique(id) { [ids] in $0 == id || ids!.contains($0) }
    return [.add(copy, to: ScriptPlace(sectionID, min(path.item, file.sections[s].count)))]
  }

  /// Where each of the arrangement's tiles is, by id (compared by bytes, as `path(ofTileID:)` does).
  /// - Complexity: O(n).
  static func tilePaths(_ arrangement: Arrangement) -> [ExactString: ItemPath] {
    var paths: [ExactString: ItemPath] = [:]
    paths.reserveCapacity(arrangement.tileCount)
    for (s, section) in arrangement.sections.enumerated() {
      for (i, ref) in section.items.enumerated() {
        arrangement.tiles.withText(of: ref) { _, id in paths[ExactString(String(decoding: id, as: UTF8.self))] = ItemPath(s, i) }
      }
    }
    return paths
  }

  /// The ids of `file`'s tiles that a second card's id (`IDs.unique`: the tile's id, then `id-2`,
  /// `id-3`, …, compared as `String`s, canonically) can be taken by, but the tile's own: those
  /// holding a `-` or a byte outside ASCII. An ASCII string is its own canonical form, so one equal
  /// to `id-2` holds its `-`. Found from the ids' bytes, without building the tiles.
  /// - Complexity: O(n).
  static func secondCardIDs(_ file: Arrangement) -> Set<String> {
    var ids = Set<String>()
    for section in file.sections {
      for ref in section.items {
        file.tiles.withText(of: ref) { _, id in
          if id.contains(where: { $0 == UInt8(ascii: "-") || $0 >= 0x80 }) { ids.insert(String(decoding: id, as: UTF8.self)) }
        }
      }
    }
    return ids
  }

  // MARK: - Writing

  /// The file: the plain arrangement when nothing conflicts; else, in JSON, the arrangement with its
  /// `conflicts` record; in a text format, the two sides' versions written out and git's markers put
  /// around the whole cards of each conflict (`MergeWriting`). Returns the bytes, and what the format
  /// could not keep.
  public func write(as format: ArrangementFormat, labels: ConflictLabels = ConflictLabels()) -> (bytes: [UInt8], lost: LostFields) {
    guard isConflicted else { return format.bytes(arrangement) }
    if format == .json { return format.bytes(recorded) }
    if let bytes = MarkedFileEdits.marked(self, as: format) { return (bytes, format.bytes(arrangement).lost) }
    return writeMerging(as: format, labels: labels)
  }

  /// A text file with its conflicts' edits worked out, both sides written and marked as a merge
  /// marks them: what `write(as:labels:)` gives when the blocks as read cannot be put back
  /// (`MarkedFileEdits.marked`), and what that shortcut is tested against.
  func writeMerging(as format: ArrangementFormat, labels: ConflictLabels) -> (bytes: [UInt8], lost: LostFields) {
    let ours = side(.ours)
    let (marked, wholeLanes) = MergeWriting.marks(conflicts)
    let bytes = MergeWriting.markedFile(
      ours: ours, theirs: side(.theirs), conflicts: marked, wholeLanes: wholeLanes, format: format, labels: labels
    ).bytes
    return (bytes, format.bytes(ours).lost)
  }

  /// The arrangement as a JSON file records it: with its `conflicts` key when something conflicts
  /// (`write(as: .json)` writes it).
  public var recorded: Arrangement {
    guard isConflicted else { return arrangement }
    var recorded = arrangement
    recorded.extras.removeAll { $0.key == Self.key }
    recorded.extras.append(JSONField(Self.key, .array(conflicts.map(Self.entry))))
    return recorded
  }

  /// The arrangement with every conflict resolved toward one side, as far as each one's edits still
  /// apply (each is applied on its own, with `force`; one that no longer applies is left out).
  public func side(_ choice: ConflictChoice) -> Arrangement {
    var result = arrangement
    for conflict in conflicts {
      guard let edits = conflict.edits(choice), !edits.isEmpty else { continue }
      var attempt = result
      if (try? attempt.apply(edits, force: true)) != nil { result = attempt }
    }
    return result
  }

  /// A conflict as the JSON record writes it: `{"tile": "blue", "conflict": "…", "ours": [],
  /// "theirs": ["move blue to archive:0"], "both": […]}`.
  static func entry(_ conflict: FileConflict) -> JSONValue {
    var fields: [JSONField] = []
    switch conflict.about {
    case .tile(let id)?: fields.append(JSONField("tile", .string(id)))
    case .section(let id)?: fields.append(JSONField("section", .string(id)))
    case .layout?: fields.append(JSONField("layout", .bool(true)))
    case .file?: fields.append(JSONField("file", .bool(true)))
    case nil: fields.append(JSONField("about", .string(conflict.subject)))
    }
    fields.append(JSONField("conflict", .string(conflict.message)))
    fields.append(JSONField("ours", .array(conflict.ours.map { .string(EditScript.line($0)) })))
    fields.append(JSONField("theirs", .array(conflict.theirs.map { .string(EditScript.line($0)) })))
    if let both = conflict.both { fields.append(JSONField("both", .array(both.map { .string(EditScript.line($0)) }))) }
    return .object(fields)
  }

  // MARK: - Reading

  /// Reads a file that may record conflicts: git's markers (`<<<<<<<`, `=======`, `>>>>>>>`, in any
  /// format, JSON too), or JSON's `conflicts` key. A file without either is read as `format.read`
  /// reads it. With markers, the arrangement is the file with ours's side of every conflict; each
  /// conflict's `theirs` are the edits from it to the file with that conflict's theirs side instead
  /// (and `both`, to the file with both sides, ours's first), so no card on either side is lost.
  /// The sides are read once each (every block's ours, every block's theirs); each conflict's edits
  /// are worked out when first asked for (`MarkedFileEdits`), a reading of the file each. Without
  /// `edits` (a caller that only counts and names the conflicts: `check`, the commands that refuse a
  /// conflicted file), the conflicts of git's markers have no edits.
  /// A JSON `conflicts` record is checked (`recorded(_:bytes:)`).
  /// - Throws: `FormatError`: a marker without its others, a side that does not read, or a record
  ///   entry about other things than its subject.
  /// - Complexity: O(bytes); O(bytes) more per conflict whose edits are asked for.
  public static func read(_ bytes: [UInt8], format: ArrangementFormat, edits: Bool = true) throws(FormatError)
    -> ConflictedArrangement
  {
    if format != .json && !ConflictMarkers.mayHaveMarkers(bytes) {
      return ConflictedArrangement(arrangement: try format.read(bytes), conflicts: [])
    }
    if format == .json {
      do {
        let arrangement = try format.read(bytes)
        return try recorded(arrangement, bytes: bytes)
      } catch {
        guard ConflictMarkers.mayHaveMarkers(bytes) else { throw error }
      }
    }
    return try readMarkers(bytes, format: format, edits: edits)
  }

  /// An arrangement read from JSON, with its `conflicts` record taken out and read: each entry's
  /// edits about its subject only, its tile or section in the file (or added by its edits), one
  /// entry per subject (`checkSubject`); an entry about the `file`, or about lines (`about`), may
  /// hold any edit.
  public static func recorded(_ arrangement: Arrangement, bytes: [UInt8]) throws(FormatError) -> ConflictedArrangement {
    guard let record = arrangement.extras.first(where: { $0.key == key })?.value else {
      return ConflictedArrangement(arrangement: arrangement, conflicts: [])
    }
    var plain = arrangement
    plain.extras.removeAll { $0.key == key }
    let lines = ConflictMarkers.recordLines(bytes)
    guard case .array(let entries) = record else {
      throw .malformed(line: lines.first ?? 1, column: 1, reason: "\(key): expected an array of conflicts")
    }
    var conflicts: [FileConflict] = []
    var seen: [String: Int] = [:]
    var tiles: Set<String>?
    for (k, entry) in entries.enumerated() {
      let line = k < lines.count - 1 ? lines[k + 1] : (lines.first ?? 1)
      func bad(_ reason: String) -> FormatError { .malformed(line: line, column: 1, reason: "\(key)[\(k)]: \(reason)") }
      guard case .object(let fields) = entry else { throw bad("expected an object") }
      func script(_ name: String, required: Bool) throws(FormatError) -> [ScriptEdit]? {
        guard let value = fields[name] else {
          if required { throw bad("no \"\(name)\"") }
          return nil
        }
        guard case .array(let items) = value else { throw bad("\"\(name)\" is not an array of edit lines") }
        var text = ""
        for item in items {
          guard case .string(let s) = item, !s.contains("\n") else { throw bad("\"\(name)\" is not an array of edit lines") }
          text += s + "\n"
        }
        do {
          return try EditScript.read(text).map(\.edit)
        } catch {
          throw bad("\"\(name)\", \(error)")
        }
      }
      var about: MergeSubject?
      var subject = "file"
      if case .string(let id)? = fields["tile"] {
        about = .tile(id)
      } else if case .string(let id)? = fields["section"] {
        about = .section(id)
      } else if fields["layout"] != nil {
        about = .layout
      } else if fields["file"] != nil {
        about = .file
      } else if case .string(let text)? = fields["about"] {
        subject = text
      } else {
        throw bad("no \"tile\", \"section\", \"layout\", \"file\" or \"about\": what the conflict is about")
      }
      if let about { subject = about.description }
      var message = ""
      if case .string(let text)? = fields["conflict"] { message = text }
      let ours = try script("ours", required: false) ?? []
      let theirs = try script("theirs", required: true) ?? []
      let both = try script("both", required: false)
      if let first = seen[subject] {
        throw bad("a second entry about \(subject) (the first is \(key)[\(first)]): one entry each")
      }
      seen[subject] = k
      if let about, let odd = both?.first(where: { !keepsBoth($0, of: about) }) {
        throw bad("\"both\" has \(JSONString.excerpt(EditScript.line(odd))), which is not about \(about): an entry's edits are about its subject only")
      }
      if let about {
        try checkSubject(about, in: plain, ours: ours, theirs: theirs, tiles: &tiles, bad: bad)
      }
      conflicts.append(
        FileConflict(subject: subject, about: about, message: message, line: line, ours: ours, theirs: theirs, both: both))
    }
    return ConflictedArrangement(arrangement: plain, conflicts: conflicts)
  }

  /// Refuses an entry of the record that is not about what it names: a tile or section that is
  /// neither in the file nor added by the entry's `ours` or `theirs`, or an edit about another tile,
  /// section, the layout or the file's keys (a tile's `both` may add its second card, an id that is
  /// the tile's, or the tile's followed by `-`; a section's lines may add or move a tile into it). An entry about the file may hold any edit: it says
  /// it is about the whole file. `tiles` are the file's tile ids, made when first needed.
  private static func checkSubject(
    _ about: MergeSubject, in file: Arrangement, ours: [ScriptEdit], theirs: [ScriptEdit], tiles: inout Set<String>?,
    bad: (String) -> FormatError
  ) throws(FormatError) {
    let entries: [(String, [ScriptEdit])] = [("ours", ours), ("theirs", theirs)]
    for (name, edits) in entries {
      for edit in edits where about != .file && edit.about != about && !puts(edit, into: about) {
        throw bad("\"\(name)\" has \(JSONString.excerpt(EditScript.line(edit))), which is not about \(about): an entry's edits are about its subject only")
      }
    }
    switch about {
    case .tile(let id):
      if tiles == nil { tiles = Set(file.allTiles().map(\.id)) }
      let added = (ours + theirs).contains { if case .add(let tile, _) = $0 { return tile.id == id } else { return false } }
      if !tiles!.contains(id) && !added { throw bad("tile \(JSONString.excerpt(id)) is not in the file, and no edit of the entry adds it") }
    case .section(let id):
      let added = (ours + theirs).contains { if case .addSection(let section, _, _) = $0 { return section.id == id } else { return false } }
      if file.sectionIndex(ofID: id) == nil && !added {
        throw bad("section \(JSONString.excerpt(id)) is not in the file, and no edit of the entry adds it")
      }
    case .layout, .file:
      break
    }
  }

  /// Whether `edit` puts a tile into the section `about` is (which a section's entry may do).
  static func puts(_ edit: ScriptEdit, into about: MergeSubject) -> Bool {
    guard case .section(let id) = about, let into = section(into: edit) else { return false }
    return into == id
  }

  /// Whether `edit` may be in the `both` of an entry about `about`: an edit about it, or, for a tile,
  /// the adding of its second card.
  static func keepsBoth(_ edit: ScriptEdit, of about: MergeSubject) -> Bool {
    if about == .file || edit.about == about || puts(edit, into: about) { return true }
    guard case .tile(let id) = about, case .add(let tile, _) = edit else { return false }
    return tile.id.hasPrefix(id + "-")
  }

  private static func readMarkers(_ bytes: [UInt8], format: ArrangementFormat, edits: Bool) throws(FormatError)
    -> ConflictedArrangement
  {
    let file = try ConflictMarkers.File(bytes)
    guard !file.blocks.isEmpty else {
      let arrangement = try format.read(bytes)
      return format == .json ? try recorded(arrangement, bytes: bytes) : ConflictedArrangement(arrangement: arrangement, conflicts: [])
    }
    func read(_ choices: [ConflictChoice]) throws(FormatError) -> Arrangement {
      try format.read(file.bytes(choices))
    }
    let allOurs = Array(repeating: ConflictChoice.ours, count: file.blocks.count)
    let base: Arrangement
    do {
      base = try read(allOurs)
    } catch {
      throw .malformed(line: file.blocks[0].line, column: 1, reason: "with ours's side of every conflict, the file does not read: \(error)")
    }
    var conflicts: [FileConflict] = []
    let groups = file.groups()
    // Only counted and named: every block's theirs read once; a side that does not read is then
    // looked for conflict by conflict, below, to name it.
    // With edits, each conflict's are worked out when first asked for (`MarkedFileEdits`): a reading
    // of the whole file each, so a file of many conflicts is read in time linear in its size, and
    // its conflicts' edits only as they are resolved or shown.
    let readsAll = (try? read(Array(repeating: ConflictChoice.theirs, count: file.blocks.count))) != nil
    let deferred =
      edits && readsAll ? MarkedFileEdits(bytes: bytes, file: file, base: base, format: format, groups: groups) : nil
    for (index, group) in groups.enumerated() {
      let first = file.blocks[group[0]]
      if let deferred {
        let lines = group.map { "\(file.blocks[$0].line)-\(file.blocks[$0].endLine)" }.joined(separator: ", ")
        conflicts.append(
          FileConflict(
            subject: "lines \(lines)", message: ConflictMarkers.File.Block.summary(group.map { file.blocks[$0] }),
            line: first.line, deferred: deferred, index: index))
        continue
      }
      if readsAll {
        let lines = group.map { "\(file.blocks[$0].line)-\(file.blocks[$0].endLine)" }.joined(separator: ", ")
        conflicts.append(
          FileConflict(
            subject: "lines \(lines)", message: ConflictMarkers.File.Block.summary(group.map { file.blocks[$0] }),
            line: first.line, theirs: []))
        continue
      }
      var choices = allOurs
      for k in group { choices[k] = .theirs }
      let theirs: Arrangement
      do {
        theirs = try read(choices)
      } catch {
        throw .malformed(line: first.line, column: 1, reason: "with theirs's side of this conflict, the file does not read: \(error)")
      }
      for k in group { choices[k] = .both }
      // Both sides kept, one after the other: two versions of a card, not a block whose sides share
      // lines (a card moved from one place to another, the lanes between on both sides).
      let both = group.count == 1 && !file.blocks[group[0]].sharesLines ? try? read(choices) : nil
      let lines = group.map { "\(file.blocks[$0].line)-\(file.blocks[$0].endLine)" }.joined(separator: ", ")
      conflicts.append(
        FileConflict(
          subject: "lines \(lines)", message: ConflictMarkers.File.Block.summary(group.map { file.blocks[$0] }), line: first.line,
          theirs: BoardVersions.diff(base, as: format, theirs, as: format),
          both: both.map { BoardVersions.diff(base, as: format, $0, as: format) }))
    }
    let recordedToo = format == .json ? try recorded(base, bytes: file.bytes(allOurs)) : ConflictedArrangement(arrangement: base, conflicts: [])
    return ConflictedArrangement(arrangement: recordedToo.arrangement, conflicts: conflicts + recordedToo.conflicts)
  }
}

/// Git's conflict markers, seven characters wide unless the `conflict-marker-size` attribute says
/// more (the width of a conflict's `<<<<<<<` is that of its others): `<<<<<<< LABEL`,
/// `||||||| LABEL` (diff3's base, read and dropped), `=======`, `>>>>>>> LABEL`.
public enum ConflictMarkers {
  static let open = "<<<<<<<"
  static let base = "|||||||"
  static let separator = "======="
  static let close = ">>>>>>>"

  /// The width of a line's marker of `marker`'s character: a run of at least seven (more where the
  /// `conflict-marker-size` attribute says so), alone or followed by a blank and a label (a CR at the
  /// end of a line of a file that mixes line endings is allowed); nil when the line is no such marker.
  static func markerWidth(_ line: String, _ marker: String) -> Int? {
    guard let char = marker.utf8.first else { return nil }
    var width = 0
    var rest = line.utf8[...]
    while rest.first == char {
      width += 1
      rest = rest.dropFirst()
    }
    guard width >= 7 else { return nil }
    guard let first = rest.first else { return width }
    return first == 0x20 || first == 0x09 || first == 0x0D ? width : nil
  }

  /// Whether a line is `marker`'s character `width` times, alone or followed by a blank and a label.
  static func isMarker(_ line: String, _ marker: String, width: Int = 7) -> Bool {
    markerWidth(line, marker) == width
  }

  /// Whether some line begins with `<<<<<<<` or `>>>>>>>` (a line begins after an LF or a CR, so
  /// in every line ending the formats read): the quick test before looking closer.
  /// - Complexity: O(bytes).
  public static func mayHaveMarkers(_ bytes: [UInt8]) -> Bool {
    let lt = UInt8(ascii: "<")
    let gt = UInt8(ascii: ">")
    return bytes.withUnsafeBufferPointer { b -> Bool in
      var i = 0
      let n = b.count
      while i + 7 <= n {
        let c = b[i]
        if (c == lt || c == gt)
          && (i == 0 || b[i - 1] == 0x0A || b[i - 1] == 0x0D || (i == 3 && TextLines.hasByteOrderMark(b)))
        {
          var k = 1
          while k < 7 && b[i + k] == c { k += 1 }
          if k == 7 { return true }
        }
        i += 1
      }
      return false
    }
  }

  /// The lines of the `conflicts` key and of each of its entries' opening braces, in a JSON file
  /// (1-based), as far as a scan for them finds them: the last `"conflicts"` that is a key, then
  /// each `{` one level inside its array.
  static func recordLines(_ bytes: [UInt8]) -> [Int] {
    let needle = Array("\"\(ConflictedArrangement.key)\"".utf8)
    var found: Int?
    var i = bytes.count - needle.count
    while i >= 0 {
      if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) {
        var j = i + needle.count
        while j < bytes.count && (bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D) { j += 1 }
        if j < bytes.count && bytes[j] == UInt8(ascii: ":") {
          found = i
          break
        }
      }
      i -= 1
    }
    guard let start = found else { return [] }
    var line = 1
    for b in bytes[..<start] where b == 0x0A { line += 1 }
    var lines = [line]
    var depth = 0
    var inString = false
    var escaped = false
    var j = start + needle.count
    while j < bytes.count {
      let b = bytes[j]
      if b == 0x0A { line += 1 }
      if inString {
        if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
      } else if b == UInt8(ascii: "\"") {
        inString = true
      } else if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
        if b == UInt8(ascii: "{") && depth == 1 { lines.append(line) }
        depth += 1
      } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 { break }
      }
      j += 1
    }
    return lines
  }

  /// A text file cut at its conflict markers.
  struct File: Sendable {
    struct Block: Sendable {
      var ours: [String]
      var theirs: [String]
      /// Its lines as written, markers and all.
      var written: [String] = []
      /// The lines of its `<<<<<<<` and `>>>>>>>` markers, 1-based.
      var line: Int
      var endLine: Int
      /// The conflict in words, as `tilegrid merge` writes it after the label of its `<<<<<<<` line
      /// (`<<<<<<< ours: Buy milk: ours moved it to Done, theirs to Todo`).
      var words: String?

      /// Whether the two sides hold a line in common that is not blank.
      var sharesLines: Bool {
        let mine = Set(ours.filter { !$0.isBlankLine })
        return theirs.contains { !$0.isBlankLine && mine.contains($0) }
      }

      /// The words after the label on a `<<<<<<<` line: what follows its first `: `.
      static func words(_ opening: String) -> String? {
        let bytes = Array(opening.utf8)
        guard let colon = bytes.indices.first(where: { bytes[$0] == UInt8(ascii: ":") && $0 + 1 < bytes.count && bytes[$0 + 1] == 0x20 })
        else { return nil }
        let words = String(decoding: bytes[(colon + 2)...], as: UTF8.self).trimmedLine
        return words.isEmpty ? nil : String(words)
      }

      /// The blocks' words, or the two sides' first lines that are not blank, for the Conflicts panel.
      static func summary(_ blocks: [Block]) -> String {
        let said = blocks.compactMap(\.words)
        if !said.isEmpty { return said.joined(separator: "; ") }
        let ours = blocks.flatMap(\.ours)
        let theirs = blocks.flatMap(\.theirs)
        func first(_ lines: [String]) -> String {
          guard let line = lines.first(where: { !$0.isBlankLine }) else { return "(nothing)" }
          let text = String(line.trimmedLine)
          return text.count > 60 ? String(text.prefix(59)) + "…" : text
        }
        return "ours: \(first(ours)); theirs: \(first(theirs))"
      }
    }

    enum Piece: Sendable {
      case common(String)
      case block(Int)
    }

    var pieces: [Piece] = []
    var blocks: [Block] = []
    var style: TextStyle

    init(_ bytes: [UInt8]) throws(FormatError) {
      let text = try TextLines(bytes)
      style = text.style
      var current: Block?
      var width = 7  // the open block's markers' width
      var part = 0  // 0 ours, 1 base, 2 theirs
      for (index, line) in text.lines.enumerated() {
        let number = index + 1
        guard var block = current else {
          if let w = markerWidth(line, open) {
            current = Block(ours: [], theirs: [], written: [line], line: number, endLine: number, words: Block.words(line))
            width = w
            part = 0
          } else if markerWidth(line, close) != nil {
            throw .malformed(
              line: number, column: 1,
              reason: "a conflict marker '\(close)' without its '\(open)' and '\(separator)' lines before it")
          } else {
            pieces.append(.common(line))
          }
          continue
        }
        // Held only here while a line is added: with `current` still holding the block, every
        // append copied the side's lines so far (a conflict of n lines cost n² copies).
        current = nil
        block.written.append(line)
        if isMarker(line, open, width: width) {
          throw .malformed(
            line: number, column: 1,
            reason: "a conflict marker '\(open)' inside the conflict that starts on line \(block.line) (each '\(open)' needs its '\(separator)' and '\(close)' first)")
        }
        if part == 0 && isMarker(line, base, width: width) {
          part = 1
        } else if part < 2 && isMarker(line, separator, width: width) {
          part = 2
        } else if part < 2 && isMarker(line, close, width: width) {
          throw .malformed(
            line: number, column: 1,
            reason: "a conflict marker '\(close)' before the '\(separator)' of the conflict that starts on line \(block.line)")
        } else if part == 2 && (isMarker(line, separator, width: width) || isMarker(line, base, width: width)) {
          let marker = isMarker(line, separator, width: width) ? separator : base
          throw .malformed(
            line: number, column: 1,
            reason: "a second conflict marker '\(marker)' in the conflict that starts on line \(block.line) (each '\(open)' has one '\(separator)', then its '\(close)')")
        } else if part == 2 && isMarker(line, close, width: width) {
          block.endLine = number
          pieces.append(.block(blocks.count))
          blocks.append(block)
          current = nil
          continue
        } else if part == 0 {
          block.ours.append(line)
        } else if part == 2 {
          block.theirs.append(line)
        }
        current = block
      }
      if let block = current {
        throw .malformed(
          line: block.line, column: 1,
          reason: "a conflict marker '\(open)' without its '\(separator)' and '\(close)' lines (git's markers, seven characters each)")
      }
    }

    /// The blocks that are one conflict, in groups, in order of their first block: a card one side
    /// has in one block and the other side in another (a card moved to two places) joins them.
    func groups() -> [[Int]] {
      var parent = Array(blocks.indices)
      // With the paths halved on the way up, a chain of thousands of joined blocks is not quadratic.
      func root(_ k: Int) -> Int {
        var k = k
        while parent[k] != k {
          parent[k] = parent[parent[k]]
          k = parent[k]
        }
        return k
      }
      func keyLines(_ lines: [String]) -> Set<String> {
        Set(lines.filter { !$0.isBlankLine }.map { String($0.trimmedLine) })
      }
      var oursHaving: [String: [Int]] = [:]
      for (k, block) in blocks.enumerated() {
        for line in keyLines(block.ours) { oursHaving[line, default: []].append(k) }
      }
      for (k, block) in blocks.enumerated() {
        for line in keyLines(block.theirs) {
          for other in oursHaving[line] ?? [] where other != k {
            let (a, b) = (root(k), root(other))
            if a != b { parent[max(a, b)] = min(a, b) }
          }
        }
      }
      var groups: [Int: [Int]] = [:]
      var order: [Int] = []
      for k in blocks.indices {
        let r = root(k)
        if groups[r] == nil { order.append(r) }
        groups[r, default: []].append(k)
      }
      return order.map { groups[$0]! }
    }

    /// The file with each block resolved as `choices` says (one per block, in order).
    func bytes(_ choices: [ConflictChoice]) -> [UInt8] { bytes(choices.map { Optional($0) }) }

    /// The file with each block resolved as `choices` says, the blocks of nil as they were written.
    func bytes(_ choices: [ConflictChoice?]) -> [UInt8] {
      var w = LineWriter(style, chunkSize: 1 << 40, expectedBytes: 4096)
      for piece in pieces {
        switch piece {
        case .common(let line): w.line(line)
        case .block(let k):
          let block = blocks[k]
          switch choices[k] {
          case nil: for line in block.written { w.line(line) }
          case .ours: for line in block.ours { w.line(line) }
          case .theirs: for line in block.theirs { w.line(line) }
          case .both: for line in block.ours + block.theirs { w.line(line) }
          }
        }
      }
      var out: [UInt8] = []
      w.finish { out += $0 }
      return out
    }
  }
}

/// The places of an arrangement's tiles by id, for a merge's conflicts: the first few looked up by a
/// scan of the ids' bytes (`path(ofTileID:)`), then all of them put in a map once
/// (`ConflictedArrangement.tilePaths`). A map costs about as much as a few dozen scans (a string and a
/// hash per tile), so a merge with one conflict in a million tiles builds none, and one with 50,000
/// conflicts is not quadratic. - Complexity: O(n) per lookup for the first `scans`, O(n) once, then O(1).
struct TilePlaces {
  let arrangement: Arrangement
  private var map: [ExactString: ItemPath]?
  private var scansLeft = 8

  init(_ arrangement: Arrangement) { self.arrangement = arrangement }

  mutating func path(of id: String) -> ItemPath? {
    if let map { return map[ExactString(id)] }
    if scansLeft > 0 {
      scansLeft -= 1
      return arrangement.path(ofTileID: id)
    }
    map = ConflictedArrangement.tilePaths(arrangement)
    return map![ExactString(id)]
  }
}

/// The edits of a text file's conflict markers, worked out conflict by conflict when first asked for
/// and kept: for a group of blocks, the edits from the file with ours's side of every block to the
/// file with theirs's side of that group (and with both sides, ours's first, for one block whose
/// sides share no line). One whole reading of the file per conflict asked for, none at reading.
/// A side that reads with every other block's ours's but not here (the file read with theirs's side
/// of every block) has no edits: `theirs` empty, `both` nil.
final class MarkedFileEdits: DeferredConflictEdits {
  /// The file as read.
  let bytes: [UInt8]
  let file: ConflictMarkers.File
  let base: Arrangement
  let format: ArrangementFormat
  let groups: [[Int]]
  private let done = Mutex<[Int: (theirs: [ScriptEdit], both: [ScriptEdit]?)]>([:])
  /// How many conflicts' edits were worked out: what a test of the reading's cost counts.
  var computed: Int { done.withLock { $0.count } }

  init(bytes: [UInt8], file: ConflictMarkers.File, base: Arrangement, format: ArrangementFormat, groups: [[Int]]) {
    self.bytes = bytes
    self.file = file
    self.base = base
    self.format = format
    self.groups = groups
  }

  /// The file as read, with the conflicts that `file` no longer has resolved and the others' blocks
  /// as they were, markers and all, when that is what `file` holds: every conflict left is one of
  /// this source's, in order, the format is the source's, and the arrangement as its format writes
  /// it is the file, byte for byte, with ours's side of each conflict left and some side of each
  /// one resolved (each mix of sides tried, for at most four conflicts resolved; none resolved, also
  /// the arrangement as read). A file of many conflicts, opened and written again (`play`, a save)
  /// with a few resolutions, is then written without working out the edits of the conflicts left;
  /// else nil, and the conflicts are written as a merge writes them.
  static func marked(_ file: ConflictedArrangement, as format: ArrangementFormat) -> [UInt8]? {
    guard let source = file.conflicts.first?.deferredSource as? MarkedFileEdits, source.format == format else { return nil }
    var left = Set<Int>()
    var previous = -1
    for conflict in file.conflicts {
      guard conflict.deferredSource === source, let k = conflict.deferredIndex, k > previous else { return nil }
      left.insert(k)
      previous = k
    }
    let resolved = source.groups.indices.filter { !left.contains($0) }
    if resolved.isEmpty && file.arrangement == source.base { return source.bytes }
    guard resolved.count <= 4 else { return edited(file, source: source, left: left, as: format) }
    // What the arrangement is, as its format writes it: the file resolved some way, byte for byte.
    let written = format.bytes(file.arrangement).bytes
    var mixes: [[ConflictChoice]] = [[]]
    for _ in resolved { mixes = mixes.flatMap { mix in ConflictChoice.allCases.map { mix + [$0] } } }
    for mix in mixes {
      var choices = [ConflictChoice?](repeating: nil, count: source.file.blocks.count)
      for (group, choice) in zip(resolved, mix) {
        for k in source.groups[group] { choices[k] = choice }
      }
      guard source.file.bytes(choices.map { $0 ?? .ours }) == written else { continue }
      return source.file.bytes(choices)
    }
    return edited(file, source: source, left: left, as: format)
  }

  /// The arrangement as its format writes it, with the blocks of the conflicts `left` (indices of
  /// `source.groups`) put back as they were read, markers and all, in place of ours's side of them:
  /// when git's line diff from the file with ours's side of every block to the arrangement as
  /// written changes no line of those blocks' ours's sides, and the two are written in the same line
  /// style. Read again, that file is the arrangement (ours's side in place) with each conflict left
  /// as it was read. Else nil (an edit in a block left: the conflicts' edits are worked out and the
  /// file written as a merge writes it).
  ///
  /// A card added, deleted or moved before a block, or a conflict before it resolved to a side of
  /// another length, shifts the lines of the block but not what it says: working the conflicts out
  /// gave their edits' index places in the file as read, which put theirs's cards elsewhere in a lane
  /// that an edit above had changed, and took a reading of the whole file per conflict (1,000 blocks
  /// after a card added above them: 11.8 s). With `shifting` false, such a change gives nil too, as
  /// does one that borders a block and is not a change of as many lines (what a test compares with
  /// working the conflicts out).
  /// - Complexity: O(bytes + d·lines) for a diff of d changed lines, whatever the number of blocks.
  static func edited(
    _ file: ConflictedArrangement, source: MarkedFileEdits, left: Set<Int>, as format: ArrangementFormat,
    shifting: Bool = true
  ) -> [UInt8]? {
    let written = format.bytes(file.arrangement).bytes
    guard let text = try? TextLines(written), text.style == source.file.style else { return nil }
    var leftBlocks = [Bool](repeating: false, count: source.file.blocks.count)
    for group in left {
      for k in source.groups[group] { leftBlocks[k] = true }
    }
    // The file with ours's side of every block, and where in it the blocks left are.
    var lines: [String] = []
    var spans: [(block: Int, range: Range<Int>)] = []
    for piece in source.file.pieces {
      switch piece {
      case .common(let line): lines.append(line)
      case .block(let k):
        let start = lines.count
        lines += source.file.blocks[k].ours
        if leftBlocks[k] { spans.append((k, start..<lines.count)) }
      }
    }
    let changes = GitLineDiff.changes(lines, text.lines)
    var w = LineWriter(source.file.style, chunkSize: 1 << 40, expectedBytes: written.count + source.bytes.count / 2)
    var c = 0
    var next = 0  // the next line of `text` to write
    var shift = 0  // how many more lines `text` has than `lines` before the block
    for (k, range) in spans {
      // Changes wholly before the block (lines put in right before it too).
      while c < changes.count && changes[c].old.upperBound <= range.lowerBound
        && (changes[c].old.lowerBound < range.lowerBound || (shifting && changes[c].old.isEmpty && !range.isEmpty))
      {
        guard shifting || changes[c].old.count == changes[c].new.count else { return nil }
        shift += changes[c].new.count - changes[c].old.count
        c += 1
      }
      if c < changes.count && changes[c].old.lowerBound <= range.upperBound {
        // A change that starts in the block touches it; one that starts where it ends is after it.
        guard changes[c].old.lowerBound == range.upperBound,
          shifting || (changes[c].old.count == changes[c].new.count && !changes[c].old.isEmpty)
        else { return nil }
      }
      let start = range.lowerBound + shift
      while next < start {
        w.line(text.lines[next])
        next += 1
      }
      for line in source.file.blocks[k].written { w.line(line) }
      next = start + range.count
    }
    while next < text.lines.count {
      w.line(text.lines[next])
      next += 1
    }
    var out: [UInt8] = []
    w.finish { out += $0 }
    return out
  }

  func keepsBoth(_ index: Int) -> Bool {
    if let known = done.withLock({ $0[index] }) { return known.both != nil }
    return groups[index].count == 1 && !file.blocks[groups[index][0]].sharesLines
  }

  func edits(_ index: Int) -> (theirs: [ScriptEdit], both: [ScriptEdit]?) {
    if let known = done.withLock({ $0[index] }) { return known }
    let group = groups[index]
    var choices = Array(repeating: ConflictChoice.ours, count: file.blocks.count)
    for k in group { choices[k] = .theirs }
    let theirs = (try? format.read(file.bytes(choices))).map { BoardVersions.diff(base, as: format, $0, as: format) } ?? []
    for k in group { choices[k] = .both }
    let both = keepsBoth(index) ? (try? format.read(file.bytes(choices))).map { BoardVersions.diff(base, as: format, $0, as: format) } : nil
    let result = (theirs, both)
    done.withLock { $0[index] = result }
    return result
  }
}
