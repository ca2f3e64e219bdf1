import Testing

@testable import TileGridJSON
@testable import TileModel

/// The reader is hardened like any parser (JSONScanner's contract): nesting depth, duplicate keys,
/// UTF-8, surrogates, truncation, control characters, number grammar and trailing data.
@Suite("The JSON grammar: what the reader refuses")
struct JSONGrammarTests {
  /// A file whose unknown key `deep` holds `depth - 1` nested arrays, so the whole file nests `depth`
  /// levels (the top-level object is the first).
  static func nested(depth: Int, open: String = "[", innermost: String = "", close: String = "]") -> String {
    let inner = String(repeating: open, count: depth - 1) + innermost + String(repeating: close, count: depth - 1)
    return document(sections: "", extra: #""deep": "# + inner)
  }

  /// A file with escapes, non-ASCII text, unknown keys and every optional field: every cut of it is
  /// a different kind of truncation.
  static func richFile() throws -> String {
    text(
      try Arrangement(
        json: utf8(
          document(
            sections: #"""
              {"id": "s", "title": "é\n\u0007", "maxItems": 9, "locked": false, "items": [
                {"id": "t", "title": "한국어 👩‍👩‍👧", "color": "#a0B0c0", "locked": true, "width": 3,
                 "x": [1.5e-3, -0, true, false, null, {"k": "\\\""}]}]}
              """#, layout: #"{"direction": "horizontal", "itemSize": {"width": 4}, "alignment": "center"}"#))
      ).jsonBytes())
  }

  @Test("nesting up to JSONScanner.maximumDepth is read, one level more is refused")
  func nestingLimit() throws {
    #expect(JSONScanner.maximumDepth == 512)
    let deepest = try parse(Self.nested(depth: 512))
    #expect(try Arrangement(json: deepest.jsonBytes()) == deepest)
    #expect(try parse(Self.nested(depth: 512, open: #"{"a":"#, innermost: "0", close: "}")).extras.count == 1)
    for json in [Self.nested(depth: 513), Self.nested(depth: 513, open: #"{"a":"#, innermost: "0", close: "}")] {
      #expect(malformedReason(loadError(json)) == "nesting is deeper than 512 levels")
    }
  }

  @Test("very deep nesting is refused without exhausting the stack")
  func veryDeepNesting() {
    #expect(malformedReason(loadError(Self.nested(depth: 100_000))) == "nesting is deeper than 512 levels")
    #expect(
      malformedReason(loadError(document(sections: "", extra: #""deep": "# + String(repeating: "[", count: 100_000))))
        == "nesting is deeper than 512 levels")
    #expect(
      malformedReason(
        loadError(document(sections: "", extra: #""deep": "# + String(repeating: #"{"a": "#, count: 100_000))))
        == "nesting is deeper than 512 levels")
    #expect(
      loadError(String(repeating: "[", count: 100_000)) == .wrongType(.root, expected: "an object", found: "an array"))
  }

  @Test("invalid UTF-8 is refused at the offending byte")
  func invalidUTF8() {
    // The bad bytes follow "ok" at column 75; an error in a later byte of a sequence is at column 76.
    func titled(_ bytes: [UInt8]) -> [UInt8] {
      utf8(#"{"version": 1, "sections": [{"id": "s", "items": [{"id": "t", "title": "ok"#) + bytes + utf8(#""}]}]}"#)
    }
    let cases: [(String, [UInt8], String)] = [
      ("a bad lead byte", [0xFF], "line 1, column 75: invalid UTF-8 (byte 0xFF)"),
      ("a lone continuation byte", [0x80], "line 1, column 75: invalid UTF-8 (byte 0x80)"),
      ("an overlong two-byte '/'", [0xC0, 0xAF], "line 1, column 75: invalid UTF-8 (byte 0xC0)"),
      ("an overlong three-byte '/'", [0xE0, 0x80, 0xAF], "line 1, column 76: invalid UTF-8 (byte 0x80)"),
      ("an overlong four-byte '/'", [0xF0, 0x80, 0x80, 0xAF], "line 1, column 76: invalid UTF-8 (byte 0x80)"),
      ("a surrogate encoded in UTF-8", [0xED, 0xA0, 0x80], "line 1, column 76: invalid UTF-8 (byte 0xA0)"),
      ("a code point above U+10FFFF", [0xF4, 0x90, 0x80, 0x80], "line 1, column 76: invalid UTF-8 (byte 0x90)"),
      ("a truncated sequence before the quote", [0xE4, 0xB8], "line 1, column 76: invalid UTF-8 (byte 0x22)"),
      (
        "a truncated sequence before a letter", [0xF0, 0x9F, 0x98, 0x41], "line 1, column 76: invalid UTF-8 (byte 0x41)"
      ),
    ]
    for (name, bytes, description) in cases {
      #expect(loadError(titled(bytes))?.description == description, "\(name)")
    }
    #expect(loadError(titled([0xE4, 0xB8, 0xAD])) == nil, "a valid three-byte sequence")
    #expect(
      loadError(utf8(#"{"version": 1, "sections": [], "k": "ab"#) + [0xE4, 0xB8])
        == .malformed(line: 1, column: 40, reason: "invalid UTF-8: truncated sequence"))
    #expect(
      isMalformed(loadError(utf8(#"{"version": 1, "sections": [], "#) + [0xC3, 0x28] + utf8(#"": 1}"#))), "in a key")
    #expect(
      isMalformed(loadError(utf8(#"{"version": 1, "sections": [], "k": "#) + [0xC3, 0xA9] + utf8("}"))),
      "outside a string")
  }

  @Test("lone surrogate escapes are refused; a proper pair is one character")
  func surrogateEscapes() throws {
    for escape in [#"\ud800"#, #"\uDBFF\u0041"#, #"\udc00"#, #"\ud800\ud800"#, #"\ud800x"#, #"\ud800\n"#] {
      let reason = malformedReason(loadError(document(tiles: #"{"id": "t", "title": "\#(escape)"}"#)))
      #expect(reason?.hasPrefix("a lone surrogate") == true, "\(escape)")
    }
    expectRefusal(
      document(tiles: #"{"id": "t", "title": "a\ud800"}"#),
      #"line 1, column 74: a lone surrogate (\uD800) is not a character"#)
    #expect(
      try parse(document(tiles: #"{"id": "t", "title": "\ud83c\udfa8\uD83D\uDC69"}"#))[ItemPath(0, 0)].title == "🎨👩")
    for bad in [#"\u12"#, #"\u12G4"#, #"\x41"#, #"\'"#] {
      #expect(isMalformed(loadError(document(tiles: #"{"id": "t", "title": "\#(bad)"}"#))), "\(bad)")
    }
  }

  @Test("an invalid escape is described on one line, whatever byte follows the backslash")
  func invalidEscapeIsOneLine() {
    for byte in [0x0A, 0x0D, 0x00, 0x1B, 0x7F, 0xC3, 0xFF] as [UInt8] {
      let bytes = utf8(#"{"version": 1, "sections": [], "k": "a\"#) + [byte] + utf8(#"b"}"#)
      let error = loadError(bytes)
      #expect(isMalformed(error), "byte \(byte)")
      #expect(
        error.map { !$0.description.contains("\n") && !$0.description.contains("\r") } == true,
        "byte \(byte): \(String(describing: error))")
    }
    expectRefusal(
      #"{"version": 1, "sections": [], "k": "a\q"}"#, #"line 1, column 39: invalid escape '\q' in a string"#)
  }

  @Test("raw control characters in strings are refused; escaped ones are kept")
  func controlCharacters() throws {
    for c in [0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x1F] as [UInt8] {
      let bytes = utf8(#"{"version": 1, "sections": [{"id": "s"#) + [c] + utf8(#"", "items": []}]}"#)
      #expect(
        loadError(bytes)
          == .malformed(
            line: 1, column: 38,
            reason:
              "a raw control character (0x\(String(c, radix: 16, uppercase: true))) in a string must be written as an escape"
          ))
    }
    let escaped = try parse(document(sections: #"{"id": "s\u0000\t\u001f", "items": []}"#))
    #expect(escaped.sections[0].id == "s\u{0}\t\u{1F}")
    #expect(try parse(document(sections: "{\"id\": \"del\u{7F}\", \"items\": []}")).sections[0].id == "del\u{7F}")
  }

  @Test("numbers must follow JSON's grammar")
  func numberGrammar() throws {
    for bad in [
      "01", "-01", "00", "1.", ".5", "-", "+1", "1e", "1e+", "1.e3", "0x10", "Infinity", "NaN", "-Infinity", "1_000",
    ] {
      #expect(isMalformed(loadError(document(sections: "", extra: #""n": \#(bad)"#))), "\(bad)")
      #expect(loadError(document(sections: "", layout: #"{"lineSpacing": \#(bad)}"#)) != nil, "lineSpacing \(bad)")
    }
    for good in ["0", "-0", "1", "-1.5", "1e5", "1E+5", "1.25e-10", "123456789012345678901234567890"] {
      #expect(try parse(document(sections: "", extra: #""n": \#(good)"#)).extras == [JSONField("n", .number(good))])
    }
    expectRefusal(
      document(sections: "", extra: #""n": 012"#), "line 1, column 38: a number may not have a leading zero")
  }

  @Test("anything after the value is refused; whitespace is not")
  func trailingData() throws {
    let valid = document(sections: "")
    for garbage in ["x", "{}", "]", ",", "\"\"", "0", "\u{0}", "//"] {
      #expect(isMalformed(loadError(valid + " " + garbage)), "\(garbage.debugDescription)")
    }
    expectRefusal(valid + "\n}", "line 2, column 1: unexpected '}' after the JSON value")
    #expect(loadError(valid + " \n\t\r\n") == nil)
    #expect(isMalformed(loadError(valid + "\u{A0}")), "a no-break space is not JSON whitespace")
  }

  @Test("every cut of a valid file is refused as malformed or empty, never accepted")
  func everyTruncation() throws {
    for file in [text(Arrangement.demo.jsonBytes()), try Self.richFile()] {
      let bytes = utf8(file)
      let end = bytes.lastIndex(of: UInt8(ascii: "}"))!
      for cut in 0...end {
        let error = loadError(Array(bytes[..<cut]))
        #expect(isMalformed(error) || (error == .empty && cut == 0), "cut at \(cut): \(String(describing: error))")
      }
      #expect(loadError(Array(bytes[...end])) == nil)
    }
  }

  @Test("keys written with escapes are the same keys")
  func escapedKeys() throws {
    expectRefusal(#"{"version": 1, "sections": [], "\u0076ersion": 1}"#, #"top level: duplicate key "version""#)
    let a = try parse(#"{"\u0076ersion": 1, "sect\u0069ons": [{"\u0069d": "s", "items": []}]}"#)
    #expect(a.sections[0].id == "s")
  }
}
