import Dispatch
import Files
import Formats
import EditScripts
import TileGridJSON
import TileModel

// MARK: - diff

extension TileGridCommand {
  static let diffCommand = Command(
    name: "diff", operands: "OLD NEW", summary: "print the edit script that turns OLD into NEW",
    details: """
      Prints the edit script that turns OLD into NEW (docs/version-control.md): one edit per line, tiles
      and sections by id, with the fewest moves (within a section only the tiles outside a longest
      increasing subsequence of the common order move; a tile that changed section moves once), in an
      order that applies cleanly. 'tilegrid apply OLD SCRIPT --force' gives NEW exactly.

      OLD, NEW          arrangement files, each read in its own format; '-' reads one of them from
                        standard input; /dev/null is an arrangement with no sections
      {options}

      Exit status: 0 when OLD and NEW are the same arrangement (their canonical forms are equal; nothing
      is printed), 1 when they differ, 64 for a wrong command line, 65 for a file that is not a valid
      arrangement, 66 for one that cannot be read.

      As git's external diff ('tilegrid git-setup' sets it up) it takes git's seven arguments, PATH
      OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE, prints a '# tilegrid diff a/PATH b/PATH' line
      and the script, and exits 0; a file that is not an arrangement gets git's own text diff.

      """,
    syntax: Syntax(
      options: [Options.json.spec, Options.output.spec, Options.force.spec, Options.name.spec, Options.format.spec],
      maximumOperands: 7,
      operands: "OLD and NEW (or git's seven arguments)"),
    run: runDiff)

  static func runDiff(_ args: Arguments) throws(CLIError) {
    let operands = args.operands
    let formats = try FormatOptions(args, command: "diff")
    if operands.count == 7 {
      try runGitDiff(operands, json: args.has(Options.json), formats: formats)
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
    let output = try Output(args)
    let read = operands.map(formats.reading)
    let both = try loadArrangements(operands, formats: read)
    let script = BoardVersions.diff(both[0], as: read[0], both[1], as: read[1])
    let json = args.has(Options.json)
    if script.isEmpty && !json && output.isStandardOutput { return }
    try output.write(json ? EditScript.json(script) : Array(EditScript.text(script).utf8))
    if !script.isEmpty { throw .outcome(1, lines: []) }
  }

  /// An arrangement read as the commands read one, `/dev/null` (git's name for a file that is not
  /// there) as one with no sections.
  static func loadArrangement(_ path: String, format: ArrangementFormat? = nil) throws(CLIError) -> Arrangement {
    if path == "/dev/null" { return Arrangement(sections: []) }
    return try load(path, format: format).0
  }

  /// Several arrangements read at once, each on a core of its own (`diff` and `merge` read two and
  /// three files of possibly a million tiles, and reading is most of their time). The first failure in
  /// the order of `paths` is the one reported.
  static func loadArrangements(_ paths: [String], formats: [ArrangementFormat]) throws(CLIError) -> [Arrangement] {
    let results = Locked<[Result<Arrangement, CLIError>?]>(Array(repeating: nil, count: paths.count))
    DispatchQueue.concurrentPerform(iterations: paths.count) { k in
      let result = Result { () throws(CLIError) in try loadArrangement(paths[k], format: formats[k]) }
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
  static func runGitDiff(_ operands: [String], json: Bool, formats: FormatOptions) throws(CLIError) {
    let (path, oldFile, newFile) = (operands[0], operands[1], operands[4])
    // The path in the repository names the format; the files may be git's temporary ones.
    var formats = formats
    formats.name = formats.name ?? path
    let oldName = oldFile == "/dev/null" ? "/dev/null" : "a/\(path)"
    let newName = newFile == "/dev/null" ? "/dev/null" : "b/\(path)"
    var header = "# tilegrid diff \(oldName) \(newName)\n"
    do throws(CLIError) {
      let read = [formats.reading(oldFile), formats.reading(newFile)]
      let both = try loadArrangements([oldFile, newFile], formats: read)
      let script = BoardVersions.diff(both[0], as: read[0], both[1], as: read[1])
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
