import TileModel

/// Another version re-keyed to the base's ids by the cards' pairing (`CardPairing`): the arrangement
/// to give `Arrangement.diff` or `merge`, the ids its tiles have, and where its unpaired cards were
/// added (for the other side of a merge: a card both added alike after the same card is one).
///
/// Each paired card takes the base's id (and, when its color is the one its old id made up, the one
/// the base's id makes up), each paired section likewise, and a card's or heading's line that differs
/// from the base's only by its title or checkbox is written as the base's (the writer writes it again
/// from the title, so the bytes are the same), so that a rename is one `set … title` and the merge
/// takes the title and the lines apart. A card left over keeps its id unless the base (or, for
/// theirs, ours) has it, when it gets the first free `ID-N`; one theirs added alike to one ours added
/// (the same lines, after the same paired card or first in the same lane) takes ours's id: one card
/// (`bothAddedAlike`).
struct Rekeying {
  /// An unpaired card: its exact lines, and the base id of the paired card before it in its section
  /// (or its section's id, after a newline, when it is first).
  struct AddKey: Hashable {
    var text: UInt64
    var after: String
  }

  var arrangement: Arrangement
  /// The ids of the cards left unpaired (added), as they are now; the paired ones have the base's.
  var ids: Set<ExactString> = []
  var adds: [AddKey: [String]] = [:]

  init(
    base version: CardPairing.Version, other: Arrangement, _ otherKind: CardPairing.Kind,
    pairing paired: CardPairing? = nil, avoiding: Set<ExactString> = [], sharing: [AddKey: [String]] = [:],
    baseBlankLines: Bool = false
  ) {
    let base = version.arrangement
    let matching = paired ?? CardPairing(base: version, other: CardPairing.Version(other, otherKind))
    let baseTiles = matching.baseTiles
    // The base's ids, and every id a fresh one must not be: made only when an unpaired card needs
    // them (with no card added, a million ids are never hashed).
    var baseIDs: Set<ExactString>?
    func isBaseID(_ id: String) -> Bool {
      if baseIDs == nil { baseIDs = Set(baseTiles.lazy.map { ExactString($0.id) }) }
      return baseIDs!.contains(ExactString(id))
    }
    var taken: Set<ExactString>?
    func fresh(_ id: String) -> String {
      if taken == nil {
        var all = avoiding
        for tile in baseTiles { all.insert(ExactString(tile.id)) }
        for tile in matching.otherTiles { all.insert(ExactString(tile.id)) }
        taken = all
      }
      var n = 2
      while taken!.contains(ExactString("\(id)-\(n)")) { n += 1 }
      taken!.insert(ExactString("\(id)-\(n)"))
      return "\(id)-\(n)"
    }

    // Sections.
    let baseSectionIDs = Set(base.sections.map { ExactString($0.id) })
    var sectionIDs = Set(other.sections.map { ExactString($0.id) })
    var used = sharing
    // Only what changes is replaced, in a copy: a version that is mostly the base's is not rebuilt.
    var result = other
    var j = 0
    for (t, section) in other.sections.enumerated() {
      var fields = section
      if matching.sectionMatch[t] >= 0 {
        let like = base.sections[matching.sectionMatch[t]]
        fields.id = like.id
        fields = Self.normalized(fields, like: like)
      } else if baseSectionIDs.contains(ExactString(section.id)) {
        var n = 2
        while baseSectionIDs.contains(ExactString("\(section.id)-\(n)")) || sectionIDs.contains(ExactString("\(section.id)-\(n)")) {
          n += 1
        }
        fields.id = "\(section.id)-\(n)"
        sectionIDs.insert(ExactString(fields.id))
      }
      if !fields.id.isExactly(section.id) || !fields.extras.isExactly(section.extras) {
        _ = result.applyChecked(.setSection(at: t, to: fields))
      }
      var after = "\n" + fields.id
      for i in 0..<section.count {
        defer { j += 1 }
        let k = matching.tileMatch[j]
        if k >= 0 && !baseBlankLines && Self.keepsAsIs(matching.otherTiles, j, baseTiles, Int(k)) {
          after = baseTiles[Int(k)].id
          continue
        }
        var tile = matching.otherTiles[j]
        let oldID = tile.id
        var changed = false
        if k >= 0 {
          let like = baseTiles[Int(k)]
          if !tile.id.isExactly(like.id) {
            tile.id = like.id
            changed = true
          }
          if Self.differ(tile.displayTitle, like.displayTitle) || tile.checkbox != like.checkbox {
            tile = Self.normalized(tile, like: like)
            changed = true
          }
          if baseBlankLines, let blanks = Self.baseBlanks(tile, like: like) {
            tile = blanks
            changed = true
          }
          after = like.id
        } else if otherKind.covers(tile) {
          let key = AddKey(text: CardText.exactPrint(of: tile), after: after)
          if var shared = used[key], !shared.isEmpty {
            // Both added alike.
            tile.id = shared.removeFirst()
            used[key] = shared
            changed = true
          } else if isBaseID(tile.id) || avoiding.contains(ExactString(tile.id)) {
            tile.id = fresh(tile.id)
            changed = true
          }
          adds[key, default: []].append(tile.id)
          ids.insert(ExactString(tile.id))
        } else {
          ids.insert(ExactString(tile.id))
        }
        guard changed else { continue }
        if !tile.id.isExactly(oldID), tile.color == DefaultColors.color(forTileID: oldID) {
          tile.color = DefaultColors.color(forTileID: tile.id)
        }
        _ = result.applyChecked(.setTile(at: ItemPath(t, i), to: tile))
      }
    }
    arrangement = result
  }

  /// Whether the paired tile `others[j]` stays as it is, being its base tile `bases[i]`'s: the same
  /// id, title and checkbox (nearly every tile of a side). Read where the tiles are, without copying
  /// either out: copying two tiles for each of a hundred thousand cards was most of the re-keying.
  static func keepsAsIs(_ others: [Tile], _ j: Int, _ bases: [Tile], _ i: Int) -> Bool {
    others.withUnsafeBufferPointer { others in
      bases.withUnsafeBufferPointer { bases in
        others[j].id.isExactly(bases[i].id) && !differ(others[j].displayTitle, bases[i].displayTitle)
          && others[j].checkbox == bases[i].checkbox
      }
    }
  }

  /// `a != b` (canonical equivalence, as `String` compares), the same bytes first: they are equal,
  /// and nearly every paired title is its base's, which `!=` would compare by normalizing them.
  static func differ(_ a: String, _ b: String) -> Bool {
    !a.isExactly(b) && a != b
  }

  /// A paired card's item line written as the base's when it differs from it only by the title or the
  /// checkbox: the writer makes the same line again from the base's, and the two versions' lines
  /// compare equal.
  static func normalized(_ tile: Tile, like base: Tile) -> Tile {
    let key = MarkdownBoard.key
    guard differ(tile.displayTitle, base.displayTitle) || tile.checkbox != base.checkbox,
      let object = tile.formatObject(key), var lines = object["lines"]?.array, let first = lines.first?.string,
      let baseFirst = base.formatObject(key)?["lines"]?.array?.first?.string, !first.utf8.elementsEqual(baseFirst.utf8),
      let item = ItemLine(baseFirst), !tile.displayTitle.utf8.contains(where: MarkdownBoard.isBreak),
      (String(item.prefix(of: baseFirst, checked: tile.checkbox)) + tile.displayTitle).utf8.elementsEqual(first.utf8)
    else { return tile }
    lines[0] = .string(baseFirst)
    var tile = tile
    tile.extras = replacing(key, "lines", with: .array(lines), in: tile.extras)
    return tile
  }

  /// A paired card whose lines differ from the base's only by the blank lines after them, with the
  /// base's blank lines: a blank line belongs to the line above it (so that a move and its reverse give
  /// back the bytes), so the last card of a lane carries the lane's blank line, and a card that only
  /// changed places with its neighbour would otherwise read as changed in both versions (`diff` a
  /// `set … markdown` line, `merge` a conflict where git is clean). Nil when there is nothing to do.
  static func baseBlanks(_ tile: Tile, like base: Tile) -> Tile? {
    for key in FormatRegistry.headed.map(\.key) {
      guard let object = tile.formatObject(key), let lines = object["lines"]?.array,
        let baseLines = base.formatObject(key)?["lines"]?.array
      else { continue }
      func text(_ lines: [JSONValue]) -> ArraySlice<JSONValue> {
        var end = lines.count
        while end > 0, let line = lines[end - 1].string, line.isBlankLine { end -= 1 }
        return lines[..<end]
      }
      let (mine, theirs) = (text(lines), text(baseLines))
      guard mine.count == theirs.count, lines.count != baseLines.count || lines != baseLines,
        zip(mine, theirs).allSatisfy({ a, b in
          guard let a = a.string, let b = b.string else { return a == b }
          return a.utf8.elementsEqual(b.utf8)
        })
      else { continue }
      var blanks = Array(mine)
      blanks.append(contentsOf: baseLines[theirs.count...])
      var tile = tile
      tile.extras = replacing(key, "lines", with: .array(blanks), in: tile.extras)
      return tile
    }
    return nil
  }

  /// A paired section's heading written as the base's when it differs only by the title.
  static func normalized(_ section: Section, like base: Section) -> Section {
    guard section.displayTitle != base.displayTitle else { return section }
    for (key, format) in FormatRegistry.headed {
      guard let heading = section.formatObject(key)?["heading"]?.string,
        let baseHeading = base.formatObject(key)?["heading"]?.string, !heading.utf8.elementsEqual(baseHeading.utf8)
      else { continue }
      guard let prefix = format.headingPrefix(like: baseHeading) else { continue }
      guard (prefix + section.displayTitle).utf8.elementsEqual(heading.utf8) else { continue }
      var section = section
      section.extras = replacing(key, "heading", with: .string(baseHeading), in: section.extras)
      return section
    }
    return section
  }

  /// `extras` with member `member` of the object `key` set to `value`.
  static func replacing(_ key: String, _ member: String, with value: JSONValue, in extras: [JSONField]) -> [JSONField] {
    extras.map { field in
      guard field.key == key, var object = field.value.object else { return field }
      object = object.map { $0.key == member ? JSONField(member, value) : $0 }
      return JSONField(key, .object(object))
    }
  }
}
