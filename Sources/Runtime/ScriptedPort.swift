import Canvas
import Document
import Editor
import Reorder
import TileModel

/// The program on a script instead of a terminal (`tilegrid play`, `render`, the tests): each event of
/// an events file is a message at the script's virtual time (`wait MS` moves it on, firing the timers
/// due), saves write nothing and succeed, unless a `save-result` line right after the event that asked
/// says how they ended, and there is no screen unless it is given a `RecordingBackend` (`backend`): then
/// each `present` draws the editor as it is at the script's time and presents the frame on it, as the
/// terminal's port does on CursesTerminal. Nothing sleeps, so a replay is exact and instant.
package struct ScriptedPort: TerminalPort {
  private let script: [(line: Int, event: ScriptEvent)]
  private var index = 0
  /// The script's clock: the time of the last message given.
  package private(set) var now = 0
  /// Where the events file is, for the files its `disk-version` lines name (nil: the current directory).
  private let directory: String?
  private var disks = 0
  /// What a file left behind holds, read when a `left-behind` line names it.
  private let leftBehind: (LeftBehind.Kind, String) -> LeftBehind
  /// The arrangement in the file a `disk-version` line names, or why it cannot be read.
  private let readFile: (String) -> Result<Arrangement, ReadProblem>
  /// The screen frames are presented on (nil: none, nothing is drawn).
  package var backend: RecordingBackend?
  /// How the frames are drawn on `backend`.
  package var scheme: ColorScheme = .color
  private var presenter = Presenter()
  private var frame = Buffer(size: Size(width: 0, height: 0))
  /// A repaint was asked for (`.redraw`): the next frame is drawn on a cleared screen.
  private var clearNext = false
  /// The effects carried out so far, in order (`.happened` and `.quit` never reach a port).
  package private(set) var performed: [EditorEffect] = []

  /// Why a file a `disk-version` line names could not be read.
  package struct ReadProblem: Error {
    package var description: String
    package init(_ description: String) { self.description = description }
  }

  package init(
    _ script: [(line: Int, event: ScriptEvent)], directory: String? = nil,
    readFile: @escaping (String) -> Result<Arrangement, ReadProblem> = { _ in .failure(ReadProblem("not read")) },
    leftBehind: @escaping (LeftBehind.Kind, String) -> LeftBehind = { kind, name in
      LeftBehind(kind: kind, path: name, name: name, content: .unreadable("not read"))
    },
    startingAt start: Int = 0, backend: RecordingBackend? = nil
  ) {
    self.script = script
    now = start
    self.backend = backend
    self.directory = directory
    self.readFile = readFile
    self.leftBehind = leftBehind
  }

  package mutating func next(deadline: Int?) -> [(message: EditorMessage, time: Int)]? {
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
    case .saveResult, .diskVersion, .editedText: return nil  // read by `save`, `readDisk` and `editText`, after the event that asked
    case .leftBehind(let kind, let name): return .leftBehind([leftBehind(kind, name)])
    case .diskChanged(.deleted): return .diskChanged(.deleted)
    case .diskChanged(.unreadable): return .diskChanged(.unreadable("it could not be read when it was recorded"))
    case .diskChanged(.file(let path)):
      switch readFile(fullPath(path)) {
      case .success(let theirs):
        disks += 1
        return .diskChanged(.version(theirs, token: disks))
      case .failure(let problem):
        return .diskChanged(.unreadable(problem.description))
      }
    }
  }

  /// Draws the editor at the script's time on `backend`, if there is one.
  package mutating func present(_ editor: EditorState) {
    guard backend != nil else { return }
    editor.view(into: &frame, scheme: scheme, at: now)
    presenter.present(&frame, to: &backend!, clearing: clearNext)
    clearNext = false
  }

  /// A save writes nothing; a recovery file, a suspend and a removal do nothing in a replay, and a
  /// repaint only on a `backend`.
  package mutating func perform(_ effect: EditorEffect, for editor: EditorState, at time: Int) -> EditorMessage? {
    performed.append(effect)
    if case .redraw = effect { clearNext = true }
    switch effect {
    case .save(let path, _): return save(to: path)
    case .readDisk: return readDisk()
    case .editText: return editedText()
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

  /// What the text editor left, as the script gives it (an `edited-text` line right after the event
  /// that asked); without one, no editor ran.
  private mutating func editedText() -> EditorMessage {
    guard index < script.count, case .editedText(let text) = script[index].event else {
      return .textNotEdited("the events give no edited-text here")
    }
    index += 1
    return text.map(EditorMessage.textEdited) ?? .textNotEdited("the text editor failed when it was recorded")
  }

  /// A file an events file names: relative to the events file's directory.
  private func fullPath(_ path: String) -> String {
    path.hasPrefix("/") || directory == nil ? path : directory! + "/" + path
  }

  /// The disk's version as the recording kept it (a `disk-version` line right after the event that
  /// asked), read from beside the events file; without one, the disk could not be read.
  private mutating func readDisk() -> EditorMessage {
    guard index < script.count, case .diskVersion(let path) = script[index].event else {
      return .diskUnreadable("the recording has no disk-version here")
    }
    index += 1
    guard let path else { return .diskUnreadable("the file on disk could not be read when it was recorded") }
    switch readFile(fullPath(path)) {
    case .success(let theirs):
      disks += 1
      return .diskVersion(theirs, token: disks)
    case .failure(let problem):
      return .diskUnreadable(problem.description)
    }
  }
}
