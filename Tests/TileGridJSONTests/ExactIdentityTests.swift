import Testing

@testable import TileGridJSON
@testable import TileModel

/// Keys and ids are compared by their bytes: "é" (U+00E9) and "e" + U+0301 are two different keys and
/// two different ids, as in Python's `json`, although Swift's `String ==` calls them equal.
@Suite("Keys and ids are exact")
struct ExactIdentityTests {
  static let composed = "\u{E9}"
  static let decomposed = "e\u{301}"

  @Test("the two spellings are equal to Swift but not exactly")
  func spellings() {
    #expect(Self.composed == Self.decomposed)
    #expect(!Self.composed.isExactly(Self.decomposed))
  }

  func arrangement(_ json: String) throws -> Arrangement {
    try Arrangement(json: json)
  }

  @Test("unknown keys that differ only in normalization are both kept, in order")
  func unknownKeys() throws {
    let json = #"{"version": 1, "sections": [], "meta": {"\#(Self.composed)": 1, "\#(Self.decomposed)": 2}}"#
    let a = try arrangement(json)
    guard case .object(let fields) = a.extras.first?.value else {
      Issue.record("meta is not an object")
      return
    }
    #expect(fields.map { Array($0.key.utf8) } == [Array(Self.composed.utf8), Array(Self.decomposed.utf8)])
    // Many such keys (past the small linear check) too.
    let many = (0..<20).map { #""k\#($0)\#(Self.composed)": 1, "k\#($0)\#(Self.decomposed)": 2"# }.joined(separator: ", ")
    #expect(throws: Never.self) { try arrangement(#"{"version": 1, "sections": [], "meta": {\#(many)}}"#) }
  }

  @Test("section ids and tile ids that differ only in normalization are distinct; exact repeats are not")
  func ids() throws {
    let sections = #"{"version": 1, "sections": [{"id": "\#(Self.composed)", "items": []}, {"id": "\#(Self.decomposed)", "items": []}]}"#
    let a = try arrangement(sections)
    #expect(a.sectionIndex(ofID: Self.decomposed) == 1)
    let items = (0..<3000).map { #"{"id": "t\#($0)\#(Self.composed)"}, {"id": "t\#($0)\#(Self.decomposed)"}"# }
    let tiles = try arrangement(#"{"version": 1, "sections": [{"id": "s", "items": [\#(items.joined(separator: ", "))]}]}"#)
    #expect(tiles.tileCount == 6000)
    #expect(tiles.path(ofTileID: "t7" + Self.decomposed) == ItemPath(0, 15))
    let repeated = #"{"version": 1, "sections": [{"id": "s", "items": [{"id": "\#(Self.composed)"}, {"id": "\#(Self.decomposed)"}, {"id": "\#(Self.composed)"}]}]}"#
    #expect(throws: LoadError.duplicateTileID(Self.composed, first: ItemPath(0, 0), second: ItemPath(0, 2))) {
      try arrangement(repeated)
    }
  }
}
