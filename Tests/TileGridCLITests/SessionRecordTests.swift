import Document
import Editor
import Foundation
import Reorder
import TestSupport
import TerminalInput
import Testing
import TileModel

@testable import Runtime
@testable import TileGridCLI

/// `tilegrid --record`: the format, and that a replay of what was recorded ends where the session did.
/// Sessions are driven headlessly: timed bytes go to an `EditorSession` as the loop hands them over,
/// with timer wake-ups a little late as a real clock has them, and the events file it wrote is then
/// replayed as `tilegrid play` does.
@Suite("Recording a session")
struct SessionRecordTests {
  @Test("the header names the file and the replay command, then the starting size")
  func header() {
    let digest = FileDigest(of: Array("abc".utf8))
    let lines = SessionRecorder.header(
      file: .file("my tiles.json"), digest: digest, screen: Size(width: 120, height: 40), pressMilliseconds: 250,
      eventsPath: "s.events")
    #expect(lines.count == 5)
    #expect(lines[0] == "# TileGrid session recorded with --record: my tiles.json (as it was when the session started)")
    #expect(lines[1] == "# file: 3 bytes, SHA-256 ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(lines[2] == "# terminal 120x40, long press 250 ms; replay with")
    #expect(lines[3] == "#   tilegrid play 'my tiles.json' --width 120 --height 40 --press-ms 250 --events s.events")
    #expect(lines[4] == "resize 120 40")
    #expect(FileDigest.recorded(in: Array(lines.joined(separator: "\n").utf8)) == digest)
    let demo = SessionRecorder.header(
      file: .demo, digest: nil, screen: Size(width: 80, height: 24), pressMilliseconds: 300, eventsPath: "x")
    #expect(demo[2] == "#   tilegrid demo | tilegrid play - --width 80 --height 24 --press-ms 300 --events x")
    #expect(FileDigest.recorded(in: Array(demo.joined(separator: "\n").utf8)) == nil)
  }

  @Test("a file name with a newline or an escape stays inside its comment line")
  func controlCharactersInNames() {
    let lines = SessionRecorder.header(
      file: .file("a\nresize 1 1\u{1B}]2;x"), digest: nil, screen: Size(width: 80, height: 24),
      pressMilliseconds: 300, eventsPath: "e")
    #expect(lines.count == 4)
    #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") })
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("#") })
  }

  @Test("waits are the milliseconds since the previous input; none when no time passed")
  func waits() {
    #expect(SessionRecorder.waitLine(from: 0, to: 0) == nil)
    #expect(SessionRecorder.waitLine(from: 100, to: 100) == nil)
    #expect(SessionRecorder.waitLine(from: 100, to: 90) == nil)
    #expect(SessionRecorder.waitLine(from: 0, to: 300) == "wait 300")
  }

  @Test("the lines written parse back to the same inputs, waits and sizes")
  func roundTrip() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("s.events")
    var recorder = try SessionRecorder(path: path)
    recorder.start(
      file: .demo, digest: nil, screen: Size(width: 80, height: 24), pressMilliseconds: 300, saving: .askForPath)
    let all = (0...255).map(UInt8.init)
    recorder.input([0x1B, 0x5B, 0x3C, 0x30, 0x3B, 0x33, 0x3B, 0x34, 0x4D], at: 10)
    recorder.input(all, at: 10)
    recorder.resize(Size(width: 2, height: 2), at: 312)
    recorder.signal(.interrupt, at: 400)
    recorder.input(Array("\"\\#q".utf8), at: 401)
    recorder.key(.control("z"), at: 401)
    recorder.saveFailed(.readOnly, at: 401)
    recorder.signal(.terminate, at: 402)
    recorder.close()
    let script = try EventScript.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(
      script.map(\.event) == [
        .input(.resize(width: 80, height: 24)), .saving(.askForPath), .wait(10),
        .bytes(Array("\u{1B}[<0;3;4M".utf8)), .bytes(all), .wait(302), .input(.resize(width: 2, height: 2)),
        .wait(88), .signal(.interrupt), .wait(1), .bytes(Array("\"\\#q".utf8)), .input(.key(.control("z"))),
        .saveResult(.readOnly), .wait(1), .signal(.terminate),
      ])
  }

  /// One live session: random input at random times, run by the program loop the way the terminal
  /// hands it over: the loop wakes at each timer's deadline, a little late, and sometimes for nothing.
  struct TimedPort: TerminalPort {
    var session: EditorSession
    /// The input to give: each event after so many milliseconds.
    var planned: [(event: TerminalEvent, after: Int)]
    var now = 0
    var rng: SplitMix64
    private var index = 0
    private var wakes = 0
    private var extraWake = false

    init(session: EditorSession, planned: [(event: TerminalEvent, after: Int)], rng: SplitMix64) {
      self.session = session
      self.planned = planned
      self.rng = rng
    }

    mutating func next(deadline: Int?) -> [(message: EditorMessage, time: Int)]? {
      guard index < planned.count else { return nil }
      let time = now + planned[index].after
      if let deadline, deadline <= time, wakes < 10_000 {
        wakes += 1
        now = min(time, max(now, deadline) + rng.int(0...4))
        return [(session.message(for: .timeout, at: now), now)]
      }
      if !extraWake && rng.chance(10) && time > now {
        extraWake = true
        now = rng.int(now...time)
        return [(session.message(for: .timeout, at: now), now)]
      }
      now = time
      let event = planned[index].event
      index += 1
      wakes = 0
      extraWake = false
      return [(session.message(for: event, at: now), now)]
    }

    mutating func present(_ editor: EditorState) {}
    /// Saves succeed and write nothing; the disk cannot be read; nothing else does anything.
    mutating func perform(_ effect: EditorEffect, for editor: EditorState, at time: Int) -> EditorMessage? {
      effect.answerWithoutFiles
    }
  }

  static func randomInput(_ rng: inout SplitMix64, screen: Size) -> [UInt8] {
    let x = rng.int(0...max(0, screen.width - 1)) + 1
    let y = rng.int(0...max(0, screen.height - 1)) + 1
    let choices: [String] = [
      "\u{1B}[<0;\(x);\(y)M", "\u{1B}[<32;\(x);\(y)M", "\u{1B}[<32;\(x);\(y)M", "\u{1B}[<32;\(x);\(y)M",
      "\u{1B}[<0;\(x);\(y)m", "\u{1B}[<64;\(x);\(y)M", "\u{1B}[<65;\(x);\(y)M", "\u{1B}[A", "\u{1B}[B", "\u{1B}[C",
      "\u{1B}[D", " ", "\r", "\u{1B}", "u", "U", "\t", "\u{1B}[Z", "\u{1B}[5~", "\u{1B}[6~", "?", "x", "\u{1B}[I",
      "\u{1B}[O",
    ]
    return Array(rng.element(choices).utf8)
  }

  /// Replays an events file as `tilegrid play` does: saves succeed, a quit ends it.
  static func replay(_ path: String, arrangement: Arrangement, screen: Size, pressMilliseconds: Int) throws
    -> EditorState
  {
    let script = try EventScript.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    var editor = EditorState(
      arrangement: arrangement, screen: screen, config: ReorderConfig(minimumPressDuration: pressMilliseconds))
    TileGridCommand.replay(script, on: &editor, trace: false)
    return editor
  }

  @Test("a replay of the record ends with the session's arrangement and screen", arguments: FastLoop.first(8, of: 0..<60))
  func replayMatchesSession(seed: UInt64) throws {
    var rng = SplitMix64(seed: SplitMix64.seed(0x5E55_1011, seed))
    let directory = try TemporaryDirectory()
    let path = directory.file("session.events")
    let screen = Size(width: rng.int(30...140), height: rng.int(10...50))
    let press = rng.element([0, 100, 300])
    let arrangement = Arrangement.demo
    var recorder = try SessionRecorder(path: path)
    recorder.start(file: .demo, digest: nil, screen: screen, pressMilliseconds: press, saving: .askForPath)
    var editor = EditorState(
      arrangement: arrangement, screen: screen, config: ReorderConfig(minimumPressDuration: press))
    var planned: [(event: TerminalEvent, after: Int)] = []
    var size = screen
    for _ in 0..<rng.int(20...200) {
      let gap = rng.weighted([(5, 0), (40, rng.int(1...40)), (10, rng.int(100...700)), (2, rng.int(1000...4000))])
      if rng.chance(3) {
        size =
          rng.chance(30)
          ? Size(width: rng.int(1...3), height: rng.int(1...3))
          : Size(width: rng.int(20...150), height: rng.int(8...60))
        planned.append((.resize(size), gap))
        continue
      }
      var bytes = Self.randomInput(&rng, screen: size)
      if rng.chance(20) { bytes += Self.randomInput(&rng, screen: size) }
      // Reads cut sequences anywhere.
      if rng.chance(15) && bytes.count > 1 {
        let cut = rng.int(1...(bytes.count - 1))
        planned.append((.bytes(Array(bytes[..<cut])), gap))
        planned.append((.bytes(Array(bytes[cut...])), rng.int(0...30)))
      } else {
        planned.append((.bytes(bytes), gap))
      }
    }
    var port = TimedPort(
      session: EditorSession(source: .demo, savesToStandardOutput: false, recorder: recorder), planned: planned,
      rng: rng)
    Program.run(&editor, on: &port)
    port.session.recorder?.close()
    let replayed = try Self.replay(path, arrangement: arrangement, screen: screen, pressMilliseconds: press)
    #expect(replayed.arrangement == editor.arrangement, "seed \(seed)")
    #expect(
      replayed.view(scheme: .monochrome) == editor.view(scheme: .monochrome), "seed \(seed): the screens differ")
  }
}

/// A session that merged with the file on disk replays with the same disk version: the recording keeps
/// it beside the events file, and `play` merges with it.
@Suite("Recorded merges replay")
struct RecordedMergeTests {
  @Test func theDiskVersionIsKeptAndMergedWithAgain() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("session.events")
    var theirs = Arrangement.demo
    try theirs.move(from: ItemPath(1, 0), to: ItemPath(1, 8))
    var recorder = try SessionRecorder(path: path)
    recorder.start(file: .demo, digest: nil, screen: Size(width: 80, height: 24), pressMilliseconds: 300, saving: .file)
    for (k, bytes) in [" ", "\u{1B}[C", "\r", "s"].enumerated() { recorder.input(Array(bytes.utf8), at: k) }
    recorder.saveFailed(.changedOnDisk, at: 3)
    recorder.diskVersion(theirs, at: 3)
    recorder.close()
    let text = try directory.readText("session.events")
    #expect(text.contains(#"disk-version "session.events.disk-1.json""#), "\(text)")
    #expect(try Arrangement(json: directory.read("session.events.disk-1.json")) == theirs)

    let script = try EventScript.parse(Array(text.utf8))
    var editor = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "demo.json")
    TileGridCommand.replay(script, on: &editor, trace: false, eventsPath: path)
    #expect(editor.announcement == .saved(name: "demo.json"), "merged, then saved: \(editor.announcement)")
    #expect(editor.arrangement.tiles(inSection: 0).map(\.id).prefix(2) == ["red", "blue"])
    #expect(editor.arrangement.tiles(inSection: 1).last?.id == "brown")
  }

  @Test("a change on disk the editor followed is kept beside the events file, deleted and unreadable too, and replays")
  func followedChangesReplay() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("session.events")
    var theirs = Arrangement.demo
    try theirs.move(from: ItemPath(1, 0), to: ItemPath(3, 0))
    var recorder = try SessionRecorder(path: path)
    recorder.start(file: .demo, digest: nil, screen: Size(width: 80, height: 24), pressMilliseconds: 300, saving: .file)
    recorder.diskChanged(.unreadable("line 1: not JSON"), at: 5)
    recorder.diskChanged(.version(theirs, token: 0), at: 10)
    recorder.diskChanged(.deleted, at: 20)
    recorder.close()
    let text = try directory.readText("session.events")
    #expect(text.contains("disk-changed unreadable\nwait 5\ndisk-changed \"session.events.disk-1.json\"\nwait 10\ndisk-changed deleted"), "\(text)")
    let script = try EventScript.parse(Array(text.utf8))
    var editor = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "demo.json")
    TileGridCommand.replay(script, on: &editor, trace: false, eventsPath: path)
    #expect(editor.arrangement == theirs)
    #expect(!editor.isDirty)
    #expect(editor.announcement.text == "demo.json was deleted on disk; the board stays (s writes it again)")
  }
}
