@testable import Formats
import Testing
import TileModel

/// Every format is declared once (`FormatRegistry`): what the rest of TileGrid knows of formats — the
/// names `--format` takes, the extensions, the format objects in `extras`, the order content is
/// recognised in — is made from it, and no two formats claim the same name, extension or key.
@Suite("Formats declared once: the registry")
struct FormatRegistryTests {
  static let formats = FormatRegistry.formats

  @Test("every format is found by its name and by each of its extensions, in any case")
  func namesAndExtensions() {
    for format in Self.formats {
      #expect(ArrangementFormat(name: format.name) == format)
      #expect(format.rawValue == format.name && format.description == format.name)
      #expect(!format.extensions.isEmpty, "\(format) has no extension")
      for ext in format.extensions {
        #expect(ArrangementFormat(path: "dir.x/board" + ext) == format, "\(ext)")
        #expect(ArrangementFormat(path: "BOARD" + ext.uppercased()) == format, "\(ext)")
      }
      #expect(format.fileExtension == String(format.extensions[0].dropFirst()))
    }
    #expect(ArrangementFormat(path: "board.x/") == nil)
    #expect(ArrangementFormat(path: "board") == nil)
    #expect(ArrangementFormat(name: "yaml") == nil)
  }

  @Test("no two formats share a name, an extension, a file name or a key in extras")
  func nothingShared() {
    let names = Self.formats.map(\.name)
    #expect(Set(names).count == names.count, "\(names)")
    let extensions = Self.formats.flatMap(\.extensions)
    #expect(Set(extensions).count == extensions.count, "\(extensions)")
    let fileNames = Self.formats.flatMap { $0.definition.fileNames.map { $0.lowercased() } }
    #expect(Set(fileNames).count == fileNames.count, "\(fileNames)")
    let keys = FormatRegistry.objectKeys
    #expect(Set(keys).count == keys.count, "\(keys)")
    #expect(!keys.contains(ExtrasKey.checked) && !keys.contains(ExtrasKey.untitled))
  }

  @Test("the names, the format objects and allCases are the registry's, in its order")
  func madeFromTheRegistry() {
    #expect(ArrangementFormat.allCases == Self.formats)
    #expect(ArrangementFormat.names == "json, markdown, lines, csv or tsv")
    #expect(ArrangementFormat.extensionNames == ".json, .md, .markdown, .txt, .csv or .tsv")
    #expect(FormatRegistry.objectKeys == ["markdown", "lines", "csv", "tsv"])
    #expect(ExtrasKey.formatObjects == Set(FormatRegistry.objectKeys))
    for key in FormatRegistry.objectKeys + ["checked", "title", "color", "x"] {
      #expect(ExtrasKey.isFormatObject(key) == ExtrasKey.formatObjects.contains(key), "\(key)")
    }
    #expect(FormatRegistry.headed.map(\.key) == ["markdown", "lines"])
  }

  @Test("content is tried in recognition order: JSON first, a format that takes any text last")
  func recognitionOrder() throws {
    let order = FormatRegistry.byRecognition
    #expect(order.map(\.name) == ["json", "markdown", "tsv", "csv", "lines"])
    #expect(Set(order) == Set(Self.formats))
    let last = try #require(order.last)
    let anything = Array("anything at all\n".utf8)
    #expect(anything.withUnsafeBufferPointer { last.definition.recognises(ContentSample($0)) })
  }

  @Test("each format's own object is the one its reader writes, and the one it reads back")
  func ownObjects() throws {
    let texts = [
      "markdown": "## A\n- a\n", "lines": "# A\na\n", "csv": "section,title\nA,a\n", "tsv": "section\ttitle\nA\ta\n",
    ]
    for format in Self.formats {
      guard let key = format.definition.extrasKey else {
        #expect(format.keepsIDs, "\(format) keeps no object of its own, so its cards need ids of their own")
        continue
      }
      let text = try #require(texts[key], "a file for \(format)")
      let board = try format.read(Array(text.utf8))
      #expect(board.extras.contains { $0.key == key }, "\(format)")
      #expect(!board.extras.contains { $0.key != key && ExtrasKey.isFormatObject($0.key) }, "\(format)")
      #expect(format.bytes(board).bytes == Array(text.utf8), "\(format)")
    }
  }
}
