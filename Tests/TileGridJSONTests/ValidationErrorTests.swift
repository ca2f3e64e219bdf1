import Testing

@testable import TileGridJSON
@testable import TileModel

/// Every `LoadError` case, with the exact one-line text a user sees (docs/file-format.md: "a clear error naming
/// the place").
@Suite("Validation errors")
struct ValidationErrorTests {
  @Test("empty input, or only whitespace, is .empty")
  func empty() {
    for input in ["", " ", "\n\t\r\n  "] {
      #expect(loadError(input) == .empty)
    }
    #expect(loadError([0xEF, 0xBB, 0xBF]) == .empty)
    #expect(LoadError.empty.description == "the input is empty (expected a JSON object)")
  }

  @Test("malformed JSON names the line and column, counting characters rather than bytes")
  func malformedLineAndColumn() {
    expectRefusal("{\n  \"version\": 1,\n  \"sections\": [}\n", "line 3, column 16: expected an object, found '}'")
    expectRefusal(
      "{\"version\": 1,\n\"sections\": [{\"id\": \"한국어\", \"items\": [] x",
      "line 2, column 40: expected ',' or '}' after an object member, found 'x'")
    expectRefusal(
      "{\"version\": 1 \"sections\": []}", "line 1, column 15: expected ',' or '}' after an object member, found '\"'")
    expectRefusal("{\n\n   nope", "line 3, column 4: expected a string key, found 'n'")
    expectRefusal([0xEF, 0xBB, 0xBF] + utf8("{x"), "line 1, column 2: expected a string key, found 'x'")
    #expect(
      loadError("{\"version\": 1,\n \"sections\": [\n")
        == .malformed(line: 3, column: 1, reason: "expected an object, found the end of the input"))
  }

  @Test("input that is not JSON at all is malformed, not a type error")
  func notJSONAtAll() {
    expectRefusal("hello", "line 1, column 1: expected an object, found 'h'")
    expectRefusal("\u{7F}ELF", "line 1, column 1: expected an object, found byte 0x7F")
    expectRefusal(document(tiles: #"{"id": "t", "width": }"#), "line 1, column 72: expected a whole number, found '}'")
    expectRefusal(#"{"version": "#, "line 1, column 13: expected a whole number, found the end of the input")
  }

  @Test("a repeated key names the object it is in")
  func duplicateKey() {
    expectRefusal(#"{"version": 1, "sections": [], "version": 1}"#, #"top level: duplicate key "version""#)
    expectRefusal(
      document(sections: #"{"id": "s", "items": [{"id": "a"}, {"id": "b", "color": "red", "color": "blue"}]}"#),
      #"sections[0].items[1]: duplicate key "color""#)
    expectRefusal(
      document(sections: #"{"id": "s", "items": [], "meta": {"inner": {"k": 1, "k": 2}}}"#),
      #"sections[0].meta.inner: duplicate key "k""#)
    expectRefusal(document(sections: "", extra: #""a b": {"k": 1, "\u006b": 2}"#), #"["a b"]: duplicate key "k""#)
    expectRefusal(document(sections: "", layout: #"{"x": 1, "x": 2}"#), #"layout: duplicate key "x""#)
  }

  @Test("a repeated key is found among many unknown keys too")
  func duplicateKeyAmongMany() {
    let many = (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
    expectRefusal(document(sections: "", extra: many + #", "k7": 0"#), #"top level: duplicate key "k7""#)
    expectRefusal(document(sections: "", extra: #""o": {"# + many + #", "k39": 0}"#), #"o: duplicate key "k39""#)
  }

  @Test("a value of the wrong type names the place, what was expected and what was found")
  func wrongType() {
    expectRefusal(
      document(tiles: #"{"id": "t", "title": 5}"#), "sections[0].items[0].title: expected a string, found a number")
    expectRefusal(#"{"version": 1, "sections": {}}"#, "sections: expected an array, found an object")
    expectRefusal(
      document(sections: #"{"id": "s", "locked": null, "items": []}"#),
      "sections[0].locked: expected true or false, found null")
    expectRefusal(document(tiles: #"{"id": ["t"]}"#), "sections[0].items[0].id: expected a string, found an array")
    expectRefusal(
      document(sections: "", layout: #"{"itemSize": 3}"#), "layout.itemSize: expected an object, found a number")
    expectRefusal(
      document(sections: "", layout: #"{"lineSpacing": "1"}"#),
      "layout.lineSpacing: expected a whole number, found a string")
    expectRefusal(#"[]"#, "top level: expected an object, found an array")
    expectRefusal(#"{"version": "1", "sections": []}"#, "version: expected a whole number, found a string")
    expectRefusal(document(sections: "[]"), "sections[0]: expected an object, found an array")
    expectRefusal(
      document(tiles: #"{"id": "t", "locked": "yes"}"#),
      "sections[0].items[0].locked: expected true or false, found a string")
  }

  @Test("a missing required field names the object that lacks it")
  func missingField() {
    expectRefusal(#"{"sections": []}"#, #"top level: missing required field "version""#)
    expectRefusal(#"{"version": 1}"#, #"top level: missing required field "sections""#)
    expectRefusal(document(sections: #"{"items": []}"#), #"sections[0]: missing required field "id""#)
    expectRefusal(document(sections: #"{"id": "s"}"#), #"sections[0]: missing required field "items""#)
    expectRefusal(
      document(tiles: #"{"id": "a"}, {"id": "b"}, {"title": "no id"}"#),
      #"sections[0].items[2]: missing required field "id""#)
  }

  @Test("only version 1 is read")
  func unsupportedVersion() {
    expectRefusal(
      #"{"version": 2, "sections": []}"#, "version: 2 is not a supported version (this tilegrid reads version 1)")
    expectRefusal(
      #"{"version": 2.0, "sections": []}"#, "version: 2.0 is not a supported version (this tilegrid reads version 1)")
    expectRefusal(#"{"version": 1.5, "sections": []}"#, "version: 1.5 is not a whole number")
    #expect(loadError(#"{"version": 0, "sections": []}"#) == .unsupportedVersion("0"))
    #expect(loadError(#"{"version": -1, "sections": []}"#) == .unsupportedVersion("-1"))
  }

  @Test("sizes must be whole numbers")
  func notAWholeNumber() {
    expectRefusal(
      document(sections: "", layout: #"{"lineSpacing": 1.5}"#), "layout.lineSpacing: 1.5 is not a whole number")
    expectRefusal(
      document(tiles: #"{"id": "t", "width": 1e-2}"#), "sections[0].items[0].width: 1e-2 is not a whole number")
    expectRefusal(
      document(sections: #"{"id": "s", "maxItems": 2.5, "items": []}"#),
      "sections[0].maxItems: 2.5 is not a whole number")
  }

  @Test("zero and negative sizes are too small")
  func tooSmall() {
    expectRefusal(
      document(sections: "", layout: #"{"itemSize": {"width": 0}}"#),
      "layout.itemSize.width: 0 is too small (the least allowed is 1)")
    expectRefusal(
      document(sections: "", layout: #"{"itemSize": {"height": -2}}"#),
      "layout.itemSize.height: -2 is too small (the least allowed is 1)")
    expectRefusal(
      document(tiles: #"{"id": "t", "width": -3}"#),
      "sections[0].items[0].width: -3 is too small (the least allowed is 1)")
    expectRefusal(
      document(tiles: #"{"id": "t", "width": -0}"#),
      "sections[0].items[0].width: -0 is too small (the least allowed is 1)")
    expectRefusal(
      document(sections: "", layout: #"{"sectionInset": {"top": -1}}"#),
      "layout.sectionInset.top: -1 is too small (the least allowed is 0)")
    expectRefusal(
      document(sections: "", layout: #"{"interitemSpacing": -1}"#),
      "layout.interitemSpacing: -1 is too small (the least allowed is 0)")
    expectRefusal(
      document(sections: #"{"id": "s", "maxItems": -1, "items": []}"#),
      "sections[0].maxItems: -1 is too small (the least allowed is 0)")
    expectRefusal(
      document(tiles: #"{"id": "t", "width": -99999999999999999999}"#),
      "sections[0].items[0].width: -99999999999999999999 is too small (the least allowed is 1)")
  }

  @Test("sizes above the limit, and numbers that overflow, are too large")
  func tooLarge() {
    expectRefusal(
      document(sections: "", layout: #"{"itemSize": {"height": 100001}}"#),
      "layout.itemSize.height: 100001 is too large (the most allowed is 100000)")
    expectRefusal(
      document(tiles: #"{"id": "t", "width": 99999999999999999999}"#),
      "sections[0].items[0].width: 99999999999999999999 is too large (the most allowed is 100000)")
    expectRefusal(
      document(sections: "", layout: #"{"headerHeight": 9223372036854775808}"#),
      "layout.headerHeight: 9223372036854775808 is too large (the most allowed is 100000)")
    #expect(loadError(document(sections: "", layout: #"{"headerHeight": 100000}"#)) == nil)
  }

  @Test("a color is a UIKit color name or #RRGGBB (the documented example message)")
  func notAColor() {
    let tiles = ##"{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d", "color": "#GG0000"}"##
    expectRefusal(
      document(sections: #"{"id": "s0", "items": []}, {"id": "s1", "items": ["# + tiles + "]}"),
      ##"sections[1].items[3].color: "#GG0000" is not a color (a UIKit color name or #RRGGBB)"##)
    for bad in ["chartreuse", "#12345", "#1234567", "", "blue ", "#ff00ff00"] {
      #expect(
        loadError(document(tiles: #"{"id": "t", "color": "\#(bad)"}"#))
          == .notAColor(JSONPath([.key("sections"), .index(0), .key("items"), .index(0), .key("color")]), value: bad),
        "color \(bad)")
    }
    for good in ["blue", "BLUE", "darkGray", "darkgray", "systemTeal", "#00ff7F", "link"] {
      #expect(loadError(document(tiles: #"{"id": "t", "color": "\#(good)"}"#)) == nil, "color \(good)")
    }
  }

  @Test("direction and alignment must be one of their names")
  func notOneOf() {
    expectRefusal(
      document(sections: "", layout: #"{"direction": "diagonal"}"#),
      #"layout.direction: "diagonal" is not one of vertical, horizontal, lanes"#)
    expectRefusal(
      document(sections: "", layout: #"{"alignment": "right"}"#),
      #"layout.alignment: "right" is not one of justify, left, center"#)
    expectRefusal(
      document(sections: "", layout: #"{"alignment": "Left"}"#),
      #"layout.alignment: "Left" is not one of justify, left, center"#)
  }

  @Test("ids may not be empty")
  func emptyID() {
    expectRefusal(document(sections: #"{"id": "", "items": []}"#), "sections[0].id: an id may not be empty")
    expectRefusal(document(tiles: #"{"id": "a"}, {"id": ""}"#), "sections[0].items[1].id: an id may not be empty")
  }

  @Test("a repeated tile id names both places, even across sections")
  func duplicateTileID() {
    expectRefusal(
      document(
        sections:
          #"{"id": "s0", "items": [{"id": "a"}, {"id": "x"}]}, {"id": "s1", "items": []}, {"id": "s2", "items": [{"id": "x"}]}"#
      ),
      #"sections[2].items[0].id: duplicate tile id "x" (first at sections[0].items[1])"#)
    #expect(
      loadError(document(tiles: #"{"id": "a"}, {"id": "b"}, {"id": "a"}, {"id": "b"}"#))
        == .duplicateTileID("a", first: ItemPath(0, 0), second: ItemPath(0, 2)))
  }

  @Test("a repeated section id names both places; a tile and a section may share an id")
  func duplicateSectionID() {
    expectRefusal(
      document(sections: #"{"id": "a", "items": []}, {"id": "b", "items": []}, {"id": "a", "items": []}"#),
      #"sections[2].id: duplicate section id "a" (first at sections[0])"#)
    #expect(loadError(document(sections: #"{"id": "a", "items": [{"id": "a"}]}"#)) == nil)
  }

  @Test("keys that are not identifiers are quoted in paths, and every description is one line")
  func pathsAndOneLine() {
    expectRefusal(
      document(sections: "", extra: #""we\nird": {"1st": {"x": 1, "x": 2}}"#), #"["we\nird"]["1st"]: duplicate key "x""#
    )
    expectRefusal(
      document(tiles: #"{"id": "t", "color": "a\nb"}"#),
      #"sections[0].items[0].color: "a\nb" is not a color (a UIKit color name or #RRGGBB)"#)
  }
}
