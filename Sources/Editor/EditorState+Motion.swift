import Document
import GridLayout
import Reorder
import TileModel

/// Motion (docs/editor.md, "Motion"): after each message, the tiles whose drawn place changed glide from
/// where they were drawn at that moment to where they now rest, the view scrolls to its new place, and
/// what was lifted rises. Only tiles on screen or next to it are looked at, before and after the
/// message, so the cost per message is the screen's, not the arrangement's.
extension EditorState {
  /// Handles one message at `time` (milliseconds on a monotonic clock; an earlier time than the last
  /// counts as the last) and returns the effects for the caller to carry out. The engine's timers due
  /// by `time` fire first, whatever the message (also one it ignores, such as a save key), so every
  /// message sees the same state of the drag. With motion on, what moved glides from where it was
  /// drawn at `time` (`view(into:scheme:at:)` draws it), and a timer due before `time` fires at its
  /// own time, as a tick then would have: what it moves glides from then, however late the message
  /// that finds it due (a replay's `wait`, a busy terminal), so the frames are the same however the
  /// time between two messages was cut.
  public mutating func update(_ message: EditorMessage, at time: Int) -> [EditorEffect] {
    guard motion.isOn else { return process(message, at: time) }
    var effects: [EditorEffect] = []
    var fired = Int.min
    while let due = nextDeadline, due < time, due > fired {
      fired = due
      effects += step(.tick, at: due)
    }
    return effects + step(message, at: time)
  }

  /// `update` of one message with motion on: where things are drawn before it, then where they rest
  /// after, and what glides between.
  private mutating func step(_ message: EditorMessage, at time: Int) -> [EditorEffect] {
    let t = max(time, now)
    let before = drawnTiles(at: t)
    let sectionsBefore = drawnSections(at: t)
    let position = drawnViewport(at: t).position
    let (viewportBefore, screenBefore) = (reorder.viewport, screen)
    let (liftedBefore, wasDragging) = (liftedTile?.ref, isDragging)
    let effects = process(message, at: time)
    let goesOn = follow(
      from: before, position: position, viewport: viewportBefore, screen: screenBefore, lifted: liftedBefore,
      wasDragging: wasDragging, at: t)
    if goesOn { followSections(from: sectionsBefore, at: t) }
    return effects
  }

  /// Turns motion on or off; off, everything rests at once.
  public mutating func setMotion(_ on: Bool) {
    motion = Motion(isOn: on)
  }

  /// Whether something is still on its way at `time`: the loop draws frames only while it is.
  public func isMoving(at time: Int) -> Bool { motion.isMoving(at: time) }

  /// The lifted tile (a lone one, or a block's lead): where its slot is, its reference, and where it
  /// floats now (content cells).
  var liftedTile: (path: ItemPath, ref: TileRef, rect: Rect)? {
    guard let session = reorder.gesture.session, let drag = session.tiles, arrangement.contains(drag.current) else {
      return nil
    }
    let slot = document.layout.frame(of: drag.current)
    return (drag.current, arrangement.ref(at: drag.current), Rect(origin: session.floatingOrigin, size: slot.size))
  }

  /// The viewport as drawn at `time`: scrolled to where its glide is then.
  func drawnViewport(at time: Int?) -> Viewport {
    let resting = reorder.viewport
    guard let time, motion.isOn else { return resting }
    let position = motion.scrollPosition(resting: resting.position, at: time)
    guard position != resting.position else { return resting }
    return Viewport(frame: resting.frame, direction: resting.direction, offset: resting.along(position))
  }

  /// The content a frame may show, and a line of tiles beyond it on either side along the scrolling
  /// axis (a tile pushed off the screen's edge, or coming in over it, glides too).
  func motionRegion(_ rect: Rect) -> Rect {
    let p = document.layout.parameters
    switch p.direction {
    case .vertical:
      let margin = p.itemSize.height + p.lineSpacing + p.headerHeight + p.sectionInset.top + p.sectionInset.bottom
      return Rect(x: rect.minX, y: rect.minY - margin, width: rect.width, height: rect.height + 2 * margin)
    case .horizontal:
      let margin = p.itemSize.width + p.lineSpacing + p.headerHeight + p.sectionInset.left + p.sectionInset.right
      return Rect(x: rect.minX - margin, y: rect.minY, width: rect.width + 2 * margin, height: rect.height)
    case .lanes:
      // A lane each side, and a card above and below the cards shown (a lane scrolling on its own).
      let across = p.itemSize.width + p.sectionInset.left + p.sectionInset.right
      let along = p.itemSize.height + p.interitemSpacing
      return Rect(
        x: rect.minX - across, y: rect.minY - along, width: rect.width + 2 * across, height: rect.height + 2 * along)
    }
  }

  /// Where each tile on screen (and next to it) is drawn at `time`, in content cells: gliding tiles
  /// where their glide is, the lifted tile where it floats, the others in their slots.
  func drawnTiles(at time: Int) -> [TileRef: Rect] {
    var drawn: [TileRef: Rect] = [:]
    for (ref, glide) in motion.glides where motion.isActive(glide, at: time) {
      drawn[ref] = Motion.rect(of: glide, at: time)
    }
    let lifted = liftedTile
    if let lifted, drawn[lifted.ref] == nil { drawn[lifted.ref] = lifted.rect }
    let arrangement = self.arrangement
    document.layout.forEachItem(in: motionRegion(drawnViewport(at: time).visibleContent)) { path, frame in
      let ref = arrangement.ref(at: path)
      if drawn[ref] == nil { drawn[ref] = frame }
    }
    return drawn
  }

  /// The lifted section (its index and id) and where its header floats now (content cells).
  var liftedSection: (section: Int, id: String, origin: Point)? {
    guard let session = reorder.gesture.session, let drag = session.section,
      arrangement.sections.indices.contains(drag.current)
    else { return nil }
    return (drag.current, arrangement.sections[drag.current].id, session.floatingOrigin)
  }

  /// Where each section near the screen is drawn at `time` (its frame's origin, by id), and where the
  /// lifted section's floating header is (`floating`). A section whose header floats counts as drawn
  /// where the header is, so that a drop lands from there.
  func drawnSections(at time: Int) -> (origins: [String: Point], floating: (id: String, origin: Point)?) {
    var drawn: [String: Point] = [:]
    for (id, glide) in motion.sectionGlides where motion.isActive(glide, at: time) {
      drawn[id] = Motion.origin(of: glide, at: time)
    }
    let layout = document.layout
    for s in layout.sections(intersecting: motionRegion(drawnViewport(at: time).visibleContent)) {
      let id = arrangement.sections[s].id
      if drawn[id] == nil { drawn[id] = layout.sectionFrame(s).origin }
    }
    var floating: (id: String, origin: Point)?
    if let lifted = liftedSection {
      var origin = lifted.origin
      if let glide = motion.floatingHeader, motion.isActive(glide, at: time) { origin = Motion.origin(of: glide, at: time) }
      floating = (lifted.id, origin)
    }
    return (drawn, floating)
  }

  /// After a message (and `follow`): each section near the screen whose frame rests elsewhere than it
  /// was drawn glides there with its tiles, from the same time on the same easing; the floating header
  /// of a section moved from the keyboard glides to its new place, and a header dropped (or put back)
  /// lands from where it floated.
  mutating func followSections(from before: (origins: [String: Point], floating: (id: String, origin: Point)?), at time: Int) {
    let motion = self.motion
    var glides: [String: Motion.SectionGlide] = [:]
    let layout = document.layout
    let lifted = liftedSection
    let visible = drawnViewport(at: time).visibleContent
    let rest = reorder.viewport.visibleContent
    let minY = min(visible.minY, rest.minY)
    let minX = min(visible.minX, rest.minX)
    let region = motionRegion(
      Rect(x: minX, y: minY, width: max(visible.maxX, rest.maxX) - minX, height: max(visible.maxY, rest.maxY) - minY))
    for s in layout.sections(intersecting: region) {
      let id = arrangement.sections[s].id
      let target = layout.sectionFrame(s).origin
      if var glide = motion.sectionGlides[id], glide.to == target, motion.isActive(glide, at: time) {
        glide.section = s
        glides[id] = glide
        continue
      }
      // A header that floated and now rests (dropped or cancelled) lands from where it floated.
      var from = before.origins[id]
      if let floating = before.floating, floating.id == id, lifted?.id != id { from = floating.origin }
      if let from, from != target {
        glides[id] = Motion.SectionGlide(from: from, to: target, start: time, section: s)
      }
    }
    self.motion.sectionGlides = glides
    // The floating header: from the keyboard it glides to where it now floats; under the pointer it
    // follows at once.
    if let lifted, reorder.gesture.session?.source != .mouse, let floating = before.floating, floating.id == lifted.id {
      if let glide = motion.floatingHeader, glide.to == lifted.origin, motion.isActive(glide, at: time) {
        self.motion.floatingHeader?.section = lifted.section
      } else if floating.origin != lifted.origin {
        self.motion.floatingHeader = Motion.SectionGlide(
          from: floating.origin, to: lifted.origin, start: time, section: lifted.section)
      } else {
        self.motion.floatingHeader = nil
      }
    } else {
      self.motion.floatingHeader = nil
    }
  }

  /// After a message: each tile near the screen whose resting place differs from where it was drawn
  /// (`before`) starts a glide from there, at `time`; one already gliding to the same place goes on.
  /// The lifted tile follows the pointer at once (a mouse drag); from the keyboard it glides. Returns
  /// false when everything starts over at rest (a new screen, another document).
  @discardableResult
  mutating func follow(
    from before: [TileRef: Rect], position: Int, viewport old: Viewport, screen oldScreen: Size, lifted oldLifted: TileRef?,
    wasDragging: Bool, at time: Int
  ) -> Bool {
    // A new screen, or another document (a restored file), starts over: everything rests.
    if motion.startOver || screen != oldScreen || reorder.viewport.frame != old.frame {
      motion = Motion(isOn: true)
      return false
    }
    let pointerDrag = reorder.gesture.session?.source == .mouse
    // The scroll: auto-scroll under the pointer steps a cell at a time already; anything else glides,
    // from where it is drawn, but from no further than a screen away (what lies between is not drawn).
    let resting = reorder.viewport.position
    if resting != old.position {
      if pointerDrag {
        motion.scroll = nil
      } else {
        let length = reorder.viewport.length
        let from = min(max(position, resting - length), resting + length)
        motion.scroll = from == resting ? nil : Motion.ScrollGlide(from: from, to: resting, start: time)
      }
    } else if let scroll = motion.scroll, time >= scroll.start + Motion.duration {
      motion.scroll = nil
    }
    // The rise of what was lifted.
    let lifted = liftedTile
    if isDragging {
      if !wasDragging || lifted?.ref != oldLifted { motion.liftStart = time }
    } else {
      motion.liftStart = nil
    }
    // The tiles.
    var visible = drawnViewport(at: time).visibleContent
    let rest = reorder.viewport.visibleContent
    let minY = min(visible.minY, rest.minY)
    let minX = min(visible.minX, rest.minX)
    visible = Rect(
      x: minX, y: minY, width: max(visible.maxX, rest.maxX) - minX, height: max(visible.maxY, rest.maxY) - minY)
    var glides: [TileRef: Motion.Glide] = [:]
    let motion = self.motion
    func place(_ ref: TileRef, path: ItemPath, at target: Rect) {
      if var glide = motion.glides[ref], glide.to == target, motion.isActive(glide, at: time) {
        glide.path = path
        glides[ref] = glide
      } else if let drawn = before[ref], drawn.origin != target.origin {
        glides[ref] = Motion.Glide(from: drawn.origin, to: target, start: time, path: path)
      }
    }
    let arrangement = self.arrangement
    document.layout.forEachItem(in: motionRegion(visible)) { path, frame in
      if path == lifted?.path { return }
      place(arrangement.ref(at: path), path: path, at: frame)
    }
    if let lifted, !pointerDrag { place(lifted.ref, path: lifted.path, at: lifted.rect) }
    // A lifted block's tiles fly together: when one of them starts a glide, they all start again from
    // where they are drawn, at the same time, on the same easing.
    if let drag = reorder.gesture.session?.tiles, drag.block != nil {
      let run = drag.run
      var members = (0..<run.count).map { ItemPath(run.start.section, run.start.item + $0) }
        .filter { arrangement.contains($0) && $0 != lifted?.path }
        .map { (ref: arrangement.ref(at: $0), path: $0, target: document.layout.frame(of: $0)) }
      if let lifted, !pointerDrag { members.append((lifted.ref, lifted.path, lifted.rect)) }
      if members.contains(where: { glides[$0.ref]?.start == time }) {
        for member in members {
          guard let glide = glides[member.ref], glide.start != time, let drawn = before[member.ref] else { continue }
          glides[member.ref] = Motion.Glide(from: drawn.origin, to: member.target, start: time, path: member.path)
        }
      }
    }
    self.motion.glides = glides
    // The tile that was lifted lands above the others.
    if isDragging {
      self.motion.landing = nil
    } else if wasDragging, let oldLifted, glides[oldLifted] != nil {
      self.motion.landing = oldLifted
    } else if let landing = self.motion.landing, glides[landing] == nil {
      self.motion.landing = nil
    }
    return true
  }
}

/// One tile as a frame draws it: where (screen cells) and as what. A frame draws its layers in order,
/// each over those before.
public struct TileLayer: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// The lifted tile's slot (each slot of a lifted block): an empty dashed outline.
    case placeholder
    /// A tile in its slot.
    case resting
    /// A tile on its way to its slot.
    case gliding
    /// The tile that was lifted, gliding into its slot (a drop) or home (a cancel), over the others;
    /// its shadow, this much of it, shrinks as it lands.
    case landing(shadow: Double)
    /// The lifted tile, floating over everything; its shadow, this much of it, grows as it rises.
    case lifted(shadow: Double)
  }

  /// Where the tile is in the arrangement.
  public var path: ItemPath
  /// Where it is drawn, in screen cells (it may reach past the viewport, which clips it).
  public var rect: Rect
  public var kind: Kind
}

extension EditorState {
  /// The tiles the frame at `time` draws, in the order drawn (nil: the resting screen): each tile on
  /// screen once (a lifted block's other tiles as their placeholders), the lifted or landing tile
  /// last.
  public func tileLayers(at time: Int?) -> [TileLayer] {
    let moving = time.map { motion.isMoving(at: max($0, now)) } ?? false
    let drawnAt = moving ? time.map { max($0, now) } : nil
    return tileLayers(drawnAt: drawnAt, in: drawnViewport(at: drawnAt))
  }

  /// `tileLayers(at:)` for a time already known to be one when something moves (or nil), through
  /// `viewport` as drawn then.
  func tileLayers(drawnAt time: Int?, in viewport: Viewport) -> [TileLayer] {
    let arrangement = self.arrangement
    let layout = document.layout
    let tileDrag = reorder.gesture.session?.tiles
    let run = tileDrag?.block == nil ? nil : tileDrag?.run
    func isPlaceholder(_ path: ItemPath) -> Bool { path == tileDrag?.current || run?.contains(path) == true }
    var layers: [TileLayer] = []
    var flying: [TileLayer] = []
    layout.forEachItem(in: viewport.visibleContent) { path, frame in
      let rect = viewport.screenRect(fromContent: frame)
      if isPlaceholder(path) {
        // A lifted block's slots fly with it.
        if let time, path != tileDrag?.current, let glide = motion.glide(of: arrangement.ref(at: path), at: time) {
          let drawn = viewport.screenRect(fromContent: Motion.rect(of: glide, at: time))
          flying.append(TileLayer(path: path, rect: drawn, kind: .placeholder))
        } else {
          layers.append(TileLayer(path: path, rect: rect, kind: .placeholder))
        }
      } else if let time, motion.glide(of: arrangement.ref(at: path), at: time) != nil {
        return  // drawn on its way, below
      } else {
        layers.append(TileLayer(path: path, rect: rect, kind: .resting))
      }
    }
    // The slots of a block on their way, under every tile.
    layers.insert(contentsOf: flying, at: 0)
    if let time {
      // Tiles on their way, over those at rest, in reading order; then the tile that was lifted.
      let clip = viewport.frame
      var gliding: [TileLayer] = []
      var landing: TileLayer?
      for (ref, glide) in motion.glides where motion.isActive(glide, at: time) && !isPlaceholder(glide.path) {
        let rect = viewport.screenRect(fromContent: Motion.rect(of: glide, at: time))
        guard rect.intersects(clip) || ref == motion.landing else { continue }
        if ref == motion.landing {
          let shadow = 1 - Motion.progress(since: glide.start, at: time)
          landing = TileLayer(path: glide.path, rect: rect, kind: .landing(shadow: shadow))
        } else {
          gliding.append(TileLayer(path: glide.path, rect: rect, kind: .gliding))
        }
      }
      layers += gliding.sorted { $0.path < $1.path }
      if let landing { layers.append(landing) }
    }
    if let session = reorder.gesture.session, let tileDrag, arrangement.contains(tileDrag.current) {
      let size = layout.frame(of: tileDrag.current).size
      var origin = session.floatingOrigin
      if let time, let glide = motion.glide(of: arrangement.ref(at: tileDrag.current), at: time) {
        origin = Motion.rect(of: glide, at: time).origin
      }
      let rise = time.map { motion.rise(at: $0) } ?? 1
      layers.append(
        TileLayer(
          path: tileDrag.current, rect: Rect(origin: viewport.screenPoint(fromContent: origin), size: size),
          kind: .lifted(shadow: rise)))
    }
    return layers
  }
}

extension EditorState {
  /// Where the frame at `time` draws each section that is on its way (nil: the resting screen): its
  /// index and its frame's origin in screen cells, in order; the others are drawn where they rest. A
  /// section glides with its tiles, from the same time on the same easing.
  public func glidingSections(at time: Int?) -> [(section: Int, origin: Point)] {
    guard let time, motion.isMoving(at: max(time, now)) else { return [] }
    return glidingSections(drawnAt: max(time, now), in: drawnViewport(at: max(time, now)))
  }

  /// `glidingSections(at:)` for a time already known to be one when something moves, through `viewport`.
  func glidingSections(drawnAt time: Int, in viewport: Viewport) -> [(section: Int, origin: Point)] {
    let layout = document.layout
    var gliding: [(section: Int, origin: Point)] = []
    for glide in motion.sectionGlides.values where motion.isActive(glide, at: time) && glide.section < layout.sectionCount {
      gliding.append((glide.section, viewport.screenPoint(fromContent: Motion.origin(of: glide, at: time))))
    }
    return gliding.sorted { $0.section < $1.section }
  }

  /// Where the lifted section's floating header is drawn at `time` (screen cells; nil: no section is
  /// lifted): from the keyboard it glides to its new place, under the pointer it follows at once.
  public func floatingHeaderOrigin(at time: Int?) -> Point? {
    let drawnAt = time.flatMap { motion.isMoving(at: max($0, now)) ? max($0, now) : nil }
    return floatingHeaderOrigin(drawnAt: drawnAt, in: drawnViewport(at: drawnAt))
  }

  func floatingHeaderOrigin(drawnAt time: Int?, in viewport: Viewport) -> Point? {
    guard let lifted = liftedSection else { return nil }
    var origin = lifted.origin
    if let time, let glide = motion.floatingHeader, motion.isActive(glide, at: time) { origin = Motion.origin(of: glide, at: time) }
    return viewport.screenPoint(fromContent: origin)
  }
}
