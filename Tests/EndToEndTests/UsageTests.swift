import TestSupport
import Testing

/// The command line itself (DESIGN.md §7): usage errors exit 64, `--help` and `--version` exit 0.
@Suite("Usage")
struct UsageTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test(
    "a FROM or TO that is not a place exits 64 and shows the accepted forms",
    arguments: ["abc", "1.", ".1", "1.x", ":3", "1.2.3", "favorites:", "favorites:x", "1,2", "１.２", ""])
  func badPlaceSyntax(_ place: String) throws {
    let path = try Fixture.write(into: directory)
    for (arguments, role) in [
      (["move", path, place, "0.0"], "FROM"), (["move", path, "0.0", place, "--in-place"], "TO"),
    ] {
      expectFailure(
        try TileGrid.run(arguments), status: 64,
        mentioning: ["\(role) '\(place)' is not a place", "SECTION.ITEM", "SECTION_ID:ITEM", "tilegrid move --help"])
    }
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }

  @Test("unknown options exit 64 and name the option")
  func unknownOptions() throws {
    let path = try Fixture.write(into: directory)
    let cases: [[String]] = [
      ["--bogus"], ["-x"], ["demo", "--bogus"], ["export", path, "--bogus"], ["export", "--in-place", path],
      ["move", path, "0.0", "0.1", "--frobnicate"], ["move", path, "0.0", "-1"], ["export", path, "--output"],
    ]
    for arguments in cases {
      expectFailure(try TileGrid.run(arguments), status: 64, mentioning: ["--help"])
    }
    expectFailure(
      try TileGrid.run(["export", path, "--bogus"]), status: 64,
      mentioning: ["unknown option '--bogus' for 'tilegrid export'"])
  }

  @Test("wrong numbers of arguments and conflicting options exit 64")
  func badArguments() throws {
    let path = try Fixture.write(into: directory)
    let cases: [([String], String)] = [
      (["demo", "extra"], "takes no arguments"),
      (["export", path, path], "at most one FILE"),
      (["move"], "needs FROM and TO"),
      (["move", "0.0"], "needs FROM and TO"),
      (["move", path, "0.0", "0.1", "0.2"], "needs FROM and TO"),
      (["move", path, "0.0", "0.1", "--in-place", "-o", directory.file("out.json")], "not both"),
      (["move", path, "0.0", "0.1", "-o", "a", "-o", "b"], "given twice"),
    ]
    for (arguments, mention) in cases {
      expectFailure(try TileGrid.run(arguments), status: 64, mentioning: [mention])
    }
    #expect(try directory.listing() == ["tiles.json"])
  }

  @Test("--in-place with standard input exits 64")
  func inPlaceWithStandardInput() throws {
    for arguments in [["move", "-", "0.0", "0.1", "--in-place"], ["move", "0.0", "0.1", "--in-place"]] {
      expectFailure(
        try TileGrid.run(arguments, stdin: Fixture.bytes), status: 64, mentioning: ["--in-place needs a FILE"])
    }
  }

  @Test(
    "--help prints the command's usage on standard output and exits 0",
    arguments: [
      (["--help"], "Usage:"), (["-h"], "Usage:"), (["help"], "Usage:"),
      (["demo", "--help"], "Usage: tilegrid demo"), (["export", "--help"], "Usage: tilegrid export"),
      (["move", "--help"], "Usage: tilegrid move"), (["move", "0.0", "--help", "x"], "Usage: tilegrid move"),
    ])
  func help(_ arguments: [String], _ usage: String) throws {
    let result = try TileGrid.run(arguments)
    expectSuccess(result)
    #expect(result.stdoutText.contains(usage), "\(arguments)")
    #expect(result.stdoutText.hasSuffix("\n"))
  }

  @Test("the overview lists every command and the exit statuses")
  func overview() throws {
    let text = try TileGrid.run(["--help"]).stdoutText
    for mention in ["tilegrid demo", "tilegrid export", "tilegrid move", "--version", "64", "65", "66", "73"] {
      #expect(text.contains(mention), "\(mention)")
    }
  }

  @Test("a mistyped command is a usage error naming the commands; render needs its sizes")
  func unknownCommand() throws {
    expectFailure(try TileGrid.run(["exprot", "x.json"]), status: 64, mentioning: ["unknown command 'exprot'", "export"])
    expectFailure(try TileGrid.run(["render", "x.json"]), status: 64, mentioning: ["--width"])
  }

  @Test("-o and --output together are a usage error")
  func twoOutputs() throws {
    let directory = try TemporaryDirectory()
    let path = try Fixture.write(into: directory)
    expectFailure(try TileGrid.run(["export", path, "-o", "a.json", "--output", "b.json"]), status: 64)
    #expect(try directory.listing() == ["tiles.json"])
  }

  @Test("--version prints one line and exits 0")
  func version() throws {
    let result = try TileGrid.run(["--version"])
    expectSuccess(result)
    // "tilegrid 0.1.0 (ncurses 6.4.20221231)": the version, and the ncursesw it is linked with.
    let words = result.stdoutText.split(separator: " ")
    #expect(words.count == 4 && words[0] == "tilegrid" && words[2] == "(ncurses", "\(result.stdoutText)")
    #expect(result.stdoutText.hasSuffix(")\n") && result.stdoutText.filter { $0 == "\n" }.count == 1)
    #expect(words.count > 1 && words[1].allSatisfy { $0.isNumber || $0 == "." }, "a version number")
  }
}
