import Canvas
import Document
import Editor
import Reorder
import TileModel

/// Where the program runs: where its messages come from, where its frames go, and what its effects do.
/// The editor on a terminal (`CursesPort`: CursesTerminal, the clock, the files it edits) and a replay
/// (`ScriptedPort`: `tilegrid play`, `render`, the tests) are the two; `Program.run` is the same for
/// both, so anything a person does on the terminal can be replayed exactly.
package protocol TerminalPort {
  /// What happened next, each message with its time (milliseconds on the program's clock), waiting
  /// until `deadline` at the latest (the editor's next timer; nil: no timer), or until the port's own
  /// next frame of motion. Nil when input has ended; an empty list when only the screen must be drawn
  /// again (a frame is due, or the terminal can take the one it could not).
  mutating func next(deadline: Int?) -> [(message: EditorMessage, time: Int)]?
  /// Shows the editor's screen (a terminal draws it, when it can take a frame; a script has no screen).
  mutating func present(_ editor: EditorState)
  /// Carries out one effect `editor` asked for at `time` and returns the message that reports how it
  /// went, for the effects that report (`.save`: `.saved` or `.saveFailed`; `.readDisk`: `.diskVersion`
  /// or `.diskUnreadable`; `.discard`: `.discarded`); nil for the others (`.writeRecovery`, `.suspend`,
  /// `.redraw`). The loop handles `.happened` and `.quit` itself and never passes them. A save may write
  /// over the disk version `editor.diskToken` names (the one the arrangement was merged with) without
  /// asking.
  mutating func perform(_ effect: EditorEffect, for editor: EditorState, at time: Int) -> EditorMessage?
}

/// The program loop (the Elm architecture's runtime): show the screen, wait for the next message or
/// the editor's next timer, hand it to `EditorState.update`, have the port carry out the effects it asks
/// for — a save, a read of the disk and a removal report back with a message whose effects are carried
/// out too — and show the screen again, until the editor quits or the input ends.
package enum Program {
  /// Runs `editor` on `port`; `observe` sees every happening in order (`play --trace` prints them).
  /// `opening` are messages at time 0 before the first screen (the files an earlier session left,
  /// asked about on it). True if the editor quit, false if the input ended.
  @discardableResult
  package static func run<Port: TerminalPort>(
    _ editor: inout EditorState, on port: inout Port, opening: [EditorMessage] = [],
    observe: (EditorHappening) -> Void = { _ in }
  ) -> Bool {
    if !handle(opening.map { ($0, 0) }, &editor, &port, observe) { return true }
    port.present(editor)
    // Input first: a frame of motion is only the port's deadline, met when no message came sooner; all
    // that is readable is handled before the next frame is drawn.
    while let messages = port.next(deadline: editor.nextDeadline) {
      if !handle(messages, &editor, &port, observe) { return true }
      port.present(editor)
    }
    return false
  }

  /// Hands each message to the editor and has the port carry out the effects; false once the editor
  /// quits.
  private static func handle<Port: TerminalPort>(
    _ messages: [(message: EditorMessage, time: Int)], _ editor: inout EditorState, _ port: inout Port,
    _ observe: (EditorHappening) -> Void
  ) -> Bool {
    for (message, time) in messages {
      var effects = editor.update(message, at: time)
      while !effects.isEmpty {
        switch effects.removeFirst() {
        case .happened(let happening):
          observe(happening)
        case .quit:
          return false
        case let effect:
          if let reply = port.perform(effect, for: editor, at: time) { effects += editor.update(reply, at: time) }
        }
      }
    }
    return true
  }
}
