/// A command's failure: a one-line message and the exit status it maps to (sysexits.h). Errors are
/// data until `TileGridCommand.main` prints them, once, as `tilegrid: MESSAGE`.
public enum CLIError: Error, Equatable, CustomStringConvertible {
  /// 64: the command line is wrong. `command` names the command whose `--help` to suggest.
  case usage(String, command: String?)
  /// 65: the input data is wrong, or a move was refused.
  case data(String)
  /// 66: an input file does not exist or cannot be read.
  case noInput(String)
  /// 69: the capability is not built yet.
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
    }
  }

  /// The message as one line: control characters that came from the user (a newline in a file name or
  /// an argument, an escape sequence) are shown as JSON-style escapes, never written raw to the terminal.
  static func oneLine(_ message: String) -> String {
    guard message.unicodeScalars.contains(where: isControl) else { return message }
    var text = ""
    for scalar in message.unicodeScalars {
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
