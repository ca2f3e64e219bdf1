import TestSupport
import Testing

/// `tilegrid demo` and `tilegrid export` (docs/command-line.md).
@Suite("demo and export")
struct ExportCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test("tilegrid demo | tilegrid export - prints exactly what it was given")
  func demoThroughExport() throws {
    let demo = try TileGrid.run(["demo"])
    expectSuccess(demo)
    #expect(demo.stdoutText.hasPrefix("{\n  \"version\": 1,\n"))
    let exported = try TileGrid.run(["export", "-"], stdin: demo.stdout)
    expectSuccess(exported)
    #expect(exported.stdout == demo.stdout)
  }

  @Test("export with no FILE reads standard input when it is not a terminal")
  func exportWithoutFile() throws {
    let exported = try TileGrid.run(["export"], stdin: Fixture.bytes)
    expectSuccess(exported)
    #expect(exported.stdoutText == Fixture.text())
  }

  @Test("export FILE prints a canonical file byte for byte, unknown keys and exact numbers included")
  func exportCanonicalFile() throws {
    let path = try Fixture.write(into: directory)
    let exported = try TileGrid.run(["export", path])
    expectSuccess(exported)
    #expect(exported.stdoutText == Fixture.text())
    #expect(try directory.listing() == ["tiles.json"])
  }

  @Test("export FILE rewrites a file in canonical form: key order, indentation, escapes, final newline")
  func exportCanonicalizes() throws {
    let path = try directory.write(
      "messy.json",
      #"{"sections":[{"items":[{"title":"\u0041\u00e9\/","id":"t","z":1.0E+2}],"id":"s"}],"version":1}"#)
    let exported = try TileGrid.run(["export", path])
    expectSuccess(exported)
    #expect(
      exported.stdoutText == """
        {
          "version": 1,
          "sections": [
            {
              "id": "s",
              "items": [
                {
                  "id": "t",
                  "title": "Aé/",
                  "z": 1.0E+2
                }
              ]
            }
          ]
        }

        """)
  }

  @Test("export -o OUT writes OUT and prints nothing; -o - prints")
  func exportToFile() throws {
    let path = try Fixture.write(into: directory)
    let demo = try directory.write("demo.json", try TileGrid.run(["demo"]).stdout)
    for option in [["-o", directory.file("out.json")], ["--output=" + directory.file("out.json")]] {
      let exported = try TileGrid.run(["export", demo] + option)
      expectSuccess(exported)
      #expect(exported.stdout.isEmpty)
      #expect(try directory.read("out.json") == directory.read("demo.json"))
      try directory.write("out.json", "old contents")
    }
    let toStdout = try TileGrid.run(["export", path, "-o", "-"])
    expectSuccess(toStdout)
    #expect(toStdout.stdoutText == Fixture.text())
    #expect(try directory.listing() == ["demo.json", "out.json", "tiles.json"])
  }

  @Test("a relative FILE and OUT are relative to the working directory")
  func relativePaths() throws {
    try Fixture.write(into: directory)
    expectSuccess(try TileGrid.run(["export", "tiles.json", "-o", "copy.json"], in: directory))
    #expect(try directory.readText("copy.json") == Fixture.text())
  }
}
