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
      title: cardStyle.title(of: arrangement[path]), sectionTitle: section.displayTitle, position: path.item + 1,
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

  /// Whether the status line's words are a hint or a passing note that may be cut with `…` on a narrow
  /// screen rather than take rows from the content: how to lift, how to add, where the focus went.
  /// Everything else wraps when it does not fit: refusals, questions, what a save did.
  var announcementMayBeCut: Bool {
    switch announcement {
    case .welcome, .did(.focused, _): return true
    default: return false
    }
  }

  /// Says `sentence` on the status line (what the command line found, such as a keys file's lines not
  /// taken, on the first screen).
  public mutating func announce(_ sentence: String) {
    announcement = .told(sentence)
  }

  /// The status line's words: the announcement; at rest in an arrangement without tiles or sections,
  /// how to add them rather than how to lift one. On a board (lanes, whose tiles are drawn as cards)
  /// the hint names cards and lanes, as the rest of the board does (`nouns`).
  public var statusText: String {
    let nouns = self.nouns
    if announcement == .noSections || (announcement == .welcome && arrangement.sections.isEmpty) {
      return "No \(nouns.section)s yet: \(keymap.say(.edit(.addSection))) adds one"
    }
    guard announcement == .welcome else { return announcement.text(keymap) }
    if arrangement.tileCount == 0 {
      return "No \(nouns.tile)s yet: \(keymap.say(.edit(.addTile))) adds one, \(keymap.say(.edit(.addSection))) a \(nouns.section)"
    }
    return Announcement.welcome(keymap, thing: nouns.tile)
  }

  /// What the screen calls a tile and a section: on a board (lanes, its tiles drawn as cards) a card and
  /// a lane, as its people call them; elsewhere a tile and a section.
  public var nouns: (tile: String, section: String) {
    document.layout.isLanes ? ("card", "lane") : ("tile", "section")
  }

  /// A refusal with its tile and section named as the screen names them.
  func refusal(_ reason: EditError) -> Refusal {
    var refusal = Refusal(reason)
    switch reason {
    case .tileLocked(let id, let path):
      if arrangement.contains(path), arrangement[path].id == id { refusal.tile = tileName(arrangement[path]) }
    case .sectionHoldsLockedTile(let id, _, let s, let tileID):
      refusal.section = sectionName(id: id, near: s)
      if let index = sectionIndex(id: id, near: s),
        let tile = arrangement.tiles(inSection: index).first(where: { $0.id == tileID })
      {
        refusal.tile = tileName(tile)
      }
    case .sectionLocked(let id, _, let s, _), .sectionFull(let id, _, let s, _),
      .sectionLacksRoom(let id, _, let s, _, _, _), .sectionLockedInPlace(let id, _, let s),
      .sectionLockedAgainstDeletion(let id, _, let s):
      refusal.section = sectionName(id: id, near: s)
    case .noSuchItem(let path, _), .noSuchDestination(let path, _):
      if path.section >= 0 && path.section < arrangement.sections.count {
        refusal.section = sectionName(arrangement.sections[path.section])
      }
    case .noSuchSection, .noSuchSectionDestination, .tileIDTaken, .sectionIDTaken, .invalidValue, .idChanged,
      .gestureInProgress, .formatCannotKeep:
      break
    }
    return refusal
  }

  /// The index of the section with this id: `s` when it is that one (as it is when the reason was
  /// just given), else found by id.
  func sectionIndex(id: String, near s: Int) -> Int? {
    if s >= 0 && s < arrangement.sections.count && arrangement.sections[s].id == id { return s }
    return arrangement.sectionIndex(ofID: id)
  }

  func sectionName(id: String, near s: Int) -> String? {
    sectionIndex(id: id, near: s).map { sectionName(arrangement.sections[$0]) }
  }

  /// `“gray 44”`: a tile by its title (as drawn, `CardStyle.title`), with its id where another tile
  /// has the same title (`“gray” (id gray-2)`).
  /// - Complexity: O(n) for n tiles, stopping at the first other tile with the title; only refusals
  ///   naming a tile (a locked one lifted or edited) ask.
  func tileName(_ tile: Tile) -> String {
    let title = tile.displayTitle
    let repeated = arrangement.sections.contains { section in
      section.items.contains { ref in
        let other = arrangement[ref]
        return other.displayTitle == title && other.id != tile.id
      }
    }
    let said = cardStyle.title(of: tile)
    return repeated ? "“\(said)” (id \(tile.id))" : "“\(said)”"
  }

  /// `“Favorites”`: a section by its title, with its id where another section has the same title.
  /// - Complexity: O(sections).
  func sectionName(_ section: Section) -> String {
    let title = section.displayTitle
    let repeated = arrangement.sections.contains { $0.displayTitle == title && $0.id != section.id }
    return repeated ? "“\(title)” (id \(section.id))" : "“\(title)”"
  }

  /// The status line's announcement for a happening, or nil to keep the current one.
  func announcement(for happening: EditorHappening) -> Announcement? {
    switch happening {
    case .gesture(let happening): return announcement(for: happening)
    case .refused(_, _, let reason): return .refused(refusal(reason))
    case .edited(let outcome, let subject): return place(of: subject).map { .did(.edited(outcome), $0) }
    case .merged(let changes, let conflicts): return .merged(changes: changes, conflicts: conflicts)
    case .undone(let step): return step.inverses.last.flatMap(place(after:)).map { .did(.undone, $0) }
    case .redone(let step): return step.edits.last.flatMap(place(after:)).map { .did(.redone, $0) }
    case .nothingToUndo: return .nothingToUndo
    case .nothingToRedo: return .nothingToRedo
    }
  }

  /// The status line's announcement for one of the gesture recognizer's happenings, or nil to keep the
  /// current one.
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
    case .refused(_, let reason), .placeRefused(_, let reason):
      return .refused(refusal(reason))
    case .placed(let edit):
      if case .moveBlock(let move) = edit, let start = move.to.first {
        return runPlace(start, count: move.count).map { .did(.placed, .run($0)) }
      }
      return place(after: edit).map { .did(.placed, $0) }
    case .scrolled, .laneScrolled: return nil
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
