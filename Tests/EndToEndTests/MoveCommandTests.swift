import TestSupport
import Testing

/// `tilegrid move FILE FROM TO` (docs/command-line.md): remove + insert, policies, and where the result goes.
@Suite("move")
struct MoveCommandTests: FixtureMoveSuite {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test("a tile moved into another section is there with all its fields, unknown ones included")
  func moveAcrossSections() throws {
    try expectMove("1.0", "0.1", gives: [["blue", "green", "red"], ["cyan", "gray44"], ["gold"], []])
    let path = try Fixture.write(into: directory)
    let output = try TileGrid.run(["move", path, "1.0", "0.1"]).stdoutText
    for field in [#""width": 20"#, #""title": "Green 🎨\t""#, "1.50e+10", #""n": 12345678901234567"#, #""z": -0.0"#] {
      #expect(output.contains(field), "\(field)")
    }
  }

  @Test("a move within a section is remove + insert")
  func moveWithinSection() throws {
    try expectMove("1.0", "1.2", gives: [["blue", "red"], ["cyan", "gray44", "green"], ["gold"], []])
    try expectMove("1.1", "1.0", gives: [["blue", "red"], ["cyan", "green", "gray44"], ["gold"], []])
    try expectMove("0.0", "0.0", gives: Fixture.ids)
  }

  @Test("FROM and TO may name a section by id")
  func sectionIDs() throws {
    try expectMove("others:0", "archive:0", gives: [["blue", "red"], ["cyan", "gray44"], ["gold"], ["green"]])
    try expectMove("favorites:1", "1.1", gives: [["blue"], ["green", "red", "cyan", "gray44"], ["gold"], []])
  }

  @Test("TO equal to a section's tile count appends, in another section and in the tile's own")
  func appendAtCount() throws {
    try expectMove("1.1", "favorites:2", gives: [["blue", "red", "cyan"], ["green", "gray44"], ["gold"], []])
    try expectMove("0.0", "0.2", gives: [["red", "blue"], ["green", "cyan", "gray44"], ["gold"], []])
    try expectMove("others:0", "others:3", gives: [["blue", "red"], ["cyan", "gray44", "green"], ["gold"], []])
  }

  @Test("FILE - and no FILE read standard input")
  func fromStandardInput() throws {
    for arguments in [["move", "-", "1.0", "3.0"], ["move", "1.0", "3.0"]] {
      let result = try TileGrid.run(arguments, stdin: Fixture.bytes)
      expectSuccess(result)
      #expect(
        result.stdoutText == Fixture.text([["blue", "red"], ["cyan", "gray44"], ["gold"], ["green"]]), "\(arguments)")
    }
  }

  @Test("--in-place rewrites the file and prints nothing; moves can be chained")
  func inPlace() throws {
    let path = try Fixture.write(into: directory)
    let first = try TileGrid.run(["move", path, "1.0", "0.1", "--in-place"])
    expectSuccess(first)
    #expect(first.stdout.isEmpty)
    #expect(
      try directory.readText("tiles.json")
        == Fixture.text([["blue", "green", "red"], ["cyan", "gray44"], ["gold"], []]))
    expectSuccess(try TileGrid.run(["move", "--in-place", path, "0.2", "3.0"]))
    #expect(
      try directory.readText("tiles.json")
        == Fixture.text([["blue", "green"], ["cyan", "gray44"], ["gold"], ["red"]]))
    #expect(try directory.listing() == ["tiles.json"])
  }

  @Test("-o OUT writes OUT, prints nothing and leaves FILE alone")
  func outputFile() throws {
    let path = try Fixture.write(into: directory)
    let result = try TileGrid.run(["move", path, "1.0", "0.0", "-o", directory.file("out.json")])
    expectSuccess(result)
    #expect(result.stdout.isEmpty)
    #expect(
      try directory.readText("out.json")
        == Fixture.text([["green", "blue", "red"], ["cyan", "gray44"], ["gold"], []]))
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }

  @Test("a refused move exits 65, says why and mentions --force; nothing is written")
  func refusedMoves() throws {
    let path = try Fixture.write(into: directory)
    let refusals: [(String, String, String)] = [
      ("1.2", "0.0", #"cannot move 1.2 to 0.0: tile "gray44" at 1.2 is locked (--force moves it anyway)"#),
      ("1.2", "1.0", #"cannot move 1.2 to 1.0: tile "gray44" at 1.2 is locked (--force moves it anyway)"#),
      (
        "vault:0", "3.0",
        #"cannot move vault:0 to 3.0: section "Vault" is locked: no tile may leave it (--force moves it anyway)"#
      ),
      (
        "0.0", "vault:1",
        #"cannot move 0.0 to vault:1: section "Vault" is locked: no tile may enter it (--force moves it anyway)"#
      ),
    ]
    try expectMovesRefused(refusals, path: path)
  }

  @Test("a section at maxItems refuses tiles from other sections")
  func fullSection() throws {
    let path = try Fixture.write(into: directory)
    expectSuccess(try TileGrid.run(["move", path, "1.0", "0.2", "--in-place"]))
    let full = try directory.read("tiles.json")
    let result = try TileGrid.run(["move", path, "1.0", "0.0", "--in-place"])
    expectFailure(result, status: 65, mentioning: [#"section "Favorites" is full (3 of 3)"#, "--force"])
    #expect(try directory.read("tiles.json") == full)
    expectSuccess(try TileGrid.run(["move", path, "0.0", "0.2", "--in-place"]))
  }

  @Test("--force moves despite locks and full sections, but not to places that do not exist")
  func force() throws {
    try expectMove("1.2", "0.0", ["--force"], gives: [["gray44", "blue", "red"], ["green", "cyan"], ["gold"], []])
    try expectMove(
      "vault:0", "others:3", ["--force"], gives: [["blue", "red"], ["green", "cyan", "gray44", "gold"], [], []])
    try expectMove(
      "0.1", "vault:0", ["--force"], gives: [["blue"], ["green", "cyan", "gray44"], ["red", "gold"], []])
    let path = try Fixture.write(into: directory)
    expectFailure(
      try TileGrid.run(["move", path, "1.0", "0.5", "--force"]), status: 65,
      mentioning: ["0.5 is not a place to move to"])
  }

  @Test("a FROM or TO that names no tile, section or place exits 65")
  func noSuchPlace() throws {
    let path = try Fixture.write(into: directory)
    let cases: [(String, String, String)] = [
      ("3.0", "0.0", "cannot move 3.0 to 0.0: there is no tile 3.0 (section 3 is empty)"),
      ("0.2", "1.0", "cannot move 0.2 to 1.0: there is no tile 0.2 (section 0 has tiles 0 to 1)"),
      ("7.0", "0.0", "cannot move 7.0 to 0.0: there is no section 7 (sections are 0 to 3)"),
      ("0.0", "4.0", "cannot move 0.0 to 4.0: there is no section 4 (sections are 0 to 3)"),
      ("0.0", "1.4", "cannot move 0.0 to 1.4: 1.4 is not a place to move to (section 1 takes 0 to 3)"),
      ("0.0", "0.3", "cannot move 0.0 to 0.3: 0.3 is not a place to move to"),
      ("nope:0", "0.0", #"FROM: there is no section with id "nope""#),
      ("0.0", "nope:0", #"TO: there is no section with id "nope""#),
      ("others:9", "0.0", "cannot move others:9 to 0.0: there is no tile 1.9 (section 1 has tiles 0 to 2)"),
    ]
    for (from, to, message) in cases {
      let result = try TileGrid.run(["move", path, from, to, "--in-place"])
      expectFailure(result, status: 65, mentioning: [message])
      #expect(!result.stderrText.contains("--force"), "not a policy refusal: \(result)")
    }
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }
}
