import Geometry

/// Where frames go: something that turns the changed cells of a frame into what a terminal shows (as
/// ratatui's `Backend`). `Presenter` decides what changed and calls these in order — `clear` when the
/// screen must be drawn from nothing, `draw` with the runs, `flush` once the frame is complete — so a
/// backend only writes. Three exist: CursesTerminal's (ncursesw, the real terminal),
/// `EscapeSequenceBackend` (the escape sequences a frame needs, as bytes) and `RecordingBackend` (the
/// screen as cells, and what each frame cost, for tests).
public protocol Backend {
  /// The frame that follows is drawn on a cleared screen (it brings every row).
  mutating func clear()
  /// Draws runs of changed cells of a frame `size` cells large (`Buffer.diff`'s runs, or whole rows);
  /// false when some cell could not be drawn as asked (ncurses' color pairs ran out).
  mutating func draw(_ runs: [Buffer.Run], size: Size) -> Bool
  /// After a `draw` that returned false: forgets what it kept about styles, before the whole frame is
  /// drawn again on a cleared screen.
  mutating func reset()
  /// The frame is complete: the terminal shows it, all at once where it can.
  mutating func flush()
}

extension Backend {
  public mutating func reset() {}
}

/// The frame on the screen, and how the next one reaches a `Backend`: only the cells that differ from
/// the last frame presented (`Buffer.diff`), every row after a resize or when asked to clear, and
/// nothing at all for an identical frame.
public struct Presenter: Sendable {
  /// The frame the backend shows; nil before the first.
  public private(set) var screen: Buffer?
  private var runs: [Buffer.Run] = []

  public init() {}

  /// Presents `frame` on `backend`, on a cleared screen if `clearing`; true if anything was drawn.
  ///
  /// `frame` is swapped with the last frame's buffer: afterwards it holds an older frame of the same
  /// size, to draw the next one into (`EditorState.view(into:)` clears it), so a steady stream of
  /// frames neither allocates nor copies.
  @discardableResult
  public mutating func present<Target: Backend>(_ frame: inout Buffer, to backend: inout Target, clearing: Bool = false)
    -> Bool
  {
    if clearing { backend.clear() }
    if let screen, screen.size == frame.size, !clearing {
      Buffer.diff(from: screen, to: frame, into: &runs)
      if runs.isEmpty {
        keep(&frame)
        return false
      }
    } else {
      wholeRows(of: frame)
    }
    if !backend.draw(runs, size: frame.size) {
      backend.reset()
      wholeRows(of: frame)
      backend.clear()
      _ = backend.draw(runs, size: frame.size)
    }
    runs.removeAll(keepingCapacity: true)
    backend.flush()
    keep(&frame)
    return true
  }

  private mutating func wholeRows(of frame: Buffer) {
    runs.removeAll(keepingCapacity: true)
    for y in 0..<frame.height { runs.append(Buffer.Run(row: y, x: 0, cells: frame.row(y))) }
  }

  /// Keeps `frame` as the frame on the screen, handing back the older buffer (or a new one).
  private mutating func keep(_ frame: inout Buffer) {
    if screen?.size == frame.size {
      swap(&screen!, &frame)
    } else {
      screen = frame
      frame = Buffer(size: frame.size)
    }
  }
}

/// A backend that writes the escape sequences a frame needs into `bytes`: the cursor addressed
/// (`ESC[row;colH`, one-based) where a run does not start where the last one ended, SGR attributes and
/// colors at the mode's depth where the style changes (as `Buffer.rendered` writes them), and the
/// cells' text; a clear is `ESC[H ESC[2J` after a reset of the style. Pure, so what a terminal would
/// receive is tested without one.
public struct EscapeSequenceBackend: Backend, Sendable {
  /// How colors are written: `.colored(depth)`, `.attributesOnly` or `.plain`.
  public var mode: RenderMode
  /// Everything written since the start (or the last `take`).
  public private(set) var bytes: [UInt8] = []
  /// Where the terminal's cursor is, as far as what was written says (nil: not known).
  private var cursor: Point?
  private var style = Buffer.SGRState.initial

  public init(_ mode: RenderMode = .colored(.trueColor)) {
    self.mode = mode
  }

  /// The bytes written so far, leaving none.
  public mutating func take() -> [UInt8] {
    defer { bytes.removeAll(keepingCapacity: true) }
    return bytes
  }

  public mutating func clear() {
    if style != .initial { bytes += Array("\u{1B}[0m".utf8) }
    style = .initial
    bytes += Array("\u{1B}[H\u{1B}[2J".utf8)
    cursor = .zero
  }

  public mutating func draw(_ runs: [Buffer.Run], size: Size) -> Bool {
    for run in runs {
      if cursor != Point(x: run.x, y: run.row) { bytes += Array("\u{1B}[\(run.row + 1);\(run.x + 1)H".utf8) }
      var x = run.x
      for cell in run.cells where !cell.isContinuation {
        if mode != .plain {
          let next = Buffer.SGRState(cell.style, mode)
          if next != style {
            bytes += Array(next.sequence(from: style).utf8)
            style = next
          }
        }
        bytes += Array(cell.unit.text.utf8)
        x += cell.width
      }
      // Past the last column the terminal waits to wrap: where it is then is not something to count on.
      cursor = x < size.width ? Point(x: x, y: run.row) : nil
    }
    return true
  }

  public mutating func flush() {}
}

/// The test backend (ratatui's `TestBackend`): keeps the screen as cells, as a terminal would show it
/// after every frame, and for each frame how many runs and cells were drawn and how many bytes the
/// escape sequences for it take (`EscapeSequenceBackend`, whose bytes it keeps too).
public struct RecordingBackend: Backend, Sendable {
  /// What one presented frame cost.
  public struct Frame: Equatable, Sendable {
    /// Whether it was drawn on a cleared screen.
    public var cleared = false
    /// Runs of changed cells, cells (continuations included) and bytes of escape sequences.
    public var runs = 0
    public var cells = 0
    public var bytes = 0

    public init(cleared: Bool = false, runs: Int = 0, cells: Int = 0, bytes: Int = 0) {
      self.cleared = cleared
      self.runs = runs
      self.cells = cells
      self.bytes = bytes
    }
  }

  /// The screen as the frames so far left it.
  public private(set) var screen: Buffer
  /// Every frame presented, in order (an identical frame draws nothing and is not one).
  public private(set) var frames: [Frame] = []
  /// The bytes a terminal would have received.
  public private(set) var output: EscapeSequenceBackend
  private var pending = Frame()
  /// The bytes of the frames already recorded.
  private var recorded = 0

  public init(size: Size = Size(width: 0, height: 0), mode: RenderMode = .colored(.trueColor)) {
    screen = Buffer(size: size)
    output = EscapeSequenceBackend(mode)
  }

  public mutating func clear() {
    screen = Buffer(size: screen.size)
    pending.cleared = true
    output.clear()
  }

  public mutating func draw(_ runs: [Buffer.Run], size: Size) -> Bool {
    if screen.size != size { screen = Buffer(size: size) }
    for run in runs {
      screen.place(run)
      pending.runs += 1
      pending.cells += run.cells.count
    }
    return output.draw(runs, size: size)
  }

  public mutating func flush() {
    pending.bytes = output.bytes.count - recorded
    recorded = output.bytes.count
    frames.append(pending)
    pending = Frame()
  }
}
