import TileModel

/// A board's merge conflicts in the screen's words (docs/merge.md, "Conflicts in words"): the card by
/// its title as the board draws it (`CardFace.spokenTitle`: `Fix login`, not `[[Flaky login|Fix
/// login]]`) or the lane by its title, and what each side did, lanes by their titles —
///
///     Investigate flaky login: ours moved it to In Progress, theirs to Review
///     Call Ann: renamed "Call Ann today" by ours, deleted by theirs
///     lane Later: deleted by ours, theirs put "Write docs" in it
///
/// made from the versions the card merge joined (base, ours and theirs re-keyed to the base's ids),
/// for `tilegrid merge`'s standard error, the file's markers and the editor's Conflicts panel.
struct ConflictWords {
  let versions: [Arrangement]
  /// Each version's tiles' places by id (a map made once a few conflicts have asked).
  private var places: [TilePlaces]

  init(base: Arrangement, ours: Arrangement, theirs: Arrangement) {
    versions = [base, ours, theirs]
    places = versions.map(TilePlaces.init)
  }

  /// Titles in words are cut to this many characters, with `…`.
  static let longest = 60

  static func quoted(_ title: String) -> String {
    "\"" + cut(title) + "\""
  }

  static func cut(_ text: String) -> String {
    text.count > longest ? String(text.prefix(longest - 1)) + "…" : text
  }

  /// The conflict in words.
  mutating func words(_ conflict: MergeConflict) -> String {
    switch conflict.subject {
    case .tile(let id): return tileWords(id, conflict.kind)
    case .section(let id): return laneWords(id, conflict.kind)
    case .layout: return "the layout: changed by both"
    case .file:
      if case .key(let key, _, _) = conflict.kind { return fileWords(key) }
      return "the file: changed by both"
    }
  }

  // MARK: Cards

  mutating func tile(_ side: Int, _ id: String) -> (tile: Tile, path: ItemPath)? {
    guard let path = places[side].path(of: id) else { return nil }
    return (versions[side][path], path)
  }

  mutating func tileWords(_ id: String, _ kind: MergeConflict.Kind) -> String {
    let known = tile(0, id) ?? tile(1, id) ?? tile(2, id)
    let title = Self.cut(known.map { CardFace.spokenTitle($0.tile) } ?? id)
    switch kind {
    case .moved:
      return "\(title): ours moved it \(place(1, id)), theirs \(place(2, id))"
    case .added:
      return "\(title): added by ours \(place(1, id)), by theirs \(place(2, id))"
    case .deleted(let by, _):
      let keeper = by == .ours ? 2 : 1
      return "\(title): \(changes(keeper, id)) by \(by.other), deleted by \(by)"
    case .key(let key, _, _):
      return "\(title): " + keyWords(key, id)
    case .keyOrder:
      return "\(title): its keys put in different orders by both"
    case .keptForTile:
      return "\(title): kept"
    }
  }

  /// Where a side put a card: `to In Progress`, or in its own lane `after "Buy milk" in To Do`, `to the
  /// top of To Do`.
  mutating func place(_ side: Int, _ id: String) -> String {
    guard let (_, path) = tile(side, id) else { return "away" }
    let version = versions[side]
    let lane = Self.cut(version.sections[path.section].displayTitle)
    let before = tile(0, id).map { versions[0].sections[$0.path.section].id }
    if before == nil || before != version.sections[path.section].id { return "to \(lane)" }
    guard path.item > 0 else { return "to the top of \(lane)" }
    let previous = version[ItemPath(path.section, path.item - 1)]
    return "after \(Self.quoted(CardFace.spokenTitle(previous))) in \(lane)"
  }

  /// What a side did to a card the other deleted: `renamed "Call Ann today"`, `moved to Done`,
  /// `checked`, `changed its details` (the lines under it, a table's other columns), joined with
  /// `and`.
  mutating func changes(_ side: Int, _ id: String) -> String {
    guard let (tile, path) = tile(side, id) else { return "changed" }
    guard let (old, oldPath) = self.tile(0, id) else { return "added" }
    var done: [String] = []
    if !tile.displayTitle.isExactly(old.displayTitle) { done.append("renamed \(Self.quoted(CardFace.spokenTitle(tile)))") }
    let lane = versions[side].sections[path.section]
    if !lane.id.isExactly(versions[0].sections[oldPath.section].id) {
      done.append("moved to \(Self.cut(lane.displayTitle))")
    } else if path.item != oldPath.item {
      done.append("moved")
    }
    if tile.checkbox != old.checkbox, let checked = tile.checkbox { done.append(checked ? "checked" : "unchecked") }
    if Self.linesDiffer(tile, old) { done.append("changed its details") }
    if done.isEmpty { done.append("changed") }
    return Self.joined(done)
  }

  /// Whether a card's lines under its first differ (its description, sub-tasks, a table's columns).
  static func linesDiffer(_ a: Tile, _ b: Tile) -> Bool {
    var x: [String] = []
    var y: [String] = []
    CardText.forEachPiece(of: a) { x.append($0) }
    CardText.forEachPiece(of: b) { y.append($0) }
    return !x.dropFirst().elementsEqual(y.dropFirst(), by: { $0.isExactly($1) })
  }

  /// What both sides set differently, in words: `renamed "A" by ours, "B" by theirs`, `checked by
  /// ours, unchecked by theirs`, `its details changed by both`, `notes "x" in ours, "y" in theirs`.
  mutating func keyWords(_ key: String, _ id: String) -> String {
    let (x, y) = (tile(1, id)?.tile, tile(2, id)?.tile)
    switch key {
    case "title":
      // As drawn, unless the two are drawn alike (`**a**` and `*a*`): then as written.
      var (a, b) = (x.map(CardFace.spokenTitle) ?? id, y.map(CardFace.spokenTitle) ?? id)
      if a == b { (a, b) = (x?.displayTitle ?? id, y?.displayTitle ?? id) }
      return "renamed \(Self.quoted(a)) by ours, \(Self.quoted(b)) by theirs"
    case ExtrasKey.checked:
      func state(_ tile: Tile?) -> String { tile?.checkbox == true ? "checked" : "unchecked" }
      return "\(state(x)) by ours, \(state(y)) by theirs"
    case _ where ExtrasKey.isFormatObject(key):
      return "its details changed by both"
    default:
      func value(_ tile: Tile?) -> String {
        guard let value = tile?.extras.first(where: { $0.key == key })?.value else { return "none" }
        return Self.cut(value.string.map { "\"" + $0 + "\"" } ?? value.compactText)
      }
      return "\(key) \(value(x)) in ours, \(value(y)) in theirs"
    }
  }

  // MARK: Lanes and the file

  func lane(_ side: Int, _ id: String) -> (section: Section, index: Int)? {
    guard let s = versions[side].sectionIndex(ofID: id) else { return nil }
    return (versions[side].sections[s], s)
  }

  mutating func laneWords(_ id: String, _ kind: MergeConflict.Kind) -> String {
    let known = lane(0, id) ?? lane(1, id) ?? lane(2, id)
    let title = "lane " + Self.cut(known?.section.displayTitle ?? id)
    switch kind {
    case .moved:
      func at(_ side: Int) -> String { lane(side, id).map { "to place \($0.index + 1)" } ?? "away" }
      return "\(title): ours moved it \(at(1)), theirs \(at(2))"
    case .added:
      return "\(title): added by both"
    case .deleted(let by, _):
      let keeper = by == .ours ? 2 : 1
      var done: [String] = []
      if let now = lane(keeper, id), let old = lane(0, id) {
        if !now.section.displayTitle.isExactly(old.section.displayTitle) {
          done.append("renamed \(Self.quoted(now.section.displayTitle))")
        }
        if now.index != old.index { done.append("moved") }
      }
      if done.isEmpty { done.append("changed") }
      return "\(title): \(Self.joined(done)) by \(by.other), deleted by \(by)"
    case .keptForTile(let by, let tileID):
      let put = tile(by == .ours ? 2 : 1, tileID).map { CardFace.spokenTitle($0.tile) } ?? tileID
      return "\(title): deleted by \(by), \(by.other) put \(Self.quoted(put)) in it"
    case .key(let key, _, _):
      if key == "title" {
        let (x, y) = (lane(1, id)?.section.displayTitle ?? id, lane(2, id)?.section.displayTitle ?? id)
        return "\(title): renamed \(Self.quoted(x)) by ours, \(Self.quoted(y)) by theirs"
      }
      if ExtrasKey.isFormatObject(key) { return "\(title): the lines under its heading changed by both" }
      return "\(title): its \(key) changed by both"
    case .keyOrder:
      return "\(title): its keys put in different orders by both"
    }
  }

  func fileWords(_ key: String) -> String {
    FormatRegistry.format(keeping: key)?.fileObjectConflict ?? "the file's \(key): changed by both"
  }

  /// `a`, `a and b`, `a, b and c`.
  static func joined(_ parts: [String]) -> String {
    guard parts.count > 1 else { return parts.first ?? "" }
    return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
  }
}
