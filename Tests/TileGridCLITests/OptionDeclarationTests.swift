import Foundation
import Testing

@testable import TileGridCLI

/// Options are declared once (`Options`): the usage lines, `--help`, the did-you-mean and the tables
/// of docs/command-line.md come from the declarations, so the page is compared with them here.
@Suite("Options declared once: the docs' tables and usage lines are the declarations'")
struct OptionDeclarationTests {
  static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs/command-line.md")

  static func pageLines() throws -> [String] {
    try String(contentsOf: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }

  static let tableStart = "<!-- the options table: made from the declarations in Sources/TileGridCLI/Options.swift -->"
  static let tableEnd = "<!-- end of the options table -->"

  @Test("docs/command-line.md's options table is the one the declarations make")
  func theTableIsTheDeclarations() throws {
    let lines = try Self.pageLines()
    let start = try #require(lines.firstIndex(of: Self.tableStart), "the page has no options table")
    let end = try #require(lines[start...].firstIndex(of: Self.tableEnd))
    let shown = lines[(start + 1)..<end].filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    let made = TileGridCommand.optionTable
    #expect(shown == made, "the table should read:\n\(made)")
  }

  @Test("the table has a row for every option any command takes, and every row's option is taken")
  func everyOptionHasARow() {
    let taken = ([TileGridCommand.editorCommand] + TileGridCommand.commands).flatMap(\.syntax.options)
    for spec in taken { #expect(Options.all.contains(spec), "\(spec.name) is not in Options.all") }
    for spec in Options.all { #expect(taken.contains(spec), "no command takes \(spec.label)") }
    // One declaration per meaning: two declarations of a name differ in their help only.
    for spec in Options.all {
      let same = Options.all.filter { $0.name == spec.name }
      #expect(same.allSatisfy { $0.short == spec.short && $0.placeholder == spec.placeholder }, "\(spec.name)")
    }
  }

  @Test("the page's synopsis and README's list of commands are the overview's usage lines", arguments: [
    ("docs/command-line.md", "## Synopsis"), ("README.md", "## Commands"),
  ])
  func theSynopsisIsTheOverviews(_ file: String, _ title: String) throws {
    let url = Self.page.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(file)
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let heading = try #require(lines.firstIndex(of: title))
    let open = try #require(lines[heading...].firstIndex(of: "```"))
    let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
    let shown = Array(lines[(open + 1)..<close])
    let overview = TileGridCommand.overview.split(separator: "\n", omittingEmptySubsequences: false)
    let usage = overview.drop { $0 != "Usage:" }.dropFirst().prefix { !$0.isEmpty }.map { String($0.dropFirst(2)) }
    #expect(!usage.isEmpty)
    #expect(Array(shown.prefix(usage.count)) == usage, "the synopsis should start:\n\(usage.joined(separator: "\n"))")
  }

  @Test("each command's section shows its usage line as its help does")
  func eachSectionShowsTheUsageLine() throws {
    let lines = try Self.pageLines()
    for command in [TileGridCommand.editorCommand] + TileGridCommand.commands {
      let title = command.name.isEmpty ? "## `tilegrid`: the editor" : "## `tilegrid \(command.name)`"
      let heading = try #require(lines.firstIndex(of: title), "no section \(title)")
      let open = try #require(lines[heading...].firstIndex(of: "```"))
      let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
      let shown = lines[(open + 1)..<close].joined(separator: " ").split(separator: " ").joined(separator: " ")
      let made = (["tilegrid", command.name].filter { !$0.isEmpty } + [command.synopsis]).joined(separator: " ")
      #expect(shown == made.split(separator: " ").joined(separator: " "), "\(title)")
    }
  }

  @Test("help lists each declared option of the command, from its declaration, and nothing else")
  func helpListsTheDeclarations() {
    for command in TileGridCommand.commands where !command.syntax.options.isEmpty {
      let help = command.help
      for spec in command.syntax.options {
        #expect(help.contains(spec.helpLines.joined(separator: "\n")), "\(command.name): \(spec.name)")
        #expect(command.synopsis.contains(spec.usage), "\(command.name): \(spec.usage)")
      }
      #expect(!help.contains("{options}"), "\(command.name)")
    }
  }

  @Test("a mistyped option is matched against the command's declared options")
  func didYouMean() {
    let known = TileGridCommand.commands.first { $0.name == "render" }!.syntax.longOptions
    #expect(Arguments.suggestion(for: "--press", among: known) == "--press-ms")
    #expect(Arguments.suggestion(for: "--colour", among: known) == "--color")
    #expect(Arguments.suggestion(for: "-events", among: known) == "--events")
    #expect(Arguments.suggestion(for: "--trace", among: known) == nil)
  }

  @Test("a bad value is a usage error naming the option, from its parser")
  func badValues() throws {
    let cases: [([String], String)] = [
      (["--press-ms", "x"], "--press-ms must be a whole number from 0 to 60000, not 'x'"),
      (["--color", "pink"], "--color takes auto, always, never, truecolor, 256, 16 or 8, not 'pink'"),
      (["--format", "yaml"], "--format takes json, markdown, lines, csv or tsv, not 'yaml'"),
    ]
    for (arguments, message) in cases {
      let syntax = TileGridCommand.editorCommand.syntax
      #expect(throws: CLIError.usage(message, command: nil)) {
        _ = try TileGridCommand.EditorOptions(try Arguments(arguments, command: "", syntax: syntax))
      }
    }
    let defaults = try TileGridCommand.EditorOptions(try Arguments([], command: "", syntax: TileGridCommand.editorCommand.syntax))
    #expect(defaults.pressMilliseconds == 300 && defaults.color == .auto && defaults.record == nil)
  }
}
