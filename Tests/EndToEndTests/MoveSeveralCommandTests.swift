import TestSupport
import Testing

/// `tilegrid move FILE FROM,FROM… TO`: several tiles taken out together and inserted at TO as one run in
/// reading order; TO counts places once they are out (the section's count as it is now is the end too);
/// the policies apply to every tile.
@Suite("move with several FROMs")
struct MoveSeveralCommandTests: FixtureMoveSuite {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test("the tiles go together in reading order, whatever order FROM lists them in, with all their fields")
  func readingOrder() throws {
    try expectMove("1.1,0.0", "3.0", gives: [["red"], ["green", "gray44"], ["gold"], ["blue", "cyan"]])
    try expectMove("0.0,1.1", "3.0", gives: [["red"], ["green", "gray44"], ["gold"], ["blue", "cyan"]])
    try expectMove("1.0,0.1,0.0", "3.0", gives: [[], ["cyan", "gray44"], ["gold"], ["blue", "red", "green"]])
    let path = try Fixture.write(into: directory)
    let output = try TileGrid.run(["move", path, "1.0,0.1", "3.0"]).stdoutText
    for field in [#""width": 20"#, #""title": "Green 🎨\t""#, "1.50e+10", #""n": 12345678901234567"#] {
      #expect(output.contains(field), "\(field)")
    }
  }

  @Test("TO counts places once the tiles are taken out; the section's count as it is now is the end too")
  func placesAfterRemoval() throws {
    // Favorites' two tiles into Others before cyan: Others is green cyan gray44 with them out of Favorites.
    try expectMove("0.0,0.1", "1.1", gives: [[], ["green", "blue", "red", "cyan", "gray44"], ["gold"], []])
    // Within Others: once green and cyan are out, gray44 alone; 1 and 3 (its count) are both the end.
    try expectMove("1.0,1.1", "1.1", gives: [["blue", "red"], ["gray44", "green", "cyan"], ["gold"], []])
    try expectMove("1.0,1.1", "1.3", gives: [["blue", "red"], ["gray44", "green", "cyan"], ["gold"], []])
    try expectMove("1.0,1.1", "1.0", gives: Fixture.ids)
    let path = try Fixture.write(into: directory)
    expectFailure(
      try TileGrid.run(["move", path, "1.0,1.1", "1.2"]), status: 65,
      mentioning: [
        "cannot move 1.0,1.1 to 1.2: 1.2 is not a place to move to (section 1 takes 0 to 1 once the tiles are "
          + "taken out, or 3 for the end)"
      ])
  }

  @Test("policies hold for every tile: a locked tile, a locked section, and room for all of them")
  func policies() throws {
    let path = try Fixture.write(into: directory)
    let refusals: [(String, String, String)] = [
      (
        "1.0,1.1", "0.0",
        #"cannot move 1.0,1.1 to 0.0: section "Favorites" has room for 1 more tile, not 2 (--force moves them anyway)"#
      ),
      ("0.0,1.2", "3.0", #"cannot move 0.0,1.2 to 3.0: tile "gray44" at 1.2 is locked (--force moves them anyway)"#),
      (
        "0.0,2.0", "3.0",
        #"cannot move 0.0,2.0 to 3.0: section "Vault" is locked: no tile may leave it (--force moves them anyway)"#
      ),
      (
        "0.0,0.1", "vault:0",
        #"cannot move 0.0,0.1 to vault:0: section "Vault" is locked: no tile may enter it (--force moves them anyway)"#
      ),
    ]
    try expectMovesRefused(refusals, path: path)
    // One tile fits where two do not; --force overrides every policy.
    try expectMove("1.0", "0.0", gives: [["green", "blue", "red"], ["cyan", "gray44"], ["gold"], []])
    try expectMove("1.0,1.1", "0.0", ["--force"], gives: [["green", "cyan", "blue", "red"], ["gray44"], ["gold"], []])
    try expectMove("2.0,1.2", "3.0", ["--force"], gives: [["blue", "red"], ["green", "cyan"], [], ["gray44", "gold"]])
  }

  @Test("a tile named twice, a FROM that names no tile, and a malformed FROM")
  func badFroms() throws {
    let path = try Fixture.write(into: directory)
    expectFailure(
      try TileGrid.run(["move", path, "0.0,favorites:0", "3.0"]), status: 65,
      mentioning: ["FROM names tile 0.0 twice ('0.0' and 'favorites:0')"])
    expectFailure(
      try TileGrid.run(["move", path, "0.0,0.5", "3.0"]), status: 65,
      mentioning: ["cannot move 0.0,0.5 to 3.0: there is no tile 0.5 (section 0 has tiles 0 to 1)"])
    expectFailure(
      try TileGrid.run(["move", path, "0.0,nope:0", "3.0"]), status: 65,
      mentioning: [#"FROM: there is no section with id "nope""#])
    for bad in ["0.0,", "0.0,x", ",0.0"] {
      expectFailure(try TileGrid.run(["move", path, bad, "3.0"]), status: 64, mentioning: ["is not a place"])
    }
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }

  @Test("several FROMs from standard input, and in place")
  func inputAndOutput() throws {
    let moved = Fixture.text([["red"], ["green", "gray44"], ["gold"], ["blue", "cyan"]])
    for arguments in [["move", "-", "0.0,1.1", "3.0"], ["move", "0.0,1.1", "3.0"]] {
      let result = try TileGrid.run(arguments, stdin: Fixture.bytes)
      expectSuccess(result)
      #expect(result.stdoutText == moved, "\(arguments)")
    }
    let path = try Fixture.write(into: directory)
    expectSuccess(try TileGrid.run(["move", path, "0.0,1.1", "3.0", "--in-place"]))
    #expect(try directory.readText("tiles.json") == moved)
  }
}
