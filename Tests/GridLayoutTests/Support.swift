import TestSupport
import Testing
import TileModel

@testable import GridLayout

// Shared helpers for the GridLayout tests: fixtures, a seeded generator, snapshots of a layout and
// pictures of layouts and of query answers.

// MARK: - Fixtures

/// The flow layout's directions: the rules, the reference layout and the invariants of these tests are
/// theirs. Lanes (`Direction.lanes`) have their own (LanesTests.swift).
let flowDirections: [Direction] = [.vertical, .horizontal]

/// Layout parameters with small defaults that keep pictures small: 4x1 tiles, no line spacing, one
/// cell between tiles, no insets, no headers, `justify`.
func params(
  _ direction: Direction = .vertical, item: (width: Int, height: Int) = (4, 1), line: Int = 0, inter: Int = 1,
  inset: (top: Int, left: Int, bottom: Int, right: Int) = (0, 0, 0, 0), header: Int = 0,
  align: Alignment = .justify
) -> LayoutParameters {
  LayoutParameters(
    direction: direction, itemSize: Size(width: item.width, height: item.height), lineSpacing: line,
    interitemSpacing: inter,
    sectionInset: Insets(top: inset.top, left: inset.left, bottom: inset.bottom, right: inset.right),
    headerHeight: header, alignment: align)
}

/// An arrangement whose section `s` holds one tile per entry of `widths[s]`; `nil` means the tile has
/// no width of its own (it takes `itemSize.width`). Tiles are `t0`, `t1`, … in reading order.
func arrangement(_ p: LayoutParameters, _ widths: [[Int?]]) -> Arrangement {
  var next = 0
  var sections: [(Section, [Tile])] = []
  for (s, sectionWidths) in widths.enumerated() {
    var tiles: [Tile] = []
    for w in sectionWidths {
      tiles.append(Tile(id: "t\(next)", width: w))
      next += 1
    }
    sections.append((Section(id: "s\(s)"), tiles))
  }
  return Arrangement(layout: LayoutSpec(p), sections: sections)
}

/// `n` tiles of the default width.
func tiles(_ n: Int) -> [Int?] { Array(repeating: nil, count: n) }

/// Every tile's path, in reading order.
func allPaths(_ a: Arrangement) -> [ItemPath] {
  a.sections.indices.flatMap { s in (0..<a.sections[s].count).map { ItemPath(s, $0) } }
}

/// Swift source that rebuilds a fixture, for failure messages: paste it into a test.
func fixtureSource(_ p: LayoutParameters, _ widths: [[Int?]], viewport: Size) -> String {
  let i = p.sectionInset
  let sections = widths.map { "[" + $0.map { $0.map(String.init) ?? "nil" }.joined(separator: ", ") + "]" }
  return "arrangement(params(.\(p.direction), item: (\(p.itemSize.width), \(p.itemSize.height)), "
    + "line: \(p.lineSpacing), inter: \(p.interitemSpacing), "
    + "inset: (\(i.top), \(i.left), \(i.bottom), \(i.right)), header: \(p.headerHeight), align: .\(p.alignment)), "
    + "[\(sections.joined(separator: ", "))]) at \(viewport.width)x\(viewport.height)"
}

/// The per-tile widths of an arrangement, as `arrangement(_:_:)` takes them.
func widths(of a: Arrangement) -> [[Int?]] {
  a.sections.indices.map { s in a.tiles(inSection: s).map(\.width) }
}

// MARK: - Seeded randomness

// MARK: - Snapshots

/// Everything `tilegrid layout` reports about a layout: content size, and per section its frame, header
/// and tile frames.
struct LayoutSnapshot: Equatable {
  struct SectionSnapshot: Equatable {
    var frame: Rect
    var header: Rect?
    var items: [Rect]
  }

  var contentSize: Size
  var sections: [SectionSnapshot]

  /// Every tile's frame with its path, in reading order.
  var tiles: [(path: ItemPath, frame: Rect)] {
    sections.enumerated().flatMap { s, section in
      section.items.enumerated().map { (ItemPath(s, $0.offset), $0.element) }
    }
  }
}

extension FlowLayout {
  /// The layout read through its public queries.
  var snapshot: LayoutSnapshot {
    LayoutSnapshot(
      contentSize: contentSize,
      sections: (0..<sectionCount).map { s in
        LayoutSnapshot.SectionSnapshot(
          frame: sectionFrame(s), header: headerFrame(s),
          items: (0..<itemCount(inSection: s)).map { frame(of: ItemPath(s, $0)) })
      })
  }
}

/// The first place where two snapshots differ, in words, or nil when they are equal.
func difference(_ actual: LayoutSnapshot, _ expected: LayoutSnapshot, actualName: String = "engine") -> String? {
  if actual.contentSize != expected.contentSize {
    return "content size: \(actualName) \(actual.contentSize), expected \(expected.contentSize)"
  }
  if actual.sections.count != expected.sections.count {
    return "section count: \(actualName) \(actual.sections.count), expected \(expected.sections.count)"
  }
  for (s, (a, e)) in zip(actual.sections, expected.sections).enumerated() {
    if a.frame != e.frame { return "section \(s) frame: \(actualName) \(a.frame), expected \(e.frame)" }
    if a.header != e.header {
      return "section \(s) header: \(actualName) \(a.header.map(\.description) ?? "nil"), "
        + "expected \(e.header.map(\.description) ?? "nil")"
    }
    if a.items.count != e.items.count {
      return "section \(s) tile count: \(actualName) \(a.items.count), expected \(e.items.count)"
    }
    for (i, (fa, fe)) in zip(a.items, e.items).enumerated() where fa != fe {
      return "frame of tile \(ItemPath(s, i)): \(actualName) \(fa), expected \(fe)"
    }
  }
  return nil
}

// MARK: - Pictures

extension Rect {
  /// The cells of this rect that lie inside `area`, row by row.
  func cells(in area: Rect) -> [Point] {
    let (left, right) = (max(minX, area.minX), min(maxX, area.maxX))
    let (top, bottom) = (max(minY, area.minY), min(maxY, area.maxY))
    guard left < right, top < bottom else { return [] }
    return (top..<bottom).flatMap { y in (left..<right).map { Point(x: $0, y: y) } }
  }
}

/// Tile `n` (in reading order over the whole arrangement) is drawn with `tileLetters[n]`.
let tileLetters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

func tileLetter(_ n: Int) -> Character { n < tileLetters.count ? tileLetters[n] : "?" }

/// A grid of characters the size of a rectangle, written out as lines of text.
struct TextCanvas {
  let area: Rect
  var cells: [Character]

  init(_ area: Rect, fill: Character = ".") {
    self.area = area
    cells = Array(repeating: fill, count: max(0, area.width) * max(0, area.height))
  }

  subscript(p: Point) -> Character {
    get { cells[(p.y - area.y) * area.width + (p.x - area.x)] }
    set { cells[(p.y - area.y) * area.width + (p.x - area.x)] = newValue }
  }

  /// Fills the part of `rect` inside the canvas. A tile letter drawn over another is shown as `!`, so
  /// an overlap is visible in the picture.
  mutating func fill(_ rect: Rect, with mark: Character) {
    for p in rect.cells(in: area) { self[p] = self[p] == "." || self[p] == "#" ? mark : "!" }
  }

  var text: String {
    guard area.width > 0 else { return String(repeating: "\n", count: max(0, area.height - 1)) }
    return stride(from: 0, to: cells.count, by: area.width)
      .map { String(cells[$0..<($0 + area.width)]) }
      .joined(separator: "\n")
  }
}

/// A layout as text: one letter per tile (`a`, `b`, … in reading order, or `letters` in reading
/// order when given), `#` for headers and `.` for the rest of the content.
func picture(_ layout: LayoutSnapshot, letters: [Character]? = nil) -> String {
  var canvas = TextCanvas(Rect(origin: .zero, size: layout.contentSize))
  for header in layout.sections.compactMap(\.header) { canvas.fill(header, with: "#") }
  for (n, tile) in layout.tiles.enumerated() {
    canvas.fill(tile.frame, with: letters.map { n < $0.count ? $0[n] : "?" } ?? tileLetter(n))
  }
  return canvas.text
}

/// One character per cell of `area`, from `mark`.
func queryPicture(_ area: Rect, _ mark: (Point) -> Character) -> String {
  var canvas = TextCanvas(area)
  for y in area.minY..<area.maxY {
    for x in area.minX..<area.maxX { canvas[Point(x: x, y: y)] = mark(Point(x: x, y: y)) }
  }
  return canvas.text
}

/// The global letter of the tile at `path` in `a`.
func letter(of path: ItemPath?, in a: Arrangement) -> Character {
  guard let path else { return "." }
  let before = a.sections[..<path.section].reduce(0) { $0 + $1.count }
  return tileLetter(before + path.item)
}

/// A drop zone as one character: the tile's letter, `E` for an empty section's body, `>` for a
/// section's end beside its last tile, `v` for a section's end past the last tile's line, `.` for none.
func dropZoneMark(_ zone: DropZone?, in a: Arrangement) -> Character {
  switch zone {
  case nil: return "."
  case .item(let path)?: return letter(of: path, in: a)
  case .emptySection?: return "E"
  case .sectionEnd(_, let beside)?: return beside ? ">" : "v"
  }
}

/// A section index as one digit, `.` for none.
func sectionMark(_ s: Int?) -> Character {
  s.map { Character(String($0 % 10)) } ?? "."
}

/// Checks that the engine and the reference both draw `a` at `width` x `height` as `expected`, and that
/// they agree on every number.
func expectPicture(
  _ a: Arrangement, width: Int, height: Int, _ expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let viewport = Size(width: width, height: height)
  let engine = FlowLayout(arrangement: a, viewport: viewport).snapshot
  let reference = ReferenceLayout(a, viewport: viewport).snapshot
  let drawn = picture(engine)
  #expect(drawn == expected, "the engine drew\n\(drawn)\nexpected\n\(expected)", sourceLocation: sourceLocation)
  let referenceDrawn = picture(reference)
  #expect(
    referenceDrawn == expected, "the reference drew\n\(referenceDrawn)\nexpected\n\(expected)",
    sourceLocation: sourceLocation)
  let diff = difference(engine, reference)
  #expect(diff == nil, "engine vs reference: \(diff ?? "")", sourceLocation: sourceLocation)
}

// MARK: - Random cases

/// A random arrangement and viewport, with the Swift source that rebuilds it.
struct RandomCase: CustomStringConvertible {
  var parameters: LayoutParameters
  var widths: [[Int?]]
  var viewport: Size

  var arrangement: Arrangement { GridLayoutTests.arrangement(parameters, widths) }
  var description: String { fixtureSource(parameters, widths, viewport: viewport) }

  /// How tiles get their widths: a real arrangement is usually one of these, and each exercises a
  /// different path of the engine (uniform arithmetic, mixed lines, sections flipping between them).
  enum WidthStyle: CaseIterable {
    case itemSize, uniformPerSection, mixed, mostlyItemSize
  }

  static func random(
    _ rng: inout SplitMix64, sections: ClosedRange<Int> = 0...6, tiles: ClosedRange<Int> = 0...40,
    styles: [WidthStyle] = WidthStyle.allCases, side: (inout SplitMix64) -> Int = randomSide
  ) -> RandomCase {
    let p = LayoutParameters(
      direction: rng.element(flowDirections),
      itemSize: Size(width: rng.int(1...20), height: rng.int(1...6)),
      lineSpacing: rng.int(0...4), interitemSpacing: rng.int(0...4),
      sectionInset: Insets(top: rng.int(0...4), left: rng.int(0...4), bottom: rng.int(0...4), right: rng.int(0...4)),
      headerHeight: rng.int(0...2), alignment: rng.element(Alignment.allCases))
    let style = rng.element(styles)
    var widths: [[Int?]] = []
    for _ in 0..<rng.int(sections) {
      let count = rng.chance(15) ? rng.int(0...1) : rng.int(tiles)
      let sectionWidth: Int? = rng.chance(30) ? nil : rng.int(1...25)
      widths.append(
        (0..<count).map { _ -> Int? in
          switch style {
          case .itemSize: return nil
          case .uniformPerSection: return sectionWidth
          case .mixed: return rng.chance(10) ? nil : rng.int(1...25)
          case .mostlyItemSize: return rng.chance(12) ? rng.int(1...25) : nil
          }
        })
    }
    return RandomCase(parameters: p, widths: widths, viewport: Size(width: side(&rng), height: side(&rng)))
  }

  /// A viewport side: mostly ordinary, sometimes 0, 1, tiny, huge or even negative.
  static func randomSide(_ rng: inout SplitMix64) -> Int {
    switch rng.int(0...99) {
    case 0..<6: return 0
    case 6..<12: return 1
    case 12..<25: return rng.int(2...8)
    case 25..<80: return rng.int(9...80)
    case 80..<92: return rng.int(81...300)
    case 92..<98: return rng.int(1000...100_000)
    default: return rng.int(-5 ... -1)
    }
  }

  /// A side without the huge ones, for tests that visit every cell of the content.
  static func moderateSide(_ rng: inout SplitMix64) -> Int {
    switch rng.int(0...99) {
    case 0..<6: return 0
    case 6..<12: return 1
    case 12..<30: return rng.int(2...8)
    case 30..<95: return rng.int(9...60)
    default: return rng.int(61...150)
    }
  }
}

/// Runs `check` on `count` random cases from `seed` (the first eighth of them in the fast loop,
/// `FastLoop`); records each failure with the case that caused it and stops after a few, so one bug
/// does not bury the report.
func forEachRandomCase(
  _ count: Int, seed: UInt64, make: (inout SplitMix64) -> RandomCase = { RandomCase.random(&$0) },
  sourceLocation: SourceLocation = #_sourceLocation,
  _ check: (RandomCase, inout SplitMix64) throws -> String?
) rethrows {
  var rng = SplitMix64(seed: seed)
  var failures = 0
  for n in 0..<FastLoop.count(count, fast: max(1, count / 8)) {
    let c = make(&rng)
    if let failure = try check(c, &rng) {
      Issue.record("case \(n): \(failure)\n  fixture: \(c)", sourceLocation: sourceLocation)
      failures += 1
      if failures == 3 { return }
    }
  }
}
