#if canImport(Glibc)
  import Glibc
#endif

/// Milliseconds on the monotonic clock: what the editor's timers (the long press, auto-scroll, the
/// lone-Esc wait) are measured against. The wall clock would jump with NTP or a changed date.
public enum Monotonic {
  public static func milliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
  }

  /// Nanoseconds, for measurements.
  public static func nanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
  }
}
