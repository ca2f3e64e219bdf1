// Applying an edit script: each line resolved by ids into an index-based `Edit` against the
// arrangement as the lines before it left it, checked and applied as that edit; all of it or none.

/// Why a script line cannot be applied: a name that is not there, a place outside its section, or
/// the refusal of the edit it resolves to. `description` says it in one line.
public enum ScriptError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// No tile has this id.
  case noSuchTile(String)
  /// No section has this id.
  case noSuchSection(String)
  /// The place is outside what the section takes (`valid`: the places that may be written).
  case noSuchPlace(ScriptPlace, valid: ClosedRange<Int>)
  /// The section index is outside `valid`.
  case noSuchSectionPlace(Int, valid: ClosedRange<Int>)
  /// A key the line may not set: `id`, a section's `items`, a known key given as an unknown one, or
  /// a top-level key that is the file's structure.
  case notSettable(String)
  /// The edit the line resolves to was refused.
  case refused(EditError)

  /// Whether a policy refused (which `force` overrides).
  public var isPolicyRefusal: Bool {
    if case .refused(let error) = self { return error.isPolicyRefusal }
    return false
  }

  public var description: String {
    switch self {
    case .noSuchTile(let id): return "there is no tile \(JSONString.excerpt(id))"
    case .noSuchSection(let id): return "there is no section \(JSONString.excerpt(id))"
    case .noSuchPlace(let place, let valid):
      let places = valid.isEmpty ? "none" : "\(valid.lowerBound) to \(valid.upperBound)"
      return "\(place) is not a place (section \(JSONString.excerpt(place.section)) takes \(places))"
    case .noSuchSectionPlace(let index, let valid):
      return "\(index) is not a place for a section (places are \(valid.lowerBound) to \(valid.upperBound))"
    case .notSettable(let key): return "the key \(JSONString.excerpt(key)) cannot be set"
    case .refused(let error): return error.description
    }
  }
}

/// A refused line of a script: which (its index in the script) and why.
public struct IndexedScriptError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  public var index: Int
  public var error: ScriptError

  public init(index: Int, error: ScriptError) {
    self.index = index
    self.error = error
  }

  public var description: String { "edit \(index + 1): \(error)" }
}

/// A script as applied: the index-based edits it resolved to, in order, and the edits that undo them
/// (in the order that undoes them: the last edit's inverse first).
public struct AppliedScript: Equatable, Sendable {
  public var edits: [Edit]
  public var inverses: [Edit]
}

extension Arrangement {
  /// Applies `script` as one change: each line resolved by ids against the arrangement as the lines
  /// before it left it, checked and applied as an `Edit` (policies apply unless `force`). All of it,
  /// or — when a line is refused — none of it.
  ///
  ///     var board = Arrangement.demo
  ///     try board.apply([.move(tile: "blue", to: ScriptPlace("archive", 0)), .set(tile: "red", .title("Red!"))])
  ///
  /// - Returns: the edits applied and their inverses (for one undo step).
  /// - Throws: the first refused line's index and reason; the arrangement is then as it was.
  /// - Complexity: O(n) once for the id index, then per line about that of its edit plus the tile's
  ///   section (finding its place).
  /// With `keeping`, a line whose edit the format would not keep (`FormatTraits.refusal`: a color on a
  /// Markdown board) is refused; with `completeLanes`, a card moved into or out of a complete lane is
  /// checked or unchecked as the editor does (`completeLaneEdits`). Without `recording`, the edits and
  /// their inverses are not kept (an empty `AppliedScript`), and a refused line gives back the
  /// arrangement as it was from a copy: a caller that needs no undo step (the command line) then holds
  /// no copy of each tile an edit changed — a script of n lines each adding a key to one tile held
  /// n²/2 keys (10,000 lines: 2 GB).
  @discardableResult
  public mutating func apply(
    _ script: [ScriptEdit], force: Bool = false, keeping traits: FormatTraits? = nil, completeLanes: Bool = false,
    recording: Bool = true
  ) throws(IndexedScriptError) -> AppliedScript {
    var resolver = ScriptResolver(self)
    var applied = AppliedScript(edits: [], inverses: [])
    if recording { applied.edits.reserveCapacity(script.count) }
    let original = recording ? nil : self
    for (index, line) in script.enumerated() {
      do throws(ScriptError) {
        let edit = try resolver.resolve(line, in: self)
        if let error = check(edit, force: force) { throw .refused(error) }
        if let why = traits?.refusal(of: edit, in: self) { throw .refused(.formatCannotKeep(why)) }
        resolver.willApply(edit, in: self)
        let inverse = applyChecked(edit)
        if recording {
          applied.inverses.append(inverse)
          applied.edits.append(edit)
        }
        if completeLanes, case .moveTile(let from, let to) = edit {
          for lane in completeLaneEdits(movedTo: to, count: 1, from: from.section) {
            resolver.willApply(lane, in: self)
            let inverse = applyChecked(lane)
            if recording {
              applied.inverses.append(inverse)
              applied.edits.append(lane)
            }
          }
        }
      } catch {
        if let original {
          self = original
          throw IndexedScriptError(index: index, error: error)
        }
        for inverse in applied.inverses.reversed() { _ = applyChecked(inverse) }
        throw IndexedScriptError(index: index, error: error)
      }
    }
    applied.inverses.reverse()
    return applied
  }

  /// The index-based edits `script` resolves to, in order, for a caller that applies them itself (the
  /// editor's document): applying them to this arrangement in order does what `apply(script)` does.
  public func resolve(_ script: [ScriptEdit], force: Bool = false) throws(IndexedScriptError) -> [Edit] {
    var copy = self
    return try copy.apply(script, force: force).edits
  }
}

/// Finds tiles and sections by id while a script applies: a table from tile id to reference, and for
/// each reference the section holding it, so that a line costs its section's count, not the file's.
struct ScriptResolver {
  /// Live tiles by id.
  private var tilesByID: [ExactString: TileRef] = [:]
  /// For each store slot, the serial of the section holding the tile (-1: none).
  private var sectionOfSlot: [Int32] = []
  /// The serial of each section, in the arrangement's order.
  private var serials: [Int32] = []
  private var nextSerial: Int32 = 0
  private var indexed = false

  init(_ arrangement: Arrangement) {
    serials = (0..<arrangement.sections.count).map { Int32($0) }
    nextSerial = Int32(arrangement.sections.count)
  }

  /// The tile table, built the first time a line names a tile.
  private mutating func buildIndex(_ a: Arrangement) {
    guard !indexed else { return }
    indexed = true
    tilesByID.reserveCapacity(a.tileCount)
    sectionOfSlot = [Int32](repeating: -1, count: a.tiles.slotCount)
    for (s, section) in a.sections.enumerated() {
      for ref in section.items {
        tilesByID[ExactString(a.tiles[ref].id)] = ref
        sectionOfSlot[Int(ref.index)] = serials[s]
      }
    }
  }

  private mutating func path(ofTile id: String, in a: Arrangement) throws(ScriptError) -> ItemPath {
    buildIndex(a)
    guard let ref = tilesByID[ExactString(id)] else { throw .noSuchTile(id) }
    let serial = sectionOfSlot[Int(ref.index)]
    let s = serials.firstIndex(of: serial)!
    return ItemPath(s, a.sections[s].items.firstIndex(of: ref)!)
  }

  private func section(_ id: String, in a: Arrangement) throws(ScriptError) -> Int {
    guard let s = a.sectionIndex(ofID: id) else { throw .noSuchSection(id) }
    return s
  }

  private mutating func isTaken(_ id: String, in a: Arrangement) -> Bool {
    buildIndex(a)
    return tilesByID[ExactString(id)] != nil
  }

  /// The edit `line` means in `a`.
  mutating func resolve(_ line: ScriptEdit, in a: Arrangement) throws(ScriptError) -> Edit {
    switch line {
    case .move(let id, let place):
      let from = try path(ofTile: id, in: a)
      let s = try section(place.section, in: a)
      let count = a.sections[s].count
      // As `tilegrid move` reads TO: the section's count is the end, in the tile's own section too.
      guard place.item >= 0 && place.item <= count else { throw .noSuchPlace(place, valid: 0...count) }
      return .moveTile(from: from, to: a.destination(from: from, forPlace: ItemPath(s, place.item)))
    case .moveSection(let id, let to):
      let from = try section(id, in: a)
      let count = a.sections.count
      guard to >= 0 && to <= count else { throw .noSuchSectionPlace(to, valid: 0...count) }
      return .moveSection(SectionMove(from: from, to: min(to, count - 1)))
    case .add(let tile, let place):
      if isTaken(tile.id, in: a) { throw .refused(.tileIDTaken(tile.id)) }
      let s = try section(place.section, in: a)
      let count = a.sections[s].count
      guard place.item >= 0 && place.item <= count else { throw .noSuchPlace(place, valid: 0...count) }
      return .insertTiles([tile], at: [ItemPath(s, place.item)])
    case .delete(let id):
      return .deleteTiles(at: [try path(ofTile: id, in: a)])
    case .set(let id, let field):
      if case .other(let key, _) = field, key == "id" || TileField.knownKeys.contains(key) {
        throw .notSettable(key)
      }
      let at = try path(ofTile: id, in: a)
      return .setTile(at: at, to: a[at].setting(field))
    case .addSection(let fields, let tiles, let index):
      for tile in tiles where isTaken(tile.id, in: a) { throw .refused(.tileIDTaken(tile.id)) }
      let count = a.sections.count
      guard index >= 0 && index <= count else { throw .noSuchSectionPlace(index, valid: 0...count) }
      return .insertSection(fields.fields, tiles: tiles, at: index)
    case .deleteSection(let id):
      return .deleteSection(at: try section(id, in: a))
    case .setSection(let id, let field):
      if case .other(let key, _) = field, key == "id" || key == "items" || SectionField.knownKeys.contains(key) {
        throw .notSettable(key)
      }
      let s = try section(id, in: a)
      return .setSection(at: s, to: a.sections[s].fields.setting(field))
    case .setLayout(let field):
      if case .other(let key, _) = field, LayoutField.knownKeys.contains(key) { throw .notSettable(key) }
      return .setLayout((a.layoutSpec ?? LayoutSpec()).setting(field))
    case .replaceLayout(let spec):
      return .setLayout(spec)
    case .setFile(let key, let value):
      if ScriptEdit.reservedFileKeys.contains(key) { throw .notSettable(key) }
      var extras = a.extras
      extras.set(key, value)
      return .setFileExtras(extras)
    }
  }

  /// Keeps the tables in step with `edit`, which is about to be applied to `a` (it has been checked).
  mutating func willApply(_ edit: Edit, in a: Arrangement) {
    switch edit {
    case .moveTile(let from, let to):
      guard indexed else { return }
      sectionOfSlot[Int(a.ref(at: from).index)] = serials[to.section]
    case .moveBlock:
      preconditionFailure("scripts move one tile at a time")
    case .moveSection(let move):
      serials.moveElement(from: move.from, to: move.to)
    case .insertTiles(let tiles, let places):
      guard indexed else { return }
      for (k, tile) in tiles.enumerated() {
        let ref = TileRef(a.tiles.slotCount + k)
        tilesByID[ExactString(tile.id)] = ref
        sectionOfSlot.append(serials[places[k].section])
      }
    case .deleteTiles(let paths):
      guard indexed else { return }
      for path in paths {
        let ref = a.ref(at: path)
        tilesByID[ExactString(a.tiles[ref].id)] = nil
        sectionOfSlot[Int(ref.index)] = -1
      }
    case .insertSection(_, let tiles, let index):
      let serial = nextSerial
      nextSerial += 1
      serials.insert(serial, at: index)
      guard indexed else { return }
      for (k, tile) in tiles.enumerated() {
        tilesByID[ExactString(tile.id)] = TileRef(a.tiles.slotCount + k)
        sectionOfSlot.append(serial)
      }
    case .deleteSection(let s):
      serials.remove(at: s)
      guard indexed else { return }
      for ref in a.sections[s].items {
        tilesByID[ExactString(a.tiles[ref].id)] = nil
        sectionOfSlot[Int(ref.index)] = -1
      }
    case .setTile, .setSection, .setLayout, .setFileExtras:
      break
    }
  }
}
