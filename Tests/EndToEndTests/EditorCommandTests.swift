import TestSupport
import Testing

/// `tilegrid` and `tilegrid FILE` start the interactive editor (DESIGN.md §7). It is not built yet, and
/// the command says so clearly. When the editor exists, replace these with tests that run it (in tmux,
/// DESIGN.md §9); until then they only pin down that it fails cleanly.
@Suite("Editor (not built yet)")
struct EditorCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test("tilegrid with no command, or with a FILE, exits non-zero with one line on stderr")
  func editorNotBuilt() throws {
    let path = try Fixture.write(into: directory)
    for arguments in [[], [path], ["-"]] {
      let result = try TileGrid.run(arguments)
      #expect(result.status != 0, "\(arguments): \(result)")
      #expect(result.stderrLines.count == 1 && result.stderrText.hasPrefix("tilegrid: "), "\(arguments): \(result)")
      #expect(result.stderrText.contains("editor"), "\(arguments): \(result)")
    }
    #expect(try directory.readText("tiles.json") == Fixture.text())
  }
}
