import Dispatch
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
    let output = try Output(args)
    let formats = try FormatOptions(args, command: command)
    var options = MergeOptions(prefer: try args.value(Options.prefer, command: command))
    options.labels = ConflictLabels(args.repeated[Options.label.spec.name] ?? [])
    if let size = try args.value(Options.markerSize, command: command) { options.labels.markerSize = size }
    let debug = Platform.environment("TILEGRID_MERGE_DEBUG").flatMap { $0.isEmpty ? nil : $0 }
    options.recordsStages = debug != nil
    // The file is what is written: its cards need no ids from the base.
    options.idsFromBase = false
    let read = args.operands.map(formats.reading)
    // OURS's format (git's %A is written over): nothing changes format unless --to says so.
    let format = formats.writing(to: output, input: read[1])
    options.writing = format
    let merged: MergedFile
    // Four arrangements of up to a million tiles: freeing them was 7% of a board merge's instructions.
    let versions = Locked<[MergeVersion]>([])
    if let inputs = textInputs(args.operands, formats: read) {
      // Text files: read while their lines are merged (`MergeCascade.merge(files:…)`).
      let paths = args.operands
      merged = try MergeCascade.merge(files: inputs.map(\.bytes), formats: read, options: options) {
        (k) throws(CLIError) in
        let version = try textVersion(paths[k], name: inputs[k].name, inputs[k].bytes, format: read[k])
        versions.withLock { $0.append(version) }
        return version
      }
    } else {
      let loaded = try loadVersions(args.operands, formats: read)
      versions.withLock { $0 = loaded }
      merged = MergeCascade.merge(base: loaded[0], ours: loaded[1], theirs: loaded[2], options: options)
    }
    defer { keepUntilExit((versions, merged)) }
    if let debug { try writeRecord(merged.record, into: debug) }
    if let error = merged.cannotWrite { throw .data("\(output.name): cannot write \(format): \(error)") }
    if let bytes = merged.bytes {
      try output.write(bytes)
      report(merged.lost, writing: output.name)
    } else {
      // JSON, written as it is made, as a merge without conflicts is: a million tiles never in memory
      // as text.
      try output.write(merged.file.recorded, as: format)
    }
    let recorded = merged.recorded
    if !recorded.isEmpty { throw .outcome(1, lines: recorded.map { "conflict: \($0)" }) }
  }

  /// The three versions, read at once (each on a core of its own): a text file's bytes kept for the
  /// line merge; a JSON file read as the other commands read it, but for an empty base, which is an
  /// empty arrangement (git gives one when both sides added the file).
  static func loadVersions(_ paths: [String], formats: [ArrangementFormat]) throws(CLIError) -> [MergeVersion] {
    let results = Locked<[Result<MergeVersion, CLIError>?]>(Array(repeating: nil, count: paths.count))
    DispatchQueue.concurrentPerform(iterations: paths.count) { k in
      let result = Result { () throws(CLIError) in try loadVersion(paths[k], format: formats[k], isBase: k == 0) }
      results.withLock { $0[k] = result }
    }
    var versions: [MergeVersion] = []
    for result in results.withLock({ $0 }) { versions.append(try result!.get()) }
    return versions
  }

  static func loadVersion(_ path: String, format: ArrangementFormat, isBase: Bool) throws(CLIError) -> MergeVersion {
    if path == "/dev/null" { return MergeVersion(Arrangement(sections: []), format: format, bytes: []) }
    guard format != .json else {
      if isBase, try isEmptyInput(path) { return MergeVersion(Arrangement(sections: []), format: format) }
      return MergeVersion(try loadArrangement(path, format: format), format: format)
    }
    try refuseUnfinishedSave(path)
    let input = try Platform.input(path)
    return try textVersion(path, name: input.name, input.bytes, format: format)
  }

  /// The three files' bytes when none is JSON and each could be read (and is not cut short by a save):
  /// then `textVersion` reads each. Nil otherwise, for `loadVersions` to read them, and to say what
  /// is wrong as it does, the first failure in the order base, ours, theirs.
  static func textInputs(_ paths: [String], formats: [ArrangementFormat]) -> [(name: String, bytes: [UInt8])]? {
    guard !formats.contains(.json) else { return nil }
    var inputs: [(name: String, bytes: [UInt8])] = []
    for path in paths {
      guard path != "/dev/null" else {
        inputs.append((path, []))
        continue
      }
      do {
        try refuseUnfinishedSave(path)
        let input = try Platform.input(path)
        inputs.append((input.name, input.bytes))
      } catch {
        return nil
      }
    }
    return inputs
  }

  /// A text file's version read from its bytes (kept, for the line merge): an empty file is an empty
  /// arrangement; a file with conflicts is refused.
  static func textVersion(_ path: String, name: String, _ bytes: [UInt8], format: ArrangementFormat) throws(CLIError)
    -> MergeVersion
  {
    guard !bytes.isEmpty else { return MergeVersion(Arrangement(sections: []), format: format, bytes: []) }
    let file: ConflictedArrangement
    do {
      file = try ConflictedArrangement.read(bytes, format: format)
    } catch {
      throw invalidFile(path, name: name, error, readAs: format, looksLike: bytes.withUnsafeBufferPointer { looks($0) })
    }
    if let first = file.conflicts.first { throw conflicted(name, file, first: first) }
    // A JSON file's bytes are not kept: it takes the id merge, which needs only its arrangement.
    return MergeVersion(file.arrangement, format: format, bytes: format == .json ? nil : bytes)
  }

  /// Whether a file holds nothing but blanks (a pipe's bytes are kept by Platform.input, so reading
  /// it here does not take them from the reading after).
  static func isEmptyInput(_ path: String) throws(CLIError) -> Bool {
    guard path != "-", let stamp = Platform.stamp(of: path), stamp.size < 4096 else {
      return false
    }
    return try Platform.input(path).bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
  }

  /// The merge's record (`TILEGRID_MERGE_DEBUG=DIR`): a file per stage in DIR, made if missing.
  static func writeRecord(_ files: [MergeRecordFile], into directory: String) throws(CLIError) {
    do throws(Platform.WriteFailure) {
      try Platform.makeDirectory(directory)
      for file in files {
        _ = try Platform.writeFile(directory + "/" + file.name, force: true) { (write) throws(Platform.WriteFailure) in
          try write(file.bytes)
        }
      }
    } catch {
      throw CLIError(error)
    }
  }
}
