import Dispatch
import Files
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `Platform.read` of an input that can be read only once (a pipe), from several threads at once, as
/// commands run in one process in parallel do: every reader gets the bytes, read once.
@Suite("Streams read from several threads")
struct StreamReadTests {
  @Test("eight threads reading the same pipe at once each get all of its bytes")
  func pipeReadOnce() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    try #require(written == bytes.count)
    let path = "/dev/fd/\(ends[0])"
    let results = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      let outcome: String
      do {
        let input = try Platform.read(path)
        outcome = input.bytes == bytes ? "ok" : "thread \(thread): \(input.bytes.count) bytes"
      } catch {
        outcome = "thread \(thread): \(error)"
      }
      results.withLock { $0.append(outcome) }
    }
    #expect(results.withLock { $0 } == Array(repeating: "ok", count: 8))
  }
}
