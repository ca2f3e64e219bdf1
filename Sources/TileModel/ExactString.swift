/// A string compared and hashed by its UTF-8 bytes.
///
/// Swift's `String ==` is canonical equivalence: `"\u{E9}"` (é) equals `"e\u{301}"` (e + combining
/// accent). JSON keys and TileGrid's ids are exact — Python's `json` keeps both keys, and a file whose
/// ids differ only that way is a file of two different ids — so every uniqueness check and lookup by
/// id goes through this type or `isExactly(_:)`.
package struct ExactString: Hashable {
  package let string: String

  package init(_ string: String) { self.string = string }

  package static func == (a: ExactString, b: ExactString) -> Bool { a.string.isExactly(b.string) }

  package func hash(into hasher: inout Hasher) {
    var s = string
    s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

extension String {
  /// Whether the two strings have the same UTF-8 bytes (not just canonically equivalent text),
  /// compared a block at a time (`sameBytes`).
  package func isExactly(_ other: String) -> Bool {
    sameBytes(self, other)
  }
}
