import Foundation
import Testing

/// docs/architecture.md stays true to Package.swift: its module graph (the fenced block after the
/// `<!-- module graph` comment, one line a target: `Editor -> TileModel, TileGridJSON, …`, or
/// `Geometry -> (nothing)`) names every target that is not a test target, each with exactly the
/// dependencies Package.swift gives it; and its module table has a row for every directory of Sources.
@Suite("docs/architecture.md's module graph is Package.swift's")
struct ArchitectureDocTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every target of a package manifest that is not a test target, with its dependencies in the order
  /// written, and the targets in the order written. Comments are left out first (they hold quotes and
  /// parentheses); a target's arguments run to the parenthesis that closes its call.
  static func packageGraph(_ manifest: String) -> [(target: String, dependencies: [String])] {
    let code = manifest.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
    }.joined(separator: "\n")
    let call = try! Regex(#"\.(target|executableTarget|systemLibrary|testTarget)\("#)
    let name = try! Regex(#"name:\s*"([^"]+)""#)
    let dependencies = try! Regex(#"dependencies:\s*\[([^\]]*)\]"#)
    let quoted = try! Regex(#""([^"]+)""#)
    var graph: [(target: String, dependencies: [String])] = []
    for match in code.matches(of: call) {
      var depth = 1
      var end = match.range.upperBound
      while depth > 0, end < code.endIndex {
        if code[end] == "(" { depth += 1 } else if code[end] == ")" { depth -= 1 }
        end = code.index(after: end)
      }
      guard match.output[1].substring != "testTarget" else { continue }
      let arguments = code[match.range.upperBound..<end]
      guard let target = arguments.firstMatch(of: name)?.output[1].substring else { continue }
      let list = arguments.firstMatch(of: dependencies)?.output[1].substring ?? ""
      graph.append((String(target), list.matches(of: quoted).compactMap { $0.output[1].substring.map(String.init) }))
    }
    return graph
  }

  /// The graph as the page writes it: the lines of the fenced block after the `<!-- module graph`
  /// comment. Nil when the page has no such block.
  static func pageGraph(_ page: String) -> [(target: String, dependencies: [String])]? {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let marker = lines.firstIndex(where: { $0.hasPrefix("<!-- module graph") }),
      let open = lines[marker...].firstIndex(where: { $0.hasPrefix("```") }),
      let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") })
    else { return nil }
    return lines[(open + 1)..<close].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { line in
      let parts = line.components(separatedBy: " -> ")
      let target = parts[0].trimmingCharacters(in: .whitespaces)
      let rest = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "(missing ->)"
      let dependencies = rest == "(nothing)" ? [] : rest.components(separatedBy: ", ")
      return (target, dependencies)
    }
  }

  /// A graph written as the page writes it.
  static func lines(_ graph: [(target: String, dependencies: [String])]) -> String {
    graph.map { "\($0.target) -> \($0.dependencies.isEmpty ? "(nothing)" : $0.dependencies.joined(separator: ", "))" }
      .joined(separator: "\n")
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("the page's graph has every target of Package.swift but the tests, each with its dependencies")
  func graphIsThePackages() throws {
    let package = Self.packageGraph(try Self.read("Package.swift"))
    #expect(package.count > 20, "the targets were not found in Package.swift: \(package.map(\.target))")
    let page = try #require(Self.pageGraph(try Self.read("docs/architecture.md")), "no module graph block found")
    let written = Dictionary(page.map { ($0.target, Set($0.dependencies)) }, uniquingKeysWith: { a, _ in a })
    let declared = Dictionary(package.map { ($0.target, Set($0.dependencies)) }, uniquingKeysWith: { a, _ in a })
    var differences: [String] = []
    for (target, dependencies) in package.map({ ($0.target, Set($0.dependencies)) }) {
      guard let onPage = written[target] else {
        differences.append("\(target): not on the page")
        continue
      }
      let missing = dependencies.subtracting(onPage).sorted()
      let extra = onPage.subtracting(dependencies).sorted()
      if !missing.isEmpty { differences.append("\(target): the page leaves out \(missing)") }
      if !extra.isEmpty { differences.append("\(target): the page adds \(extra), which Package.swift does not give it") }
    }
    for target in page.map(\.target) where declared[target] == nil {
      differences.append("\(target): on the page, not a target of Package.swift")
    }
    #expect(page.count == Set(page.map(\.target)).count, "a target is written twice on the page")
    #expect(
      differences.isEmpty,
      "docs/architecture.md's module graph differs from Package.swift:\n\(differences.joined(separator: "\n"))\n\nPackage.swift's, as the page writes it:\n\(Self.lines(package))"
    )
  }

  @Test("the page's module table has a row for every directory of Sources")
  func tableNamesEveryModule() throws {
    let page = try Self.read("docs/architecture.md")
    let rows = Set(
      page.split(separator: "\n").compactMap { line -> [String]? in
        guard line.hasPrefix("| ") else { return nil }
        return line.dropFirst(2).split(separator: "|").first.map { cell in
          cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
      }.joined())
    let modules = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
      .filter { !$0.hasPrefix(".") }
    let missing = Set(modules).subtracting(rows).sorted()
    #expect(missing.isEmpty, "docs/architecture.md's module table has no row for \(missing)")
  }

  @Test("a manifest's targets are read past comments, nested calls and test targets")
  func manifestIsRead() {
    let manifest = """
      // A comment with "quotes" and (parentheses), .target(name: "NotOne")
      .systemLibrary(name: "CLib", path: "Sources/CLib", providers: [.apt(["libc-dev"])]),
      .target(name: "Low"),
      .target(
        name: "High", dependencies: ["Low", "CLib"],  // "Commented"
        swiftSettings: [.swiftLanguageMode(.v5)]),
      .executableTarget(name: "tool", dependencies: ["High"]),
      .testTarget(name: "HighTests", dependencies: ["High"]),
      """
    let graph = Self.packageGraph(manifest)
    #expect(graph.map(\.target) == ["CLib", "Low", "High", "tool"])
    #expect(graph.map(\.dependencies) == [[], [], ["Low", "CLib"], ["High"]])
    let page = "text\n<!-- module graph -->\n```\nLow -> (nothing)\nHigh -> Low, CLib\n```\n"
    #expect(Self.pageGraph(page)?.map(\.target) == ["Low", "High"])
    #expect(Self.pageGraph(page)?.map(\.dependencies) == [[], ["Low", "CLib"]])
  }
}
