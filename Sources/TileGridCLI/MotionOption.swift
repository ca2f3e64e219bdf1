#if canImport(Glibc)
  import Glibc
#endif

extension TileGridCommand {
  /// `--motion on|off` as given (nil when absent).
  static func motionOption(_ args: Arguments, command: String?) throws(CLIError) -> Bool? {
    guard let text = args.values["--motion"] else { return nil }
    switch text {
    case "on": return true
    case "off": return false
    default: throw .usage("--motion takes on or off, not '\(text)'", command: command)
    }
  }

  /// Whether the environment turns motion off: `TILEGRID_MOTION=off` (or `0`, `no`, `false`).
  static var motionOffInEnvironment: Bool {
    guard let value = getenv("TILEGRID_MOTION").map({ String(cString: $0).lowercased() }) else { return false }
    return ["off", "0", "no", "false"].contains(value)
  }

  static let motionHelp = """
    --motion on|off   tiles glide to their places over 0.25 s (on, the default on a terminal that can
                        show it) or jump there at once (off; also TILEGRID_MOTION=off in the
                        environment, a console or vt100-like TERM, and pipe mode)
    """
}
