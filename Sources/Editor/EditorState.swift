import Canvas
import GridLayout
import Reorder
import TileModel

/// The editor's state and its one update function (the Elm architecture's model and update). The
/// interactive editor and `tilegrid play` run this same code; `view` draws it.
public struct EditorState: Sendable {
  public private(set) var reorder: ReorderState
  public private(set) var screen: Size
  /// The file being edited, for the title bar; nil for the built-in demo or standard input.
  public private(set) var fileName: String?
  /// What the status line says.
  public private(set) var announcement: Announcement = .welcome
  /// A question waiting for a one-key answer on the status line.
  public private(set) var question: Question?
  /// A line of text being typed on the status line.
  public private(set) var prompt: Prompt?
  /// The help overlay is shown; the next key closes it.
  public private(set) var showingHelp = false
  /// Where `s` saves; the command line sets it (pipe mode saves to standard output).
  public var saveTarget: SaveTarget
  private var savedStateID: Int
  /// The save being tried, to try it again with `force` or under another name.
  private var pendingSave: (to: String?, thenQuit: Bool)?

  /// Waiting for an answer to "quit without saving?".
  public var confirmingQuit: Bool { question == .quitWithUnsavedChanges }

  /// The last find: its text and the tiles it matches (`n` and `N` go through them).
  public private(set) var find: Find?
  /// Titles and ids folded for finding, made at the first find.
  private var findIndex: FindIndex?
  /// The header that had the focus when the find began, if one did.
  private var findFromHeader: Int?

  /// Where Esc returns the focus from a find: the header it began on, or the tile.
  private mutating func returnFromFind(to origin: ItemPath?) -> [EditorEffect] {
    if let s = findFromHeader { return engineEffects(.focusSection(s)) }
    return origin.map { engineEffects(.focus($0)) } ?? []
  }

  public init(
    arrangement: Arrangement, screen: Size, fileName: String? = nil, config: ReorderConfig = ReorderConfig()
  ) {
    let size = Size(width: max(0, screen.width), height: max(0, screen.height))
    self.screen = size
    self.fileName = fileName
    saveTarget = fileName == nil ? .askForPath : .file
    reorder = ReorderState(
      arrangement: arrangement, screen: size, viewport: Screen.viewport(forScreen: size), config: config)
    savedStateID = reorder.history.stateID
  }

  public var arrangement: Arrangement { reorder.arrangement }
  public var isDirty: Bool { reorder.history.stateID != savedStateID }
  /// The time of the last message: the engine's clock, the only one.
  public var now: Int { reorder.now }

  /// When the next timer fires, for the caller's wait: the long press, the next auto-scroll step, or
  /// the end of the wait that tells a lone Esc from the start of a key sequence.
  public var nextDeadline: Int? {
    switch (reorder.nextDeadline, decoderDeadline) {
    case (let a?, let b?): return min(a, b)
    case (let a, let b): return a ?? b
    }
  }

  /// Handles one message at `time` (milliseconds on a monotonic clock; an earlier time than the last
  /// counts as the last) and returns the effects for the caller to carry out. The engine is entered
  /// once: its timers due by `time` fire first, whatever the message (also one it ignores, such as
  /// a save key), so every message sees the same state of the drag.
  public mutating func update(_ message: EditorMessage, at time: Int) -> [EditorEffect] {
    switch message {
    case .tick:
      return flushDecoder(before: time) + engine(.tick, at: time)
    case .input(let event):
      return flushDecoder(before: time) + handle(event, at: time)
    case .bytes(let bytes):
      var effects = flushDecoder(before: time)
      let events = decoder.feed(bytes)
      decoderPendingSince = decoder.hasPending ? time : nil
      if events.isEmpty { return effects + engine(.tick, at: time) }
      for event in events { effects += handle(event, at: time) }
      return effects
    case .saved(let name):
      var effects = engine(.tick, at: time)
      savedStateID = reorder.history.stateID
      if let name {
        fileName = name
        saveTarget = .file
      }
      announcement = .saved(name: saveTarget == .standardOutput ? nil : fileName)
      if pendingSave?.thenQuit == true { effects.append(.quit) }
      pendingSave = nil
      return effects
    case .saveFailed(let failure):
      let effects = engine(.tick, at: time)
      announcement = .notSaved(failure)
      switch failure {
      case .changedOnDisk: question = .fileChangedOnDisk
      case .readOnly: question = .fileReadOnly
      case .exists: question = .fileExists
      case .failed, .cancelled: pendingSave = nil
      }
      return effects
    case .signal(.interrupt):
      let effects = engine(.tick, at: time)
      return effects + askToQuit()
    case .signal(.terminate):
      // A drag in progress is not a finished change: the recovery file holds the last finished one.
      let effects = engine(.focusLost, at: time)
      return effects + (isDirty ? [.writeRecovery, .quit] : [.quit])
    }
  }

  /// Terminal bytes become input here, so the interactive editor and a replay (`input "…"` lines)
  /// decode them the same way, timeout included.
  private var decoder = InputDecoder()
  /// When the decoder started holding bytes that may begin a longer sequence (a lone Esc).
  private var decoderPendingSince: Int?

  /// When held bytes become input of their own (a lone Esc becomes the Escape key) if nothing follows.
  var decoderDeadline: Int? { decoderPendingSince.map { $0 + InputDecoder.flushDelayMilliseconds } }

  /// Held bytes whose wait ended before `time`: handled at their deadline, after the engine's timers
  /// due by then.
  private mutating func flushDecoder(before time: Int) -> [EditorEffect] {
    guard let due = decoderDeadline, due <= time else { return [] }
    decoderPendingSince = nil
    var effects = engine(.tick, at: due)
    for event in decoder.flush() { effects += handle(event, at: due) }
    return effects
  }

  private mutating func handle(_ event: InputEvent, at time: Int) -> [EditorEffect] {
    switch event {
    case .resize(let width, let height):
      screen = Size(width: max(0, width), height: max(0, height))
      return engine(.resize(screen: screen, viewport: Screen.viewport(forScreen: screen)), at: time)
    case .focus(let gained):
      return engine(gained ? .tick : .focusLost, at: time)
    case .mouse(let mouse):
      let point = mouse.point
      // Pressing a button answers a question with "no" and closes a prompt, as Esc would.
      if case .press = mouse.action, question != nil || prompt != nil || showingHelp {
        dismiss()
      }
      switch mouse.action {
      // With a modifier (Ctrl, or whatever the terminal passes on: Alt, Shift) a click marks the tile.
      case .press(.left) where !mouse.modifiers.isEmpty: return engine(.markClick(point), at: time)
      case .press(.left): return engine(.press(point), at: time)
      case .release(.left): return engine(.release(point), at: time)
      case .motion: return engine(.motion(point), at: time)
      case .wheelUp: return engine(.wheel(-1, at: point), at: time)
      case .wheelDown: return engine(.wheel(1, at: point), at: time)
      case .press, .release, .wheelLeft, .wheelRight: return engine(.tick, at: time)
      }
    case .key(let key):
      return keyPressed(key, at: time)
    case .unknown:
      return engine(.tick, at: time)
    }
  }

  private mutating func keyPressed(_ key: Key, at time: Int) -> [EditorEffect] {
    // Keys that are the editor's own: the engine only lets its timers fire.
    if question != nil || prompt != nil || showingHelp || Self.reorderKey(key) == nil {
      let effects = engine(.tick, at: time)
      return effects + editorKey(key)
    }
    return engine(.key(Self.reorderKey(key)!), at: time)
  }

  /// The engine's command for a key, or nil for the editor's own keys.
  static func reorderKey(_ key: Key) -> ReorderKey? {
    switch key {
    case .left: return .left
    case .right: return .right
    case .up: return .up
    case .down: return .down
    case .pageUp: return .pageUp
    case .pageDown: return .pageDown
    case .home: return .home
    case .end: return .end
    case .tab: return .nextSection
    case .backtab: return .previousSection
    case .space, .enter: return .liftOrDrop
    case .escape: return .cancel
    case .character("u"): return .undo
    case .character("x"): return .toggleMark
    case .character("U"), .control("r"): return .redo
    default: return nil
    }
  }

  /// A tile, a block or a section is lifted.
  private var isDragging: Bool { reorder.gesture.isDragging }

  private mutating func editorKey(_ key: Key) -> [EditorEffect] {
    if showingHelp {
      showingHelp = false
      return []
    }
    if prompt != nil { return promptKey(key) }
    if let question { return answer(question, key) }
    switch key {
    case .character("?"):
      showingHelp = true
      return []
    case .character("/"):
      guard !isDragging else { return [] }
      if findIndex == nil { findIndex = FindIndex(reorder.arrangement) }
      // From a focused header, the search starts at its section and Esc goes back to the header.
      findFromHeader = reorder.focusedSection
      let origin = reorder.focus ?? reorder.focusedSection.map { ItemPath($0, 0) }
      prompt = Prompt(purpose: .find(origin: origin), field: LineEditor())
      return []
    case .character("m"):
      guard !isDragging else { return [] }
      let marked = reorder.marks.count
      guard marked > 0 || reorder.focus != nil else {
        announcement = .nothingToLift
        return []
      }
      prompt = Prompt(purpose: .moveTo(completion: nil), field: LineEditor())
      announcement = .typeDestination(what: marked > 0 ? "the \(marked) marked tile\(marked == 1 ? "" : "s")" : "the tile")
      return []
    case .character("n"), .character("N"):
      guard !isDragging, find != nil else { return [] }
      return findNext(forward: key == .character("n"))
    case .character("s"):
      guard !isDragging else {
        announcement = .finishDragFirst
        return []
      }
      return save(thenQuit: false)
    case .character("q"), .control("c"):
      return askToQuit()
    case .control("z"):
      // The drag cannot go on while the program is stopped: it is cancelled, as on a focus loss.
      return engineEffects(.focusLost) + [.suspend]
    case .control("l"):
      return [.redraw]
    default:
      return []
    }
  }

  /// Saves where `saveTarget` says, asking for a file name first when there is none.
  private mutating func save(thenQuit: Bool) -> [EditorEffect] {
    if saveTarget == .askForPath {
      prompt = Prompt(purpose: .saveAs(thenQuit: thenQuit), field: LineEditor())
      announcement = .typeFileName
      return []
    }
    return requestSave(to: nil, force: false, thenQuit: thenQuit)
  }

  private mutating func requestSave(to path: String?, force: Bool, thenQuit: Bool) -> [EditorEffect] {
    pendingSave = (path, thenQuit)
    announcement = .saving
    return [.save(to: path, force: force, thenQuit: thenQuit)]
  }

  /// A one-key answer to the question on the status line.
  private mutating func answer(_ asked: Question, _ key: Key) -> [EditorEffect] {
    question = nil
    // A drag that began after the question was asked must end (drop or cancel) first.
    guard !isDragging else {
      announcement = .finishDragFirst
      return []
    }
    switch (asked, key) {
    case (.quitWithUnsavedChanges, .character("y")), (.quitWithUnsavedChanges, .character("Y")):
      return [.quit]
    case (.quitWithUnsavedChanges, .character("s")):
      return save(thenQuit: true)
    case (.fileChangedOnDisk, .character("o")), (.fileReadOnly, .character("o")), (.fileExists, .character("o")):
      let retry = pendingSave ?? (nil, false)
      return requestSave(to: retry.to, force: true, thenQuit: retry.thenQuit)
    case (.fileChangedOnDisk, .character("a")), (.fileReadOnly, .character("a")), (.fileExists, .character("a")):
      prompt = Prompt(purpose: .saveAs(thenQuit: pendingSave?.thenQuit ?? false), field: LineEditor())
      announcement = .typeFileName
      return []
    default:
      dismissed(asked)
      return []
    }
  }

  /// A key typed into the prompt.
  private mutating func promptKey(_ key: Key) -> [EditorEffect] {
    guard var open = prompt else { return [] }
    if case .moveTo(let completion) = open.purpose, key == .tab || key == .backtab {
      return complete(open, completion, forward: key == .tab)
    }
    let outcome = open.field.handle(key)
    if case .find(let origin) = open.purpose {
      return findKey(outcome, open, origin: origin)
    }
    switch outcome {
    case .edited, .ignored:
      // Typing starts a new completion from what is typed.
      if case .moveTo = open.purpose { open.purpose = .moveTo(completion: nil) }
      prompt = open
      return []
    case .cancelled:
      dismiss()
      return []
    case .submitted:
      switch open.purpose {
      case .find:
        return []
      case .moveTo:
        switch TypedDestination.parse(open.field.text, in: reorder.arrangement) {
        case .failure(let problem):
          prompt = open
          announcement = .badDestination(problem)
          return []
        case .success(let destination):
          prompt = nil
          let place: ItemPath
          switch destination {
          case .place(let s, let i): place = ItemPath(s, i)
          case .end(let s): place = ItemPath(s, reorder.arrangement.sections[s].count)
          }
          return engineEffects(.moveTyped(to: place))
        }
      case .saveAs(let thenQuit):
        let path = open.field.text
        guard !path.isEmpty else {
          prompt = open
          return []
        }
        prompt = nil
        return requestSave(to: path, force: false, thenQuit: thenQuit)
      }
    }
  }

  // MARK: - Typed moves

  /// Tab in the `m` prompt: the next section whose title starts with what was typed (Shift-Tab the
  /// previous), the field showing its title; again and again, round the matches.
  private mutating func complete(_ open: Prompt, _ completion: Prompt.Completion?, forward: Bool) -> [EditorEffect] {
    var open = open
    let prefix = completion?.prefix ?? open.field.text
    let matches = TypedDestination.completions(of: prefix, in: reorder.arrangement)
    guard !matches.isEmpty else {
      announcement = .badDestination(.noSuchSection(prefix))
      prompt = open
      return []
    }
    let index: Int
    if let completion {
      index = (completion.index + (forward ? 1 : matches.count - 1)) % matches.count
    } else {
      index = forward ? 0 : matches.count - 1
    }
    let section = reorder.arrangement.sections[matches[index]]
    // An id names the section exactly; a title may be shared or look like a place.
    open.field = LineEditor(section.id)
    open.purpose = .moveTo(completion: Prompt.Completion(prefix: prefix, index: index))
    prompt = open
    announcement = .completed(title: section.displayTitle, index: index + 1, of: matches.count)
    return []
  }

  // MARK: - Find

  /// A key typed into the find prompt: the focus follows the first match as the text changes; Enter
  /// keeps it there, Esc puts it back where it was.
  private mutating func findKey(_ outcome: LineEditor.Outcome, _ open: Prompt, origin: ItemPath?) -> [EditorEffect] {
    switch outcome {
    case .ignored:
      prompt = open
      return []
    case .cancelled:
      prompt = nil
      find = nil
      let effects = returnFromFind(to: origin)
      announcement = .welcome
      return effects
    case .submitted:
      prompt = nil
      if find?.matches.count == 0 { find = nil }
      return []
    case .edited:
      prompt = open
      let query = open.field.text
      guard !query.isEmpty, let index = findIndex else {
        find = nil
        let effects = returnFromFind(to: origin)
        announcement = .welcome
        return effects
      }
      let folded = FindIndex.fold(query)
      // A longer text can only match fewer tiles: search the previous matches again, not everything.
      let previous = find.flatMap { $0.folded.count < folded.count && folded.starts(with: $0.folded) ? $0.matches : nil }
      let matches = MatchSet.matching(folded, in: index, within: previous)
      find = Find(query: query, folded: folded, matches: matches)
      guard let first = nextMatch(from: origin ?? ItemPath(0, 0), forward: true, including: true) else {
        let effects = returnFromFind(to: origin)
        announcement = .notFound(query)
        return effects
      }
      return focusMatch(first)
    }
  }

  /// `n` and `N`: the next or previous match in reading order, wrapping around.
  private mutating func findNext(forward: Bool) -> [EditorEffect] {
    guard let find else { return [] }
    let start = reorder.focus ?? ItemPath(0, 0)
    guard let next = nextMatch(from: start, forward: forward, including: false) else {
      announcement = .notFound(find.query)
      return []
    }
    return focusMatch(next)
  }

  private mutating func focusMatch(_ path: ItemPath) -> [EditorEffect] {
    let effects = engineEffects(.focus(path))
    if let place = place(path) { announcement = .found(place, matches: find?.matches.count ?? 0) }
    return effects
  }

  /// The first matching tile from `start` (itself too when `including`) in reading order, forward or
  /// backward, wrapping around the arrangement. - Complexity: O(n) at worst, a bit test per tile.
  func nextMatch(from start: ItemPath, forward: Bool, including: Bool) -> ItemPath? {
    guard let matches = find?.matches, matches.count > 0 else { return nil }
    let sections = reorder.arrangement.sections
    let n = sections.count
    guard n > 0 else { return nil }
    let home = min(max(0, start.section), n - 1)
    // The start section first (from the start on), every other section once, then the start section's
    // part before the start (the start itself last, so a lone match finds itself).
    for step in 0...n {
      let s = forward ? (home + step) % n : (home - step % n + n) % n
      let items = sections[s].items
      let indices: [Int]
      let from = min(start.item, items.count)
      switch step {
      case 0:
        indices = forward ? Array(min(including ? from : from + 1, items.count)..<items.count)
          : Array(stride(from: min(including ? from : from - 1, items.count - 1), through: 0, by: -1))
      case n:
        indices = forward ? Array(0..<min(from + 1, items.count))
          : Array(stride(from: items.count - 1, through: max(0, from), by: -1))
      default:
        indices = forward ? Array(items.indices) : Array(items.indices.reversed())
      }
      for k in indices where matches[Int(items[k].index)] { return ItemPath(s, k) }
    }
    return nil
  }

  /// Whether the tile at `path` matches the current find (for the view's highlight).
  public func isMatch(_ path: ItemPath) -> Bool {
    guard let find, reorder.arrangement.contains(path) else { return false }
    return find.matches[Int(reorder.arrangement.ref(at: path).index)]
  }

  /// Closes the help, the prompt or the question without doing anything.
  private mutating func dismiss() {
    showingHelp = false
    if let open = prompt {
      prompt = nil
      if case .find(let origin) = open.purpose {
        find = nil
        _ = returnFromFind(to: origin)
        announcement = .welcome
      } else if case .moveTo = open.purpose {
        announcement = .welcome
      } else {
        pendingSave = nil
        announcement = .notSaved(.cancelled)
      }
    }
    if let asked = question {
      question = nil
      dismissed(asked)
    }
  }

  private mutating func dismissed(_ question: Question) {
    switch question {
    case .quitWithUnsavedChanges: announcement = .notQuitting
    case .fileChangedOnDisk, .fileReadOnly, .fileExists:
      pendingSave = nil
      announcement = .notSaved(.cancelled)
    }
  }

  /// `q`, Ctrl-C and SIGINT: quit, asking first when there are unsaved changes.
  private mutating func askToQuit() -> [EditorEffect] {
    guard !isDragging else {
      announcement = .finishDragFirst
      return []
    }
    if isDirty {
      question = .quitWithUnsavedChanges
      announcement = .confirmQuit
      return []
    }
    return [.quit]
  }

  /// Enters the engine with `input` at the engine's own time (for keys already past its timers).
  private mutating func engineEffects(_ input: ReorderInput) -> [EditorEffect] {
    engine(input, at: now)
  }

  /// Enters the engine once and turns what happened into effects and the announcement.
  private mutating func engine(_ input: ReorderInput, at time: Int) -> [EditorEffect] {
    let happenings = reorder.handle(input, at: time)
    for happening in happenings {
      if let words = announcement(for: happening) { announcement = words }
    }
    return happenings.map { .happened($0) }
  }

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
  private func announcement(for step: HistoryStep, undone: Bool) -> Announcement? {
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

/// A find: the text as typed, folded, and the tiles it matches.
public struct Find: Equatable, Sendable {
  public var query: String
  var folded: [UInt8]
  var matches: MatchSet

  public var matchCount: Int { matches.count }
}
