import Document
import Editor
import TerminalInput
import TileModel

/// `tilegrid --record EVENTS`: the session as an events file that `tilegrid play` replays to the same
/// arrangement. What the editor is given is written, not what it made of it: the bytes read from the
/// terminal (`input "…"`, decoded again by the same decoder), each resize, and the milliseconds between
/// them (`wait`), measured on the same clock the editor's timers use. Timer ticks are not written: a
/// `wait` fires every timer due in it at its own time, as the live loop's ticks did.
///
/// Each line is written at once (the command line's `init(path:)` writes it with `write(2)`), so a
/// session that crashes still leaves a file that replays up to the crash. The recorder itself writes
/// nothing: it is given the writing of a line, of a disk version beside the events file, and the close.
package struct SessionRecorder {
  /// The events file as given on the command line, for messages.
  package let path: String
  /// Writes one line (a line break follows it); why it failed, or nil.
  private let writeLine: (String) -> String?
  /// Writes an arrangement into the file of that path (canonical JSON); why it failed, or nil.
  private let writeVersion: (String, Arrangement) -> String?
  private let closeFile: () -> Void
  /// The time of the last input written (the session starts at 0, as `play`'s clock does).
  private var lastTime = 0
  /// The first write that failed; the rest of the session is not recorded.
  package private(set) var failure: String?
  /// How many disk versions were kept beside the events file.
  private var disks = 0

  /// A recorder writing through these: a line, a disk version (`EVENTS.disk-N.json`), the close.
  package init(
    path: String, writeLine: @escaping (String) -> String?,
    writeVersion: @escaping (String, Arrangement) -> String?, close: @escaping () -> Void
  ) {
    self.path = path
    self.writeLine = writeLine
    self.writeVersion = writeVersion
    closeFile = close
  }

  /// Writes the header's lines, then where `s` saves: that decides what a typed name means, and the
  /// replay must ask as the session did.
  package mutating func start(header: [String], saving: SaveTarget) {
    for line in header { write(line) }
    switch saving {
    case .file: write("saving file")
    case .askForPath: write("saving ask")
    case .standardOutput: write("saving stdout")
    }
  }

  /// Bytes read from the terminal at `time`.
  package mutating func input(_ bytes: [UInt8], at time: Int) {
    advance(to: time)
    write(EventScript.inputLine(bytes))
  }

  /// A key that did not come as bytes (SIGTSTP sent by kill stands for Ctrl-Z).
  package mutating func key(_ key: Key, at time: Int) {
    advance(to: time)
    write("key " + EventScript.name(of: key))
  }

  /// The terminal's new size at `time`.
  package mutating func resize(_ size: Size, at time: Int) {
    advance(to: time)
    write("resize \(size.width) \(size.height)")
  }

  /// A signal, as the events file writes it.
  package mutating func signal(_ signal: EditorSignal, at time: Int) {
    advance(to: time)
    write("signal " + (signal == .interrupt ? "interrupt" : "terminate"))
  }

  /// How the save just asked for ended (written only when it failed: success is the default).
  /// The files left behind that the editor asks about first (before any input).
  package mutating func leftBehind(_ found: [LeftBehind]) {
    for file in found { write(EventScript.line(.leftBehind(file.kind, name: file.name))) }
  }

  package mutating func saveFailed(_ failure: SaveFailure, at time: Int) {
    advance(to: time)
    switch failure {
    case .changedOnDisk: write("save-result changed-on-disk")
    case .deletedOnDisk: write("save-result deleted")
    case .readOnly: write("save-result read-only")
    case .exists: write("save-result exists")
    case .failed, .cancelled: write("save-result failed")
    }
  }

  /// The file as it was on disk when the editor read it to merge (nil: it could not be read): written
  /// as canonical JSON beside the events file (`EVENTS.disk-N.json`), named by a `disk-version` line,
  /// so that `play` merges with the same version.
  package mutating func diskVersion(_ arrangement: Arrangement?, at time: Int) {
    advance(to: time)
    guard let arrangement else {
      write(EventScript.line(.diskVersion(nil)))
      return
    }
    guard let name = keptVersion(arrangement) else { return }
    write(EventScript.line(.diskVersion(name)))
  }

  /// Writes a version of the file beside the events file (`EVENTS.disk-N.json`) and returns its name
  /// as the events line gives it; nil when it cannot be written (the recording stops there).
  private mutating func keptVersion(_ arrangement: Arrangement) -> String? {
    disks += 1
    let file = "\(path).disk-\(disks).json"
    if let problem = writeVersion(file, arrangement) {
      failure = failure ?? "cannot write '\(file)': \(problem); the recording stops there"
      return nil
    }
    return file.lastIndex(of: "/").map { String(file[file.index(after: $0)...]) } ?? file
  }

  /// A change of the file on disk the editor followed: its new version beside the events file (as
  /// `diskVersion` keeps one), or that it was deleted or could not be read.
  package mutating func diskChanged(_ change: DiskChange, at time: Int) {
    advance(to: time)
    switch change {
    case .deleted: write(EventScript.line(.diskChanged(.deleted)))
    case .unreadable: write(EventScript.line(.diskChanged(.unreadable)))
    case .version(let arrangement, _):
      guard let name = keptVersion(arrangement) else { return }
      write(EventScript.line(.diskChanged(.file(name))))
    }
  }

  /// What the text editor left of a card's text (nil: it failed), so that `play` takes back the same.
  package mutating func editedText(_ text: String?, at time: Int) {
    advance(to: time)
    write(EventScript.line(.editedText(text)))
  }

  package func close() {
    closeFile()
  }

  private mutating func advance(to time: Int) {
    if let line = Self.waitLine(from: lastTime, to: time) { write(line) }
    lastTime = max(lastTime, time)
  }

  private mutating func write(_ line: String) {
    guard failure == nil else { return }
    if let problem = writeLine(line) {
      failure = "cannot write the events file '\(path)': \(problem); the recording stops there"
    }
  }

  // MARK: - The format (pure)

  /// `wait MS` for the time between two inputs, or nil when none passed.
  package static func waitLine(from last: Int, to time: Int) -> String? {
    time > last ? "wait \(time - last)" : nil
  }
}
