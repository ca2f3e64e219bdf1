import Canvas
import Document
import Editor
import TerminalInput
import Testing
import TestSupport
import TileGridJSON
import TileModel

@testable import Runtime
@testable import TileGridCLI

/// A screen on a virtual clock: input arrives at given times; waiting until a deadline (the editor's,
/// or the next frame's) with nothing arriving moves the clock there. Frames are drawn with the
/// editor's `FramePacer` and presented on a recording backend (the bytes a terminal would receive), as
/// `CursesPort` does on a terminal. With `slow`, the terminal reads `rate` bytes a millisecond and the
/// kernel holds `capacity` bytes it has not read: the port can write while less is held (what does not
/// fit waits in the port), its pace is known once it has held bytes back, and when the terminal could
/// not take a frame the port waits until it can. With `asks` false the port writes every frame
/// whatever the terminal holds, waiting for it (as a loop that queues frames would).
private struct ClockPort: TerminalPort {
  var arrivals: [(time: Int, message: EditorMessage)]
  var clock = 0
  var pacer = FramePacer()
  var buffer = Buffer(size: Size(width: 80, height: 24))
  var presenter = Presenter()
  var backend = RecordingBackend(mode: .colored(.xterm256))
  /// Each frame drawn: when, the screen, and its bytes.
  var frames: [(time: Int, screen: Buffer, bytes: Int)] = []
  /// Each message handed over, when.
  var handed: [Int] = []
  /// Each deadline the loop waited for (the editor's and the frame's, the sooner).
  var deadlines: [Int?] = []
  /// A terminal that reads `rate` bytes a millisecond, the kernel holding `capacity` unread; nil: one
  /// that reads everything at once.
  var slow: (rate: Int, capacity: Int)?
  /// The bytes written and not yet read by the terminal (in the kernel, and waiting to go in), as of
  /// `drained`.
  var queued = 0
  var drained = 0
  var asks = true
  /// The terminal's pace, once it has held bytes back.
  var pace: Double?
  /// The pace of a terminal that reads everything at once, as measured (1 MB/s).
  static let keepsUp = 1_000.0

  init(arrivals: [(time: Int, message: EditorMessage)], screen: Size = Size(width: 80, height: 24)) {
    self.arrivals = arrivals
    buffer = Buffer(size: screen)
  }

  /// The terminal reads what it can by `clock`.
  mutating func drain() {
    guard let slow else { return }
    queued = max(0, queued - (clock - drained) * slow.rate)
    drained = clock
  }

  /// When the terminal has read everything written.
  var restsAt: Int {
    guard let slow else { return clock }
    let left = max(0, queued - (clock - drained) * slow.rate)
    return clock + (left + slow.rate - 1) / slow.rate
  }

  mutating func next(deadline: Int?) -> [(message: EditorMessage, time: Int)]? {
    var frame = pacer.nextFrame
    if pacer.owed, let slow {
      // It takes output again once it has read down below what the kernel holds.
      drain()
      frame = clock + (queued - slow.capacity) / slow.rate + 1
    }
    let wake = [deadline, frame].compactMap { $0 }.min()
    deadlines.append(wake)
    if let first = arrivals.first, wake.map({ first.time <= $0 }) ?? true {
      arrivals.removeFirst()
      clock = max(clock, first.time)
      handed.append(clock)
      pacer.handledInput()
      return [(first.message, clock)]
    }
    guard let wake else { return nil }
    clock = max(clock, wake)
    // A frame alone is no message.
    guard let deadline, deadline <= clock else { return [] }
    pacer.handledInput()
    return [(.tick, clock)]
  }

  mutating func present(_ editor: EditorState) {
    drain()
    let writable = slow.map { queued < $0.capacity } ?? true
    let pace = slow == nil ? Self.keepsUp : self.pace
    guard pacer.draw(editor, into: &buffer, scheme: .color, at: clock, writable: !asks || writable, pace: pace) else {
      return
    }
    let time = clock
    let count = backend.frames.count
    presenter.present(&buffer, to: &backend)
    let bytes = backend.frames.count > count ? backend.frames.last!.bytes : 0
    frames.append((time, presenter.screen!, bytes))
    guard let slow else { return }
    queued += bytes
    if asks {
      // What it takes while it holds bytes back measures its pace (`CursesTerminal.pace`).
      if queued > slow.capacity { self.pace = Double(slow.rate) }
      pacer.wrote(bytes, at: time)
    } else if queued > slow.capacity {
      // A write that waits returns once the rest fits.
      clock += (queued - slow.capacity + slow.rate - 1) / slow.rate
      drain()
    }
  }

  /// Saves succeed and write nothing; the disk cannot be read; nothing else does anything.
  mutating func perform(_ effect: EditorEffect, for editor: EditorState, at time: Int) -> EditorMessage? {
    effect.answerWithoutFiles
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
    let resting = editor.view(scheme: .color)
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

  /// The editor on the demo at `screen` with motion on, after `setup` (played at once), then `keys` at
  /// `at`, run to the end on `port`'s terminal.
  fileprivate static func run(
    _ port: inout ClockPort, setup: [EditorMessage], keys: [EditorMessage], at time: Int = 1000,
    arrangement: Arrangement = Self.tiles
  ) -> EditorState {
    var editor = EditorState(arrangement: arrangement, screen: port.buffer.size, fileName: "tiles.json")
    editor.setMotion(true)
    port.arrivals = setup.map { (0, $0) } + keys.map { (time, $0) }
    Program.run(&editor, on: &port)
    return editor
  }

  /// One section of 120 tiles in turn of every color: a change near the start moves every tile on the screen.
  static let tiles = Arrangement(sections: [
    (Section(id: "all", title: "All"), (0..<120).map { Tile(id: "t\($0)", title: "tile \($0)", color: TileColor(TileColor.names[$0 % TileColor.names.count])!) })
  ])

  /// The frames after the key (at 1000 ms) that wrote something.
  fileprivate static func written(_ port: ClockPort) -> [(time: Int, screen: Buffer, bytes: Int)] {
    port.frames.filter { $0.time >= 1000 && $0.bytes > 0 }
  }

  @Test("on a terminal that keeps up, a keyboard move glides in at least 8 distinct frames over 0.25 s, the last the resting screen")
  func glideFrames() {
    var port = ClockPort(arrivals: [])
    let editor = Self.run(&port, setup: [Self.key(.space)], keys: [Self.key(.right)], arrangement: .demo)
    let frames = Self.written(port)
    // Each frame written changed a cell (an identical one writes nothing and is not counted), each is
    // a frame's interval after the one before, and the screen rests at 250 ms.
    #expect(frames.count >= 8, "\(frames.map { ($0.time, $0.bytes) })")
    #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.1.time - $0.0.time >= Motion.frameInterval && $0.0.screen != $0.1.screen })
    #expect(frames.last!.time - 1000 <= 250)
    #expect(port.backend.screen == editor.view(scheme: .color))
  }

  @Test("on a terminal read at 64 KB/s, frames are dropped, not queued: the screen rests soon after a key that slides the whole screen",
        arguments: [12_000, 18_000])
  func slowTerminalDropsFrames(_ capacity: Int) {
    // What the kernel holds unread on a pseudo-terminal here: about 12 KB written in pieces of 4 KB
    // or more, 18 KB in pieces of 3 KB (as these frames are).
    func port(asks: Bool = true, pace: Double? = nil) -> ClockPort {
      var port = ClockPort(arrivals: [])
      port.slow = (64, capacity)
      port.asks = asks
      port.pace = pace
      return port
    }
    var fast = ClockPort(arrivals: [])
    var slow = port()
    var known = port(pace: 64)
    var queueing = port(asks: false)
    let delete = [Self.key(.character("d"))]
    let editor = Self.run(&fast, setup: [], keys: delete)
    _ = Self.run(&slow, setup: [], keys: delete)
    _ = Self.run(&known, setup: [], keys: delete)
    _ = Self.run(&queueing, setup: [], keys: delete)
    let fastFrames = Self.written(fast)
    let bytes = fastFrames.reduce(0) { $0 + $1.bytes }
    // Every frame moves every tile on the screen: the glide is more than the terminal reads in 0.4 s,
    // so queued it rests later.
    #expect(bytes > 64 * 400)
    #expect(queueing.restsAt - 1000 > 400)
    for (name, port) in [("unknown pace", slow), ("known pace", known)] {
      let frames = Self.written(port)
      // Dropped: fewer frames and bytes, the last the resting screen, sooner at rest.
      #expect(frames.count < fastFrames.count && frames.reduce(0) { $0 + $1.bytes } < bytes, "\(name): \(frames.map { ($0.time, $0.bytes) })")
      #expect(port.backend.screen == editor.view(scheme: .color), "\(name)")
    }
    // Planned at its pace, measured or (the first glide) assumed to be the slowest promised, the frames
    // come no faster than it reads them, and the screen rests within 0.4 s.
    for (name, port) in [("unknown pace", slow), ("known pace", known)] {
      #expect(port.restsAt - 1000 <= 400, "\(name): rests \(port.restsAt - 1000) ms after the key: \(Self.written(port).map { ($0.time, $0.bytes) })")
    }
    // A key during the glide is still answered by a frame of its own, as soon as the terminal takes
    // output again (it has read what the kernel holds by then at the latest), not at the glide's end.
    var keyed = port()
    keyed.arrivals = [(1000, Self.key(.character("d"))), (1100, Self.key(.character("u")))]
    var undone = EditorState(arrangement: Self.tiles, screen: keyed.buffer.size, fileName: "tiles.json")
    undone.setMotion(true)
    Program.run(&undone, on: &keyed)
    #expect(keyed.frames.contains { $0.time >= 1100 && $0.time <= 1100 + capacity / 64 + 1 })
    #expect(keyed.backend.screen == undone.view(scheme: .color))
  }

  @Test("a frame of motion is priced at what frames of motion cost a cell, apart from resting screens a port says in fewer bytes")
  func motionPricedApart() {
    let size = Size(width: 80, height: 24)
    var editor = EditorState(arrangement: Self.tiles, screen: size, fileName: "tiles.json")
    editor.setMotion(true)
    var pacer = FramePacer()
    var buffer = Buffer(size: size)
    var shown: Buffer?
    /// Draws at `time` if the pacer does, and says it cost `cost` bytes a changed cell (`motion` for
    /// frames of motion, `resting` for the others).
    func frame(at time: Int, pace: Double, motion: Double, resting: Double) -> Bool {
      let moving = editor.isMoving(at: time)
      guard pacer.draw(editor, into: &buffer, scheme: .color, at: time, pace: pace) else { return false }
      let cells = FramePacer.changedCells(from: shown, to: buffer)
      let cost = moving && !pacer.settled ? motion : resting
      pacer.wrote(Int(Double(cells) * cost), at: time)
      shown = buffer
      return true
    }
    func press(_ key: EditorMessage, at time: Int) {
      _ = editor.update(key, at: time)
      pacer.handledInput()
    }
    _ = frame(at: 0, pace: 1_000, motion: 40, resting: 0.2)
    // 1. A delete glides on a fast terminal, each frame of motion 40 bytes a changed cell.
    press(Self.key(.character("d")), at: 100)
    var time = 100
    while frame(at: time, pace: 1_000, motion: 40, resting: 0.2), let next = pacer.nextFrame { time = next }
    // 2. Resting screens (the help, opened and closed) at 0.2 bytes a changed cell.
    for k in 0..<6 {
      time += 100
      press(Self.key(k % 2 == 0 ? .character("?") : .escape), at: time)
      _ = frame(at: time, pace: 1_000, motion: 40, resting: 0.2)
    }
    // 3. On a terminal read at 64 KB/s, the next delete's first frame, priced at 40 bytes a cell, does
    // not fit 0.4 s: the glide settles. Priced with the resting screens' figure, it was drawn.
    time += 1_000
    press(Self.key(.character("d")), at: time)
    #expect(frame(at: time, pace: 64, motion: 40, resting: 0.2))
    #expect(pacer.settled, "the first frame of a glide drawn where it does not fit")
  }

  /// `count` tiles in one section, in turn of every color.
  static func tiles(_ count: Int) -> Arrangement {
    Arrangement(sections: [
      (Section(id: "all", title: "All"), (0..<count).map { Tile(id: "t\($0)", title: "tile \($0)", color: TileColor(TileColor.names[$0 % TileColor.names.count])!) })
    ])
  }

  /// The frames written from the key on, and the bytes: what a terminal must read before it rests.
  fileprivate static func describe(_ port: ClockPort) -> String {
    let frames = Self.written(port)
    return "rests \(port.restsAt - 1000) ms after the key, \(frames.count) frames, \(frames.reduce(0) { $0 + $1.bytes }) B: \(frames.map { ($0.time - 1000, $0.bytes) })"
  }

  @Test("read at 64 KB/s, a change that moves the whole screen rests within 0.4 s of its key: at 200x60, a delete and Page Down (the jump alone where the glide does not fit), and at 80x24 the first glide, its pace not yet measured",
        arguments: [("delete", 200, 60), ("page", 200, 60), ("delete", 80, 24), ("page", 80, 24)])
  func wholeScreenRestsInTime(_ change: String, _ width: Int, _ height: Int) {
    let screen = Size(width: width, height: height)
    let key = change == "delete" ? Self.key(.character("d")) : Self.key(.pageDown)
    var fast = ClockPort(arrivals: [], screen: screen)
    let editor = Self.run(&fast, setup: [], keys: [key], arrangement: Self.tiles(2_000))
    // The jump: the same change with motion off.
    var jumpPort = ClockPort(arrivals: [(0, key)], screen: screen)
    var still = EditorState(arrangement: Self.tiles(2_000), screen: screen, fileName: "tiles.json")
    Program.run(&still, on: &jumpPort)
    let jump = jumpPort.frames.last!.bytes
    for capacity in [12_000, 18_000] {
      // The pace not measured (the first glide) and measured.
      for pace in [nil, 64.0] {
        var port = ClockPort(arrivals: [], screen: screen)
        port.slow = (64, capacity)
        port.pace = pace
        _ = Self.run(&port, setup: [], keys: [key], arrangement: Self.tiles(2_000))
        let frames = Self.written(port)
        let bytes = frames.reduce(0) { $0 + $1.bytes }
        // What the design guarantees, in bytes against the pace: no more written after the key than
        // the terminal reads in 0.4 s, or the jump alone where even the jump does not fit (read at
        // 64 KB/s it then rests as soon as the jump can).
        #expect(bytes <= max(64 * 400, jump), "\(capacity), \(String(describing: pace)): \(Self.describe(port)); the jump \(jump) B")
        #expect(port.restsAt - 1000 <= max(400, (jump + 63) / 64 + Motion.frameInterval), "\(Self.describe(port)); the jump \(jump) B")
        #expect(port.backend.screen == editor.view(scheme: .color))
      }
    }
    // On a terminal that keeps up, the same change glides in at least 8 distinct frames.
    #expect(Self.written(fast).count >= 8, "\(Self.describe(fast))")
  }

  /// Carried by the mouse: the long press lifts at 300 ms (a timer) and the shadow still grows after
  /// the last event; and from the keyboard: two moves, a drop and an undo inside each other's glides.
  static let replays = [
    "press 5 3\nwait 350\nmove 9 5\nwait 30\nmove 14 8\nwait 40\nmove 20 9\n",
    "key space\nkey right\nwait 40\nkey right\nwait 30\nkey enter\nwait 20\nkey u\n",
  ]

  @Test("render --at prints the frame the editor draws at that moment, at every frame it draws after the last event",
        arguments: replays)
  func renderAtIsTheEditorsFrame(_ events: String) throws {
    let directory = try TemporaryDirectory()
    let demo = try directory.write("demo.json", Arrangement.demo.jsonBytes())
    let eventsFile = try directory.write("replay.events", events)
    // The editor as the terminal runs it: each event handed over at its time, timers at their
    // deadlines, frames drawn by the pacer in between.
    var arrivals: [(time: Int, message: EditorMessage)] = []
    var last = 0
    for event in try EventScript.parse(Array(events.utf8)).map(\.event) {
      switch event {
      case .wait(let milliseconds): last += milliseconds
      case .input(let input): arrivals.append((last, .input(input)))
      default: Issue.record("not an input: \(event)")
      }
    }
    var port = ClockPort(arrivals: arrivals)
    var editor = EditorState(arrangement: .demo, screen: port.buffer.size, fileName: demo)
    editor.setMotion(true)
    Program.run(&editor, on: &port)
    let frames = port.frames.filter { $0.time >= last }
    #expect(frames.count >= 8)
    for frame in frames {
      let arguments = [
        demo, "--width", "80", "--height", "24", "--events", eventsFile, "--at", "\(frame.time - last)", "--color", "always",
      ]
      let options = try TileGridCommand.RenderOptions(
        try Arguments(arguments, command: "render", syntax: TileGridCommand.renderCommand.syntax))
      let printed = try TileGridCommand.renderedFrame(options).screen
      #expect(printed == frame.screen, "--at \(frame.time - last): \(printed.lines) against \(frame.screen.lines)")
    }
  }
}
