import TileModel

// MARK: - Edits: the layout follows added, deleted and resized tiles and sections incrementally, as
// it follows moves (FlowLayout+Organize.swift). Each leaves the layout equal to a fresh
// `FlowLayout(arrangement:viewport:)` of the edited arrangement; none re-lays out a section the edit
// does not touch, nor the lines of a touched section that the edit leaves as they were.

extension FlowLayout {
  /// Puts in tiles of `widths` at `places`: reading order, no repeats, places in the result (as
  /// `BlockMove.to`). Each width is the tile's own `width`, or nil for `itemSize.width`; it is shrunk
  /// as `init` shrinks it. Call it with the same places after adding the tiles to the arrangement.
  ///
  ///     10 cells a line, spacing 1, left; X (5 wide) put in at 0.1
  ///     before  |aaa.bbb.cc|dd........|      after  |aaa.XXXXX.|bbb.cc.dd.|
  ///
  /// Each section the tiles enter re-flows from the line before its first new tile until its lines
  /// fall back into step with the old ones (`SectionGeometry.replace`); later sections shift through
  /// the prefix sums.
  ///
  /// - Complexity: per section entered, O(k) for a uniform section that stays uniform (the tiles take
  ///   its width); a mixed one, vertically, O(k + tiles on the re-broken lines + lines) (the later line
  ///   starts are renumbered), horizontally O(tiles after the first new one) (every later column holds
  ///   other tiles); plus O(count) copying once when a uniform section becomes mixed, and O(log S).
  public mutating func insertItems(widths: [Int?], at places: [ItemPath]) {
    precondition(widths.count == places.count, "one width for each place")
    guard !places.isEmpty else { return }
    let m = metrics
    var k = 0
    places.forEachSectionGroup { s, items in
      let added = widths[k..<(k + items.count)].map(resolvedWidth)
      k += items.count
      sections[s].replace(removing: [], inserting: items, widths: added, m)
      extents.set(s, to: sectionExtent(s))
    }
    // Lanes keep their scroll: the cards added below the first shown push the others down.
  }

  /// Takes out the tiles at `paths` (reading order, no repeats, places as they are now). Call it with
  /// the same paths after taking the tiles out of the arrangement (or before: it reads nothing there).
  ///
  ///     10 cells a line, spacing 1, left; b taken out
  ///     before  |aaa.bbb.cc|dd........|      after  |aaa.cc.dd.|
  ///
  /// A section that loses its last odd tile becomes uniform (arithmetic again, its stored widths
  /// dropped); one that loses every tile is an empty section with its one drop line.
  ///
  /// - Complexity: per section left, O(k) for a uniform section, or when it becomes uniform or empty;
  ///   a mixed one as `insertItems`; plus O(log S).
  public mutating func removeItems(at paths: [ItemPath]) {
    guard !paths.isEmpty else { return }
    let m = metrics
    paths.forEachSectionGroup { s, items in
      sections[s].replace(removing: items, inserting: [], widths: [], m)
      extents.set(s, to: sectionExtent(s))
      keepLaneTop(s)
    }
  }

  /// Gives the tile at `path` its own width `width` (nil: `itemSize.width`), shrunk as `init` shrinks
  /// it. Only its section changes, and there only the lines around the tile.
  ///
  /// - Complexity: O(1) + O(log S) when the section stays uniform, or the shrunk width does not
  ///   change; a mixed section, vertically, O(tiles on the re-broken lines), plus O(lines) when the
  ///   number of lines changes, horizontally O(rowsPerColumn + log columns) (its column alone); a
  ///   uniform section becoming mixed adds O(count) copying once (`SectionGeometry.setWidth`).
  public mutating func setWidth(_ width: Int?, ofItemAt path: ItemPath) {
    sections[path.section].setWidth(resolvedWidth(width), at: path.item, metrics)
    extents.set(path.section, to: sectionExtent(path.section))
  }

  /// Puts in a section at `index` among the sections (0...sectionCount), holding tiles of `widths`
  /// (each the tile's own width or nil, as in `insertItems`), possibly none: then it is an empty
  /// section, one drop line tall. Nothing in a section depends on where it is, so the others keep
  /// their geometry; only the sections' extents are indexed again.
  ///
  /// - Complexity: O(S) (the sections' prefix sums are rebuilt: a Fenwick tree cannot insert in the
  ///   middle) plus the new section's own layout: O(1) when its tiles share one width, O(its tiles)
  ///   for mixed widths.
  public mutating func insertSection(at index: Int, widths: [Int?]) {
    let resolved = widths.map(resolvedWidth)
    sections.insert(SectionGeometry(widths: resolved, defaultWidth: defaultWidth, metrics), at: index)
    extents.insert(sectionExtent(index), at: index)
    if isLanes { laneTops.insert(0, at: index) }
  }

  /// Takes out the section at `index` with its tiles; the later sections move up (left, in the
  /// horizontal direction) and keep their geometry. Returns the section's layout, which
  /// `insertSection(_:at:)` can put back as it was (undoing the removal).
  /// - Complexity: O(S) (the sections' prefix sums are rebuilt).
  @discardableResult
  public mutating func removeSection(at index: Int) -> RemovedSection {
    let removed = RemovedSection(geometry: sections.remove(at: index), parameters: parameters, viewport: viewport)
    extents.remove(at: index)
    if isLanes { laneTops.remove(at: index) }
    return removed
  }

  /// Puts back at `index` a section `removeSection(at:)` took out, without laying out its tiles
  /// again: the undo of a section's deletion costs the same for a section of a million tiles as for an
  /// empty one. Its layout holds only for the parameters and viewport it was made for; when this
  /// layout has others (the screen was resized since), nothing changes and the result is false: put
  /// the section in from its tiles' widths instead (`insertSection(at:widths:)`).
  /// - Complexity: O(S) (the sections' prefix sums are rebuilt).
  @discardableResult
  public mutating func insertSection(_ removed: RemovedSection, at index: Int) -> Bool {
    guard removed.parameters == parameters && removed.viewport == viewport else { return false }
    sections.insert(removed.geometry, at: index)
    extents.insert(sectionExtent(index), at: index)
    if isLanes { laneTops.insert(0, at: index) }
    return true
  }
}

/// A section's layout as `FlowLayout.removeSection(at:)` took it out of a layout: what
/// `insertSection(_:at:)` needs to put it back without visiting its tiles. A value, so an undo history
/// can keep it.
public struct RemovedSection: Sendable {
  let geometry: SectionGeometry
  /// The layout it came from: its lines hold for these parameters and this viewport only.
  let parameters: LayoutParameters
  let viewport: Size

  /// How many tiles the section holds.
  public var count: Int { geometry.count }
}
