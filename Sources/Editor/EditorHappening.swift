import Document
import Reorder
import TileModel

/// What happened in the editor, for the trace, the status line and the tests: the gesture recognizer's
/// happenings (Reorder's `Happening`: lifts, moves, drops, focus, marks, scrolling), and the editor's
/// own, which only its keys and messages make (an edit, a merge, undo and redo).
public enum EditorHappening: Equatable, Hashable, Sendable {
  /// The gesture recognizer's (`ReorderState.handle`).
  case gesture(Happening)
  /// An editing command changed the subject.
  case edited(EditCommand.Outcome, Subject)
  /// A policy (or a value) refused an edit of the subject; nothing changed.
  case refused(EditCommand.Outcome, Subject, EditError)
  /// A merge with the file on disk made this many edits (one undo step), with this many conflicts.
  case merged(changes: Int, conflicts: Int)
  /// Undo applied the inverses of this step.
  case undone(Step)
  /// Redo applied this step again.
  case redone(Step)
  /// Undo with nothing done.
  case nothingToUndo
  /// Redo with nothing undone.
  case nothingToRedo
}
