import Dispatch
import Files
import Formats
import Synchronization
import TileGridJSON
import TileModel

// MARK: - diff

extension TileGridCommand {
  static let diffCommand = Command(
    name: "diff", synopsis: "OLD NEW [--json] [-o OUT]", summary: "print the edit script that turns OLD into NEW",
    details: """
      Prints the edit script that turns OLD into NEW (docs/version-control.md): one edit per line, tiles
      and sections by id, with the fewest moves (within a section only the tiles outside a longest
      increasing subsequence of the common order move; a tile that changed section moves once), in an
      order that applies cleanly. 'tilegrid apply OLD SCRIPT --force' gives NEW exactly.

      OLD, NEW          arrangement files; '-' reads one of them from standard input; /dev/null is an
                        arrangement with no sections
      --json            the same edits as a JSON array, for tools ('[]' when they are equal)
      \(Output.outputHelp)
      \(Output.forceHelp)

      Exit status: 0 when OLD and NEW are the same arrangement (their canonical forms are equal; nothing
      is printed), 1 when they differ, 64 for a wrong command line, 65 for a file that is not a valid
      arrangement, 66 for one that cannot be read.

      As git's external diff ('tilegrid git-setup' sets it up) it takes git's seven arguments, PATH
      OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE, prints a '# tilegrid diff a/PATH b/PATH' line
      and the script, and exits 0; a file that is not an arrangement gets git's own text diff.

      """,
    syntax: Syntax(
      valued: Output.valued, flags: Output.flags + ["--json"], maximumOperands: 7,
      operands: "OLD and NEW (or git's seven arguments)"),
    run: runDiff)

  static func runDiff(_ args: Arguments) throws(CLIError) {
    let operands = args.operands
    if operands.count == 7 {
      try runGitDiff(operands, json: args.flags.contains("--json"))
      return
    }
    // Git calls an external diff with the path alone for an unmerged file.
    if operands.count == 1 && Platform.environment("GIT_DIFF_PATH_TOTAL") != nil {
      try Platform.standardOutput(Array("* Unmerged path \(operands[0])\n".utf8))
      return
    }
    guard operands.count == 2 else {
      let got = operands.isEmpty ? "" : " (got \(operands.map { "'\($0)'" }.joined(separator: ", ")))"
      throw .usage("'tilegrid diff' needs OLD and NEW\(got)", command: "diff")
    }
    if operands[0] == "-" && operands[1] == "-" {
      throw .usage("standard input ('-') can be read only once", command: "diff")
    }
    let output = Output(args)
    let both = try loadArrangements(operands)
    let formats = readingFormats(operands)
    let script = BoardVersions.diff(both[0], as: formats[0], both[1], as: formats[1])
    let json = args.flags.contains("--json")
    if script.isEmpty && !json && output.isStandardOutput { return }
    try output.write(json ? EditScript.json(script) : Array(EditScript.text(script).utf8))
    if !script.isEmpty { throw .outcome(1, lines: []) }
  }

  /// An arrangement read as the commands read one, `/dev/null` (git's name for a file that is not
  /// there) as one with no sections.
  static func loadArrangement(_ path: String) throws(CLIError) -> Arrangement {
    if path == "/dev/null" { return Arrangement(sections: []) }
    return try load(path).0
  }

  /// The format each of `paths` is read in, as `load` chooses it (`/dev/null`: JSON, no sections), so
  /// that the cards of formats without ids are paired across versions (`BoardVersions`).
  static func readingFormats(_ paths: [String]) -> [ArrangementFormat] {
    paths.map { $0 == "/dev/null" ? .json : FormatOptions().reading($0) }
  }

  /// Several arrangements read at once, each on a core of its own (`diff` and `merge` read two and
  /// three files of possibly a million tiles, and reading is most of their time). The first failure in
  /// the order of `paths` is the one reported.
  static func loadArrangements(_ paths: [String]) throws(CLIError) -> [Arrangement] {
    let results = Mutex<[Result<Arrangement, CLIError>?]>(Array(repeating: nil, count: paths.count))
    DispatchQueue.concurrentPerform(iterations: paths.count) { k in
      let result = Result { () throws(CLIError) in try loadArrangement(paths[k]) }
      results.withLock { $0[k] = result }
    }
    var arrangements: [Arrangement] = []
    for result in results.withLock({ $0 }) { arrangements.append(try result!.get()) }
    return arrangements
  }
}

extension TileGridCommand {
  /// `diff` as git's external diff: `PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE`. Git
  /// stops at the first external diff that fails, so this one always exits 0; a file that is not an
  /// arrangement (any JSON file matches `*.json`) gets git's own text diff instead of a script.
  static func runGitDiff(_ operands: [String], json: Bool) throws(CLIError) {
    let (path, oldFile, newFile) = (operands[0], operands[1], operands[4])
    let oldName = oldFile == "/dev/null" ? "/dev/null" : "a/\(path)"
    let newName = newFile == "/dev/null" ? "/dev/null" : "b/\(path)"
    var header = "# tilegrid diff \(oldName) \(newName)\n"
    do throws(CLIError) {
      let both = try loadArrangements([oldFile, newFile])
      let formats = readingFormats([oldFile, newFile])
      let script = BoardVersions.diff(both[0], as: formats[0], both[1], as: formats[1])
      try Platform.standardOutput(Array(header.utf8) + (json ? EditScript.json(script) : Array(EditScript.text(script).utf8)))
    } catch {
      header += "# \(error.description): the text differences instead\n"
      try Platform.standardOutput(Array(header.utf8) + textDiff(path: path, oldFile, newFile))
    }
  }

  /// Git's own text diff of two files, its header naming `a/PATH` and `b/PATH` rather than the
  /// temporary files git handed over.
  static func textDiff(path: String, _ oldFile: String, _ newFile: String) -> [UInt8] {
    let result = Platform.run(["git", "diff", "--no-index", "--no-ext-diff", "--no-color", "--", oldFile, newFile])
    guard let status = result.status, status <= 1 else {
      return Array("# (git diff --no-index failed: \(result.outputText.split(separator: "\n").first ?? ""))\n".utf8)
    }
    var lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for i in lines.indices {
      if lines[i].hasPrefix("@@") { break }
      if lines[i].hasPrefix("diff --git ") {
        lines[i] = "diff --git a/\(path) b/\(path)"
      } else if lines[i].hasPrefix("--- ") && lines[i] != "--- /dev/null" {
        lines[i] = "--- a/\(path)"
      } else if lines[i].hasPrefix("+++ ") && lines[i] != "+++ /dev/null" {
        lines[i] = "+++ b/\(path)"
      }
    }
    return Array(lines.joined(separator: "\n").utf8)
  }
}
