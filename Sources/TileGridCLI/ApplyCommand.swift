import Files
import EditScripts
import TileGridJSON
import TileModel

// MARK: - apply

extension TileGridCommand {
  static let applyCommand = Command(
    name: "apply", synopsis: "FILE SCRIPT|- [-o OUT | -i] [--force]",
    summary: "apply an edit script, all of it or nothing",
    details: """
      Applies an edit script to FILE as one step, then prints the result, or writes it to OUT or back to
      FILE. The script names tiles and sections by id, one edit per line (docs/version-control.md):

        move ID to SECTION_ID:I           add ID to SECTION_ID:I {…}      delete ID
        move-section ID to I              add-section ID at I {…}         delete-section ID
        set ID KEY VALUE                  set-section ID KEY VALUE        set-layout KEY VALUE
        set-file KEY VALUE                # a comment

      VALUE is a JSON literal; null removes the key. Each line applies to the arrangement the lines
      before it made. A line that is malformed, names what is not there, or is refused by a policy stops
      the whole script: nothing is written, the line is named, and the exit status is 65.

      FILE              the arrangement; /dev/null is one with no sections
      SCRIPT            the script's file, or '-' for standard input (FILE may then not be '-')
      -i, --in-place    write the result back to FILE, unless FILE changed on disk since it was read
      \(Output.outputHelp)
      --force           apply what a policy refuses (a locked tile, a locked or full section), and
                        write FILE or OUT even if it is read-only (it stays read-only)

      'tilegrid diff A B | tilegrid apply A - --force' prints B exactly.

      """,
    syntax: Syntax(
      valued: Output.valued, flags: Output.flags + ["--in-place"], maximumOperands: 2, operands: "FILE and SCRIPT"),
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
    let input = try Platform.input(scriptPath, role: "script")
    let lines: [ScriptLine]
    do {
      lines = try EditScript.read(input.bytes)
    } catch {
      throw .data("\(input.name): \(error)")
    }
    var (arrangement, _, stamp) = path == "/dev/null" ? (Arrangement(sections: []), "", nil) : try load(path)
    do {
      try arrangement.apply(lines.map(\.edit), force: output.force)
    } catch {
      let line = lines[error.index]
      let hint = error.error.isPolicyRefusal ? " (--force applies it anyway)" : ""
      throw .data("\(input.name): line \(line.line): \(error.error)\(hint)")
    }
    if inPlace { output.replacing(path, readAs: stamp) }
    try output.write(arrangement)
  }
}
