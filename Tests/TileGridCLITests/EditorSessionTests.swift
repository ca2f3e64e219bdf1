import Document
import Editor
import Files
import Testing

@testable import Runtime
@testable import TileGridCLI

/// The loop's file decisions that need no terminal: where a recovery file goes and what it is called,
/// and where `s` saves.
@Suite("Recovery files and save targets")
struct EditorSessionTests {
  @Test("a recovery file goes beside the file, else in the current directory; the temporary directory last")
  func recoveryPlaces() {
    let places = { (file: String?, unnamed: String) in
      Platform.recoveryPlaces(forFile: file, unnamed: unnamed, temporaryDirectory: "/tmp").map {
        "\($0.directory)|\($0.base)"
      }
    }
    #expect(places("tiles.json", "x") == [".|tiles.json", "/tmp|tiles.json"])
    #expect(places("/data/my tiles.json", "x") == ["/data|my tiles.json", "/tmp|my tiles.json"])
    #expect(places("/top.json", "x") == ["/|top.json", "/tmp|top.json"])
    #expect(places("a/b/c.json", "x") == ["a/b|c.json", "/tmp|c.json"])
    #expect(places(nil, "tilegrid-demo") == [".|tilegrid-demo", "/tmp|tilegrid-demo"])
    #expect(places(nil, "tilegrid-stdin") == [".|tilegrid-stdin", "/tmp|tilegrid-stdin"])
  }

  @Test("FILE.recovery.json first, then numbered: an earlier recovery is never replaced")
  func recoveryNames() {
    #expect(Platform.recoveryName("tiles.json", attempt: 0) == "tiles.json.recovery.json")
    #expect(Platform.recoveryName("tiles.json", attempt: 1) == "tiles.json.recovery-2.json")
    #expect(Platform.recoveryName("tilegrid-demo", attempt: 4) == "tilegrid-demo.recovery-5.json")
  }

  @Test("s saves to the file; in pipe mode to standard output; else the editor asks for a name")
  func saveTargets() {
    #expect(EditorSession(source: .file("a.json"), savesToStandardOutput: false).saveTarget == .file)
    #expect(EditorSession(source: .standardInput, savesToStandardOutput: true).saveTarget == .standardOutput)
    #expect(EditorSession(source: .standardInput, savesToStandardOutput: false).saveTarget == .askForPath)
    #expect(EditorSession(source: .demo, savesToStandardOutput: false).saveTarget == .askForPath)
  }
}
