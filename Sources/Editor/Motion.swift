import GridLayout
import TileModel

/// Where things are drawn while they glide to where they belong (docs/editor.md, "Motion"): a value the
/// editor keeps beside its state and changes only in `update`, from the times messages bring, so any
/// frame can be drawn again from the state and a time (`EditorState.view(into:scheme:at:)`).
///
/// It follows only what is drawn: a glide per tile whose drawn place changed among the tiles on screen
/// (or about to be), the scroll position, and the lifted tile's rise; never anything per tile of the
/// arrangement, so a million tiles cost what a hundred do.
public struct Motion: Equatable, Sendable {
  /// How long a glide, a rise and a scroll take, in milliseconds (the seeds' 0.25 s).
  public static let duration = 250
  /// The time between two frames while something moves, in milliseconds (about 60 a second): the
  /// loop's pace (`FramePacer`), not part of any frame's picture.
  public static let frameInterval = 16

  /// Whether changes glide; off, every change is drawn at once, as before there was motion.
  public var isOn: Bool

  /// One tile on its way: from where it was drawn (`from`, content cells) to `to`, starting at `start`;
  /// `path` is where the tile is in the arrangement now (for drawing what it looks like).
  struct Glide: Equatable, Sendable {
    var from: Point
    var to: Rect
    var start: Int
    var path: ItemPath
  }

  /// The scroll position on its way from `from` to `to` (content cells along the scrolling axis).
  struct ScrollGlide: Equatable, Sendable {
    var from: Int
    var to: Int
    var start: Int
  }

  /// A section on its way: its frame (header, drop zone, or a lifted section's dashed rule) from where
  /// its origin was drawn (`from`) to `to`, from `start`; `section` is its index now.
  struct SectionGlide: Equatable, Sendable {
    var from: Point
    var to: Point
    var start: Int
    var section: Int
  }

  /// Tiles gliding, by reference (moves never change a tile's reference).
  var glides: [TileRef: Glide] = [:]
  /// Sections gliding, by id (unique among the sections; a move never changes it), with their tiles.
  var sectionGlides: [String: SectionGlide] = [:]
  /// The lifted section's floating header on its way (a keyboard move), from where it was drawn.
  var floatingHeader: SectionGlide?
  /// The view scrolling to where it now rests.
  var scroll: ScrollGlide?
  /// When the thing lifted now was lifted: its shadow grows from nothing over `duration`.
  var liftStart: Int?
  /// The tile that was lifted, landing (dropped or cancelled): drawn above the others, its shadow
  /// shrinking, until its glide ends.
  var landing: TileRef?
  /// Set when the document is replaced (a restored file): the next message starts over, at rest.
  var startOver = false

  /// How many tiles are followed now (at most those near the screen).
  public var glideCount: Int { glides.count }
  /// How many sections are followed now (at most those near the screen).
  public var sectionGlideCount: Int { sectionGlides.count }

  /// When each thing followed started on its way.
  var starts: [Int] {
    var starts: [Int] = []
    if let scroll { starts.append(scroll.start) }
    if let liftStart { starts.append(liftStart) }
    if let floatingHeader { starts.append(floatingHeader.start) }
    for glide in glides.values { starts.append(glide.start) }
    for glide in sectionGlides.values { starts.append(glide.start) }
    return starts
  }

  public init(isOn: Bool = false) {
    self.isOn = isOn
  }

  // MARK: - Easing, in whole cells

  /// How far along a change made at `start` is at `time`: eased out (cubic: fast, then settling) from
  /// one frame before the change to `duration` after it, so the frame drawn for the change itself
  /// already shows the first step (about a sixth of the way) and answers the key at once; 1 from
  /// `start + duration` on, 0 before `start`. A pure function of the time elapsed: any frame can be
  /// drawn again.
  static func progress(since start: Int, at time: Int) -> Double {
    let elapsed = time - start
    if elapsed < 0 { return 0 }
    if elapsed >= duration { return 1 }
    let u = 1 - Double(elapsed + frameInterval) / Double(duration + frameInterval)
    return 1 - u * u * u
  }

  /// The cell `progress` of the way from `a` to `b`: the nearest whole cell, so a path goes through the
  /// cells between, never back.
  static func cell(from a: Int, to b: Int, progress: Double) -> Int {
    a + Int((Double(b - a) * progress).rounded())
  }

  /// A point `progress` of the way from `a` to `b`, each axis to its nearest cell.
  static func point(from a: Point, to b: Point, progress: Double) -> Point {
    Point(x: cell(from: a.x, to: b.x, progress: progress), y: cell(from: a.y, to: b.y, progress: progress))
  }

  /// Where a gliding tile is drawn at `time`.
  static func rect(of glide: Glide, at time: Int) -> Rect {
    Rect(
      origin: point(from: glide.from, to: glide.to.origin, progress: progress(since: glide.start, at: time)),
      size: glide.to.size)
  }

  func isActive(_ glide: Glide, at time: Int) -> Bool { time < glide.start + Self.duration }
  func isActive(_ glide: SectionGlide, at time: Int) -> Bool { time < glide.start + Self.duration }

  /// Where a gliding section's origin (or the floating header's) is drawn at `time`.
  static func origin(of glide: SectionGlide, at time: Int) -> Point {
    point(from: glide.from, to: glide.to, progress: progress(since: glide.start, at: time))
  }

  /// The glide of the section with this id still under way at `time`.
  func sectionGlide(of id: String, at time: Int) -> SectionGlide? {
    guard let glide = sectionGlides[id], isActive(glide, at: time) else { return nil }
    return glide
  }

  /// The glide of tile `ref` still under way at `time`.
  func glide(of ref: TileRef, at time: Int) -> Glide? {
    guard let glide = glides[ref], isActive(glide, at: time) else { return nil }
    return glide
  }

  /// The scroll position drawn at `time`, given where the viewport rests.
  func scrollPosition(resting: Int, at time: Int) -> Int {
    guard let scroll, time < scroll.start + Self.duration, scroll.to == resting else { return resting }
    return Self.cell(from: scroll.from, to: scroll.to, progress: Self.progress(since: scroll.start, at: time))
  }

  /// How far the lifted thing has risen at `time` (1: its whole shadow).
  func rise(at time: Int) -> Double {
    liftStart.map { Self.progress(since: $0, at: time) } ?? 1
  }

  /// Whether anything is still on its way at `time`: frames are drawn only while it is.
  public func isMoving(at time: Int) -> Bool {
    guard isOn else { return false }
    if let scroll, time < scroll.start + Self.duration { return true }
    if let liftStart, time < liftStart + Self.duration { return true }
    if let floatingHeader, isActive(floatingHeader, at: time) { return true }
    return glides.values.contains { isActive($0, at: time) } || sectionGlides.values.contains { isActive($0, at: time) }
  }

  /// When everything now moving will rest (nil: nothing moves at `time`).
  public func restsAt(after time: Int) -> Int? {
    guard isMoving(at: time) else { return nil }
    return starts.reduce(time) { max($0, $1 + Self.duration) }
  }
}
