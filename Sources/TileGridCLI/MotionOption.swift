#if canImport(Glibc)
  import Glibc
#endif

extension TileGridCommand {
  // `--motion on|off` is declared in Options.
  /// Whether the environment turns motion off: `TILEGRID_MOTION=off` (or `0`, `no`, `false`).
  static var motionOffInEnvironment: Bool {
    guard let value = getenv("TILEGRID_MOTION").map({ String(cString: $0).lowercased() }) else { return false }
    return ["off", "0", "no", "false"].contains(value)
  }
}
