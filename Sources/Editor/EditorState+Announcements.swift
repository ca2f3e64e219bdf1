import Canvas
import Document
import GridLayout
import Reorder
import TileModel

// MARK: - What the status line says about each happening

extension EditorState {
  /// A tile and its place now.
  func place(_ path: ItemPath) -> TilePlace? {
    guard arrangement.contains(path) else { return nil }
    let section = arrangement.sections[path.section]
    return TilePlace(
      title: arrangement[path].displayTitle, sectionTitle: section.displayTitle, position: path.item + 1,
      count: section.count)
  }

  /// A section and its place among the sections now.
  func sectionPlace(_ s: Int) -> SectionPlace? {
    let sections = arrangement.sections
    guard s >= 0 && s < sections.count else { return nil }
    return SectionPlace(title: sections[s].displayTitle, position: s + 1, count: sections.count)
  }

  /// A block's run and its place now: the section, the run's first and last positions.
  func runPlace(_ start: ItemPath, count: Int) -> RunPlace? {
    let sections = arrangement.sections
    guard start.section >= 0 && start.section < sections.count else { return nil }
    let section = sections[start.section]
    return RunPlace(
      count: count, sectionTitle: section.displayTitle, first: start.item + 1, last: start.item + count,
      sectionCount: section.count)
  }

  /// A subject and its place now.
  func place(of subject: Subject) -> Place? {
    switch subject {
    case .tile(let path): return place(path).map(Place.tile)
    case .block(let start, let count): return runPlace(start, count: count).map(Place.run)
    case .section(let s): return sectionPlace(s).map(Place.section)
    }
  }

  /// What an edit changed, as the status line names it after undo or redo: the tile, a block's first
  /// tile, or the section.
  func place(after edit: Edit) -> Place? {
    switch focusTarget(after: edit) {
    case .tile(let path)?: return place(path).map(Place.tile)
    case .header(let s)?: return sectionPlace(s).map(Place.section)
    case .none?, nil: return nil
    }
  }

  /// The status line's words: the announcement; at rest in an arrangement without tiles or sections,
  /// how to add them rather than how to lift one.
  public var statusText: String {
    guard announcement == .welcome else { return announcement.text }
    if arrangement.sections.isEmpty { return Announcement.noSections.text }
    if arrangement.tileCount == 0 { return "No tiles yet: a adds one, A a section" }
    return announcement.text
  }

  /// The status line's announcement for a happening, or nil to keep the current one.
  func announcement(for happening: Happening) -> Announcement? {
    let marks = reorder.marks.count
    switch happening {
    case .lifted(.block(_, let count), _):
      // Named by the tile that was lifted, which is where the focus is.
      return reorder.focus.tile.flatMap(place).map { .did(.lifted, .lead($0, count: count)) }
    case .lifted(let subject, _): return place(of: subject).map { .did(.lifted, $0) }
    case .moved(_, let to): return place(of: to).map { .did(.moved, $0) }
    case .dropped(let subject, _): return place(of: subject).map { .did(.dropped, $0) }
    case .cancelled(let subject): return place(of: subject).map { .did(.cancelled, $0) }
    case .refused(_, let reason), .placeRefused(_, let reason), .editRefused(_, _, let reason): return .refused(reason)
    case .placed(let edit):
      if case .moveBlock(let move) = edit, let start = move.to.first {
        return runPlace(start, count: move.count).map { .did(.placed, .run($0)) }
      }
      return place(after: edit).map { .did(.placed, $0) }
    case .edited(let verb, let subject): return place(of: subject).map { .did(.edited(verb), $0) }
    case .merged(let changes, let conflicts): return .merged(changes: changes, conflicts: conflicts)
    case .undone(let step): return step.inverses.last.flatMap(place(after:)).map { .did(.undone, $0) }
    case .redone(let step): return step.edits.last.flatMap(place(after:)).map { .did(.redone, $0) }
    case .scrolled: return nil
    case .focused(.tile(let path)): return place(path).map { .did(.focused, .tile($0)) }
    case .focused(.header(let s)): return sectionPlace(s).map { .did(.focused, .section($0)) }
    case .focused(.none): return nil
    case .nothingToLift: return .nothingToLift
    case .blocked(let reason): return .blocked(reason)
    case .marked(let path): return place(path).map { .did(.marked(marks: marks), .tile($0)) }
    case .unmarked(let path): return place(path).map { .did(.unmarked(marks: marks), .tile($0)) }
    case .marksCleared(let count): return .marksCleared(count)
    }
  }
}
