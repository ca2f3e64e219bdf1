import GridLayout
import TileModel

/// The reorder engine: arrangement, layout, viewport, focus, gesture and history, and the one function
/// that changes them, `handle(_:at:)`. Pure: time comes in as a value, the screen as sizes.
///
/// The rules live in one file each: `ReorderState+Pointer` (long press, drag, drop, cancel),
/// `ReorderState+AutoScroll`, `ReorderState+Keyboard` (focus and keyboard moves), `ReorderState+Marks`
/// (marks and the lifted block), `ReorderState+Sections` (section focus and section drags), and the pure
/// `selectTarget` and `selectSectionTarget` (where a dragged tile, block or section goes).
///
/// Every pointer event costs two hit tests, at most one move and its incremental re-flow: never work
/// proportional to the tile count. (Lifting a block finds its marked tiles in one pass over the
/// references, once per lift.)
///
/// A long-press drag of the demo's first tile onto the second, on an 80 x 24 screen whose content sits
/// between a title bar and a status line:
///
///     var state = ReorderState(
///       arrangement: .demo, screen: Size(width: 80, height: 24),
///       viewport: Rect(x: 0, y: 1, width: 80, height: 22))
///     _ = state.handle(.press(Point(x: 3, y: 3)), at: 0)     // screen cells; time in milliseconds
///     _ = state.handle(.tick, at: 300)                       // [.lifted(0.0)]: the long press fired
///     _ = state.handle(.motion(Point(x: 12, y: 3)), at: 350) // [.moved(from: 0.0, to: 0.1)]
///     _ = state.handle(.release(Point(x: 12, y: 3)), at: 400) // [.dropped(0.1, moved: true)]
///     state.arrangement                                      // blue is now second
///
/// Nothing here reads a clock or sleeps: pass the time with each input, and wake up at `nextDeadline`
/// (with `.tick`) when no input comes sooner, so the long press and auto-scroll fire on time.
public struct ReorderState: Sendable {
  /// The arrangement, with every move made so far (undo included).
  public internal(set) var arrangement: Arrangement
  /// The layout of `arrangement` for the viewport's size, kept in step with it.
  public internal(set) var layout: FlowLayout
  /// The screen's size in cells (the viewport lies on it; auto-scroll speeds up toward its edges).
  public internal(set) var screen: Size
  /// Where the content sits on the screen and how far it is scrolled.
  public internal(set) var viewport: Viewport
  /// The long press and drag state; `gesture.session` is the drag in progress, if any.
  public internal(set) var gesture: GestureState = .idle
  /// The focused tile, for the keyboard (and a view's focus ring); `nil` when there is no tile, or while
  /// a section header has the focus (`focusedSection`).
  public internal(set) var focus: ItemPath? {
    didSet { if focus != nil { focusedSection = nil } }
  }
  /// The section whose header has the keyboard focus (Tab, Shift-Tab, a click on a header); setting a
  /// tile's focus ends it.
  public internal(set) var focusedSection: Int?
  /// The marked tiles (`x`, a modifier click). References follow their tiles through every move, so
  /// marks survive drags, undo and redo. Lifting a marked tile lifts them all as one block.
  public internal(set) var marks: Set<TileRef> = []
  /// Undo and redo: one step per completed drag or keyboard move.
  public internal(set) var history = History()
  /// The tunable numbers this state was made with.
  public let config: ReorderConfig
  /// The engine's clock: the time of the last input, in milliseconds. The only clock there is.
  public internal(set) var now: Int = 0

  /// Happenings of the input being handled.
  var happenings: [Happening] = []

  /// A state at rest: nothing pressed, not scrolled, the focus on the first tile, time 0.
  /// - Parameters:
  ///   - screen: the whole screen's size in cells.
  ///   - viewport: where on the screen the content is shown (screen cells); the layout is made for its
  ///     size.
  /// - Complexity: that of `FlowLayout(arrangement:viewport:)`, O(n) at worst.
  public init(arrangement: Arrangement, screen: Size, viewport: Rect, config: ReorderConfig = ReorderConfig()) {
    self.arrangement = arrangement
    self.screen = screen
    self.viewport = Viewport(frame: viewport, direction: arrangement.layout.direction)
    self.config = config
    layout = FlowLayout(arrangement: arrangement, viewport: viewport.size)
    focus = firstTile(from: 0, step: 1)
  }

  var isVertical: Bool { layout.parameters.direction == .vertical }

  /// Handles one input at time `now` (milliseconds; an earlier time counts as the engine's own):
  /// first the timers due by then fire, each at its own due time, then the input is handled. Returns
  /// what happened, in order; the new state is in the properties.
  /// - Complexity: for a pointer event two hit tests, at most one move and its incremental re-flow,
  ///   independent of the tile count; a `.resize` lays everything out again, O(n).
  public mutating func handle(_ input: ReorderInput, at now: Int) -> [Happening] {
    happenings = []
    advance(to: max(now, self.now))
    switch input {
    case .press(let point): press(at: point)
    case .motion(let point): motion(to: point)
    case .release(let point): release(at: point)
    case .wheel(let notches, _): wheel(notches)
    case .key(let key): self.key(key)
    case .resize(let screen, let viewport): resize(screen: screen, viewport: viewport)
    case .focusLost: if gesture.isDragging { cancelDrag() }
    case .focus(let path): if !gesture.isDragging && arrangement.contains(path) { setFocus(path) }
    case .moveTyped(let place): moveTyped(to: place)
    case .focusSection(let s): if !gesture.isDragging && s >= 0 && s < arrangement.sections.count { focusHeader(s) }
    case .markClick(let point): markClick(at: point)
    case .tick: break
    }
    return happenings
  }

  /// When the next timer fires (the long press, the next auto-scroll step), in milliseconds on the same
  /// clock as `handle(_:at:)`'s, if one is running: call `handle(.tick, at: deadline)` then at the latest.
  public var nextDeadline: Int? {
    switch gesture {
    case .pressing(_, _, let since):
      return since + config.minimumPressDuration
    case .dragging(let session):
      guard let anchor = session.scrollAnchor,
        let velocity = autoScrollVelocity(pointer: session.pointer, direction: session.direction)
      else { return nil }
      // A faster speed (the pointer went deeper into the band) can bring the next step before now:
      // then it is due now, never in the past.
      return max(anchor + velocity.interval, now)
    case .draggingSection(let session):
      guard let anchor = session.scrollAnchor,
        let velocity = autoScrollVelocity(pointer: session.pointer, direction: session.direction)
      else { return nil }
      // A faster speed (the pointer went deeper into the band) can bring the next step before now:
      // then it is due now, never in the past.
      return max(anchor + velocity.interval, now)
    case .idle, .failed:
      return nil
    }
  }

  /// Fires every timer due by `time`, each at its own due time.
  private mutating func advance(to time: Int) {
    while let due = nextDeadline, due <= time {
      now = max(now, due)
      switch gesture {
      case .pressing(let point, let pointer, _): lift(pressedAt: point, pointer: pointer)
      case .dragging, .draggingSection: autoScrollStep()
      case .idle, .failed: break
      }
    }
    now = time
  }

  // MARK: - Scrolling

  /// A screen cell in content coordinates.
  public func contentPoint(_ screenPoint: Point) -> Point {
    viewport.contentPoint(fromScreen: screenPoint)
  }

  /// The largest scroll position along the scrolling axis.
  public var maximumScroll: Int { viewport.maximumPosition(contentSize: layout.contentSize) }

  /// Scrolls along the scrolling axis by `delta` (clamped), reports it, and returns the change.
  @discardableResult
  mutating func scroll(by delta: Int) -> Int {
    let change = viewport.scroll(by: delta, contentSize: layout.contentSize)
    if change != 0 { happenings.append(.scrolled(change)) }
    return change
  }

  // MARK: - Moves

  /// Applies a move to the arrangement and the layout together and reports it as `happening`; callers
  /// have checked it. When the content gets shorter than the scroll position allows, the content
  /// scrolls back: that is reported too, and returned (cells along the scrolling axis).
  @discardableResult
  mutating func apply(_ step: MoveStep, _ happening: Happening) -> Int {
    apply(.tile(step), happening)
  }

  /// Applies any step (a tile, a block or a section moved) to the arrangement and the layout together.
  /// A section move takes the focus along: the focused tile or header is in a section whose index
  /// changed.
  @discardableResult
  mutating func apply(_ step: HistoryStep, _ happening: Happening) -> Int {
    do {
      switch step {
      case .tile(let move):
        try arrangement.move(from: move.from, to: move.to, force: true)
        layout.moveItem(from: move.from, to: move.to)
      case .block(let move):
        // The layout reads the moving tiles' widths from itself, before the arrangement changes or not.
        try arrangement.move(move, force: true)
        layout.moveBlock(move)
      case .section(let move):
        try arrangement.moveSection(move, force: true)
        layout.moveSection(move)
        if let path = focus { focus = ItemPath(move.index(after: path.section), path.item) }
        if let s = focusedSection { focusedSection = move.index(after: s) }
      }
    } catch {
      preconditionFailure("a checked move failed: \(error)")
    }
    happenings.append(happening)
    return scroll(by: 0)
  }

  // MARK: - Wheel, keys, resize, history

  private mutating func wheel(_ notches: Int) {
    guard !gesture.isDragging else { return }  // while dragging, auto-scroll rules
    // Scrolling moves the content under a pending press: the press fails, as a scroll gesture wins
    // over a long press in UIKit.
    if case .pressing = gesture { gesture = .failed }
    scroll(by: notches * config.wheelStep)
  }

  private mutating func key(_ key: ReorderKey) {
    if let session = gesture.session {
      switch (session.source, key) {
      case (_, .cancel): cancelDrag()
      case (.keyboard, .liftOrDrop): drop()
      case (.keyboard, .left), (.keyboard, .right), (.keyboard, .up), (.keyboard, .down):
        keyboardMove(key)
      default: break  // other keys wait for the drag to end
      }
      return
    }
    if let session = gesture.sectionSession {
      switch (session.source, key) {
      case (_, .cancel): cancelDrag()
      case (.keyboard, .liftOrDrop): drop()
      case (.keyboard, .left), (.keyboard, .right), (.keyboard, .up), (.keyboard, .down):
        keyboardMoveSection(key)
      default: break
      }
      return
    }
    let page = max(1, viewport.length - 1)
    switch key {
    case .left, .right, .up, .down: moveFocus(key)
    case .nextSection: focusHeader(step: 1)
    case .previousSection: focusHeader(step: -1)
    case .pageUp: scroll(by: -page)
    case .pageDown: scroll(by: page)
    case .home: scroll(by: -viewport.position)
    case .end: scroll(by: maximumScroll)
    case .liftOrDrop:
      if let s = focusedSection { liftSection(s, source: .keyboard, pointer: .zero) } else { keyboardLift() }
    case .cancel: clearMarks()
    case .undo: undoOrRedo(undo: true)
    case .redo: undoOrRedo(undo: false)
    case .toggleMark: toggleMarkAtFocus()
    }
  }

  private mutating func resize(screen: Size, viewport frame: Rect) {
    self.screen = screen
    viewport.frame = frame
    layout = FlowLayout(arrangement: arrangement, viewport: frame.size)
    scroll(by: 0)
    if var session = gesture.session {
      if session.source == .mouse {
        session.floatingOrigin = contentPoint(session.pointer) - session.grabOffset
      } else {
        session.floatingOrigin = layout.frame(of: session.current).origin
      }
      gesture = .dragging(session)
    } else if var session = gesture.sectionSession {
      session.floatingOrigin =
        session.source == .mouse
        ? floatingHeaderOrigin(pointer: session.pointer, grabOffset: session.grabOffset)
        : headerOrigin(session.current)
      gesture = .draggingSection(session)
    } else {
      keepFocusVisible()
    }
  }

  /// Undo or redo one step; the focus goes to what it moved (a block: its first tile).
  private mutating func undoOrRedo(undo: Bool) {
    guard let step = undo ? history.undo() : history.redo() else {
      happenings.append(.blocked(undo ? .nothingToUndo : .nothingToRedo))
      return
    }
    apply(step, undo ? .undone(step) : .redone(step))
    switch step {
    case .tile(let move): focus = move.to
    case .block(let move): focus = move.to.first
    case .section(let move):
      focus = nil
      focusedSection = move.to
    }
    keepFocusVisible()
  }
}
