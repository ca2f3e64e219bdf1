import Foundation
import TestSupport
import Testing
import TileGridJSON
import TileModel

/// The arrangement file's JSON Schema, `docs/arrangement.schema.json`, checked with a real validator:
/// Python's `jsonschema` (draft 2020-12), run through `Scripts/validate-arrangements`. Every
/// arrangement the project ships must satisfy both the schema and the reader; every file in
/// `Tests/SchemaFixtures/invalid` must be refused by both, at the same place; the files in
/// `Tests/SchemaFixtures/reader-only` are refused by the reader for what no schema can say (repeated
/// ids or keys, ...). A missing validator is a failure with the command that installs it, never a skip.
@Suite("Arrangement schema (docs/arrangement.schema.json)")
struct SchemaTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  // MARK: - The files

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let schema = root.appendingPathComponent("docs/arrangement.schema.json").path
  static let fixtures = root.appendingPathComponent("Tests/SchemaFixtures")

  /// An arrangement file in the repository, named in test results by its path in the repository.
  struct ArrangementFile: Sendable, CustomTestStringConvertible {
    var path: String

    var name: String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
    var testDescription: String { String(path.dropFirst(SchemaTests.root.path.count + 1)) }
  }

  /// The `.json` files directly in `directory` (relative to the repository), sorted.
  static func jsonFiles(in directory: String, where keep: (String) -> Bool = { _ in true }) -> [ArrangementFile] {
    let url = root.appendingPathComponent(directory)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && keep($0) }.sorted()
      .map { ArrangementFile(path: url.appendingPathComponent($0).path) }
  }

  /// Every arrangement the project ships: the scenario fixtures, the golden arrangements (not their
  /// `*.layout-*.json` layout outputs) and the schema's own valid examples.
  static let shipped =
    jsonFiles(in: "Tests/Scenarios/fixtures") + jsonFiles(in: "Tests/Golden") { !$0.contains(".layout-") }
    + jsonFiles(in: "Tests/SchemaFixtures/valid")
  static let invalid = jsonFiles(in: "Tests/SchemaFixtures/invalid")
  static let readerOnly = jsonFiles(in: "Tests/SchemaFixtures/reader-only")

  /// What the reader says about each invalid file, after `tilegrid: PATH: `. The schema must refuse
  /// the same file at the same place (the message's leading path).
  static let invalidMessages: [String: String] = [
    "not-an-object": "top level: expected an object, found an array",
    "missing-version": #"top level: missing required field "version""#,
    "missing-sections": #"top level: missing required field "sections""#,
    "version-2": "version: 2 is not a supported version (this tilegrid reads version 1)",
    "version-as-string": "version: expected a whole number, found a string",
    "sections-not-an-array": "sections: expected an array, found an object",
    "layout-not-an-object": "layout: expected an object, found a string",
    "direction-unknown": #"layout.direction: "diagonal" is not one of vertical, horizontal, lanes"#,
    "direction-wrong-case": #"layout.direction: "Vertical" is not one of vertical, horizontal, lanes"#,
    "alignment-unknown": #"layout.alignment: "right" is not one of justify, left, center"#,
    "item-size-not-an-object": "layout.itemSize: expected an object, found a number",
    "item-width-zero": "layout.itemSize.width: 0 is too small (the least allowed is 1)",
    "item-height-negative": "layout.itemSize.height: -3 is too small (the least allowed is 1)",
    "line-spacing-negative": "layout.lineSpacing: -1 is too small (the least allowed is 0)",
    "interitem-spacing-fractional": "layout.interitemSpacing: 1.5 is not a whole number",
    "interitem-spacing-as-string": "layout.interitemSpacing: expected a whole number, found a string",
    "inset-negative": "layout.sectionInset.left: -2 is too small (the least allowed is 0)",
    "header-height-too-large": "layout.headerHeight: 100001 is too large (the most allowed is 100000)",
    "section-missing-id": #"sections[1]: missing required field "id""#,
    "section-missing-items": #"sections[1]: missing required field "items""#,
    "section-id-empty": "sections[1].id: an id may not be empty",
    "section-title-null": "sections[0].title: expected a string, found null",
    "max-items-negative": "sections[0].maxItems: -1 is too small (the least allowed is 0)",
    "max-items-too-large": "sections[0].maxItems: 2147483648 is too large (the most allowed is 2147483647)",
    "section-locked-as-string": "sections[0].locked: expected true or false, found a string",
    "items-not-an-array": "sections[1].items: expected an array, found an object",
    "tile-not-an-object": "sections[1].items[0]: expected an object, found a string",
    "tile-missing-id": #"sections[0].items[1]: missing required field "id""#,
    "tile-id-empty": "sections[0].items[1].id: an id may not be empty",
    "tile-id-a-number": "sections[0].items[1].id: expected a string, found a number",
    "tile-locked-null": "sections[0].items[0].locked: expected true or false, found null",
    "tile-width-zero": "sections[0].items[0].width: 0 is too small (the least allowed is 1)",
    "tile-width-too-large": "sections[0].items[0].width: 100001 is too large (the most allowed is 100000)",
    "color-not-hex": ##"sections[0].items[1].color: "#GG0000" is not a color (a UIKit color name or #RRGGBB)"##,
    "color-short-hex": ##"sections[0].items[1].color: "#F00" is not a color (a UIKit color name or #RRGGBB)"##,
    "color-hex-without-hash": ##"sections[0].items[1].color: "FF0000" is not a color (a UIKit color name or #RRGGBB)"##,
    "color-unknown-name":
      ##"sections[0].items[0].color: "chartreuse" is not a color (a UIKit color name or #RRGGBB)"##,
    "color-name-with-space": ##"sections[0].items[0].color: "dark gray" is not a color (a UIKit color name or #RRGGBB)"##,
    "color-trailing-line-feed": ##"sections[0].items[0].color: "blue\n" is not a color (a UIKit color name or #RRGGBB)"##,
    "color-a-number": "sections[0].items[0].color: expected a string, found a number",
  ]

  /// What the reader says about each file that only it can refuse: the schema accepts these.
  static let readerOnlyMessages: [String: String] = [
    "duplicate-tile-id": #"sections[0].items[1].id: duplicate tile id "blue" (first at sections[0].items[0])"#,
    "duplicate-tile-id-across-sections":
      #"sections[1].items[0].id: duplicate tile id "red" (first at sections[0].items[1])"#,
    "duplicate-section-id": #"sections[1].id: duplicate section id "favorites" (first at sections[0])"#,
    "duplicate-key": #"top level: duplicate key "sections""#,
    "duplicate-unknown-key": #"sections[0]: duplicate key "note""#,
    "lone-surrogate": #"line 6, column 17: a lone surrogate (\uD83C) is not a character"#,
    "nesting-too-deep": "line 4, column 520: nesting is deeper than 512 levels",
  ]

  // MARK: - The validator

  struct Problem: Decodable, Sendable {
    var path: String
    var message: String
  }

  struct Verdict: Decodable, Sendable {
    var path: String
    var valid: Bool
    var errors: [Problem]
  }

  struct Report: Decodable {
    var files: [Verdict]
  }

  /// Runs `Scripts/validate-arrangements --json` on `paths` (none: only the schema is checked) and
  /// returns each file's verdict by path. Python is `TILEGRID_PYTHON`, else `python3` on the PATH.
  static func validate(_ paths: [String]) throws -> [String: Verdict] {
    let python = ProcessInfo.processInfo.environment["TILEGRID_PYTHON"].flatMap { $0.isEmpty ? nil : $0 } ?? "python3"
    let script = root.appendingPathComponent("Scripts/validate-arrangements").path
    let output = try CapturedOutput()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python, script, "--schema", schema, "--json"] + paths
    output.attach(to: process)
    try process.run()
    process.waitUntilExit()
    let stdout = Data(try output.stdoutBytes())
    let stderr = String(decoding: try output.stderrBytes(), as: UTF8.self)
    let status = process.terminationStatus
    guard process.terminationReason == .exit, status == 0 || status == 1 else {
      if status == 127 {
        throw SetupError(description: "'\(python)' was not found: the schema tests need Python 3 with jsonschema (.ci/run installs both)")
      }
      throw SetupError(description: "the schema validator could not run (exit \(status)): \(stderr)")
    }
    let report = try JSONDecoder().decode(Report.self, from: stdout)
    return Dictionary(report.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// One run of the validator over every file in the repository that the tests below look at.
  static let verdicts: Result<[String: Verdict], any Error> = Result {
    try validate((shipped + invalid + readerOnly).map(\.path))
  }

  static func verdict(_ file: ArrangementFile) throws -> Verdict {
    guard let verdict = try verdicts.get()[file.path] else {
      throw SetupError(description: "the validator said nothing about \(file.path)")
    }
    return verdict
  }

  // MARK: - The schema itself

  @Test("the schema is a valid draft 2020-12 schema, describes every property and allows unknown keys everywhere")
  func schemaIsWellFormed() throws {
    _ = try Self.validate([])  // the script checks the schema against the meta-schema first
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.schema))
    let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect(schema["$id"] as? String == "https://tilegrid.invalid/arrangement.schema.json")
    #expect(schema["title"] as? String != nil)

    var objects = 0
    func walk(_ value: Any, at path: String) {
      if let array = value as? [Any] {
        for (i, element) in array.enumerated() { walk(element, at: "\(path)[\(i)]") }
        return
      }
      guard let node = value as? [String: Any] else { return }
      if node["type"] as? String == "object" {
        objects += 1
        #expect(node["additionalProperties"] as? Bool == true, "\(path) allows unknown keys")
      }
      if let properties = node["properties"] as? [String: Any] {
        for (name, property) in properties {
          let description = (property as? [String: Any])?["description"] as? String
          #expect(description?.isEmpty == false, "\(path).properties.\(name) has a description")
        }
      }
      for (key, child) in node { walk(child, at: "\(path).\(key)") }
    }
    walk(schema, at: "schema")
    #expect(objects == 7, "the top level, layout, itemSize, sectionInset, section, tile and conflict are objects")
  }

  @Test("the fixture directories hold files")
  func fixturesFound() {
    #expect(Self.shipped.count >= 7 + 7 + 10)
    #expect(Self.invalid.count >= 30)
    #expect(Self.readerOnly.count >= 5)
    #expect(Set(Self.invalid.map(\.name)) == Set(Self.invalidMessages.keys), "each invalid file has its message")
    #expect(Set(Self.readerOnly.map(\.name)) == Set(Self.readerOnlyMessages.keys), "each reader-only file has its message")
  }

  // MARK: - Valid files

  @Test("the built-in demo satisfies the schema")
  func demo() throws {
    let result = try TileGrid.run(["demo"])
    expectSuccess(result)
    let path = try directory.write("demo.json", result.stdout)
    let verdict = try #require(try Self.validate([path])[path])
    #expect(verdict.valid, "\(verdict.errors)")
  }

  @Test("a merge's file with its conflicts recorded satisfies the schema")
  func conflictRecord() throws {
    let directory = try TemporaryDirectory()
    var ours = Arrangement.demo
    try ours.apply([.move(tile: "blue", to: ScriptPlace("others", 0)), .set(tile: "red", .title("Red!"))])
    var theirs = Arrangement.demo
    try theirs.apply([.move(tile: "blue", to: ScriptPlace("archive", 0)), .delete(tile: "red")])
    let paths = try [("b", Arrangement.demo), ("o", ours), ("t", theirs)].map { try directory.write("\($0.0).json", $0.1.jsonBytes()) }
    let merged = try TileGrid.run(["merge"] + paths)
    #expect(merged.status == 1 && merged.stdoutText.contains(#""conflicts": ["#), "\(merged)")
    let path = try directory.write("merged.json", merged.stdout)
    let verdict = try #require(try Self.validate([path])[path])
    #expect(verdict.valid, "\(verdict.errors)")
  }

  @Test("every arrangement the project ships satisfies the schema and the reader", arguments: shipped)
  func shippedArrangement(_ file: ArrangementFile) throws {
    let verdict = try Self.verdict(file)
    #expect(verdict.valid, "the schema refuses it: \(verdict.errors)")
    expectSuccess(try TileGrid.run(["export", file.path]))
  }

  @Test("every color name the reader knows, in any letter case, and #RRGGBB; nothing else")
  func colors() throws {
    func mixedCase(_ name: String) -> String {
      String(name.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element })
    }
    let good =
      TileColor.names.flatMap { [$0, $0.lowercased(), $0.uppercased(), mixedCase($0)] }
      + ["#000000", "#FFFFFF", "#ffffff", "#0a84FF", "#C0ffee"]
    for color in good { #expect(TileColor(color) != nil, "the reader knows \(color)") }
    let tiles = good.enumerated().map { #"{"id": "t\#($0.offset)", "color": "\#($0.element)"}"# }
    let goodPath = try directory.write(
      "good.json", #"{"version": 1, "sections": [{"id": "s", "items": ["# + tiles.joined(separator: ", ") + "]}]}")

    let bad = [
      "", "grey", "darkGrey", "chartreuse", "clear", "navy", "system", "systemGray1", "systemGray7", "systemgray 2",
      " blue", "blue ", "blue\\n", "bl ue", "#12345", "#1234567", "#GG0000", "##123456", "123456", "#12 456",
      "#\\u0661\\u0662\\u0663\\u0664\\u0665\\u0666",
    ]
    var badPaths: [String: String] = [:]
    for (i, color) in bad.enumerated() {
      let text = #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "t", "color": "\#(color)"}]}]}"#
      badPaths[try directory.write("bad\(i).json", text)] = color
    }

    let verdicts = try Self.validate([goodPath] + badPaths.keys.sorted())
    let goodVerdict = try #require(verdicts[goodPath])
    #expect(goodVerdict.valid, "the schema refuses some color the reader takes: \(goodVerdict.errors)")
    expectSuccess(try TileGrid.run(["export", goodPath]))
    for (path, color) in badPaths.sorted(by: { $0.key < $1.key }) {
      let verdict = try #require(verdicts[path])
      #expect(!verdict.valid, "the schema takes \(color.debugDescription)")
      #expect(verdict.errors.map(\.path) == ["sections[0].items[0].color"], "\(color.debugDescription): \(verdict.errors)")
      let result = try TileGrid.run(["export", path])
      #expect(result.status == 65, "the reader takes \(color.debugDescription)")
    }
  }

  // MARK: - Invalid files

  @Test("a file the reader refuses (exit 65) is refused by the schema at the same place", arguments: invalid)
  func invalidFile(_ file: ArrangementFile) throws {
    let message = try #require(Self.invalidMessages[file.name], "an expected message for \(file.name)")
    let result = try TileGrid.run(["export", file.path])
    expectFailure(result, status: 65)
    #expect(result.stderrText == "tilegrid: \(file.path): \(message)\n")

    let verdict = try Self.verdict(file)
    #expect(!verdict.valid, "the schema accepts it")
    #expect(
      verdict.errors.contains { message.hasPrefix($0.path + ":") },
      "the schema finds an error where the reader does (\(message)): \(verdict.errors)")
  }

  @Test("a file only the reader can refuse: repeated ids or keys, a lone surrogate, deep nesting", arguments: readerOnly)
  func readerOnlyFile(_ file: ArrangementFile) throws {
    let message = try #require(Self.readerOnlyMessages[file.name], "an expected message for \(file.name)")
    let result = try TileGrid.run(["export", file.path])
    expectFailure(result, status: 65)
    #expect(result.stderrText == "tilegrid: \(file.path): \(message)\n")

    // If a schema can ever say this, the file belongs in invalid/.
    let verdict = try Self.verdict(file)
    #expect(verdict.valid, "the schema refuses it, so it belongs in Tests/SchemaFixtures/invalid: \(verdict.errors)")
  }
}
