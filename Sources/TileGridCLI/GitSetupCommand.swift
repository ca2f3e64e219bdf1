import Files

// MARK: - git-setup

extension TileGridCommand {
  static let gitSetupCommand = Command(
    name: "git-setup", operands: "[PATTERN]", summary: "make git diff and merge arrangements with tilegrid",
    details: """
      In a git repository, makes git diff and merge arrangement files with tilegrid
      (docs/version-control.md, "Git"):

        git config diff.tilegrid.command 'tilegrid diff'
        git config merge.tilegrid.name 'tilegrid merge: arrangements joined by ids'
        git config merge.tilegrid.driver 'tilegrid merge %O %A %B -o %A --name %P --marker-size %L'
        git config mergetool.tilegrid.cmd 'tilegrid mergetool "$BASE" "$LOCAL" "$REMOTE" "$MERGED"'
        git config mergetool.tilegrid.trustExitCode true

      and adds 'PATTERN diff=tilegrid merge=tilegrid' to the repository's .gitattributes (PATTERN is
      '*.json' unless given; a line already there is not added again). It says what it did. When the
      tilegrid that runs is not the one PATH finds, the commands name it by its full path.

      Then 'git diff', 'git log -p --ext-diff' and 'git show --ext-diff' print edit scripts for those
      files, and 'git merge' joins two branches' reorderings by ids ('CONFLICT' only where tilegrid
      found conflicts; the file is a valid arrangement either way). Files matching PATTERN that are not
      arrangements get git's text diff, and a merge of them fails as a conflict: give a PATTERN that
      matches only arrangements (like 'boards/*.json') when the repository has other JSON files.

      Exit status: 0 done, 69 not in a git repository (or no git), 73/74 .gitattributes not written.

      """,
    syntax: Syntax(maximumOperands: 1, operands: "at most one PATTERN"), run: runGitSetup)

  static func runGitSetup(_ args: Arguments) throws(CLIError) {
    let pattern = args.operands.first ?? "*.json"
    if pattern.isEmpty || pattern.contains(where: { $0.isWhitespace }) {
      throw .usage("PATTERN '\(pattern)' must be one word without spaces (a .gitattributes pattern)", command: "git-setup")
    }
    let top = Platform.run(["git", "rev-parse", "--show-toplevel"])
    guard let status = top.status else {
      throw .unavailable("git-setup runs git, which could not be run (is it installed and on PATH?)")
    }
    guard status == 0 else {
      let reason = top.outputText.split(separator: "\n").first.map(String.init) ?? "git rev-parse failed"
      throw .unavailable("git-setup works in a git repository: \(reason)")
    }
    let root = String(top.outputText.split(separator: "\n").first ?? "")
    let program = tilegridCommandWord()
    let settings = [
      ("diff.tilegrid.command", "\(program) diff"),
      ("merge.tilegrid.name", "tilegrid merge: arrangements joined by ids"),
      // %P: the path in the repository, whose extension names the format (%O %A %B have none);
      // %L: the conflict markers' width (the conflict-marker-size attribute, 7 unless set).
      ("merge.tilegrid.driver", "\(program) merge %O %A %B -o %A --name %P --marker-size %L"),
      ("mergetool.tilegrid.cmd", "\(program) mergetool \"$BASE\" \"$LOCAL\" \"$REMOTE\" \"$MERGED\""),
      ("mergetool.tilegrid.trustExitCode", "true"),
    ]
    var report = ["In \(root):"]
    for (key, value) in settings {
      let result = Platform.run(["git", "config", "--local", key, value])
      guard result.status == 0 else {
        throw .cannotCreate("git config \(key) failed: \(result.outputText.split(separator: "\n").first ?? "")")
      }
      report.append("  git config \(key) \(shellQuoted(value))")
    }
    let attributes = root + "/.gitattributes"
    let line = "\(pattern) diff=tilegrid merge=tilegrid"
    var existing: [UInt8] = []
    if Platform.exists(attributes) { existing = try Platform.input(attributes).bytes }
    let text = String(decoding: existing, as: UTF8.self)
    if text.split(separator: "\n").contains(where: { $0.trimmingSpaces == line }) {
      report.append("  .gitattributes already has '\(line)'")
    } else {
      var bytes = existing
      if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
      bytes += Array((line + "\n").utf8)
      try Output(path: attributes, force: false).write(bytes)
      report.append("  .gitattributes: added '\(line)'")
    }
    report.append(
      "git diff, git log -p --ext-diff, git show --ext-diff and git merge now use tilegrid for \(pattern); "
        + "git mergetool --tool=tilegrid resolves conflicts in its editor.")
    try Platform.standardOutput(Array((report.joined(separator: "\n") + "\n").utf8))
  }

  /// How git's config names this tilegrid: `tilegrid` when PATH finds this very program, else its full
  /// path (quoted for the shell git runs the command with).
  static func tilegridCommandWord() -> String {
    let running = Platform.executablePath()
    if let running, let found = Platform.findOnPath("tilegrid").flatMap(Platform.realPath), found == running {
      return "tilegrid"
    }
    return shellQuoted(running ?? "tilegrid")
  }

  /// `word` as a POSIX shell reads it back: as it is when it is plain, else in single quotes.
  static func shellQuoted(_ word: String) -> String {
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { s in
      (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || "/._-+%:@=,".unicodeScalars.contains(s)
    }
    return plain ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
  }
}

extension Substring {
  /// The text without spaces and tabs at either end.
  var trimmingSpaces: Substring {
    var s = self
    while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() }
    while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
    return s
  }
}

extension String {
  /// Every occurrence of `target` replaced by `replacement` (no Foundation).
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for c in self { if c == target { result += replacement } else { result.append(c) } }
    return result
  }
}
