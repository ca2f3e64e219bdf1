#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Recovery files: when a session ends on SIGTERM or SIGHUP with unsaved changes, they are written to a
// new file beside the original (an earlier recovery is never replaced), else in the temporary
// directory.

extension Platform {
  /// The directories to try for a recovery file, in order, with the name it is made from: beside the
  /// file (the current directory when there is none: the demo, standard input), then the temporary
  /// directory.
  public static func recoveryPlaces(
    forFile path: String?, unnamed: String, temporaryDirectory: String
  ) -> [(directory: String, base: String)] {
    var places: [(String, String)] = []
    var base = unnamed
    if let path {
      let slash = path.lastIndex(of: "/")
      let directory = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
      base = slash.map { String(path[path.index(after: $0)...]) } ?? path
      places.append((directory, base))
    } else {
      places.append((".", base))
    }
    places.append((temporaryDirectory, base))
    return places
  }

  /// `BASE.recovery.json`, or with a number after the first attempt: `BASE.recovery-2.json`, …
  public static func recoveryName(_ base: String, attempt: Int) -> String {
    attempt == 0 ? "\(base).recovery.json" : "\(base).recovery-\(attempt + 1).json"
  }

  /// Writes a new recovery file for `path` (nil: a file without a name, called `unnamed`) with the bytes
  /// `produce` hands over, and returns where; or the last failure's message.
  public static func writeRecovery(
    forFile path: String?, unnamed: String,
    _ produce: (_ write: ([UInt8]) throws(WriteFailure) -> Void) throws(WriteFailure) -> Void
  ) -> Result<String, WriteFailure> {
    let tmp = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var lastFailure = WriteFailure.failed(message: "no place to write a recovery file", partWay: false)
    for (directory, base) in recoveryPlaces(forFile: path, unnamed: unnamed, temporaryDirectory: tmp) {
      for attempt in 0..<100 {
        let candidate = (directory == "." ? "" : directory + "/") + recoveryName(base, attempt: attempt)
        if exists(candidate) { continue }
        do {
          _ = try writeFile(candidate, expected: nil, force: false, produce)
          return .success(candidate)
        } catch {
          lastFailure = error
        }
        break
      }
    }
    return .failure(lastFailure)
  }
}
