import Document
import GridLayout
import TileModel

/// What one target selection decided: everything the caller needs to carry it out.
public enum TargetDecision: Equatable, Hashable, Sendable {
  /// Nothing changes: the probes found nothing, the tile's own slot, or a target against the drag.
  case stay
  /// Nothing moves, and the tile is no longer over the section that refused it: "forbidden" ends.
  case leaveForbidden
  /// Move the tile to this destination (remove + insert); "forbidden", if shown, ends.
  case move(ItemPath)
  /// A policy refuses this destination: the drag shows "forbidden" and the tile stays. `announce` is
  /// true when this refusal is new (another section or another reason than the one already shown), so
  /// the trace and the status line say it once per episode, not on every motion.
  case refuse(ItemPath, EditError, announce: Bool)
}

/// A place in reading order at line granularity: another section counts as another line.
struct LinePosition: Comparable {
  var section: Int
  var line: Int

  static func < (a: LinePosition, b: LinePosition) -> Bool {
    (a.section, a.line) < (b.section, b.line)
  }
}

/// Whether going from one place to another is in the direction of the drag (docs/reordering.md): to an
/// earlier line only while moving back along the scrolling axis (up, or left in the horizontal
/// direction), to a later line only while moving forward; on the same line to an earlier slot only
/// while moving back across it, to a later one only while moving forward. Places are (line, item).
func followsDrag(
  from: (line: LinePosition, item: Int), to: (line: LinePosition, item: Int), direction: DragDirection,
  vertical: Bool
) -> Bool {
  let backAlongLines = vertical ? direction.isUp : direction.isLeft
  let backAcrossLine = vertical ? direction.isLeft : direction.isUp
  if to.line < from.line { return backAlongLines }
  if from.line < to.line { return !backAlongLines }
  return to.item < from.item ? backAcrossLine : !backAcrossLine
}

/// The probe points for a floating tile of `size` (docs/reordering.md): 1/3 or 2/3 into the tile in the
/// direction of the drag (integer division), and the opposite edge as the fallback.
func probes(_ session: DragSession, size: Size) -> (primary: Point, fallback: Point) {
  let o = session.floatingOrigin
  let w = size.width
  let h = size.height
  let left = session.direction.isLeft
  let up = session.direction.isUp
  return (
    Point(x: left ? o.x + w / 3 : o.x + (2 * w) / 3, y: up ? o.y + h / 3 : o.y + (2 * h) / 3),
    Point(x: left ? o.x + w - 1 : o.x, y: up ? o.y + h - 1 : o.y)
  )
}

/// Target selection: a pure function of the layout, the arrangement and the drag.
///
/// 1. Probe at 1/3 or 2/3 of the floating tile in the direction of the drag; if that finds no tile and
///    no drop zone, probe the opposite edge (the min/max points of the UIKit original).
/// 2. The tile's own slot, or nothing: stay (an out-of-bounds pointer neither stops nor jumps the drag).
///    "Forbidden" lasts while the primary probe is over the refusing section (gaps inside it too). For a
///    block every slot of its run is its own.
/// 3. Turn the zone into a destination: a tile's index; an empty section's 0; a section's end (in the
///    tile's own section, its last place); the last tile of an earlier section, entered from after it,
///    means that section's end ("row + 1 at section end"). A block's destination is where its run
///    starts once taken out: past a tile after the run in its own section, the run goes after it.
/// 4. Keep only targets in the direction of the drag: an earlier line while moving back along the
///    scrolling axis, a later line while moving forward, and on the tile's own line an earlier slot
///    while moving back across it, a later one while moving forward; and the slot the tile just left
///    only after the drag has reversed. A block is judged by its lifted tile, the one under the pointer.
/// 5. Ask the policies (for a block, tile by tile: every tile entering a full section counts).
/// 6. Check where the tile would land: with mixed widths a move re-breaks the lines, and the tile can
///    land on another line than its target's. A move whose landing goes against the drag is not made
///    (otherwise a diagonal drag can walk a tile around a loop of slots).
///
///     run R R R in A (lead: the first R); the probe finds t:
///     A: a [R R R] b t c     ->   A: a b t [R R R] c      destination 0.3 = t's index 5 - 3 + 1
///     A: t a [R R R] b       ->   A: [R R R] t a b        destination 0.0 = t's index
///
/// - Complexity: two hit tests and a few frame lookups: O(log n) at worst, independent of the tile count
///   for uniform sections; step 6 adds the re-breaking of the lines between the tile and its target, and
///   a block's policy check O(k).
public func selectTarget(layout: FlowLayout, arrangement: Arrangement, session: DragSession) -> TargetDecision {
  guard let drag = session.tiles else { return .stay }
  let current = drag.current
  let run = drag.run
  let vertical = layout.parameters.direction == .vertical

  // 1. Probes.
  let (primary, fallback) = probes(session, size: layout.frame(of: current).size)
  let zone = layout.dropZone(at: primary) ?? layout.dropZone(at: fallback)

  // 2. Nothing to do: the refusal shown, if any, ends once the tile has left the refusing section.
  var stay: TargetDecision {
    if let refusal = drag.refusal, layout.section(at: primary) != refusal.destination.section {
      return .leaveForbidden
    }
    return .stay
  }
  guard let zone else { return stay }

  // 3. Destination (where the run starts once taken out), the line it lies on, and the target's index
  // as the arrangement is now (for comparisons on one line).
  let destination: ItemPath
  let line: LinePosition
  let targetItem: Int
  switch zone {
  case .item(let path):
    if run.contains(path) { return stay }
    let count = layout.itemCount(inSection: path.section)
    if path.section == run.start.section && path.item > run.start.item {
      destination = ItemPath(path.section, path.item - run.count + 1)
    } else if path.section < current.section && path.item == count - 1 {
      destination = ItemPath(path.section, count)
    } else {
      destination = path
    }
    line = LinePosition(section: path.section, line: layout.line(of: path))
    targetItem = path.item
  case .emptySection(let s):
    destination = ItemPath(s, 0)
    line = LinePosition(section: s, line: 0)
    targetItem = 0
  case .sectionEnd(let s, let beside):
    let count = layout.itemCount(inSection: s)
    destination = ItemPath(s, s == run.start.section ? count - run.count : count)
    targetItem = count
    let lastLine = layout.line(of: ItemPath(s, count - 1))
    if s == current.section && layout.line(of: current) == lastLine {
      // The tile is on its section's last line already, so its end is a later slot on that same line,
      // wherever below the line the point is ("the line after it" would let a drag that moves left and
      // down send the tile right: a flip-flop; see DECISIONS.md).
      line = LinePosition(section: s, line: lastLine)
    } else {
      line = LinePosition(section: s, line: beside ? lastLine : lastLine + 1)
    }
  }
  if destination == run.start { return stay }

  // 4. Only in the direction of the drag.
  let from = (line: LinePosition(section: current.section, line: layout.line(of: current)), item: current.item)
  guard followsDrag(from: from, to: (line, targetItem), direction: session.direction, vertical: vertical)
  else { return stay }

  // A target on the far side of several lines of mixed widths can pass both tests above on different
  // axes — a later line while moving down, then an earlier slot on the tile's new line while moving
  // left — and return the tile to the slot it just left, over and over. Going back needs a reversal.
  if let last = drag.lastMove, destination == last.left, session.direction == last.direction {
    return stay
  }

  // 5. Policies.
  if let reason = arrangement.checkMove(run: run, to: destination) {
    let shown = drag.refusal
    let announce = shown?.destination.section != destination.section || shown?.reason != reason
    return .refuse(destination, reason, announce: announce)
  }

  // 6. Where the tile lands.
  let landingLine =
    run.count == 1
    ? layout.lineAfterMoving(from: current, to: destination)
    : layout.lineAfterMoving(run: run.start, count: run.count, lead: run.lead, to: destination)
  let landing = (LinePosition(section: destination.section, line: landingLine), destination.item + run.lead)
  guard followsDrag(from: from, to: landing, direction: session.direction, vertical: vertical)
  else { return .stay }  // nothing changes, "forbidden" included, as before a move is tried
  return .move(destination)
}

extension Arrangement {
  /// Why the lifted run may not move so that it starts at `destination`: one tile's rules, or a block's,
  /// tile by tile.
  func checkMove(run: LiftedRun, to destination: ItemPath) -> EditError? {
    if run.count == 1 { return checkMove(from: run.start, to: destination) }
    return checkMove(BlockMove.run(from: run.start, count: run.count, to: destination))
  }
}

/// Section target selection: where a lifted section goes, as a pure function of the layout and the
/// drag. The floating header is probed along the scrolling axis only, a third of its extent in from its
/// leading edge (the side it moves toward); the section moves to the index of the section the probe is
/// in, only when that section lies in the direction of the drag (later while moving down, or right in
/// the horizontal direction; earlier while moving up or left). Its own section, or outside the content:
/// nothing. Moving it back needs a reversal, so it never flip-flops.
///
///     A  ======  header of B, lifted and dragged down     A
///     B  ......  (B's own body: nothing)                  C
///     C  ------  <- the probe enters C: move B to C's     B  ======
///        ------     index (after C)                          ......
///
/// - Complexity: O(log S).
public func selectSectionTarget(layout: FlowLayout, session: DragSession) -> Int? {
  guard let current = session.section?.current else { return nil }
  let vertical = layout.parameters.direction == .vertical
  let header = layout.headerFrame(current)
  let extent = vertical ? (header?.height ?? 0) : (header ?? layout.sectionFrame(current)).width
  let origin = vertical ? session.floatingOrigin.y : session.floatingOrigin.x
  let back = vertical ? session.direction.isUp : session.direction.isLeft
  let probe = back ? origin + extent / 3 : origin + (2 * extent) / 3
  guard let s = layout.section(alongAxis: probe), s != current else { return nil }
  return (s > current) != back ? s : nil
}
