import Testing

@testable import TileGridJSON
@testable import TileModel

/// The canonical form (docs/file-format.md, docs/command-line.md): what the writer produces, that reading it gives the same
/// arrangement back, and that it is exactly Python's `json.dumps(indent=2, ensure_ascii=False)` + "\n".
@Suite("Canonical JSON form")
struct CanonicalFormTests {
  /// Python's canonical form of a JSON file read from standard input.
  static let pythonCanonical = """
    import json, sys
    data = json.load(sys.stdin)
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\\n")
    """

  /// A file with every kind of field and value the writer has to format: absent and present optional
  /// keys, empty containers, unknown keys with nested values, escapes and non-ASCII text.
  static let rich = document(
    sections: #"""
      {"id": "a", "title": "Ａ \"quoted\" \\ back\/slash \u0007\u001f\u007f\u2028", "maxItems": 3, "locked": true,
       "items": [], "note": {}, "list": []},
      {"id": "b", "items": [
        {"id": "x", "color": "#ff00AA", "width": 7, "locked": false, "nested": {"deep": [1, [2, [3, {}]], null, true, "s"]}},
        {"id": "y", "title": "한국어 日本語 👩‍👩‍👧", "color": "systemTeal", "n": -3.75, "m": 0.25}
      ]}
      """#,
    layout: #"{"itemSize": {"height": 2, "unit": "cells"}, "alignment": "center", "x-layout": [{"a": 1}]}"#,
    extra: #""generator": {"name": "hand", "version": [1, 2]}, "empty": """#)

  @Test("the demo survives a round trip, and re-encoding it is byte-identical")
  func demoRoundTrip() throws {
    let bytes = Arrangement.demo.jsonBytes()
    let read = try Arrangement(json: bytes)
    #expect(read == Arrangement.demo)
    #expect(read.jsonBytes() == bytes)
  }

  @Test("the canonical form is idempotent")
  func idempotent() throws {
    for json in [Self.rich, document(sections: ""), document(tiles: #"{"id":"a"}"#)] {
      let once = try parse(json).jsonBytes()
      let twice = try Arrangement(json: once).jsonBytes()
      #expect(text(twice) == text(once))
    }
  }

  @Test("a minimal file is written with two-space indentation and a final newline")
  func minimalFileExactText() throws {
    let arrangement = try parse(#"{"sections":[],"version":1}"#)
    #expect(arrangement.jsonString() == "{\n  \"version\": 1,\n  \"sections\": []\n}\n")
  }

  @Test("known keys come in the documented order, absent keys stay absent, unknown keys follow in order")
  func exactTextOfReorderedInput() throws {
    let input = #"""
      {"zeta": [], "sections": [{"items": [{"width": 5, "q": {}, "color": "red", "id": "t", "locked": true,
        "title": "T"}], "locked": false, "z": 1, "id": "s", "maxItems": 2}],
       "alpha": {"b": [1, {"c": null}]}, "layout": {"headerHeight": 0, "sectionInset": {"right": 2, "extra": true,
        "top": 1}, "direction": "horizontal"}, "version": 1}
      """#
    let expected = """
      {
        "version": 1,
        "layout": {
          "direction": "horizontal",
          "sectionInset": {
            "top": 1,
            "right": 2,
            "extra": true
          },
          "headerHeight": 0
        },
        "sections": [
          {
            "id": "s",
            "maxItems": 2,
            "locked": false,
            "items": [
              {
                "id": "t",
                "title": "T",
                "color": "red",
                "locked": true,
                "width": 5,
                "q": {}
              }
            ],
            "z": 1
          }
        ],
        "zeta": [],
        "alpha": {
          "b": [
            1,
            {
              "c": null
            }
          ]
        }
      }

      """
    #expect(try parse(input).jsonString() == expected)
  }

  @Test("strings are escaped as Python escapes them: quotes, backslashes and control characters only")
  func stringEscapes() throws {
    let arrangement = try parse(
      document(
        tiles: #"{"id": "t", "title": "q\" b\\ s\/ \b\f\n\r\t \u0000\u0007\u001b\u001f \u007f é \u00e9 \ud83c\udfa8"}"#)
    )
    let expectedTitle = #""title": "q\" b\\ s/ \b\f\n\r\t \u0000\u0007\u001b\u001f "# + "\u{7F} é é 🎨\""
    #expect(arrangement.jsonString().contains(expectedTitle))
  }

  /// Python keeps the input's key order, so it is given our output: the canonical form is what Python
  /// writes for it, byte for byte.
  @Test("the canonical form equals Python's json.dumps(indent=2, ensure_ascii=False) plus a newline")
  func matchesPython() throws {
    for json in [
      Self.rich, text(Arrangement.demo.jsonBytes()), document(sections: ""), text(UnicodeTitleTests.canonicalFile()),
    ] {
      let ours = try parse(json).jsonBytes()
      let python = try python3(Self.pythonCanonical, input: ours)
      #expect(text(ours) == text(python))
      #expect(ours == python)
    }
  }

  @Test("the demo holds UIKit's named colors and four grays in several sections, one of them empty")
  func demoContent() {
    let demo = Arrangement.demo
    let colors = Set((0..<demo.sections.count).flatMap { demo.tiles(inSection: $0) }.compactMap { $0.color?.spelling })
    let seedColors = [
      "blue", "red", "brown", "black", "green", "gray", "cyan", "orange", "darkGray", "lightGray", "link", "magenta",
      "purple", "yellow",
    ]
    #expect(Set(seedColors).isSubset(of: colors))
    #expect(colors.filter { $0.hasPrefix("#") }.count == 4)
    #expect(demo.sections.count > 1)
    #expect(demo.sections.contains { $0.count == 0 })
    #expect(Set((0..<demo.sections.count).flatMap { demo.tiles(inSection: $0) }.map(\.id)).count == demo.tileCount)
  }

  @Test("a UTF-8 byte order mark is accepted and not written back")
  func byteOrderMark() throws {
    let bytes = Arrangement.demo.jsonBytes()
    let read = try Arrangement(json: [0xEF, 0xBB, 0xBF] + bytes)
    #expect(read == Arrangement.demo)
    #expect(read.jsonBytes() == bytes)
  }
}
