import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The command line at the edges, through the built binary: a file damaged by a save cut short names
/// the backup that holds it; a replay asks about the files a recorded session found left behind; every
/// command's usage line lists the options its help lists; standard input is `<stdin>` on screen.
@Suite("The command line: backups named, left-behind replays, usage lines, <stdin>")
struct UsageAndLeftBehindCommandTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func demo() throws -> String { try TileGrid.run(["demo"]).stdoutText }

  // MARK: - A save cut short

  @Test("a file half-written by a save cut short is refused, naming the backup that holds it as it was")
  func aDamagedFileNamesItsBackup() throws {
    let text = try demo()
    try directory.write("edit.json", String(text.prefix(700)))
    let backup = ".edit.json.tilegrid-\(try finishedProcessID())-0.bak"
    try directory.write(backup, text)
    let restore = "to put it back: cp -- \(backup) edit.json && rm -- \(backup)"
    for command in [["export", "edit.json"], ["check", "edit.json"]] {
      let result = try TileGrid.run(command, in: directory)
      expectFailure(
        result, status: 65,
        mentioning: [
          "edit.json: a save into it did not finish, so it may be cut short; '\(backup)' holds the file as it was before that save",
          restore,
        ])
    }
    // The editor opens a file cut short and asks about the backup; one it cannot read is refused.
    expectFailure(
      try TileGrid.run(["edit.json"], in: directory), status: 65,
      mentioning: ["edit.json: line ", "; '\(backup)' holds the file as it was before a save that did not finish", restore])
    // A backup of a save still under way (its process is running) is not named.
    try FileManager.default.removeItem(atPath: directory.file(backup))
    try directory.write(".edit.json.tilegrid-\(getpid())-\(try processStartTime(getpid()))-0.bak", text)
    let under = try TileGrid.run(["export", "edit.json"], in: directory)
    #expect(under.status == 65 && !under.stderrText.contains(".bak"), "\(under)")
  }

  // MARK: - Replaying a session that found files left behind

  @Test("play asks about a left-behind line's file, read beside FILE: r restores it, and without the file r keeps")
  func playReadsTheFileLeftBehind() throws {
    try directory.write("edit.json", try demo())
    let moved = try TileGrid.run(["move", "edit.json", "0.0", "3.0"], in: directory).stdoutText
    try directory.write("edit.json.recovery.json", moved)
    try directory.write("rec.events", #"left-behind recovery "edit.json.recovery.json""# + "\nkey r\n")
    let arguments = ["play", "edit.json", "--width", "80", "--height", "24", "--events", "rec.events"]
    let restored = try TileGrid.run(arguments, in: directory)
    expectSuccess(restored)
    #expect(restored.stdoutText == moved)
    // Nothing is removed by a replay's d.
    try directory.write("discard.events", #"left-behind recovery "edit.json.recovery.json""# + "\nkey d\n")
    expectSuccess(try TileGrid.run(["play", "edit.json", "--width", "80", "--height", "24", "--events", "discard.events"], in: directory))
    #expect(directory.exists("edit.json.recovery.json"))
    // Gone: r means nothing (it would have renamed a tile without the question).
    try FileManager.default.removeItem(atPath: directory.file("edit.json.recovery.json"))
    let kept = try TileGrid.run(arguments, in: directory)
    expectSuccess(kept)
    #expect(kept.stdoutText == (try demo()))
    // render shows the question.
    try directory.write("ask.events", #"left-behind backup ".edit.json.tilegrid-7-0.bak""# + "\n")
    try directory.write(".edit.json.tilegrid-7-0.bak", moved)
    let screen = try TileGrid.run(
      ["render", "edit.json", "--width", "80", "--height", "24", "--events", "ask.events", "--color", "never"], in: directory)
    let words = screen.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("FOUND .edit.json.tilegrid-7-0.bak holds the file before a save cut short: r restore · d discard · k keep"), "\(screen.stdoutText)")
  }

  @Test("a malformed left-behind line is an error naming its line")
  func aBadLeftBehindLine() throws {
    try directory.write("edit.json", try demo())
    try directory.write("bad.events", "key right\nleft-behind lost \"x\"\n")
    expectFailure(
      try TileGrid.run(["play", "edit.json", "--width", "80", "--height", "24", "--events", "bad.events"], in: directory),
      status: 65, mentioning: ["bad.events: line 2: 'left-behind' takes recovery or backup and a quoted file name"])
  }

  // MARK: - Usage lines and options

  /// The options a help text lists: the words at the start of its option lines (`-o, --output OUT`,
  /// `--force`, `--color always`), long names and short ones.
  static func listedOptions(_ help: String) -> Set<String> {
    var options: Set<String> = []
    for line in help.split(separator: "\n") where line.hasPrefix("-") {
      let head = line.split(separator: " ", omittingEmptySubsequences: true).prefix(2)
      for word in head where word.hasPrefix("-") { options.insert(String(word.trimmingCharacters(in: CharacterSet(charactersIn: ",")))) }
    }
    return options
  }

  /// The usage line (with its continuation lines) of a command's help.
  static func usage(_ help: String) -> String {
    help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.joined(separator: " ")
  }

  static let commands = ["demo", "export", "check", "move", "move-section", "layout", "play", "render"]

  @Test("every command's usage line lists every option its help lists", arguments: commands)
  func usageLinesListTheOptions(_ command: String) throws {
    let result = try TileGrid.run([command, "--help"])
    expectSuccess(result)
    let usage = Self.usage(result.stdoutText)
    #expect(usage.hasPrefix("Usage: tilegrid \(command) "))
    let words = Set(usage.split(whereSeparator: { " []|".contains($0) }).map(String.init))
    // Short and long spellings of one option: the usage line gives one of them.
    let spellings: [String: String] = ["--output": "-o", "--in-place": "-i"]
    for option in Self.listedOptions(result.stdoutText) {
      let short = spellings[option]
      #expect(words.contains(option) || short.map(words.contains) == true, "\(command): \(option) is not in '\(usage)'")
    }
    // And every option of the usage line is known to the command (an unknown one is exit 64).
    let flags: Set = ["--force", "--trace"]
    for option in words where option.hasPrefix("--") {
      let probe = try TileGrid.run([command, option] + (flags.contains(option) ? [] : ["x"]) + ["--help"])
      #expect(!probe.stderrText.contains("unknown option"), "\(command) \(option): \(probe)")
    }
  }

  @Test("the overview lists each command's usage line, names the editor's keys and the help topics, not the source tree")
  func theOverviewNamesTheEditorsKeys() throws {
    let overview = try TileGrid.run(["--help"]).stdoutText
    for command in Self.commands {
      let usage = Self.usage(try TileGrid.run([command, "--help"]).stdoutText).dropFirst("Usage: ".count)
      let flat = overview.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(flat.contains(usage.split(whereSeparator: \.isWhitespace).joined(separator: " ")), "\(usage)")
    }
    // The keys come from the keymap: each command's first key and its name, the ones a newcomer needs
    // among them; the rest is at the terminal too, with `tilegrid help`.
    let flat = overview.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for words in [
      "? lists them all", ": runs any command by name", "Space lift,", "Enter drop,", "Esc cancel", "x mark,",
      "/ find,", "m move-to", "r rename,", "u undo,", "s save,", "q quit,", "? help,", "help keys", "help formats",
      "help merge",
    ] {
      #expect(flat.contains(words), "\(words)")
    }
    #expect(!flat.contains("docs/editor.md") && !flat.contains("TileGrid's source"))
    #expect(overview.split(separator: "\n").allSatisfy { $0.count <= 100 })
  }

  // MARK: - Standard input

  @Test("render - names standard input <stdin> on the title bar")
  func standardInputIsStdin() throws {
    let result = try TileGrid.run(["render", "-", "--width", "60", "--height", "12", "--color", "never"], stdin: Array(try demo().utf8))
    expectSuccess(result)
    #expect(result.stdoutText.hasPrefix(" TileGrid  <stdin> "), "\(result.stdoutText)")
  }
}
