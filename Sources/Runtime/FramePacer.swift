import Canvas
import Editor

/// The frames of motion on a screen (docs/editor.md, "Motion"). While something moves a frame is due
/// every `Motion.frameInterval`, and each is drawn as the screen is at the moment it is drawn, so the
/// frames a terminal shows are the ones `tilegrid render --at` prints — on a terminal that keeps up.
///
/// A terminal that reads slower than frames come is met by a plan, not by a queue: the screen rests
/// within `restWithin` of the input that started what moves, at the terminal's pace (bytes a
/// millisecond, measured by the port; until it is, `assumedPace`, the slowest this promise covers).
/// Before each frame of motion the pacer draws it and the resting screen, counts the cells each
/// changes, and prices them at the bytes a changed cell cost lately in frames of each kind (motion,
/// resting): the frame is drawn only if the
/// terminal can read it and then the resting screen by that time; if not, the glides under way are
/// *settled*: the resting screen is drawn now (all of a glide, or its rest, for the jump alone), and
/// until nothing moves every frame, input's too, is the resting one. A terminal's bytes are spaced
/// by its pace (`wrote`), so frames do not pile up unseen in the kernel's buffer; and a frame is drawn
/// only when the terminal can take it: one it cannot take at once is dropped, never queued, and when
/// it took longer than a frame's interval to take one, the glides under way settle too.
///
/// The pacer keeps no clock and knows no terminal: its port gives it the time, says whether the
/// terminal can take bytes now, its pace and what each frame cost, and waits for what it says
/// (`nextFrame`, or the terminal when `owed`).
package struct FramePacer {
  package init() {}
  /// The longest a screen takes to rest after input, in milliseconds, at the terminal's pace.
  package static let restWithin = 400
  /// What a plan keeps in hand of `restWithin`: the loop's own delays (a frame's interval) and what
  /// the estimates of pace and bytes a cell may be off (a tenth of the bound, less the 16 ms a frame
  /// that the plan kept before). It cannot help where the pace is not known to be slow: a glide small
  /// enough that the kernel's buffer never fills (an 80x24 delete's 24.8 KB, read at 64 KB/s after
  /// the terminal was read fast) goes out whole, and rests when the reader has read it (396 ms).
  package static let restMargin = 40
  /// The pace of a terminal not measured yet, in bytes a millisecond: 64 KB/s, the slowest terminal
  /// `restWithin` is promised for (a port measures its terminal before the first glide, as
  /// `CursesTerminal` does with padding after the first frame; until then a faster terminal's
  /// largest glides get fewer frames).
  package static let assumedPace = 65.536
  /// When the next frame is due; nil when nothing moves (then only input brings a frame).
  package private(set) var nextFrame: Int?
  /// A frame could not be drawn because the terminal could not take it: the port waits until it can
  /// (rather than for `nextFrame`), and asks again.
  package private(set) var owed = false
  /// The glides under way are drawn at their end: the terminal could not have shown the rest of them
  /// in time. Until nothing moves every frame is the resting screen.
  package private(set) var settled = false
  /// Messages were handled since the last frame: the next one answers them, however far behind.
  private var answering = false
  /// When the frame owed was due.
  private var owedSince = 0
  /// When the screen is to rest: `restWithin` after the last input answered.
  private var restBy = 0
  /// When the terminal can have read everything written, at `pace`.
  private var freeAt = 0
  /// The terminal's pace as the port last gave it, in bytes a millisecond.
  private var pace = Self.assumedPace
  /// What a changed cell cost in bytes lately (each terminal and screen its own), in a frame of motion
  /// and in a resting screen, each priced by its own: tiles between their places break the runs of a
  /// row, and the port may say a resting screen in fewer bytes a cell (with `CursesTerminal`'s filter,
  /// one figure for both let the first frame of a 200x60 delete's glide be drawn on a reader of 64
  /// KB/s, where it did not fit: the screen rested at 0.69 s).
  private var bytesPerCell = (moving: 3.0, resting: 3.0)
  /// Whether the frame drawn last was one of motion (not a resting screen).
  private var drewMotion = false
  /// The screen as the last frame drew it, and how many cells that frame changed.
  private var shown: Buffer?
  private var changed = 0
  /// The resting screen, drawn to price the rest of a glide.
  private var resting = Buffer(size: .zero)

  /// Messages were handled: the next frame answers them.
  package mutating func handledInput() {
    answering = true
  }

  /// Draws `editor` as it is at `time` into `buffer`, if a frame is to be drawn now: true when it drew
  /// (the port then presents `buffer` and says what it cost, `wrote`). `writable` says whether the
  /// terminal can take bytes now; `pace` is its measured pace in bytes a millisecond (nil: not yet
  /// measured).
  package mutating func draw(
    _ editor: EditorState, into buffer: inout Buffer, scheme: ColorScheme, at time: Int, writable: Bool = true,
    pace: Double? = nil
  ) -> Bool {
    let moving = editor.isMoving(at: time)
    guard writable else {
      if !owed { owedSince = time }
      owed = true
      return false
    }
    self.pace = max(pace ?? Self.assumedPace, 0.001)
    // Owed longer than a frame: the terminal did not take the last frame in the time of one.
    if owed && moving && time - owedSince > Motion.frameInterval { settled = true }
    owed = false
    if answering { restBy = time + Self.restWithin }
    answering = false
    if moving && !settled {
      editor.view(into: &buffer, scheme: scheme, at: time)
      editor.view(into: &resting, scheme: scheme, at: nil)
      // Drawn only if the terminal can read this frame, and the resting screen after it (not before
      // everything rests), by `restBy`, less what the plan keeps in hand (`restMargin`).
      let frameRead = max(freeAt, time) + milliseconds(cells: Self.changedCells(from: shown, to: buffer), moving: true)
      let restRead = max(frameRead, editor.motion.restsAt(after: time) ?? time)
        + milliseconds(cells: Self.changedCells(from: buffer, to: resting), moving: false)
      if restRead > restBy - Self.restMargin { settled = true }
    }
    if moving && settled {
      // The resting screen now; the loop wakes once more when everything rests, to find nothing
      // moving (that frame changes no cell).
      editor.view(into: &buffer, scheme: scheme, at: nil)
      nextFrame = editor.motion.restsAt(after: time)
    } else if moving {
      nextFrame = time + Motion.frameInterval
    } else {
      editor.view(into: &buffer, scheme: scheme, at: time)
      nextFrame = nil
      settled = false
    }
    drewMotion = moving && !settled
    changed = Self.changedCells(from: shown, to: buffer)
    shown = buffer
    return true
  }

  /// The frame drawn last took `bytes` at `time`: the next frame of motion waits until the terminal
  /// can have read them at its pace, so none pile up in the kernel's buffer, where no signal shows
  /// them; and what a changed cell costs is learnt from it.
  package mutating func wrote(_ bytes: Int, at time: Int) {
    // Frames of a few cells are mostly cursor movement: they say little of a larger one.
    if changed >= 100 {
      let cost = Double(bytes) / Double(changed)
      if drewMotion {
        bytesPerCell.moving = (bytesPerCell.moving + cost) / 2
      } else {
        bytesPerCell.resting = (bytesPerCell.resting + cost) / 2
      }
    }
    freeAt = max(freeAt, time) + Int((Double(bytes) / pace).rounded(.up))
    if let due = nextFrame { nextFrame = max(due, freeAt) }
  }

  /// How long the terminal takes to read what `cells` changed cells cost, in a frame of motion or a
  /// resting screen.
  private func milliseconds(cells: Int, moving: Bool) -> Int {
    Int((Double(cells) * (moving ? bytesPerCell.moving : bytesPerCell.resting) / pace).rounded(.up))
  }

  /// How many cells differ between `old` (nil: nothing shown) and `new`; all of them when the sizes do.
  static func changedCells(from old: Buffer?, to new: Buffer) -> Int {
    guard let old, old.size == new.size else { return new.cells.count }
    return old.cells.withUnsafeBufferPointer { a in
      new.cells.withUnsafeBufferPointer { b in
        var count = 0
        for i in 0..<b.count where a[i] != b[i] { count += 1 }
        return count
      }
    }
  }
}
