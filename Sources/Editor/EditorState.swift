import Canvas
import Document
import GridLayout
import Reorder
import TerminalInput
import TileModel

/// The editor's state and its one update function (the Elm architecture's model and update): the
/// `Document` being edited, the gesture recognizer (`ReorderState`), and at most one `Overlay` (the
/// help, a prompt, a question). The interactive editor and `tilegrid play` run this same code; `view`
/// draws it.
///
/// One concern per file: this one routes messages (input, bytes through the decoder, ticks, save
/// results, signals) to the recognizer or the editor's own keys; `+Prompts` holds saving, quitting,
/// questions, prompts and typed moves; `+Editing` the editing commands (`EditCommand` their table);
/// `+Find` the find; `+Announcements` the status line's words; `+History` undo and redo; `+Merge` the
/// merge with the file on disk and the changes panel; `+LeftBehind` the files an earlier session left.
public struct EditorState: Sendable {
  /// The arrangement being edited, its layout, history, name and save target.
  public internal(set) var document: Document
  /// Long press, drags, focus, marks and scrolling.
  public internal(set) var reorder: ReorderState
  public internal(set) var screen: Size
  /// What the status line says.
  public internal(set) var announcement: Announcement = .welcome
  /// What is shown above the editor, taking the keys: one thing at a time.
  public internal(set) var overlay: Overlay?
  /// The file was found deleted on disk at a save: the next save writes it again (with `force`, so
  /// that the stamp of the deleted file is not expected).
  var recreatesDeletedFile = false
  /// The Conflicts panel gave way to a question about a file left behind, and opens again after it.
  var conflictsPanelWaits = false
  /// The recovery file restored (`r`) and the history's state right after the restore: once that
  /// state is saved, the file is removed.
  var restoredLeftBehind: (file: LeftBehind, stateID: Int)?
  /// The name of the restored file being removed after a save, to say both on the status line.
  var removingSaved: String?
  /// The help overlay's first line shown, where it does not all fit (`?` opens it at 0).
  public internal(set) var helpOffset = 0
  /// The save being tried, to try it again with `force` or under another name, and whether the editor
  /// quits once it succeeds (the `.save` effect leaves that to the editor: its `.quit` follows `.saved`).
  var pendingSave: (to: String?, thenQuit: Bool)?
  /// The last find and the index it searches.
  var finding = FindSession()
  /// Files left behind by an earlier session, still to be asked about (the one asked is the question).
  var leftBehindQueue: [LeftBehind] = []
  /// The disk's version the last merge was made with, and the history's state right after it.
  var disk: DiskVersion?
  /// A change of the file on disk that waits for a gesture, a prompt, a question or the help to end.
  var waitingDiskChange: DiskChange?
  /// The conflicts following the file resolved toward the session, to revisit (`C`).
  public internal(set) var followedConflicts: [String] = []
  /// The newest disk version taken in (its token): a version read before it is older, and is not taken
  /// in after it (the watcher may have read one that a save then merged and wrote over).
  var newestDiskToken = Int.min
  /// How many times in a row the save under way found the file changed and merged it first.
  var saveMerges = 0
  /// `--autosave` (and its key): the board is saved about `autosaveDelay` after its last change.
  public internal(set) var autosave = false
  /// When the next autosave is due (the last change's time and the delay).
  var autosaveDue: Int?
  /// The save under way is an autosave: it keeps the status line as it is.
  var autosaving = false
  /// The last merge from disk, and the history's state right after it (the title bar says `merged N
  /// from disk` while the board is at that state).
  var mergedFromDisk: (changes: Int, stateID: Int)?
  /// A conflicted file's merge conflicts, and which are resolved (the Conflicts panel).
  var conflictList = ConflictList()
  /// What the file's format keeps of an edit: an edit it cannot keep is refused when asked for, with
  /// the reason (`A Markdown board keeps no colors`). The command line sets it from the save format.
  public var traits: FormatTraits = .everything
  /// How cards are drawn: titles read as Markdown on a Markdown board, its checkboxes shown or not,
  /// and the characters for them (`CardStyle`).
  public var cardStyle = CardStyle()
  /// How a card's text is written out for `e` and read back (the file's format's, `CardTextEditing`).
  public var cardText = CardTextEditing()
  /// The card whose text is out in the text editor (`e`), until it comes back.
  var pendingTextEdit: (path: ItemPath, ref: TileRef)?
  /// A table without a color column gains one at the first recolor, which says so once.
  public var gainsColorColumn = false
  /// How `m` joins the file as opened (base), the editor's arrangement (ours) and the file on disk
  /// (theirs): by ids unless told. The command line sets the merge `tilegrid merge` makes in the
  /// file's format, so that a format without ids pairs its cards across the versions first (a rename
  /// on disk and a move here are the renamed card at the moved place).
  public var mergeVersions: @Sendable (_ base: Arrangement, _ ours: Arrangement, _ theirs: Arrangement) -> MergeResult = {
    Arrangement.merge(base: $0, ours: $1, theirs: $2)
  }
  /// Whether `v`'s "a view only" has been said (once a session).
  var saidViewOnly = false
  /// The lanes `v` goes back to (a board's own lane width, once it has been left).
  var lanesView: LayoutView = .lanes(laneWidth: nil)
  /// The view `v` goes back to from lanes: the file's own layout, or a lines file's list.
  var rowsView: LayoutView = .file
  /// The section the lifted tile or block came from, for a board's complete lane.
  var liftedFrom: Int?
  /// What glides where, when motion is on (`+Motion`).
  public internal(set) var motion = Motion()
  /// Which keys give which command: the standard keys, or a keys file's (the command line reads it).
  public var keymap: Keymap = .standard

  public init(
    arrangement: Arrangement, screen: Size, fileName: String? = nil, config: ReorderConfig = ReorderConfig(),
    view: LayoutView = .file
  ) {
    let size = Size(width: max(0, screen.width), height: max(0, screen.height))
    let viewport = Screen.viewport(forScreen: size)
    self.screen = size
    document = Document(
      arrangement: arrangement, viewport: viewport.size, name: fileName,
      saveTarget: fileName == nil ? .askForPath : .file, view: view)
    if case .lanes = view {} else { rowsView = view }
    reorder = ReorderState(document: document, screen: size, viewport: viewport, config: config)
  }

  /// An empty arrangement for a file that does not exist yet: one empty section, and the status line
  /// says that `s` creates the file.
  public static func newFile(
    named name: String, screen: Size, config: ReorderConfig = ReorderConfig(), arrangement: Arrangement = .newFile,
    view: LayoutView = .file
  ) -> EditorState {
    var editor = EditorState(arrangement: arrangement, screen: screen, fileName: name, config: config, view: view)
    editor.announcement = .newFile
    return editor
  }

  public var arrangement: Arrangement { document.arrangement }
  /// The file being edited, for the title bar; nil for the built-in demo.
  public var fileName: String? { document.name }
  public var isDirty: Bool { document.isDirty }
  /// Where `s` saves; the command line sets it (pipe mode saves to standard output).
  public var saveTarget: SaveTarget {
    get { document.saveTarget }
    set { document.saveTarget = newValue }
  }
  /// The time of the last message: the engine's clock, the only one.
  public var now: Int { reorder.now }

  /// The prompt being typed into, if one is open.
  public var prompt: Prompt? {
    if case .prompt(let prompt) = overlay { return prompt }
    return nil
  }
  /// The question waiting for a one-key answer, if one is asked.
  public var question: Question? {
    if case .question(let question) = overlay { return question }
    return nil
  }
  /// Whether the help overlay is shown.
  public var showingHelp: Bool { overlay == .help }
  /// Waiting for an answer to "quit without saving?".
  public var confirmingQuit: Bool { question == .quitWithUnsavedChanges }
  /// The last find: its text and the tiles it matches (`n` and `N` go through them).
  public var find: Find? { finding.find }

  /// When the next timer fires, for the caller's wait: the long press, the next auto-scroll step, or
  /// the end of the wait that tells a lone Esc from the start of a key sequence.
  public var nextDeadline: Int? {
    [reorder.nextDeadline, decoderDeadline, autosaveDue].compactMap { $0 }.min()
  }

  /// Handles one message at `time` without motion (`update`, in `+Motion`, wraps it), then a change
  /// of the file on disk that waited for what the message ended.
  mutating func process(_ message: EditorMessage, at time: Int) -> [EditorEffect] {
    let state = document.history.stateID
    var effects = processMessage(message, at: time)
    effects += takeWaitingDiskChange()
    if autosave && document.history.stateID != state { autosaveDue = time + Self.autosaveDelay }
    return effects + autosaveIfDue(at: time)
  }

  private mutating func processMessage(_ message: EditorMessage, at time: Int) -> [EditorEffect] {
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
      let previousAnnouncement: Announcement? = autosaving ? announcement : nil
      var effects = engine(.tick, at: time)
      document.markSaved()
      disk = nil
      if let name {
        document.name = name
        document.saveTarget = .file
      }
      announcement = .saved(name: saveTarget == .standardOutput ? nil : fileName)
      recreatesDeletedFile = false
      saveMerges = 0
      // A recovery file restored and now saved (the restore not undone) has done its work: removed,
      // it is not asked about again.
      if let found = restoredLeftBehind, let step = document.history.position(ofState: found.stateID),
        step <= document.history.position
      {
        restoredLeftBehind = nil
        removingSaved = found.file.name
        effects.append(.discard(path: found.file.path, name: found.file.name))
      }
      if pendingSave?.thenQuit == true { effects.append(.quit) }
      pendingSave = nil
      // An autosave leaves the status line as it was: the title bar says `saved`.
      if autosaving { announcement = previousAnnouncement ?? announcement }
      autosaving = false
      mergedFromDisk = nil
      return effects
    case .saveFailed(let failure):
      var effects = engine(.tick, at: time)
      autosaving = false
      announcement = .notSaved(failure)
      if failure != .changedOnDisk { saveMerges = 0 }
      switch failure {
      case .changedOnDisk:
        // Never a question: what is on disk now is merged in, then the save is made again.
        effects += mergeThenSave()
      case .deletedOnDisk:
        // Not a change to merge with: the next `s` writes the file again, as it is in the editor.
        announcement = .fileDeleted(name: fileName ?? "the file")
        recreatesDeletedFile = true
        pendingSave = nil
      case .readOnly: overlay = .question(.fileReadOnly)
      case .exists: overlay = .question(.fileExists)
      case .failed:
        // A name typed for save as stays in the prompt, to correct it; the reason shows above it.
        if let retry = pendingSave, let path = retry.to {
          overlay = .prompt(Prompt(purpose: .saveAs(thenQuit: retry.thenQuit), field: LineEditor(path)))
        }
        pendingSave = nil
      case .cancelled: pendingSave = nil
      }
      return effects
    case .saving(let target):
      document.saveTarget = target
      return []
    case .leftBehind(let found):
      let effects = engine(.tick, at: time)
      leftBehindQueue += found
      askAboutLeftBehind()
      return effects
    case .discarded(let name, let failure):
      let previous = announcement
      let effects = engine(.tick, at: time)
      announcement = failure.map { .notDiscarded(name: name, reason: $0) } ?? .discarded(name: name)
      if removingSaved == name, case .saved(let saved) = previous, failure == nil {
        announcement = .told(Announcement.saved(name: saved).text + " · removed \(name)")
      }
      removingSaved = nil
      askAboutLeftBehind()
      return effects
    case .diskVersion(let theirs, let token):
      // Read for a save that found the file changed: merged in, then the save is made again.
      var effects = engine(.tick, at: time) + mergeFromDisk(theirs, token: token)
      if let retry = pendingSave {
        effects += requestSave(to: retry.to, force: false, thenQuit: retry.thenQuit)
      }
      return effects
    case .diskChanged(let change):
      return engine(.tick, at: time) + diskChanged(change)
    case .textEdited(let text):
      return engine(.tick, at: time) + takeEditedText(text)
    case .textNotEdited(let why):
      return engine(.tick, at: time) + takeEditedText(nil, failure: why)
    case .diskUnreadable(let problem):
      let effects = engine(.tick, at: time)
      announcement = .notMerged(problem)
      saveMerges = 0
      // A save found it: the person says whether to write over it.
      if pendingSave != nil { overlay = .question(.diskUnreadable(problem)) }
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
  var decoderDeadline: Int? { decoderPendingSince.map { $0 + decoder.pendingDelayMilliseconds } }

  /// Held bytes whose wait ended before `time`: handled at their deadline, after the engine's timers
  /// due by then.
  mutating func flushDecoder(before time: Int) -> [EditorEffect] {
    guard let due = decoderDeadline, due <= time else { return [] }
    decoderPendingSince = nil
    var effects = engine(.tick, at: due)
    for event in decoder.flush() { effects += handle(event, at: due) }
    return effects
  }

  mutating func handle(_ event: InputEvent, at time: Int) -> [EditorEffect] {
    switch event {
    case .resize(let width, let height):
      let wasTooSmall = isTooSmall
      screen = Size(width: max(0, width), height: max(0, height))
      // What is lifted (or about to be, by a long press) would go on out of sight: it is cancelled
      // exactly when the screen becomes too small, as on a focus loss.
      let cancelled = isTooSmall && !wasTooSmall ? engine(.focusLost, at: time) : []
      return cancelled + engine(.resize(screen: screen, viewport: Screen.viewport(forScreen: screen)), at: time)
    case .mouse where isTooSmall:
      // Nothing of the grid is shown to point at.
      return engine(.tick, at: time)
    case .focus(let gained):
      return engine(gained ? .tick : .focusLost, at: time)
    case .mouse(let mouse):
      let point = mouse.point
      // The wheel over the help scrolls the help, where it does not all fit.
      if overlay == .help, mouse.action == .wheelUp || mouse.action == .wheelDown {
        if let layout = helpLayout {
          helpOffset = min(max(0, helpOffset + (mouse.action == .wheelUp ? -1 : 1)), layout.lastOffset)
        }
        return engine(.tick, at: time)
      }
      // Pressing a button answers a question with "no" and closes a prompt, as Esc would.
      if case .press = mouse.action, overlay != nil {
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
    case .paste(let text):
      // Pasted text goes into an open prompt; elsewhere it means nothing (it is not keys).
      return engine(.tick, at: time) + pasted(text)
    case .unknown:
      return engine(.tick, at: time)
    }
  }

  mutating func keyPressed(_ key: Key, at time: Int) -> [EditorEffect] {
    // The suspend key (Ctrl-Z unless a keys file says otherwise) suspends from every screen, a
    // prompt, a question and the help included, which stay as they are for `fg`; where a line is
    // typed, a key that is text stays text. A drag cannot go on while the program is stopped: it is
    // cancelled, as on a focus loss.
    if keymap.command(for: key, in: .board) == .editor(.suspend), prompt == nil || !Self.typesText(key) {
      return engine(.focusLost, at: time) + [.suspend]
    }
    if isTooSmall { return engine(.tick, at: time) + tooSmallKey(key) }
    // The gesture recognizer's commands go to it; the editor's own after the recognizer's timers fire.
    guard overlay == nil, case .editor(let command)? = keymap.command(for: key, in: boardContexts),
      let reorderKey = command.reorderKey(dragging: isDragging)
    else {
      let effects = engine(.tick, at: time)
      return effects + editorKey(key)
    }
    return engine(.key(reorderKey), at: time)
  }

  /// Whether `key` is text where a line is typed: a character or Space.
  static func typesText(_ key: Key) -> Bool {
    if case .character = key { return true }
    return key == .space
  }

  /// Where the board's keys are looked up: while something is lifted, the lifted's commands first
  /// (the arrows carry it), then the board's (which wait for the drop where they would change it: the
  /// recognizer's own, such as `focus-left`, never reach it then, so that a key a keys file took from
  /// `carry-left` does not carry).
  var boardContexts: [KeyContext] { isDragging ? [.lifted, .board] : [.board] }

  /// A tile, a block or a section is lifted.
  var isDragging: Bool { reorder.gesture.isDragging }

  /// Enters the engine with `input` at the engine's own time (for keys already past its timers).
  mutating func engineEffects(_ input: ReorderInput) -> [EditorEffect] {
    engine(input, at: now)
  }

  /// Enters the engine once and turns what happened into effects and the announcement. While an
  /// overlay (a prompt, a question, the help) takes the keys, a press still held does not become a
  /// drag: the edit the overlay is for must not meet a drag half done.
  mutating func engine(_ input: ReorderInput, at time: Int) -> [EditorEffect] {
    if overlay != nil { reorder.failPendingPress() }
    return report(reorder.handle(input, at: time, in: &document))
  }

  /// What the gesture recognizer did, as effects, with the status line's words for the last happening
  /// that has any.
  mutating func report(_ happenings: [Happening]) -> [EditorEffect] {
    var effects = happenings.flatMap { report(.gesture($0)) }
    // A card that a drag or a typed move took into a board's complete lane is checked, one taken out
    // of one unchecked, in the same undo step (as Obsidian Kanban does).
    for happening in happenings {
      switch happening {
      case .lifted(let subject, let grabbed):
        liftedFrom = grabbed?.section ?? subject.firstPath?.section
      case .dropped(let subject, let moved):
        if moved, let from = liftedFrom { effects += checkByLane(subject, from: from) }
        liftedFrom = nil
      case .cancelled:
        liftedFrom = nil
      case .placed(let edit):
        switch edit {
        case .moveTile(let from, let to): effects += checkByLane(.tile(to), from: from.section)
        default: break
        }
      default: break
      }
    }
    return effects
  }

  /// Checks the cards of `subject` when they are now in a complete lane they did not come from, unchecks
  /// them when they left one; part of the step just recorded.
  private mutating func checkByLane(_ subject: Subject, from: Int) -> [EditorEffect] {
    guard traits.keepsCheckboxes, let first = subject.firstPath, arrangement.contains(first) else { return [] }
    let count: Int
    switch subject {
    case .tile: count = 1
    case .block(_, let n): count = n
    case .section: return []
    }
    let checked = arrangement.sections.indices.contains(first.section) && arrangement.sections[first.section].isCompleteLane
    let edits = arrangement.completeLaneEdits(movedTo: first, count: count, from: from)
    guard !edits.isEmpty, (try? document.amendLastStep(edits)) != nil else { return [] }
    followChanges()
    if case .did(let verb, let place) = announcement {
      announcement = .told(Announcement.did(verb, place).text + (checked ? " · checked" : " · unchecked"))
    }
    return []
  }

  /// What happened, as an effect, with the status line's words when it has any.
  mutating func report(_ happening: EditorHappening) -> [EditorEffect] {
    if let words = announcement(for: happening) { announcement = words }
    return [.happened(happening)]
  }
}

/// What is shown above the editor and takes the keys until it closes: one at a time.
public enum Overlay: Equatable, Sendable {
  /// The key list (`?`); the next key closes it.
  case help
  /// A line being typed on the status line.
  case prompt(Prompt)
  /// A question waiting for a one-key answer.
  case question(Question)
  /// Lines to read (`D`: what changed since the file was saved; a merge's conflicts), scrolled with
  /// the arrows and pages; Esc, Enter, `q` or `D` close it.
  case text(TextPanel)
  /// A conflicted file's merge conflicts: ↑/↓ choose one, `o` `t` `b` resolve it; Esc closes.
  case conflicts(ConflictsPanel)
}

/// A scrollable panel of lines, above the editor.
public struct TextPanel: Equatable, Sendable {
  /// The panel's title, on its frame.
  public var title: String
  public var lines: [String]
  /// The first line shown.
  public var offset = 0
  /// The card whose text the panel shows (`e` there edits it), if it is a card's.
  public var card: ItemPath?

  public init(title: String, lines: [String], card: ItemPath? = nil) {
    self.title = title
    self.lines = lines
    self.card = card
  }
}

extension Subject {
  /// The tile's place, or the first of a block's run; nil for a section.
  var firstPath: ItemPath? {
    switch self {
    case .tile(let path), .block(let path, _): return path
    case .section: return nil
    }
  }
}
