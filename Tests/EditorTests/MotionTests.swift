import Canvas
import Editor
import Foundation
import Reorder
import TerminalInput
import TestSupport
import Testing
import Runtime
import TileModel

/// Motion: what moved glides from where it was drawn to where it rests, over 0.25 s, in whole cells,
/// each tile drawn once per frame, the lifted one on top; a frame is a function of the state and a
/// time, and the arrangement never depends on it.
@Suite("Motion: glides, frames and the resting screen")
struct MotionTests {
  /// The demo at 80 x 24 with motion on, after `events` (an events file's lines).
  static func editor(_ events: String, motion: Bool = true, arrangement: Arrangement = .demo) throws -> EditorState {
    var editor = EditorState(arrangement: arrangement, screen: Size(width: 80, height: 24), fileName: "demo.json")
    editor.setMotion(motion)
    try Program.play(events, on: &editor)
    return editor
  }

  static let carry = "press 5 3\nwait 300\nmove 9 5\nmove 14 8\nmove 20 9\nwait 300\n"

  /// Changes that glide: a drop, a cancel, a typed move, keyboard moves, a section moved from the
  /// keyboard, undo and redo, a delete that reflows, a page scrolled, a block lifted.
  static let changes: [(name: String, events: String)] = [
    ("drop", carry + "release 20 9\n"),
    ("cancel", carry + "key esc\n"),
    ("typed move", "key m\n" + #"input "Archive""# + "\nkey enter\n"),
    ("keyboard move", "key space\nkey right\nkey down\n"),
    ("section move", "key tab\nkey tab\nkey space\nkey up\n"),
    ("undo", "key space\nkey down\nkey enter\nwait 400\nkey u\n"),
    ("redo", "key space\nkey down\nkey enter\nwait 400\nkey u\nwait 400\nkey U\n"),
    ("delete", "key right\nkey d\n"),
    ("lift", "key space\n"),
    ("block", "key x\nkey right\nkey right\nkey x\nkey down\nkey x\nkey space\nkey down\n"),
  ]

  @Test("from 250 ms after the last event on, the frame is the resting screen", arguments: changes.map(\.name))
  func restsAfterTheDuration(_ name: String) throws {
    let editor = try Self.editor(Self.changes.first { $0.name == name }!.events)
    for scheme in [ColorScheme.monochrome, .color] {
      let resting = editor.view(scheme: scheme)
      for later in [250, 251, 1000] {
        let same = editor.view(scheme: scheme, at: editor.now + later) == resting
        #expect(same, "\(name) at +\(later)")
      }
    }
    let moving = editor.isMoving(at: editor.now + 250)
    let sameLayers = editor.tileLayers(at: editor.now + 250) == editor.tileLayers(at: nil)
    #expect(!moving && sameLayers)
  }

  @Test("something moves at first: the frame at 0 ms is not the resting screen", arguments: changes.map(\.name))
  func movesAtFirst(_ name: String) throws {
    let editor = try Self.editor(Self.changes.first { $0.name == name }!.events)
    let moving = editor.isMoving(at: editor.now)
    let differs = editor.view(scheme: .monochrome, at: editor.now) != editor.view(scheme: .monochrome)
    #expect(moving && differs)
  }

  @Test("a drop from the keyboard lands where the tile floats: nothing glides, and the frame is at rest")
  func keyboardDropRests() throws {
    let editor = try Self.editor("key space\nkey down\nwait 300\nkey enter\n")
    let moving = editor.isMoving(at: editor.now)
    let same = editor.view(scheme: .monochrome, at: editor.now) == editor.view(scheme: .monochrome)
    #expect(!moving && same)
  }

  @Test("every frame draws each tile once, the lifted or landing tile last", arguments: changes.map(\.name))
  func eachTileOnce(_ name: String) throws {
    let editor = try Self.editor(Self.changes.first { $0.name == name }!.events)
    for elapsed in stride(from: 0, through: 260, by: 4) {
      let layers = editor.tileLayers(at: editor.now + elapsed)
      let tiles = layers.filter { $0.kind != .placeholder }
      let ids = tiles.map { editor.arrangement[$0.path].id }
      #expect(Set(ids).count == ids.count, "\(name) at +\(elapsed): a tile drawn twice: \(ids)")
      for (k, layer) in layers.enumerated() {
        switch layer.kind {
        case .lifted: #expect(k == layers.count - 1, "\(name) at +\(elapsed): the lifted tile is not on top")
        case .landing:
          #expect(layers[(k + 1)...].allSatisfy { if case .lifted = $0.kind { true } else { false } })
        default: break
        }
      }
    }
  }

  /// Where each tile (by id) is drawn in the frame at `time`.
  static func places(_ editor: EditorState, at time: Int) -> [String: Rect] {
    var places: [String: Rect] = [:]
    for layer in editor.tileLayers(at: time) where layer.kind != .placeholder {
      places[editor.arrangement[layer.path].id] = layer.rect
    }
    return places
  }

  @Test("a glide goes through the cells between its ends, each axis monotonically, from where it was to its slot")
  func pathsAreMonotonic() throws {
    for (name, events) in Self.changes {
      let editor = try Self.editor(events)
      let frames = (0...250).map { Self.places(editor, at: editor.now + $0) }
      let resting = Self.places(editor, at: editor.now + 250)
      for (id, end) in resting {
        let path = frames.compactMap { $0[id] }
        guard let start = path.first, start != end else { continue }
        #expect(path.last == end, "\(name): \(id) ends elsewhere")
        for (a, b) in zip(path, path.dropFirst()) {
          // Never back, never past the end, on either axis.
          #expect((b.minX - a.minX) * (end.minX - start.minX) >= 0 && (b.minY - a.minY) * (end.minY - start.minY) >= 0,
            "\(name): \(id) goes back between \(a) and \(b)")
          #expect(min(start.minX, end.minX) <= b.minX && b.minX <= max(start.minX, end.minX))
          #expect(min(start.minY, end.minY) <= b.minY && b.minY <= max(start.minY, end.minY))
        }
        // Whole cells, through the cells between: a millisecond at a time, the longer axis goes a cell
        // at a time (at most 0.012 of the way a millisecond), so it visits every cell of its way.
        let far = max(abs(end.minX - start.minX), abs(end.minY - start.minY))
        #expect(Set(path.map(\.origin)).count >= min(far, 80) + 1, "\(name): \(id) jumps from \(start) to \(end)")
      }
    }
  }

  @Test("a change mid-glide starts each tile from where it is drawn: the frame of a message is at most its first step on from the frame before")
  func retargetStartsFromTheDrawnPlace() throws {
    // Keyboard moves, a typed move, undo and redo, at times inside each other's glides.
    let steps: [(wait: Int, event: String)] = [
      (0, "key space"), (40, "key right"), (30, "key right"), (90, "key down"), (10, "key left"), (120, "key enter"),
      (60, "key m"), (0, #"input "Grays""#), (0, "key enter"), (100, "key u"), (50, "key U"), (20, "key u"),
    ]
    var editor = try Self.editor("", motion: true)
    var retargeted = 0
    for (wait, line) in steps {
      if wait > 0 { Program.wait(wait, on: &editor) }
      let before = Self.places(editor, at: editor.now)
      let gliding = editor.isMoving(at: editor.now)
      try Program.play(line + "\n", on: &editor)
      let after = Self.places(editor, at: editor.now)
      let rest = Self.places(editor, at: editor.now + 250)
      for (id, rect) in after {
        guard let was = before[id], let end = rest[id] else { continue }
        // On the way from where it was drawn to where it rests, and no further than the first step (a
        // sixth of the way; a cell more for the scroll's own rounding).
        for (b, a, r) in [(was.minX, rect.minX, end.minX), (was.minY, rect.minY, end.minY)] {
          #expect(min(b, r) <= a && a <= max(b, r), "after '\(line)': \(id) left its way: \(was) \(rect) \(end)")
          #expect(abs(a - b) <= abs(r - b) / 5 + 2, "after '\(line)': \(id) jumped from \(was) to \(rect), resting at \(end)")
        }
      }
      if gliding && Self.places(editor, at: editor.now + 250) != after { retargeted += 1 }
    }
    #expect(retargeted >= 3)
  }

  @Test("the lifted tile's shadow grows over 0.25 s, from its first step in the lift's own frame, while its border is heavy at once")
  func liftRises() throws {
    let editor = try Self.editor("key space\n")
    let shadows = stride(from: 0, through: 250, by: 10).map { elapsed in
      editor.view(scheme: .monochrome, at: editor.now + elapsed).lines.joined().filter { $0 == "░" }.count
    }
    // The frame of the lift already shows the first step of the rise.
    #expect(shadows.first! <= shadows.last! / 4)
    #expect(shadows == shadows.sorted())
    #expect(shadows.last == editor.view(scheme: .monochrome).lines.joined().filter { $0 == "░" }.count)
    #expect(editor.view(scheme: .monochrome, at: editor.now).lines[2].contains("┏"))
  }

  @Test("motion off: every frame is the resting screen at once")
  func offRestsAtOnce() throws {
    for (name, events) in Self.changes {
      let off = try Self.editor(events, motion: false)
      let moving = off.isMoving(at: off.now)
      let atOnce = off.view(scheme: .monochrome, at: off.now) == off.view(scheme: .monochrome)
      #expect(!moving && atOnce, "\(name)")
      // The same screen as with motion on, once it rests.
      let on = try Self.editor(events)
      let same = on.view(scheme: .color, at: on.now + 250) == off.view(scheme: .color)
      #expect(same, "\(name)")
      // Turned off mid-glide, it rests at once.
      var stopped = on
      stopped.setMotion(false)
      let stoppedRests = stopped.view(scheme: .monochrome, at: stopped.now) == off.view(scheme: .monochrome)
      #expect(stoppedRests, "\(name)")
    }
  }

  static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios")

  @Test("every scenario gives the same arrangement and the same happenings with motion on or off")
  func scenariosAreTheSame() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.scenarios.path).filter { $0.hasSuffix(".events") }
    #expect(files.count > 20)
    for file in files.sorted() {
      let text = try String(contentsOf: Self.scenarios.appendingPathComponent(file), encoding: .utf8)
      let script = try EventScript.parse(Array(text.utf8))
      // The scenarios name their fixture in a comment; the demo for the others is enough here: the point
      // is that motion changes nothing but frames.
      var results: [[String]] = []
      for motion in [false, true] {
        var editor = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "demo.json")
        editor.setMotion(motion)
        let happenings = Program.play(script.map(\.event), on: &editor).happenings.map { "\($0)" }
        results.append(happenings + ["\(editor.arrangement.allTiles().map(\.id))", "\(editor.reorder.viewport)"])
      }
      #expect(results[0] == results[1], "\(file)")
    }
  }

  @Test("only tiles near the screen are followed, however many the arrangement holds")
  func boundedByTheScreen() throws {
    let tiles = (0..<200_000).map { Tile(id: "t\($0)") }
    let many = Arrangement(sections: [(Section(id: "a"), Array(tiles[..<100_000])), (Section(id: "b"), Array(tiles[100_000...]))])
    var editor = try Self.editor("", arrangement: many)
    try Program.play("key m\n" + #"input "b""# + "\nkey enter\n", on: &editor)
    let moving = editor.isMoving(at: editor.now)
    #expect(moving)
    // The screen holds 5 x 6 tiles; those moved on it and a line either side glide, no more.
    #expect(editor.motion.glideCount <= 60)
    let rests = editor.view(scheme: .monochrome, at: editor.now + 250) == editor.view(scheme: .monochrome)
    #expect(rests)
  }
}
