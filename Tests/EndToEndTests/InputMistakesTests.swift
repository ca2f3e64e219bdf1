import Foundation
import TestSupport
import Testing

/// Mistakes in input on the command line, through the built binary: input in
/// another format than the one it is read in says which it looks like; a mistyped script verb names the
/// verb meant; ids from titles drop the marks that follow no letter.
@Suite("Input mistakes on the command line")
struct InputMistakesTests {
  @Test("lines or a board piped in as JSON: the error says what it looks like and how to read it")
  func anotherFormatOnStandardInput() throws {
    let lines = try TileGrid.run(["render", "-", "--width", "40", "--height", "8"], stdin: Array("a\nb\n".utf8))
    #expect(lines.status == 65)
    #expect(
      lines.stderrText
        == "tilegrid: <stdin>: line 1, column 1: expected an object, found 'a' — is it lines? try --format lines\n")
    let board = try TileGrid.run(["check", "-"], stdin: Array("## To do\n\n- [ ] a\n".utf8))
    #expect(board.status == 65)
    #expect(board.stderrText.hasSuffix("found '#' — is it a Markdown board? try --format markdown\n"), "\(board.stderrText)")
    // What the hint says works.
    let read = try TileGrid.run(["render", "-", "--format", "lines", "--width", "40", "--height", "8", "--color", "never"], stdin: Array("a\nb\n".utf8))
    expectSuccess(read)
    // JSON that is broken is JSON: no hint; nor for bytes that are no text.
    let broken = try TileGrid.run(["check", "-"], stdin: Array("{\"sections\": [}".utf8))
    #expect(broken.stderrText == "tilegrid: <stdin>: line 1, column 15: expected an object, found '}'\n")
    let binary = try TileGrid.run(["check", "-"], stdin: [0x7F, 0x45, 0x4C, 0x46, 0x02])
    #expect(!binary.stderrText.contains("try --format"), "\(binary.stderrText)")
  }

  @Test("a mistyped verb in an edit script: unknown edit 'mvoe' (did you mean move?)")
  func mistypedVerb() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.write("demo.json", try TileGrid.run(["demo"]).stdoutText)
    _ = try directory.write("s.txt", "mvoe blue to others:1\n")
    let result = try TileGrid.run(["apply", "demo.json", "s.txt"], in: directory)
    #expect(result.status == 65)
    #expect(result.stderrText == "tilegrid: s.txt: line 1, column 1: unknown edit 'mvoe' (did you mean move?)\n")
  }

  @Test("a lane titled 완료 ✔️ has the id 완료 (the variation selector after no letter is dropped)")
  func idDropsTrailingMarks() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.write("k.md", "## 완료 ✔️\n\n- [ ] 보고서 ✍️\n")
    let json = try TileGrid.run(["export", "k.md", "--to", "json"], in: directory)
    expectSuccess(json)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
    let section = try #require((object["sections"] as? [[String: Any]])?.first)
    #expect((section["id"] as? String).map { Array($0.unicodeScalars) } == Array("완료".unicodeScalars))
    let item = try #require((section["items"] as? [[String: Any]])?.first)
    #expect((item["id"] as? String).map { Array($0.unicodeScalars) } == Array("보고서".unicodeScalars))
  }

  @Test("a recorded save that found the file deleted replays as one: save-result deleted")
  func deletedInAnEventsFile() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.write("demo.json", try TileGrid.run(["demo"]).stdoutText)
    _ = try directory.write("e.events", "key space\nkey right\nkey enter\nkey s\nsave-result deleted\n")
    let screen = try TileGrid.run(
      ["render", "demo.json", "--width", "80", "--height", "10", "--events", "e.events", "--color", "never"], in: directory)
    expectSuccess(screen)
    #expect(screen.stdoutText.split(separator: "\n").last?.contains("demo.json was deleted: s writes it again") == true)
    _ = try directory.write("bad.events", "save-result gone\n")
    let bad = try TileGrid.run(["play", "demo.json", "--width", "80", "--height", "10", "--events", "bad.events"], in: directory)
    #expect(bad.stderrText.contains("ok, changed-on-disk, deleted, read-only, exists or failed"), "\(bad.stderrText)")
  }
}
