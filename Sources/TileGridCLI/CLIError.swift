import Files

/// A command's failure: a one-line message and the exit status it maps to (sysexits.h). Errors are
/// data until `TileGridCommand.main` prints them, once, as `tilegrid: MESSAGE`.
public enum CLIError: Error, Equatable, CustomStringConvertible {
  /// 64: the command line is wrong. `command` names the command whose `--help` to suggest.
  case usage(String, command: String?)
  /// 65: the input data is wrong, or a move was refused.
  case data(String)
  /// 66: an input file does not exist or cannot be read.
  case noInput(String)
  /// 69: the capability is not there (no terminal for the editor).
  case unavailable(String)
  /// 73: an output file cannot be created (or was changed on disk meanwhile).
  case cannotCreate(String)
  /// 74: reading or writing failed part way.
  case io(String)
  /// 1: the editor in pipe mode ended without a result for standard output (quit without saving).
  case nothingSaved(String)
  /// 128 + the signal's number (143 for SIGTERM, 129 for SIGHUP), as a shell reports a program killed
  /// by it: the editor was ended by the signal, after keeping unsaved changes.
  case terminated(signal: Int32, String)
  /// Not a failure: the command did its work, and its status says what it found — `diff` 1 when the
  /// arrangements differ, `merge` 1 when there were conflicts (one line each, printed like errors).
  case outcome(Int32, lines: [String])
  /// Several failures, one line each (`tilegrid check` on several files). The status is the first of
  /// 65, 66, 74 that any of them has: a verdict on the data comes before a file that could not be read.
  case several([CLIError])

  public var exitStatus: Int32 {
    switch self {
    case .usage: return 64
    case .data: return 65
    case .noInput: return 66
    case .unavailable: return 69
    case .cannotCreate: return 73
    case .io: return 74
    case .nothingSaved: return 1
    case .terminated(let signal, _): return 128 + signal
    case .outcome(let status, _): return status
    case .several(let errors):
      let statuses = errors.map(\.exitStatus)
      return [65, 66, 74].first(where: statuses.contains) ?? statuses.max() ?? 0
    }
  }

  /// The lines `TileGridCommand.main` prints, each after `tilegrid: `.
  public var lines: [String] {
    if case .several(let errors) = self { return errors.flatMap(\.lines) }
    if case .outcome(_, let lines) = self { return lines.map(Self.oneLine) }
    return [description]
  }

  /// A failed write as the command line reports it: 73, or 74 when it failed part way.
  init(_ failure: Platform.WriteFailure) {
    switch failure {
    case .changedOnDisk: self = .cannotCreate(failure.description)
    case .readOnly: self = .cannotCreate("\(failure.description); --force writes it anyway (it stays read-only)")
    case .failed(let message, let partWay): self = partWay ? .io(message) : .cannotCreate(message)
    }
  }

  public var description: String {
    switch self {
    case .usage(let message, let command):
      let help = command.map { "tilegrid \($0) --help" } ?? "tilegrid --help"
      return Self.oneLine("\(message) (see '\(help)')")
    case .data(let message), .noInput(let message), .unavailable(let message), .cannotCreate(let message),
      .io(let message), .nothingSaved(let message), .terminated(_, let message):
      return Self.oneLine(message)
    case .several(let errors):
      return errors.map(\.description).joined(separator: "; ")
    case .outcome(let status, let lines):
      return lines.isEmpty ? "exit status \(status)" : Self.oneLine(lines.joined(separator: "; "))
    }
  }

  /// The message as one line: control characters that came from the user (a newline in a file name or
  /// an argument, an escape sequence) are shown as JSON-style escapes, never written raw to the terminal,
  /// and the bytes of a file name that are not UTF-8 as `\xNN` (`Platform.pathString`).
  static func oneLine(_ message: String) -> String {
    guard message.unicodeScalars.contains(where: { isControl($0) || Platform.escapedByte($0) != nil }) else {
      return message
    }
    var text = ""
    for scalar in message.unicodeScalars {
      if let byte = Platform.escapedByte(scalar) {
        text += "\\x" + String(byte, radix: 16)
        continue
      }
      switch scalar {
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where isControl(scalar):
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
