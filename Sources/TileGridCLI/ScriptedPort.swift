import Document
import Editor
import Files
import Formats
import Reorder
import TileModel

/// The program on a script instead of a terminal (`tilegrid play`, `render`, the tests): each event of
/// an events file is a message at the script's virtual time (`wait MS` moves it on, firing the timers
/// due), saves write nothing and succeed, unless a `save-result` line right after the event that asked
/// says how they ended, and there is no screen. Nothing sleeps, so a replay is exact and instant.
struct ScriptedPort: TerminalPort {
  private let script: [(line: Int, event: ScriptEvent)]
  private var index = 0
  /// The script's clock: the time of the last message given.
  private(set) var now = 0
  /// Where the events file is, for the files its `disk-version` lines name (nil: the current directory).
  private let directory: String?
  private var disks = 0
  /// What a file left behind holds, read when a `left-behind` line names it.
  private let leftBehind: (LeftBehind.Kind, String) -> LeftBehind

  init(
    _ script: [(line: Int, event: ScriptEvent)], directory: String? = nil,
    leftBehind: @escaping (LeftBehind.Kind, String) -> LeftBehind = { kind, name in
      LeftBehind(kind: kind, path: name, name: name, content: .unreadable("not read"))
    }
  ) {
    self.script = script
    self.directory = directory
    self.leftBehind = leftBehind
  }

  mutating func next(deadline: Int?) -> [(message: EditorMessage, time: Int)]? {
    while index < script.count {
      let event = script[index].event
      index += 1
      if let message = message(for: event) { return [(message, now)] }
    }
    return nil
  }

  /// The message an event stands for, at the script's time (a `wait` moves the time on first).
  private mutating func message(for event: ScriptEvent) -> EditorMessage? {
    switch event {
    case .wait(let milliseconds):
      now += milliseconds
      return .tick
    case .input(let input): return .input(input)
    case .bytes(let bytes): return .bytes(bytes)
    case .signal(let signal): return .signal(signal)
    case .saving(let target): return .saving(target)
    case .saveResult, .diskVersion: return nil  // read by `save` and `readDisk`, right after the event that asked
    case .leftBehind(let kind, let name): return .leftBehind([leftBehind(kind, name)])
    }
  }

  mutating func present(_ editor: EditorState) {}

  /// A save writes nothing; a recovery file, a suspend, a repaint and a removal do nothing in a replay.
  mutating func perform(_ effect: EditorEffect, for editor: EditorState, at time: Int) -> EditorMessage? {
    switch effect {
    case .save(let path, _): return save(to: path)
    case .readDisk: return readDisk()
    case .discard(_, let name): return .discarded(name: name, failure: nil)
    case .writeRecovery, .suspend, .redraw, .happened, .quit: return nil
    }
  }

  /// Nothing is written. A save as a new file names it, as a real one reports, so a later `s` does not
  /// ask again.
  private mutating func save(to path: String?) -> EditorMessage {
    if index < script.count, case .saveResult(let result) = script[index].event {
      index += 1
      if let result { return .saveFailed(result) }
    }
    return .saved(name: path)
  }

  /// The disk's version as the recording kept it (a `disk-version` line right after the event that
  /// asked), read from beside the events file; without one, the disk could not be read.
  private mutating func readDisk() -> EditorMessage {
    guard index < script.count, case .diskVersion(let path) = script[index].event else {
      return .diskUnreadable("the recording has no disk-version here")
    }
    index += 1
    guard let path else { return .diskUnreadable("the file on disk could not be read when it was recorded") }
    let full = path.hasPrefix("/") || directory == nil ? path : directory! + "/" + path
    do {
      let (theirs, _, _) = try TileGridCommand.load(full)
      disks += 1
      return .diskVersion(theirs, token: disks)
    } catch {
      return .diskUnreadable(error.description)
    }
  }
}

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
    var port = ScriptedPort(script, directory: eventsPath.map(Self.directory(of:))) { kind, name in
      let directory = file == "-" ? "." : Platform.split(file).directory
      let path = directory == "." ? name : directory + "/" + name
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
