import Files
import Formats
import TileModel

// MARK: - mergetool

extension TileGridCommand {
  static let mergetoolCommand = Command(
    name: "mergetool", operands: "BASE LOCAL REMOTE MERGED",
    summary: "resolve a merge's conflicts in the editor (git mergetool)",
    details: """
      Opens the editor on MERGED with its Conflicts panel, as 'git mergetool --tool=tilegrid' runs it
      (tilegrid git-setup sets it up: mergetool.tilegrid.cmd, with trustExitCode). MERGED is the file
      as the merge left it: git's conflict markers, or tilegrid's own markers or "conflicts" record.
      When it cannot be read as an arrangement (git's own line merge of a JSON file leaves no valid
      one), BASE, LOCAL and REMOTE are merged into it first, as 'tilegrid merge' merges them.

      In the panel: up and down choose a conflict, o takes ours (LOCAL), t theirs (REMOTE), b both;
      s saves. Exit status: 0 when MERGED has no conflicts left once the editor quits (git then takes
      it as resolved), 1 when some are left, others as the editor's.

      """,
    syntax: Syntax(maximumOperands: 4, operands: "BASE, LOCAL, REMOTE and MERGED"), run: runMergetool)

  static func runMergetool(_ args: Arguments) throws(CLIError) {
    guard args.operands.count == 4 else {
      throw .usage("'tilegrid mergetool' needs BASE, LOCAL, REMOTE and MERGED (got \(args.operands.count))", command: "mergetool")
    }
    let (base, local, remote, merged) = (args.operands[0], args.operands[1], args.operands[2], args.operands[3])
    let format = FormatOptions().reading(merged)
    do throws(CLIError) {
      _ = try loadConflicted(merged, format: format, unfinished: .ignore)
    } catch {
      // Not an arrangement as it is: merge the three versions into it, recording the conflicts.
      let merge = try Arguments([base, local, remote, "-o", merged], command: "merge", syntax: mergeCommand.syntax)
      do throws(CLIError) {
        try runMerge(merge)
      } catch {
        guard case .outcome(1, _) = error else { throw error }
      }
    }
    try editorCommand.run(try Arguments([merged], command: "", syntax: editorCommand.syntax))
    try checkConflicts(merged, format: format)
  }
}
