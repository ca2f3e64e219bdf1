import Canvas
import GridLayout
import Reorder
import TileModel

// MARK: - What the status line says about each happening

extension EditorState {
  /// A tile and its place now.
  func place(_ path: ItemPath) -> TilePlace? {
    let arrangement = reorder.arrangement
    guard arrangement.contains(path) else { return nil }
    let section = arrangement.sections[path.section]
    return TilePlace(
      title: arrangement[path].displayTitle, sectionTitle: section.displayTitle, position: path.item + 1,
      count: section.count)
  }

  /// A section and its place among the sections now.
  func sectionPlace(_ s: Int) -> SectionPlace? {
    let sections = reorder.arrangement.sections
    guard s >= 0 && s < sections.count else { return nil }
    return SectionPlace(title: sections[s].displayTitle, position: s + 1, count: sections.count)
  }

  /// A block's run and its place now: the section, the run's first and last positions.
  func runPlace(_ start: ItemPath, count: Int) -> RunPlace? {
    let sections = reorder.arrangement.sections
    guard start.section >= 0 && start.section < sections.count else { return nil }
    let section = sections[start.section]
    return RunPlace(
      count: count, sectionTitle: section.displayTitle, first: start.item + 1, last: start.item + count,
      sectionCount: section.count)
  }

  /// Undo and redo name what moved: the tile, a block's first tile, or the section.
  func announcement(for step: HistoryStep, undone: Bool) -> Announcement? {
    switch step {
    case .tile(let move): return place(move.to).map(undone ? Announcement.undone : Announcement.redone)
    case .block(let move): return move.to.first.flatMap(place).map(undone ? Announcement.undone : Announcement.redone)
    case .section(let move):
      return sectionPlace(move.to).map(undone ? Announcement.undoneSection : Announcement.redoneSection)
    }
  }

  /// The status line's announcement for a happening, or nil to keep the current one.
  func announcement(for happening: Happening) -> Announcement? {
    let marks = reorder.marks.count
    switch happening {
    case .lifted(let path): return place(path).map(Announcement.lifted)
    case .moved(_, let to):
      let section = reorder.arrangement.sections[to.section]
      return .moved(sectionTitle: section.displayTitle, position: to.item + 1, count: section.count)
    case .refused(_, let reason), .refusedSection(_, let reason), .placeRefused(_, let reason): return .refused(reason)
    case .dropped(let path, _): return place(path).map(Announcement.dropped)
    case .cancelled(let path): return place(path).map(Announcement.cancelled)
    case .scrolled: return nil
    case .undone(let step): return announcement(for: step, undone: true)
    case .redone(let step): return announcement(for: step, undone: false)
    case .focused(let path): return place(path).map(Announcement.focused)
    case .nothingToLift: return .nothingToLift
    case .blocked(let reason): return .blocked(reason)
    case .marked(let path): return place(path).map { .marked($0, marks: marks) }
    case .unmarked(let path): return place(path).map { .unmarked($0, marks: marks) }
    case .marksCleared(let count): return .marksCleared(count)
    case .liftedBlock(_, let count, let run):
      let lead = reorder.gesture.session?.current ?? run
      return place(lead).map { .liftedBlock($0, count: count) }
    case .movedBlock(_, let to, let count): return runPlace(to, count: count).map(Announcement.movedBlock)
    case .droppedBlock(let start, let count, _): return runPlace(start, count: count).map(Announcement.droppedBlock)
    case .focusedSection(let s): return sectionPlace(s).map(Announcement.sectionFocused)
    case .liftedSection(let s): return sectionPlace(s).map(Announcement.liftedSection)
    case .movedSection(_, let to): return sectionPlace(to).map(Announcement.movedSection)
    case .droppedSection(let s, _): return sectionPlace(s).map(Announcement.droppedSection)
    case .cancelledSection(let s): return sectionPlace(s).map(Announcement.cancelledSection)
    case .placed(.tile(let step)): return place(step.to).map(Announcement.placed)
    case .placed(.block(let move)): return runPlace(move.to[0], count: move.count).map(Announcement.movedBlock)
    case .placed(.section(let move)): return sectionPlace(move.to).map(Announcement.movedSection)
    }
  }
}
