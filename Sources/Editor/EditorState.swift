import Canvas
import GridLayout
import Reorder
import TileModel

/// What the editor asks of the world after an event; the caller (the interactive loop, or `play`)
/// carries it out. `update` itself touches no file, clock or terminal.
public enum EditorEffect: Equatable, Sendable {
  /// A line for `tilegrid play --trace`: `lift S.I`, `move S.I -> S.I`, `refused S.I: REASON`,
  /// `drop S.I`, `cancel`, `scroll D`, `undo`, `redo`.
  case trace(String)
  /// Save the arrangement; quit afterwards if `thenQuit` and the save succeeded.
  case save(thenQuit: Bool)
  case quit
}

/// The editor's state and its one update function (the Elm architecture's model and update). The
/// interactive editor and `tilegrid play` run this same code.
public struct EditorState: Sendable {
  public private(set) var reorder: ReorderState
  public private(set) var screen: Size
  /// The file being edited, for the title bar; nil for the built-in demo or standard input.
  public var fileName: String?
  /// The status line's announcement (DESIGN.md §5.10).
  public private(set) var status: String
  /// Waiting for an answer to "quit without saving?".
  public private(set) var confirmingQuit = false
  /// The clock, from the last tick.
  public private(set) var now = 0
  private var savedStateID: Int

  public init(arrangement: Arrangement, screen: Size, fileName: String? = nil, config: ReorderConfig = ReorderConfig()) {
    let size = Size(width: max(0, screen.width), height: max(0, screen.height))
    self.screen = size
    self.fileName = fileName
    reorder = ReorderState(
      arrangement: arrangement, screen: size, viewport: Screen.viewport(forScreen: size), config: config)
    savedStateID = reorder.history.stateID
    status = "Long-press a tile and drag it, or Space to lift the focused tile; arrows move; s saves; q quits"
  }

  public var arrangement: Arrangement { reorder.arrangement }
  public var isDirty: Bool { reorder.history.stateID != savedStateID }

  /// When the next timer fires, for the caller's wait: the long press or the next auto-scroll step.
  public var nextDeadline: Int? { reorder.nextDeadline }

  /// The caller saved the arrangement as it is now.
  public mutating func markSaved(as name: String? = nil) {
    savedStateID = reorder.history.stateID
    if let name { fileName = name }
    status = "Saved" + (fileName.map { " \($0)" } ?? "")
  }

  /// The caller could not save; the message says why.
  public mutating func saveFailed(_ message: String) {
    status = "Not saved: \(message)"
  }

  /// Handles one event and returns the effects for the caller to carry out. Timers due by the event's
  /// time fire first, whatever the event (also one the engine ignores), so every event sees the same
  /// state of the drag.
  public mutating func update(_ event: InputEvent) -> [EditorEffect] {
    if case .tick(let milliseconds) = event {
      now = max(now, milliseconds)
      return run(.tick)
    }
    return run(.tick) + handle(event)
  }

  private mutating func handle(_ event: InputEvent) -> [EditorEffect] {
    switch event {
    case .tick:
      return []
    case .resize(let width, let height):
      screen = Size(width: max(0, width), height: max(0, height))
      return run(.resize(screen: screen, viewport: Screen.viewport(forScreen: screen)))
    case .focus(let gained):
      return gained ? [] : run(.focusLost)
    case .mouse(let mouse):
      let point = Point(x: mouse.x, y: mouse.y)
      // Pressing a button answers "quit without saving?" with "no".
      if case .press = mouse.action, confirmingQuit {
        confirmingQuit = false
        status = "Not quitting"
      }
      switch mouse.action {
      case .press(.left): return run(.press(point))
      case .release(.left): return run(.release(point))
      case .motion: return run(.motion(point))
      case .wheelUp: return run(.wheel(-1, at: point))
      case .wheelDown: return run(.wheel(1, at: point))
      case .press, .release, .wheelLeft, .wheelRight: return []
      }
    case .key(let key):
      return keyPressed(key)
    case .unknown:
      return []
    }
  }

  private mutating func keyPressed(_ key: Key) -> [EditorEffect] {
    if confirmingQuit {
      confirmingQuit = false
      // A drag that began after the question was asked must end (drop or cancel) before quitting.
      guard reorder.gesture.session == nil else {
        status = "Not quitting: drop or cancel the tile first"
        return []
      }
      switch key {
      case .character("y"), .character("Y"):
        return [.quit]
      case .character("s"):
        return [.save(thenQuit: true)]
      default:
        status = "Not quitting"
        return []
      }
    }
    let command: ReorderKey
    switch key {
    case .left: command = .left
    case .right: command = .right
    case .up: command = .up
    case .down: command = .down
    case .pageUp: command = .pageUp
    case .pageDown: command = .pageDown
    case .home: command = .home
    case .end: command = .end
    case .tab: command = .nextSection
    case .backtab: command = .previousSection
    case .space, .enter: command = .liftOrDrop
    case .escape: command = .cancel
    case .character("u"): command = .undo
    case .character("U"), .control("r"): command = .redo
    case .character("s"):
      guard reorder.gesture.session == nil else { return [] }
      status = "Saving…"
      return [.save(thenQuit: false)]
    case .character("q"), .control("c"):
      guard reorder.gesture.session == nil else { return [] }
      if isDirty {
        confirmingQuit = true
        status = "Unsaved changes. Quit without saving? y: quit, s: save and quit, any other key: stay"
        return []
      }
      return [.quit]
    default:
      return []
    }
    return run(.key(command))
  }

  private mutating func run(_ input: ReorderInput) -> [EditorEffect] {
    let happenings = reorder.handle(input, at: now)
    var effects: [EditorEffect] = []
    for happening in happenings {
      if let line = Self.traceLine(happening) { effects.append(.trace(line)) }
      if let text = announcement(happening) { status = text }
    }
    return effects
  }

  /// The trace line for a happening, or nil for those the trace does not list (focus, notices).
  public static func traceLine(_ happening: Happening) -> String? {
    switch happening {
    case .lifted(let path): return "lift \(path)"
    case .moved(let from, let to): return "move \(from) -> \(to)"
    case .refused(let path, let reason): return "refused \(path): \(reason)"
    case .dropped(let path, _): return "drop \(path)"
    case .cancelled: return "cancel"
    case .scrolled(let delta): return "scroll \(delta)"
    case .undone: return "undo"
    case .redone: return "redo"
    case .focused, .nothingToLift, .blocked: return nil
    }
  }

  /// "red — Favorites 2 of 14": a tile and its place, for announcements.
  func describe(_ path: ItemPath) -> String {
    let arrangement = reorder.arrangement
    guard arrangement.contains(path) else { return "\(path)" }
    let section = arrangement.sections[path.section]
    return "\(arrangement[path].displayTitle) — \(section.displayTitle) \(path.item + 1) of \(section.count)"
  }

  /// The status line's words for a happening (DESIGN.md §5.10), or nil to keep the current ones.
  func announcement(_ happening: Happening) -> String? {
    switch happening {
    case .lifted(let path): return "Lifted \(describe(path))"
    case .moved(_, let to):
      let section = reorder.arrangement.sections[to.section]
      return "Moved to \(section.displayTitle) \(to.item + 1) of \(section.count)"
    case .refused(_, let reason): return "Refused: \(reason)"
    case .dropped(let path, _): return "Dropped \(describe(path))"
    case .cancelled(let path): return "Cancelled — \(describe(path))"
    case .scrolled: return nil
    case .undone(let step): return "Undone: \(describe(step.to))"
    case .redone(let step): return "Redone: \(describe(step.to))"
    case .focused(let path): return describe(path)
    case .nothingToLift: return "Nothing to lift here: long-press a tile"
    case .blocked(let reason): return reason
    }
  }
}
