import Testing
import TileModel

@testable import GridLayout

/// Thousands of random arrangements (0-6 sections of 0-40 tiles, uniform, mixed or mostly default
/// widths, every parameter and alignment, both directions) on random viewports from 0 to 100,000
/// cells, checked against the reference layout and against properties that need no reference.
@Suite("Flow layout properties: random arrangements")
struct PropertyTests {
  @Test("every frame, header, section frame and the content size equal the reference's exactly")
  func framesEqualReference() {
    forEachRandomCase(3000, seed: 0x5EED_0001) { c, _ in
      let a = c.arrangement
      return difference(
        FlowLayout(arrangement: a, viewport: c.viewport).snapshot, ReferenceLayout(a, viewport: c.viewport).snapshot)
    }
  }

  @Test("no negative sizes, no overlaps, frames inside sections inside the content, lines and reading order hold")
  func structuralInvariants() {
    forEachRandomCase(2000, seed: 0x5EED_0002) { c, _ in
      let a = c.arrangement
      return Invariants.all(FlowLayout(arrangement: a, viewport: c.viewport), ReferenceLayout(a, viewport: c.viewport))
    }
  }

  @Test("forEachItem(in:) visits exactly the tiles whose frames meet a random rect, in reading order")
  func visitsMatchBruteForce() {
    forEachRandomCase(1500, seed: 0x5EED_0003) { c, rng in
      let a = c.arrangement
      return Invariants.visits(
        FlowLayout(arrangement: a, viewport: c.viewport), ReferenceLayout(a, viewport: c.viewport), rects: 20, &rng)
    }
  }

  @Test("item(at:), section(at:) and dropZone(at:) equal brute force at every cell of the content and around it")
  func queriesMatchBruteForceAtEveryCell() {
    forEachRandomCase(400, seed: 0x5EED_0004, make: { RandomCase.random(&$0, side: RandomCase.moderateSide) }) { c, rng in
      let a = c.arrangement
      return Invariants.queries(FlowLayout(arrangement: a, viewport: c.viewport), ReferenceLayout(a, viewport: c.viewport), &rng)
    }
  }

  @Test("many small sections (7-70): frames, invariants, visits and queries hold across the sections' prefix sums")
  func manySections() {
    forEachRandomCase(200, seed: 0x5EED_0006, make: { RandomCase.random(&$0, sections: 7...70, tiles: 0...5) }) { c, rng in
      let a = c.arrangement
      let layout = FlowLayout(arrangement: a, viewport: c.viewport)
      let reference = ReferenceLayout(a, viewport: c.viewport)
      return Invariants.all(layout, reference) ?? Invariants.visits(layout, reference, rects: 10, &rng)
        ?? Invariants.queries(layout, reference, cellLimit: 5_000, samples: 1_000, &rng)
    }
  }

  @Test("item(at:), section(at:) and dropZone(at:) equal brute force on huge and degenerate viewports (sampled cells)")
  func queriesMatchBruteForceOnAnyViewport() {
    forEachRandomCase(150, seed: 0x5EED_0005) { c, rng in
      let a = c.arrangement
      return Invariants.queries(FlowLayout(arrangement: a, viewport: c.viewport), ReferenceLayout(a, viewport: c.viewport), &rng)
    }
  }
}
