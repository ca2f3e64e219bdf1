import Testing

@testable import TileGridJSON
@testable import TileModel

/// Where the file requires a whole number, the value decides, not the spelling: JSON writers may write
/// 1 as `1.0` or `1e0` (JavaScript's `JSON.stringify` does not, but Python's `float`s and many
/// spreadsheets' exports do). Fractions stay errors; huge exponents are out of range, never a crash or a
/// rounding through `Double`.
@Suite("Whole numbers")
struct WholeNumberTests {
  /// What the scanner makes of `text` where a whole number is required.
  static func whole(_ text: String) -> JSONScanner.WholeNumber? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      guard let range = try? scanner.readNumberRange(), range == 0..<bytes.count else { return nil }
      return scanner.wholeNumber(in: range)
    }
  }

  @Test(
    "integral spellings have their value",
    arguments: [
      ("1", 1), ("1.0", 1), ("1e0", 1), ("1E0", 1), ("10E-1", 1), ("0.5e1", 5), ("1e+2", 100), ("100e-2", 1),
      ("0", 0), ("-0", 0), ("-0.0e5", 0), ("0e999999999999999999999999", 0), ("0.000e-7", 0),
      ("-1.5e1", -15), ("1000000000000000000000e-18", 1000), ("12.500e1", 125),
      ("9223372036854775807", Int.max), ("92233720368547758070e-1", Int.max), ("9.223372036854775807e18", Int.max),
      ("-9223372036854775807", -Int.max), ("9007199254740993", 9_007_199_254_740_993),
    ])
  func integral(_ text: String, _ value: Int) {
    #expect(Self.whole(text) == .value(value), "\(text)")
  }

  @Test(
    "fractions are not whole, however small or large the exponent",
    arguments: [
      "1.5", "0.1", "-2.25", "1e-1", "15e-1", "1e-400", "1e-999999999999999999999", "12345678901234567890e-10",
      "1.00000000000000000000000001", "9007199254740993e-1",
    ])
  func fractions(_ text: String) {
    #expect(Self.whole(text) == .fraction, "\(text)")
  }

  @Test(
    "integral values beyond Int overflow with their sign",
    arguments: [
      ("9223372036854775808", false), ("1e19", false), ("1e400", false), ("1e999999999999999999999", false),
      ("-1e400", true), ("-9223372036854775809", true), ("123456789012345678901234567890", false),
      ("1.5e400", false),
    ])
  func overflow(_ text: String, _ negative: Bool) {
    #expect(Self.whole(text) == .overflow(negative: negative), "\(text)")
  }

  /// Every place the file requires a whole number, as a document with `value` there.
  static func places(_ value: String) -> [(place: String, json: String)] {
    [
      ("version", #"{"version": \#(value), "sections": []}"#),
      ("layout.lineSpacing", document(sections: "", layout: #"{"lineSpacing": \#(value)}"#)),
      ("layout.interitemSpacing", document(sections: "", layout: #"{"interitemSpacing": \#(value)}"#)),
      ("layout.headerHeight", document(sections: "", layout: #"{"headerHeight": \#(value)}"#)),
      ("layout.itemSize.width", document(sections: "", layout: #"{"itemSize": {"width": \#(value)}}"#)),
      ("layout.itemSize.height", document(sections: "", layout: #"{"itemSize": {"height": \#(value)}}"#)),
      ("layout.sectionInset.top", document(sections: "", layout: #"{"sectionInset": {"top": \#(value)}}"#)),
      ("layout.sectionInset.right", document(sections: "", layout: #"{"sectionInset": {"right": \#(value)}}"#)),
      ("sections[0].maxItems", document(sections: #"{"id": "s", "maxItems": \#(value), "items": []}"#)),
      ("sections[0].items[0].width", document(tiles: #"{"id": "t", "width": \#(value)}"#)),
    ]
  }

  @Test("every whole-number field accepts 1 spelled as 1.0, 1e0, 10E-1 or 0.1e1, and writes it as 1")
  func acceptedEverywhere() throws {
    let plain = Self.places("1").map { try? parse($0.json).jsonString() }
    for spelling in ["1.0", "1e0", "10E-1", "0.1e1", "1.000E+0"] {
      for ((place, json), expected) in zip(Self.places(spelling), plain) {
        let written = try parse(json).jsonString()
        #expect(written == expected, "\(place) = \(spelling)")
        #expect(!written.contains(spelling), "\(place) = \(spelling) is written as plain digits")
      }
    }
  }

  @Test("every whole-number field refuses a fraction, naming the place and the number as written")
  func fractionRefusedEverywhere() {
    for (place, json) in Self.places("1.5") {
      expectRefusal(json, "\(place): 1.5 is not a whole number")
    }
    for (place, json) in Self.places("25e-1") {
      expectRefusal(json, "\(place): 25e-1 is not a whole number")
    }
  }

  @Test("a huge exponent is out of range, not a crash")
  func hugeExponents() {
    expectRefusal(
      document(tiles: #"{"id": "t", "width": 1e400}"#),
      "sections[0].items[0].width: 1e400 is too large (the most allowed is 100000)")
    expectRefusal(
      document(sections: "", layout: #"{"lineSpacing": -1E999999999999999999999}"#),
      "layout.lineSpacing: -1E999999999999999999999 is too small (the least allowed is 0)")
    expectRefusal(
      document(sections: "", layout: #"{"headerHeight": 1e-999999999999999999999}"#),
      "layout.headerHeight: 1e-999999999999999999999 is not a whole number")
    expectRefusal(
      #"{"version": 1e400, "sections": []}"#, "version: 1e400 is not a supported version (this tilegrid reads version 1)")
    expectRefusal(
      document(tiles: #"{"id": "t", "width": 1.00001e5}"#),
      "sections[0].items[0].width: 1.00001e5 is too large (the most allowed is 100000)")
    #expect(loadError(document(tiles: #"{"id": "t", "width": 1.00000e5}"#)) == nil)
  }

  @Test("numbers under unknown keys keep their exact text")
  func unknownKeysKeepText() throws {
    let json = document(tiles: #"{"id": "t", "width": 2e0, "w": 2e0, "f": 1.50, "big": 1e400}"#)
    let written = try parse(json).jsonString()
    #expect(written.contains(#""width": 2,"#))
    #expect(written.contains(#""w": 2e0,"#) && written.contains(#""f": 1.50,"#) && written.contains(#""big": 1e400"#))
  }
}
