import Foundation

/// The fast loop (`Scripts/test --fast` sets `TILEGRID_FAST=1`): a random test that runs many seeds or
/// batches runs the first few of them there, the same cases with the same checks; every other run (CI's
/// `Scripts/test`, a bare `swift test`) runs all of them.
public enum FastLoop {
  /// Whether this run is the fast loop.
  public static let isOn = ProcessInfo.processInfo.environment["TILEGRID_FAST"] == "1"

  /// `all`, or its first `fast` elements in the fast loop: the seeds or batches a test runs.
  public static func first<C: Collection>(_ fast: Int, of all: C) -> [C.Element] {
    isOn ? Array(all.prefix(fast)) : Array(all)
  }

  /// `all` runs, or `fast` in the fast loop.
  public static func count(_ all: Int, fast: Int) -> Int { isOn ? fast : all }
}
