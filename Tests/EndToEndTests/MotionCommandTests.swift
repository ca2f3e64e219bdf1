import Foundation
import TestSupport
import Testing

/// `render --at` and `--motion` through the binary: any frame of a glide can be printed, the frame at
/// 250 ms and later is the screen `render` prints without `--at`, `--motion off` prints that at once,
/// and `play` gives the same arrangement either way.
@Suite("Motion from the command line: render --at, --motion")
struct MotionCommandTests {
  let directory: TemporaryDirectory
  let demo: String
  init() throws {
    directory = try TemporaryDirectory()
    demo = LayoutAndPlayCommandTests.goldenPath("demo.json")
  }

  static let drop = "press 5 3\nwait 300\nmove 9 5\nmove 14 8\nmove 20 9\nwait 300\nrelease 20 9\n"

  func render(_ events: String, _ extra: [String]) throws -> RunResult {
    let path = try directory.write("drop.events", events)
    return try TileGrid.run(
      ["render", demo, "--width", "80", "--height", "24", "--events", path, "--color", "never"] + extra)
  }

  @Test("--at 250 and later is the resting screen; --at 0 and 60 are frames on the way; --motion off rests at once")
  func frames() throws {
    let resting = try render(Self.drop, [])
    #expect(resting.status == 0)
    for at in ["250", "400", "60000"] {
      let later = try render(Self.drop, ["--at", at])
      #expect(later.status == 0 && later.stdoutText == resting.stdoutText, "--at \(at)")
    }
    let first = try render(Self.drop, ["--at", "0"])
    let sixty = try render(Self.drop, ["--at", "60"])
    #expect(first.status == 0 && sixty.status == 0)
    #expect(first.stdoutText != resting.stdoutText && sixty.stdoutText != first.stdoutText)
    let off = try render(Self.drop, ["--at", "0", "--motion", "off"])
    #expect(off.stdoutText == resting.stdoutText)
    // The frame a `wait` in the events file reaches is the frame --at reaches.
    let waited = try render(Self.drop + "wait 60\n", ["--at", "0"])
    #expect(waited.stdoutText == sixty.stdoutText)
  }

  @Test("bad values of --at and --motion are usage errors")
  func badValues() throws {
    for extra in [["--at", "-1"], ["--at", "soon"], ["--at", "60001"], ["--motion", "maybe"]] {
      let result = try render(Self.drop, extra)
      #expect(result.status == 64, "\(extra)")
      #expect(result.stderrLines.count == 1 && result.stdout.isEmpty, "\(extra)")
    }
    let play = try TileGrid.run(["play", demo, "--width", "80", "--height", "24", "--events", "-", "--motion", "sometimes"], stdin: [])
    #expect(play.status == 64)
  }

  @Test("play prints the same arrangement with motion on or off")
  func playAlike() throws {
    let path = try directory.write("drop.events", Self.drop + "key m\n" + #"input "Archive""# + "\nkey enter\nkey u\n")
    var outputs: [String] = []
    for motion in ["on", "off"] {
      let result = try TileGrid.run(
        ["play", demo, "--width", "80", "--height", "24", "--events", path, "--trace", "--motion", motion])
      #expect(result.status == 0)
      outputs.append(result.stdoutText + result.stderrText)
    }
    #expect(outputs[0] == outputs[1])
  }
}

extension MotionCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("the README's first picture is what Scripts/motion-strip makes from render --at")
  func readmeStrip() throws {
    let script = Self.root.appendingPathComponent("Scripts/motion-strip").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script]
    process.environment = ProcessInfo.processInfo.environment.merging(["TILEGRID": try TileGrid.binary()]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let strip = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(strip.contains("250 ms after the release") && strip.contains("┏━━━━"))
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("```\n" + strip + "```\n"), "README.md's first picture differs from Scripts/motion-strip's output")
  }
}
