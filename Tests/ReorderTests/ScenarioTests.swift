import Document
import Canvas
import Editor
import Foundation
import Reorder
import TestSupport
import Testing
@testable import Runtime
import TileGridJSON
import TileModel

/// The reorder scenarios: each `Tests/Scenarios/NAME.events` names its fixture and screen in comment
/// lines (`# fixture: grid`, `# screen: 38x24`, optionally `# press-ms: N`), and `NAME.expected` holds
/// the trace, a blank line, and each section's tile ids in order. Every scenario is replayed twice: in
/// process through `Program` on a `ScriptedPort`, and through the built binary's `tilegrid play --trace`.
///
/// `TILEGRID_RECORD=1` rewrites the expected files from the in-process run and fails, so that a person
/// reads the new expectations before they count.
struct Scenario: CustomTestStringConvertible, Sendable {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scenarios")

  var name: String
  var fixture: String
  var screen: Size
  var pressMilliseconds: Int

  var testDescription: String { name }
  var eventsURL: URL { Self.directory.appendingPathComponent("\(name).events") }
  var expectedURL: URL { Self.directory.appendingPathComponent("\(name).expected") }
  /// The arrangement a scenario with edits ends with, as `tilegrid play` prints it.
  var resultURL: URL { Self.directory.appendingPathComponent("\(name).result.json") }

  /// Whether a trace holds edits (not only moves): `add`, `delete`, `rename`, … lines.
  static func hasEdits(_ trace: [String]) -> Bool {
    let verbs = ["add ", "delete ", "rename ", "recolor ", "width ", "lock ", "unlock ", "max-items "]
    return trace.contains { line in verbs.contains { line.hasPrefix($0) } }
  }
  var fixtureURL: URL { Self.directory.appendingPathComponent("fixtures/\(fixture).json") }

  static var all: [Scenario] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".events") }.sorted().map { load(String($0.dropLast(".events".count))) }
  }

  static func load(_ name: String) -> Scenario {
    let text = (try? String(contentsOf: directory.appendingPathComponent("\(name).events"), encoding: .utf8)) ?? ""
    var directives: [String: String] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("# ") {
      let words = line.dropFirst(2).split(separator: ":", maxSplits: 1)
      if words.count == 2 { directives[String(words[0])] = words[1].trimmingCharacters(in: .whitespaces) }
    }
    let size = (directives["screen"] ?? "").split(separator: "x").compactMap { Int($0) }
    return Scenario(
      name: name, fixture: directives["fixture"] ?? "?",
      screen: size.count == 2 ? Size(width: size[0], height: size[1]) : Size(width: 80, height: 24),
      pressMilliseconds: Int(directives["press-ms"] ?? "") ?? 300)
  }

  /// The text to compare: trace lines, a blank line, then `ID: ids…` per section.
  static func summary(trace: [String], arrangement: Arrangement) -> String {
    var lines = trace
    lines.append("")
    for (s, section) in arrangement.sections.enumerated() {
      let ids = arrangement.tiles(inSection: s).map(\.id)
      lines.append(([section.id + ":"] + ids).joined(separator: " "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func fixtureArrangement() throws -> Arrangement {
    try Arrangement(json: Array(try Data(contentsOf: fixtureURL)))
  }

  /// Replays the events through `EditorState`, as `tilegrid play` does.
  func runInProcess() throws -> (trace: [String], arrangement: Arrangement) {
    let script = try EventScript.parse(Array(try Data(contentsOf: eventsURL)))
    var editor = EditorState(
      arrangement: try fixtureArrangement(), screen: screen,
      config: ReorderConfig(minimumPressDuration: pressMilliseconds))
    // The program loop on the script, as `tilegrid play` runs it.
    var port = ScriptedPort(script)
    var trace: [String] = []
    Program.run(&editor, on: &port) { happening in
      if let line = Trace.line(happening) { trace.append(line) }
    }
    return (trace, editor.arrangement)
  }
}

/// Every tile of `before` is in `after` exactly once with all its fields, and the sections are the same
/// sections (perhaps in another order).
func expectSameTiles(_ before: Arrangement, _ after: Arrangement, sourceLocation: SourceLocation = #_sourceLocation) {
  let old = Dictionary(uniqueKeysWithValues: before.allTiles().map { ($0.id, $0) })
  var seen: Set<String> = []
  for s in after.sections.indices {
    for tile in after.tiles(inSection: s) {
      #expect(old[tile.id] == tile, "tile \(tile.id) changed", sourceLocation: sourceLocation)
      #expect(seen.insert(tile.id).inserted, "tile \(tile.id) twice", sourceLocation: sourceLocation)
    }
  }
  #expect(seen.count == old.count, "tiles lost", sourceLocation: sourceLocation)
  #expect(before.sections.map(\.id).sorted() == after.sections.map(\.id).sorted(), sourceLocation: sourceLocation)
}

@Suite("Reorder scenarios (Tests/Scenarios)")
struct ScenarioTests {
  @Test("there are scenarios to run")
  func scenariosExist() {
    #expect(Scenario.all.count >= 20)
  }

  @Test("replayed in process", arguments: Scenario.all)
  func inProcess(_ scenario: Scenario) throws {
    let (trace, arrangement) = try scenario.runInProcess()
    let edited = Scenario.hasEdits(trace)
    // Drags and moves keep every tile; edits change them, and their result is a file of its own.
    if !edited { expectSameTiles(try scenario.fixtureArrangement(), arrangement) }
    let actual = Scenario.summary(trace: trace, arrangement: arrangement)
    if ProcessInfo.processInfo.environment["TILEGRID_RECORD"] != nil {
      try actual.write(to: scenario.expectedURL, atomically: true, encoding: .utf8)
      if edited { try Data(arrangement.jsonBytes()).write(to: scenario.resultURL) }
      Issue.record("recorded \(scenario.expectedURL.lastPathComponent): review it, then run without TILEGRID_RECORD")
      return
    }
    let expected = try String(contentsOf: scenario.expectedURL, encoding: .utf8)
    #expect(actual == expected)
    if edited {
      // The whole file after the edits: titles, colors, widths, locks, unknown keys kept.
      #expect(arrangement.jsonBytes() == Array(try Data(contentsOf: scenario.resultURL)))
    }
  }

  @Test("replayed by the binary: tilegrid play --trace", arguments: Scenario.all)
  func throughBinary(_ scenario: Scenario) throws {
    let result = try TileGrid.run([
      "play", scenario.fixtureURL.path, "--width", "\(scenario.screen.width)", "--height",
      "\(scenario.screen.height)", "--events", scenario.eventsURL.path, "--trace",
      "--press-ms", "\(scenario.pressMilliseconds)",
    ])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let arrangement = try Arrangement(json: result.stdout)
    let trace = String(decoding: result.stderr, as: UTF8.self).split(separator: "\n").map(String.init)
    let expected = try String(contentsOf: scenario.expectedURL, encoding: .utf8)
    #expect(Scenario.summary(trace: trace, arrangement: arrangement) == expected)
    if Scenario.hasEdits(trace) {
      #expect(Array(result.stdout) == Array(try Data(contentsOf: scenario.resultURL)))
    } else {
      expectSameTiles(try scenario.fixtureArrangement(), arrangement)
    }
  }
}
