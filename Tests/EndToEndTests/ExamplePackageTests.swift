import Document
import Foundation
import GridLayout
import Reorder
import TestSupport
import Testing
import TileGridJSON
import TileModel

// The engine as a library: its public API used the way docs/library.md shows,
// and Examples/ReorderDemo, a package of its own that depends on this one by path, built and run.
// (This target is inside the package, so it could also see `package` declarations; the example cannot,
// which is what proves the public API is enough.)

@Suite("The library's public API")
struct LibraryAPITests {
  @Test("load, lay out, drag with the mouse, save: docs/library.md's example")
  func readmeExample() throws {
    let viewport = Rect(x: 0, y: 1, width: 80, height: 22)
    var document = Document(arrangement: try Arrangement(json: Arrangement.demo.jsonBytes()), viewport: viewport.size)
    var state = ReorderState(document: document, screen: Size(width: 80, height: 24), viewport: viewport)
    #expect(state.handle(.press(Point(x: 3, y: 3)), at: 0, in: &document) == [])
    #expect(state.nextDeadline == 300)
    #expect(state.handle(.tick, at: 300, in: &document) == [.lifted(.tile(ItemPath(0, 0)))])
    #expect(
      state.handle(.motion(Point(x: 12, y: 3)), at: 350, in: &document)
        == [.moved(.tile(ItemPath(0, 0)), to: .tile(ItemPath(0, 1)))])
    #expect(
      state.handle(.release(Point(x: 12, y: 3)), at: 400, in: &document) == [.dropped(.tile(ItemPath(0, 1)), moved: true)])
    let saved = try Arrangement(json: document.arrangement.jsonBytes())
    #expect(saved.tiles(inSection: 0).map(\.id) == ["red", "blue", "green", "orange", "yellow"])
    #expect(document.isDirty)
    let step = document.undo()
    #expect(step?.edits == [.moveTile(from: ItemPath(0, 0), to: ItemPath(0, 1))])
    #expect(document.arrangement == Arrangement.demo)
    #expect(!document.isDirty)
  }

  @Test("a place may be the section's count, the end, also in the tile's own section")
  func placesCountTheEnd() throws {
    var arrangement = Arrangement.demo
    let favorites = arrangement.sections[0].count
    let end = arrangement.destination(from: ItemPath(0, 0), forPlace: ItemPath(0, favorites))
    #expect(end == ItemPath(0, favorites - 1))
    #expect(arrangement.destination(from: ItemPath(0, 0), forPlace: ItemPath(1, 9)) == ItemPath(1, 9))
    try arrangement.move(from: ItemPath(0, 0), toPlace: ItemPath(0, favorites))
    #expect(arrangement.tiles(inSection: 0).map(\.id) == ["red", "green", "orange", "yellow", "blue"])
    #expect(throws: EditError.noSuchDestination(ItemPath(0, 6), valid: 0...5)) {
      try arrangement.move(from: ItemPath(0, 0), toPlace: ItemPath(0, 6))
    }
    // `move(from:to:)` takes indexes after the removal only.
    #expect(throws: EditError.noSuchDestination(ItemPath(0, 5), valid: 0...4)) {
      try arrangement.move(from: ItemPath(0, 0), to: ItemPath(0, 5))
    }
  }

  @Test("FlowLayout.jsonBytes is what 'tilegrid layout' prints (Tests/Golden)")
  func layoutReport() throws {
    let golden = BuildTests.packageRoot.appendingPathComponent("Tests/Golden/demo.layout-80x24.json")
    let viewport = Rect(x: 0, y: 1, width: 80, height: 22)
    let layout = FlowLayout(arrangement: .demo, viewport: viewport.size)
    let report = layout.jsonBytes(arrangement: .demo, viewport: viewport)
    #expect(String(decoding: report, as: UTF8.self) == String(decoding: try Data(contentsOf: golden), as: UTF8.self))
    var chunks = 0
    layout.writeJSON(arrangement: .demo, viewport: viewport, chunkSize: 64) { _ in chunks += 1 }
    #expect(chunks > 1)
  }

  @Test("a load error names the place in one line")
  func loadError() {
    let text = ##"{"version": 1, "sections": [{"id": "s", "items": [{"id": "t", "color": "#GG0000"}]}]}"##
    let place = JSONPath.root.key("sections").index(0).key("items").index(0).key("color")
    #expect(throws: LoadError.notAColor(place, value: "#GG0000")) { try Arrangement(json: text) }
    #expect(
      LoadError.notAColor(place, value: "#GG0000").description
        == ##"sections[0].items[0].color: "#GG0000" is not a color (a UIKit color name or #RRGGBB)"##)
  }
}

/// Examples/ReorderDemo is built with `swift build --package-path Examples/ReorderDemo` into its own
/// scratch directory (`.build/examples/ReorderDemo`, so it never waits for the lock on the tests' own
/// `.build`, and a second run is incremental), then run on its arrangement.json.
@Suite("The example package (Examples/ReorderDemo)")
struct ExamplePackageTests {
  static let example = BuildTests.packageRoot.appendingPathComponent("Examples/ReorderDemo")
  static let scratch = BuildTests.packageRoot.appendingPathComponent(".build/examples/ReorderDemo")

  /// What the example prints before the line naming the saved file.
  static let expected = """
    4 tiles, content 40x8 on a 40x12 screen:
      To do: write test ship
      Done: plan
    drag "write" from (5, 3) to (12, 7):
      0 ms    press 5 3
      300 ms  tick            lift 0.0
      400 ms  move 6 4        move 0.0 -> 0.2
      450 ms  move 8 5
      500 ms  move 10 6       move 0.2 -> 1.1
      550 ms  move 12 7
      600 ms  release 12 7    drop 1.1
    after the drag:
      To do: test ship
      Done: plan write

    """

  @Test("builds against the library by path, drags a tile, prints the trace and the order, saves the file")
  func buildsAndRuns() async throws {
    // A clean build compiles the library's modules: about 20 s alone, minutes on a busy machine.
    let arguments = ["swift", "build", "--package-path", Self.example.path, "--scratch-path", Self.scratch.path]
    var build = try await Run("/usr/bin/env", arguments, timeout: 1200)
    if build.finished && build.status != 0 {
      // SwiftPM can miss source files added to a path dependency since its last build in this scratch
      // directory (it plans from its cache): a failed build is tried once more from scratch.
      try? FileManager.default.removeItem(at: Self.scratch)
      build = try await Run("/usr/bin/env", arguments, timeout: 1200)
    }
    try #require(
      build.finished && build.status == 0,
      "swift build of Examples/ReorderDemo \(build.finished ? "failed (\(build.status))" : "timed out"):\n\(build.log)")

    let directory = try TemporaryDirectory()
    let input = Self.example.appendingPathComponent("arrangement.json").path
    let output = directory.file("saved.json")
    let binary = Self.scratch.appendingPathComponent("debug/ReorderDemo").path
    let run = try await Run(binary, [input, output], timeout: 60)
    try #require(run.finished && run.status == 0, "ReorderDemo failed:\n\(run.log)")
    #expect(run.stdout == Self.expected + "saved \(output)\n")

    // The saved file is the arrangement after one move, its unknown key kept, in canonical form.
    let original = try Arrangement(json: Array(try Data(contentsOf: URL(fileURLWithPath: input))))
    var moved = original
    try moved.move(from: ItemPath(0, 0), to: ItemPath(1, 1))
    let saved = try directory.read("saved.json")
    #expect(saved == moved.jsonBytes())
    #expect(try Arrangement(json: saved).extras == original.extras)
  }

  /// A process run to its end or its timeout, its standard output and error captured in files. The
  /// wait sleeps as a task, never blocking a thread: a build takes a minute on a busy machine, and the
  /// tests waiting on tmux meanwhile need the concurrency pool's few threads.
  struct Run {
    var finished = false
    var status: Int32 = -1
    var stdout = ""
    var stderr = ""
    var log: String { "standard output:\n\(stdout)\nstandard error:\n\(stderr)" }

    init(_ executable: String, _ arguments: [String], timeout seconds: Double) async throws {
      let output = try CapturedOutput()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      output.attach(to: process)
      try process.run()
      let deadline = Date().addingTimeInterval(seconds)
      while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
      let timedOut = process.isRunning
      if timedOut { process.terminate() }
      process.waitUntilExit()
      finished = !timedOut && process.terminationReason == .exit
      status = process.terminationStatus
      stdout = String(decoding: try output.stdoutBytes(), as: UTF8.self)
      stderr = String(decoding: try output.stderrBytes(), as: UTF8.self)
    }
  }
}
