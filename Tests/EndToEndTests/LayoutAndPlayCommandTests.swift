import Foundation
import TestSupport
import Testing

/// `tilegrid layout` and `tilegrid play` as a script meets them. The layout goldens in `Tests/Golden`
/// were checked by hand against docs/layout.md (drawn as letters); the reorder rules themselves are
/// replayed through `play` by the scenario tests in ReorderTests.
@Suite("tilegrid layout and tilegrid play")
struct LayoutAndPlayCommandTests {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden")

  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  static func goldenPath(_ name: String) -> String { golden.appendingPathComponent(name).path }

  struct LayoutCase: CustomTestStringConvertible, Sendable {
    var file: String
    var width: Int
    var height: Int
    var testDescription: String { "\(file) at \(width)x\(height)" }
    var expected: String { "\(file.dropLast(".json".count)).layout-\(width)x\(height).json" }
  }

  static let layoutCases: [LayoutCase] =
    ["justify", "left", "center"].flatMap { alignment in
      [
        LayoutCase(file: "vertical-\(alignment).json", width: 30, height: 24),
        LayoutCase(file: "horizontal-\(alignment).json", width: 30, height: 12),
      ]
    } + [
      LayoutCase(file: "demo.json", width: 80, height: 24),
      LayoutCase(file: "demo.json", width: 3, height: 2),
    ]

  @Test("layout prints the reviewed frames", arguments: layoutCases)
  func layoutGolden(_ layoutCase: LayoutCase) throws {
    let result = try TileGrid.run([
      "layout", Self.goldenPath(layoutCase.file), "--width", "\(layoutCase.width)", "--height", "\(layoutCase.height)",
    ])
    #expect(result.status == 0, "\(result)")
    let expected = try String(contentsOfFile: Self.goldenPath(layoutCase.expected), encoding: .utf8)
    #expect(result.stdoutText == expected)
  }

  @Test("layout reads standard input and reports the editor's viewport")
  func layoutFromStandardInput() throws {
    let demo = try TileGrid.run(["demo"])
    let result = try TileGrid.run(["layout", "-", "--width", "100", "--height", "40"], stdin: demo.stdout)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutText.hasPrefix("{\n  \"viewport\": {\"x\": 0, \"y\": 1, \"width\": 100, \"height\": 38},\n"))
  }

  @Test(
    "layout refuses bad sizes with a usage error",
    arguments: [
      ["--width", "80"], ["--height", "24"], ["--width", "-1", "--height", "24"], ["--width", "80", "--height", "x"],
      ["--width", "80", "--height", "24", "--depth", "3"],
    ])
  func layoutUsage(_ options: [String]) throws {
    let result = try TileGrid.run(["layout", Self.goldenPath("demo.json")] + options)
    #expect(result.status == 64)
    #expect(result.stderrLines.count == 1)
    #expect(result.stderrText.hasPrefix("tilegrid: "))
    #expect(result.stdout.isEmpty)
  }

  /// One rule for sizes everywhere: a whole number from 1 to 100,000 (`Screen.maximumSide`).
  @Test(
    "a size of zero or over 100,000 is refused (64), naming the option and the range",
    arguments: [("--width", "0"), ("--height", "0"), ("--width", "100001"), ("--height", "100001"), ("--width", "1e3")])
  func sizeRange(_ option: String, _ value: String) throws {
    let demo = Self.goldenPath("demo.json")
    let events = try directory.write("events.txt", "wait 1\n")
    var sizes = ["--width": "80", "--height": "24"]
    sizes[option] = value
    let size = ["--width", sizes["--width"]!, "--height", sizes["--height"]!]
    for arguments in [["layout", demo] + size, ["play", demo, "--events", events] + size] {
      expectFailure(
        try TileGrid.run(arguments), status: 64,
        mentioning: ["\(option) must be a whole number from 1 to 100000, not '\(value)'"])
    }
    expectSuccess(try TileGrid.run(["layout", demo, "--width", "100000", "--height", "1"]))
  }

  /// A screen that is drawn has at most `Screen.maximumCells` cells: `render` refuses more, naming the
  /// limit, where it aborted trying to allocate 320 GB; `layout` and `play`, which draw nothing, take
  /// any size within the sides' range.
  @Test("render of more than 1,000,000 cells is refused with the limit named, also after the events' resize")
  func renderCellLimit() throws {
    let demo = Self.goldenPath("demo.json")
    for (width, height) in [("100000", "100000"), ("1001", "1000"), ("100000", "11")] {
      expectFailure(
        try TileGrid.run(["render", demo, "--width", width, "--height", height]), status: 64,
        mentioning: ["render draws at most 1,000,000"])
    }
    let events = try directory.write("events.txt", "key right\nresize 100000 100000\n")
    expectFailure(
      try TileGrid.run(["render", demo, "--width", "80", "--height", "24", "--events", events]), status: 65,
      mentioning: ["events.txt: the screen is resized to 100000 x 100000", "render draws at most 1,000,000"])
    let largest = try TileGrid.run(["render", demo, "--width", "1000", "--height", "1000", "--color", "never"])
    expectSuccess(largest)
    #expect(largest.stdoutText.split(separator: "\n").count == 1000)
    for command in [["layout", demo], ["play", demo, "--events", events]] {
      expectSuccess(try TileGrid.run(command + ["--width", "100000", "--height", "100000"]))
    }
  }

  @Test(
    "layout on tiny screens is sane JSON: nothing negative, the viewport on the screen, frames in the content",
    arguments: [(1, 1), (1, 2), (2, 1), (3, 3), (2, 3), (1, 40)])
  func tinyScreens(_ width: Int, _ height: Int) throws {
    for file in ["demo.json", "horizontal-justify.json", "vertical-left.json"] {
      let result = try TileGrid.run(
        ["layout", Self.goldenPath(file), "--width", "\(width)", "--height", "\(height)"])
      expectSuccess(result)
      let json = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
      let viewport = json?["viewport"] as? [String: Int] ?? [:]
      let content = json?["contentSize"] as? [String: Int] ?? [:]
      // The title bar takes row 0 and the status line the last row: under 3 rows the viewport has no
      // row, and is the empty rectangle below the title bar.
      #expect(viewport == ["x": 0, "y": 1, "width": width, "height": max(0, height - 2)], "\(file)")
      #expect(viewport["y"]! + viewport["height"]! <= max(height, 1), "\(file): the viewport ends on the screen")
      #expect(content["width"]! >= 1 && content["height"]! >= 1, "\(file)")
      var frames: [[String: Int]] = []
      for case let section as [String: Any] in json?["sections"] as? [Any] ?? [] {
        for key in ["frame", "header"] { if let frame = section[key] as? [String: Int] { frames.append(frame) } }
        for case let item as [String: Any] in section["items"] as? [Any] ?? [] {
          if let frame = item["frame"] as? [String: Int] { frames.append(frame) }
        }
      }
      #expect(!frames.isEmpty)
      for frame in frames {
        #expect(frame.values.allSatisfy { $0 >= 0 }, "\(file): \(frame)")
        #expect(
          frame["x"]! + frame["width"]! <= content["width"]! && frame["y"]! + frame["height"]! <= content["height"]!,
          "\(file): \(frame) lies in the content \(content)")
      }
    }
  }

  @Test("layout of a bad file names the place and exits 65")
  func layoutBadFile() throws {
    let bad = try directory.write("bad.json", #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "a", "width": 0}]}]}"#)
    let result = try TileGrid.run(["layout", bad, "--width", "80", "--height", "24"])
    #expect(result.status == 65)
    #expect(result.stderrText == "tilegrid: \(bad): sections[0].items[0].width: 0 is too small (the least allowed is 1)\n")
  }

  // MARK: - play

  func play(_ events: String, _ extra: [String] = [], file: String = "demo.json") throws -> RunResult {
    let eventsPath = try directory.write("events.txt", events)
    return try TileGrid.run(
      ["play", Self.goldenPath(file), "--width", "80", "--height", "24", "--events", eventsPath, "--trace"] + extra)
  }

  @Test("a malformed events file names its line, exits 65 and prints no arrangement")
  func playMalformed() throws {
    let result = try play("press 3 3\nwait 300\njump 4 4\nrelease 3 3\n")
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.count == 1)
    #expect(result.stderrText.contains("events.txt: line 3: unknown event 'jump'"))
  }

  @Test(
    "each kind of bad events line is refused with its line number",
    arguments: [
      ("press 3", "line 1: 'press' takes X Y, got 1 argument"),
      ("move -1 4", "line 1: X must be a whole number"),
      ("wait soon", "line 1: MS must be a whole number"),
      ("wheel sideways 1 1", "line 1: 'wheel' takes up|down X Y"),
      ("key", "line 1: 'key' takes one NAME"),
      ("key hyperspace", "line 1: unknown key 'hyperspace'"),
      ("resize 80", "line 1: 'resize' takes W H"),
    ])
  func playBadLines(_ line: String, _ message: String) throws {
    let result = try play(line + "\n")
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrText.contains(message), "\(result)")
  }

  @Test("events that are not UTF-8 are refused")
  func playNotUTF8() throws {
    let eventsPath = try directory.write("events.txt", Array("wait 1\n".utf8) + [0xFF, 0xFE, 0x0A])
    let result = try TileGrid.run(
      ["play", Self.goldenPath("demo.json"), "--width", "80", "--height", "24", "--events", eventsPath])
    #expect(result.status == 65)
    #expect(result.stderrText.contains("line 2: the events file is not UTF-8 text"))
  }

  @Test("play needs --events and both sizes, and one standard input")
  func playUsage() throws {
    for arguments in [
      ["play", Self.goldenPath("demo.json"), "--width", "80", "--height", "24"],
      ["play", Self.goldenPath("demo.json"), "--width", "80", "--events", "x"],
      ["play", "-", "--width", "80", "--height", "24", "--events", "-"],
      ["play", Self.goldenPath("demo.json"), "--width", "80", "--height", "24", "--events", "x", "--press-ms", "-5"],
    ] {
      let result = try TileGrid.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result)")
      #expect(result.stderrLines.count == 1)
    }
    let missing = try TileGrid.run(
      ["play", Self.goldenPath("demo.json"), "--width", "80", "--height", "24", "--events", directory.file("nope")])
    #expect(missing.status == 66)
  }

  @Test("--press-ms sets the long press: 100 ms lifts with it, not without it")
  func pressDuration() throws {
    let events = "press 3 3\nwait 100\nmove 12 3\nrelease 12 3\n"
    let quick = try play(events, ["--press-ms", "100"])
    #expect(quick.stderrText == "lift 0.0\nmove 0.0 -> 0.1\ndrop 0.1\n")
    let standard = try play(events)
    #expect(standard.stderrText == "")
    #expect(standard.stdoutText == (try String(contentsOfFile: Self.goldenPath("demo.json"), encoding: .utf8)))
  }

  @Test("without --trace nothing goes to standard error; the result is canonical JSON")
  func quietPlay() throws {
    let eventsPath = try directory.write("events.txt", "press 3 3\nwait 300\nmove 12 3\nrelease 12 3\n")
    let result = try TileGrid.run(
      ["play", Self.goldenPath("demo.json"), "--width", "80", "--height", "24", "--events", eventsPath])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let exported = try TileGrid.run(["export", "-"], stdin: result.stdout)
    #expect(exported.stdout == result.stdout)
    #expect(result.stdoutText.contains("\"id\": \"red\"") && result.stdoutText.range(of: "\"id\": \"red\"")!.lowerBound
      < result.stdoutText.range(of: "\"id\": \"blue\"")!.lowerBound)
  }

  @Test("q asks first when there are unsaved changes; y ends the replay and later events are not played")
  func quitEndsReplay() throws {
    let drag = "press 3 3\nwait 300\nmove 12 3\nrelease 12 3\n"
    let result = try play(drag + "key q\nkey n\nkey u\nkey q\nkey y\nkey U\n")
    // The first q was answered "n": the undo ran; the second q quit (nothing unsaved after the undo, so
    // it quit at once and "y" and the redo were never played).
    #expect(result.stderrText == "lift 0.0\nmove 0.0 -> 0.1\ndrop 0.1\nundo\n")
    #expect(result.stdoutText == (try String(contentsOfFile: Self.goldenPath("demo.json"), encoding: .utf8)))
  }

  @Test("an events file with CRLF line endings plays like one with LF, line numbers included")
  func crlfEvents() throws {
    let lines = ["# drag blue onto red", "press 3 3", "wait 300", "move 12 3", "release 12 3"]
    let lf = try play(lines.joined(separator: "\n") + "\n")
    let crlf = try play(lines.joined(separator: "\r\n") + "\r\n")
    #expect(lf.stderrText == "lift 0.0\nmove 0.0 -> 0.1\ndrop 0.1\n")
    #expect(crlf.stderrText == lf.stderrText)
    #expect(crlf.stdout == lf.stdout)
    let bad = try play((lines + ["bogus"]).joined(separator: "\r\n") + "\r\n")
    #expect(bad.status == 65)
    #expect(bad.stderrText.contains("line 6: unknown event 'bogus'"), "\(bad)")
  }

  @Test("a drag that starts after 'quit?' was asked cancels the question: no quit or save mid-drag")
  func noQuitMidDrag() throws {
    // A keyboard move leaves unsaved changes; q asks; a mouse drag begins (the press answers "no");
    // y and s during the drag do nothing; after the drop, q asks again and y quits.
    let result = try play(
      "key space\nkey right\nkey enter\nkey q\npress 3 8\nwait 300\nmove 20 8\nkey y\nkey s\n"
        + "release 20 8\nkey q\nkey y\nkey u\n")
    #expect(result.stderrText == "lift 0.0\nmove 0.0 -> 0.1\ndrop 0.1\nlift 1.0\nmove 1.0 -> 1.1\ndrop 1.1\n")
    #expect(result.status == 0)
  }

  @Test("resizing in the middle of a drag keeps the drag; a screen too small cancels it, and never crashes")
  func resizeDuringDrag() throws {
    let kept = try play("press 3 3\nwait 300\nresize 40 10\nmove 30 3\nresize 60 20\nrelease 30 3\n")
    #expect(kept.status == 0, "\(kept)")
    #expect(kept.stderrLines.first == "lift 0.0")
    #expect(kept.stderrLines.last?.hasPrefix("drop ") == true, "\(kept)")
    // 1 x 1 is too small for a tile: the drag is cancelled there, and what follows moves nothing.
    let small = try play("press 3 3\nwait 300\nresize 40 10\nmove 30 3\nresize 1 1\nresize 2 1\nmove 0 0\nrelease 0 0\n")
    #expect(small.status == 0, "\(small)")
    #expect(small.stderrLines.first == "lift 0.0")
    #expect(small.stderrLines.last == "cancel", "\(small)")
    #expect(small.stdout == (try TileGrid.run(["demo"])).stdout, "everything back where it was")
  }
}
