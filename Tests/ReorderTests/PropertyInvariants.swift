import Document
import Canvas
import TerminalInput
import GridLayout
import TileModel

@testable import Editor
@testable import Reorder

/// A broken property: which one (`kind`, used to keep a failure the same while shrinking it), what was
/// seen, and after which event (-1: the initial state).
struct PropertyFailure: Error, CustomStringConvertible {
  var kind: String
  var message: String
  var eventIndex = -1

  var description: String { "[\(kind)] after event #\(eventIndex): \(message)" }
}

/// Properties checked only where asked for, each by a test of its own, so that a stream stopped by
/// one of them still checks everything else in the other tests.
struct PropertyExtraChecks: OptionSet, Sendable {
  let rawValue: Int

  /// No timer is left overdue after an event: each fires at its own due time, not at the next event.
  static let timers = PropertyExtraChecks(rawValue: 1)
  /// No move of a mouse drag undoes the one before without a reversal of the drag (`PropertyDragWatch`).
  static let flipFlop = PropertyExtraChecks(rawValue: 2)
}

/// Fails with `kind` and `message` unless `condition` holds.
func propertyRequire(_ condition: Bool, _ kind: String, _ message: @autoclosure () -> String) throws(PropertyFailure) {
  if !condition { throw PropertyFailure(kind: kind, message: message()) }
}

/// What the trace of `tilegrid play --trace` lists, as values: the engine's happenings without the
/// ones the trace leaves out (focus changes, notices).
enum PropertyTrace: Equatable {
  case lift(ItemPath)
  case move(ItemPath, ItemPath)
  case refused(ItemPath, EditError)
  case drop(ItemPath)
  case cancel
  case scroll(Int)
  /// Lanes: a lane scrolled on its own (section, cards).
  case laneScroll(Int, Int)
  case undo
  case redo
  case mark(ItemPath)
  case unmark(ItemPath)
  case unmarkAll(Int)
  case liftBlock(lead: ItemPath, count: Int, run: ItemPath)
  case moveBlock(ItemPath, ItemPath)
  case dropBlock(ItemPath)
  case liftSection(Int)
  case moveSection(Int, Int)
  case refusedSection(Int, EditError)
  case dropSection(Int)
  /// A typed move: the step it made (a tile, or the marked tiles).
  case place(Edit)
  /// A typed move that was refused: nothing moved.
  case placeRefused(ItemPath, EditError)
  /// An editing key changed the subject (one step; several tiles of one step are several traces).
  case edit(EditCommand.Outcome, Subject)
  /// An edit was refused: nothing changed.
  case editRefused(EditCommand.Outcome, Subject)

  init?(_ happening: EditorHappening) {
    switch happening {
    case .gesture(let happening): self.init(happening)
    case .undone: self = .undo
    case .redone: self = .redo
    case .edited(let outcome, let subject): self = .edit(outcome, subject)
    case .refused(let outcome, let subject, _): self = .editRefused(outcome, subject)
    case .merged, .nothingToUndo, .nothingToRedo: return nil
    }
  }

  init?(_ happening: Happening) {
    switch happening {
    case .lifted(.tile(let p), _): self = .lift(p)
    case .lifted(.block(let run, let count), let lead?): self = .liftBlock(lead: lead, count: count, run: run)
    case .lifted(.section(let s), _): self = .liftSection(s)
    case .moved(.tile(let a), .tile(let b)): self = .move(a, b)
    case .moved(.block(let a, _), .block(let b, _)): self = .moveBlock(a, b)
    case .moved(.section(let a), .section(let b)): self = .moveSection(a, b)
    case .refused(.section(let s), let reason): self = .refusedSection(s, reason)
    case .refused(.tile(let p), let reason), .refused(.block(let p, _), let reason): self = .refused(p, reason)
    case .dropped(.tile(let p), _): self = .drop(p)
    case .dropped(.block(let p, _), _): self = .dropBlock(p)
    case .dropped(.section(let s), _): self = .dropSection(s)
    case .cancelled: self = .cancel
    case .scrolled(let d): self = .scroll(d)
    case .laneScrolled(let s, let d): self = .laneScroll(s, d)
    case .marked(let p): self = .mark(p)
    case .unmarked(let p): self = .unmark(p)
    case .marksCleared(let n): self = .unmarkAll(n)
    case .placed(let edit): self = .place(edit)
    case .placeRefused(let place, let reason): self = .placeRefused(place, reason)
    case .lifted, .moved, .focused, .nothingToLift, .blocked: return nil
    }
  }

  /// A move of any kind: a tile, a block's run, or a section.
  var isMove: Bool {
    switch self {
    case .move, .moveBlock, .moveSection, .place: return true
    default: return false
    }
  }

  var isEdit: Bool {
    if case .edit = self { return true }
    return false
  }

  var isScroll: Bool {
    switch self {
    case .scroll, .laneScroll: return true
    default: return false
    }
  }

  /// The traced happenings of `effects`; any other effect (save, quit) is a failure: the streams never
  /// ask to save or quit.
  static func parse(_ effects: [EditorEffect]) throws(PropertyFailure) -> [PropertyTrace] {
    var traces: [PropertyTrace] = []
    for effect in effects {
      guard case .happened(let happening) = effect else {
        throw PropertyFailure(kind: "effect", message: "unexpected effect \(effect)")
      }
      if let trace = PropertyTrace(happening) { traces.append(trace) }
    }
    return traces
  }
}

/// What the arrangement must be, worked out from the trace alone: every traced move is replayed on a
/// copy (and must pass the policies), marks are followed by tile id, a block's gathering is worked out
/// from the marks and checked against the trace, cancel returns to the arrangement from before the
/// lift, and undo and redo walk a list of the arrangements each completed drag left. After every event
/// the engine's arrangement must equal the model's.
struct PropertyModel {
  enum Lifted: Equatable {
    case tile(id: String)
    /// A block: the lifted tile, the block's tiles in order, and where its run starts now.
    case block(lead: String, ids: [String], run: ItemPath)
    case section(id: String)
  }

  struct Drag {
    var lifted: Lifted
    /// A tile's or block's lifted tile's place, or a section's index, when lifted.
    var origin: ItemPath
    /// The arrangement just before the lift: what cancel must restore.
    var snapshot: Arrangement
  }

  let original: Arrangement
  var expected: Arrangement
  /// The arrangement after each recorded history step; `committed[0]` is the original.
  var committed: [Arrangement]
  var position = 0
  var drag: Drag?
  /// The marked tiles, by id.
  var marked: Set<String> = []
  /// Whether an edit (not a move) has been made: tiles are then no longer a permutation of the
  /// original's.
  var edited = false

  init(original: Arrangement) {
    self.original = original
    expected = original
    committed = [original]
  }

  /// The undo steps the engine should have.
  var undoable: Int { position }
  var redoable: Int { committed.count - 1 - position }

  /// The marked tiles' places in reading order.
  var markedPaths: [ItemPath] {
    expected.sections.indices.flatMap { s in
      expected.tiles(inSection: s).enumerated().compactMap { i, tile in
        marked.contains(tile.id) ? ItemPath(s, i) : nil
      }
    }
  }

  /// Where a block lifted at `lead` gathers, by the documented rule: around the lifted tile, every
  /// unmarked tile before it staying before the run.
  func gatherMove(lead: ItemPath) -> BlockMove {
    let paths = markedPaths
    let before = paths.filter { $0.section == lead.section && $0.item < lead.item }.count
    return BlockMove.gathering(paths, at: ItemPath(lead.section, lead.item - before))
  }

  mutating func commit(unless unchanged: Bool) {
    if !unchanged {
      committed.removeSubrange((position + 1)...)
      committed.append(expected)
      position += 1
    }
    drag = nil
  }

  /// Follows the traces of one event; `after` is the arrangement the event left, where an edit's new
  /// values (a title, a color) are read: the trace names what changed, the model checks that nothing
  /// else did.
  mutating func consume(_ traces: [PropertyTrace], after: Arrangement) throws(PropertyFailure) {
    var k = 0
    while k < traces.count {
      // An edit of several tiles is one step: its traces come together.
      if case .edit(let verb, _) = traces[k] {
        var subjects: [Subject] = []
        while k < traces.count, case .edit(let v, let subject) = traces[k], v == verb {
          subjects.append(subject)
          k += 1
        }
        try consumeEdit(verb, subjects, after: after)
        continue
      }
      try consume(traces[k])
      k += 1
    }
  }

  /// A tile that an edit, undo or redo took out is no longer marked (one put back is a new tile).
  mutating func forgetMarksOfTilesGone() {
    guard !marked.isEmpty else { return }
    marked.formIntersection(Set(PropertyInvariants.tilesByID(expected).keys))
  }

  /// Follows traces without edits (the tests of the checks themselves).
  mutating func consume(_ traces: [PropertyTrace]) throws(PropertyFailure) {
    try consume(traces, after: expected)
  }

  /// One editing step: replayed on the model from the trace (and the new values in `after`), checked
  /// against the policies, and recorded as one undo step.
  mutating func consumeEdit(_ verb: EditCommand.Outcome, _ subjects: [Subject], after: Arrangement) throws(PropertyFailure) {
    try propertyRequire(drag == nil, "trace", "an edit (\(verb)) during a drag")
    try propertyRequire(
      expected == committed[position], "undo", "before an edit the arrangement is not the one the history is at")
    var edits: [Edit] = []
    func tileChange(_ path: ItemPath, _ same: (Tile, Tile) -> Bool) throws(PropertyFailure) {
      try propertyRequire(expected.contains(path) && after.contains(path), "trace", "\(verb) \(path): no such tile")
      let old = expected[path]
      let new = after[path]
      try propertyRequire(old.id == new.id, "edit", "\(verb) \(path) changed the id \(old.id) to \(new.id)")
      try propertyRequire(same(old, new), "edit", "\(verb) \(path) changed more than it says: \(old) -> \(new)")
      edits.append(.setTile(at: path, to: new))
    }
    func sectionChange(_ s: Int, _ same: (Section, Section) -> Bool) throws(PropertyFailure) {
      try propertyRequire(s < expected.sections.count && s < after.sections.count, "trace", "\(verb) section \(s)")
      let old = expected.sections[s].fields
      let new = after.sections[s].fields
      try propertyRequire(old.id == new.id, "edit", "\(verb) section \(s) changed its id")
      try propertyRequire(same(old, new), "edit", "\(verb) section \(s) changed more than it says")
      edits.append(.setSection(at: s, to: new))
    }
    func except(_ a: Tile, _ b: Tile, _ keep: (inout Tile, Tile) -> Void) -> Bool {
      var a = a
      keep(&a, b)
      return a == b
    }
    switch (verb, subjects.first) {
    case (.added(let id), .tile(let place)?):
      try propertyRequire(after.contains(place) && after[place].id == id, "edit", "add \(place) \(id): not there")
      try propertyRequire(
        PropertyInvariants.tilesByID(expected)[id] == nil, "edit", "add \(id): a tile of that id was there already")
      edits.append(.insertTiles([after[place]], at: [place]))
    case (.added(let id), .section(let s)?):
      try propertyRequire(
        s < after.sections.count && after.sections[s].id == id && after.sections[s].count == 0, "edit",
        "add section \(s) \(id): not there, or not empty")
      try propertyRequire(expected.sectionIndex(ofID: id) == nil, "edit", "add section \(id): taken")
      edits.append(.insertSection(after.sections[s].fields, tiles: [], at: s))
    case (.deleted, .tile?):
      let paths = subjects.compactMap { if case .tile(let p) = $0 { return p } else { return nil } }
      edits.append(.deleteTiles(at: paths))
    case (.deleted, .section(let s)?):
      edits.append(.deleteSection(at: s))
    case (.renamed, .tile(let path)?): try tileChange(path) { a, b in except(a, b) { $0.title = $1.title } }
    case (.recolored, _):
      for case .tile(let path) in subjects { try tileChange(path) { a, b in except(a, b) { $0.color = $1.color } } }
    case (.resized, _):
      for case .tile(let path) in subjects { try tileChange(path) { a, b in except(a, b) { $0.width = $1.width } } }
    case (.locked, .tile(let path)?), (.unlocked, .tile(let path)?):
      try tileChange(path) { a, b in except(a, b) { $0.locked = $1.locked } && b.isLocked == (verb == .locked) }
    case (.renamed, .section(let s)?):
      try sectionChange(s) { a, b in
        var a = a
        a.title = b.title
        return a == b
      }
    case (.locked, .section(let s)?), (.unlocked, .section(let s)?):
      try sectionChange(s) { a, b in
        var a = a
        a.locked = b.locked
        return a == b && b.isLocked == (verb == .locked)
      }
    case (.limited(let n), .section(let s)?):
      try sectionChange(s) { a, b in
        var a = a
        a.maxItems = n
        return a == b
      }
    default:
      throw PropertyFailure(kind: "trace", message: "an edit the model does not know: \(verb) \(subjects)")
    }
    for edit in edits {
      if let refusal = expected.check(edit) {
        throw PropertyFailure(kind: "policy", message: "\(verb) \(subjects) should have been refused: \(refusal)")
      }
      try! expected.apply(edit)
    }
    if case .deleted = verb { forgetMarksOfTilesGone() }
    edited = true
    commit(unless: false)
  }

  mutating func consume(_ trace: PropertyTrace) throws(PropertyFailure) {
    switch trace {
      case .lift(let path):
        try propertyRequire(drag == nil, "trace", "lift \(path) while a drag is in progress")
        try propertyRequire(expected.contains(path), "trace", "lift \(path): no such tile")
        try propertyRequire(
          expected.checkLift(path) == nil, "policy", "lifted \(path), which may not be lifted: \(String(describing: expected.checkLift(path)))")
        try propertyRequire(
          !(marked.contains(expected[path].id) && marked.count > 1), "trace",
          "lift \(path) alone, though it is marked with \(marked.count - 1) others")
        try propertyRequire(
          expected == committed[position], "undo", "before the lift the arrangement is not the one the history is at")
        drag = Drag(lifted: .tile(id: expected[path].id), origin: path, snapshot: expected)
      case .move(let from, let to):
        guard let drag, case .tile(let id) = drag.lifted else {
          throw PropertyFailure(kind: "trace", message: "move \(from) -> \(to) without a tile drag")
        }
        try propertyRequire(
          expected.contains(from) && expected[from].id == id, "trace",
          "move \(from) -> \(to) does not start at the lifted tile \(id)")
        if let refusal = expected.checkMove(from: from, to: to) {
          throw PropertyFailure(
            kind: "policy", message: "move \(from) -> \(to) should have been refused: \(refusal); arrangement \(PropertyFormat.describe(expected))")
        }
        try! expected.move(from: from, to: to)
      case .refused(let path, let reason):
        if let drag {
          let refusal: EditError?
          switch drag.lifted {
          case .tile(let id):
            refusal = expected.checkMove(from: expected.path(ofTileID: id)!, to: path)
          case .block(_, let ids, let run):
            refusal = expected.checkMove(BlockMove.run(from: run, count: ids.count, to: path))
          case .section:
            throw PropertyFailure(kind: "trace", message: "refused \(path) during a section drag")
          }
          try propertyRequire(
            refusal?.isPolicyRefusal == true && refusal == reason, "policy",
            "refused a move to \(path) (\(reason)) that the policies allow or refuse otherwise: "
              + String(describing: refusal))
        } else {
          try propertyRequire(expected.contains(path), "policy", "refused \(path) (\(reason)): no such tile")
          // A lift (or a mark) of a locked tile, or a block whose gathering a policy refuses.
          var refusal = expected.checkLift(path)
          if refusal == nil && marked.contains(expected[path].id) && marked.count > 1 {
            refusal = expected.checkMove(gatherMove(lead: path))
          }
          try propertyRequire(
            refusal?.isPolicyRefusal == true && refusal == reason, "policy",
            "refused \(path) (\(reason)), which the policies allow or refuse otherwise: \(String(describing: refusal))")
        }
      case .drop(let path):
        guard let dropped = drag, case .tile(let id) = dropped.lifted else {
          throw PropertyFailure(kind: "trace", message: "drop \(path) without a tile drag")
        }
        try propertyRequire(
          expected.contains(path) && expected[path].id == id, "trace",
          "drop \(path) is not where the lifted tile \(id) is")
        commit(unless: expected == dropped.snapshot)
      case .place(let step):
        // A typed move: no drag; the focused tile, or every marked tile, placed in one undo step.
        try propertyRequire(drag == nil, "trace", "a typed move during a drag")
        try propertyRequire(
          expected == committed[position], "undo", "before a typed move the arrangement is not the one the history is at")
        switch step {
        case .moveTile(let from, let to):
          let move = (from: from, to: to)
          try propertyRequire(marked.isEmpty, "marks", "a typed move of one tile with \(marked.count) marked")
          if let refusal = expected.checkMove(from: move.from, to: move.to) {
            throw PropertyFailure(kind: "policy", message: "place \(move.from) -> \(move.to) should have been refused: \(refusal)")
          }
          try! expected.move(from: move.from, to: move.to)
        case .moveBlock(let move):
          try propertyRequire(move.from == markedPaths, "marks", "a typed block move of \(move.from), marked \(markedPaths)")
          if let refusal = expected.checkMove(move) {
            throw PropertyFailure(kind: "policy", message: "place block \(move.from) -> \(move.to) should have been refused: \(refusal)")
          }
          try! expected.move(move)
        default:
          throw PropertyFailure(kind: "trace", message: "a typed move that is not a tile's or a block's: \(step)")
        }
        commit(unless: false)
      case .placeRefused(let place, _):
        // Refused: the arrangement stays (checked after the event as always); only idle.
        try propertyRequire(drag == nil, "trace", "a typed move to \(place) refused during a drag")
      case .edit(let verb, let subject):
        throw PropertyFailure(kind: "trace", message: "edit \(verb) \(subject) outside an edit step")
      case .editRefused(let verb, let subject):
        // Nothing changes (the arrangement is compared with the model after the event, as always).
        try propertyRequire(drag == nil, "trace", "an edit (\(verb) \(subject)) refused during a drag")
      case .cancel:
        guard let cancelled = drag else { throw PropertyFailure(kind: "trace", message: "cancel without a drag") }
        expected = cancelled.snapshot
        drag = nil
      case .scroll, .laneScroll:
        break
      case .undo:
        try propertyRequire(drag == nil && position > 0, "undo", "undo with nothing to undo (or during a drag)")
        position -= 1
        expected = committed[position]
        forgetMarksOfTilesGone()
      case .redo:
        try propertyRequire(drag == nil && redoable > 0, "undo", "redo with nothing to redo (or during a drag)")
        position += 1
        expected = committed[position]
        forgetMarksOfTilesGone()
      case .mark(let path):
        try propertyRequire(drag == nil, "marks", "mark \(path) during a drag")
        try propertyRequire(expected.contains(path), "marks", "mark \(path): no such tile")
        let tile = expected[path]
        try propertyRequire(!tile.isLocked, "policy", "marked the locked tile \(tile.id)")
        try propertyRequire(marked.insert(tile.id).inserted, "marks", "marked \(tile.id) twice")
      case .unmark(let path):
        try propertyRequire(drag == nil, "marks", "unmark \(path) during a drag")
        try propertyRequire(
          expected.contains(path) && marked.remove(expected[path].id) != nil, "marks", "unmarked \(path), not marked")
      case .unmarkAll(let count):
        try propertyRequire(
          drag == nil && count == marked.count && count > 0, "marks",
          "unmark all (\(count)) with \(marked.count) marked")
        marked = []
      case .liftBlock(let lead, let count, let run):
        try propertyRequire(drag == nil, "trace", "lift block \(lead) while a drag is in progress")
        try propertyRequire(
          expected.contains(lead) && marked.contains(expected[lead].id), "trace",
          "lift block \(lead): not a marked tile")
        try propertyRequire(
          count == marked.count && count > 1, "trace", "lift block of \(count) with \(marked.count) marked")
        try propertyRequire(
          expected == committed[position], "undo", "before the lift the arrangement is not the one the history is at")
        let gather = gatherMove(lead: lead)
        try propertyRequire(
          gather.to.first == run, "block", "the block gathered at \(run), the rule says \(gather.to[0])")
        if let refusal = expected.checkMove(gather) {
          throw PropertyFailure(kind: "policy", message: "lift block \(lead) should have been refused: \(refusal)")
        }
        let ids = gather.from.map { expected[$0].id }
        let leadID = expected[lead].id
        let snapshot = expected
        try! expected.move(gather)
        drag = Drag(lifted: .block(lead: leadID, ids: ids, run: run), origin: lead, snapshot: snapshot)
      case .moveBlock(let from, let to):
        guard var lifted = drag, case .block(let lead, let ids, let run) = lifted.lifted else {
          throw PropertyFailure(kind: "trace", message: "move block \(from) -> \(to) without a block drag")
        }
        try propertyRequire(from == run, "trace", "move block \(from) -> \(to), the run starts at \(run)")
        let move = BlockMove.run(from: from, count: ids.count, to: to)
        if let refusal = expected.checkMove(move) {
          throw PropertyFailure(
            kind: "policy", message: "move block \(from) -> \(to) should have been refused: \(refusal)")
        }
        try! expected.move(move)
        lifted.lifted = .block(lead: lead, ids: ids, run: to)
        drag = lifted
      case .dropBlock(let path):
        guard let dropped = drag, case .block(_, let ids, let run) = dropped.lifted else {
          throw PropertyFailure(kind: "trace", message: "drop block \(path) without a block drag")
        }
        try propertyRequire(path == run, "trace", "drop block \(path), the run starts at \(run)")
        let there = (0..<ids.count).map { expected[ItemPath(run.section, run.item + $0)].id }
        try propertyRequire(there == ids, "block", "the run at \(run) holds \(there), the block is \(ids)")
        commit(unless: expected == dropped.snapshot)
      case .liftSection(let s):
        try propertyRequire(drag == nil, "trace", "lift section \(s) while a drag is in progress")
        try propertyRequire(s >= 0 && s < expected.sections.count, "trace", "lift section \(s): no such section")
        try propertyRequire(
          !expected.sections[s].isLocked, "policy", "lifted the locked section \(expected.sections[s].id)")
        try propertyRequire(
          expected == committed[position], "undo", "before the lift the arrangement is not the one the history is at")
        drag = Drag(lifted: .section(id: expected.sections[s].id), origin: ItemPath(s, 0), snapshot: expected)
      case .moveSection(let from, let to):
        guard let drag, case .section(let id) = drag.lifted else {
          throw PropertyFailure(kind: "trace", message: "move section \(from) -> \(to) without a section drag")
        }
        try propertyRequire(
          expected.sections.indices.contains(from) && expected.sections[from].id == id, "trace",
          "move section \(from) -> \(to) does not start at the lifted section \(id)")
        do {
          try expected.moveSection(SectionMove(from: from, to: to))
        } catch {
          throw PropertyFailure(
            kind: "policy", message: "move section \(from) -> \(to) should have been refused: \(error)")
        }
      case .refusedSection(let s, let reason):
        try propertyRequire(drag == nil, "trace", "refused section \(s) during a drag")
        try propertyRequire(
          s >= 0 && s < expected.sections.count && expected.checkMove(SectionMove(from: s, to: s)) == reason, "policy",
          "refused section \(s) (\(reason)), which may be lifted")
      case .dropSection(let s):
        guard let dropped = drag, case .section(let id) = dropped.lifted else {
          throw PropertyFailure(kind: "trace", message: "drop section \(s) without a section drag")
        }
        try propertyRequire(
          expected.sections.indices.contains(s) && expected.sections[s].id == id, "trace",
          "drop section \(s) is not where the lifted section \(id) is")
        commit(unless: expected == dropped.snapshot)
      }
  }
}

/// The invariants that hold after every event, each a function of the states around the event.
enum PropertyInvariants {
  /// Tiles are a permutation of the original (none lost, none duplicated, every field intact), the
  /// sections a permutation of the original sections with their own fields intact, and the
  /// arrangement's own fields unchanged.
  static func checkPermutation(
    _ a: Arrangement, original: Arrangement, originalTiles: [String: Tile]
  ) throws(PropertyFailure) {
    try propertyRequire(
      a.version == original.version && a.layoutSpec == original.layoutSpec && a.extras == original.extras,
      "permutation", "the arrangement's own fields changed")
    try propertyRequire(
      a.sections.count == original.sections.count, "permutation", "there are \(a.sections.count) sections")
    let originalSections = Dictionary(uniqueKeysWithValues: original.sections.map { ($0.id, $0) })
    var seenSections = Set<String>()
    var seen = Set<String>()
    for (s, section) in a.sections.enumerated() {
      try propertyRequire(
        seenSections.insert(section.id).inserted, "permutation", "section \(section.id) is there twice")
      guard let o = originalSections[section.id] else {
        throw PropertyFailure(kind: "permutation", message: "section \(section.id) is new")
      }
      try propertyRequire(
        section.title == o.title && section.maxItems == o.maxItems && section.locked == o.locked
          && section.extras == o.extras,
        "permutation", "section \(section.id)'s fields changed")
      for tile in a.tiles(inSection: s) {
        try propertyRequire(seen.insert(tile.id).inserted, "permutation", "tile \(tile.id) is there twice")
        try propertyRequire(originalTiles[tile.id] == tile, "permutation", "tile \(tile.id) changed: \(tile)")
      }
    }
    try propertyRequire(
      seen.count == originalTiles.count, "permutation",
      "tiles lost: \(Set(originalTiles.keys).subtracting(seen).sorted())")
  }

  /// Ids are unique among tiles and among sections, and the tile count is the sections' (after edits,
  /// when the tiles are no longer the original's).
  static func checkIdentities(_ a: Arrangement) throws(PropertyFailure) {
    var tiles = Set<String>()
    var sections = Set<String>()
    var count = 0
    for (s, section) in a.sections.enumerated() {
      try propertyRequire(sections.insert(section.id).inserted, "ids", "section \(section.id) is there twice")
      for tile in a.tiles(inSection: s) {
        try propertyRequire(tiles.insert(tile.id).inserted, "ids", "tile \(tile.id) is there twice")
        count += 1
      }
    }
    try propertyRequire(a.tileCount == count, "ids", "the tile count is \(a.tileCount), the sections hold \(count)")
  }

  /// Every tile by its id.
  static func tilesByID(_ a: Arrangement) -> [String: Tile] {
    var tiles: [String: Tile] = [:]
    for s in a.sections.indices {
      for tile in a.tiles(inSection: s) { tiles[tile.id] = tile }
    }
    return tiles
  }

  /// Where each tile is: its section's id (sections move too).
  static func sections(ofTiles a: Arrangement) -> [String: String] {
    var result: [String: String] = [:]
    for (s, section) in a.sections.enumerated() {
      for tile in a.tiles(inSection: s) { result[tile.id] = section.id }
    }
    return result
  }

  /// The policies (docs/reordering.md, "Policies"), from the arrangements before and after one event,
  /// sections named by id since sections move too:
  /// - a locked tile never changes section (its index may change as other tiles move around it);
  /// - no tile enters or leaves a locked section;
  /// - a section never goes above `maxItems` unless it was already above it in the file, and a section
  ///   at or above it never grows through a drag or keyboard move. Cancel, undo and redo return to
  ///   arrangements seen before (the model checks those exactly), so that last rule is not asked of
  ///   events that did one of them.
  /// A locked section's index may change (others move around it); the model checks it is never lifted.
  static func checkPolicies(
    before: Arrangement, after: Arrangement, original: Arrangement, traces: [PropertyTrace], edited: Bool = false
  ) throws(PropertyFailure) {
    let was = sections(ofTiles: before)
    let now = sections(ofTiles: after)
    for s in before.sections.indices {
      for tile in before.tiles(inSection: s) where tile.isLocked {
        try propertyRequire(
          was[tile.id] == now[tile.id], "policy",
          "locked tile \(tile.id) moved from section \(was[tile.id]!) to \(now[tile.id] ?? "nowhere")")
      }
    }
    func members(_ a: Arrangement) -> [String: (count: Int, ids: Set<String>)] {
      var result: [String: (count: Int, ids: Set<String>)] = [:]
      for (s, section) in a.sections.enumerated() {
        result[section.id] = (section.count, Set(a.tiles(inSection: s).map(\.id)))
      }
      return result
    }
    let previous = members(before)
    let originalCounts = Dictionary(uniqueKeysWithValues: original.sections.map { ($0.id, $0.count) })
    let returns = traces.contains { $0 == .cancel || $0 == .undo || $0 == .redo }
    for (s, section) in after.sections.enumerated() {
      if section.isLocked, previous[section.id] != nil {
        let ids = Set(after.tiles(inSection: s).map(\.id))
        try propertyRequire(
          ids == previous[section.id]!.ids, "policy",
          "locked section \(section.id) went from \(previous[section.id]!.ids.sorted()) to \(ids.sorted())")
      }
      if let m = section.maxItems {
        let count = section.count
        guard let had = originalCounts[section.id], let previousCount = previous[section.id]?.count else { continue }
        // Once `M` may have lowered a limit below a section's count, only the rule per event holds.
        try propertyRequire(
          edited || count <= max(m, had), "policy",
          "section \(section.id) holds \(count) tiles, over its maxItems \(m) (it had \(had))")
        if !returns {
          try propertyRequire(
            count <= max(m, previousCount), "policy",
            "section \(section.id) grew to \(count) tiles past its maxItems \(m)")
        }
      }
    }
  }

  /// The incrementally maintained layout equals one built from scratch: frames, lines, section and
  /// header frames, content size, and hit tests at `probes` points.
  static func checkLayout(_ state: EditorState, probes: [Point]) throws(PropertyFailure) {
    let r = state.document
    let kept = r.layout
    var fresh = FlowLayout(arrangement: r.arrangement, viewport: state.reorder.viewport.frame.size)
    // Lanes: each lane's scroll is the view's, not the arrangement's; within range, and a lane is one
    // column however many cards it holds.
    fresh.restoreLaneTops(kept.allLaneTops)
    if kept.isLanes {
      for s in r.arrangement.sections.indices {
        try propertyRequire(
          kept.laneTop(s) == fresh.laneTop(s) && kept.laneTop(s) >= 0 && kept.laneTop(s) <= kept.maximumLaneTop(s),
          "layout", "lane \(s)'s scroll \(kept.laneTop(s)) outside 0...\(kept.maximumLaneTop(s))")
        try propertyRequire(kept.lineCount(inSection: s) == 1, "layout", "lane \(s) has \(kept.lineCount(inSection: s)) columns")
      }
    }
    try propertyRequire(
      kept.parameters == fresh.parameters && kept.viewport == fresh.viewport && kept.available == fresh.available,
      "layout", "the layout's parameters or viewport differ from the arrangement's")
    try propertyRequire(
      kept.contentSize == fresh.contentSize, "layout",
      "content size \(kept.contentSize), rebuilt: \(fresh.contentSize)")
    try propertyRequire(
      kept.sectionCount == r.arrangement.sections.count && fresh.sectionCount == kept.sectionCount, "layout",
      "section count \(kept.sectionCount)")
    for s in r.arrangement.sections.indices {
      let count = r.arrangement.sections[s].count
      try propertyRequire(kept.itemCount(inSection: s) == count, "layout", "section \(s) has \(kept.itemCount(inSection: s)) items in the layout, \(count) in the arrangement")
      try propertyRequire(
        kept.sectionFrame(s) == fresh.sectionFrame(s) && kept.headerFrame(s) == fresh.headerFrame(s), "layout",
        "section \(s)'s frame \(kept.sectionFrame(s)), rebuilt: \(fresh.sectionFrame(s))")
      try propertyRequire(
        kept.lineCount(inSection: s) == fresh.lineCount(inSection: s), "layout",
        "section \(s) has \(kept.lineCount(inSection: s)) lines, rebuilt: \(fresh.lineCount(inSection: s))")
      for line in 0..<kept.lineCount(inSection: s) {
        try propertyRequire(
          kept.items(inLine: line, section: s) == fresh.items(inLine: line, section: s), "layout",
          "section \(s) line \(line) holds \(kept.items(inLine: line, section: s)), rebuilt: \(fresh.items(inLine: line, section: s))")
      }
      for i in 0..<count {
        let path = ItemPath(s, i)
        try propertyRequire(
          kept.frame(of: path) == fresh.frame(of: path) && kept.line(of: path) == fresh.line(of: path), "layout",
          "tile \(path)'s frame \(kept.frame(of: path)), rebuilt: \(fresh.frame(of: path))")
      }
    }
    for point in probes {
      try propertyRequire(
        kept.item(at: point) == fresh.item(at: point) && kept.dropZone(at: point) == fresh.dropZone(at: point)
          && kept.section(at: point) == fresh.section(at: point),
        "layout", "hit test at \(point): \(String(describing: kept.dropZone(at: point))), rebuilt: \(String(describing: fresh.dropZone(at: point)))")
    }
  }

  /// For an event that changed neither the arrangement nor the viewport: the layout is still the one
  /// checked in full after the last change (same viewport, sections and content size).
  static func checkLayoutUnchanged(_ state: EditorState, contentSize: Size?) throws(PropertyFailure) {
    let r = state.document
    let frame = state.reorder.viewport.frame
    try propertyRequire(
      r.layout.viewport == Size(width: max(0, frame.width), height: max(0, frame.height))
        && r.layout.sectionCount == r.arrangement.sections.count && r.layout.contentSize == contentSize,
      "layout", "the layout changed (content size \(r.layout.contentSize), was \(String(describing: contentSize))) though neither the arrangement nor the viewport did")
  }

  /// Points to hit-test: random ones in and around the content, and one in every tile's frame.
  static func probePoints(_ state: EditorState, _ rng: inout PropertyRNG) -> [Point] {
    let r = state.document
    let content = r.layout.contentSize
    var points = (0..<8).map { _ in Point(x: rng.int(-1...content.width), y: rng.int(-1...content.height)) }
    for s in r.arrangement.sections.indices where r.arrangement.sections[s].count > 0 {
      let frame = r.layout.frame(of: ItemPath(s, rng.int(0...(r.arrangement.sections[s].count - 1))))
      points.append(Point(x: frame.maxX - 1, y: frame.maxY - 1))
      points.append(Point(x: frame.maxX, y: frame.minY))
    }
    return points
  }

  /// The viewport follows the screen, the scroll stays within `0...maximumScroll` along the scrolling
  /// axis (and 0 across it), and the focus is a tile whenever there are tiles.
  static func checkView(_ state: EditorState) throws(PropertyFailure) {
    let r = state.reorder
    let arrangement = state.arrangement
    try propertyRequire(
      r.screen == state.screen && r.viewport.frame == Screen.viewport(forScreen: state.screen), "view",
      "viewport \(r.viewport.frame) for screen \(state.screen)")
    let vertical = arrangement.layout.direction == .vertical
    let along = vertical ? r.viewport.offset.y : r.viewport.offset.x
    let across = vertical ? r.viewport.offset.x : r.viewport.offset.y
    let maximum = r.viewport.maximumPosition(contentSize: state.document.layout.contentSize)
    try propertyRequire(
      along >= 0 && along <= maximum && across == 0, "scroll", "scroll \(r.viewport.offset) outside 0...\(maximum)")
    switch r.focus {
    case .header(let s):
      try propertyRequire(s >= 0 && s < arrangement.sections.count, "focus", "header focus \(s)")
    case .tile(let path):
      try propertyRequire(arrangement.contains(path), "focus", "focus \(path) is not a tile")
    case .none:
      try propertyRequire(arrangement.tileCount == 0, "focus", "no focus though there are tiles")
    }
    if let section = r.gesture.session?.section {
      try propertyRequire(
        r.focus == .header(section.current), "focus",
        "section \(section.current) is lifted, the focus is \(r.focus)")
    }
  }

  /// A drag is in progress exactly when the model has one; its `current` holds the lifted tile (a
  /// block's run holds the block's tiles in order; a lifted section is where the model says) and its
  /// `origin` is where it was lifted. Marks are the model's.
  static func checkDrag(_ state: EditorState, _ model: PropertyModel) throws(PropertyFailure) {
    let r = state.reorder
    let arrangement = state.arrangement
    let marked = Set(r.marks.map { arrangement[$0].id })
    try propertyRequire(
      marked == model.marked, "marks", "marked \(marked.sorted()), the trace says \(model.marked.sorted())")
    try propertyRequire(
      r.gesture.isDragging == (model.drag != nil), "drag",
      "gesture \(r.gesture) but the trace says \(model.drag == nil ? "no drag" : "a drag")")
    guard let drag = model.drag else { return }
    switch drag.lifted {
    case .tile(let id), .block(let id, _, _):
      guard let session = r.gesture.session?.tiles else {
        throw PropertyFailure(kind: "drag", message: "a tile drag in the trace, the gesture is \(r.gesture)")
      }
      try propertyRequire(
        arrangement.contains(session.current) && arrangement[session.current].id == id, "drag",
        "the session's current \(session.current) does not hold the lifted tile \(id)")
      try propertyRequire(
        session.origin == drag.origin, "drag", "the session's origin \(session.origin), lifted at \(drag.origin)")
      if case .block(_, let ids, let run) = drag.lifted {
        let block = session.block
        try propertyRequire(
          block?.start == run && block?.count == ids.count && session.run.places.map { arrangement[$0].id } == ids,
          "drag", "the session's block \(String(describing: block)) is not the run of \(ids) at \(run)")
      } else {
        try propertyRequire(session.block == nil, "drag", "a single tile's session has a block")
      }
    case .section(let id):
      guard let session = r.gesture.session?.section else {
        throw PropertyFailure(kind: "drag", message: "a section drag in the trace, the gesture is \(r.gesture)")
      }
      try propertyRequire(
        arrangement.sections[session.current].id == id && session.origin == drag.origin.section, "drag",
        "the section session (\(session.origin) -> \(session.current)) is not section \(id) lifted at "
          + "\(drag.origin.section)")
    }
  }

  /// While a drag is in progress, Esc and a focus loss each restore the arrangement from before the
  /// lift exactly, end the drag and leave the history alone (checked on copies of the state).
  static func checkCancel(_ state: EditorState, _ model: PropertyModel) throws(PropertyFailure) {
    guard let drag = model.drag else { return }
    // The layout after a cancel is checked in full for Esc; a focus loss runs the same code.
    for event in [InputEvent.key(.escape), .focus(false)] {
      var fork = state
      let traces = try PropertyTrace.parse(fork.update(.input(event), at: fork.now))
      // An auto-scroll step due by now fires first, with its target selection; then the cancel, which
      // may scroll the content back when putting the tile back made it shorter.
      let cancelAt = traces.firstIndex(of: .cancel)
      let catchUp = traces[..<(cancelAt ?? traces.endIndex)].allSatisfy {
        switch $0 {
        case .scroll, .laneScroll, .move, .moveBlock, .moveSection, .refused: return true
        default: return false
        }
      }
      let settle = traces[(cancelAt.map { $0 + 1 } ?? traces.endIndex)...].allSatisfy(\.isScroll)
      try propertyRequire(cancelAt != nil && catchUp && settle, "cancel", "\(event) during a drag gives \(traces)")
      try propertyRequire(
        fork.arrangement == drag.snapshot, "cancel",
        "\(event) leaves \(PropertyFormat.describe(fork.arrangement)); before the lift: \(PropertyFormat.describe(drag.snapshot))")
      try propertyRequire(fork.reorder.gesture == .idle, "cancel", "\(event) leaves the gesture \(fork.reorder.gesture)")
      try propertyRequire(fork.document.history == state.document.history, "cancel", "\(event) changed the history")
      if event == .key(.escape) { try checkLayout(fork, probes: []) }
      try checkView(fork)
    }
  }
}
