import TestSupport
import Testing

/// `tilegrid move-section FILE FROM TO`: a section moved with its tiles (remove + insert), by index or
/// id; a locked section keeps its place unless `--force`, others move around it.
@Suite("move-section")
struct MoveSectionCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// The fixture's canonical text with its sections in `order` (indexes of the fixture's sections).
  static func text(order: [Int]) -> String {
    let sections = order.map { s in
      let ids = Fixture.ids[s]
      let items = ids.isEmpty ? "[]" : "[\n" + ids.map { Fixture.tiles[$0]! }.joined(separator: ",\n") + "\n      ]"
      return "    {\n" + Fixture.sectionHeads[s] + "      \"items\": " + items + Fixture.sectionTails[s] + "\n    }"
    }
    return "{\n  \"version\": 1,\n  \"sections\": [\n" + sections.joined(separator: ",\n")
      + "\n  ],\n  \"generator\": \"end-to-end fixture\"\n}\n"
  }

  func expectMove(
    _ from: String, _ to: String, _ extra: [String] = [], gives order: [Int],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let path = try Fixture.write(into: directory)
    let result = try TileGrid.run(["move-section", path, from, to] + extra)
    expectSuccess(result, sourceLocation: sourceLocation)
    #expect(
      result.stdoutText == Self.text(order: order), "move-section \(from) \(to)", sourceLocation: sourceLocation)
    #expect(try directory.readText("tiles.json") == Fixture.text(), sourceLocation: sourceLocation)
  }

  @Test("the fixture's text in its own order is the fixture")
  func sameOrder() {
    #expect(Self.text(order: [0, 1, 2, 3]) == Fixture.text())
  }

  @Test("a section moves with its tiles and fields: remove + insert, by index or by id")
  func moves() throws {
    try expectMove("0", "3", gives: [1, 2, 3, 0])
    try expectMove("3", "0", gives: [3, 0, 1, 2])  // past the locked Vault: others move around it
    try expectMove("1", "1", gives: [0, 1, 2, 3])
    try expectMove("archive", "favorites", gives: [3, 0, 1, 2])
    try expectMove("favorites", "others", gives: [1, 0, 2, 3])
    try expectMove("others:", "0", gives: [1, 0, 2, 3])
    // TO may be the number of sections: the end.
    try expectMove("0", "4", gives: [1, 2, 3, 0])
  }

  @Test("a locked section keeps its place unless --force")
  func locked() throws {
    let path = try Fixture.write(into: directory)
    let message =
      #"cannot move section vault to 0: section "Vault" is locked: it stays where it is (--force moves it anyway)"#
    for output in [[], ["--in-place"], ["-o", directory.file("out.json")]] {
      let result = try TileGrid.run(["move-section", path, "vault", "0"] + output)
      expectFailure(result, status: 65, mentioning: [message])
      #expect(result.stderrText == "tilegrid: \(message)\n")
    }
    #expect(try directory.listing() == ["tiles.json"])
    try expectMove("vault", "0", ["--force"], gives: [2, 0, 1, 3])
  }

  @Test("sections that do not exist exit 65; a missing TO, or -o with --in-place, exit 64")
  func errors() throws {
    let path = try Fixture.write(into: directory)
    let data: [([String], String)] = [
      (["nope", "0"], #"FROM: there is no section with id "nope""#),
      (["7", "0"], "FROM: there is no section 7 (sections are 0 to 3)"),
      (["4", "0"], "FROM: there is no section 4 (sections are 0 to 3)"),
      (["0", "5"], "TO: there is no section 5 (sections are 0 to 3, or 4 for the end)"),
      (["0", "nope"], #"TO: there is no section with id "nope""#),
    ]
    for (operands, message) in data {
      expectFailure(try TileGrid.run(["move-section", path] + operands), status: 65, mentioning: [message])
    }
    expectFailure(try TileGrid.run(["move-section", path, "0"]), status: 64, mentioning: ["needs both FROM and TO"])
    expectFailure(
      try TileGrid.run(["move-section", path, "0", "1", "-i", "-o", directory.file("x.json")]), status: 64,
      mentioning: ["not both"])
    expectFailure(
      try TileGrid.run(["move-section", "-", "0", "1", "-i"], stdin: Fixture.bytes), status: 64,
      mentioning: ["--in-place needs a FILE"])
    #expect(try directory.listing() == ["tiles.json"])
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }

  @Test("standard input, --in-place, -o OUT")
  func inputAndOutput() throws {
    for arguments in [["move-section", "-", "0", "3"], ["move-section", "0", "3"]] {
      let result = try TileGrid.run(arguments, stdin: Fixture.bytes)
      expectSuccess(result)
      #expect(result.stdoutText == Self.text(order: [1, 2, 3, 0]), "\(arguments)")
    }
    let path = try Fixture.write(into: directory)
    expectSuccess(try TileGrid.run(["move-section", path, "others", "3", "-o", directory.file("out.json")]))
    #expect(try directory.readText("out.json") == Self.text(order: [0, 2, 3, 1]))
    let inPlace = try TileGrid.run(["move-section", path, "0", "1", "--in-place"])
    expectSuccess(inPlace)
    #expect(inPlace.stdout.isEmpty)
    #expect(try directory.readText("tiles.json") == Self.text(order: [1, 0, 2, 3]))
  }

  @Test("an id made of digits is written with a colon after it")
  func numericIDs() throws {
    let file = try directory.write(
      "years.json",
      #"{"version": 1, "sections": [{"id": "2024", "items": []}, {"id": "2025", "items": []}, "#
        + #"{"id": "1", "items": []}]}"#)
    let result = try TileGrid.run(["move-section", file, "1:", "2025:"])
    expectSuccess(result)
    let order = result.stdoutText.split(separator: "\n").filter { $0.contains("\"id\"") }.map { $0.drop { $0 == " " } }
    #expect(order == [#""id": "2024","#, #""id": "1","#, #""id": "2025","#])
  }
}
