import Geometry
import Testing

@Suite("Geometry: half-open rectangles")
struct GeometryTests {
  @Test func containsMinimumEdgesOnly() {
    let r = Rect(x: 2, y: 3, width: 4, height: 2)
    #expect(r.contains(Point(x: 2, y: 3)))
    #expect(r.contains(Point(x: 5, y: 4)))
    #expect(!r.contains(Point(x: 6, y: 4)))
    #expect(!r.contains(Point(x: 5, y: 5)))
  }

  @Test func intersectionIgnoresEmptyRects() {
    let r = Rect(x: 0, y: 0, width: 4, height: 4)
    #expect(r.intersects(Rect(x: 3, y: 3, width: 4, height: 4)))
    #expect(!r.intersects(Rect(x: 4, y: 0, width: 4, height: 4)))
    #expect(!r.intersects(Rect(x: 1, y: 1, width: 0, height: 2)))
  }
}
