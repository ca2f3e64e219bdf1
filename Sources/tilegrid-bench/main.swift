// TileGrid's benchmark (targets in docs/performance.md): release build, `Scripts/bench`. Speed is measured here, never
// by timed tests. Prints one line per measurement with the target beside it.
import Files
import Formats
import Canvas
import TerminalInput
import Document
import Editor
import Runtime
import Foundation
import GridLayout
import Reorder
import TestSupport
import TileGridCLI
import TileGridJSON
import TileModel

// MARK: - Fixtures

/// `count` tiles in `sections` sections; every third tile has its own width when `mixed`.
func makeArrangement(tiles count: Int, sections: Int, mixed: Bool, direction: Direction = .vertical) -> Arrangement {
  let colors = TileColor.names
  var built: [(Section, [Tile])] = []
  var next = 0
  for s in 0..<sections {
    let n = count / sections + (s < count % sections ? 1 : 0)
    var tiles: [Tile] = []
    tiles.reserveCapacity(n)
    for _ in 0..<n {
      let width: Int? = mixed && next % 3 == 0 ? 8 + next % 13 : nil
      tiles.append(Tile(id: "t\(next)", title: "tile \(next)", color: TileColor(colors[next % colors.count])!, width: width))
      next += 1
    }
    built.append((Section(id: "s\(s)", title: "Section \(s)"), tiles))
  }
  var parameters = LayoutParameters.defaults
  parameters.direction = direction
  return Arrangement(layout: LayoutSpec(parameters), sections: built)
}

let benchStart = ContinuousClock.now

/// Seconds on the wall clock since the bench started.
func wallSeconds() -> Double {
  let d = ContinuousClock.now - benchStart
  return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try body()
  let d = ContinuousClock.now - start
  return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func report(_ name: String, _ value: String, _ target: String) {
  print(name.padding(toLength: 64, withPad: " ", startingAt: 0) + value.padding(toLength: 22, withPad: " ", startingAt: 0) + target)
}

/// The processor time this process has used, user and system, all threads: on a machine shared with
/// other work, wall-clock time grows with the others' load while this does not (much).
func processorSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
  return s(usage.ru_utime) + s(usage.ru_stime)
}

func peakMemoryMB() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_maxrss) / 1024
}

// MARK: - Layout and hit testing

func benchLayout() {
  let arrangement = makeArrangement(tiles: 1_000_000, sections: 10, mixed: true)
  var layout: FlowLayout!
  let times = (0..<5).map { _ in seconds { layout = FlowLayout(arrangement: arrangement, viewport: Size(width: 200, height: 58)) } }
  report("layout, 1,000,000 tiles (mixed widths)", String(format: "%.1f ms (median)", percentile(times, 0.5) * 1000), "< 100 ms")

  var rng = SystemRandomNumberGenerator()
  let content = layout.contentSize
  let points = (0..<1_000_000).map { _ in Point(x: Int.random(in: 0..<content.width, using: &rng), y: Int.random(in: 0..<content.height, using: &rng)) }
  var hits = 0
  let t = seconds { for p in points where layout.item(at: p) != nil { hits += 1 } }
  report("hit test, 1,000,000 tiles (mixed widths)", String(format: "%.0f ns (mean)", t / Double(points.count) * 1e9), "< 1 µs")
  let uniform = FlowLayout(arrangement: makeArrangement(tiles: 1_000_000, sections: 10, mixed: false), viewport: Size(width: 200, height: 58))
  let tu = seconds { for p in points where uniform.item(at: p) != nil { hits += 1 } }
  report("hit test, 1,000,000 tiles (uniform widths)", String(format: "%.0f ns (mean)", tu / Double(points.count) * 1e9), "< 1 µs")
  if hits < 0 { print(hits) }
}

// MARK: - Drag step

/// Lifts a tile in the middle of the arrangement and sweeps the pointer over its neighbours: every
/// motion event runs target selection, at most one move, and the incremental re-flow; with `frame`,
/// also the view into a 200x60 screen buffer (the finished frame, before the terminal diff).
func dragStepTimes(tiles count: Int, mixed: Bool, frame: Bool = false, motions: Int = 20_000) -> [Double] {
  let arrangement = makeArrangement(tiles: count, sections: 10, mixed: mixed)
  var editor = EditorState(arrangement: arrangement, screen: Size(width: 200, height: 60))
  // Scroll to the middle of the fifth section and lift the tile under the viewport's center.
  let layout = editor.document.layout
  let section = 4
  let middle = layout.frame(of: ItemPath(section, layout.itemCount(inSection: section) / 2))
  let pageRows = 58
  var scrolled = 0
  while scrolled + pageRows < middle.minY - 20 {
    Program.play([.input(.key(.pageDown))], on: &editor)
    scrolled = editor.reorder.viewport.position
  }
  let viewport = editor.reorder.viewport.frame
  // Press on the middle of a tile near the viewport's middle.
  let scroll = editor.reorder.viewport.offset
  var target: Rect?
  editor.document.layout.forEachItem(in: Rect(x: 0, y: scroll.y + 20, width: 200, height: 10)) { _, frame in
    if target == nil { target = frame }
  }
  guard let target else { fatalError("no tile in the viewport") }
  let start = Point(x: target.minX + target.width / 2, y: target.minY + target.height / 2 - scroll.y + viewport.minY)
  return timedSweep(
    &editor, from: start, across: 10...180, down: (viewport.minY + 10)...(viewport.minY + 40), every: 7, frame: frame,
    motions: motions)
}

/// Presses at `start`, holds until the tile lifts, then sweeps the pointer to and fro across `xs` (3 cells
/// a motion), a row up or down `ys` every `every` motions, `motions` motions timed through the loop as
/// the terminal runs it: each step is the update, its effects and (with `frame`) the frame drawn, timed
/// from handing the loop a message to its asking for the next.
func timedSweep(
  _ editor: inout EditorState, from start: Point, across xs: ClosedRange<Int>, down ys: ClosedRange<Int>, every: Int,
  frame: Bool, motions: Int = 20_000
) -> [Double] {
  Program.play([.input(.mouse(MouseEvent(.press(.left), x: start.x, y: start.y))), .wait(300)], on: &editor)
  var events: [InputEvent] = []
  var (x, y, dx, dy) = (start.x, start.y, 3, 1)
  for step in 0..<motions {
    x += dx
    if x > xs.upperBound || x < xs.lowerBound { dx = -dx }
    if step % every == 0 {
      y += dy
      if y > ys.upperBound || y < ys.lowerBound { dy = -dy }
    }
    events.append(.mouse(MouseEvent(.motion, x: x, y: y)))
  }
  var port = TimedPort(events.map { .input($0) }, at: editor.now, screen: frame ? editor.screen : nil)
  var moves = 0
  countedSteps { Program.run(&editor, on: &port) { _ in moves += 1 } }
  if editor.reorder.gesture.session == nil || moves == 0 { print("warning: the drag did not run (moves: \(moves))") }
  return port.times
}

/// The bench's port: hands the loop its messages one at a time, all at one time, and times each round
/// of the loop between two of them (`Program.run`: the update, the effects, `present`) on `clock`
/// (seconds; the wall clock unless told). With a screen, `present` draws the view into a buffer (the
/// finished frame, before the terminal's diff).
struct TimedPort: TerminalPort {
  private let messages: [EditorMessage]
  private var index = 0
  private let time: Int
  private var buffer: Buffer?
  private let clock: () -> Double
  private var handed: Double?
  /// The time of each message's round, in order.
  private(set) var times: [Double] = []

  init(_ messages: [EditorMessage], at time: Int, screen: Size? = nil, clock: @escaping () -> Double = wallSeconds) {
    self.messages = messages
    self.time = time
    self.clock = clock
    buffer = screen.map { Buffer(size: $0) }
    times.reserveCapacity(messages.count)
  }

  mutating func next(deadline: Int?) -> [(message: EditorMessage, time: Int)]? {
    if let handed { times.append(clock() - handed) }
    guard index < messages.count else { return nil }
    index += 1
    handed = clock()
    return [(messages[index - 1], time)]
  }

  mutating func present(_ editor: EditorState) {
    if buffer != nil { editor.view(into: &buffer!, scheme: .color) }
  }

  mutating func perform(_ effect: EditorEffect, for editor: EditorState, at time: Int) -> EditorMessage? { nil }
}

func benchDragStep() {
  for frame in [false, true] {
    for mixed in [false, true] {
      let small = dragStepTimes(tiles: 1_000, mixed: mixed, frame: frame)
      let large = dragStepTimes(tiles: 1_000_000, mixed: mixed, frame: frame)
      let kind = (mixed ? "mixed" : "uniform") + (frame ? ", to the frame" : ", engine")
      let p99Small = percentile(small, 0.99) * 1e6
      let p99Large = percentile(large, 0.99) * 1e6
      report("drag step p99, 1,000 tiles (\(kind))", String(format: "%.1f µs", p99Small), "")
      report(
        "drag step p99, 1,000,000 tiles (\(kind))", String(format: "%.1f µs (%.1fx)", p99Large, p99Large / p99Small),
        "< 1 ms, <= 2x")
    }
  }
}

// MARK: - Lanes: a million cards in one lane

/// A board in lanes: one lane of `count` cards beside two short ones, drawn as a Markdown board's cards.
func lanesEditor(cards count: Int) -> EditorState {
  let long = (0..<count).map { Tile(id: "c\($0)", title: "Card \($0 + 1) of the long lane #lanes") }
  let arrangement = Arrangement(sections: [
    (Section(id: "backlog", title: "Backlog"), long),
    (Section(id: "doing", title: "Doing"), [Tile(id: "d1", title: "Write the layout"), Tile(id: "d2", title: "Draw it")]),
    (Section(id: "done", title: "Done"), [Tile(id: "x1", title: "Read the issue")]),
  ])
  var editor = EditorState(arrangement: arrangement, screen: Size(width: 200, height: 60), view: .lanes(laneWidth: nil))
  editor.cardStyle.markdown = true
  return editor
}

/// A card lifted in the middle of the long lane's cards shown (scrolled to its end with G) and swept
/// across the lanes and up and down them: each motion is target selection, at most one move and the
/// lanes' arithmetic; with `frame`, the view into the 200x60 buffer too.
func laneDragStepTimes(cards count: Int, frame: Bool, motions: Int = 20_000) -> [Double] {
  var editor = lanesEditor(cards: count)
  Program.play([.input(.key(.character("G")))], on: &editor)
  let layout = editor.document.layout
  let card = layout.frame(of: ItemPath(0, count - 3))
  let start = editor.reorder.viewport.screenPoint(fromContent: Point(x: card.minX + 4, y: card.minY + 1))
  return timedSweep(&editor, from: start, across: 4...110, down: 6...50, every: 5, frame: frame, motions: motions)
}

func benchLanes() {
  for frame in [false, true] {
    let small = laneDragStepTimes(cards: 1_000, frame: frame)
    let large = laneDragStepTimes(cards: 1_000_000, frame: frame)
    let kind = frame ? "to the frame" : "engine"
    let (p99Small, p99Large) = (percentile(small, 0.99) * 1e6, percentile(large, 0.99) * 1e6)
    report("lanes: drag step p99, one lane of 1,000 cards (\(kind))", String(format: "%.1f µs", p99Small), "")
    report(
      "lanes: drag step p99, one lane of 1,000,000 cards (\(kind))",
      String(format: "%.1f µs (%.1fx)", p99Large, p99Large / p99Small), "< 1 ms, <= 2x")
  }
  var editor = lanesEditor(cards: 1_000_000)
  let times = scrolledFrameTimes(&editor, frames: 5_000, key: laneScrollKey)
  report(
    "lanes: frame into the buffer p99, 200x60, one lane of 1,000,000 cards",
    String(format: "%.0f µs (p50 %.0f)", percentile(times, 0.99) * 1e6, percentile(times, 0.5) * 1e6), "< 0.5 ms")
}

/// Frames while the long lane scrolls: a page down or up, a card down, to its ends now and then.
func laneScrollKey(_ step: Int) -> Key {
  step % 1000 == 0 ? .character("g") : step % 500 == 0 ? .character("G")
    : step % 3 == 0 ? .pageUp : step % 3 == 1 ? .pageDown : .character("j")
}

/// Frames while the content scrolls a little (a page down or up) and to a new region now and then.
func flowScrollKey(_ step: Int) -> Key {
  step % 1000 == 0 ? .home : step % 500 == 0 ? .end : step % 2 == 0 ? .pageDown : .pageUp
}

/// `frames` times: `key(step)` played, then the whole frame drawn into a buffer of the screen's size
/// (timed; `after` sees each frame drawn).
func scrolledFrameTimes(
  _ editor: inout EditorState, frames: Int, key: (Int) -> Key, after: (Buffer) -> Void = { _ in }
) -> [Double] {
  var buffer = Buffer(size: editor.screen)
  var times: [Double] = []
  times.reserveCapacity(frames)
  for step in 0..<frames {
    countedKeys { Program.play([.input(.key(key(step)))], on: &editor) }
    times.append(seconds { countedFrames { editor.view(into: &buffer, scheme: .color) } })
    after(buffer)
  }
  return times
}

// MARK: - Instruction counts

// The measured parts, each a function of its own so that callgrind counts them alone, without the
// setup: `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*countedFrames*' …`.
@inline(never) func countedSteps(_ body: () -> Void) { body() }
@inline(never) func countedKeys(_ body: () -> Void) { body() }
@inline(never) func countedFrames(_ body: () -> Void) { body() }

/// `--count drag|frames LAYOUT TILES`: a board of TILES tiles (`flow`: in 10 sections; `lanes`: one lane
/// of TILES cards beside two short ones) and, for callgrind (above), 2,000 drag steps to the finished
/// 200x60 frame (`countedSteps`) or 1,000 keys scrolling (`countedKeys`) each followed by its frame
/// (`countedFrames`).
func countSteps(_ what: String, layout: String, tiles: Int) {
  let lanes = layout == "lanes"
  if what == "drag" {
    _ = lanes ? laneDragStepTimes(cards: tiles, frame: true, motions: 2_000)
      : dragStepTimes(tiles: tiles, mixed: false, frame: true, motions: 2_000)
  } else {
    var editor = lanes ? lanesEditor(cards: tiles)
      : EditorState(arrangement: makeArrangement(tiles: tiles, sections: 10, mixed: false), screen: Size(width: 200, height: 60))
    _ = scrolledFrameTimes(&editor, frames: 1_000, key: lanes ? laneScrollKey : flowScrollKey)
  }
}

// MARK: - Find

/// Each keystroke of a find over 1,000,000 tiles (titles `tile N`): the text grows, then shrinks.
func benchFind() throws {
  let built = makeArrangement(tiles: 1_000_000, sections: 10, mixed: false)
  // The index of the same tiles read from their file, built from the tiles' bytes.
  var fromFile = EditorState(arrangement: try Arrangement(json: built.jsonBytes()), screen: Size(width: 200, height: 60))
  // Through the loop: each keystroke's round (the update, the find, the effects) timed by the port.
  var opening = TimedPort([.input(.key(.character("/")))], at: fromFile.now)
  Program.run(&fromFile, on: &opening)
  let openFromFile = opening.times[0]
  var editor = EditorState(arrangement: built, screen: Size(width: 200, height: 60))
  var keys: [EditorMessage] = [.input(.key(.character("/")))]
  for round in 0..<5 {
    let text = round % 2 == 0 ? "tile 9999" : "ile 12345"
    keys += text.map { .input(.key($0 == " " ? .space : .character($0))) }
    keys += text.map { _ in .input(.key(.backspace)) }
  }
  var port = TimedPort(keys, at: editor.now)
  Program.run(&editor, on: &port)
  let open = port.times[0]
  let times = Array(port.times.dropFirst())
  report(
    "find: opening (folding 1,000,000 titles and ids)",
    String(format: "%.0f ms (file: %.0f)", open * 1000, openFromFile * 1000), "")
  report(
    "find: one keystroke p99, 1,000,000 tiles", String(format: "%.1f ms (max %.1f)", percentile(times, 0.99) * 1000, (times.max() ?? 0) * 1000),
    "< 30 ms")
}

// MARK: - Frame

/// A whole frame drawn into a 200x60 buffer, with the content scrolled to different places of a
/// 1,000,000-tile arrangement: title bar, headers, every visible tile with its title, status line.
func benchFrame() throws {
  for (mixed, fromFile) in [(false, false), (true, false), (true, true)] {
    // An arrangement read from its file builds each drawn tile from its record: measured too.
    let built = makeArrangement(tiles: 1_000_000, sections: 10, mixed: mixed)
    var editor = EditorState(
      arrangement: fromFile ? try Arrangement(json: built.jsonBytes()) : built, screen: Size(width: 200, height: 60))
    var runs: [Buffer.Run] = []
    var previous = Buffer(size: editor.screen)
    var diffTimes: [Double] = []
    let times = scrolledFrameTimes(&editor, frames: 5_000, key: flowScrollKey) { buffer in
      diffTimes.append(seconds { Buffer.diff(from: previous, to: buffer, into: &runs) })
      runs.removeAll(keepingCapacity: true)
      previous = buffer
    }
    let kind = (mixed ? "mixed" : "uniform") + (fromFile ? ", read from its file" : "")
    report(
      "frame into the buffer p99, 200x60, 1,000,000 tiles (\(kind))",
      String(format: "%.0f µs (p50 %.0f)", percentile(times, 0.99) * 1e6, percentile(times, 0.5) * 1e6), "< 0.5 ms")
    report(
      "buffer diff p99, 200x60 (\(kind))", String(format: "%.0f µs", percentile(diffTimes, 0.99) * 1e6), "")
  }
}

// MARK: - Organizing: blocks and sections

/// The engine on its own (the editor adds nothing to these steps), on a 200x60 screen.
func organizeEngine(_ arrangement: Arrangement) -> (ReorderState, Document) {
  let screen = Size(width: 200, height: 60)
  let viewport = Screen.viewport(forScreen: screen)
  let document = Document(arrangement: arrangement, viewport: viewport.size)
  return (ReorderState(document: document, screen: screen, viewport: viewport), document)
}

/// The screen cell at the middle of a content rectangle, for a press.
func screenCell(_ r: ReorderState, _ frame: Rect) -> Point {
  r.viewport.screenPoint(fromContent: Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2))
}

/// 1,000 marked tiles spread over 1,000,000 (every 1,000th of each of 10 sections), lifted as one block
/// from the keyboard near the end of section 4, carried down line by line and on into section 5,
/// dropped, undone, redone; then lifted with the mouse and dragged. Every step is one input to the
/// engine, timed whole: the move of the arrangement, the layout's re-flow, scrolling.
func benchBlock(mixed: Bool) {
  var (r, d) = organizeEngine(makeArrangement(tiles: 1_000_000, sections: 10, mixed: mixed))
  var now = 0
  func input(_ event: ReorderInput) -> [Happening] {
    now += 1
    return r.handle(event, at: now, in: &d)
  }
  for s in 0..<10 {
    for i in stride(from: 0, to: 100_000, by: 1_000) {
      _ = input(.focus(.tile(ItemPath(s, i))))
      _ = input(.key(.toggleMark))
    }
  }
  guard r.marks.count == 1_000 else { fatalError("marked \(r.marks.count)") }
  let kind = mixed ? "mixed" : "uniform"
  let lead = ItemPath(4, 99_000)
  _ = input(.focus(.tile(lead)))
  let lift = seconds { _ = input(.key(.liftOrDrop)) }
  guard r.gesture.session?.tiles?.block?.count == 1_000 else { fatalError("no block lifted") }
  var steps: [Double] = []
  var crossed: Double?
  for key in Array(repeating: ReorderKey.right, count: 50) + Array(repeating: .down, count: 150)
    + Array(repeating: .left, count: 50)
  {
    let section = r.gesture.session!.tiles!.run.start.section
    steps.append(seconds { _ = input(.key(key)) })
    if r.gesture.session!.tiles!.run.start.section != section { crossed = steps.last }
  }
  let drop = seconds { _ = input(.key(.liftOrDrop)) }
  // Undo and redo as the editor does them: the document's step, then the focus on what it changed.
  let undo = seconds {
    let step = d.undo()!
    if case .moveBlock(let move) = step.inverses[0] { _ = input(.focus(.tile(move.to[0]))) }
  }
  let redo = seconds {
    let step = d.redo()!
    if case .moveBlock(let move) = step.edits[0] { _ = input(.focus(.tile(move.to[0]))) }
  }
  report(
    "block of 1,000 of 1,000,000 tiles (\(kind)): lift (gather)", String(format: "%.2f ms", lift * 1000), "")
  report(
    "  keyboard step p99 (50 right, 150 down, 50 left)",
    String(format: "%.2f ms (p50 %.2f)", percentile(steps, 0.99) * 1000, percentile(steps, 0.5) * 1000), "< 10 ms")
  if let crossed {
    report("  keyboard step into the next section", String(format: "%.2f ms", crossed * 1000), "< 10 ms")
  }
  report("  drop", String(format: "%.3f ms", drop * 1000), "< 10 ms")
  report("  undo (the run back to 1,000 places)", String(format: "%.2f ms", undo * 1000), "")
  report("  redo (1,000 places into one run)", String(format: "%.2f ms", redo * 1000), "")

  // The mouse: a long press on the redone run's last tile, then a sweep along the lines below it,
  // going down a row every few motions into the bottom band, where the content scrolls under the
  // pointer: each motion past a tile moves the whole run forward.
  let target = r.markedPaths(in: d.arrangement)[999]
  _ = input(.focus(.tile(target)))
  let press = screenCell(r, d.layout.frame(of: target))
  _ = input(.press(press))
  now += 300
  _ = r.handle(.tick, at: now, in: &d)
  guard r.gesture.session?.tiles?.block?.count == 1_000 else { fatalError("no block lifted by the mouse") }
  var motions: [Double] = []
  var moves = 0
  var x = press.x
  var y = press.y
  var dx = 3
  for step in 0..<5_000 {
    x += dx
    if x > 190 || x < 5 { dx = -dx }
    if step % 7 == 0 && y < 58 { y += 1 }
    now += 5
    var happened: [Happening] = []
    motions.append(seconds { happened = r.handle(.motion(Point(x: x, y: y)), at: now, in: &d) })
    moves += happened.filter { if case .moved(.block, _) = $0 { return true } else { return false } }.count
  }
  let release = seconds { _ = input(.release(Point(x: x, y: y))) }
  report(
    "  mouse drag step p99 (5,000 motions, \(moves) block moves, auto-scroll)",
    String(format: "%.2f ms (max %.2f)", percentile(motions, 0.99) * 1000, percentile(motions, 1) * 1000), "< 10 ms")
  report("  mouse drop", String(format: "%.3f ms", release * 1000), "< 10 ms")
}

/// A section lifted among `sections` sections of 1,000,000 tiles, from the keyboard (one place per
/// arrow) and with the mouse (motions across section boundaries, then auto-scroll on the title bar).
func benchSectionDrag(sections: Int) {
  var (r, d) = organizeEngine(makeArrangement(tiles: 1_000_000, sections: sections, mixed: true))
  var now = 0
  func input(_ event: ReorderInput) -> [Happening] {
    now += 1
    return r.handle(event, at: now, in: &d)
  }
  let middle = sections / 2
  _ = input(.focus(.tile(ItemPath(middle, 0))))
  _ = input(.key(.previousSection))
  guard r.focus.header == middle else { fatalError("no header focus") }
  _ = input(.key(.liftOrDrop))
  var steps: [Double] = []
  for k in 0..<2_000 { steps.append(seconds { _ = input(.key(k % 400 < 200 ? .down : .up)) }) }
  let drop = seconds { _ = input(.key(.liftOrDrop)) }
  report("section drag, 1,000,000 tiles in \(sections) sections", "", "")
  report(
    "  keyboard step p99 (2,000 arrows)",
    String(format: "%.1f µs (max %.1f)", percentile(steps, 0.99) * 1e6, percentile(steps, 1) * 1e6), "< 1 ms")

  // The mouse: long-press the middle section's header, sweep the pointer up and down the viewport.
  _ = input(.focus(.tile(ItemPath(middle, 0))))
  let header = d.layout.headerFrame(middle)!
  let press = r.viewport.screenPoint(fromContent: Point(x: 20, y: header.minY))
  _ = input(.press(press))
  now += 300
  _ = r.handle(.tick, at: now, in: &d)
  guard r.gesture.session?.section != nil else { fatalError("no section lifted") }
  var motions: [Double] = []
  var moves = 0
  var y = press.y
  var dy = 1
  for _ in 0..<20_000 {
    y += dy
    if y > 56 || y < 4 { dy = -dy }
    var happened: [Happening] = []
    motions.append(seconds { happened = input(.motion(Point(x: 20, y: y))) })
    moves += happened.filter { if case .moved(.section, _) = $0 { return true } else { return false } }.count
  }
  // Auto-scroll: the pointer on the title bar, a step every 33 ms, each a scroll and a target selection.
  _ = input(.motion(Point(x: 20, y: 0)))
  var ticks: [Double] = []
  for _ in 0..<5_000 {
    now += 34
    var happened: [Happening] = []
    ticks.append(seconds { happened = r.handle(.tick, at: now, in: &d) })
    moves += happened.filter { if case .moved(.section, _) = $0 { return true } else { return false } }.count
  }
  let release = seconds { _ = input(.release(Point(x: 20, y: 0))) }
  report(
    "  mouse drag step p99 (20,000 motions, \(moves) moves in all)",
    String(format: "%.1f µs (max %.1f)", percentile(motions, 0.99) * 1e6, percentile(motions, 1) * 1e6), "< 1 ms")
  report(
    "  auto-scroll step p99 (5,000 steps)",
    String(format: "%.1f µs (max %.1f)", percentile(ticks, 0.99) * 1e6, percentile(ticks, 1) * 1e6), "< 1 ms")
  report("  drop", String(format: "%.1f µs (keyboard %.1f)", release * 1e6, drop * 1e6), "")
}

func benchOrganize() {
  for mixed in [false, true] { benchBlock(mixed: mixed) }
  for sections in [10, 10_000] { benchSectionDrag(sections: sections) }
}

// MARK: - Edits

/// The thread's CPU time for `body`: on this shared machine a wall-clock p99 of steps that take
/// 0.1 ms or more is mostly the time other processes held the core (4 ms slices), so the edits report
/// both. A system call per reading, so not for sub-microsecond steps.
/// This thread's CPU seconds since it started.
func threadCPUSeconds() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
  return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func cpuSeconds(_ body: () -> Void) -> Double {
  var start = timespec()
  var end = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
  body()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
  return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

/// Runs `pair` (an edit and its inverse, each timed with the clock it is given) `samples` times
/// with the wall clock, then as many with the CPU clock; reports each named side's p99 on both.
func measurePairs(
  _ name: String?, _ inverse: String?, samples: Int, target: String = "< 1 ms",
  _ pair: (_ time: (() -> Void) -> Double) -> (Double, Double)
) {
  var wall: ([Double], [Double]) = ([], [])
  var cpu: ([Double], [Double]) = ([], [])
  for _ in 0..<samples {
    let (f, b) = pair { body in seconds(body) }
    wall.0.append(f)
    wall.1.append(b)
  }
  for _ in 0..<samples {
    let (f, b) = pair(cpuSeconds)
    cpu.0.append(f)
    cpu.1.append(b)
  }
  for (label, w, c) in [(name, wall.0, cpu.0), (inverse, wall.1, cpu.1)] {
    guard let label else { continue }
    report(
      "  " + label, String(format: "%.1f / %.1f µs", percentile(w, 0.99) * 1e6, percentile(c, 0.99) * 1e6), target)
  }
}

/// The layout following edits (FlowLayout+Edits) on 1,000,000 tiles in 10 sections, 200x58: each edit
/// at a random place, then its inverse (the layout is back where it was, so every sample sees the same
/// arrangement), both timed. The layout alone: the arrangement's side is the document's.
func benchEdits() {
  let viewport = Size(width: 200, height: 58)
  let cases: [(String, Bool, Direction)] = [
    ("uniform", false, .vertical), ("mixed", true, .vertical), ("mixed, horizontal", true, .horizontal),
  ]
  for (kind, mixed, direction) in cases {
    let arrangement = makeArrangement(tiles: 1_000_000, sections: 10, mixed: mixed, direction: direction)
    var layout = FlowLayout(arrangement: arrangement, viewport: viewport)
    var rng = SplitMix64(seed: 13)
    func randomTile() -> ItemPath {
      let s = rng.int(0...(layout.sectionCount - 1))
      return ItemPath(s, rng.int(0...(layout.itemCount(inSection: s) - 1)))
    }
    report("edits, 1,000,000 tiles (\(kind)): p99 wall / CPU", "", "")
    measurePairs("insert a tile (the default width)", "delete it", samples: 2_000) { time in
      let place = randomTile()
      return (time { layout.insertItems(widths: [nil], at: [place]) }, time { layout.removeItems(at: [place]) })
    }
    measurePairs(
      mixed ? "insert a tile 17 wide" : "insert a tile 17 wide (the section becomes mixed)",
      mixed ? "delete it" : "delete it (uniform again)", samples: 2_000
    ) { time in
      let place = randomTile()
      return (time { layout.insertItems(widths: [17], at: [place]) }, time { layout.removeItems(at: [place]) })
    }
    measurePairs(
      mixed ? "set a tile's width to 17" : "set a tile's width to 17 (the section becomes mixed)",
      mixed ? "set it back" : "set it back (uniform again)", samples: 2_000
    ) { time in
      let path = randomTile()
      let old = layout.width(ofItem: path.item, inSection: path.section)
      let new = old == 17 ? 9 : 17
      return (time { layout.setWidth(new, ofItemAt: path) }, time { layout.setWidth(old, ofItemAt: path) })
    }
    // 1,000 marked tiles, 100 in each section, deleted at once; the undo puts them back.
    let marked = (0..<10).flatMap { s in stride(from: rng.int(0...999), to: 100_000, by: 1_000).map { ItemPath(s, $0) } }
    let markedWidths: [Int?] = marked.map { layout.width(ofItem: $0.item, inSection: $0.section) }
    measurePairs("delete 1,000 tiles spread over the 10 sections", "put them back", samples: 200) { time in
      (time { layout.removeItems(at: marked) }, time { layout.insertItems(widths: markedWidths, at: marked) })
    }
    let someWidths: [Int?] = (0..<100).map { mixed && $0 % 3 == 0 ? 8 + $0 % 13 : nil }
    measurePairs("insert a section of 100 tiles", "delete it", samples: 2_000) { time in
      let index = rng.int(0...layout.sectionCount)
      return (
        time { layout.insertSection(at: index, widths: someWidths) }, time { layout.removeSection(at: index) }
      )
    }
    // A section of 100,000 tiles deleted, then put back from the layout `removeSection` returned (an
    // undo), or laid out again from its widths (O(its tiles), counting them; breaking lines when mixed).
    let s = rng.int(0...9)
    let sectionWidths: [Int?] = (0..<layout.itemCount(inSection: s)).map { layout.width(ofItem: $0, inSection: s) }
    measurePairs("delete a section of 100,000 tiles", "put it back (the layout removeSection returned)", samples: 200) {
      time in
      var removed: RemovedSection?
      return (time { removed = layout.removeSection(at: s) }, time { _ = layout.insertSection(removed!, at: s) })
    }
    measurePairs(nil, "put it back from its widths instead", samples: 20, target: "") { time in
      (time { layout.removeSection(at: s) }, time { layout.insertSection(at: s, widths: sectionWidths) })
    }
    // Every edit was undone: the layout must be the one a fresh layout gives.
    let fresh = FlowLayout(arrangement: arrangement, viewport: viewport)
    if layout.contentSize != fresh.contentSize
      || (0..<1_000).contains(where: { _ in
        let path = randomTile()
        return layout.frame(of: path) != fresh.frame(of: path)
      })
    {
      print("warning: the edited layout differs from a fresh one (content \(layout.contentSize), \(fresh.contentSize))")
    }
  }
  // Sections put in and taken out among 10,000 (the sections' prefix sums are rebuilt: O(S)).
  var many = FlowLayout(arrangement: makeArrangement(tiles: 1_000_000, sections: 10_000, mixed: true), viewport: viewport)
  var rng = SplitMix64(seed: 14)
  report("edits, 1,000,000 tiles in 10,000 sections: p99 wall / CPU", "", "")
  measurePairs("insert an empty section", "delete it", samples: 2_000) { time in
    let index = rng.int(0...many.sectionCount)
    return (time { many.insertSection(at: index, widths: []) }, time { many.removeSection(at: index) })
  }
}

// MARK: - Files

func runPython(_ code: String, _ path: String) -> Double {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", code, path]
  let pipe = Pipe()
  process.standardOutput = pipe
  try! process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
}

/// One run of a whole process, from before it is started until it is reaped: wall seconds and CPU
/// seconds (user + system, the kernel's accounting). Its standard streams are /dev/null.
struct ProcessRun {
  var wall: Double
  var cpu: Double
  var status: Int32

  init(_ arguments: [String]) {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var pid: pid_t = 0
    let start = milliseconds()
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
      fatalError("cannot run \(arguments[0])")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    wall = (milliseconds() - start) / 1000
    cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
      + Double(usage.ru_stime.tv_usec) / 1e6
    self.status = status
  }
}

/// A command's peak memory (its largest resident set, VmHWM) in bytes, as GNU time reports it: a
/// process started from this one would count this one's memory as its own before it runs the
/// command, so the measure comes from a small process of its own.
func peakMemory(_ arguments: [String]) -> Int {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
  process.arguments = ["-f", "%M"] + arguments
  let pipe = Pipe()
  process.standardError = pipe
  process.standardOutput = FileHandle.nullDevice
  try! process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let last = String(decoding: data, as: UTF8.self).split(separator: "\n").last ?? ""
  return (Int(last.trimmingCharacters(in: .whitespaces)) ?? 0) * 1024
}

/// `ours` and `theirs` run in turn, `pairs` times after one warm-up run of each, so that a drift of
/// the shared machine's speed falls on both: the medians of each, and the median of the pairs' ratios.
func paired(_ ours: [String], _ theirs: [String], pairs: Int) -> (ours: [ProcessRun], theirs: [ProcessRun], ratio: Double, cpuRatio: Double) {
  _ = ProcessRun(ours)
  _ = ProcessRun(theirs)
  var a: [ProcessRun] = []
  var b: [ProcessRun] = []
  for _ in 0..<pairs {
    a.append(ProcessRun(ours))
    b.append(ProcessRun(theirs))
    if a.last!.status != 0 || b.last!.status != 0 { fatalError("\(ours) or \(theirs) failed") }
  }
  let ratios = zip(a, b).map { $0.wall / $1.wall }
  let cpuRatios = zip(a, b).map { $0.cpu / $1.cpu }
  return (a, b, percentile(ratios, 0.5), percentile(cpuRatios, 0.5))
}

/// The generated 1,000,000-tile file in `directory`, written the first time.
func millionFile(in directory: String) throws -> String {
  let path = directory + "/million.json"
  if !FileManager.default.fileExists(atPath: path) {
    try Data(makeArrangement(tiles: 1_000_000, sections: 10, mixed: true).jsonBytes()).write(to: URL(fileURLWithPath: path))
  }
  return path
}

func benchFiles(directory: String) throws {
  let path = try millionFile(in: directory)
  let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tilegrid").path
  guard FileManager.default.isExecutableFile(atPath: binary) else {
    print("the whole-process measures need \(binary): swift build -c release --product tilegrid")
    return
  }
  func mb(_ bytes: Int) -> String { String(format: "%.0f MB (%.2fx the file)", Double(bytes) / 1e6, Double(bytes) / Double(size)) }
  func wall(_ runs: [ProcessRun]) -> Double { percentile(runs.map(\.wall), 0.5) }

  // Whole processes against whole processes, in turn: `tilegrid check` and a Python that loads the
  // file; `tilegrid export` and a Python that loads it and dumps it with indent=2.
  let check = paired(
    [binary, "check", path], ["python3", "-c", "import json,sys; json.load(open(sys.argv[1]))", path], pairs: 7)
  report(
    "tilegrid check, 1,000,000 tiles (\(size / 1_000_000) MB), whole process",
    String(format: "%.3f s (%.3fx)", wall(check.ours), check.ratio),
    String(format: "<= 0.1x python3 json.load (%.2f s; cpu %.3fx)", wall(check.theirs), check.cpuRatio))
  let export = paired(
    [binary, "export", path, "-o", "/dev/null"],
    [
      "python3", "-c",
      "import json,sys; json.dump(json.load(open(sys.argv[1])), open('/dev/null', 'w'), indent=2)", path,
    ], pairs: 3)
  report(
    "tilegrid export -o /dev/null, whole process", String(format: "%.2f s (%.3fx)", wall(export.ours), export.ratio),
    String(format: "<= 0.15x python3 load + dump(indent=2) (%.2f s)", wall(export.theirs)))
  report("peak memory (VmHWM) of tilegrid check", mb(peakMemory([binary, "check", path])), "<= 1.2x the file")
  report(
    "peak memory (VmHWM) of tilegrid export", mb(peakMemory([binary, "export", path, "-o", "/dev/null"])),
    "<= 1.2x the file")

  // In process: opening as the command line opens (the file mapped), and writing.
  var ours: [Double] = []
  var arrangement: Arrangement!
  for _ in 0..<5 { ours.append(try seconds { arrangement = try open(path) }) }
  report("open 1,000,000 tiles in process: map, scan, validate, records", String(format: "%.3f s (median)", percentile(ours, 0.5)), "")
  var writes: [Double] = []
  for _ in 0..<3 { writes.append(seconds { _ = arrangement.jsonBytes() }) }
  report("write 1,000,000 tiles in process (canonical text)", String(format: "%.2f s (median)", percentile(writes, 0.5)), "")
}

// MARK: - Formats

/// A Markdown board of `count` cards in 10 lanes, in Obsidian's style: front matter, checkboxes,
/// every fifth card with a description and sub-tasks, a settings block at the end (~5 MB).
func makeBoard(cards count: Int) -> [UInt8] {
  var text = "---\nkanban-plugin: basic\n---\n\n"
  text.reserveCapacity(count * 48)
  for lane in 0..<10 {
    text += "## Lane \(lane)\n\n"
    for k in 0..<(count / 10) {
      let n = lane * (count / 10) + k
      text += "- [\(n % 3 == 0 ? "x" : " ")] Card \(n) 카드 #tag\n"
      if n % 5 == 0 { text += "    > a description of card \(n)\n    * [ ] a sub-task\n" }
    }
    text += "\n\n"
  }
  text += "%% kanban:settings\n```\n{\"kanban-plugin\":\"basic\"}\n```\n%%\n"
  return Array(text.utf8)
}

/// `count` lines, as `ls` or `find` prints file names.
func makeLines(count: Int) -> [UInt8] {
  var text = ""
  text.reserveCapacity(count * 32)
  for n in 0..<count { text += "Sources/Module\(n % 97)/File\(n).swift\n" }
  return Array(text.utf8)
}

/// This process's CPU time (user and system), in seconds.
func cpuSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The wall-clock and CPU seconds of `body`: on a shared machine the wall clock also counts the
/// time other processes had the cores, so both are reported.
func timed(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
  let cpu = cpuSeconds()
  let wall = try seconds(body)
  return (wall, cpuSeconds() - cpu)
}

/// "W ms (CPU C ms)", medians.
func wallAndCPU(_ runs: [(wall: Double, cpu: Double)]) -> String {
  String(format: "%.0f ms (CPU %.0f ms)", percentile(runs.map(\.wall), 0.5) * 1000, percentile(runs.map(\.cpu), 0.5) * 1000)
}

/// Open (read the file, parse, build the arrangement) and save (write it back through the file
/// writer) a 100,000-card board and a 100,000-line file; and `tilegrid move FILE 0.0 1.0 -o OUT`
/// whole, in process, as the command line runs it.
func benchFormats(directory: String) throws {
  for (name, format, bytes) in [
    ("board.md", ArrangementFormat.markdown, makeBoard(cards: 100_000)),
    ("lines.txt", ArrangementFormat.lines, makeLines(count: 100_000)),
  ] {
    let path = directory + "/" + name
    let out = directory + "/out-" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var arrangement: Arrangement!
    var opens: [(wall: Double, cpu: Double)] = []
    var saves: [(wall: Double, cpu: Double)] = []
    for _ in 0..<5 {
      arrangement = nil
      opens.append(try timed { arrangement = try format.read(try Platform.read(path).bytes) })
      saves.append(try timed {
        _ = try Platform.writeFile(out) { (write) throws(Platform.WriteFailure) in try format.write(arrangement, write) }
      })
    }
    let same = (try? Data(contentsOf: URL(fileURLWithPath: out))) == Data(bytes)
    if !same { print("warning: \(name) did not come back byte for byte") }
    let kind = format == .markdown ? "Markdown board, 100,000 cards" : "lines file, 100,000 lines"
    let size = String(format: "%.1f MB", Double(bytes.count) / 1e6)
    report("open a \(kind) (\(size)), median", wallAndCPU(opens), "< 500 ms")
    report("save it (unchanged: byte for byte)", wallAndCPU(saves), "< 500 ms")
    arrangement = nil
    var moves: [(wall: Double, cpu: Double)] = []
    let to = format == .markdown ? "1.0" : "0.99999"
    for _ in 0..<3 {
      moves.append(timed {
        if TileGridCommand.main(["move", path, "0.0", to, "-o", out]) != 0 { fatalError("tilegrid move \(name) failed") }
      })
    }
    report("  tilegrid move FILE 0.0 \(to) -o OUT (open, move, save)", wallAndCPU(moves), "< 1 s")
  }
}

// MARK: - Diff and merge

/// `arrangement` after `count` random single-tile moves, half of them to another section.
func randomlyMoved(_ arrangement: Arrangement, moves count: Int, seed: UInt64) -> Arrangement {
  var rng = SplitMix64(seed: seed)
  var moved = arrangement
  for k in 0..<count {
    let s = rng.int(0...(moved.sections.count - 1))
    let from = ItemPath(s, rng.int(0...(moved.sections[s].count - 1)))
    let t = k % 2 == 0 ? s : rng.int(0...(moved.sections.count - 1))
    let places = moved.sections[t].count - (t == s ? 1 : 0)
    try! moved.move(from: from, to: ItemPath(t, rng.int(0...places)), force: true)
  }
  return moved
}

/// `tilegrid diff` of two 1,000,000-tile files a thousand moves apart and `tilegrid merge` of three
/// (each side a thousand moves from the base), whole commands run in process as the command line runs
/// them: reading the files, the diff or merge, writing the result.
func benchVersions(directory: String) throws {
  let base = directory + "/million.json"
  if !FileManager.default.fileExists(atPath: base) {
    try Data(makeArrangement(tiles: 1_000_000, sections: 10, mixed: true).jsonBytes()).write(to: URL(fileURLWithPath: base))
  }
  let paths = ["moved", "ours", "theirs"].map { directory + "/million-\($0).json" }
  if paths.contains(where: { !FileManager.default.fileExists(atPath: $0) }) {
    let arrangement = try Arrangement(json: try Platform.read(base).bytes)
    for (path, seed) in zip(paths, [UInt64(1), 2, 3]) {
      try Data(randomlyMoved(arrangement, moves: 1000, seed: seed).jsonBytes()).write(to: URL(fileURLWithPath: path))
    }
  }
  let out = directory + "/million-result"
  // Wall-clock and processor time of each run: the second is what the machine's other load does not
  // inflate (the files are read on two cores at once, so on an idle machine the wall time is less).
  func timed(_ body: () -> Void) -> (wall: Double, processor: Double) {
    let before = processorSeconds()
    let wall = seconds(body)
    return (wall, processorSeconds() - before)
  }
  var diffs: [(wall: Double, processor: Double)] = []
  for _ in 0..<3 {
    diffs.append(timed {
      if TileGridCommand.main(["diff", base, paths[0], "-o", out]) != 1 { fatalError("tilegrid diff found no difference") }
    })
  }
  let lines = (try String(contentsOfFile: out, encoding: .utf8)).split(separator: "\n").count
  report(
    "tilegrid diff, 1,000,000 tiles 1,000 moves apart (\(lines) lines)",
    String(format: "%.2f s (%.2f s CPU)", percentile(diffs.map(\.wall), 0.5), percentile(diffs.map(\.processor), 0.5)),
    "< 1 s")
  var merges: [(wall: Double, processor: Double)] = []
  for _ in 0..<3 {
    merges.append(timed {
      if TileGridCommand.main(["merge", base, paths[1], paths[2], "-o", out]) > 1 { fatalError("tilegrid merge failed") }
    })
  }
  report(
    "tilegrid merge, 1,000,000 tiles, 1,000 moves on each side",
    String(format: "%.2f s (%.2f s CPU)", percentile(merges.map(\.wall), 0.5), percentile(merges.map(\.processor), 0.5)),
    "< 2 s")
  // The parts: reading the three files, then the merge and the diff alone.
  var arrangements: [Arrangement] = []
  let reading = timed { for path in [base] + paths { arrangements.append(try! Arrangement(json: try! Platform.read(path).bytes)) } }
  let diffOnly = timed { _ = Arrangement.diff(arrangements[0], arrangements[1]) }
  let mergeOnly = timed { _ = Arrangement.merge(base: arrangements[0], ours: arrangements[2], theirs: arrangements[3]) }
  report(
    "  of which: reading one file / diff alone / merge alone (CPU)",
    String(format: "%.2f / %.2f / %.2f s", reading.processor / 4, diffOnly.processor, mergeOnly.processor), "")
  report("peak memory (four 1,000,000-tile arrangements)", String(format: "%.0f MB", peakMemoryMB()), "")
}

// MARK: - The editor on a pseudo-terminal

/// Milliseconds, fractional, on the monotonic clock.
func milliseconds() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_MONOTONIC, &t)
  return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
}

/// Reads what the editor writes until `quiet` milliseconds pass without a byte (or `limit` passes);
/// returns the bytes and the time the last of them was read. The quiet gap itself is not counted.
func readFrame(
  _ process: PseudoTerminalProcess, quiet: Double = 3, limit: Double = 2000
) -> (bytes: Int, last: Double?) {
  let start = milliseconds()
  var last: Double?
  var total = 0
  while true {
    let now = milliseconds()
    let since = last ?? start
    if last != nil && now - since >= quiet { break }
    if now - start >= limit { break }
    let wait = last == nil ? limit - (now - start) : quiet - (now - since)
    let n = process.read(waiting: max(0, Int(wait.rounded(.up))))
    if n > 0 {
      total += n
      last = milliseconds()
    }
  }
  return (total, last)
}

/// The performance targets (docs/performance.md) through a real terminal: the release `tilegrid` on a 200x60 pseudo-terminal with a
/// 1,000,000-tile file. Start to first frame; the time from writing a mouse-motion report to the last
/// byte of the frame it causes, during a drag, each step moving the floating tile by one cell; the
/// bytes of such a step; the editor's peak memory.
func benchTerminal(directory: String) throws {
  guard let (path, binary) = try terminalFixture(directory: directory) else { return }
  let width = 200
  let height = 60
  let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0

  /// The editor started on the file: the time from starting it to the last byte of its first frame.
  func start(_ environment: [String: String] = [:]) throws -> (PseudoTerminalProcess, Double)? {
    let started = milliseconds()
    let process = try PseudoTerminalProcess(
      binary, [path], environment: PseudoTerminalProcess.environment(environment), width: width, height: height)
    guard process.wait(seconds: 30, until: { PseudoTerminalProcess.find(Array("READY".utf8), in: $0) != nil }) else {
      print("warning: no first frame: \(process.text().suffix(300))")
      return nil
    }
    // The rest of the frame, if any came after READY; the frame ends with the last byte read.
    _ = readFrame(process, quiet: 20, limit: 20)
    return (process, Double(process.lastReadNanoseconds) / 1e6 - started)
  }
  func quit(_ process: PseudoTerminalProcess) {
    process.write("q")
    if process.waitForEnd(seconds: 2) == nil {
      process.write("y")
      if process.waitForEnd(seconds: 5) == nil { process.signal(SIGKILL) }
    }
  }
  // Five starts, each quit once its first frame is out; the median is the figure.
  var firstFrames: [Double] = []
  for _ in 0..<5 {
    guard let (process, time) = try start() else { return }
    firstFrames.append(time)
    quit(process)
  }
  report(
    "start to first frame, 1,000,000 tiles, 200x60 (median of 5)",
    String(format: "%.0f ms (%.0f-%.0f)", percentile(firstFrames, 0.5), firstFrames.min()!, firstFrames.max()!),
    "< 100 ms")
  guard let (process, _) = try start() else { return }

  // The tile under a point in the middle of the screen, as the editor lays it out.
  let arrangement = try open(path)
  let viewport = Screen.viewport(forScreen: Size(width: width, height: height))
  let layout = FlowLayout(arrangement: arrangement, viewport: viewport.size)
  var frame: Rect?
  layout.forEachItem(in: Rect(x: 40, y: 20, width: 120, height: 10)) { _, f in
    if frame == nil && f.width >= 4 { frame = f }
  }
  guard let frame else { fatalError("no tile in the middle of the screen") }
  let x = viewport.minX + frame.minX + frame.width / 2 + 1  // 1-based, as SGR reports count
  let y = viewport.minY + frame.minY + frame.height / 2 + 1
  var mark = process.output.count
  process.write("\u{1B}[<0;\(x);\(y)M")
  let lifted = process.wait(seconds: 10) { PseudoTerminalProcess.find(Array("DRAG".utf8), in: $0, from: mark) != nil }
  guard lifted else {
    print("warning: the tile did not lift")
    return
  }
  _ = readFrame(process, quiet: 20)

  var latencies: [Double] = []
  var sizes: [Int] = []
  for step in 0..<1_200 {
    let to = x + (step % 2 == 0 ? 1 : 0)
    mark = process.output.count
    let written = milliseconds()
    process.write("\u{1B}[<32;\(to);\(y)M")
    let frame = readFrame(process)
    guard let last = frame.last else {
      print("warning: no frame after motion \(step)")
      continue
    }
    if step >= 100 {  // the first steps warm caches up
      latencies.append(last - written)
      sizes.append(frame.bytes)
    }
  }
  report(
    "motion report to frame written, p50 / p99 (\(latencies.count))",
    String(format: "%.2f / %.2f ms", percentile(latencies, 0.5), percentile(latencies, 0.99)), "p99 < 5 ms")
  let sortedSizes = sizes.sorted()
  report(
    "bytes of a drag step moving the tile one cell",
    "\(sortedSizes[sortedSizes.count / 2]) B median, \(sortedSizes.last ?? 0) max", "< 2 KB")
  let status = (try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8)) ?? ""
  let kilobytes = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces).dropLast(3)) } ?? 0
  report(
    "peak memory of the editor (VmHWM), 1,000,000 tiles",
    String(format: "%.0f MB (%.2fx the file)", Double(kilobytes) * 1024 / 1e6, Double(kilobytes) * 1024 / Double(size)),
    "<= 1.2x the file")

  process.write("\u{1B}[<0;\(x);\(y)m")
  quit(process)

}

/// The 1,000,000-tile file the terminal measures open (made once), and the release `tilegrid` beside
/// the bench; nil, said, when it is not built.
func terminalFixture(directory: String) throws -> (path: String, binary: String)? {
  let path = directory + "/million.json"
  if !FileManager.default.fileExists(atPath: path) {
    let bytes = makeArrangement(tiles: 1_000_000, sections: 10, mixed: true).jsonBytes()
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("tilegrid").path
  guard FileManager.default.isExecutableFile(atPath: binary) else {
    print("the terminal measures need \(binary): swift build -c release --product tilegrid")
    return nil
  }
  return (path, binary)
}

/// Motion through a real terminal: the release `tilegrid` on a pseudo-terminal with the 1,000,000-tile
/// file, at 80x24 and 200x60, for three changes made again and again. For each, with motion off (the
/// jump) and on (the glide): the bytes until the screen rests and the frames drawn on a terminal read
/// as fast as it writes, and the time from the key to its first frame; with motion on, the same on a
/// terminal read at 64 KB/s (`PseudoTerminalProcess.readPaced`): bytes, frames, and when the screen
/// rested after the key (its last byte read). The terminal answers the question about synchronized
/// output, so every frame is marked and counted.
func benchMotion(directory: String) throws {
  guard let (path, binary) = try terminalFixture(directory: directory) else { return }
  let changes: [(name: String, prepare: String, key: (Int) -> String)] = [
    ("a keyboard move (a lifted tile and its neighbour trade places)", " ", { $0 % 2 == 0 ? "\u{1B}[C" : "\u{1B}[D" }),
    ("a delete and its undo (every tile after it on screen slides a place)", "", { $0 % 2 == 0 ? "d" : "u" }),
    ("Page Down / Page Up", "", { $0 % 2 == 0 ? "\u{1B}[6~" : "\u{1B}[5~" }),
  ]
  func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
  // Names too long for `report`'s columns: the value on a line of its own.
  func report(_ name: String, _ value: String, _ target: String) { print("\(name)\n    \(value)    [\(target)]") }
  for (width, height) in [(80, 24), (200, 60)] {
    for change in changes {
      var jump = 0
      for motion in ["off", "on"] {
        let process = try PseudoTerminalProcess(
          binary, [path], environment: PseudoTerminalProcess.environment(["TILEGRID_MOTION": motion]), width: width,
          height: height)
        guard process.answerSynchronizedOutput(seconds: 30),
          process.wait(seconds: 30, until: { PseudoTerminalProcess.find(Array("READY".utf8), in: $0) != nil })
        else {
          print("warning: no first frame: \(process.text().suffix(300))")
          return
        }
        _ = readFrame(process, quiet: 300, limit: 2000)
        if !change.prepare.isEmpty {
          process.write(change.prepare)
          _ = readFrame(process, quiet: 400)
        }
        // Read as fast as it comes.
        var bytes: [Int] = []
        var frames: [Int] = []
        var firsts: [Double] = []
        for step in 0..<18 {
          let mark = process.output.count
          let written = milliseconds()
          process.write(change.key(step))
          let first = readFrame(process)
          let rest = readFrame(process, quiet: 150, limit: 1000)
          guard step >= 2, let last = first.last else { continue }
          firsts.append(last - written)
          bytes.append(first.bytes + rest.bytes)
          frames.append(process.markedFrames(from: mark))
        }
        let size = "\(width)x\(height)"
        if motion == "off" { jump = median(bytes) }
        report(
          "\(size), motion \(motion), \(change.name): bytes / frames until the screen rests, a fast reader",
          motion == "off"
            ? "\(median(bytes)) B / \(median(frames)) (the jump)"
            : String(format: "%d B (%.1fx the jump) / %d frames", median(bytes), Double(median(bytes)) / Double(max(1, jump)),
              median(frames)),
          motion == "off" ? "—" : ">= 8 frames")
        report(
          "\(size), motion \(motion), \(change.name): key to its first frame written, p50 / p99",
          String(format: "%.2f / %.2f ms", percentile(firsts, 0.5), percentile(firsts, 0.99)), "p50 < 5 ms")
        if motion == "on" {
          // Read at 64 KB/s: each key's bytes, frames and time to rest, the whole glide read each time.
          var slowBytes: [Int] = []
          var slowFrames: [Int] = []
          var rests: [Int] = []
          var first = 0
          for step in 18..<26 {
            let mark = process.output.count
            let written = PseudoTerminalProcess.now()
            process.write(change.key(step))
            let pieces = process.readPaced(bytesPerSecond: 65_536, milliseconds: 1_500)
            // The first glide after the terminal slowed down (it was read fast until now, and its pace
            // measured fast) fills the kernel's buffer unseen.
            if step == 18, let last = pieces.last { first = last.nanoseconds / 1_000_000 - written }
            guard step >= 20, let last = pieces.last else { continue }
            slowBytes.append(pieces.reduce(0) { $0 + $1.bytes })
            slowFrames.append(process.markedFrames(from: mark))
            rests.append(last.nanoseconds / 1_000_000 - written)
          }
          report(
            "\(size), motion on, \(change.name): on a reader of 64 KB/s, bytes / frames / key to rest (median, max; the first key)",
            "\(median(slowBytes)) B / \(median(slowFrames)) frames / \(median(rests)) ms (\(rests.max() ?? 0); \(first))",
            "rest <= 400 ms")
        }
        process.write("\u{1B}")
        _ = readFrame(process, quiet: 300)
        process.write("q")
        if process.waitForEnd(seconds: 2) == nil {
          process.write("y")
          if process.waitForEnd(seconds: 5) == nil { process.signal(SIGKILL) }
        }
      }
    }
  }
}

// MARK: - Main

/// Reads an arrangement as the command line does: the file mapped, its pages let go as reading passes.
func open(_ path: String) throws -> Arrangement {
  let input = try Platform.mapped(path)
  return try input.withBytes { (bytes, release) throws(LoadError) in try Arrangement(json: bytes, releasing: release) }
}

/// CPU seconds of the calling thread (user and system: page faults count), so that a phase's figure
/// does not depend on what else the shared machine runs.
func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
  func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }
  let start = now()
  try body()
  return now() - start
}

/// Wall-clock and processor seconds (all threads) of `body`: reading a large file takes two threads.
func wallAndProcessorSeconds(_ body: () throws -> Void) rethrows -> (Double, Double) {
  let (start, cpu) = (milliseconds(), processorSeconds())
  try body()
  return ((milliseconds() - start) / 1000, processorSeconds() - cpu)
}

/// Where opening a file goes, phase by phase, in process (CPU time, medians of 5): reading the bytes,
/// reading the arrangement from them (scan, validation, tile records, the id check: wall-clock time
/// and the processor time of both readers), the flow layout, the editor's state and its first frame
/// into the buffer.
func breakdown(_ path: String) throws {
  var read: [Double] = []
  var check: [(Double, Double)] = []
  var parse: [(Double, Double)] = []
  var layout: [Double] = []
  var state: [Double] = []
  var frame: [Double] = []
  var decode: [Double] = []
  for _ in 0..<5 {
    // Reading the bytes into memory of the process's own, for comparison: the commands map the file.
    read.append(try cpuSeconds { _ = try Platform.read(path) })
    check.append(try wallAndProcessorSeconds {
      let input = try Platform.mapped(path)
      _ = try input.withBytes { (bytes, release) throws(LoadError) in try Arrangement.validate(json: bytes, releasing: release) }
    })
    var arrangement: Arrangement!
    parse.append(try wallAndProcessorSeconds { arrangement = try open(path) })
    let screen = Size(width: 200, height: 60)
    var flow: FlowLayout!
    layout.append(cpuSeconds { flow = FlowLayout(arrangement: arrangement, viewport: Screen.viewport(forScreen: screen).size) })
    _ = flow
    var editor: EditorState!
    state.append(cpuSeconds { editor = EditorState(arrangement: arrangement, screen: screen) })
    var buffer = Buffer(size: screen)
    frame.append(cpuSeconds { editor.view(into: &buffer, scheme: .color) })
    var titles = 0
    decode.append(cpuSeconds {
      for slot in 0..<arrangement.tiles.slotCount { titles &+= arrangement[TileRef(slot)].displayTitle.utf8.count }
    } / Double(arrangement.tiles.slotCount))
    if titles < 0 { print(titles) }
  }
  func ms(_ values: [Double]) -> String { String(format: "%.1f ms", percentile(values, 0.5) * 1000) }
  func both(_ values: [(Double, Double)]) -> String {
    ms(values.map(\.0)) + String(format: " (CPU %.0f)", percentile(values.map(\.1), 0.5) * 1000)
  }
  report("read the file into memory (read(2); the commands map it instead)", ms(read), "")
  report("check: map, scan, validate, ids (keeping nothing)", both(check), "two readers")
  report("open: map, scan, validate, ids, tile records", both(parse), "two readers")
  report("flow layout, 200x60", ms(layout), "")
  report("editor state (its own layout included)", ms(state), "")
  report("first frame into the buffer", ms(frame), "")
  report("building one tile from its record (every tile once)", String(format: "%.0f ns", percentile(decode, 0.5) * 1e9), "")
}

let arguments = Array(CommandLine.arguments.dropFirst())
/// `board` (makeBoard's text) with `moves` one-line cards moved to random places and `renames` cards
/// renamed, as a person edits a board in a text editor.
func editedBoard(_ board: [UInt8], seed: UInt64, moves: Int, renames: Int) -> [UInt8] {
  var lines = String(decoding: board, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  var rng = SplitMix64(seed: seed)
  func items() -> [Int] {
    lines.indices.filter { $0 + 1 < lines.count && lines[$0].hasPrefix("- [") && !lines[$0 + 1].hasPrefix("    ") }
  }
  var candidates = items()
  for _ in 0..<renames { lines[rng.element(candidates)] += " (renamed)" }
  for _ in 0..<moves {
    let line = lines.remove(at: rng.element(candidates))
    candidates = items()
    lines.insert(line, at: rng.element(candidates))
  }
  return Array(lines.joined(separator: "\n").utf8)
}

/// `tilegrid merge` of three 100,000-card Markdown boards, each side 100 moves and 100 renames from
/// the base: the cards paired across versions (no ids), merged, the board written.
func benchBoardMerge(directory: String) throws {
  let base = makeBoard(cards: 100_000)
  let paths = ["base", "ours", "theirs"].map { directory + "/board-\($0).md" }
  let texts = [base, editedBoard(base, seed: 1, moves: 100, renames: 100), editedBoard(base, seed: 2, moves: 100, renames: 100)]
  for (path, text) in zip(paths, texts) { try Data(text).write(to: URL(fileURLWithPath: path)) }
  let out = directory + "/board-merged.md"
  var runs: [(wall: Double, cpu: Double)] = []
  for _ in 0..<3 {
    runs.append(timed {
      if TileGridCommand.main(["merge"] + paths + ["-o", out]) != 0 { fatalError("tilegrid merge of boards conflicted") }
    })
  }
  report("tilegrid merge, three 100,000-card Markdown boards, 100 moves and 100 renames a side", wallAndCPU(runs), "< 1 s")
  let sides = try texts.map { try ArrangementFormat.markdown.read($0) }
  let versions = zip(sides, texts).map { MergeVersion($0, format: .markdown, bytes: $1) }
  let cascade = timed { _ = MergeCascade.merge(base: versions[0], ours: versions[1], theirs: versions[2]) }
  let byID = timed { _ = Arrangement.merge(base: sides[0], ours: sides[1], theirs: sides[2]) }
  report(
    "  of which: the merge's stages / the merge by ids alone (CPU)",
    String(format: "%.0f / %.0f ms", cascade.cpu * 1000, byID.cpu * 1000), "")
}

if arguments.first == "--breakdown", arguments.count == 2 {
  try breakdown(arguments[1])
} else if arguments.first == "--parse", arguments.count == 2 {
  // For instruction counts: `valgrind --tool=callgrind tilegrid-bench --parse FILE`.
  print(try open(arguments[1]).tileCount)
} else if arguments.first == "--check", arguments.count == 2 {
  let input = try Platform.mapped(arguments[1])
  _ = try input.withBytes { (bytes, release) throws(LoadError) in try Arrangement.validate(json: bytes, releasing: release) }
} else if arguments.first == "--count", arguments.count == 4, ["drag", "frames"].contains(arguments[1]),
  ["flow", "lanes"].contains(arguments[2]), let tiles = Int(arguments[3])
{
  countSteps(arguments[1], layout: arguments[2], tiles: tiles)
} else if arguments.first == "--merge-lines", arguments.count == 4 {
  // `tilegrid-bench --merge-lines OURS BASE THEIRS`: TextMerge as `git merge-file -p` runs.
  exit(try mergeLinesCommand(ours: arguments[1], base: arguments[2], theirs: arguments[3]))
} else if arguments.first == "--export", arguments.count == 2 {
  let arrangement = try Arrangement(json: try Platform.read(arguments[1]).bytes)
  print(arrangement.jsonBytes().count)
} else {
  // Parts: --layout, --drag, --lanes (a lane of a million cards), --frame, --find, --organize, --edit
  // (the layout), --editing (the document and the editor), --files, --formats, --versions (diff and
  // merge), --text-merge (the line merge against git merge-file), --terminal (with --motion: glides
  // through a pseudo-terminal, read fast and at 64 KB/s; also alone), --prompt (typing into the
  // prompts) (default: all). The first other argument is the data directory.
  let directory = arguments.first { !$0.hasPrefix("--") } ?? FileManager.default.temporaryDirectory.path + "/tilegrid-bench"
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  let parts = Set(arguments.filter { $0.hasPrefix("--") })
  let all = parts.isEmpty
  if all || parts.contains("--layout") { benchLayout() }
  if all || parts.contains("--drag") { benchDragStep() }
  if all || parts.contains("--lanes") { benchLanes() }
  if all || parts.contains("--frame") { try benchFrame() }
  if all || parts.contains("--find") { try benchFind() }
  if all || parts.contains("--organize") { benchOrganize() }
  if all || parts.contains("--edit") { benchEdits() }
  if all || parts.contains("--editing") {
    benchEditing(mixed: false)
    benchEditing(mixed: true)
    try benchIDIndex(ofFile: millionFile(in: directory))
    benchEditorRename()
  }
  if all || parts.contains("--files") { try benchFiles(directory: directory) }
  if all || parts.contains("--formats") { try benchFormats(directory: directory) }
  if all || parts.contains("--versions") {
    try benchVersions(directory: directory)
    try benchBoardMerge(directory: directory)
  }
  if all || parts.contains("--text-merge") { try benchTextMerge(directory: directory) }
  if all || parts.contains("--terminal") { try benchTerminal(directory: directory) }
  if all || parts.contains("--terminal") || parts.contains("--motion") { try benchMotion(directory: directory) }
  if all || parts.contains("--prompt") { try benchPrompt(directory: directory) }
}
