import Files
import Editor

extension TileGridCommand {
  /// Reads and parses an events file; a bad line is a data error naming the file and the line.
  static func events(_ path: String) throws(CLIError) -> [(line: Int, event: ScriptEvent)] {
    try recording(path).script
  }

  /// `events`, and the file a `--record` header says the session was recorded on.
  static func recording(
    _ path: String
  ) throws(CLIError) -> (script: [(line: Int, event: ScriptEvent)], recordedOn: FileDigest?) {
    let input = try Platform.input(path, role: "events file")
    do {
      return (try EventScript.parse(input.bytes), FileDigest.recorded(in: input.bytes))
    } catch {
      throw .data("\(input.name): \(error)")
    }
  }

  /// Plays events through the editor as the interactive loop would: saves succeed without writing
  /// anything (or fail as a `save-result` line right after says), a quit ends the replay. With
  /// `trace`, each traced happening goes to standard error.
  static func replay(_ script: [(line: Int, event: ScriptEvent)], on editor: inout EditorState, trace: Bool) throws(CLIError) {
    var index = 0
    while index < script.count {
      var effects = editor.play(script[index].event)
      index += 1
      while !effects.isEmpty {
        switch effects.removeFirst() {
        case .happened(let happening):
          // Titles may hold control characters; they never reach the terminal raw.
          if trace, let line = Trace.line(happening) { Platform.writeStandardError(CLIError.oneLine(line) + "\n") }
        case .save(let path, _, _):
          // Nothing is written here. A save as a new file names it, as the interactive loop reports,
          // so a later 's' does not ask again.
          var failure: SaveFailure?
          if index < script.count, case .saveResult(let result) = script[index].event {
            failure = result
            index += 1
          }
          effects += editor.update(failure.map { .saveFailed($0) } ?? .saved(name: path), at: editor.now)
        case .writeRecovery, .suspend, .redraw:
          break  // nothing to recover, suspend or repaint in a replay
        case .quit:
          return
        }
      }
    }
  }
}
