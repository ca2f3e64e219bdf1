import CursesTerminal
import Foundation
import Synchronization
import Testing

/// `TerminalDescription.read` from several threads at once, as in-process commands running in parallel
/// (`render --color always` asks for the terminal's description) and the tests do. ncurses keeps the
/// entry it reads in one global; read unguarded from two threads, each freed the other's entry, and
/// the process aborted with "double free or corruption".
@Suite("Terminal descriptions read from several threads")
struct TerminalDescriptionThreadsTests {
  static let terms = ["xterm-256color", "xterm", "vt100", "linux", "screen-256color", "dumb", "no-such-terminal"]

  @Test("eight threads reading descriptions at once each get what one read alone gives")
  func concurrentReads() {
    let alone = Self.terms.map { TerminalDescription.read($0, fd: 2) }
    #expect(alone[0]?.colors == 256 && alone[2] != nil && alone[6] == nil)
    let threads = 8
    let rounds = 200
    let wrong = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for round in 0..<rounds {
        let k = (thread + round) % Self.terms.count
        let read = TerminalDescription.read(Self.terms[k], fd: 2)
        if read != alone[k] { wrong.withLock { $0.append("thread \(thread) round \(round): \(Self.terms[k])") } }
      }
    }
    #expect(wrong.withLock { $0 }.isEmpty)
  }
}
