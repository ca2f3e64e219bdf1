import Canvas
import Editor

/// The frames of motion on a screen (docs/editor.md, "Motion"). While something moves a frame is due
/// every `Motion.frameInterval`, and each is drawn as the screen is at the moment it is drawn, so the
/// frames a terminal shows are the ones `tilegrid render --at` prints. A frame is drawn only when the
/// terminal can take it: one it cannot take at once is dropped, never queued, and the next is drawn
/// from the state then. Once a frame of motion was dropped, the glides under way draw no more frames
/// but their end — a terminal that could not take one frame in time will not show the rest in time
/// either, and every frame it still takes delays the resting screen — while input is still answered
/// by a frame of its own. The last frame is always the resting screen.
///
/// The pacer keeps no clock and knows no terminal: its port gives it the time and says whether the
/// terminal can take bytes now, and waits for what it says (`nextFrame`, or the terminal when `owed`).
package struct FramePacer {
  package init() {}
  /// When the next frame is due; nil when nothing moves (then only input brings a frame).
  package private(set) var nextFrame: Int?
  /// A frame could not be drawn because the terminal could not take it: the port waits until it can
  /// (rather than for `nextFrame`), and asks again.
  package private(set) var owed = false
  /// A frame of motion was dropped since the screen last rested: until it rests again, only input and
  /// the resting screen are drawn.
  package private(set) var behind = false
  /// Messages were handled since the last frame: the next one answers them, however far behind.
  private var answering = false

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
      owed = true
      if moving { behind = true }
      return false
    }
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

  /// The frame drawn at `time` did not reach the terminal whole (part of it waits for the terminal to
  /// take it): the terminal is behind, and while things move only input and the resting screen are
  /// drawn until it rests.
  package mutating func cutShort(_ editor: EditorState, at time: Int) {
    if editor.isMoving(at: time) { behind = true }
  }
}
