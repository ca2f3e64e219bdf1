import Canvas
import Document
import Editor
import TerminalInput
import Testing
import TileModel

@testable import Runtime
@testable import TileGridCLI

/// A screen on a virtual clock: input arrives at given times; waiting until a deadline with nothing
/// arriving moves the clock there. Frames are drawn with the editor's `FramePacer`, as on a terminal.
private struct ClockPort: TerminalPort {
  var arrivals: [(time: Int, message: EditorMessage)]
  var clock = 0
  var pacer = FramePacer()
  var buffer = Buffer(size: Size(width: 80, height: 24))
  /// Each frame drawn: when, and the screen.
  var frames: [(time: Int, screen: Buffer)] = []
  /// Each message handed over, when.
  var handed: [Int] = []
  /// Each deadline the loop waited for.
  var deadlines: [Int?] = []

  mutating func next(deadline: Int?) -> [(message: EditorMessage, time: Int)]? {
    deadlines.append(deadline)
    if let first = arrivals.first, deadline.map({ first.time <= $0 }) ?? true {
      arrivals.removeFirst()
      clock = max(clock, first.time)
      handed.append(clock)
      return [(first.message, clock)]
    }
    guard let deadline else { return nil }
    clock = max(clock, deadline)
    return [(.tick, clock)]
  }

  mutating func present(_ editor: EditorState) {
    pacer.draw(editor, into: &buffer, scheme: .monochrome, at: clock)
    frames.append((clock, buffer))
  }

  var nextFrame: Int? { pacer.nextFrame }
  /// Saves succeed and write nothing; the disk cannot be read; nothing else does anything.
  mutating func perform(_ effect: EditorEffect, for editor: EditorState, at time: Int) -> EditorMessage? {
    switch effect {
    case .save(let path, _): return .saved(name: path)
    case .readDisk: return .diskUnreadable("no disk")
    case .discard(_, let name): return .discarded(name: name, failure: nil)
    case .editText: return .textNotEdited("no text editor here")
    case .writeRecovery, .suspend, .redraw, .happened, .quit: return nil
    }
  }
}

@Suite("Motion in the program loop: input first, frames only while something moves")
struct MotionLoopTests {
  static func key(_ key: Key) -> EditorMessage { .input(.key(key)) }

  @Test("input during a glide is handled before the next frame; frames come every 16 ms until the resting screen")
  func inputBeforeFrames() {
    var editor = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "demo.json")
    editor.setMotion(true)
    // Lift blue and carry it right at 0 ms; another move 5 ms later, inside the first frame's wait.
    var port = ClockPort(arrivals: [(0, Self.key(.space)), (0, Self.key(.right)), (5, Self.key(.right))])
    Program.run(&editor, on: &port)

    // The move at 5 ms was handed over at 5 ms, not held for the frame due at 16, and the frame drawn
    // right after it already shows it.
    #expect(port.handed == [0, 0, 5])
    let afterInput = port.frames.first { $0.time == 5 }
    #expect(afterInput != nil)
    #expect(editor.arrangement.sections[0].items.count == 5)
    #expect(editor.reorder.gesture.session?.tiles?.current == ItemPath(0, 2))
    // Frames of motion at most every 16 ms, none after the glide ended, the last one the resting screen.
    let times = port.frames.map(\.time)
    let motionFrames = zip(times, times.dropFirst()).filter { $0.1 > 5 }
    #expect(motionFrames.allSatisfy { $0.1 - $0.0 >= Motion.frameInterval })
    #expect(times.last! >= 5 + Motion.duration && times.last! < 5 + Motion.duration + Motion.frameInterval)
    let last = port.frames.last!.screen
    let resting = editor.view(scheme: .monochrome)
    #expect(last == resting)
    let moving = afterInput.map { $0.screen != resting } ?? false
    #expect(moving)
    // Once at rest, the loop waits for input alone.
    #expect(port.deadlines.last! == nil)
  }

  @Test("with motion off, nothing but input draws a frame")
  func offDrawsOnlyForInput() {
    var editor = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "demo.json")
    var port = ClockPort(arrivals: [(0, Self.key(.space)), (0, Self.key(.right)), (40, Self.key(.enter))])
    Program.run(&editor, on: &port)
    #expect(port.frames.map(\.time) == [0, 0, 0, 40])
    #expect(port.deadlines.allSatisfy { $0 == nil })
  }
}
