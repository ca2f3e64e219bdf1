import Editor

extension Program {
  /// What playing events through the loop did.
  package struct Played: Equatable {
    /// The happenings, in order (what `observe` saw).
    package var happenings: [EditorHappening] = []
    /// The effects the port carried out (a save, a read of the disk, a repaint…), in order.
    package var performed: [EditorEffect] = []
    /// Whether the editor quit (the events after the one that quit were not played).
    package var quit = false

    /// Every effect: the happenings, then the others, then `.quit` if the editor quit.
    package var effects: [EditorEffect] {
      happenings.map { .happened($0) } + performed + (quit ? [.quit] : [])
    }
  }

  /// Plays `events` on `editor` through `run`, on a `ScriptedPort` whose clock starts at the editor's
  /// (`now`), so a test can play a script in pieces and look at the editor between them: the loop that
  /// `tilegrid play` and the terminal run, not an interpreter of its own.
  @discardableResult
  package static func play(_ events: [ScriptEvent], on editor: inout EditorState) -> Played {
    var port = ScriptedPort(events.map { (line: 0, event: $0) }, startingAt: editor.now)
    var played = Played()
    played.quit = run(&editor, on: &port) { played.happenings.append($0) }
    played.performed = port.performed
    return played
  }

  /// `play(_:on:)` for the lines of an events file. - Throws: its first bad line.
  @discardableResult
  package static func play(_ events: String, on editor: inout EditorState) throws(EventScriptError) -> Played {
    try play(EventScript.parse(Array(events.utf8)).map(\.event), on: &editor)
  }

  /// Lets `milliseconds` of the editor's time pass through the loop (`wait MS`): the timers due fire.
  @discardableResult
  package static func wait(_ milliseconds: Int, on editor: inout EditorState) -> Played {
    play([.wait(milliseconds)], on: &editor)
  }
}
