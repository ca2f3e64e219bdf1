import Files
import Formats
import TileGridJSON
import TileModel

// MARK: - merge

extension TileGridCommand {
  static let mergeCommand = Command(
    name: "merge", synopsis: "BASE OURS THEIRS [-o OUT] [--prefer ours|theirs]",
    summary: "join two edits of one arrangement by ids",
    details: """
      Joins OURS and THEIRS, two edits of BASE, by ids (docs/version-control.md): what only one side
      changed is taken from it (a tile's section and its place among the tiles the other side did not
      move, its keys one by one, added and deleted tiles; a section's place and keys; the layout's and
      the file's keys); what both changed alike is taken once. What both changed differently — a tile
      moved to different places, a key set to different values, a tile deleted on one side and moved
      or changed on the other — is a conflict: it is resolved toward OURS (or THEIRS), and listed on
      standard error, one line each. The result is always a valid arrangement.

      \(Output.outputHelp)
      --prefer SIDE     'ours' (the default) or 'theirs': the side conflicts are resolved toward
      \(Output.forceHelp)

      Exit status: 0 merged cleanly, 1 merged with conflicts, 64/65/66 as the other commands.

      As git's merge driver: 'tilegrid merge %O %A %B -o %A' (tilegrid git-setup writes it).

      """,
    syntax: Syntax(
      valued: Output.valued + ["--prefer"], flags: Output.flags, maximumOperands: 3, operands: "BASE, OURS and THEIRS"),
    run: runMerge)

  static func runMerge(_ args: Arguments) throws(CLIError) {
    let command = "merge"
    guard args.operands.count == 3 else {
      throw .usage("'tilegrid merge' needs BASE, OURS and THEIRS (got \(args.operands.count))", command: command)
    }
    if args.operands.filter({ $0 == "-" }).count > 1 {
      throw .usage("standard input ('-') can be read only once", command: command)
    }
    let prefer: MergeSide
    switch args.values["--prefer"] {
    case nil, "ours": prefer = .ours
    case "theirs": prefer = .theirs
    case let other?: throw .usage("--prefer is 'ours' or 'theirs', not '\(other)'", command: command)
    }
    let output = Output(args)
    let sides = try loadArrangements(args.operands)
    let formats = readingFormats(args.operands)
    let result = BoardVersions.merge(base: sides[0], ours: sides[1], theirs: sides[2], formats: formats, prefer: prefer)
    // OURS's format: a merge of boards is a board.
    try output.write(result.arrangement, as: FormatOptions().writing(to: output, input: formats[1]))
    if !result.conflicts.isEmpty {
      throw .outcome(1, lines: result.conflicts.map { "conflict: \($0)" })
    }
  }
}
