import Canvas
import Editor

/// The frames of motion on a screen (docs/editor.md, "Motion"). While something moves a frame is due
/// every `Motion.frameInterval`, and each is drawn as the screen is at the moment it is drawn, so the
/// frames a terminal shows are the ones `tilegrid render --at` prints. A frame is drawn only when the
/// terminal can take it: one it cannot take at once is dropped, never queued, and the next is drawn
/// from the state then. Once the terminal took longer than a frame's interval to take one, the glides
/// under way draw no more frames but their end — a terminal that could not take one frame in time
/// will not show the rest in time either, and every frame it still takes delays the resting screen —
/// while input is still answered by a frame of its own. On a terminal whose pace is known (its buffer
/// filled lately) a frame of motion also waits until the terminal can have taken the one before, so
/// frames do not pile up unseen in the kernel's buffer. The last frame is always the resting screen.
///
/// The pacer keeps no clock and knows no terminal: its port gives it the time, says whether the
/// terminal can take bytes now and what each frame cost, and waits for what it says (`nextFrame`, or
/// the terminal when `owed`).
package struct FramePacer {
  package init() {}
  /// When the next frame is due; nil when nothing moves (then only input brings a frame).
  package private(set) var nextFrame: Int?
  /// A frame could not be drawn because the terminal could not take it: the port waits until it can
  /// (rather than for `nextFrame`), and asks again.
  package private(set) var owed = false
  /// The terminal took longer than a frame's interval to take one since the screen last rested: until
  /// it rests again, only input and the resting screen are drawn.
  package private(set) var behind = false
  /// Messages were handled since the last frame: the next one answers them, however far behind.
  private var answering = false
  /// When the frame owed was due.
  private var owedSince = 0

  /// Messages were handled: the next frame answers them.
  package mutating func handledInput() {
    answering = true
  }

  /// Draws `editor` as it is at `time` into `buffer`, if a frame is to be drawn now: true when it drew
  /// (the port then presents `buffer`). `writable` says whether the terminal can take bytes now.
  package mutating func draw(
    _ editor: EditorState, into buffer: inout Buffer, scheme: ColorScheme, at time: Int, writable: Bool = true
  ) -> Bool {
    let moving = editor.isMoving(at: time)
    guard writable else {
      if !owed { owedSince = time }
      owed = true
      return false
    }
    // Owed longer than a frame: the terminal did not take the last frame in the time of one.
    if owed && moving && time - owedSince > Motion.frameInterval { behind = true }
    owed = false
    if behind && moving && !answering {
      // Nothing until the end of everything under way, which the resting screen shows.
      nextFrame = editor.motion.restsAt(after: time)
      return false
    }
    editor.view(into: &buffer, scheme: scheme, at: time)
    answering = false
    if moving {
      nextFrame = time + Motion.frameInterval
    } else {
      nextFrame = nil
      behind = false
    }
    return true
  }

  /// The frame drawn at `time` took `bytes`, on a terminal measured to take `pace` bytes a millisecond
  /// (nil: not measured): the next frame of motion waits until it can have taken them, so a
  /// terminal seen to be slow gets frames no faster than it reads them, and none pile up in the
  /// kernel's buffer, where no signal shows them.
  package mutating func wrote(_ bytes: Int, pace: Double?, at time: Int) {
    guard let due = nextFrame, let pace, pace > 0 else { return }
    nextFrame = max(due, time + Int((Double(bytes) / pace).rounded(.up)))
  }
}
