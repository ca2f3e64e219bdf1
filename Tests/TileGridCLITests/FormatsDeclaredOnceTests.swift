import Formats
import Foundation
import Testing

@testable import TileGridCLI

/// What the command line says of formats is made from the registry, and no source file outside a
/// format's own decides by format with a `switch`.
@Suite("Formats declared once: the help and the sources")
struct FormatsDeclaredOnceTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("--format, --to, the overview and the manual name every registered format and extension")
  func help() {
    let overview = TileGridCommand.overview
    for format in ArrangementFormat.allCases {
      #expect(Options.format.spec.help.contains(format.name), "\(format)")
      #expect(Options.to.spec.help.contains(format.name), "\(format)")
      #expect(overview.contains(format.name), "\(format)")
      for ext in format.extensions {
        #expect(Options.format.spec.help.contains(ext), "\(ext)")
        #expect(TileGridCommand.manual.contains(ext), "\(ext)")
      }
    }
  }

  /// The format types' own files, where a format may say what it is.
  static let formatFiles: Set<String> = ["JSONFormat.swift", "MarkdownFormat.swift", "LinesFormat.swift", "TableFormat.swift"]

  @Test("no `case .json`, `case .markdown`… outside the formats' own files")
  func noSwitches() throws {
    let names = ArrangementFormat.allCases.map(\.name)
    let sources = Self.root.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    var checked = 0
    for case let url as URL in files where url.pathExtension == "swift" && !Self.formatFiles.contains(url.lastPathComponent) {
      let text = try String(contentsOf: url, encoding: .utf8)
      checked += 1
      for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
        guard code.contains("case .") else { continue }
        for name in names where code.contains("case .\(name):") || code.contains("case .\(name),") {
          // `.lines` is also a route of the merge (`MergeCascade.Route`), a switch over its own enum.
          if url.lastPathComponent == "MergeReading.swift" && name == "lines" { continue }
          Issue.record("\(url.lastPathComponent):\(n + 1): a switch over formats: \(code)")
        }
      }
    }
    #expect(checked > 100, "the sources were not found under \(sources.path)")
  }
}
