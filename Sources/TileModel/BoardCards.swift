// What a board's cards and lanes say about being done, as the text formats keep it in unknown keys
// (docs/formats.md, "What is kept, and where"): a card's checkbox is its `checked` key; a lane whose
// text under the heading has a line `**Complete**` is Obsidian Kanban's complete lane.

extension Tile {
  /// The checkbox as a format keeps it: `checked` as `true`/`false`, or as text from a table's column
  /// (`true`, `x`, `yes`, `1`; `false`, empty, `no`, `0`); nil when the tile has none.
  public var checkbox: Bool? {
    switch extras.first(where: { $0.key == "checked" })?.value {
    case .bool(let b)?: return b
    case .string(let s)?:
      switch s.lowercased() {
      case "true", "x", "yes", "1": return true
      case "false", "", " ", "no", "0": return false
      default: return nil
      }
    default: return nil
    }
  }

  /// The lines a Markdown board keeps for the card (its item line first, then the lines under it, as
  /// written, without their line endings), or none for a tile that did not come from one.
  public var markdownLines: [String] {
    guard case .object(let md)? = extras.first(where: { $0.key == "markdown" })?.value,
      case .array(let lines)? = md.first(where: { $0.key == "lines" })?.value
    else { return [] }
    return lines.compactMap { line in
      if case .string(let text) = line { return text }
      return nil
    }
  }

  /// The tile with its checkbox set to `checked` (added after its other keys when it had none).
  public func withCheckbox(_ checked: Bool) -> Tile {
    var tile = self
    if let k = tile.extras.firstIndex(where: { $0.key == "checked" }) {
      tile.extras[k].value = .bool(checked)
    } else {
      tile.extras.insert(JSONField("checked", .bool(checked)), at: 0)
    }
    return tile
  }
}

extension Section {
  /// Whether the lane checks off the cards moved into it: a line `**Complete**` in the Markdown text
  /// under its heading (Obsidian Kanban's "mark cards in this list as complete").
  public var isCompleteLane: Bool {
    guard case .object(let md)? = extras.first(where: { $0.key == "markdown" })?.value,
      case .array(let lines)? = md.first(where: { $0.key == "lines" })?.value
    else { return false }
    return lines.contains { line in
      guard case .string(let text) = line else { return false }
      return text.trimmingBlanks == "**Complete**"
    }
  }
}

extension Arrangement {
  /// The checkbox edits a move brings in Obsidian Kanban's complete lanes (`isCompleteLane`), as the
  /// editor, `move` and `apply` make them alike: the `count` cards from `first`, just moved there from
  /// section `from`, checked when they are now in a complete lane they did not come from, unchecked
  /// when they left one for another lane. None when nothing changes.
  public func completeLaneEdits(movedTo first: ItemPath, count: Int, from: Int) -> [Edit] {
    let to = first.section
    guard to != from, sections.indices.contains(to), sections.indices.contains(from) else { return [] }
    let entering = sections[to].isCompleteLane
    guard entering || sections[from].isCompleteLane else { return [] }
    var edits: [Edit] = []
    for k in 0..<count {
      let path = ItemPath(first.section, first.item + k)
      guard contains(path) else { break }
      let tile = self[path]
      if tile.checkbox != entering { edits.append(.setTile(at: path, to: tile.withCheckbox(entering))) }
    }
    return edits
  }
}

extension String {
  /// The text without blanks, CR or LF at its ends.
  fileprivate var trimmingBlanks: Substring {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
    guard let start = firstIndex(where: { !blank($0) }), let end = lastIndex(where: { !blank($0) }) else { return "" }
    return self[start...end]
  }
}

/// What a file's format can keep of an edit, for refusing one it would drop at save (docs/editing.md,
/// "What a format keeps"): JSON keeps everything; Markdown boards and lines keep no colors, widths,
/// locks or limits; CSV and TSV keep colors, widths and locks in their columns.
public struct FormatTraits: Equatable, Sendable {
  /// How messages name a file of the format: `A Markdown board`, `A lines file`.
  public var name: String
  public var keepsColors: Bool
  public var keepsWidths: Bool
  public var keepsLocks: Bool
  public var keepsSectionLocks: Bool
  public var keepsLimits: Bool
  /// Whether `v` is kept in the file (a `layout`), or only a view.
  public var keepsLayout: Bool
  /// Whether cards have checkboxes (`X`).
  public var keepsCheckboxes: Bool
  /// Whether a color makes the file gain a column the first time (CSV, TSV without one).
  public var addsColorColumn: Bool

  public init(
    name: String, keepsColors: Bool, keepsWidths: Bool, keepsLocks: Bool, keepsSectionLocks: Bool,
    keepsLimits: Bool, keepsLayout: Bool, keepsCheckboxes: Bool, addsColorColumn: Bool = false
  ) {
    self.name = name
    self.keepsColors = keepsColors
    self.keepsWidths = keepsWidths
    self.keepsLocks = keepsLocks
    self.keepsSectionLocks = keepsSectionLocks
    self.keepsLimits = keepsLimits
    self.keepsLayout = keepsLayout
    self.keepsCheckboxes = keepsCheckboxes
    self.addsColorColumn = addsColorColumn
  }

  /// TileGrid's JSON: everything (a checkbox is its `checked` key, kept as every unknown key is).
  public static let everything = FormatTraits(
    name: "A TileGrid file", keepsColors: true, keepsWidths: true, keepsLocks: true, keepsSectionLocks: true,
    keepsLimits: true, keepsLayout: true, keepsCheckboxes: true)

  /// `A Markdown board keeps no colors`, or nil when the format keeps them; likewise for the others.
  public var noColors: String? { keepsColors ? nil : "\(name) keeps no colors" }
  public var noWidths: String? { keepsWidths ? nil : "\(name) keeps no widths" }
  public var noLocks: String? { keepsLocks ? nil : "\(name) keeps no locks" }
  public var noSectionLocks: String? { keepsSectionLocks ? nil : "\(name) keeps no locked sections" }
  public var noLimits: String? { keepsLimits ? nil : "\(name) keeps no limits" }
  public var noCheckboxes: String? { keepsCheckboxes ? nil : "\(name) keeps no checkboxes" }

  /// Why the format refuses `edit` of `arrangement` (`A Markdown board keeps no colors`), or nil when it
  /// keeps it. Only what a person asks for is judged: a color, a width, a lock, a limit set where there
  /// was none; clearing one, and every move, add, rename or delete, is kept.
  public func refusal(of edit: Edit, in arrangement: Arrangement) -> String? {
    switch edit {
    case .setTile(let path, let tile):
      guard arrangement.contains(path) else { return nil }
      let old = arrangement[path]
      if !keepsColors && tile.color != old.color { return "\(name) keeps no colors" }
      if !keepsWidths && tile.width != old.width && tile.width != nil { return "\(name) keeps no widths" }
      if !keepsLocks && tile.locked != old.locked && tile.locked == true { return "\(name) keeps no locks" }
      if !keepsCheckboxes && tile.checkbox != old.checkbox { return "\(name) keeps no checkboxes" }
    case .setSection(let s, let section):
      guard arrangement.sections.indices.contains(s) else { return nil }
      let old = arrangement.sections[s]
      if !keepsLimits && section.maxItems != old.maxItems && section.maxItems != nil {
        return "\(name) keeps no limits"
      }
      if !keepsSectionLocks && section.locked != old.locked && section.locked == true {
        return "\(name) keeps no locked sections"
      }
    case .setLayout(let spec):
      if !keepsLayout && spec != arrangement.layoutSpec && spec != nil { return "\(name) keeps no layout" }
    case .insertTiles(let tiles, _), .insertSection(_, let tiles, _):
      for tile in tiles {
        if !keepsWidths && tile.width != nil { return "\(name) keeps no widths" }
        if !keepsLocks && tile.locked == true { return "\(name) keeps no locks" }
      }
    default: break
    }
    return nil
  }
}
