import Foundation
import TestSupport
import Testing

/// Every shell example in README.md and docs/ is run as written and its output compared with the page
/// (docs/examples/README.md says how examples are written):
///
/// - a block whose lines start with `$ ` is a transcript: each command runs in bash, and what it prints
///   (standard output and standard error, in order) must be the lines after it, up to the next `$ `.
///   An expected line `…` alone stands for any lines (the rest of a long output); a line ending in `…`
///   for any line that starts with what comes before it;
/// - a `sh` block is a list of commands: each must exit 0, or with the status its comment names as
///   `(exit N)`;
/// - `<!-- not run: REASON -->` on the line before a block leaves it out, for the few that need what a
///   test cannot give (the interactive editor needs a terminal; git's merges need the branches a page
///   describes).
///
/// Each block runs in a fresh directory holding a copy of docs/examples/ and `demo.json`
/// (`tilegrid demo > demo.json`), with the built `tilegrid` first on PATH and no controlling terminal;
/// README.md's run as from the repository's root: the directory holds docs/examples/ at that path, and
/// nothing else.
@Suite("Docs: every shell example in README and docs/ runs as written")
struct DocsExamplesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The reasons a block may be left out; anything else is a mistake.
  static let reasons = [
    "the editor needs a terminal", "builds the package", "needs the git repository the page describes",
  ]

  struct Command: Sendable {
    var text: String
    /// The lines it prints (transcripts), or nil (a `sh` block: only the status is checked).
    var output: [String]?
    var status: Int32
  }

  struct Block: Sendable, CustomTestStringConvertible {
    var page: String
    var line: Int
    var commands: [Command]
    var testDescription: String { "\(page):\(line)" }
  }

  /// The pages: README.md and every Markdown file in docs/ (docs/examples/README.md describes the rules
  /// and holds no example).
  static func pages() -> [String] {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// The examples of a page, and the blocks left out (with their reasons).
  static func examples(in page: String) -> (run: [Block], left: [(line: Int, reason: String)]) {
    let text = (try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var run: [Block] = []
    var left: [(Int, String)] = []
    var i = 0
    while i < lines.count {
      let line = lines[i]
      let indent = line.prefix { $0 == " " }
      guard line.dropFirst(indent.count).hasPrefix("```") else {
        i += 1
        continue
      }
      let info = line.dropFirst(indent.count + 3).trimmingCharacters(in: .whitespaces)
      var body: [String] = []
      var j = i + 1
      while j < lines.count && !lines[j].dropFirst(indent.count).hasPrefix("```") {
        body.append(String(lines[j].dropFirst(min(indent.count, lines[j].prefix { $0 == " " }.count))))
        j += 1
      }
      let previous = i > 0 ? lines[i - 1].trimmingCharacters(in: .whitespaces) : ""
      let isTranscript = body.contains { $0.hasPrefix("$ ") }
      if previous.hasPrefix("<!-- not run: ") && previous.hasSuffix(" -->") {
        left.append((i + 1, String(previous.dropFirst("<!-- not run: ".count).dropLast(" -->".count))))
      } else if isTranscript {
        run.append(Block(page: page, line: i + 1, commands: transcript(body)))
      } else if info == "sh" {
        run.append(Block(page: page, line: i + 1, commands: commandList(body)))
      }
      i = j + 1
    }
    return (run, left)
  }

  static func transcript(_ body: [String]) -> [Command] {
    var commands: [Command] = []
    for line in body {
      if line.hasPrefix("$ ") {
        commands.append(Command(text: String(line.dropFirst(2)), output: [], status: 0))
      } else if !commands.isEmpty {
        commands[commands.count - 1].output!.append(line)
      } else {
        // Text before the first command: a mistake on the page, shown as a command that cannot match.
        commands.append(Command(text: "# (no command before this line)", output: [line], status: 0))
      }
    }
    return commands
  }

  static func commandList(_ body: [String]) -> [Command] {
    body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#") }.map { line in
      var status: Int32 = 0
      if let range = line.range(of: "(exit "), let end = line[range.upperBound...].firstIndex(of: ")"),
        let value = Int32(line[range.upperBound..<end])
      {
        status = value
      }
      return Command(text: line, output: nil, status: status)
    }
  }

  static var blocks: [Block] { pages().flatMap { examples(in: $0).run } }

  /// Whether `actual` is what the page shows as `expected` (`…` lines as described above).
  static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
    guard let first = expected.first else { return actual.isEmpty }
    if first.trimmingCharacters(in: .whitespaces) == "…" {
      let rest = expected.dropFirst()
      return (actual.startIndex...actual.endIndex).contains { matches(rest, actual[$0...]) }
    }
    guard let line = actual.first else { return false }
    let same = first.hasSuffix("…") ? line.hasPrefix(first.dropLast()) : line == first
    return same && matches(expected.dropFirst(), actual.dropFirst())
  }

  /// Runs the commands of a block in one bash, in a fresh directory, and returns what each printed and
  /// its status.
  static func run(_ block: Block) throws -> [(output: [String], status: Int32)] {
    let directory = try TemporaryDirectory()
    let examples = root.appendingPathComponent("docs/examples")
    if block.page == "README.md" {
      // As from the repository's root: the files at docs/examples/, no demo.json until a command makes it.
      try FileManager.default.createDirectory(
        atPath: directory.file("docs"), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: examples, to: URL(fileURLWithPath: directory.file("docs/examples")))
    } else {
      for name in try FileManager.default.contentsOfDirectory(atPath: examples.path) {
        try FileManager.default.copyItem(
          at: examples.appendingPathComponent(name), to: URL(fileURLWithPath: directory.file(name)))
      }
      let demo = try TileGrid.run(["demo"])
      try directory.write("demo.json", demo.stdout)
    }
    let marker = "\u{1}tilegrid-example-end\u{1}"
    var script = "cd \(TmuxSession.shellQuoted(directory.path))\n(exit 0)\n"
    for command in block.commands {
      // `$?` and `$PIPESTATUS` stay the last command's, as at a prompt; a comment alone runs nothing.
      let run = command.text.trimmingCharacters(in: .whitespaces).hasPrefix("#") ? "" : "{ \(command.text)\n} 2>&1; "
      script += run + "__status=$?; printf '%s%d\\n' '\(marker)' \"$__status\"; (exit $__status)\n"
    }
    let scriptPath = try directory.write(".example.sh", script)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = ["--wait", "/bin/bash", "--norc", "--noprofile", scriptPath]
    let binary = URL(fileURLWithPath: try TileGrid.binary()).deletingLastPathComponent().path
    process.environment = [
      "PATH": binary + ":/usr/local/bin:/usr/bin:/bin", "HOME": directory.path, "LANG": "C.UTF-8",
      "TERM": "xterm-256color", "TMPDIR": directory.path,
      // For the examples that make a repository: git's own settings only, and who commits.
      "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Ann", "GIT_AUTHOR_EMAIL": "ann@example.com",
      "GIT_COMMITTER_NAME": "Ann", "GIT_COMMITTER_EMAIL": "ann@example.com", "GIT_PAGER": "cat",
    ]
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    let output = try directory.write(".example.out", "")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let text = try directory.readText(".example.out")
    var results: [(output: [String], status: Int32)] = []
    var rest = Substring(text)
    while let range = rest.range(of: marker) {
      var lines = rest[..<range.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last == "" { lines.removeLast() }
      let afterMarker = rest[range.upperBound...]
      let statusText = afterMarker.prefix { $0 != "\n" }
      results.append((lines, Int32(statusText) ?? -1))
      rest = afterMarker.dropFirst(statusText.count + 1)
    }
    return results
  }

  @Test("the pages hold enough examples, and leave out only those that need a terminal, a build or a git history")
  func theExamplesAreFound() {
    let pages = Self.pages()
    #expect(pages.contains("docs/command-line.md") && pages.contains("README.md"))
    let all = pages.map { (page: $0, examples: Self.examples(in: $0)) }
    #expect(all.reduce(0) { $0 + $1.examples.run.count } >= 25)
    let left = all.flatMap { page in page.examples.left.map { (page.page, $0.line, $0.reason) } }
    for (page, line, reason) in left {
      #expect(Self.reasons.contains(reason), "\(page):\(line): not run because \(reason.debugDescription)")
    }
    #expect(left.count <= 16, "\(left.map { "\($0.0):\($0.1)" })")
  }

  /// The pictures of the screen that name a golden screen (`NAME.txt` of `Tests/Golden/screens/`, in the
  /// paragraph just before the block or at the start of the line after it): each shows that screen,
  /// or its last rows (the status line).
  static func pictures(in page: String) -> [(line: Int, golden: String, shown: [String])] {
    let text = (try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var pictures: [(Int, String, [String])] = []
    var i = 0
    func golden(in text: String) -> String? {
      let pattern = /`(?:Tests\/Golden\/screens\/)?([a-z0-9-]+)\.txt`/
      return text.matches(of: pattern).last.map { String($0.output.1) }
    }
    while i < lines.count {
      guard lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("```") else {
        i += 1
        continue
      }
      var j = i + 1
      while j < lines.count && !lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("```") { j += 1 }
      if lines[i] == "```" && !lines[(i + 1)..<j].contains(where: { $0.hasPrefix("$ ") }) {
        var k = i - 1
        while k >= 0 && lines[k].trimmingCharacters(in: .whitespaces).isEmpty { k -= 1 }
        let end = k
        while k >= 0 && !lines[k].trimmingCharacters(in: .whitespaces).isEmpty && !lines[k].hasPrefix("```") { k -= 1 }
        let paragraph = k < end ? lines[(k + 1)...end].joined(separator: " ") : ""
        let next = lines[(j + 1)...].first { !$0.isEmpty } ?? ""
        if let name = golden(in: paragraph) ?? (next.hasPrefix("(`") ? golden(in: String(next.prefix(60))) : nil) {
          pictures.append((i + 1, name, Array(lines[(i + 1)..<j])))
        }
      }
      i = j + 1
    }
    return pictures
  }

  @Test("the pictures of the screen that name a golden screen show it as it is")
  func picturesAreTheGoldenScreens() throws {
    let screens = Self.root.appendingPathComponent("Tests/Golden/screens")
    var count = 0
    for page in Self.pages() {
      for (line, name, shown) in Self.pictures(in: page) {
        guard let golden = try? String(contentsOf: screens.appendingPathComponent(name + ".txt"), encoding: .utf8) else {
          Issue.record("\(page):\(line) names \(name).txt, which is not a golden screen")
          continue
        }
        var rows = golden.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last == "" { rows.removeLast() }
        #expect(
          !shown.isEmpty && Array(rows.suffix(shown.count)) == shown, "\(page):\(line): not \(name).txt as it is now")
        count += 1
      }
    }
    #expect(count >= 10)
  }

  @Test("each example prints what its page shows", arguments: blocks)
  func example(_ block: Block) throws {
    let results = try Self.run(block)
    #expect(results.count == block.commands.count, "\(block.testDescription): \(results.count) of \(block.commands.count) ran")
    for (command, result) in zip(block.commands, results) {
      if let expected = command.output {
        #expect(
          Self.matches(expected[...], result.output[...]),
          "\(block.testDescription): $ \(command.text)\n--- the page:\n\(expected.joined(separator: "\n"))\n--- printed:\n\(result.output.joined(separator: "\n"))")
      } else {
        #expect(
          result.status == command.status,
          "\(block.testDescription): \(command.text): exit \(result.status), not \(command.status)\n\(result.output.joined(separator: "\n"))")
      }
    }
  }
}
