// Shared helpers for the TileModel tests (the JSON reader's own helpers are TileGridJSONTests').

/// The text of UTF-8 bytes (for messages and comparisons of canonical output).
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
