import Testing

@testable import TileGridJSON
@testable import TileModel

/// "Nothing is lost" (docs/file-format.md): keys this version does not know survive load -> move -> save at
/// every level, with their exact values, after the known keys, in their original order.
@Suite("Unknown keys")
struct UnknownKeysTests {
  /// A canonical file with unknown keys at every level, numbers spelled in ways a Double would change,
  /// and nested containers.
  static let canonical = """
    {
      "version": 1,
      "layout": {
        "direction": "vertical",
        "itemSize": {
          "width": 12,
          "height": 3,
          "depth": 12345678901234567
        },
        "sectionInset": {
          "top": 1,
          "z-index": -0.0,
          "a": [
            1.50e+10,
            {}
          ]
        },
        "alignment": "left",
        "theme": {
          "name": "dark",
          "ratio": 1E-7
        },
        "animate": false
      },
      "sections": [
        {
          "id": "one",
          "title": "One",
          "items": [
            {
              "id": "a",
              "title": "A",
              "color": "blue",
              "badge": 12345678901234567,
              "history": [
                {
                  "at": -12.5e3,
                  "by": null
                },
                [],
                "x"
              ]
            },
            {
              "id": "b"
            }
          ],
          "collapsed": true,
          "icon": "★"
        },
        {
          "id": "two",
          "items": [
            {
              "id": "c",
              "width": 20,
              "zeta": 0,
              "alpha": 1
            }
          ],
          "sort": {
            "by": "title",
            "descending": true
          }
        }
      ],
      "generator": "hand",
      "checksum": 98765432109876543210987654321,
      "meta": {
        "nested": {
          "deeper": [
            [
              [
                -0
              ]
            ]
          ]
        }
      }
    }

    """

  @Test("a canonical file with unknown keys at every level comes back byte for byte")
  func byteForByte() throws {
    #expect(try parse(Self.canonical).jsonString() == Self.canonical)
  }

  @Test("unknown keys are kept at every level, in order, with numbers as written")
  func keptAtEveryLevel() throws {
    let a = try parse(Self.canonical)
    #expect(a.extras.map(\.key) == ["generator", "checksum", "meta"])
    #expect(a.extras[1].value == .number("98765432109876543210987654321"))
    #expect(
      a.extras[2].value
        == .object([JSONField("nested", .object([JSONField("deeper", .array([.array([.array([.number("-0")])])]))]))]))
    let layout = try #require(a.layoutSpec)
    #expect(
      layout.extras == [
        JSONField("theme", .object([JSONField("name", .string("dark")), JSONField("ratio", .number("1E-7"))])),
        JSONField("animate", .bool(false)),
      ])
    #expect(layout.itemSize?.extras == [JSONField("depth", .number("12345678901234567"))])
    #expect(
      layout.sectionInset?.extras == [
        JSONField("z-index", .number("-0.0")), JSONField("a", .array([.number("1.50e+10"), .object([])])),
      ])
    #expect(a.sections[0].extras == [JSONField("collapsed", .bool(true)), JSONField("icon", .string("★"))])
    #expect(a.sections[1].extras.map(\.key) == ["sort"])
    #expect(a[ItemPath(0, 0)].extras.map(\.key) == ["badge", "history"])
    #expect(a[ItemPath(0, 0)].extras[0].value == .number("12345678901234567"))
    #expect(a[ItemPath(0, 1)].extras == [])
    #expect(a[ItemPath(1, 0)].extras == [JSONField("zeta", .number("0")), JSONField("alpha", .number("1"))])
  }

  @Test("unknown keys written before known ones move after them, keeping their own order")
  func unknownKeysFollowKnownOnes() throws {
    let a = try parse(
      #"{"z": 1, "sections": [{"y": 2, "items": [{"x": 3, "id": "t", "w": 4}], "id": "s"}], "a": 5, "version": 1}"#)
    #expect(a.extras.map(\.key) == ["z", "a"])
    let written = a.jsonString()
    let order = [
      "\"version\"", "\"sections\"", "\"id\": \"s\"", "\"items\"", "\"id\": \"t\"", "\"x\"", "\"w\"", "\"y\"", "\"z\"",
      "\"a\"",
    ]
    let positions = order.map { written.range(of: $0)?.lowerBound }
    #expect(!positions.contains(nil), "every key is written")
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
  }

  @Test("unknown keys survive a move across sections and back")
  func surviveAMove() throws {
    var a = try parse(Self.canonical)
    let tile = a[ItemPath(0, 0)]
    try a.move(from: ItemPath(0, 0), to: ItemPath(1, 1))
    #expect(a[ItemPath(1, 1)] == tile)
    let moved = try Arrangement(json: a.jsonBytes())
    #expect(moved[ItemPath(1, 1)].extras == tile.extras)
    #expect(moved.sections.map(\.extras) == a.sections.map(\.extras))
    #expect(moved.extras == a.extras && moved.layoutSpec == a.layoutSpec)
    let text = moved.jsonString()
    for spelling in ["12345678901234567", "1.50e+10", "-0.0", "-12.5e3", "1E-7", "98765432109876543210987654321"] {
      #expect(text.contains(spelling), "\(spelling) is written as it was read")
    }
    var back = moved
    try back.move(from: ItemPath(1, 1), to: ItemPath(0, 0))
    #expect(back.jsonString() == Self.canonical)
  }
}
