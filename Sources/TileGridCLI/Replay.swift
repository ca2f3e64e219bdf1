import Document
import Editor
import Files
import Formats
import Reorder
import Runtime
import TileModel

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

  /// Plays events through the editor as the interactive loop would (`Program` on a `ScriptedPort`). With
  /// `trace`, each traced happening goes to standard error.
  /// A file a `left-behind` line names is read beside `file` (the current directory for standard
  /// input), as the editor read it when the session was recorded.
  static func replay(
    _ script: [(line: Int, event: ScriptEvent)], on editor: inout EditorState, trace: Bool, eventsPath: String? = nil,
    besideFile file: String = "-", format: ArrangementFormat = .json
  ) {
    let opened = editor.arrangement
    let readFile = { (path: String) -> Result<Arrangement, ScriptedPort.ReadProblem> in
      do throws(CLIError) {
        return .success(try load(path).0)
      } catch {
        return .failure(ScriptedPort.ReadProblem(error.description))
      }
    }
    var port = ScriptedPort(script, directory: eventsPath.map(Self.directory(of:)), readFile: readFile) { kind, name in
      let directory = file == "-" ? "." : Platform.split(file).directory
      // A recovery file from the temporary directory is named by its path.
      let path = directory == "." || name.hasPrefix("/") ? name : directory + "/" + name
      return leftBehind(kind, path: path, name: name, opened: opened, format: format)
    }
    Program.run(&editor, on: &port) { happening in
      // Titles may hold control characters; they never reach the terminal raw.
      if trace, let line = Trace.line(happening) { Platform.writeStandardError(CLIError.oneLine(line) + "\n") }
    }
  }
}

extension TileGridCommand {
  /// The directory a path is in (`.` for a bare name).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return path[..<slash].isEmpty ? "/" : String(path[..<slash])
  }
}
