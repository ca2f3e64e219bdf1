import TestSupport
import Testing

/// The command line itself (docs/command-line.md): usage errors exit 64, `--help` and `--version` exit 0.
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
      (["move"], "needs both FROM and TO: both are missing"),
      (["move", "0.0"], "needs both FROM and TO: TO is missing"),
      (["move", path, "0.0", "0.1", "0.2"], "'tilegrid move' takes FROM and TO, after an optional FILE, not 4"),
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
    for mention in ["--version", "64", "65", "66", "73", "74", "-o OUT", "--force"] {
      #expect(text.contains(mention), "\(mention)")
    }
    #expect(Self.commandNames(inOverview: text) == Self.commands)
  }

  /// Every command, as the overview must list them.
  static let commands = [
    "demo", "export", "move", "move-section", "apply", "diff", "merge", "mergetool", "git-setup", "layout", "play", "render", "check",
    "keys",
  ]

  /// The help topics the overview lists (`  help NAME …`): `tilegrid help NAME` prints the topic.
  static func topicNames(inOverview text: String) -> [String] {
    text.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  help ") else { return nil }
      return String(line.dropFirst("  help ".count).prefix { $0 != " " })
    }
  }

  /// The command names the overview's usage lines give (`  tilegrid NAME …`).
  static func commandNames(inOverview text: String) -> [String] {
    text.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  tilegrid ") else { return nil }
      let name = line.dropFirst("  tilegrid ".count).prefix { $0 != " " }
      return name.first?.isLetter == true ? String(name) : nil
    }
  }

  @Test("every help text fits in 100 columns: the overview, each command's --help, tilegrid help COMMAND, the topics' prose")
  func helpWidth() throws {
    let overview = try TileGrid.run(["--help"])
    var texts = [("--help", overview.stdoutText)]
    let topics = Self.topicNames(inOverview: overview.stdoutText)
    #expect(topics == ["keys", "formats", "merge"])
    for topic in topics {
      let result = try TileGrid.run(["help", topic])
      expectSuccess(result)
      // Code and output (indented by four) are shown as the docs have them.
      let prose = result.stdoutText.split(separator: "\n").filter { !$0.hasPrefix("    ") }.joined(separator: "\n")
      texts.append(("help \(topic)", prose))
    }
    for name in Self.commandNames(inOverview: overview.stdoutText) {
      // `tilegrid help keys` and `help merge` are topics; the commands' own help is their --help.
      for arguments in [[name, "--help"], [name, "-h"]] + (topics.contains(name) ? [] : [["help", name]]) {
        let result = try TileGrid.run(arguments)
        expectSuccess(result)
        #expect(result.stdoutText.hasPrefix("Usage: tilegrid \(name)"), "\(arguments)")
        texts.append((arguments.joined(separator: " "), result.stdoutText))
      }
    }
    for (name, text) in texts {
      for line in text.split(separator: "\n") where line.count > 100 {
        Issue.record("'tilegrid \(name)' has a line of \(line.count) columns: \(line)")
      }
    }
  }

  @Test("every command that prints a result takes -o OUT and --output OUT, and its help says so")
  func outputEverywhere() throws {
    let path = try Fixture.write(into: directory)
    let events = try directory.write("events.txt", "key space\nkey right\nkey enter\n")
    let runs: [[String]] = [
      ["demo"], ["export", path], ["move", path, "1.0", "0.0"], ["layout", path, "--width", "40", "--height", "12"],
      ["play", path, "--width", "40", "--height", "12", "--events", events],
    ]
    for arguments in runs {
      let printed = try TileGrid.run(arguments)
      expectSuccess(printed)
      for option in [["-o", directory.file("out.json")], ["--output", directory.file("out.json")]] {
        let written = try TileGrid.run(arguments + option)
        expectSuccess(written)
        #expect(written.stdout.isEmpty, "\(arguments + option)")
        #expect(try directory.read("out.json") == printed.stdout, "\(arguments + option)")
        try directory.write("out.json", "")
      }
      let help = try TileGrid.run([arguments[0], "--help"]).stdoutText
      #expect(help.contains("-o, --output OUT") && help.contains("[-o OUT"), "\(arguments[0]) --help")
      #expect(help.contains("\n--force ") && help.contains("read-only"), "\(arguments[0]) --help")
    }
    #expect(try directory.listing() == ["events.txt", "out.json", "tiles.json"])
  }

  @Test("-i is the short form of --in-place")
  func inPlaceShortForm() throws {
    let path = try Fixture.write(into: directory)
    expectSuccess(try TileGrid.run(["move", path, "1.0", "3.0", "-i"]))
    #expect(
      try directory.readText("tiles.json") == Fixture.text([["blue", "red"], ["cyan", "gray44"], ["gold"], ["green"]]))
    expectFailure(try TileGrid.run(["export", path, "-i"]), status: 64, mentioning: ["unknown option '-i'"])
    expectFailure(
      try TileGrid.run(["move", path, "1.0", "0.0", "-i", "-o", "x.json"]), status: 64, mentioning: ["not both"])
    #expect(try TileGrid.run(["move", "--help"]).stdoutText.contains("-i, --in-place"))
  }

  @Test("move without both FROM and TO says both are needed and which is missing (64)")
  func missingFromOrTo() throws {
    let path = try Fixture.write(into: directory)
    let cases: [([String], String)] = [
      (["move", path, "0.0"], "needs both FROM and TO: TO is missing (got FILE '\(path)' and FROM '0.0')"),
      (["move", path], "needs both FROM and TO: both are missing (got FILE '\(path)')"),
      (["move", "0.0"], "needs both FROM and TO: TO is missing (got FROM '0.0')"),
      (["move"], "needs both FROM and TO: both are missing"),
      (["move", "-", "favorites:0"], "needs both FROM and TO: TO is missing (got FILE '-' and FROM 'favorites:0')"),
    ]
    for (arguments, message) in cases {
      for stdin in [nil, Fixture.bytes] {
        let result = try TileGrid.run(arguments, stdin: stdin)
        expectFailure(result, status: 64, mentioning: [message, "tilegrid move --help"])
        #expect(!result.stderrText.contains("not a place") && !result.stderrText.contains("no input"), "\(result)")
      }
    }
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }

  /// The rule: the whole command line is parsed first; an unknown option, a missing value or too many
  /// operands is an error wherever it stands, also beside --help; only a well-formed command line with
  /// --help (or -h) anywhere prints the help.
  @Test("an unknown option is an error wherever it stands, also beside --help; there is no -w or -h for sizes")
  func unknownOptionsBeatHelp() throws {
    let path = try Fixture.write(into: directory)
    let cases: [([String], [String])] = [
      (["layout", path, "-w", "80", "-h", "24"], ["unknown option '-w'", "did you mean --width?"]),
      (["layout", path, "--width", "80", "-h", "24"], ["at most one FILE, not 2", "-h asks for help", "--height H"]),
      (["play", path, "--width", "80", "--height", "24", "-e", "x"], ["unknown option '-e'", "did you mean --events?"]),
      (["move", path, "0.0", "0.1", "--inplace"], ["unknown option '--inplace'", "did you mean --in-place?"]),
      (["export", path, "--bogus", "--help"], ["unknown option '--bogus'"]),
      (["export", "--help", path, path], ["takes at most one FILE, not 2"]),
      (["layout", "--help", "--width"], ["--width needs a value"]),
      (["move", path, "0.0", "0.1", "--force=yes"], ["--force takes no value"]),
      (["demo", "-o", "a.json", "--output", "b.json"], ["-o/--output is given twice"]),
      // A flag twice, in either spelling: the docs' rule is for every option.
      (["move", path, "0.0", "0.1", "-i", "-i"], ["-i/--in-place is given twice"]),
      (["move", path, "0.0", "0.1", "-i", "--in-place"], ["-i/--in-place is given twice"]),
      (["move", path, "0.0", "0.1", "--force", "--force"], ["--force is given twice"]),
      (["play", path, "--width", "8", "--height", "8", "--trace", "--trace"], ["--trace is given twice"]),
    ]
    for (arguments, mentions) in cases {
      expectFailure(try TileGrid.run(arguments), status: 64, mentioning: mentions)
    }
    #expect(try directory.listing() == ["tiles.json"])
  }

  @Test(
    "--help or -h anywhere prints the help when the rest is well-formed, even with required options missing",
    arguments: [
      ["layout", "--help"], ["layout", "-h"], ["layout", "x.json", "--width", "80", "-h"],
      ["layout", "--width", "0", "--help"], ["move", "--help", "0.0"], ["play", "-h", "--events", "e"],
      ["check", "a", "b", "c", "--help"], ["help", "layout"], ["--help", "layout"],
    ])
  func helpWhenWellFormed(_ arguments: [String]) throws {
    let result = try TileGrid.run(arguments)
    expectSuccess(result)
    let name = arguments.first { !$0.hasPrefix("-") && $0 != "help" } ?? ""
    #expect(result.stdoutText.hasPrefix("Usage: tilegrid \(name)"), "\(arguments)")
  }

  @Test("a mistyped command is a usage error naming the commands; render needs its sizes")
  func unknownCommand() throws {
    expectFailure(
      try TileGrid.run(["exprot", "x.json"]), status: 64, mentioning: ["unknown command 'exprot'", "export"])
    expectFailure(try TileGrid.run(["help", "exprot"]), status: 64, mentioning: ["unknown command 'exprot'", "check"])
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
