import Document
import GridLayout
import TileModel

/// The gesture recognizer: long press, the drag session (a tile, a block or a section), target
/// selection, auto-scroll, keyboard moves, marks, focus and scrolling. It proposes edits and applies
/// them through the `Document` it is handed; it owns no arrangement and no history. Pure: time comes in
/// as a value, the screen as sizes.
///
/// The rules live in one file each: `ReorderState+Pointer` (long press, drag, drop, cancel),
/// `ReorderState+AutoScroll`, `ReorderState+Keyboard` (focus and keyboard moves), `ReorderState+Marks`
/// (marks and the lifted block), `ReorderState+Sections` (section focus and section drags),
/// `ReorderState+TypedMove`, and the pure `selectTarget` and `selectSectionTarget` (where a dragged
/// tile, block or section goes).
///
/// Every pointer event costs two hit tests, at most one move and its incremental re-flow: never work
/// proportional to the tile count. (Lifting a block finds its marked tiles in one pass over the
/// references, once per lift.)
///
/// A long-press drag of the demo's first tile onto the second, on an 80 x 24 screen whose content sits
/// between a title bar and a status line:
///
///     let viewport = Rect(x: 0, y: 1, width: 80, height: 22)
///     var document = Document(arrangement: .demo, viewport: viewport.size)
///     var state = ReorderState(document: document, screen: Size(width: 80, height: 24), viewport: viewport)
///     _ = state.handle(.press(Point(x: 3, y: 3)), at: 0, in: &document)       // time in milliseconds
///     _ = state.handle(.tick, at: 300, in: &document)                         // [.lifted(.tile(0.0))]
///     _ = state.handle(.motion(Point(x: 12, y: 3)), at: 350, in: &document)   // [.moved(.tile(0.0), to: .tile(0.1))]
///     _ = state.handle(.release(Point(x: 12, y: 3)), at: 400, in: &document)  // [.dropped(.tile(0.1), moved: true)]
///     document.arrangement          // blue is now second; the drag is one undo step
///
/// Nothing here reads a clock or sleeps: pass the time with each input, and wake up at `nextDeadline`
/// (with `.tick`) when no input comes sooner, so the long press and auto-scroll fire on time.
public struct ReorderState: Sendable {
  /// The screen's size in cells (the viewport lies on it; auto-scroll speeds up toward its edges).
  public internal(set) var screen: Size
  /// Where the content sits on the screen and how far it is scrolled.
  public internal(set) var viewport: Viewport
  /// The long press and drag state; `gesture.session` is the drag in progress, if any.
  public internal(set) var gesture: GestureState = .idle
  /// What has the keyboard focus (a view draws its ring).
  public internal(set) var focus: Focus = .none
  /// The marked tiles (`x`, a modifier click). References follow their tiles through every move, so
  /// marks survive drags, and the undo and redo of moves; a tile deleted (and put back by undo, as a
  /// new tile) is no longer marked. Lifting a marked tile lifts them all as one block.
  public internal(set) var marks: Set<TileRef> = []
  /// The tunable numbers this state was made with.
  public let config: ReorderConfig
  /// The engine's clock: the time of the last input, in milliseconds. The only clock there is.
  public internal(set) var now: Int = 0

  /// Happenings of the input being handled.
  var happenings: [Happening] = []
  /// The document's content size as last seen (every change during a drag comes through here), for
  /// the auto-scroll timer between inputs.
  var contentSize: Size
  /// Lanes: the lane under the pointer of a drag, as last seen (`notePointerLane`).
  var pointerLane: PointerLane?

  /// A state at rest for `document`: nothing pressed, not scrolled, the focus on the first tile, time 0.
  /// - Parameters:
  ///   - screen: the whole screen's size in cells.
  ///   - viewport: where on the screen the content is shown (screen cells); the document is laid out
  ///     for its size.
  public init(document: Document, screen: Size, viewport: Rect, config: ReorderConfig = ReorderConfig()) {
    self.screen = screen
    self.viewport = Viewport(frame: viewport, direction: document.layout.parameters.direction)
    self.config = config
    contentSize = document.layout.contentSize
    focus = Self.firstTile(in: document.arrangement, from: 0, step: 1).map(Focus.tile) ?? .none
  }

  /// Handles one input at time `now` (milliseconds; an earlier time counts as the engine's own) for
  /// `document`, which it changes through edits: first the timers due by then fire, each at its own due
  /// time, then the input is handled. Returns what happened, in order.
  /// - Complexity: for a pointer event two hit tests, at most one move and its incremental re-flow,
  ///   independent of the tile count; a `.resize` lays everything out again, O(n).
  public mutating func handle(_ input: ReorderInput, at now: Int, in document: inout Document) -> [Happening] {
    happenings = []
    // The editor may have changed the document since the last input (an edit, undo): the content may
    // have got shorter than the scroll position allows, or flow the other way (`v`, a layout set).
    if viewport.direction != document.layout.parameters.direction {
      viewport = Viewport(frame: viewport.frame, direction: document.layout.parameters.direction)
      contentSize = document.layout.contentSize
      keepFocusVisible(&document)
    }
    scroll(by: 0, document.layout)
    advance(to: max(now, self.now), &document)
    switch input {
    case .press(let point): press(at: point)
    case .motion(let point): motion(to: point, &document)
    case .release(let point): release(at: point, &document)
    case .wheel(let notches, let point): wheel(notches, at: point, &document)
    case .key(let key): self.key(key, &document)
    case .resize(let screen, let viewport): resize(screen: screen, viewport: viewport, &document)
    case .focusLost:
      // The button's state is unknown from now on: a drag is cancelled, and a press never lifts.
      if gesture.isDragging {
        cancelDrag(&document)
      } else if case .pressing = gesture {
        gesture = .failed
      }
    case .focus(let target): if !gesture.isDragging { focus(on: target, &document) }
    case .moveTyped(let place): moveTyped(to: place, &document)
    case .markClick(let point): markClick(at: point, &document)
    case .tick: break
    }
    return happenings
  }

  /// When the next timer fires (the long press, the next auto-scroll step), in milliseconds on the same
  /// clock as `handle(_:at:in:)`'s, if one is running: call `handle(.tick, at: deadline, in:)` then at the
  /// latest.
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
    case .idle, .failed:
      return nil
    }
  }

  /// Fires every timer due by `time`, each at its own due time.
  private mutating func advance(to time: Int, _ document: inout Document) {
    while let due = nextDeadline, due <= time {
      now = max(now, due)
      switch gesture {
      case .pressing(let point, let pointer, _): lift(pressedAt: point, pointer: pointer, &document)
      case .dragging: autoScrollStep(&document)
      case .idle, .failed: break
      }
    }
    now = time
  }

  var isVertical: Bool { viewport.direction == .vertical }

  // MARK: - Scrolling

  /// A screen cell in content coordinates.
  public func contentPoint(_ screenPoint: Point) -> Point {
    viewport.contentPoint(fromScreen: screenPoint)
  }

  /// The largest scroll position along the scrolling axis for `layout`.
  func maximumScroll(_ layout: FlowLayout) -> Int { viewport.maximumPosition(contentSize: layout.contentSize) }

  /// Scrolls along the scrolling axis by `delta` (clamped), reports it, and returns the change.
  @discardableResult
  mutating func scroll(by delta: Int, _ layout: FlowLayout) -> Int {
    contentSize = layout.contentSize
    let change = viewport.scroll(by: delta, contentSize: layout.contentSize)
    if change != 0 { happenings.append(.scrolled(change)) }
    return change
  }

  // MARK: - Moves

  /// Applies a checked move through the document (not recorded: the gesture records its whole change
  /// when it ends) and reports it as `happening`. A section move takes the focus along. When the
  /// content gets shorter than the scroll position allows, the content scrolls back: that is reported
  /// too, and returned (cells along the scrolling axis).
  @discardableResult
  mutating func apply(_ edit: Edit, _ happening: Happening, _ document: inout Document) -> Int {
    document.apply(edit)
    if case .moveSection(let move) = edit {
      switch focus {
      case .tile(let path): focus = .tile(ItemPath(move.index(after: path.section), path.item))
      case .header(let s): focus = .header(move.index(after: s))
      case .none: break
      }
    }
    happenings.append(happening)
    return scroll(by: 0, document.layout)
  }

  // MARK: - Wheel, keys, resize

  private mutating func wheel(_ notches: Int, at point: Point, _ document: inout Document) {
    guard !gesture.isDragging else { return }  // while dragging, auto-scroll rules
    // Scrolling moves the content under a pending press: the press fails, as a scroll gesture wins
    // over a long press in UIKit.
    if case .pressing = gesture { gesture = .failed }
    if isLanes { return laneWheel(notches, at: point, &document) }
    scroll(by: notches * config.wheelStep, document.layout)
  }

  private mutating func key(_ key: ReorderKey, _ document: inout Document) {
    if let session = gesture.session {
      switch (session.source, key) {
      case (_, .cancel): cancelDrag(&document)
      case (.keyboard, .liftOrDrop): drop(&document)
      case (.keyboard, .left), (.keyboard, .right), (.keyboard, .up), (.keyboard, .down):
        if session.section != nil { keyboardMoveSection(key, &document) } else { keyboardMove(key, &document) }
      default: break  // other keys wait for the drag to end
      }
      return
    }
    let layout = document.layout
    let page = max(1, viewport.length - 1)
    switch key {
    case .left, .right, .up, .down: moveFocus(key, &document)
    case .nextSection: focusHeader(step: 1, &document)
    case .previousSection: focusHeader(step: -1, &document)
    case .pageUp: if isLanes { lanePage(-1, &document) } else { scroll(by: -page, layout) }
    case .pageDown: if isLanes { lanePage(1, &document) } else { scroll(by: page, layout) }
    case .home: scroll(by: -viewport.position, layout)
    case .end: scroll(by: maximumScroll(layout), layout)
    case .liftOrDrop:
      if let s = focus.header { liftSection(s, source: .keyboard, pointer: .zero, &document) } else { keyboardLift(&document) }
    case .cancel: clearMarks()
    case .toggleMark: toggleMarkAtFocus(document)
    case .marking(let arrow):
      markAtFocus(document)
      let before = focus
      moveFocus(arrow, &document)
      if focus != before { markAtFocus(document) }
    }
  }

  private mutating func resize(screen: Size, viewport frame: Rect, _ document: inout Document) {
    self.screen = screen
    viewport.frame = frame
    document.relayout(viewport: frame.size)
    let layout = document.layout
    scroll(by: 0, layout)
    guard var session = gesture.session else {
      keepFocusVisible(&document)
      return
    }
    switch session.lifted {
    case .tiles(let drag):
      session.floatingOrigin =
        session.source == .mouse
        ? contentPoint(session.pointer) - session.grabOffset : layout.frame(of: drag.current).origin
    case .section(let drag):
      session.floatingOrigin =
        session.source == .mouse
        ? floatingHeaderOrigin(pointer: session.pointer, grabOffset: session.grabOffset)
        : headerOrigin(drag.current, layout)
    }
    gesture = .dragging(session)
  }

  /// Focuses a tile or header that exists and scrolls it into view (a find's match, what undo
  /// changed). `.none` takes the focus away (nothing is left to focus); a place that is not there
  /// changes nothing.
  mutating func focus(on target: Focus, _ document: inout Document) {
    let arrangement = document.arrangement
    switch target {
    case .tile(let path) where arrangement.contains(path): setFocus(path, &document)
    case .header(let s) where s >= 0 && s < arrangement.sections.count: focusHeader(s, &document)
    case .none:
      focus = .none
      happenings.append(.focused(.none))
    case .tile, .header:
      break
    }
  }

  /// A press still held, not yet a drag, fails: nothing lifts until the button is pressed again (an
  /// editor opening a prompt or a question over it).
  public mutating func failPendingPress() {
    if case .pressing = gesture { gesture = .failed }
  }

  /// Marks of these tiles (deleted ones) are dropped.
  package mutating func forgetMarks(_ refs: [TileRef]) {
    for ref in refs { marks.remove(ref) }
  }
}
