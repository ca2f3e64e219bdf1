import Files
import Formats
import TileGridJSON
import TileModel

// MARK: - merge

extension TileGridCommand {
  static let mergeCommand = Command(
    name: "merge", operands: "BASE OURS THEIRS",
    summary: "join two edits of one arrangement by ids",
    details: """
      Joins OURS and THEIRS, two edits of BASE, by ids (docs/version-control.md): what only one side
      changed is taken from it (a tile's section and its place among the tiles the other side did not
      move, its keys one by one, added and deleted tiles; a section's place and keys; the layout's and
      the file's keys); what both changed alike is taken once. What both changed differently — a tile
      moved to different places, a key set to different values, a tile deleted on one side and moved
      or changed on the other — is a conflict: it is resolved toward OURS (or THEIRS), and listed on
      standard error, one line each. The result is written in OURS's format (or --to's, or OUT's
      extension's).

      With conflicts, the file says so until they are resolved: a Markdown board, lines or CSV file
      has git's markers ('<<<<<<< ours', '=======', '>>>>>>> theirs') around the two versions of the
      conflicting cards; a JSON file stays a valid arrangement and records them under its top-level
      "conflicts" key. Commands that write refuse such a file; 'tilegrid FILE' resolves it in the
      editor's Conflicts panel ('git mergetool --tool=tilegrid' opens it there).

      {options}

      Exit status: 0 merged cleanly, 1 merged with conflicts, 64/65/66 as the other commands.

      As git's merge driver: 'tilegrid merge %O %A %B -o %A --name %P --marker-size %L'
      (tilegrid git-setup writes it): git's temporary files have no extension, so the path in the
      repository names the format; %L is the markers' width (the conflict-marker-size attribute).

      """,
    syntax: Syntax(
      options: [
        Options.output.spec, Options.prefer.spec, Options.force.spec, Options.name.spec, Options.format.spec,
        Options.to.spec, Options.label.spec, Options.markerSize.spec,
      ], maximumOperands: 3,
      operands: "BASE, OURS and THEIRS"),
    run: runMerge)

  static func runMerge(_ args: Arguments) throws(CLIError) {
    let command = "merge"
    guard args.operands.count == 3 else {
      throw .usage("'tilegrid merge' needs BASE, OURS and THEIRS (got \(args.operands.count))", command: command)
    }
    if args.operands.filter({ $0 == "-" }).count > 1 {
      throw .usage("standard input ('-') can be read only once", command: command)
    }
    let prefer = try args.value(Options.prefer, command: command)
    let output = try Output(args)
    let formats = try FormatOptions(args, command: command)
    var labels = ConflictLabels(args.repeated[Options.label.spec.name] ?? [])
    if let size = try args.value(Options.markerSize, command: command) { labels.markerSize = size }
    let read = args.operands.map(formats.reading)
    let sides = try loadArrangements(args.operands, formats: read)
    // OURS's format (git's %A is written over): nothing changes format unless --to says so.
    let format = formats.writing(to: output, input: read[1])
    // With conflicts the file records them, from the same merge toward the other side too: JSON needs
    // only the edits to it (the sections where the two differ), a text format both whole, for its
    // markers.
    let result = BoardVersions.merge(
      base: sides[0], ours: sides[1], theirs: sides[2], formats: read, prefer: prefer,
      outcomes: format == .json ? .differing : .whole)
    // Four arrangements of up to a million tiles: freeing them was 7% of a board merge's instructions.
    defer { keepUntilExit((sides, result)) }
    guard !result.conflicts.isEmpty else {
      try output.write(result.arrangement, as: format)
      return
    }
    let file = ConflictedArrangement.merged(result, took: prefer)
    if format == .json {
      // Written as it is made, as a merge without conflicts is: a million tiles never in memory as text.
      try output.write(file.recorded, as: format)
      throw .outcome(1, lines: result.conflicts.map { "conflict: \($0)" })
    }
    // A text format: the two outcomes whole, written out for the markers.
    let other = result.outcomes!.other
    let (ours, theirs) = prefer == .ours ? (result.arrangement, other) : (other, result.arrangement)
    do {
      try format.checkWritable(ours)
      try format.checkWritable(theirs)
    } catch {
      throw .data("\(output.name): cannot write \(format): \(error)")
    }
    let (bytes, lost) = file.write(as: format, ours: ours, theirs: theirs, labels: labels)
    try output.write(bytes)
    report(lost, writing: output.name)
    throw .outcome(1, lines: result.conflicts.map { "conflict: \($0)" })
  }
}
