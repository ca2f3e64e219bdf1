import Foundation
import Testing

/// DECISIONS.md stays true to the code: every type it names in backticks (a CamelCase name, alone or
/// before a member: `EditorState`, `Trace.line`, `EditCommand.Outcome`) is declared in Sources, or is a
/// module, or a source file's name. The few names from elsewhere that the entries cite (Swift's own
/// types, words on the screen, a terminfo capability) are listed here, each with why.
@Suite("DECISIONS.md names only types that exist")
struct DecisionNamesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Named in DECISIONS.md, declared elsewhere than in Sources.
  static let outside: [String: String] = [
    "Character": "Swift's", "Double": "Swift's", "DispatchQueue": "Dispatch's", "Mutex": "Synchronization's",
    "All": "the status line's position word", "Top": "the status line's position word",
    "End": "the status line's position word", "Tc": "a terminfo capability",
  ]

  /// Every Swift file below `directory`, by path.
  static func swiftFiles(_ directory: String) -> [String] {
    let base = root.appendingPathComponent(directory)
    guard let walk = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { base.appendingPathComponent($0).path }
  }

  /// The CamelCase names of the backticked spans that are a name alone or a name and its members
  /// (no spaces: `Others 3` is words on the screen).
  static func names(in text: String) -> Set<String> {
    let span = try! Regex(#"`([A-Z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*)(?:[(<][^`\s]*)?`"#)
    var names: Set<String> = []
    for match in text.matches(of: span) {
      guard let head = match.output[1].substring else { continue }
      for part in head.split(separator: ".") where part.first!.isUppercase && part.contains(where: \.isLowercase) {
        names.insert(String(part))
      }
    }
    return names
  }

  @Test("every CamelCase name in backticks is a type, a case, a module or a file of the code")
  func everyNameExists() throws {
    let decisions = try String(contentsOf: Self.root.appendingPathComponent("DECISIONS.md"), encoding: .utf8)
    let named = Self.names(in: decisions)
    #expect(named.count > 50, "the names were not found: \(named.sorted())")
    let sources = Self.swiftFiles("Sources") + Self.swiftFiles("Tests")
    let code = try sources.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
    let declaration = try Regex(#"\b(?:struct|enum|class|protocol|typealias|actor|extension|case)\s+([A-Z][A-Za-z0-9]*)"#)
    var declared = Set(code.matches(of: declaration).compactMap { $0.output[1].substring.map(String.init) })
    let modules = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
    declared.formUnion(modules)
    for path in sources {
      let file = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      declared.formUnion(file.split(separator: "+").map(String.init))
    }
    let missing = named.subtracting(declared).subtracting(Self.outside.keys).sorted()
    #expect(missing.isEmpty, "DECISIONS.md names what the code does not declare: \(missing)")
    // The list of outside names holds only names the entries still cite.
    let stale = Set(Self.outside.keys).subtracting(named).sorted()
    #expect(stale.isEmpty, "no longer named in DECISIONS.md: \(stale)")
  }

  @Test("the names are found as written: a name alone, before a member or a call, never inside words")
  func namesAreFound() {
    let text = "`EditorState`s, `Trace.line`, `EditCommand.Outcome`, `Arrangement(json:)`, `Set<String>`, `Others 3`, `.edited`"
    #expect(Self.names(in: text) == ["EditorState", "Trace", "EditCommand", "Outcome", "Arrangement", "Set"])
  }
}
