import Canvas
import Editor

/// The frames of motion on a screen: each frame is drawn as the screen is at the moment it is drawn,
/// and while something still moves the next is due when the picture next changes (the next of a
/// glide's `Motion.steps`), but never sooner than `Motion.frameInterval` later. The loop waits for
/// that deadline only when no input comes sooner (`Program.run`), so input is never kept waiting by a
/// frame, a frame that comes late is simply drawn later (frames are dropped, never queued), and the
/// last frame is the resting screen.
struct FramePacer {
  /// When the next frame is due; nil when the screen rests.
  private(set) var nextFrame: Int?

  /// Draws `editor` as it is at `time` into `buffer` and notes when the next frame is due.
  mutating func draw(_ editor: EditorState, into buffer: inout Buffer, scheme: ColorScheme, at time: Int) {
    editor.view(into: &buffer, scheme: scheme, at: time)
    guard editor.isMoving(at: time) else {
      nextFrame = nil
      return
    }
    nextFrame = max(time + Motion.frameInterval, editor.motion.nextChange(after: time) ?? time + Motion.frameInterval)
  }
}
