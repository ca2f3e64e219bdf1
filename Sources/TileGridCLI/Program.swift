import Canvas
import Document
import Editor
import Reorder
import TileModel

/// Where the program runs: where its messages come from, where its frames go, and what its effects do.
/// The editor on a terminal (`CursesPort`: CursesTerminal, the clock, the files it edits) and a replay
/// (`ScriptedPort`: `tilegrid play`, `render`, the tests) are the two; `Program.run` is the same for
/// both, so anything a person does on the terminal can be replayed exactly.
protocol TerminalPort {
  /// What happened next, each message with its time (milliseconds on the program's clock), waiting
  /// until `deadline` at the latest (the editor's next timer; nil: no timer). Nil when input has ended;
  /// an empty list when only the screen must be drawn again.
  mutating func next(deadline: Int?) -> [(message: EditorMessage, time: Int)]?
  /// Shows the editor's screen (a terminal draws it; a script has no screen).
  mutating func present(_ editor: EditorState)
  /// Saves the document's arrangement as the editor asked (`to`: a new file name, or nil for where the
  /// document saves) and returns the message that reports how it went.
  /// `basedOnDisk` is the disk version (as `readDisk` numbered it) the arrangement was merged with, if
  /// the merge is still applied: the file may be written over that version without asking.
  mutating func save(
    _ document: Document, to path: String?, force: Bool, basedOnDisk: Int?, at time: Int
  ) -> EditorMessage
  /// Keeps the document's unsaved changes in a recovery file (the session is ending on SIGTERM or SIGHUP).
  mutating func writeRecovery(_ document: Document)
  /// Reads the document's file as it is on disk now (to merge with it) and returns the message that
  /// reports it.
  mutating func readDisk(_ document: Document, at time: Int) -> EditorMessage
  /// Stops the program until it is continued (Ctrl-Z), leaving the terminal as it was found.
  mutating func suspend()
  /// Draws the whole screen again at the next `present` (Ctrl-L).
  mutating func repaint()
  /// Removes a file left behind by an earlier session, as the person asked (`d`); nil when it is gone,
  /// else why not.
  mutating func discard(_ path: String) -> String?
  /// When the next frame of motion is due, on the program's clock (nil: nothing moves on this port's
  /// screen). A port that draws keeps it from `present`.
  var nextFrame: Int? { get }
}

extension TerminalPort {
  /// A port without a screen draws no frames of motion.
  var nextFrame: Int? { nil }
}

/// The program loop (the Elm architecture's runtime): show the screen, wait for the next message or
/// the editor's next timer, hand it to `EditorState.update`, carry out the effects it asks for — saves
/// report back with a message whose effects are carried out too — and show the screen again, until the
/// editor quits or the input ends.
enum Program {
  /// Runs `editor` on `port`; `observe` sees every happening in order (`play --trace` prints them).
  static func run<Port: TerminalPort>(
    _ editor: inout EditorState, on port: inout Port, observe: (EditorHappening) -> Void = { _ in }
  ) {
    port.present(editor)
    // Input first: a frame of motion is only a deadline, met when no message came sooner; all that is
    // readable is handled before the next frame is drawn.
    while let messages = port.next(deadline: [editor.nextDeadline, port.nextFrame].compactMap { $0 }.min()) {
      for (message, time) in messages {
        var effects = editor.update(message, at: time)
        while !effects.isEmpty {
          switch effects.removeFirst() {
          case .happened(let happening):
            observe(happening)
          case .save(let path, let force, _):
            let reply = port.save(editor.document, to: path, force: force, basedOnDisk: editor.diskToken, at: time)
            effects += editor.update(reply, at: time)
          case .writeRecovery:
            port.writeRecovery(editor.document)
          case .readDisk:
            effects += editor.update(port.readDisk(editor.document, at: time), at: time)
          case .suspend:
            port.suspend()
          case .redraw:
            port.repaint()
          case .discard(let path, let name):
            effects += editor.update(.discarded(name: name, failure: port.discard(path)), at: time)
          case .quit:
            return
          }
        }
      }
      port.present(editor)
    }
  }
}
