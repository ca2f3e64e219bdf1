import CursesTerminal
import Foundation
import TestSupport
import Testing
import TileGridJSON
import TileModel

#if canImport(Glibc)
  import Glibc
#endif

/// Motion through a real pseudo-terminal: the built editor on a terminal this test reads at 64 KB/s, as
/// a slow terminal would. The terminal answers the question about synchronized output, so every frame
/// is marked and counted. Every wait has a deadline; the
/// slow reader's pace is its own (`PseudoTerminalProcess.readPaced`).
@Suite("Motion on a terminal: frames dropped, never queued")
struct MotionOnTerminalTests {
  let directory: TemporaryDirectory
  let binary: String

  init() throws {
    directory = try TemporaryDirectory()
    binary = try TileGrid.binary()
    // One section of 120 tiles, every color in turn: a delete near the start slides every tile on an
    // 80 x 24 screen a place, so every frame of its glide rewrites most of the screen.
    let tiles = (0..<120).map { Tile(id: "t\($0)", title: "tile \($0)", color: TileColor(TileColor.names[$0 % TileColor.names.count])!) }
    _ = try directory.write("tiles.json", Arrangement(sections: [(Section(id: "all", title: "All"), tiles)]).jsonBytes())
  }

  /// The keys: the focus to the second tile, then sixteen deletes 50 ms apart, each inside the glides
  /// of the ones before.
  static let deletes = 16
  static let keys = "key right\n" + String(repeating: "key d\n", count: deletes)

  /// The most the screen may take to rest after the last key, in milliseconds.
  let bound = 1_000

  /// What a run read: every piece after the first delete (time, bytes), the frames drawn from then on,
  /// and when the last delete was typed.
  struct Run {
    var process: PseudoTerminalProcess
    var pieces: [(nanoseconds: Int, bytes: Int)]
    var frames: Int
    var lastKey: Int
    var bytes: Int { pieces.reduce(0) { $0 + $1.bytes } }
    /// Milliseconds from the last delete to the last byte read.
    var rest: Int { ((pieces.last?.nanoseconds ?? 0) - lastKey) / 1_000_000 }
  }

  /// The editor on the tiles with motion on, read at `bytesPerSecond` from the first delete on.
  func run(bytesPerSecond: Int) throws -> Run {
    let process = try PseudoTerminalProcess(
      binary, ["tiles.json"], environment: PseudoTerminalProcess.environment(["TILEGRID_MOTION": "on"]), width: 80,
      height: 24, directory: directory.path)
    #expect(process.answerSynchronizedOutput(seconds: 30), "the question about synchronized output")
    #expect(process.wait(for: "READY", seconds: 30), "the first frame: \(process.text())")
    // A frame of its own (the focus moves, nothing glides) ends what came before: the first frame.
    let mark = process.output.count
    process.write("\u{1B}[C")
    #expect(process.wait(for: "\u{1B}[?2026l", after: mark), "a marked frame: \(process.text(from: mark))")
    let start = process.output.count
    var pieces: [(nanoseconds: Int, bytes: Int)] = []
    var lastKey = 0
    for key in 0..<Self.deletes {
      process.write("d")
      lastKey = Int(Monotonic.nanoseconds())
      pieces += process.readPaced(bytesPerSecond: bytesPerSecond, milliseconds: key == Self.deletes - 1 ? 2_000 : 50)
    }
    return Run(process: process, pieces: pieces, frames: process.markedFrames(from: start), lastKey: lastKey)
  }

  @Test("read at 64 KB/s, the editor drops frames instead of queueing them: the last one is the resting screen, soon after the last key")
  func slowReader() async throws {
    let slow = try run(bytesPerSecond: 65_536)
    defer {
      slow.process.write("q")
      if slow.process.waitForEnd(seconds: 5) == nil { slow.process.write("y") }
      _ = slow.process.waitForEnd(seconds: 5)
    }
    // A terminal that keeps up gets a frame every 16 ms from the first delete until 250 ms after the
    // last: queued behind a reader of 64 KB/s, frames of the size these are would end long after the
    // bound below.
    let span = 50 * (Self.deletes - 1) + 250
    let everyFrame = span / 16
    let frameBytes = slow.bytes / max(1, slow.frames)
    #expect(everyFrame * frameBytes * 1000 / 65_536 - span > bound, "\(frameBytes) B a frame")
    // Dropped: at most half the frames, and the screen rested well within the bound (0.3-0.5 s on a
    // quiet machine; the bound leaves room for a loaded one).
    #expect(slow.frames <= everyFrame / 2, "\(slow.frames) frames of \(everyFrame)")
    #expect(slow.rest <= bound, "rested \(slow.rest) ms after the last key (\(slow.bytes) B, \(slow.frames) frames)")
    // The last frame is the resting screen, as `render` prints it after the same keys.
    let events = try directory.write("keys.events", Self.keys)
    let resting = try TileGrid.run(
      ["render", "tiles.json", "--width", "80", "--height", "24", "--events", events, "--color", "always"], in: directory)
    #expect(resting.status == 0)
    let expected = resting.stdoutText.replacing(/\u{1B}\[[0-9;]*m/, with: "").split(separator: "\n", omittingEmptySubsequences: false)
      .prefix(24).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    try Data(slow.process.output).write(to: URL(fileURLWithPath: directory.path + "/frames"))
    let tmux = try TmuxSession(shell: "cat frames; exec sleep 86400", in: directory)
    defer { tmux.close() }
    try await tmux.waitUntil("the resting screen") { $0.rows == expected }
  }
}
