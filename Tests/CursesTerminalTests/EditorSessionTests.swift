import Document
import Editor
import Testing

@testable import TileGridCLI

/// The loop's file decisions that need no terminal: where a recovery file goes and what it is called,
/// and where `s` saves.
@Suite("Recovery files and save targets")
struct EditorSessionTests {
  @Test("a recovery file goes beside the file, else in the current directory; the temporary directory last")
  func recoveryPlaces() {
    let places = { (source: EditorDocument.Source) in
      EditorSession.recoveryPlaces(for: source, temporaryDirectory: "/tmp").map { "\($0.directory)|\($0.base)" }
    }
    #expect(places(.file("tiles.json")) == [".|tiles.json", "/tmp|tiles.json"])
    #expect(places(.file("/data/my tiles.json")) == ["/data|my tiles.json", "/tmp|my tiles.json"])
    #expect(places(.file("/top.json")) == ["/|top.json", "/tmp|top.json"])
    #expect(places(.file("a/b/c.json")) == ["a/b|c.json", "/tmp|c.json"])
    #expect(places(.demo) == [".|tilegrid-demo", "/tmp|tilegrid-demo"])
    #expect(places(.standardInput) == [".|tilegrid-stdin", "/tmp|tilegrid-stdin"])
  }

  @Test("FILE.recovery.json first, then numbered: an earlier recovery is never replaced")
  func recoveryNames() {
    #expect(EditorSession.recoveryName("tiles.json", attempt: 0) == "tiles.json.recovery.json")
    #expect(EditorSession.recoveryName("tiles.json", attempt: 1) == "tiles.json.recovery-2.json")
    #expect(EditorSession.recoveryName("tilegrid-demo", attempt: 4) == "tilegrid-demo.recovery-5.json")
  }

  @Test("s saves to the file; in pipe mode to standard output; else the editor asks for a name")
  func saveTargets() {
    #expect(EditorDocument(source: .file("a.json"), savesToStandardOutput: false).saveTarget == .file)
    #expect(EditorDocument(source: .standardInput, savesToStandardOutput: true).saveTarget == .standardOutput)
    #expect(EditorDocument(source: .standardInput, savesToStandardOutput: false).saveTarget == .askForPath)
    #expect(EditorDocument(source: .demo, savesToStandardOutput: false).saveTarget == .askForPath)
  }
}
