import Testing
import TileModel

@testable import GridLayout

@Suite("Viewport: converting, clamping and revealing")
struct ViewportTests {
  let content = Size(width: 40, height: 100)

  @Test func convertsBothWays() {
    var v = Viewport(frame: Rect(x: 0, y: 1, width: 40, height: 10), direction: .vertical)
    v.scroll(by: 7, contentSize: content)
    #expect(v.contentPoint(fromScreen: Point(x: 3, y: 1)) == Point(x: 3, y: 7))
    #expect(v.screenPoint(fromContent: Point(x: 3, y: 7)) == Point(x: 3, y: 1))
    #expect(v.screenRect(fromContent: Rect(x: 2, y: 8, width: 4, height: 3)) == Rect(x: 2, y: 2, width: 4, height: 3))
    #expect(v.visibleContent == Rect(x: 0, y: 7, width: 40, height: 10))
  }

  @Test func scrollingStaysWithinTheContent() {
    var v = Viewport(frame: Rect(x: 0, y: 1, width: 40, height: 10), direction: .vertical)
    #expect(v.scroll(by: -5, contentSize: content) == 0)
    #expect(v.scroll(by: 500, contentSize: content) == 90)
    #expect(v.position == 90)
    // The content shrank: clamping scrolls back.
    #expect(v.clamp(contentSize: Size(width: 40, height: 50)) == -50)
    #expect(v.maximumPosition(contentSize: Size(width: 40, height: 5)) == 0)
  }

  @Test func revealScrollsTheLeast() {
    var v = Viewport(frame: Rect(x: 0, y: 1, width: 40, height: 10), direction: .vertical)
    #expect(v.reveal(3..<6, contentSize: content) == 0)
    #expect(v.reveal(12..<15, contentSize: content) == 5)  // its end at the frame's end
    #expect(v.reveal(2..<4, contentSize: content) == -3)  // its start at the frame's start
    #expect(v.reveal(30..<60, contentSize: content) == 28)  // longer than the frame: its start shows
  }

  @Test func horizontalScrollsAlongX() {
    var v = Viewport(frame: Rect(x: 0, y: 1, width: 20, height: 10), direction: .horizontal)
    #expect(v.scroll(by: 5, contentSize: Size(width: 60, height: 10)) == 5)
    #expect(v.offset == Point(x: 5, y: 0))
    #expect(v.along(3) == Point(x: 3, y: 0))
  }
}
