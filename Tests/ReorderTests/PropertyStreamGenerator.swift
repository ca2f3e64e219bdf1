import Runtime
import Document
import Canvas
import TerminalInput
import GridLayout
import TileModel

@testable import Editor
@testable import Reorder

/// What kind of streams to make: which events are likely in each phase of the interaction.
enum PropertyProfile: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Long-press drags: presses on tiles, waits around the long press, many motions, auto-scroll.
  case mouse
  /// Focus moves, keyboard lifts and moves, undo and redo.
  case keyboard
  /// Every kind of event about equally often, in any phase (resizes, focus loss, presses mid-drag…).
  case chaos
  /// Mouse drags whose pointer often stays on the same cell for several motions and waits.
  case stillPointer
  /// Mouse drags that go steadily along a diagonal, with waits for auto-scroll: where a direction
  /// filter per axis is most likely to let a tile go back and forth.
  case diagonal
  /// Organizing at scale: marks (`x`, modifier clicks), block drags with the mouse and the keyboard,
  /// long presses on headers and Tab + Space for section drags, Esc clearing marks, undo and redo.
  case organize
  /// Editing mixed with everything else: adding, renaming, recoloring, resizing, deleting and locking
  /// tiles and sections (prompts answered, questions answered, refusals), drags, blocks, sections,
  /// finds, typed moves, undo and redo.
  case editing
  /// A board's lanes (`Direction.lanes`) with lanes longer than the screen: mouse drags across lanes
  /// with auto-scroll along and across them, keys that scroll a lane on its own, keyboard carries.
  case lanes

  var description: String { rawValue }

  /// Keeps seeds of different profiles apart.
  var salt: UInt64 {
    switch self {
    case .mouse: return 0x6D6F_7573_65
    case .keyboard: return 0x6B65_7962
    case .chaos: return 0x6368_616F_73
    case .stillPointer: return 0x7374_696C_6C
    case .diagonal: return 0x6469_6167
    case .organize: return 0x6F72_6761_6E
    case .editing: return 0x6564_6974
    case .lanes: return 0x6C61_6E65_73
    }
  }
}

/// Makes a random event stream one event at a time, looking at the editor's state to aim at tiles,
/// edge bands and the right keys for the current phase.
struct PropertyStreamGenerator {
  enum Phase { case idle, pressing, failed, mouseDrag, keyboardDrag }
  enum Kind { case press, move, release, wait, wheel, key, resize, focus }

  let profile: PropertyProfile
  /// Where the generator last put the pointer (screen cell).
  var pointer = Point.zero
  /// The pointer's step while dragging, changed now and then.
  var velocity = Point(x: 1, y: 1)

  init(profile: PropertyProfile) { self.profile = profile }

  static func phase(_ state: EditorState) -> Phase {
    switch state.reorder.gesture {
    case .idle: return .idle
    case .pressing: return .pressing
    case .failed: return .failed
    case .dragging(let session): return session.source == .mouse ? .mouseDrag : .keyboardDrag
    }
  }

  /// The weight of each kind of event in a phase.
  func weights(_ phase: Phase) -> [(Int, Kind)] {
    // press, move, release, wait, wheel, key, resize, focus
    let w: [Int]
    switch (profile, phase) {
    case (.mouse, .idle), (.stillPointer, .idle), (.diagonal, .idle): w = [45, 5, 5, 10, 8, 15, 5, 2]
    case (.mouse, .pressing), (.stillPointer, .pressing), (.diagonal, .pressing): w = [3, 20, 8, 55, 3, 5, 4, 2]
    case (.mouse, .mouseDrag): w = [2, 60, 4, 20, 2, 5, 4, 1]
    case (.stillPointer, .mouseDrag): w = [2, 60, 4, 25, 1, 3, 2, 1]
    case (.diagonal, .mouseDrag): w = [1, 60, 3, 30, 1, 2, 1, 1]
    case (.mouse, .keyboardDrag), (.stillPointer, .keyboardDrag), (.diagonal, .keyboardDrag):
      w = [5, 10, 5, 10, 3, 60, 5, 2]
    case (.keyboard, .idle): w = [8, 3, 3, 8, 5, 70, 6, 1]
    case (.keyboard, .pressing): w = [3, 10, 20, 40, 2, 20, 5, 2]
    case (.keyboard, .mouseDrag): w = [2, 40, 10, 15, 2, 25, 8, 2]
    case (.keyboard, .keyboardDrag): w = [3, 5, 2, 5, 2, 75, 10, 2]
    case (.organize, .idle): w = [40, 5, 5, 8, 4, 33, 4, 1]
    case (.organize, .pressing): w = [3, 20, 8, 55, 3, 5, 4, 2]
    case (.organize, .mouseDrag): w = [2, 60, 4, 22, 2, 5, 4, 1]
    case (.organize, .keyboardDrag): w = [3, 5, 2, 5, 2, 75, 6, 2]
    case (.editing, .idle): w = [20, 4, 4, 6, 3, 58, 4, 1]
    case (.editing, .pressing): w = [3, 20, 8, 55, 3, 5, 4, 2]
    case (.editing, .mouseDrag): w = [2, 60, 4, 22, 2, 5, 4, 1]
    case (.editing, .keyboardDrag): w = [3, 5, 2, 5, 2, 75, 6, 2]
    case (.lanes, .idle): w = [35, 5, 5, 8, 10, 30, 5, 2]
    case (.lanes, .pressing): w = [3, 20, 8, 55, 3, 5, 4, 2]
    case (.lanes, .mouseDrag): w = [2, 58, 4, 28, 2, 3, 2, 1]
    case (.lanes, .keyboardDrag): w = [3, 5, 2, 5, 2, 75, 6, 2]
    case (.chaos, _): w = [12, 15, 12, 15, 8, 20, 12, 6]
    case (_, .failed): w = [5, 10, 50, 10, 5, 10, 5, 5]  // the button is still down: mostly let go
    }
    let kinds: [Kind] = [.press, .move, .release, .wait, .wheel, .key, .resize, .focus]
    return Array(zip(w, kinds))
  }

  mutating func next(_ state: EditorState, _ rng: inout PropertyRNG) -> ScriptEvent {
    let phase = Self.phase(state)
    // The prompts of typed moves (m), finds (/) and edits take the keys while they are open; a delete
    // question is answered.
    if let prompt = state.prompt { return promptEvent(prompt, state, &rng) }
    if let question = state.question {
      switch question {
      case .deleteTiles, .deleteSection: return .input(.key(rng.chance(70) ? .character("y") : .escape))
      default: return .input(.key(.escape))
      }
    }
    if profile == .editing && phase == .idle && rng.chance(30) {
      return .input(.key(rng.element(Self.editingKeys)))
    }
    if phase == .idle && profile != .stillPointer && profile != .diagonal {
      if rng.chance(profile == .organize || profile == .editing ? 6 : 2) {
        return .input(.key(.character(rng.chance(60) ? "m" : "/")))
      }
      if state.find != nil && rng.chance(6) { return .input(.key(.character(rng.chance(50) ? "n" : "N"))) }
    }
    switch rng.weighted(weights(phase)) {
    case .press:
      if profile == .organize || profile == .editing || profile == .chaos {
        if profile != .chaos && state.reorder.marks.count > 1 && rng.chance(50),
          let marked = aimAtMarkedTile(state, &rng)
        {
          // A long press on a marked tile lifts the block.
          pointer = marked
          return mouse(.press(.left))
        }
        switch rng.weighted([(30, 0), (20, 1), (50, 2)]) {
        case 0:
          // A modifier click marks or unmarks a tile.
          pointer = aimAtTile(state, &rng, visible: 95)
          let modifiers = rng.element([Modifiers.control, .control, .alt, .shift, [.control, .shift]])
          return .input(.mouse(MouseEvent(.press(.left), x: pointer.x, y: pointer.y, modifiers: modifiers)))
        case 1:
          pointer = aimAtHeader(state, &rng)
          return mouse(.press(.left))
        default:
          break
        }
      }
      pointer = rng.chance(80) ? aimAtTile(state, &rng, visible: 95) : anyCell(state, &rng)
      return mouse(.press(.left))
    case .move:
      pointer = motionTarget(state, phase, &rng)
      return mouse(.motion)
    case .release:
      if rng.chance(25) { pointer = rng.chance(50) ? aimAtTile(state, &rng) : anyCell(state, &rng) }
      return mouse(.release(.left))
    case .wait:
      return .wait(waitLength(phase, &rng))
    case .wheel:
      let at = rng.chance(50) ? pointer : anyCell(state, &rng)
      return .input(.mouse(MouseEvent(rng.chance(50) ? .wheelUp : .wheelDown, x: at.x, y: at.y)))
    case .key:
      return .input(.key(key(phase, &rng)))
    case .resize:
      let size = rng.chance(10) ? state.screen : PropertyArrangements.screen(&rng)
      return .input(.resize(width: size.width, height: size.height))
    case .focus:
      return .input(.focus(rng.chance(20)))
    }
  }

  /// A key for an open prompt: the start of a destination or of a find's text, then more text, Tab
  /// (completion), Backspace, and mostly Enter, sometimes Esc.
  func promptEvent(_ prompt: Prompt, _ state: EditorState, _ rng: inout PropertyRNG) -> ScriptEvent {
    let arrangement = state.arrangement
    let empty = prompt.field.text.isEmpty
    switch prompt.purpose {
    case .moveTo:
      if empty || rng.chance(10) {
        let s = rng.int(0...max(0, arrangement.sections.count - 1))
        let section = arrangement.sections.isEmpty ? nil : arrangement.sections[s]
        let count = section?.count ?? 0
        let text: String
        switch rng.int(0...4) {
        // Places from 1, as the screen counts (0 and one past the end are refused).
        case 0: text = "\(section?.id ?? "s9") \(rng.int(0...(count + 2)))"
        case 1: text = "\(section?.displayTitle ?? "S") \(rng.int(0...(count + 2)))"
        case 2: text = section?.id ?? "nosuch"
        case 3: text = String((section?.displayTitle ?? "S").prefix(rng.int(1...3)))
        default: text = rng.element(["", "x", "9.9", "0.0", ":", ".", " 1"])
        }
        return .bytes(Array(text.utf8))
      }
      return .input(.key(rng.weighted([(60, Key.enter), (15, .tab), (8, .backtab), (7, .backspace), (10, .escape)])))
    case .find:
      if empty || rng.chance(20) {
        let titles = arrangement.allTiles().map(\.displayTitle)
        let title = titles.isEmpty ? "t" : rng.element(titles)
        let start = rng.int(0...max(0, title.count - 1))
        let piece = String(title.dropFirst(start).prefix(rng.int(1...2)))
        return .bytes(Array((piece.isEmpty ? "t" : piece).utf8))
      }
      return .input(.key(rng.weighted([(55, Key.enter), (20, .escape), (15, .backspace), (10, .character("z"))])))
    case .saveAs, .palette:
      return .input(.key(.escape))
    case .edit(let kind):
      if rng.chance(10) { return .input(.key(.escape)) }
      switch kind {
      case .recolor:
        if empty || rng.chance(15) {
          return .bytes(Array(rng.element(["sys", "re", "#12AB34", "nope", "Blue", "#FFF", " gray "]).utf8))
        }
        return .input(.key(rng.weighted([(50, Key.enter), (25, .tab), (10, .backtab), (15, .backspace)])))
      case .width, .maxItems:
        if empty || rng.chance(10) {
          return .bytes(Array(rng.element(["", "3", "20", "0", "x", "99999999", "1"]).utf8))
        }
        return .input(.key(rng.weighted([(70, Key.enter), (20, .backspace), (10, .control("u"))])))
      case .addTile, .addSection, .renameTile, .renameSection:
        if empty || rng.chance(15) {
          return .bytes(Array(rng.element(["Buy milk", "회의 준비", "タワー", "😀", "a", "Red", "  ", "x-1"]).utf8))
        }
        return .input(
          .key(rng.weighted([(65, Key.enter), (10, .backspace), (10, .control("w")), (10, .left), (5, .home)])))
      }
    }
  }

  /// The editing keys, as the editing profile presses them.
  static let editingKeys: [Key] = [
    .character("a"), .character("a"), .character("A"), .character("r"), .character("c"), .character("w"),
    .character("d"), .delete, .character("L"), .character("M"), .character("x"), .tab,
  ]

  private func mouse(_ action: MouseEvent.Action) -> ScriptEvent {
    .input(.mouse(MouseEvent(action, x: pointer.x, y: pointer.y)))
  }

  // MARK: - Where the pointer goes

  /// A cell of a tile's frame on the screen: usually a visible tile, sometimes any tile (which may be
  /// scrolled out of the viewport). Any cell when there are no tiles.
  func aimAtTile(_ state: EditorState, _ rng: inout PropertyRNG, visible: Int = 80) -> Point {
    let r = state.reorder
    let (arrangement, layout) = (state.arrangement, state.document.layout)
    var candidates: [Rect] = []
    if rng.chance(visible) {
      layout.forEachItem(in: r.viewport.visibleContent) { _, frame in candidates.append(frame) }
    }
    if candidates.isEmpty {
      let paths = arrangement.sections.indices.flatMap { s in
        (0..<arrangement.sections[s].count).map { ItemPath(s, $0) }
      }
      guard !paths.isEmpty else { return anyCell(state, &rng) }
      candidates = [layout.frame(of: rng.element(paths))]
    }
    let frame = rng.element(candidates)
    let cell = Point(
      x: frame.x + rng.int(0...max(0, frame.width - 1)), y: frame.y + rng.int(0...max(0, frame.height - 1)))
    return Self.clamped(r.viewport.screenPoint(fromContent: cell))
  }

  /// A cell of a visible marked tile, if one shows.
  func aimAtMarkedTile(_ state: EditorState, _ rng: inout PropertyRNG) -> Point? {
    let r = state.reorder
    var frames: [Rect] = []
    state.document.layout.forEachItem(in: r.viewport.visibleContent) { path, frame in
      if r.isMarked(path, in: state.arrangement) { frames.append(frame) }
    }
    guard !frames.isEmpty else { return nil }
    let frame = rng.element(frames)
    let cell = Point(
      x: frame.x + rng.int(0...max(0, frame.width - 1)), y: frame.y + rng.int(0...max(0, frame.height - 1)))
    return Self.clamped(r.viewport.screenPoint(fromContent: cell))
  }

  /// A cell of a visible section header (or any cell when none shows).
  func aimAtHeader(_ state: EditorState, _ rng: inout PropertyRNG) -> Point {
    let r = state.reorder
    let visible = r.viewport.visibleContent
    let layout = state.document.layout
    let headers = layout.sections(intersecting: visible).compactMap { s -> Rect? in
      guard let h = layout.headerFrame(s) else { return nil }
      let x = max(h.minX, visible.minX)
      let y = max(h.minY, visible.minY)
      let clipped = Rect(x: x, y: y, width: min(h.maxX, visible.maxX) - x, height: min(h.maxY, visible.maxY) - y)
      return clipped.isEmpty ? nil : clipped
    }
    guard !headers.isEmpty else { return anyCell(state, &rng) }
    let frame = rng.element(headers)
    let cell = Point(
      x: frame.x + rng.int(0...max(0, frame.width - 1)), y: frame.y + rng.int(0...max(0, frame.height - 1)))
    return Self.clamped(r.viewport.screenPoint(fromContent: cell))
  }

  /// Any cell of the screen or a little beyond it.
  func anyCell(_ state: EditorState, _ rng: inout PropertyRNG) -> Point {
    Point(x: rng.int(0...(state.screen.width + 2)), y: rng.int(0...(state.screen.height + 2)))
  }

  /// A cell in or beyond the auto-scroll band at one end of the viewport (along the scrolling axis; in
  /// lanes, along either axis: a lane scrolls on its own, the board sideways).
  func edgeCell(_ state: EditorState, _ rng: inout PropertyRNG) -> Point {
    let r = state.reorder
    let direction = state.document.layout.parameters.direction
    let vertical = direction == .vertical || (direction == .lanes && rng.chance(50))
    let (start, end) = vertical ? (r.viewport.frame.minY, r.viewport.frame.maxY) : (r.viewport.frame.minX, r.viewport.frame.maxX)
    let position = rng.chance(50) ? rng.int(max(0, start - 1)...(start + 2)) : rng.int(max(0, end - 3)...(end + 1))
    return Self.clamped(vertical ? Point(x: pointer.x, y: position) : Point(x: position, y: pointer.y))
  }

  /// Where a motion goes in each phase.
  mutating func motionTarget(_ state: EditorState, _ phase: Phase, _ rng: inout PropertyRNG) -> Point {
    switch phase {
    case .pressing, .failed:
      // Mostly within the long press's tolerance of 1 cell; sometimes far enough to fail it.
      let reach = rng.chance(70) ? 1 : rng.int(2...4)
      return Self.clamped(pointer + Point(x: rng.int(-reach...reach), y: rng.int(-reach...reach)))
    case .mouseDrag where profile == .diagonal:
      if velocity.x == 0 || velocity.y == 0 || rng.chance(5) {
        velocity = Point(x: rng.element([-3, -2, -1, 1, 2, 3]), y: rng.element([-2, -1, 1, 2]))
      }
      switch rng.weighted([(80, 0), (10, 1), (10, 2)]) {
      case 0: return step(state, velocity)
      case 1: return step(state, Point(x: velocity.x, y: 0))
      default: return step(state, Point(x: 0, y: velocity.y))
      }
    case .mouseDrag:
      let still = profile == .stillPointer ? 45 : 12
      switch rng.weighted([(still, 0), (50, 1), (15, 2), (13, 3), (10, 4)]) {
      case 0:
        return pointer
      case 1:
        if rng.chance(20) || velocity == .zero { velocity = Point(x: rng.int(-3...3), y: rng.int(-2...2)) }
        return step(state, velocity)
      case 2:
        return aimAtTile(state, &rng)
      case 3:
        return edgeCell(state, &rng)
      default:
        return anyCell(state, &rng)
      }
    case .idle, .keyboardDrag:
      return rng.chance(50) ? aimAtTile(state, &rng) : anyCell(state, &rng)
    }
  }

  /// The pointer moved by `delta`, bouncing off the screen's edges (which reverses the velocity on
  /// that axis), so that a steady drag stays over the content.
  mutating func step(_ state: EditorState, _ delta: Point) -> Point {
    var next = pointer + delta
    let size = state.screen
    if next.x < 0 || next.x >= size.width {
      velocity.x = -velocity.x
      next.x = min(max(0, next.x), max(0, size.width - 1))
    }
    if next.y < 0 || next.y >= size.height {
      velocity.y = -velocity.y
      next.y = min(max(0, next.y), max(0, size.height - 1))
    }
    return next
  }

  /// Script coordinates are never negative.
  static func clamped(_ p: Point) -> Point { Point(x: max(0, p.x), y: max(0, p.y)) }

  // MARK: - Time and keys

  /// Waits from 0 to 600 ms, around the 300 ms long press while pressing.
  func waitLength(_ phase: Phase, _ rng: inout PropertyRNG) -> Int {
    switch phase {
    case .pressing, .failed: return rng.element([299, 300, 300, 301, 150, 0, 1, 600, rng.int(0...600)])
    case .mouseDrag: return rng.element([0, 10, 33, 100, 250, 600, rng.int(0...600)])
    case .idle, .keyboardDrag: return rng.element([0, 50, 300, rng.int(0...600)])
    }
  }

  static let arrows: [Key] = [.left, .right, .up, .down]
  static let otherKeys: [Key] = [
    .space, .enter, .escape, .tab, .backtab, .pageUp, .pageDown, .home, .end, .character("u"),
    .character("U"), .character("x"), .backspace,
  ]

  /// Keys likely in the phase: arrows and a drop while a keyboard drag goes on; Esc while a mouse drag
  /// does; anything (but `q` and `s`) otherwise.
  func key(_ phase: Phase, _ rng: inout PropertyRNG) -> Key {
    switch phase {
    case .keyboardDrag:
      return rng.weighted([
        (75, rng.element(Self.arrows)), (8, rng.element([Key.space, .enter])), (5, .escape),
        (12, rng.element(Self.otherKeys)),
      ])
    case .mouseDrag:
      return rng.chance(15) ? .escape : rng.element(Self.arrows + Self.otherKeys)
    case .idle, .pressing, .failed:
      if profile == .organize || profile == .editing {
        return rng.weighted([
          (30, rng.element(Self.arrows)), (18, rng.element([Key.space, .enter])),
          (12, rng.element([Key.tab, .backtab])), (5, rng.element([Key.pageUp, .pageDown, .home, .end])),
          (12, rng.element([Key.character("u"), .character("U")])),
          (4, .escape), (25, .character("x")),
        ])
      }
      return rng.weighted([
        (35, rng.element(Self.arrows)), (20, rng.element([Key.space, .enter])), (10, rng.element([Key.tab, .backtab])),
        (12, rng.element([Key.pageUp, .pageDown, .home, .end])), (15, rng.element([Key.character("u"), .character("U")])),
        (3, .escape), (5, rng.element([Key.character("x"), .backspace])),
      ])
    }
  }
}
