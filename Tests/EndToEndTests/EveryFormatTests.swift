import Foundation
import TestSupport
import Testing

/// Every command in every format (docs/command-line.md, "Formats"): what a command writes is in the
/// format the file had — on standard output, with `-i`, with `-o OUT` whose name says nothing — unless
/// `--to` or OUT's extension names another; a name that says nothing (git's temporary files) is read
/// by its content, or by `--name PATH`'s extension.
///
/// The oracle for each command is the same command on the file converted to JSON, written back with
/// `--to` (a text format keeps in the JSON all it needs to write its file again).
@Suite("Every command in every format")
struct EveryFormatTests {
  struct Board: Sendable, CustomTestStringConvertible {
    var file: String
    var format: String
    var ext: String { String(file.split(separator: ".").last!) }
    var testDescription: String { file }
  }

  static let boards = [
    Board(file: "demo.json", format: "json"), Board(file: "taskell.md", format: "markdown"),
    Board(file: "obsidian.md", format: "markdown"), Board(file: "groceries.txt", format: "lines"),
    Board(file: "board.csv", format: "csv"), Board(file: "things.tsv", format: "tsv"),
  ]

  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Boards")

  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func run(_ arguments: [String], stdin: [UInt8]? = nil) throws -> RunResult {
    try TileGrid.run(arguments, stdin: stdin, in: directory)
  }

  /// The board's bytes, written into the directory under its own name and as `copy` (a name that
  /// says nothing).
  func place(_ board: Board, copy: String = ".merge_file_FdKKsZ") throws -> [UInt8] {
    let bytes =
      board.format == "json"
      ? try TileGrid.run(["demo"]).stdout : Array(try Data(contentsOf: Self.corpus.appendingPathComponent(board.file)))
    try directory.write(board.file, bytes)
    try directory.write(copy, bytes)
    // A delete of the focused (first) tile: the same edit whichever view the file opens in (a Markdown
    // board opens as lanes side by side, where an arrow key goes elsewhere than in rows of sections).
    try directory.write("events", "key d\n")
    return bytes
  }

  /// A command on FILE (`%F`), as each is written.
  struct Case: Sendable {
    var name: String
    var arguments: [String]
    var inPlace: Bool
  }

  static let cases = [
    Case(name: "move", arguments: ["move", "%F", "0.0", "1.0"], inPlace: true),
    Case(name: "move-section", arguments: ["move-section", "%F", "0", "1"], inPlace: true),
    Case(name: "apply", arguments: ["apply", "%F", "script"], inPlace: true),
    Case(name: "merge", arguments: ["merge", "%F", "%M", "%F"], inPlace: false),
    Case(name: "play", arguments: ["play", "%F", "--width", "80", "--height", "24", "--events", "events"], inPlace: false),
    Case(name: "export", arguments: ["export", "%F"], inPlace: false),
  ]

  static func substituted(_ arguments: [String], file: String, moved: String) -> [String] {
    arguments.map { $0 == "%F" ? file : $0 == "%M" ? moved : $0 }
  }

  @Test("each writing command writes the file's format to stdout, -i and -o; --to and OUT's extension convert", arguments: boards)
  func everyCommand(_ board: Board) throws {
    let original = try place(board)
    let converted = try run(["export", board.file, "--to", "json", "-o", "converted.json"])
    expectSuccess(converted)
    // The moved board and the script between the two, for merge and apply.
    let moved = try run(["move", board.file, "0.0", "1.0", "-o", "moved.\(board.ext)"])
    expectSuccess(moved)
    try directory.write("moved.json", try run(["move", "converted.json", "0.0", "1.0"]).stdout)
    let script = try run(["diff", board.file, "moved.\(board.ext)"])
    #expect(script.status == 1 && !script.stdout.isEmpty, "\(script)")
    try directory.write("script", script.stdout)

    for command in Self.cases {
      let label = "\(command.name) on \(board.file)"
      let oracle = try run(
        Self.substituted(command.arguments, file: "converted.json", moved: "moved.json") + ["--to", board.format])
      expectSuccess(oracle)
      let expected = oracle.stdout
      #expect(!expected.isEmpty, "\(label)")
      if board.format != "json" { #expect(expected.first != UInt8(ascii: "{"), "\(label): \(oracle.stdoutText)") }
      if command.name == "export" { #expect(expected == original, "\(label): export gives the file back") }

      let arguments = Self.substituted(command.arguments, file: board.file, moved: "moved.\(board.ext)")
      // Standard output: the input's format.
      let printed = try run(arguments)
      expectSuccess(printed)
      #expect(printed.stdout == expected, "\(label): standard output\n\(printed.stdoutText)")
      #expect(printed.stderr.isEmpty, "\(label): \(printed.stderrText)")
      // -o OUT with the format's extension, and with a name that says nothing: the input's format.
      for out in ["out.\(board.ext)", "out"] {
        expectSuccess(try run(arguments + ["-o", out]))
        #expect(try directory.read(out) == expected, "\(label) -o \(out)")
      }
      // -o OUT.json, or --to json: JSON (a conversion, as asked).
      if board.format != "json" {
        expectSuccess(try run(arguments + ["-o", "out.json"]))
        let json = try run(arguments + ["--to", "json"])
        expectSuccess(json)
        #expect(try directory.read("out.json") == json.stdout && json.stdout.first == UInt8(ascii: "{"), "\(label)")
        #expect(try run(["export", "out.json", "--to", board.format]).stdout == expected, "\(label): and back")
      }
      // -i: FILE in its own format.
      if command.inPlace {
        try directory.write("edit.\(board.ext)", original)
        expectSuccess(try run(Self.substituted(command.arguments, file: "edit.\(board.ext)", moved: "") + ["-i"]))
        #expect(try directory.read("edit.\(board.ext)") == expected, "\(label) -i")
      }
    }
  }

  @Test("a name that says nothing is read by its content, the same as the named file, in every command", arguments: boards)
  func readByContent(_ board: Board) throws {
    _ = try place(board, copy: ".merge_file_FdKKsZ")
    try directory.write("moved", try run(["move", board.file, "0.0", "1.0"]).stdout)
    try directory.write("script", try run(["diff", board.file, "moved"]).stdout)
    let screen = ["--width", "60", "--height", "16"]
    let commands: [[String]] = [
      ["export", "%F"], ["move", "%F", "0.0", "1.0"], ["move-section", "%F", "0", "1"], ["apply", "%F", "script"],
      ["merge", "%F", "moved", "%F"], ["diff", "%F", "moved"], ["check", "%F"], ["layout", "%F"] + screen,
      ["render", "%F", "--color", "never"] + screen, ["play", "%F", "--events", "events"] + screen,
    ]
    for command in commands {
      let named = try run(command.map { $0 == "%F" ? board.file : $0 })
      let unnamed = try run(command.map { $0 == "%F" ? ".merge_file_FdKKsZ" : $0 })
      // The screen's title bar names the file; what is below it is the same.
      let rows = { (r: RunResult) in command[0] == "render" ? Array(r.stdoutText.split(separator: "\n").dropFirst()) : [r.stdoutText[...]] }
      #expect(named.status == unnamed.status && rows(named) == rows(unnamed), "\(command) on \(board.file): \(unnamed)")
      #expect(named.status == (command[0] == "diff" ? 1 : 0), "\(command) on \(board.file): \(named)")
      #expect(!unnamed.stderrText.contains("expected an object"), "\(command): \(unnamed)")
    }
    // With --format, content is not looked at.
    let forced = try run(["check", ".merge_file_FdKKsZ", "--format", board.format == "json" ? "lines" : "json"])
    #expect(forced.status == (board.format == "json" ? 0 : 65), "\(forced)")
  }

  @Test("merge and diff: --name PATH's extension names the format of files whose names say nothing", arguments: boards)
  func byName(_ board: Board) throws {
    let original = try place(board, copy: "base")
    try directory.write("ours", try run(["move", board.file, "0.0", "1.0"]).stdout)
    try directory.write("theirs", original)
    let merged = try run(["merge", "base", "ours", "theirs", "-o", "ours", "--name", "boards/\(board.file)"])
    expectSuccess(merged)
    #expect(try directory.read("ours") == (try run(["move", board.file, "0.0", "1.0"]).stdout), "\(merged)")
    let diff = try run(["diff", "base", "ours", "--name", board.file])
    #expect(diff.status == 1 && diff.stdoutText.hasPrefix("move "), "\(diff)")
    // git's seven arguments: the path first names the format.
    let (zeros, ones) = (String(repeating: "0", count: 40), String(repeating: "1", count: 40))
    let git = try run(["diff", board.file, "base", zeros, "100644", "ours", ones, "100644"])
    #expect(git.status == 0 && git.stdoutText == "# tilegrid diff a/\(board.file) b/\(board.file)\n" + diff.stdoutText, "\(git)")
  }

  @Test("what a name says nothing about: JSON first, a board, a table, else lines; standard input stays JSON")
  func sniffing() throws {
    let cases: [(String, String)] = [
      ("\u{FEFF}  \n{\"version\": 1, \"sections\": []}\n", "json"), ("", "json"),
      ("---\nkanban-plugin: basic\n---\n\n## A\n\n- a\n", "markdown"), ("# Board\n\ntext\n\n## Lane\n- card\n", "markdown"),
      ("title,section\na,S\n", "csv"), ("\"Title\",notes\na,b\n", "csv"), ("title\tsection\na\tS\n", "tsv"),
      ("# Produce\napples\n# Dairy\nmilk\n", "lines"), ("a, b and c\nd\n", "lines"),
    ]
    for (content, format) in cases {
      try directory.write("thing", content)
      let named = try run(["export", "thing", "--to", "json"])
      let told = try run(["export", "-", "--format", format, "--to", "json"], stdin: Array(content.utf8))
      #expect(named.status == told.status && named.stdout == told.stdout, "\(format): \(named) \(told)")
    }
    // Standard input is JSON unless told.
    let piped = try run(["export", "-"], stdin: Array("## A\n- a\n".utf8))
    expectFailure(piped, status: 65, mentioning: ["<stdin>: line 1, column 1"])
  }
}
