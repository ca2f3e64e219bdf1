import TestSupport
import Testing

/// `tilegrid` and `tilegrid FILE` start the interactive editor. It is not built yet: until it is, FILE
/// is checked like every command's (66 missing, 65 invalid), then the command says the editor is not
/// built (69) and lists every command. When the editor exists, replace these with tests that run it
/// (in tmux).
@Suite("Editor (not built yet)")
struct EditorCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test("tilegrid with no command, or with a valid FILE, says the editor is not built (69) and lists the commands")
  func editorNotBuilt() throws {
    let path = try Fixture.write(into: directory)
    for (arguments, stdin) in [([], nil), ([path], nil), (["-"], Fixture.bytes)] {
      expectFailure(
        try TileGrid.run(arguments, stdin: stdin), status: 69,
        mentioning: [
          "the interactive editor is not built yet", "demo, export, move, move-section, layout, play, render and check",
        ])
    }
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }

  @Test("a FILE for the editor that does not exist exits 66 before any 'not built yet'")
  func missingFile() throws {
    expectFailure(
      try TileGrid.run(["nosuch.json"], in: directory), status: 66,
      mentioning: ["cannot open 'nosuch.json': No such file or directory"])
    expectFailure(
      try TileGrid.run([directory.file("nosuch.json")]), status: 66, mentioning: ["No such file or directory"])
    #expect(try directory.listing() == [])
  }

  @Test("a FILE for the editor that is not a valid arrangement exits 65, naming the place")
  func invalidFile() throws {
    let path = try directory.write("bad.json", #"{"version": 1, "sections": [{"id": "s"}]}"#)
    expectFailure(
      try TileGrid.run([path]), status: 65, mentioning: [#"\#(path): sections[0]: missing required field "items""#])
  }

  @Test("the editor's command line: an unknown option is 64, two FILEs are 64, --help prints the overview")
  func editorArguments() throws {
    let path = try Fixture.write(into: directory)
    expectFailure(try TileGrid.run([path, "--bogus"]), status: 64, mentioning: ["unknown option '--bogus'"])
    expectFailure(try TileGrid.run([path, path]), status: 64, mentioning: ["takes at most one FILE"])
    let help = try TileGrid.run([path, "--help"])
    expectSuccess(help)
    #expect(help.stdoutText == (try TileGrid.run(["--help"])).stdoutText)
  }
}
