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
  /// Waiting for an answer to "quit without saving?".
  public private(set) var confirmingQuit = false
  /// The help overlay is shown; the next key closes it.
  public private(set) var showingHelp = false
  private var savedStateID: Int

  public init(
    arrangement: Arrangement, screen: Size, fileName: String? = nil, config: ReorderConfig = ReorderConfig()
  ) {
    let size = Size(width: max(0, screen.width), height: max(0, screen.height))
    self.screen = size
    self.fileName = fileName
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
      if let name { fileName = name }
      announcement = .saved(name: fileName)
      if pendingQuitAfterSave {
        pendingQuitAfterSave = false
        effects.append(.quit)
      }
      return effects
    case .saveFailed(let failure):
      pendingQuitAfterSave = false
      announcement = .notSaved(failure)
      return engine(.tick, at: time)
    case .signal(.interrupt):
      let effects = engine(.tick, at: time)
      return effects + askToQuit()
    case .signal(.terminate):
      // Unsaved changes go to a recovery file before the editor ends.
      return engine(.tick, at: time) + (isDirty ? [.writeRecovery, .quit] : [.quit])
    }
  }

  /// Set when "save and quit" was chosen: the quit follows a successful save.
  private var pendingQuitAfterSave = false

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
      // Pressing a button answers "quit without saving?" with "no".
      if case .press = mouse.action, confirmingQuit {
        confirmingQuit = false
        announcement = .notQuitting
      }
      switch mouse.action {
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
    // Ctrl-Z and Ctrl-L act on the terminal, whatever the editor is doing (a drag goes on after `fg`).
    switch key {
    case .control("z"): return engine(.tick, at: time) + [.suspend]
    case .control("l"): return engine(.tick, at: time) + [.redraw]
    default: break
    }
    // Keys that are the editor's own: the engine only lets its timers fire.
    if confirmingQuit || showingHelp || Self.reorderKey(key) == nil {
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
    case .character("U"), .control("r"): return .redo
    default: return nil
    }
  }

  private var isDragging: Bool { reorder.gesture.session != nil }

  private mutating func editorKey(_ key: Key) -> [EditorEffect] {
    if showingHelp {
      showingHelp = false
      return []
    }
    if confirmingQuit {
      confirmingQuit = false
      // A drag that began after the question was asked must end (drop or cancel) before quitting.
      guard !isDragging else {
        announcement = .finishDragFirst
        return []
      }
      switch key {
      case .character("y"), .character("Y"):
        return [.quit]
      case .character("s"):
        pendingQuitAfterSave = true
        announcement = .saving
        return [.save(to: nil, force: false, thenQuit: true)]
      default:
        announcement = .notQuitting
        return []
      }
    }
    switch key {
    case .character("?"):
      showingHelp = true
      return []
    case .character("s"):
      guard !isDragging else {
        announcement = .finishDragFirst
        return []
      }
      announcement = .saving
      return [.save(to: nil, force: false, thenQuit: false)]
    case .character("q"), .control("c"):
      return askToQuit()
    default:
      return []
    }
  }

  /// `q`, Ctrl-C and SIGINT: quit, asking first when there are unsaved changes.
  private mutating func askToQuit() -> [EditorEffect] {
    guard !isDragging else {
      announcement = .finishDragFirst
      return []
    }
    if isDirty {
      confirmingQuit = true
      announcement = .confirmQuit
      return []
    }
    return [.quit]
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

  /// The status line's announcement for a happening, or nil to keep the current one.
  func announcement(for happening: Happening) -> Announcement? {
    switch happening {
    case .lifted(let path): return place(path).map(Announcement.lifted)
    case .moved(_, let to):
      let section = reorder.arrangement.sections[to.section]
      return .moved(sectionTitle: section.displayTitle, position: to.item + 1, count: section.count)
    case .refused(_, let reason): return .refused(reason)
    case .dropped(let path, _): return place(path).map(Announcement.dropped)
    case .cancelled(let path): return place(path).map(Announcement.cancelled)
    case .scrolled: return nil
    case .undone(let step): return place(step.to).map(Announcement.undone)
    case .redone(let step): return place(step.to).map(Announcement.redone)
    case .focused(let path): return place(path).map(Announcement.focused)
    case .nothingToLift: return .nothingToLift
    case .blocked(let reason): return .blocked(reason)
    }
  }
}
