import TileModel

// MARK: - move

extension TileGridCommand {
  static let moveCommand = Command(
    name: "move", operands: "[FILE|-] FROM[,FROM...] TO",
    summary: "move tiles (remove + insert; policies apply)",
    details: """
      Moves one tile, or several together: removes them at FROM and inserts them at TO (never a swap),
      then prints the result, or writes it to OUT or back to FILE.

      FROM, TO          SECTION.ITEM, zero-based (1.3), or SECTION_ID:ITEM (favorites:0). TO is a place
                        in the arrangement after the tiles are taken out; it may be a section's tile count
                        (the end).
      FROM,FROM...      several tiles, in any order: they are taken out together and inserted at TO
                        as one run, in the order they had (reading order), the first at TO
      {options}

      A Markdown board, a list of lines or a table is written back in its own format: the file changes
      by the moved item's lines only ('tilegrid move board.md 0.0 1.0 -i').

      Policies apply to every tile: a locked tile does not move, a locked section lets none in or out,
      and a section with a maximum takes the tiles only if all of them fit. A refused move prints why
      and exits 65; nothing is written. So is taking the last tiles from before a text file's first
      heading: their section has no heading to stay in the file by, and no move would bring it back.

      """,
    syntax: Syntax(
      options: [
        Options.output.spec, Options.inPlace.spec, Options.forcePolicies.spec, Options.format.spec, Options.to.spec,
      ], maximumOperands: 3,
      operands: "FROM and TO, after an optional FILE"),
    run: runMove)

  /// `move`'s command line: FILE, the places as written and as parsed, and where the result goes.
  struct MoveOptions {
    var path: String
    var fromText: String
    var toText: String
    /// Each FROM of a comma-separated list, as written and as parsed.
    var fromTexts: [String]
    var froms: [PlaceArgument]
    var to: PlaceArgument
    var output: Output
    var inPlace: Bool
    var formats: FormatOptions

    init(_ args: Arguments) throws(CLIError) {
      let command = "move"
      let operands = args.operands
      if operands.count == 3 {
        (path, fromText, toText) = (operands[0], operands[1], operands[2])
      } else if operands.count == 2 && PlaceArgument.arePlaces(operands[0]) {
        (path, fromText, toText) = (try inputPath(nil, command: command), operands[0], operands[1])
      } else {
        throw missingPlaces(operands)
      }
      (output, inPlace) = try Output.editing(args, file: path, command: command)
      fromTexts = fromText.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard fromTexts.count == 1 || PlaceArgument.arePlaces(fromText) else {
        throw .usage(
          "FROM '\(fromText)' is not a place: write SECTION.ITEM (like 1.3) or SECTION_ID:ITEM (like favorites:0), "
            + "several joined by commas (like 0.1,2.0)", command: command)
      }
      froms = try fromTexts.map { (text) throws(CLIError) in try PlaceArgument(text, role: "FROM", command: command) }
      to = try PlaceArgument(toText, role: "TO", command: command)
      formats = try FormatOptions(args, command: command)
    }
  }

  static func runMove(_ args: Arguments) throws(CLIError) {
    let options = try MoveOptions(args)
    let (fromText, toText) = (options.fromText, options.toText)
    var output = options.output
    let format = options.formats.reading(options.path)
    if options.inPlace { try options.formats.refuseConversionInPlace(options.path, readAs: format, command: "move") }
    var (arrangement, _, stamp) = try load(options.path, format: format)
    var sources: [ItemPath] = []
    for from in options.froms { sources.append(try from.resolve(in: arrangement, role: "FROM")) }
    let destination = try options.to.resolve(in: arrangement, role: "TO")
    let untitledCount = untitledFirstCount(arrangement)
    // Each moved card's id and lane, for checking it as the editor does (complete lanes).
    let moved = sources.compactMap { arrangement.contains($0) ? (arrangement[$0].id, $0.section) : nil }
    if sources.count == 1 {
      try moveOne(
        &arrangement, from: sources[0], to: destination, fromText: fromText, toText: toText, force: output.force)
    } else {
      for (k, source) in sources.enumerated() where sources[..<k].contains(source) {
        let first = options.fromTexts[sources.firstIndex(of: source)!]
        throw .data("FROM names tile \(source) twice ('\(first)' and '\(options.fromTexts[k])')")
      }
      // TO counts places once the tiles are out; the section's count as it is now is the end too.
      switch arrangement.gathering(sources, atPlace: destination, force: output.force) {
      case .success(let move):
        try! arrangement.move(move, force: true)
      case .failure(let error):
        var reason = error.description
        if case .noSuchDestination(let place, let valid) = error {
          let count = arrangement.sections[place.section].count
          reason = "\(toText) is not a place to move to (section \(place.section) takes 0 to \(valid.upperBound)"
            + (valid.upperBound < count ? " once the tiles are taken out, or \(count) for the end)" : ")")
        }
        let hint = error.isPolicyRefusal ? " (--force moves them anyway)" : ""
        throw .data("cannot move \(fromText) to \(toText): \(reason)\(hint)")
      }
    }
    for (id, from) in moved {
      guard let path = arrangement.path(ofTileID: id) else { continue }
      for edit in arrangement.completeLaneEdits(movedTo: path, count: 1, from: from) {
        _ = try? arrangement.apply(edit, force: true)
      }
    }
    let writing = options.formats.writing(to: output, input: format)
    if !output.force && writing != .json && emptiesUntitledFirst(before: untitledCount, after: arrangement) {
      throw .data(
        "cannot move \(fromText) to \(toText): it takes the last tiles from before the first heading, and "
          + "their section, having no heading, would be gone from the file: no move could bring them back "
          + "(--force moves anyway)")
    }
    if options.inPlace { output.replacing(options.path, readAs: stamp) }
    try output.write(arrangement, as: writing)
  }

  /// How many tiles the untitled first section holds (the tiles before a text file's first heading), or
  /// nil when the first section has a heading.
  static func untitledFirstCount(_ arrangement: Arrangement) -> Int? {
    guard let first = arrangement.sections.first,
      first.extras.contains(where: { $0.key == "untitled" && $0.value == .bool(true) })
    else { return nil }
    return first.count
  }

  /// Whether a move left empty the untitled first section that held tiles: a text file cannot keep it
  /// (it has no heading), so the move would have no reverse (DECISIONS.md).
  static func emptiesUntitledFirst(before: Int?, after arrangement: Arrangement) -> Bool {
    guard let before, before > 0 else { return false }
    return untitledFirstCount(arrangement) == 0
  }

  /// One tile, as `move` always moved it: TO = the section's count is the end, also in its own section.
  static func moveOne(
    _ arrangement: inout Arrangement, from source: ItemPath, to place: ItemPath, fromText: String, toText: String,
    force: Bool
  ) throws(CLIError) {
    do {
      // TO may also be the section's tile count, the end, in the tile's own section too.
      try arrangement.move(from: source, toPlace: place, force: force)
    } catch {
      var reason = error.description
      if case .noSuchDestination(let place, let valid) = error, place.section == source.section {
        // Within the tile's own section, name the place as it was written.
        let places = "\(valid.lowerBound) to \(valid.upperBound)"
        reason = "\(toText) is not a place to move to (section \(place.section) takes \(places))"
      }
      let hint = error.isPolicyRefusal ? " (--force moves it anyway)" : ""
      throw .data("cannot move \(fromText) to \(toText): \(reason)\(hint)")
    }
  }

  /// The usage error for a `move` without both FROM and TO, saying which is missing. Two operands are
  /// FROM and TO when the first is written as places, else FILE and FROM.
  static func missingPlaces(_ operands: [String]) -> CLIError {
    var given: [String] = []
    var missing = "both are missing"
    switch operands.count {
    case 1 where PlaceArgument.arePlaces(operands[0]):
      given = ["FROM '\(operands[0])'"]
      missing = "TO is missing"
    case 1:
      given = ["FILE '\(operands[0])'"]
    case 2:
      given = ["FILE '\(operands[0])'", "FROM '\(operands[1])'"]
      missing = "TO is missing"
    default:
      break
    }
    let got = given.isEmpty ? "" : " (got \(given.joined(separator: " and ")))"
    return .usage("'tilegrid move' needs both FROM and TO: \(missing)\(got)", command: "move")
  }
}

extension PlaceArgument {
  /// Whether `text` is written as one place or several joined by commas (they may still name no tile).
  static func arePlaces(_ text: String) -> Bool {
    text.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { isPlace(String($0)) }
  }
}
