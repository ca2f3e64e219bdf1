import TestSupport

/// The end-to-end tests' arrangement, built from pieces of canonical text so that the exact output of a
/// move can be written down: a tile's text is the same in every section (items arrays all sit at the
/// same depth), so moving tiles only reorders these blocks.
///
///     favorites (maxItems 3): blue red
///     others (unknown key "collapsed"): green (width, unknown keys) cyan gray44 (locked)
///     vault (locked): gold
///     archive: (empty)
enum Fixture {
  static let ids: [[String]] = [["blue", "red"], ["green", "cyan", "gray44"], ["gold"], []]

  /// Each tile as an element of an items array.
  static let tiles: [String: String] = [
    "blue": """
            {
              "id": "blue",
              "title": "Blue",
              "color": "blue"
            }
    """,
    "red": """
            {
              "id": "red",
              "title": "빨강",
              "color": "#FF0000"
            }
    """,
    "green": """
            {
              "id": "green",
              "title": "Green 🎨\\t",
              "color": "green",
              "width": 20,
              "tags": [
                "a",
                1.50e+10
              ],
              "meta": {
                "n": 12345678901234567,
                "z": -0.0
              }
            }
    """,
    "cyan": """
            {
              "id": "cyan",
              "color": "cyan"
            }
    """,
    "gray44": """
            {
              "id": "gray44",
              "title": "gray 44",
              "color": "#2C2C2C",
              "locked": true
            }
    """,
    "gold": """
            {
              "id": "gold",
              "color": "yellow"
            }
    """,
  ]

  /// Each section's members before `items` and after it.
  static let sectionHeads = [
    "      \"id\": \"favorites\",\n      \"title\": \"Favorites\",\n      \"maxItems\": 3,\n",
    "      \"id\": \"others\",\n      \"title\": \"Others\",\n",
    "      \"id\": \"vault\",\n      \"title\": \"Vault\",\n      \"locked\": true,\n",
    "      \"id\": \"archive\",\n      \"title\": \"Archive\",\n",
  ]
  static let sectionTails = ["", ",\n      \"collapsed\": false", "", ""]

  /// The canonical file with the sections holding `ids` in order.
  static func text(_ ids: [[String]] = ids) -> String {
    let sections = ids.enumerated().map { s, sectionIDs in
      let items =
        sectionIDs.isEmpty ? "[]" : "[\n" + sectionIDs.map { tiles[$0]! }.joined(separator: ",\n") + "\n      ]"
      return "    {\n" + sectionHeads[s] + "      \"items\": " + items + sectionTails[s] + "\n    }"
    }
    return "{\n  \"version\": 1,\n  \"sections\": [\n" + sections.joined(separator: ",\n")
      + "\n  ],\n  \"generator\": \"end-to-end fixture\"\n}\n"
  }

  static var bytes: [UInt8] { Array(text().utf8) }

  /// Writes the fixture as `tiles.json` in `directory` and returns its path.
  @discardableResult
  static func write(into directory: TemporaryDirectory) throws -> String {
    try directory.write("tiles.json", text())
  }
}
