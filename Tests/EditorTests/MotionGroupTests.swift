import Canvas
import Editor
import Reorder
import Runtime
import Testing
import TileModel

/// Motion of things that move together: a section's header and drop zone glide with its tiles, and a
/// lifted block's tiles fly as one, the lifted one on top. Driven through the program loop on a script
/// (`Program` with `ScriptedPort`), as `tilegrid render --events` runs it.
@Suite("Motion of groups: sections with their tiles, a block's tiles together")
struct MotionGroupTests {
  /// The demo at 80 x 24 with motion on, after `events` (an events file's lines), run by the program.
  static func run(_ events: String) throws -> EditorState {
    var editor = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "demo.json")
    editor.setMotion(true)
    var port = ScriptedPort(try EventScript.parse(Array(events.utf8)))
    Program.run(&editor, on: &port)
    return editor
  }

  /// Changes that move sections: moved from the keyboard, dropped and undone, carried by the mouse and
  /// dropped (the header lands from where it floated), and a tile typed into the first section that
  /// makes it a line taller (the sections below reflow).
  static let sectionMoves: [(name: String, events: String)] = [
    ("section moved from the keyboard", "key tab\nkey tab\nkey space\nkey up\n"),
    ("section moved, dropped and undone", "key tab\nkey tab\nkey space\nkey up\nkey enter\nwait 300\nkey u\n"),
    ("section carried by the mouse and dropped", carrySection + "release 3 5\n"),
    ("a reflow that moves sections", "key down\nkey m\n" + #"input "Favorites""# + "\nkey enter\n"),
  ]

  /// Grays lifted by its header with the mouse and carried over Favorites.
  static let carrySection = "press 3 15\nwait 300\nmove 3 12\nmove 3 8\nmove 3 5\nwait 300\n"

  /// Where the frame at `time` draws each section's frame (screen cells), by section index.
  static func sectionOrigins(_ editor: EditorState, at time: Int?) -> [Int: Point] {
    var origins: [Int: Point] = [:]
    let viewport = editor.reorder.viewport
    for s in editor.document.layout.sections(intersecting: viewport.visibleContent) {
      origins[s] = viewport.screenPoint(fromContent: editor.document.layout.sectionFrame(s).origin)
    }
    for (s, origin) in editor.glidingSections(at: time) { origins[s] = origin }
    return origins
  }

  /// Where the frame at `time` draws each tile that is drawn as itself (screen cells), by path.
  static func tileOrigins(_ editor: EditorState, at time: Int?) -> [ItemPath: Point] {
    var origins: [ItemPath: Point] = [:]
    for layer in editor.tileLayers(at: time) where layer.kind == .resting || layer.kind == .gliding {
      origins[layer.path] = layer.rect.origin
    }
    return origins
  }

  @Test("a section's header glides with its tiles: at every frame it is as far along as each tile that goes its way",
        arguments: sectionMoves.map(\.name))
  func sectionsGlideWithTheirTiles(_ name: String) throws {
    let editor = try Self.run(Self.sectionMoves.first { $0.name == name }!.events)
    let restingSections = Self.sectionOrigins(editor, at: nil)
    let restingTiles = Self.tileOrigins(editor, at: nil)
    let firstSections = Self.sectionOrigins(editor, at: editor.now)
    let firstTiles = Self.tileOrigins(editor, at: editor.now)
    var together = 0
    var apart: [String] = []
    for (s, end) in restingSections {
      guard let start = firstSections[s], start != end else { continue }
      // The tiles of the section that go as far as its header (the others change their place in it).
      let companions = restingTiles.keys.filter {
        path in path.section == s && firstTiles[path].map { restingTiles[path]! - $0 } == end - start
      }
      for elapsed in 0...260 {
        let time = editor.now + elapsed
        guard let header = Self.sectionOrigins(editor, at: time)[s] else { continue }
        let tiles = Self.tileOrigins(editor, at: time)
        for path in companions {
          guard let tile = tiles[path] else { continue }
          together += 1
          if tile - header != restingTiles[path]! - end { apart.append("+\(elapsed): section \(s), tile \(path)") }
        }
      }
    }
    // A header dropped by the mouse lands alone: its tiles were in their places already.
    #expect(together > 0 || name.contains("mouse"), "\(name): no header glided with a tile")
    #expect(apart.isEmpty, "\(name): a header and its tile apart at \(apart.prefix(5))")
    for elapsed in [250, 251, 400] {
      let rests = Self.sectionOrigins(editor, at: editor.now + elapsed) == restingSections
      #expect(rests, "\(name) at +\(elapsed): not at rest")
    }
  }

  @Test("a header glides through the rows between, monotonically, and the screen at 250 ms is the resting one",
        arguments: sectionMoves.map(\.name))
  func headerPathsAreMonotonic(_ name: String) throws {
    let editor = try Self.run(Self.sectionMoves.first { $0.name == name }!.events)
    let resting = Self.sectionOrigins(editor, at: nil)
    for (s, end) in resting {
      let path = (0...250).compactMap { Self.sectionOrigins(editor, at: editor.now + $0)[s] }
      guard let start = path.first, start != end else { continue }
      #expect(path.last == end)
      for (a, b) in zip(path, path.dropFirst()) {
        #expect((b.y - a.y) * (end.y - start.y) >= 0 && (b.x - a.x) * (end.x - start.x) >= 0, "\(name): \(s) goes back")
      }
    }
    let rests = editor.view(scheme: .color, at: editor.now + 250) == editor.view(scheme: .color)
    #expect(rests)
  }

  @Test("a header dropped by the mouse lands from where it floated into its place")
  func droppedHeaderLands() throws {
    let carried = try Self.run(Self.carrySection)
    let floating = try #require(carried.floatingHeaderOrigin(at: nil))
    let dropped = try Self.run(Self.carrySection + "release 3 5\n")
    let s = 0  // Grays, dropped first
    let slot = try #require(Self.sectionOrigins(dropped, at: nil)[s])
    #expect(dropped.arrangement.sections[s].id == "grays")
    #expect(floating != slot)
    // The drop's own frame shows the first step, a sixth of the way from where it floated.
    let first = try #require(Self.sectionOrigins(dropped, at: dropped.now)[s])
    #expect(abs(first.y - floating.y) <= abs(slot.y - floating.y) / 5 + 1 && first.y != slot.y)
    #expect(Self.sectionOrigins(dropped, at: dropped.now + 250)[s] == slot)
  }

  @Test("a section moved from the keyboard: its floating header glides from its old place to its new one")
  func floatingHeaderGlides() throws {
    let before = try Self.run("key tab\nkey tab\nkey space\nwait 300\n")
    let editor = try Self.run("key tab\nkey tab\nkey space\nwait 300\nkey up\n")
    let from = try #require(before.floatingHeaderOrigin(at: nil))
    let to = try #require(editor.floatingHeaderOrigin(at: nil))
    #expect(from.y > to.y)
    let path = (0...250).compactMap { editor.floatingHeaderOrigin(at: editor.now + $0) }
    // From its first step (a sixth of the way, in the move's own frame) to its new place.
    #expect(path.first!.y <= from.y && from.y - path.first!.y <= (from.y - to.y) / 5 + 1 && path.last == to)
    #expect(Set(path.map(\.y)).count > 2, "it jumps: \(Set(path.map(\.y)))")
    #expect(zip(path, path.dropFirst()).allSatisfy { $0.1.y <= $0.0.y })
  }

  /// A lifted block of blue, green (marked) and gray (lifted), moved from the keyboard: a row down, and
  /// a row down then back up inside the first glide (each starts again from where it is drawn).
  static let blockMoves: [(name: String, events: String)] = [
    ("block lifted", "key x\nkey right\nkey right\nkey x\nkey down\nkey x\nkey space\n"),
    ("block moved", "key x\nkey right\nkey right\nkey x\nkey down\nkey x\nkey space\nwait 300\nkey down\n"),
    ("block moved twice", "key x\nkey right\nkey right\nkey x\nkey down\nkey x\nkey space\nwait 300\nkey down\nwait 60\nkey up\n"),
    ("block cancelled", "key x\nkey right\nkey right\nkey x\nkey down\nkey x\nkey space\nwait 300\nkey down\nwait 300\nkey esc\n"),
  ]

  @Test("a lifted block's tiles fly together: its slots move with the lifted tile, each tile is drawn once, the lifted one last",
        arguments: blockMoves.dropLast().map(\.name))
  func blockFliesTogether(_ name: String) throws {
    let editor = try Self.run(Self.blockMoves.first { $0.name == name }!.events)
    let drag = try #require(editor.reorder.gesture.session?.tiles)
    #expect(drag.block?.count == 3)
    let resting = editor.tileLayers(at: nil)
    func members(_ layers: [TileLayer]) -> [ItemPath: Rect] {
      var rects: [ItemPath: Rect] = [:]
      for layer in layers {
        switch layer.kind {
        case .lifted: rects[layer.path] = layer.rect
        case .placeholder where layer.path != drag.current: rects[layer.path] = layer.rect
        default: break
        }
      }
      return rects
    }
    let rest = members(resting)
    #expect(rest.count == 3)
    var moved = false
    for elapsed in 0...260 {
      let layers = editor.tileLayers(at: editor.now + elapsed)
      let drawn = members(layers)
      #expect(drawn.keys.sorted() == rest.keys.sorted(), "\(name) at +\(elapsed): a slot of the block is missing")
      let ids = layers.filter { $0.kind != .placeholder }.map { editor.arrangement[$0.path].id }
      #expect(Set(ids).count == ids.count, "\(name) at +\(elapsed): a tile drawn twice")
      if case .lifted = layers.last?.kind {} else { Issue.record("\(name) at +\(elapsed): the lifted tile is not on top") }
      // One offset from the resting places for the whole block when its tiles go the same way.
      let offsets = Set(drawn.map { $0.value.origin - rest[$0.key]!.origin })
      if name != "block lifted" { #expect(offsets.count == 1, "\(name) at +\(elapsed): the block comes apart: \(offsets)") }
      if offsets != [Point(x: 0, y: 0)] { moved = true }
    }
    #expect(moved, "\(name): the block did not glide")
  }

  @Test("a block's tiles start together: at the lift and at a cancel, each that moves is on the same easing from the same moment",
        arguments: [blockMoves[0].name, blockMoves[3].name])
  func blockStartsAndRestsTogether(_ name: String) throws {
    let events = Self.blockMoves.first { $0.name == name }!.events
    let editor = try Self.run(events)
    // The frame before the last event: where the tiles were drawn when it came.
    let before = try Self.run(String(events.split(separator: "\n").dropLast().map { $0 + "\n" }.joined()))
    let ids = ["blue", "green", "gray"]
    func places(_ editor: EditorState, at time: Int?) -> [String: Point] {
      var places: [String: Point] = [:]
      for layer in editor.tileLayers(at: time) {
        let id = editor.arrangement[layer.path].id
        guard ids.contains(id) else { continue }
        if layer.kind == .placeholder, editor.reorder.gesture.session?.tiles?.current == layer.path { continue }
        places[id] = layer.rect.origin
      }
      return places
    }
    func places(at time: Int?) -> [String: Point] { places(editor, at: time) }
    let rest = places(at: nil)
    let first = places(before, at: before.now)
    let moving = ids.filter { first[$0] != rest[$0] }
    #expect(moving.count >= 2, "\(name): \(moving)")
    // At every millisecond one fraction of the way fits every tile: each is at the nearest cell of
    // that fraction of its own way (so none starts, lags or lands apart), and it only grows.
    var least = 0.0
    for elapsed in 0...250 {
      let drawn = places(at: editor.now + elapsed)
      var low = 0.0
      var high = 1.0
      for id in moving {
        let (a, b, at) = (first[id]!, rest[id]!, drawn[id]!)
        for (from, to, now) in [(a.x, b.x, at.x), (a.y, b.y, at.y)] where to != from {
          let (p, q) = ((Double(now - from) - 0.5) / Double(to - from), (Double(now - from) + 0.5) / Double(to - from))
          low = max(low, min(p, q))
          high = min(high, max(p, q))
        }
      }
      #expect(low <= high, "\(name) at +\(elapsed): the block's tiles are not equally far along: \(drawn)")
      #expect(high >= least, "\(name) at +\(elapsed): the block goes back")
      least = max(least, low)
    }
    // All on their way in the frame of the change itself, all at rest at 250 ms.
    let changed = places(at: editor.now)
    #expect(moving.allSatisfy { changed[$0] != first[$0] }, "\(name): \(changed) against \(first)")
    #expect(places(at: editor.now + 250) == rest)
  }
}

/// A scroll glides as tiles do: the view passes through the rows between (ncurses moves the lines that
/// stay with the terminal's scrolling), and its last frame is the resting screen. There is no byte
/// budget: a terminal too slow for the frames drops them (`FramePacer`).
@Suite("Motion of a scroll: through the rows between, the last frame at rest")
struct MotionScrollTests {
  /// 3,000 tiles in one section at 200 x 60 with motion on, after `events`, run by the program.
  static func run(_ events: String) throws -> EditorState {
    let tiles = (0..<3000).map { Tile(id: "t\($0)") }
    var editor = EditorState(
      arrangement: Arrangement(sections: [(Section(id: "all"), tiles)]), screen: Size(width: 200, height: 60),
      fileName: "long.json")
    editor.setMotion(true)
    var port = ScriptedPort(try EventScript.parse(Array(events.utf8)))
    Program.run(&editor, on: &port)
    return editor
  }

  static let scrolls: [(name: String, events: String)] = [
    ("page down", "key pgdn\n"),
    ("page down, then up", "key pgdn\nwait 300\nkey pgup\n"),
    ("the last tile", "key G\n"),
    // A lifted tile carried from the keyboard one row past the screen's bottom edge: the view scrolls a row.
    ("a lifted tile carried past the edge",
     "key space\nwait 300\n" + String(repeating: "key down\nwait 300\n", count: 13) + "key down\n"),
  ]

  @Test("a change that scrolls glides through the positions between, each frame a step on, the last the resting screen",
        arguments: scrolls.map(\.name))
  func scrollGlides(_ name: String) throws {
    let events = Self.scrolls.first { $0.name == name }!.events
    let editor = try Self.run(events)
    let before = try Self.run(String(events.split(separator: "\n").dropLast().map { $0 + "\n" }.joined()))
    let rest = editor.view(scheme: .color)
    #expect(before.reorder.viewport.position != editor.reorder.viewport.position, "\(name): nothing scrolled")
    // Every frame a terminal that keeps up draws, one each 16 ms, and the resting one.
    var frames = stride(from: 0, to: 250, by: Motion.frameInterval).map { editor.view(scheme: .color, at: editor.now + $0) }
    frames.append(editor.view(scheme: .color, at: editor.now + 250))
    #expect(frames.last == rest)
    #expect(frames.first != rest)
    // A glide, not a jump: frames between the first and the last, each different from the one before
    // until it rests.
    let distinct = zip(frames, frames.dropFirst()).filter { $0.0 != $0.1 }.count
    #expect(distinct >= 4, "\(name): \(distinct) changes")
  }
}
