import Canvas
import Document
import TerminalInput
import Reorder
import TileModel

/// Everything that reaches the editor, from the person or from the world: the interactive loop and
/// `tilegrid play` feed all of it through `EditorState.update(_:at:)`, each message with its time.
public enum EditorMessage: Equatable, Sendable {
  /// Decoded input: a key, a mouse report, a resize, a focus change.
  case input(InputEvent)
  /// Raw terminal input, decoded by the editor's own decoder (so a replay decodes it exactly the same).
  case bytes([UInt8])
  /// Only time passes: timers due by the message's time fire.
  case tick
  /// The save the editor asked for was done; `name` is the file written when it was a new one.
  case saved(name: String?)
  /// The save the editor asked for failed; nothing was written.
  case saveFailed(SaveFailure)
  /// A signal arrived: the loop turns SIGINT, SIGTERM and SIGHUP into messages.
  case signal(EditorSignal)
  /// Where `s` saves from now on: the command line's decision (pipe mode saves to standard output), so
  /// that a recording replays it.
  case saving(SaveTarget)
  /// The file as it is on disk now, read because the editor asked (a save found it changed: it is
  /// merged in first); `token` names this version, for the save that may then write over it.
  case diskVersion(Arrangement, token: Int)
  /// The file changed on disk while it is open (the file watcher; an events file's `disk-changed`):
  /// its new version is merged into the board, or it is gone or cannot be read.
  case diskChanged(DiskChange)
  /// The file on disk could not be read (or is not an arrangement); the message says why.
  case diskUnreadable(String)
  /// Files an earlier session left beside the file being opened (recovery files, the backup of a save
  /// cut short), found by the command line: the editor asks about each in turn, on its first screen.
  case leftBehind([LeftBehind])
  /// The file left behind that the editor asked to remove (`d`) is gone (`failure` nil), or why not.
  case discarded(name: String, failure: String?)
  /// The card's text as $VISUAL or $EDITOR left it (`e`, `EditorEffect.editText`).
  case textEdited(String)
  /// The card's text could not be edited (no editor ran, or it failed): why; nothing changes.
  case textNotEdited(String)
}

/// A file an earlier session left beside the one being opened: a recovery file (written when SIGTERM
/// or SIGHUP ended a session with unsaved changes), or the backup an in-place save makes, left by a
/// save that never finished. The editor offers `r` restore (it becomes the arrangement, unsaved), `d`
/// discard (the file is removed) and `k` keep.
public struct LeftBehind: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case recovery
    case backup
  }

  /// What the file holds.
  public enum Content: Equatable, Sendable {
    /// An arrangement that can be restored.
    case arrangement(Arrangement)
    /// The very arrangement the file opened holds: nothing to restore.
    case sameAsFile
    /// Not an arrangement TileGrid can read; why.
    case unreadable(String)
  }

  public var kind: Kind
  /// Where it is, for removing it.
  public var path: String
  /// Its name as the screen shows it (the file name alone: it is beside the file opened).
  public var name: String
  public var content: Content
  /// The merge conflicts a recovery file records (the session it saves was resolving them): restored,
  /// they are in the Conflicts panel again.
  public var conflicts: [FileConflict]
  /// For a recovery file, the version of the file its changes were made on: when the file opened is
  /// another now, `r` merges the file's changes since into the recovered arrangement, as a save does.
  public var base: Arrangement?

  public init(
    kind: Kind, path: String, name: String, content: Content, conflicts: [FileConflict] = [], base: Arrangement? = nil
  ) {
    self.kind = kind
    self.path = path
    self.name = name
    self.content = content
    self.conflicts = conflicts
    self.base = base
  }

  /// Whether `r` has something to restore.
  public var canRestore: Bool {
    if case .arrangement = content { return true }
    return false
  }
}

public enum EditorSignal: Equatable, Sendable {
  /// SIGINT (or Ctrl-C): ask as `q` does.
  case interrupt
  /// SIGTERM or SIGHUP: end now, keeping unsaved changes in a recovery file.
  case terminate
}

/// Why a save did not happen.
public enum SaveFailure: Equatable, Sendable {
  /// The file changed on disk since it was opened or last saved (the editor merges it in and saves
  /// again: it never asks).
  case changedOnDisk
  /// The file was deleted on disk since it was opened or last saved (the next `s` writes it again).
  case deletedOnDisk
  /// The file is read-only; writing needs the person's word.
  case readOnly
  /// Anything else; the message names the real cause.
  case failed(String)
  /// The person cancelled the save (Esc at a prompt or question).
  case cancelled
  /// Save as: a file of that name exists.
  case exists
}

/// A question on the status line, answered with one key.
public enum Question: Equatable, Sendable {
  /// `q` with unsaved changes: y quits, s saves and quits, anything else stays.
  case quitWithUnsavedChanges
  /// The file is read-only: o writes it anyway, a saves as another file.
  case fileReadOnly
  /// A save found the file changed on disk into something that is not a board (why): there is nothing
  /// to merge; o writes over it, a saves as another file.
  case diskUnreadable(String)
  /// Save as named a file that exists: o replaces it, a asks for another name.
  case fileExists
  /// `d` on several marked tiles: y deletes them, anything else keeps them.
  case deleteTiles([ItemPath])
  /// `d` on a header: y deletes the section with its tiles, anything else keeps it.
  case deleteSection(Int)
  /// A file left behind by an earlier session: r restores it, d discards it, anything else keeps it.
  case leftBehind(LeftBehind)
}

/// A line being typed on the status line, and what it is for.
public struct Prompt: Equatable, Sendable {
  public enum Purpose: Equatable, Sendable {
    /// A file name to save to; quit afterwards when asked from the quit question.
    case saveAs(thenQuit: Bool)
    /// Text to find; Esc returns the focus to `origin` (a tile, or the header the find began on).
    case find(origin: Focus)
    /// Where to move the focused tile or the marked tiles (`m`); `completion` is where Tab is in the
    /// list of sections the typed prefix matched.
    case moveTo(completion: Completion?)
    /// A value for an edit (`a`, `A`, `r`, `c`, `w`, `M`).
    case edit(EditPrompt)
    /// The command palette (`:`): the text narrows the commands (`Palette`); `chosen` is the match
    /// Enter runs, counted in the matches.
    case palette(chosen: Int)
  }

  /// Tab completion of a section's title: the prefix as typed, and which match Tab showed last.
  public struct Completion: Equatable, Sendable {
    public var prefix: String
    public var index: Int
  }

  public var purpose: Purpose
  public var field: LineEditor
  /// Shown dim in an empty field, as what Enter keeps (the recolor prompt's current color).
  public var placeholder: String? = nil
}

/// What the editor asks of the world after a message; the caller (the interactive loop, or `play`)
/// carries it out and reports back with a message. `update` itself touches no file, clock or terminal.
public enum EditorEffect: Equatable, Sendable {
  /// Something happened (in the gesture recognizer, or an edit, a merge, undo or redo): for
  /// `play --trace`, and for tests.
  case happened(EditorHappening)
  /// Save the arrangement (`to`: a new file name, or nil for the file it came from); with `force`, over a
  /// file changed on disk or a read-only one. The caller reports back with `.saved` or `.saveFailed`;
  /// a save asked for by the quit question is followed by `.quit` once it succeeds (the editor keeps
  /// what the save is for).
  case save(to: String?, force: Bool)
  /// Write the arrangement to a recovery file beside the original (SIGTERM or SIGHUP with unsaved
  /// changes); a `.quit` follows.
  case writeRecovery
  /// Suspend the program (Ctrl-Z): restore the terminal, stop, and redraw everything when continued.
  case suspend
  /// Repaint the whole screen (Ctrl-L), in case something else wrote over it.
  case redraw
  /// Remove a file left behind (`d`, answering `.leftBehind`); `name` is how the screen calls it. The
  /// caller reports back with `.discarded`.
  case discard(path: String, name: String)
  /// Read the document's file as it is on disk now and report it (`.diskVersion`), to merge with it
  /// before saving.
  case readDisk
  /// Open this text (a card's, `e`) in $VISUAL or $EDITOR and report what it became (`.textEdited`),
  /// or why it could not be edited (`.textNotEdited`).
  case editText(String)
  case quit
}
