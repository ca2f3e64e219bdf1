import TestSupport
import Testing
import TileModel

@testable import GridLayout

/// Terminals can be tiny: a layout at any size must neither crash nor produce a negative size
/// (docs/editor.md: "a terminal too small for one tile shows a message instead of crashing").
@Suite("Degenerate sizes")
struct DegenerateTests {
  static let sides = [-3, 0, 1, 2, 3, 5]

  /// Parameter sets whose insets, spacings, headers and tiles are larger than those viewports.
  static let parameterSets: [LayoutParameters] = flowDirections.flatMap { direction in
    Alignment.allCases.flatMap { align in
      [
        params(direction, item: (1, 1), line: 0, inter: 0, align: align),
        params(direction, item: (5, 3), line: 9, inter: 9, inset: (7, 7, 7, 7), header: 3, align: align),
        params(direction, item: (30, 10), line: 1, inter: 2, inset: (0, 1, 1, 1), header: 1, align: align),
        params(direction, item: (2, 6), line: 4, inter: 0, inset: (4, 0, 0, 4), header: 0, align: align),
      ]
    }
  }

  /// Sections with tiles wider than any screen, mixed, uniform and empty.
  static let fixtures: [[[Int?]]] = [
    [], [[]], [tiles(1)], [[200]], [[200, nil, 1, 100_000], [], tiles(7)], [[], [3, 3, 3], [nil, 1]],
  ]

  @Test("layouts at widths and heights 0, 1, smaller than a tile, insets and spacings larger than the viewport never crash and never have a negative size")
  func degenerateSizes() {
    for p in Self.parameterSets {
      for widths in Self.fixtures {
        let a = arrangement(p, widths)
        for width in Self.sides {
          for height in Self.sides {
            let viewport = Size(width: width, height: height)
            let layout = FlowLayout(arrangement: a, viewport: viewport)
            let reference = ReferenceLayout(a, viewport: viewport)
            let content = layout.contentSize
            var rng = SplitMix64(seed: UInt64(width + 10) * 31 + UInt64(height + 10))
            let failure =
              Invariants.all(layout, reference) ?? Invariants.queries(layout, reference, cellLimit: 4_000, samples: 300, &rng)
              ?? Invariants.visits(layout, reference, rects: 10, &rng)
            #expect(failure == nil, "\(fixtureSource(p, widths, viewport: viewport)): \(failure ?? "")")
            #expect(content.width >= 0 && content.height >= 0)
            #expect(layout.available >= 1)
          }
        }
      }
    }
  }

  @Test("a tile wider than the screen is shrunk to the available width, never below one cell")
  func tileWiderThanScreen() {
    let a = arrangement(params(item: (3, 1), inset: (0, 2, 0, 2)), [[100_000, 50]])
    for width in [-1, 0, 1, 4, 5, 6, 20] {
      let layout = FlowLayout(arrangement: a, viewport: Size(width: width, height: 10))
      let available = max(1, width - 4)
      #expect(layout.frame(of: ItemPath(0, 0)).width == available)
      #expect(layout.frame(of: ItemPath(0, 1)).width == min(50, available))
      #expect(layout.contentSize.width == max(width, 4 + available))
    }
  }
}
