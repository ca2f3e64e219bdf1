// ReorderDemo: loads an arrangement, lays it out for a 40 x 12 screen, drags the tile "write" with the
// mouse past the end of the section "done" (press, hold past the long press, move, release), and prints
// what happened and the new order; with OUT, saves the result there.
//
//     swift run --package-path Examples/ReorderDemo ReorderDemo [ARRANGEMENT [OUT]]
//
// ARRANGEMENT defaults to this package's arrangement.json.

import Document
import Foundation  // for files only: the engine itself does not use Foundation
import GridLayout
import Reorder
import TileGridJSON
import TileModel

@main
struct ReorderDemo {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())

    // 1. Load. A LoadError's description names the place: "sections[0].items[2].color: …".
    let input = arguments.first ?? ownArrangement
    guard let data = FileManager.default.contents(atPath: input) else { fail("cannot read \(input)") }
    let arrangement: Arrangement
    do {
      arrangement = try Arrangement(json: [UInt8](data))
    } catch {
      fail("\(input): \(error)")
    }

    // 2. Lay out: the content sits between a title row and a status row of a 40 x 12 screen.
    let screen = Size(width: 40, height: 12)
    let viewport = Rect(x: 0, y: 1, width: 40, height: 10)
    // The document holds the arrangement, its layout and the undo history; the recognizer changes it
    // through edits.
    var document = Document(arrangement: arrangement, viewport: viewport.size)
    var state = ReorderState(document: document, screen: screen, viewport: viewport)
    print("\(arrangement.tileCount) tiles, content \(document.layout.contentSize) on a \(screen) screen:")
    printOrder(document.arrangement)

    // 3. Where to press and where to go, in screen cells: the middle of "write", then three cells past
    // "plan", the last tile of "done" (that section's end zone).
    guard let source = arrangement.path(ofTileID: "write"), let target = arrangement.path(ofTileID: "plan") else {
      fail("\(input) has no tiles \"write\" and \"plan\"")
    }
    let grabbed = document.layout.frame(of: source)
    let start = state.viewport.screenPoint(fromContent: Point(x: grabbed.x + grabbed.width / 2, y: grabbed.y + 1))
    let last = document.layout.frame(of: target)
    let end = state.viewport.screenPoint(fromContent: Point(x: last.maxX + 3, y: last.y + 1))

    // 4. Drag. Time is a value passed in, in milliseconds: nothing sleeps, and a replay is exact.
    print("drag \"write\" from \(start) to \(end):")
    func send(_ input: ReorderInput, at time: Int) {
      let happenings = state.handle(input, at: time, in: &document).map(describe)
      let line = "  \(time) ms".padding(toLength: 10, withPad: " ", startingAt: 0) + words(input)
      let said = happenings.joined(separator: ", ")
      print(said.isEmpty ? line : line.padding(toLength: 26, withPad: " ", startingAt: 0) + said)
    }
    send(.press(start), at: 0)
    // Held still, the long press fires at its deadline (300 ms after the press, by default).
    if let deadline = state.nextDeadline { send(.tick, at: deadline) }
    var time = 400
    for step in 1...4 {
      let x = start.x + (end.x - start.x) * step / 4
      let y = start.y + (end.y - start.y) * step / 4
      send(.motion(Point(x: x, y: y)), at: time)
      time += 50
    }
    send(.release(end), at: time)

    // 5. The new order (the whole drag is one undo step: `document.undo()` takes it back), and the file.
    print("after the drag:")
    printOrder(document.arrangement)
    if arguments.count > 1 {
      let output = arguments[1]
      guard FileManager.default.createFile(atPath: output, contents: Data(document.arrangement.jsonBytes())) else {
        fail("cannot write \(output)")
      }
      print("saved \(output)")
    }
  }

  /// This package's arrangement.json, found from this source file's place.
  static var ownArrangement: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("arrangement.json").path
  }

  /// Each section's title and its tiles' ids, in order.
  static func printOrder(_ arrangement: Arrangement) {
    for (s, section) in arrangement.sections.enumerated() {
      print("  \(section.displayTitle): \(arrangement.tiles(inSection: s).map(\.id).joined(separator: " "))")
    }
  }

  /// An input in the words of a `tilegrid play` events file.
  static func words(_ input: ReorderInput) -> String {
    switch input {
    case .press(let p): return "press \(p.x) \(p.y)"
    case .motion(let p): return "move \(p.x) \(p.y)"
    case .release(let p): return "release \(p.x) \(p.y)"
    case .tick: return "tick"
    default: return "\(input)"
    }
  }

  /// A happening in the words of `tilegrid play --trace`: a verb and its subject.
  static func describe(_ happening: Happening) -> String {
    switch happening {
    case .lifted(let subject, _): return "lift \(name(subject))"
    case .moved(let from, let to): return "move \(name(from)) -> \(name(to))"
    case .refused(let subject, let reason): return "refused \(name(subject)): \(reason)"
    case .dropped(let subject, _): return "drop \(name(subject))"
    case .cancelled(let subject): return "cancel (back at \(name(subject)))"
    case .scrolled(let cells): return "scroll \(cells)"
    case .focused(let focus): return "focus \(focus)"
    case .nothingToLift: return "nothing to lift"
    case .blocked(let reason): return "blocked: \(reason)"
    // Marks, typed moves, edits, undo and redo come from keys this demo does not press.
    default: return "\(happening)"
    }
  }

  /// A subject as the trace writes it: `S.I`, `block S.I`, `section S`.
  static func name(_ subject: Subject) -> String {
    switch subject {
    case .tile(let path): return "\(path)"
    case .block(let start, let count): return "block \(start) (\(count) tiles)"
    case .section(let s): return "section \(s)"
    }
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ReorderDemo: \(message)\n".utf8))
    exit(1)
  }
}
