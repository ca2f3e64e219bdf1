import Runtime
import Document
import Canvas
import TerminalInput
import GridLayout
import Testing
import TileGridJSON
import TileModel

@testable import Editor
@testable import Reorder

/// The start of one stream: what it is played on.
struct PropertyCase {
  var seed: UInt64
  var profile: PropertyProfile
  var arrangement: Arrangement
  var screen: Size

  /// The case for `seed`, and the generator state that goes on to make its events.
  static func make(seed: UInt64, profile: PropertyProfile) -> (PropertyCase, PropertyRNG) {
    var rng = PropertyRNG(seed: seed)
    let arrangement = profile == .lanes ? PropertyArrangements.lanes(&rng) : PropertyArrangements.arrangement(&rng)
    let screen = PropertyArrangements.screen(&rng)
    return (PropertyCase(seed: seed, profile: profile, arrangement: arrangement, screen: screen), rng)
  }

  func start() -> EditorState { EditorState(arrangement: arrangement, screen: screen) }
}

/// What playing a stream gave.
struct PropertyRun {
  /// The events played: the stream, then the finale (end any gesture, undo everything, redo it all).
  var played: [ScriptEvent] = []
  /// How many of `played` came from the stream.
  var streamLength = 0
  var effects: [[EditorEffect]] = []
  var failure: PropertyFailure?
  var final: EditorState?
}

/// How often interesting things happened, to check that the streams exercise the engine.
struct PropertyStats {
  var streams = 0
  var events = 0
  var lifts = 0
  var moves = 0
  var crossSectionMoves = 0
  var refusals = 0
  var cancels = 0
  var drops = 0
  var autoScrolls = 0
  /// Lanes: a lane scrolled on its own by auto-scroll (a mouse drag held at the top or bottom).
  var laneAutoScrolls = 0
  /// Lanes: a lane scrolled on its own otherwise (keys, the wheel, a drop).
  var laneScrolls = 0
  var undos = 0
  var resizesMidDrag = 0
  var stillMotionsMidDrag = 0
  var marks = 0
  var blockLifts = 0
  var blockMoves = 0
  var blockCrossSectionMoves = 0
  var blockRefusals = 0
  var sectionLifts = 0
  var sectionMoves = 0
  var sectionRefusals = 0
  var typedMoves = 0
  var sectionAutoScrolls = 0
  var edits = 0
  var adds = 0
  var deletes = 0
  var changes = 0

  mutating func add(_ other: PropertyStats) {
    streams += other.streams
    events += other.events
    lifts += other.lifts
    moves += other.moves
    crossSectionMoves += other.crossSectionMoves
    refusals += other.refusals
    cancels += other.cancels
    drops += other.drops
    laneAutoScrolls += other.laneAutoScrolls
    laneScrolls += other.laneScrolls
    autoScrolls += other.autoScrolls
    undos += other.undos
    resizesMidDrag += other.resizesMidDrag
    stillMotionsMidDrag += other.stillMotionsMidDrag
    marks += other.marks
    blockLifts += other.blockLifts
    blockMoves += other.blockMoves
    blockCrossSectionMoves += other.blockCrossSectionMoves
    blockRefusals += other.blockRefusals
    sectionLifts += other.sectionLifts
    sectionMoves += other.sectionMoves
    sectionRefusals += other.sectionRefusals
    typedMoves += other.typedMoves
    sectionAutoScrolls += other.sectionAutoScrolls
    edits += other.edits
    adds += other.adds
    deletes += other.deletes
    changes += other.changes
  }

  mutating func note(before: EditorState, event: ScriptEvent, traces: [PropertyTrace]) {
    events += 1
    let dragging = before.reorder.gesture.isDragging
    let blockDrag = before.reorder.gesture.session?.tiles?.block != nil
    var autoScrolling = false
    var sectionScrolling = false
    if before.reorder.gesture.session?.source == .mouse, case .wait = event { autoScrolling = true }
    if before.reorder.gesture.session?.section != nil, before.reorder.gesture.session?.source == .mouse,
      case .wait = event
    {
      sectionScrolling = true
    }
    if dragging, case .input(.resize) = event { resizesMidDrag += 1 }
    if dragging, case .input(.mouse(let m)) = event, m.action == .motion,
      before.reorder.gesture.session?.pointer == Point(x: m.x, y: m.y)
    {
      stillMotionsMidDrag += 1
    }
    for trace in traces {
      switch trace {
      case .lift: lifts += 1
      case .move(let a, let b):
        moves += 1
        if a.section != b.section { crossSectionMoves += 1 }
      case .refused:
        refusals += 1
        if blockDrag { blockRefusals += 1 }
      case .cancel: cancels += 1
      case .drop, .dropBlock, .dropSection: drops += 1
      case .scroll:
        if autoScrolling { autoScrolls += 1 }
        if sectionScrolling { sectionAutoScrolls += 1 }
      case .laneScroll:
        if autoScrolling { laneAutoScrolls += 1 } else { laneScrolls += 1 }
      case .undo: undos += 1
      case .redo: break
      case .mark: marks += 1
      case .unmark, .unmarkAll: break
      case .liftBlock: blockLifts += 1
      case .moveBlock(let a, let b):
        blockMoves += 1
        if a.section != b.section { blockCrossSectionMoves += 1 }
      case .liftSection: sectionLifts += 1
      case .moveSection: sectionMoves += 1
      case .refusedSection: sectionRefusals += 1
      case .place: typedMoves += 1
      case .placeRefused: refusals += 1
      case .editRefused: refusals += 1
      case .edit(let verb, _):
        edits += 1
        switch verb {
        case .added: adds += 1
        case .deleted: deletes += 1
        default: changes += 1
        }
      }
    }
  }
}

enum PropertyHarness {
  /// Plays a stream with every check after every event. Events come from `next` (nil ends the stream)
  /// until `limit`; then the finale: the gesture in progress ends (release, or Space for a keyboard
  /// drag), `u` until "Nothing to undo" must give the original arrangement, and `U` until "Nothing to
  /// redo" the latest one of the history (the final one, unless the stream ended with steps undone).
  static func run(
    _ c: PropertyCase, limit: Int, checks: PropertyExtraChecks = [], stats: inout PropertyStats,
    next: (EditorState) -> ScriptEvent?
  ) -> PropertyRun {
    var result = PropertyRun()
    var state = c.start()
    var model = PropertyModel(original: c.arrangement)
    var watch = PropertyDragWatch()
    var probes = PropertyRNG(seed: PropertyRNG.seed(c.seed, 0x70726F6265))
    let originalTiles = PropertyInvariants.tilesByID(c.arrangement)
    /// The content size at the last full layout check.
    var contentSize: Size?

    /// The layout in full, against one built from scratch.
    func checkLayout() throws(PropertyFailure) {
      try PropertyInvariants.checkLayout(state, probes: PropertyInvariants.probePoints(state, &probes))
      contentSize = state.document.layout.contentSize
    }

    func play(_ event: ScriptEvent) throws(PropertyFailure) -> [PropertyTrace] {
      let before = state
      // An input first lets the timers due by now fire (as `update` itself does), then is handled:
      // played as two updates, the traces split where the input's own happenings begin.
      var effects: [EditorEffect] = []
      var inputStart = 0
      if case .input = event {
        effects = Program.wait(0, on: &state).effects
        inputStart = effects.count
      }
      effects += Program.play([event], on: &state).effects
      result.played.append(event)
      result.effects.append(effects)
      do throws(PropertyFailure) {
        let traces = try PropertyTrace.parse(effects)
        stats.note(before: before, event: event, traces: traces)
        try check(before: before, event: event, traces: traces, inputStart: inputStart)
        return traces
      } catch {
        var failure = error
        failure.eventIndex = result.played.count - 1
        throw failure
      }
    }

    func check(before: EditorState, event: ScriptEvent, traces: [PropertyTrace], inputStart: Int) throws(PropertyFailure) {
      // One target selection per input and per auto-scroll step, so at most one move for each.
      let moves = traces.filter(\.isMove).count
      let steps = traces.filter(\.isScroll).count
      var selections = steps
      if case .input = event { selections += 1 }
      if case .bytes = event { selections += 1 }
      try propertyRequire(moves <= selections, "one-move", "\(moves) moves in one event with \(steps) auto-scroll steps")
      try checkKeyCommands(before: before, event: event, traces: traces)
      try model.consume(traces, after: state.arrangement)
      try propertyRequire(
        state.arrangement == model.expected, "model",
        "the arrangement is \(PropertyFormat.describe(state.arrangement)); the trace gives \(PropertyFormat.describe(model.expected))")
      // The model changes only with these traces, and the arrangement equals the model: without them
      // it is the arrangement checked after the event before.
      let changed = traces.contains {
        switch $0 {
        case .move, .moveBlock, .moveSection, .liftBlock, .cancel, .undo, .redo, .place, .edit: return true
        default: return false
        }
      }
      if changed {
        if model.edited {
          // Edits add, delete and change tiles: ids stay unique, and the model accounts for each change.
          try PropertyInvariants.checkIdentities(state.arrangement)
        } else {
          try PropertyInvariants.checkPermutation(state.arrangement, original: c.arrangement, originalTiles: originalTiles)
        }
        try PropertyInvariants.checkPolicies(
          before: before.arrangement, after: state.arrangement, original: c.arrangement, traces: traces,
          edited: model.edited)
      }
      var resized = false
      if case .input(.resize) = event { resized = true }
      if changed || resized {
        try checkLayout()
      } else {
        try PropertyInvariants.checkLayoutUnchanged(state, contentSize: contentSize)
      }
      try PropertyInvariants.checkView(state)
      try PropertyInvariants.checkDrag(state, model)
      try PropertyInvariants.checkCancel(state, model)
      try watch.check(
        before: before, event: event, traces: traces, inputStart: inputStart, after: state,
        flipFlop: checks.contains(.flipFlop))
      if checks.contains(.timers) {
        // A timer due now fires at the next wait or input, still at its time; one due earlier is late.
        try propertyRequire(
          state.nextDeadline.map { $0 >= state.now } ?? true, "timers",
          "after the event (at \(state.now) ms) a timer is overdue: it was due at \(state.nextDeadline!) ms")
      }
    }

    /// `u` and `U` outside a drag undo and redo exactly when the history has a step for it; on a screen
    /// too small for the grid they do nothing.
    func checkKeyCommands(before: EditorState, event: ScriptEvent, traces: [PropertyTrace]) throws(PropertyFailure) {
      guard !before.reorder.gesture.isDragging, before.overlay == nil, case .input(.key(.character(let c))) = event
      else { return }
      if before.isTooSmall {
        try propertyRequire(
          !traces.contains(.undo) && !traces.contains(.redo), "undo", "\(c) on a screen too small gives \(traces)")
        return
      }
      if c == "u" {
        try propertyRequire(
          traces.contains(.undo) == (model.undoable > 0), "undo",
          "u with \(model.undoable) steps to undo gives \(traces)")
      } else if c == "U" {
        try propertyRequire(
          traces.contains(.redo) == (model.redoable > 0), "undo",
          "U with \(model.redoable) steps to redo gives \(traces)")
      }
    }

    func finale() throws(PropertyFailure) {
      // A screen too small for the grid takes only quitting and saving: the terminal is made larger.
      if state.isTooSmall {
        let least = state.minimumScreen
        _ = try play(
          .input(.resize(width: max(state.screen.width, least.width), height: max(state.screen.height, least.height))))
      }
      // A prompt or a question left open takes every key: Esc closes it first.
      if state.overlay != nil { _ = try play(.input(.key(.escape))) }
      switch state.reorder.gesture {
      case .idle: break
      case .pressing(_, let pointer, _):
        _ = try play(.input(.mouse(MouseEvent(.release(.left), x: pointer.x, y: pointer.y))))
      case .failed:
        _ = try play(.input(.mouse(MouseEvent(.release(.left), x: 0, y: 0))))
      case .dragging(let session):
        if session.source == .mouse {
          _ = try play(.input(.mouse(MouseEvent(.release(.left), x: session.pointer.x, y: session.pointer.y))))
        } else {
          _ = try play(.input(.key(.space)))
        }
      }
      try propertyRequire(state.reorder.gesture == .idle, "finale", "the gesture is still \(state.reorder.gesture)")
      // Redo all returns to the latest arrangement of the history: the final one, unless the stream
      // ended with some steps undone.
      let latest = model.committed[model.committed.count - 1]
      for (key, trace, word) in [("u", PropertyTrace.undo, "undo"), ("U", .redo, "redo")] {
        let steps = trace == .undo ? model.undoable : model.redoable
        var done = 0
        while try play(.input(.key(.character(Character(key))))).contains(trace) {
          done += 1
          try propertyRequire(done <= steps, "undo", "more than \(steps) steps to \(word)")
        }
        try propertyRequire(done == steps, "undo", "\(done) steps to \(word), the history had \(steps)")
        try propertyRequire(
          state.announcement == (trace == .undo ? .nothingToUndo : .nothingToRedo), "undo",
          "after the last \(word) the status says '\(state.announcement.text)'")
        let target = trace == .undo ? c.arrangement : latest
        try propertyRequire(
          state.arrangement == target, "undo",
          "after every \(word): \(PropertyFormat.describe(state.arrangement)); expected \(PropertyFormat.describe(target))")
        // Byte for byte: undoing everything gives back the file as opened, unknown keys and all.
        try propertyRequire(
          state.arrangement.jsonBytes() == target.jsonBytes(), "undo", "after every \(word) the file's bytes differ")
      }
    }

    do throws(PropertyFailure) {
      try checkLayout()
      try PropertyInvariants.checkView(state)
      while result.played.count < limit, let event = next(state) {
        result.streamLength += 1
        _ = try play(event)
      }
      try finale()
    } catch {
      var failure = error
      if failure.eventIndex < 0 { failure.eventIndex = result.played.count - 1 }
      result.failure = failure
    }
    result.final = state
    return result


  }

  /// Plays fixed events (with every check).
  static func run(_ c: PropertyCase, events: [ScriptEvent], checks: PropertyExtraChecks) -> PropertyRun {
    var stats = PropertyStats()
    var index = 0
    return run(c, limit: events.count, checks: checks, stats: &stats) { _ in
      defer { index += 1 }
      return index < events.count ? events[index] : nil
    }
  }

  /// Replaying the same events from the same start gives the same effects and the same final state.
  static func checkReplay(_ c: PropertyCase, _ run: PropertyRun) -> PropertyFailure? {
    var state = c.start()
    for (index, event) in run.played.enumerated() {
      let effects = Program.play([event], on: &state).effects
      if effects != run.effects[index] {
        return PropertyFailure(
          kind: "determinism", message: "replayed, the event gives \(effects), first time \(run.effects[index])",
          eventIndex: index)
      }
    }
    guard let first = run.final else { return nil }
    let same =
      state.arrangement == first.arrangement && state.reorder.viewport == first.reorder.viewport
      && state.reorder.focus == first.reorder.focus && state.reorder.gesture == first.reorder.gesture
      && state.reorder.marks == first.reorder.marks
      && state.document.history == first.document.history && state.announcement == first.announcement && state.now == first.now
    return same
      ? nil
      : PropertyFailure(kind: "determinism", message: "replayed, the final state differs", eventIndex: run.played.count - 1)
  }

  /// Plays one generated stream with every check, then replays it; returns the failure, if any.
  static func runGenerated(
    seed: UInt64, profile: PropertyProfile, checks: PropertyExtraChecks = [], stats: inout PropertyStats
  ) -> (PropertyCase, PropertyRun) {
    let made = PropertyCase.make(seed: seed, profile: profile)
    let c = made.0
    var rng = made.1
    var generator = PropertyStreamGenerator(profile: profile)
    let length = rng.int(20...100)
    var result = run(c, limit: length, checks: checks, stats: &stats) { state in
      generator.next(state, &rng)
    }
    stats.streams += 1
    if result.failure == nil { result.failure = checkReplay(c, result) }
    return (c, result)
  }

  /// Runs `count` generated streams of `profile`; reports each failure (shrunk) as an issue, at most
  /// three per call. Returns the statistics.
  @discardableResult
  static func runBatch(
    profile: PropertyProfile, batch: Int, count: Int, checks: PropertyExtraChecks = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> PropertyStats {
    var stats = PropertyStats()
    var reported = 0
    for index in 0..<count {
      let seed = PropertyRNG.seed(profile.salt, UInt64(batch * 1_000_000 + index))
      let (c, run) = runGenerated(seed: seed, profile: profile, checks: checks, stats: &stats)
      guard let failure = run.failure else { continue }
      reported += 1
      Issue.record(
        Comment(rawValue: report(c, run: run, failure: failure, checks: checks)), sourceLocation: sourceLocation)
      if reported == 3 { break }
    }
    return stats
  }

  /// A failure report: seed, profile, event index, the message, then a shrunk reproduction (the
  /// arrangement as JSON and the events as a `tilegrid play` file).
  static func report(_ c: PropertyCase, run: PropertyRun, failure: PropertyFailure, checks: PropertyExtraChecks) -> String {
    let failing = Array(run.played.prefix(failure.eventIndex + 1))
    let (small, events, smallFailure) = PropertyShrinker.shrink(
      c, events: failing, failure: failure, checks: checks)
    return """
      Property '\(failure.kind)' broken: seed \(c.seed) (profile \(c.profile)), event #\(failure.eventIndex) \
      of \(run.played.count) (stream \(run.streamLength)): \(failure.message)
      Reproduce: TILEGRID_PROPERTY_SEED=\(c.seed) TILEGRID_PROPERTY_PROFILE=\(c.profile) \
      swift test --filter 'ReorderTests.PropertyStreamTests/one', or play the shrunk case below.
      Shrunk to \(events.count) events, \(small.arrangement.tileCount) tiles, screen \(small.screen.width)x\(small.screen.height): \
      \(smallFailure)
      Arrangement: \(PropertyFormat.describe(small.arrangement))
      \(small.arrangement.jsonString())
      Events (tilegrid play --width \(small.screen.width) --height \(small.screen.height)):
      \(PropertyFormat.script(events))
      Original stream up to the failure:
      \(PropertyFormat.script(failing))
      """
  }
}
