import Foundation
import Testing
import TestSupport

@testable import Editor
@testable import TileGridCLI

/// tilegrid.1, the manual `man tilegrid` shows: made by `tilegrid help --man` from the declarations
/// `--help` and the keymap are made from, committed, and compared with them here so that it cannot
/// drift; `man` renders it without a warning.
@Suite("The manual: tilegrid.1 is the declarations'")
struct ManualTests {
  static let root = HelpTopicTests.root

  /// The manual's sections by their headings (`.SH NAME` → `NAME`), each to the next.
  static var sections: [String: String] {
    var sections: [String: String] = [:]
    for part in TileGridCommand.manual.split(separator: "\n.SH ").dropFirst() {
      let heading = part.prefix { $0 != "\n" }.filter { $0 != "\"" }
      sections[heading] = String(part.drop { $0 != "\n" })
    }
    return sections
  }

  @Test("tilegrid.1 is what the declarations make now")
  func theFileIsTheDeclarations() throws {
    let file = try String(contentsOf: Self.root.appendingPathComponent("tilegrid.1"), encoding: .utf8)
    let made = TileGridCommand.manual
    let (fileLines, madeLines) = (file.split(separator: "\n", omittingEmptySubsequences: false), made.split(separator: "\n", omittingEmptySubsequences: false))
    let common = min(fileLines.count, madeLines.count)
    let first = (0..<common).first { fileLines[$0] != madeLines[$0] } ?? common
    #expect(
      file == made,
      """
      tilegrid.1 is not what the declarations make (make it again: swift build && \
      .build/debug/tilegrid help --man > tilegrid.1); line \(first + 1) is \
      \(first < fileLines.count ? String(fileLines[first]).debugDescription : "missing"), should be \
      \(first < madeLines.count ? String(madeLines[first]).debugDescription : "missing")
      """)
  }

  @Test("it has the sections a manual has")
  func sections() {
    let headings = TileGridCommand.manual.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
      .map { $0.dropFirst(4).filter { $0 != "\"" } }
    #expect(
      headings == [
        "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "KEYS", "FILES", "ENVIRONMENT", "EXIT STATUS",
        "EXAMPLES", "SEE ALSO",
      ])
  }

  @Test("it names every command in the synopsis and in COMMANDS, with its options")
  func everyCommand() throws {
    let sections = Self.sections
    let synopsis = try #require(sections["SYNOPSIS"])
    let entries = try #require(sections["COMMANDS"])
    for command in TileGridCommand.commands {
      let usage = Roff.synopsis("\(command.name) \(command.synopsis)")
      #expect(synopsis.contains(".SY tilegrid\n\(usage)\n.YS"), "\(command.name)")
      #expect(entries.contains(".TP\n" + Roff.synopsis("tilegrid \(command.name) \(command.operands)")), "\(command.name)")
      if !command.syntax.options.isEmpty {
        #expect(entries.contains(Roff.text(TileGridCommand.optionsSentence(command))), "\(command.name)")
      }
    }
    for topic in TileGridCommand.helpTopics { #expect(entries.contains(Roff.bold(topic.name)), "\(topic.name)") }
  }

  @Test("it describes every option, with its help line and the commands that take it")
  func everyOption() throws {
    let options = try #require(Self.sections["OPTIONS"])
    let taken = ([TileGridCommand.editorCommand] + TileGridCommand.commands).flatMap(\.syntax.options)
    for spec in Options.all + taken {
      #expect(options.contains(Roff.bold(spec.name)), "\(spec.name)")
      if let short = spec.short { #expect(options.contains(Roff.bold(short) + ", " + Roff.bold(spec.name)), "\(short)") }
      #expect(options.contains(Roff.text(spec.help)), "\(spec.name)")
    }
    #expect(options.contains(Roff.text("Taken by: move, move-section, apply.")))
  }

  @Test("KEYS lists every command of the editor with its standard keys, and the mouse")
  func everyKey() throws {
    let keys = try #require(Self.sections["KEYS"])
    for command in Command.allCases {
      let named = Keymap.standard.keys(command).map { Roff.bold($0.name) }.joined(separator: ", ")
      #expect(keys.contains("\(named)\n" + Roff.italic(command.name) + Roff.text(": " + command.declaration.help)), "\(command.name)")
    }
    for entry in KeyHelp.mouse { #expect(keys.contains(Roff.bold(entry.keys)), "\(entry.keys)") }
  }

  @Test("EXIT STATUS is docs/command-line.md's, and names every status a command exits with")
  func exitStatuses() throws {
    let topic = TileGridCommand.HelpTopic.exitStatusText
    #expect(
      topic.markdown == (try HelpTopicTests.section(topic.source.file, topic.source.heading)),
      "\(topic.source.file) changed: run Scripts/copy-help-topics")
    let section = try #require(Self.sections["EXIT STATUS"])
    let errors: [CLIError] = [
      .outcome(1, lines: []), .usage("", command: nil), .data(""), .noInput(""), .unavailable(""), .cannotCreate(""),
      .io(""), .nothingSaved(""), .terminated(signal: SIGHUP, ""), .terminated(signal: SIGTERM, ""),
    ]
    for status in [0] + errors.map(\.exitStatus) { #expect(section.contains(".TP\n\(status)\n"), "\(status)") }
  }

  @Test("each example's command line is one the command takes")
  func examplesParse() throws {
    for example in Manual.examples {
      for line in example.command.split(separator: "\n") {
        let words = line.split(separator: " ").prefix { $0 != ">" }.map { String($0.filter { $0 != "'" }) }
        #expect(words.first == "tilegrid", "\(line)")
        let rest = Array(words.dropFirst())
        if let command = TileGridCommand.commands.first(where: { $0.name == rest.first }) {
          #expect(throws: Never.self, "\(line)") {
            _ = try Arguments(Array(rest.dropFirst()), command: command.name, syntax: command.syntax)
          }
        } else {
          #expect(throws: Never.self, "\(line)") {
            _ = try Arguments(rest, command: "", syntax: TileGridCommand.editorCommand.syntax)
          }
        }
      }
    }
  }

  @Test("the roff: text escaped, a help's blocks as paragraphs, tables and operands")
  func roff() {
    #expect(Roff.text(".x -y 'z' a\\b …") == "\\&.x \\-y \\(aqz\\(aq a\\eb ...")
    #expect(Roff.synopsis("move [FILE|-] FROM [-o OUT | -i]")
      == "\\fBmove\\fR [\\fIFILE\\fR|\\-] \\fIFROM\\fR [\\fB\\-o\\fR\\ \\fIOUT\\fR\\ |\\ \\fB\\-i\\fR]")
    let details = """
      First line
      goes on.

        a X    one          b Y    two
        c Z    three

      FROM              where;
                        continued
      {options}

      """
    #expect(
      Roff.details(details, options: "Options: --x.") == [
        ".IP", "First line goes on.",
        ".RS", ".PD 0", ".TP 5", "\\fBa\\fR \\fIX\\fR", "one", ".TP 5", "\\fBb\\fR \\fIY\\fR", "two", ".TP 5", "\\fBc\\fR \\fIZ\\fR", "three", ".PD", ".RE",
        ".RS", ".TP", "\\fIFROM\\fR", "where; continued", ".RE", ".IP", "Options: \\-\\-x.",
      ])
  }

  @Test("man renders it without a warning, in a UTF-8 locale and in C, naming every command and option",
    arguments: ["C.UTF-8", "C"])
  func manRendersIt(_ locale: String) throws {
    let directory = try TemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["man", "--warnings", "-l", Self.root.appendingPathComponent("tilegrid.1").path]
    var environment = ProcessInfo.processInfo.environment
    environment["MANWIDTH"] = "80"
    environment["LC_ALL"] = locale
    environment["MAN_KEEP_FORMATTING"] = nil
    process.environment = environment
    try Data().write(to: directory.url("out"))
    try Data().write(to: directory.url("err"))
    process.standardOutput = try FileHandle(forWritingTo: directory.url("out"))
    process.standardError = try FileHandle(forWritingTo: directory.url("err"))
    try process.run()
    process.waitUntilExit()
    let (out, err) = (try directory.readText("out"), try directory.readText("err"))
    #expect(process.terminationStatus == 0 && err.isEmpty, "man: \(err)")
    #expect(out.hasPrefix("TILEGRID(1)"))
    #expect(out.split(separator: "\n").allSatisfy { $0.count <= 80 }, "a line is wider than MANWIDTH")
    for command in TileGridCommand.commands { #expect(out.contains("tilegrid \(command.name)"), "\(command.name)") }
    for spec in Options.all { #expect(out.contains(spec.name), "\(spec.name)") }
  }
}
