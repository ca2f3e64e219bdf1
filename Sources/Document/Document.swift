import GridLayout
import TileModel

/// Where a document's `s` saves.
public enum SaveTarget: Equatable, Hashable, Sendable {
  /// The file the arrangement came from (or was last saved as).
  case file
  /// Standard output, when the editor quits (pipe mode: the arrangement came from standard input).
  case standardOutput
  /// Nowhere yet (the built-in demo, a new arrangement): ask for a file name.
  case askForPath
}

/// An arrangement being edited: the arrangement and its layout kept in step, the history of edits
/// (undo and redo), the saved point, the name and where it saves. Every change to the arrangement —
/// a drag's step, a typed move, an added or renamed tile, an applied script, a merge — is an `Edit`
/// that goes through here: nothing else changes it (docs/editing.md).
///
///     var document = Document(arrangement: .demo, viewport: Size(width: 80, height: 22))
///     try document.perform([.deleteTiles(at: [ItemPath(0, 0)])])   // one undo step
///     document.isDirty                                              // true
///     document.undo()                                               // blue is back, whole
///     document.isDirty                                              // false
///
/// A gesture in progress changes the arrangement as it goes (`apply`: the layout follows, so the next
/// target is found in it) and is recorded once, when it ends (`record`), as one step.
public struct Document: Sendable {
  /// The arrangement, with every edit applied so far.
  public private(set) var arrangement: Arrangement
  /// The arrangement's layout for the viewport's size, kept in step with every edit.
  public private(set) var layout: FlowLayout
  /// Undo and redo.
  public private(set) var history = History()
  /// The name to show (a file's path as given), or nil for the built-in demo.
  public var name: String?
  /// Where `s` saves.
  public var saveTarget: SaveTarget
  /// The history's state when last saved (or opened).
  private var savedStateID: Int
  /// The arrangement as last saved, once the history can no longer lead back to it (it was undone,
  /// then other steps were recorded).
  private var savedSnapshot: Arrangement?
  /// The tile ids, once an edit that adds tiles needs them (building them costs a pass over every
  /// tile, which opening a file should not pay).
  private var tileIDs: TileIDSet?

  /// A document for `arrangement`, laid out for `viewport`, at its saved point.
  /// - Complexity: that of `FlowLayout(arrangement:viewport:)`.
  public init(
    arrangement: Arrangement, viewport: Size, name: String? = nil, saveTarget: SaveTarget = .askForPath,
    view: LayoutView = .file
  ) {
    self.arrangement = arrangement
    self.view = view
    self.layout = FlowLayout(
      arrangement: arrangement, viewport: viewport, parameters: view.parameters(for: arrangement, viewport: viewport))
    self.name = name
    self.saveTarget = saveTarget
    savedStateID = history.stateID
  }

  /// Whether there are changes since the document was opened or last saved: the history is not at
  /// the saved point (an undo back to it is no change).
  public var isDirty: Bool { history.stateID != savedStateID }

  /// The document was saved as it is now.
  public mutating func markSaved() {
    savedStateID = history.stateID
    savedSnapshot = nil
  }

  /// The arrangement as it was when the document was opened or last saved (what the file on disk
  /// held then): for a three-way merge with the file as it is now, and to show what changed since.
  /// - Complexity: the edits between here and the saved point, on a copy (whose storage is shared
  ///   until the copy changes).
  public func arrangementAtSavedPoint() -> Arrangement {
    if let savedSnapshot { return savedSnapshot }
    var copy = arrangement
    guard let target = history.position(ofState: savedStateID) else { return copy }
    walk(&copy, from: history.position, to: target)
    return copy
  }

  /// Applies the history's steps to `arrangement` to bring it from position `from` to `to`.
  private func walk(_ arrangement: inout Arrangement, from: Int, to: Int) {
    if to < from {
      for step in history.steps[to..<from].reversed() { for edit in step.inverses { _ = arrangement.applyChecked(edit) } }
    } else {
      for step in history.steps[from..<to] { for edit in step.edits { _ = arrangement.applyChecked(edit) } }
    }
  }

  /// Before a step is recorded: when the saved point is among the steps that recording drops (they
  /// were undone), the saved arrangement is kept as it is, since the history will not lead to it.
  /// `applied` are the inverses of what was applied to the arrangement since the history's position.
  private mutating func keepSavedPoint(undoing applied: [Edit]) {
    guard savedSnapshot == nil, let target = history.position(ofState: savedStateID), target > history.position
    else { return }
    var copy = arrangement
    for edit in applied { _ = copy.applyChecked(edit) }
    walk(&copy, from: history.position, to: target)
    savedSnapshot = copy
  }

  /// Lays the arrangement out again for another viewport size; lanes keep their scroll. - Complexity:
  /// O(n) at worst.
  public mutating func relayout(viewport: Size) {
    let tops = layout.allLaneTops
    layout = FlowLayout(
      arrangement: arrangement, viewport: viewport, parameters: view.parameters(for: arrangement, viewport: viewport))
    layout.restoreLaneTops(tops)
  }

  /// Lanes: scrolls lane `s` so that its first card shown is `top` (kept within range); returns the
  /// change in cards. A view's scroll, not an edit: nothing is recorded. - Complexity: O(1).
  @discardableResult
  public mutating func scrollLane(_ s: Int, to top: Int) -> Int {
    layout.setLaneTop(s, to: top)
  }

  /// Lanes: scrolls the tile's lane the least that shows it; returns the change in cards.
  @discardableResult
  public mutating func revealCard(at path: ItemPath) -> Int {
    layout.revealCard(path.item, inLane: path.section)
  }

  /// How the arrangement is shown: by its own layout, or as lanes side by side (a view the file does
  /// not keep unless its format keeps a layout). Changing it lays everything out again.
  public var view: LayoutView {
    didSet { if view != oldValue { relayout(viewport: layout.viewport) } }
  }

  /// After sections are added or removed, lanes may get another width: laid out again when they do
  /// (not in the file's own layout, whose parameters never depend on the sections).
  private mutating func followLaneWidth() {
    guard view != .file else { return }
    if view.parameters(for: arrangement, viewport: layout.viewport) != layout.parameters {
      relayout(viewport: layout.viewport)
    }
  }

  // MARK: - Edits

  /// Why `perform([edit], force: force)` would refuse `edit`, or nil: `Arrangement.check`, and for added
  /// tiles whether their ids are new (which needs the id index, built at the first such check).
  public mutating func check(_ edit: Edit, force: Bool = false) -> EditError? {
    if let error = arrangement.check(edit, force: force) { return error }
    let added: [Tile]
    switch edit {
    case .insertTiles(let tiles, _), .insertSection(_, let tiles, _): added = tiles
    default: return nil
    }
    let ids = tileIDSet()
    for tile in added where ids.contains(tile.id, in: arrangement) { return .tileIDTaken(tile.id) }
    return nil
  }

  /// Checks and applies `edits` in order as one undo step: all of them, or none when one is refused.
  /// Returns the step recorded (nil when `edits` is empty). Refused while a gesture is open (its moves
  /// are applied but not recorded yet: a step now would be recorded in the wrong order).
  /// - Throws: the first refused edit's index and reason; nothing changed.
  @discardableResult
  public mutating func perform(_ edits: [Edit], force: Bool = false) throws(IndexedEditError) -> Step? {
    guard !edits.isEmpty else { return nil }
    guard !gestureOpen else { throw IndexedEditError(index: 0, error: .gestureInProgress) }
    var inverses: [Edit] = []
    for (index, edit) in edits.enumerated() {
      if let error = check(edit, force: force) {
        for inverse in inverses.reversed() { _ = applyChecked(inverse) }
        throw IndexedEditError(index: index, error: error)
      }
      inverses.append(applyChecked(edit))
    }
    let step = Step(edits: edits, inverses: inverses.reversed())
    keepSavedPoint(undoing: step.inverses)
    history.record(step)
    return step
  }

  /// Makes `edits` part of the last step (the one `undo` would undo, when nothing is to redo): all of
  /// them or none. For what follows from a step, such as a card checked by the lane it was dropped into.
  /// - Throws: the first refused edit's index and reason; nothing changed.
  public mutating func amendLastStep(_ edits: [Edit]) throws(IndexedEditError) {
    guard !edits.isEmpty else { return }
    guard !gestureOpen, history.canUndo, !history.canRedo else {
      throw IndexedEditError(index: 0, error: .gestureInProgress)
    }
    var inverses: [Edit] = []
    for (index, edit) in edits.enumerated() {
      if let error = check(edit) {
        for inverse in inverses.reversed() { _ = applyChecked(inverse) }
        throw IndexedEditError(index: index, error: error)
      }
      inverses.append(applyChecked(edit))
    }
    history.amendLast(edits: edits, inverses: inverses.reversed())
  }

  /// Applies an edit of a gesture in progress, which the caller has checked (a precondition), without
  /// recording it; returns its inverse. The gesture is open from its first `apply` until it records
  /// its whole change with `record`, or ends with `endGesture` (cancelled: everything put back with
  /// the inverses, or nothing changed); meanwhile `perform`, `undo` and `redo` refuse.
  @discardableResult
  package mutating func apply(_ edit: Edit) -> Edit {
    gestureOpen = true
    return applyChecked(edit)
  }

  /// Records as one undo step `edits` that are already applied (a gesture's whole change), undone by
  /// `inverses`, and closes the gesture.
  package mutating func record(_ edits: [Edit], undoneBy inverses: [Edit]) {
    keepSavedPoint(undoing: inverses)
    history.record(Step(edits: edits, inverses: inverses))
    gestureOpen = false
  }

  /// A gesture ended without a change to record (cancelled and put back, or dropped where it began).
  package mutating func endGesture() {
    gestureOpen = false
  }

  /// Whether a gesture's moves are applied but not recorded yet.
  public private(set) var gestureOpen = false

  /// What the edits applied since the last `takeChanges` did to tiles, by reference: for indexes kept
  /// beside the arrangement (a find's, marks), which follow them without a pass over every tile.
  public struct Changes: Equatable, Sendable {
    /// Tiles taken out (their slots stay, unreferenced).
    public var removed: [TileRef] = []
    /// Tiles whose fields were replaced in their slots.
    public var replaced: [TileRef] = []
    /// Tiles put in (new slots).
    public var added: [TileRef] = []
  }

  private var changes = Changes()

  /// The tiles changed since the last call, and forgets them.
  public mutating func takeChanges() -> Changes {
    defer { changes = Changes() }
    return changes
  }

  /// Undoes the last step and returns it; nil when there is nothing to undo (or a gesture is open).
  @discardableResult
  public mutating func undo() -> Step? {
    guard !gestureOpen, let step = history.undo() else { return nil }
    for inverse in step.inverses { _ = applyChecked(inverse) }
    return step
  }

  /// Redoes the next undone step and returns it; nil when there is nothing to redo (or a gesture is
  /// open).
  @discardableResult
  public mutating func redo() -> Step? {
    guard !gestureOpen, let step = history.redo() else { return nil }
    for edit in step.edits { _ = applyChecked(edit) }
    return step
  }

  // MARK: - Ids for new tiles and sections

  /// An id made from `title` that no tile has (`IDs`: `buy-milk`, then `buy-milk-2`, …).
  public mutating func newTileID(forTitle title: String) -> String {
    let ids = tileIDSet()
    return IDs.unique(slug: IDs.slug(forTitle: title, fallback: "tile")) { ids.contains($0, in: arrangement) }
  }

  /// An id made from `title` that no section has.
  public func newSectionID(forTitle title: String) -> String {
    IDs.unique(slug: IDs.slug(forTitle: title, fallback: "section")) { arrangement.sectionIndex(ofID: $0) != nil }
  }

  private mutating func tileIDSet() -> TileIDSet {
    if let tileIDs { return tileIDs }
    let ids = TileIDSet(arrangement)
    tileIDs = ids
    return ids
  }

  // MARK: - Keeping the arrangement, the layout and the id index in step

  /// Applies a checked edit to the arrangement, the layout and the id index, and returns its inverse.
  private mutating func applyChecked(_ edit: Edit) -> Edit {
    // Tiles taken out or replaced, by reference, before the references change; ids of tiles taken out
    // leave the index while their tiles are still there to confirm them.
    var removed: [TileRef] = []
    switch edit {
    case .deleteTiles(let paths): removed = paths.map { arrangement.ref(at: $0) }
    case .deleteSection(let s): removed = arrangement.sections[s].items
    case .setTile(let path, _): changes.replaced.append(arrangement.ref(at: path))
    default: break
    }
    changes.removed += removed
    if tileIDs != nil {
      for ref in removed { tileIDs!.remove(arrangement[ref].id, in: arrangement) }
    }
    let inverse = arrangement.applyChecked(edit)
    switch edit {
    case .moveTile(let from, let to):
      layout.moveItem(from: from, to: to)
    case .moveBlock(let block):
      layout.moveBlock(block)
    case .moveSection(let move):
      layout.moveSection(move)
    case .setTile(let path, let tile):
      layout.setWidth(tile.width, ofItemAt: path)
    case .insertTiles(let tiles, let places):
      layout.insertItems(widths: tiles.map(\.width), at: places)
    case .deleteTiles(let paths):
      layout.removeItems(at: paths)
    case .insertSection(_, let tiles, let index):
      layout.insertSection(at: index, widths: tiles.map(\.width))
      followLaneWidth()
    case .deleteSection(let s):
      _ = layout.removeSection(at: s)
      followLaneWidth()
    case .setLayout:
      // Every parameter may have changed: everything is laid out again.
      relayout(viewport: layout.viewport)
    case .setSection, .setFileExtras:
      break
    }
    var added: [TileRef] = []
    switch edit {
    case .insertTiles(_, let places): added = places.map { arrangement.ref(at: $0) }
    case .insertSection(_, _, let index): added = arrangement.sections[index].items
    default: break
    }
    changes.added += added
    if tileIDs != nil {
      for ref in added { tileIDs!.insert(arrangement[ref].id, ref) }
    }
    return inverse
  }
}
