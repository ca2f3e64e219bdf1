import Formats
import Files
import EditScripts
import TileGridJSON
import TileModel

// MARK: - apply

extension TileGridCommand {
  static let applyCommand = Command(
    name: "apply", operands: "FILE SCRIPT|-",
    summary: "apply an edit script, all of it or nothing",
    details: """
      Applies an edit script to FILE as one step, then prints the result, or writes it to OUT or back to
      FILE, in FILE's format unless --to (or OUT's extension) names another. The script names tiles
      and sections by id, one edit per line (docs/version-control.md):

        move ID to SECTION_ID:I           add ID to SECTION_ID:I {…}      delete ID
        move-section ID to I              add-section ID at I {…}         delete-section ID
        set ID KEY VALUE                  set-section ID KEY VALUE        set-layout KEY VALUE
        set-file KEY VALUE                # a comment

      VALUE is a JSON literal; null removes the key. Each line applies to the arrangement the lines
      before it made. A line that is malformed, names what is not there, or is refused by a policy stops
      the whole script: nothing is written, the line is named, and the exit status is 65.

      FILE              the arrangement; /dev/null is one with no sections
      SCRIPT            the script's file, or '-' for standard input (FILE may then not be '-')
      {options}

      'tilegrid diff A B | tilegrid apply A - --force' prints B exactly. What git show and git log -p
      print before the first edit (the commit, its author, date and message) is skipped, so
      'git show --ext-diff FIRST -- board.json | tilegrid apply /dev/null -' rebuilds the file.

      """,
    syntax: Syntax(
      options: [
        Options.output.spec, Options.inPlace.spec, Options.forcePolicies.spec, Options.format.spec, Options.to.spec,
      ], maximumOperands: 2,
      operands: "FILE and SCRIPT"),
    run: runApply)

  static func runApply(_ args: Arguments) throws(CLIError) {
    let command = "apply"
    guard args.operands.count == 2 else {
      let got = args.operands.isEmpty ? "" : " (got '\(args.operands[0])')"
      throw .usage("'tilegrid apply' needs FILE and SCRIPT\(got)", command: command)
    }
    let (path, scriptPath) = (args.operands[0], args.operands[1])
    if path == "-" && scriptPath == "-" {
      throw .usage("standard input ('-') can be read only once", command: command)
    }
    var (output, inPlace) = try Output.editing(args, file: path, command: command)
    let formats = try FormatOptions(args, command: command)
    let input = try Platform.input(scriptPath, role: "script")
    let lines: [ScriptLine]
    do {
      lines = try EditScript.read(GitHeader.blanked(input.bytes))
    } catch {
      throw .data("\(input.name): \(error)")
    }
    let format = formats.reading(path)
    if inPlace { try formats.refuseConversionInPlace(path, readAs: format, command: command) }
    var (arrangement, _, stamp) =
      path == "/dev/null" ? (Arrangement(sections: []), "", nil) : try load(path, format: format)
    // What the written format cannot keep is refused, as the editor refuses it; a card moved into or
    // out of a complete lane is checked or unchecked, as the editor does.
    let writing = formats.writing(to: output, input: format)
    do {
      // No undo step here: the edits and their inverses are not kept (memory linear in the script).
      try arrangement.apply(
        lines.map(\.edit), force: output.force, keeping: writing.traits, completeLanes: true, recording: false)
    } catch {
      let line = lines[error.index]
      var hint = error.error.isPolicyRefusal ? " (--force applies it anyway)" : ""
      if case .refused(.formatCannotKeep) = error.error {
        hint = " (--to json or -o FILE.json writes a file that keeps it)"
      }
      throw .data("\(input.name): line \(line.line): \(error.error)\(hint)")
    }
    if inPlace { output.replacing(path, readAs: stamp) }
    try output.write(arrangement, as: writing)
  }
}

/// What `git show` and `git log -p` print before a commit's diff: `commit HEX` (or `HEX subject` with
/// `--oneline`), header lines (`Author: …`, `Merge: …`, `Notes (x):`), the message indented by four
/// spaces, blank lines. `apply` reads a script that starts so from its first edit on.
enum GitHeader {
  /// `bytes` with the lines git's header takes before the first edit made blank (so that errors still
  /// name the lines as they were); any other script unchanged.
  static func blanked(_ bytes: [UInt8]) -> [UInt8] {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    guard let first = lines.firstIndex(where: { !isBlank($0) }), isCommitLine(lines[first]) else { return bytes }
    var k = 0
    while k < lines.count && (isBlank(lines[k]) || isCommitLine(lines[k]) || isHeader(lines[k]) || lines[k].starts(with: Array("    ".utf8))) {
      lines[k] = []
      k += 1
    }
    return Array(lines.joined(separator: [0x0A]))
  }

  static func isBlank(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }

  static func isHex(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
  }

  /// `commit HEX…`, or at least 7 hexadecimal digits and then a space or the end (`--oneline`).
  static func isCommitLine(_ line: ArraySlice<UInt8>) -> Bool {
    var rest = line
    if rest.starts(with: Array("commit ".utf8)) { rest = rest.dropFirst(7) }
    let digits = rest.prefix(while: isHex)
    guard digits.count >= 7 else { return false }
    return digits.count == rest.count || [0x20, 0x0D].contains(rest[rest.startIndex + digits.count])
  }

  /// `Key: …` or `Key (x): …` (a word of letters and dashes, then a colon and a space or the end).
  static func isHeader(_ line: ArraySlice<UInt8>) -> Bool {
    let isLetter = { (b: UInt8) in (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D }
    var rest = line.drop(while: isLetter)
    guard rest.count < line.count, line.first.map({ $0 != 0x2D }) == true else { return false }
    if rest.first == 0x20 && rest.dropFirst().first == 0x28 {
      guard let close = rest.firstIndex(of: 0x29) else { return false }
      rest = rest[(close + 1)...]
    }
    guard rest.first == 0x3A else { return false }
    return rest.count == 1 || rest[rest.startIndex + 1] == 0x20 || rest[rest.startIndex + 1] == 0x0D
  }
}
