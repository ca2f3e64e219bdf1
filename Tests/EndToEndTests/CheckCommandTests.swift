import Foundation
import TestSupport
import Testing

/// `tilegrid check FILE...`: silent when every file is valid; one line per bad file; 65 when any file
/// is invalid, else 66 when one could not be opened; standard input read once.
@Suite("check")
struct CheckCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// A file that is valid JSON but not a valid arrangement, and its message.
  static let bad = #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "t", "width": 1.5}]}]}"#
  static let badMessage = "sections[0].items[0].width: 1.5 is not a whole number"

  @Test("valid files: nothing on either stream, exit 0, nothing written")
  func allValid() throws {
    let path = try Fixture.write(into: directory)
    let demo = try directory.write("demo.json", try TileGrid.run(["demo"]).stdout)
    let before = try directory.snapshot()
    for (arguments, stdin) in [
      (["check", path], nil), (["check", path, demo], nil), (["check", demo, "-", path], Fixture.bytes),
      (["check"], Fixture.bytes), (["check", "-"], Fixture.bytes),
    ] {
      let result = try TileGrid.run(arguments, stdin: stdin)
      expectSuccess(result)
      #expect(result.stdout.isEmpty, "\(arguments)")
    }
    #expect(try directory.snapshot() == before)
  }

  @Test("each bad file gets one line, 'tilegrid: FILE: place: message', in order; exit 65")
  func badFiles() throws {
    let good = try Fixture.write(into: directory)
    let first = try directory.write("first.json", Self.bad)
    let second = try directory.write("second.json", "{\n  \"version\": 1,\n  \"sections\": [\n}\n")
    let result = try TileGrid.run(["check", first, good, second, "-"], stdin: Array("[]".utf8))
    #expect(result.status == 65, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderrLines == [
        "tilegrid: \(first): \(Self.badMessage)",
        "tilegrid: \(second): line 4, column 1: expected an object, found '}'",
        "tilegrid: <stdin>: top level: expected an object, found an array",
      ])
  }

  @Test("a missing file is 66 when no file is invalid, and 65 (with both lines) when one is")
  func precedence() throws {
    let good = try Fixture.write(into: directory)
    let bad = try directory.write("bad.json", Self.bad)
    let missing = directory.file("missing.json")
    let onlyMissing = try TileGrid.run(["check", good, missing])
    expectFailure(onlyMissing, status: 66, mentioning: ["cannot open '\(missing)': No such file or directory"])
    let both = try TileGrid.run(["check", missing, good, bad, directory.path])
    #expect(both.status == 65, "\(both)")
    #expect(
      both.stderrLines == [
        "tilegrid: cannot open '\(missing)': No such file or directory",
        "tilegrid: \(bad): \(Self.badMessage)",
        "tilegrid: cannot read '\(directory.path)': it is a directory",
      ])
  }

  @Test("a wrong command line is 64 and reads no file")
  func usage() throws {
    let bad = try directory.write("bad.json", Self.bad)
    for (arguments, mention) in [
      (["check", bad, "--bogus"], "unknown option '--bogus' for 'tilegrid check'"),
      (["check", "-", bad, "-"], "standard input ('-') can be read only once"),
      (["check", bad, "-o", "x.json"], "unknown option '-o'"),
    ] {
      expectFailure(try TileGrid.run(arguments, stdin: Fixture.bytes), status: 64, mentioning: [mention])
    }
    #expect(try directory.listing() == ["bad.json"])
  }

  @Test("check accepts exactly what export accepts")
  func agreesWithExport() throws {
    let texts = [
      Fixture.text(), Self.bad, "", "{}", #"{"version": 1e0, "sections": []}"#, #"{"version": 2, "sections": []}"#,
    ]
    for text in texts {
      let path = try directory.write("file.json", text)
      let check = try TileGrid.run(["check", path])
      let export = try TileGrid.run(["export", path])
      #expect(check.status == export.status, "\(text)")
      #expect(check.stderr == export.stderr, "\(text)")
    }
  }
}
