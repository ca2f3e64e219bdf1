import Dispatch
import Files
import Foundation
import TestSupport
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

  @Test("a FIFO waiting for its writer holds up no other stream: a pipe is read meanwhile")
  func fifoWaitsAlone() throws {
    let directory = try TemporaryDirectory()
    let fifo = directory.file("waits")
    try #require(mkfifo(fifo, 0o600) == 0)
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    _ = write(ends[1], "pipe", 4)
    close(ends[1])
    let fifoRead = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = try? Platform.read(fifo)
      fifoRead.signal()
    }
    // Until a thread of this process waits in openat(2) (the FIFO's reader, for a writer).
    let deadline = Date().addingTimeInterval(30)
    while !Self.aThreadWaitsInOpen() && Date() < deadline { usleep(1000) }
    let pipePath = "/dev/fd/\(ends[0])"
    let pipeRead = DispatchSemaphore(value: 0)
    let pipeBytes = Mutex<[UInt8]?>(nil)
    DispatchQueue.global().async {
      let bytes = try? Platform.read(pipePath).bytes
      pipeBytes.withLock { $0 = bytes }
      pipeRead.signal()
    }
    let waited = pipeRead.wait(timeout: .now() + 30)
    // The writer comes: the FIFO's reader ends either way.
    let writer = open(fifo, O_WRONLY)
    if writer >= 0 {
      _ = write(writer, "fifo", 4)
      close(writer)
    }
    #expect(fifoRead.wait(timeout: .now() + 30) == .success)
    if waited == .timedOut { _ = pipeRead.wait(timeout: .now() + 30) }
    #expect(waited == .success, "the pipe waited for the FIFO's writer")
    #expect(pipeBytes.withLock { $0 } == Array("pipe".utf8))
  }

  /// Whether a thread of this process is in openat(2) (number 257 on x86-64, 56 on arm64).
  static func aThreadWaitsInOpen() -> Bool {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.contains { task in
      let call = (try? String(contentsOfFile: "/proc/self/task/\(task)/syscall", encoding: .utf8)) ?? ""
      #if arch(x86_64)
        return call.hasPrefix("257 ")
      #else
        return call.hasPrefix("56 ")
      #endif
    }
  }
}
