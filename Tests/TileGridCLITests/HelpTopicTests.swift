import Foundation
import Testing
import TestSupport

@testable import Editor
@testable import TileGridCLI

/// `tilegrid help keys|formats|merge`: the docs' sections a person needs at the terminal, copied into
/// the binary (Scripts/copy-help-topics), with what the declarations make around them.
@Suite("Help topics: the docs at the terminal")
struct HelpTopicTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The section under `heading` of `file`, to the next heading of its level or a higher one outside
  /// code blocks, without the blank lines after it.
  static func section(_ file: String, _ heading: String) throws -> String {
    let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let level = heading.prefix { $0 == "#" }.count
    let start = try #require(lines.firstIndex(of: heading), "\(file) has no \(heading)")
    var fenced = false
    var end = lines.count
    for k in (start + 1)..<lines.count {
      if lines[k].hasPrefix("```") { fenced.toggle() }
      guard !fenced else { continue }
      let hashes = lines[k].prefix { $0 == "#" }.count
      if hashes > 0, hashes <= level, lines[k].dropFirst(hashes).hasPrefix(" ") {
        end = k
        break
      }
    }
    while end > start && lines[end - 1].isEmpty { end -= 1 }
    return lines[start..<end].joined(separator: "\n")
  }

  @Test("each topic's copy is its page's section as it is now", arguments: TileGridCommand.helpTopics.map(\.name))
  func copiesAreThePages(_ name: String) throws {
    let topic = try #require(TileGridCommand.helpTopics.first { $0.name == name })
    let page = try Self.section(topic.source.file, topic.source.heading)
    #expect(topic.markdown == page, "\(topic.source.file) changed: run Scripts/copy-help-topics")
  }

  @Test("Markdown as a terminal shows it: links as text, fences and comments gone, code indented, headings underlined")
  func plain() {
    let markdown = "## `merge`\n\nSee [the rule](#the-rule) and **this**.\n<!-- not run -->\n```\n$ tilegrid\n\nout\n```\n"
    #expect(
      TileGridCommand.HelpTopic.plain(markdown)
        == "merge\n─────\n\nSee the rule and this.\n    $ tilegrid\n\n    out\n\n")
    #expect(TileGridCommand.HelpTopic.linksAsText("[a](b) [c] (d) [e](f") == "a [c] (d) [e](f")
  }

  @Test("help keys lists every command of every context with its keys in effect, the mouse, and how to change them")
  func keysTopic() throws {
    let empty = try TemporaryDirectory()
    let standard = try TileGrid.run(["help", "keys"], environment: ["XDG_CONFIG_HOME": empty.path])
    #expect(standard.status == 0 && standard.stderr.isEmpty, "\(standard)")
    #expect(standard.stdoutText.contains(Keymap.standard.terminalText(KeyContext.allCases)))
    #expect(standard.stdoutText.contains("the standard keys") && standard.stdoutText.contains("hold 0.3 s"))
    #expect(standard.stdoutText.contains("Changing the keys\n─────────────────"))
    try FileManager.default.createDirectory(at: empty.url("tilegrid"), withIntermediateDirectories: true)
    try empty.write("tilegrid/keys", "save = Ctrl-S\n")
    let mine = try TileGrid.run(["help", "keys"], environment: ["XDG_CONFIG_HOME": empty.path])
    // The key column is as wide as the context's widest key.
    #expect(mine.stdoutText.contains(#/\n  Ctrl-S +save /#) && mine.stdoutText.contains("from \(empty.path)/tilegrid/keys"), "\(mine.stdoutText)")
  }

  @Test("help formats names every format; help merge is the merge's section; --help points to them")
  func formatsAndMerge() throws {
    let formats = try TileGrid.run(["help", "formats"])
    #expect(formats.status == 0, "\(formats)")
    for name in ["json", "markdown", "lines", "csv", "tsv"] { #expect(formats.stdoutText.contains("`\(name)`"), "\(name)") }
    let merge = try TileGrid.run(["help", "merge"])
    #expect(merge.stdoutText.hasPrefix("merge\n─────\n") && merge.stdoutText.contains("The order rule"), "\(merge)")
    #expect(merge.stdoutText.hasSuffix("Its options: 'tilegrid merge --help'.\n"))
    let overview = try TileGrid.run(["--help"])
    for topic in ["keys", "formats", "merge"] { #expect(overview.stdoutText.contains("\n  help \(topic) ")) }
    #expect(!overview.stdoutText.contains("TileGrid's source"))
    let unknown = try TileGrid.run(["help", "bogus"])
    #expect(unknown.status == 64 && unknown.stderrText.contains("the help topics are keys, formats and merge"), "\(unknown)")
  }
}
