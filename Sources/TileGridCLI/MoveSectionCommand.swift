import Files
import TileModel

// MARK: - move-section

extension TileGridCommand {
  static let moveSectionCommand = Command(
    name: "move-section", operands: "[FILE|-] FROM TO",
    summary: "move a section with its tiles",
    details: """
      Moves one section with all its tiles: removes it at FROM and inserts it at TO (never a swap), then
      prints the result, or writes it to OUT or back to FILE.

      FROM              a section: its index, zero-based (1), or its id (favorites); an id made of
                        digits is written with a colon after it (2024:)
      TO                where it goes: an index among the sections once it is taken out (0 to the
                        number of sections - 1; the number of sections is the end too), or another
                        section's id (the section goes to that one's index, as a tile goes to a tile's)
      {options}

      Other sections move around a locked one. A refused move prints why and exits 65; nothing is
      written. Two operands are FROM and TO, read from standard input, unless the first names a file.
      In a Markdown board a section moves with its heading and everything under it, up to the next
      heading; nothing else in the file changes.

      """,
    syntax: Syntax(
      options: [
        Options.output.spec, Options.inPlace.spec, Options.forcePolicies.spec, Options.format.spec, Options.to.spec,
      ], maximumOperands: 3,
      operands: "FROM and TO, after an optional FILE"),
    run: runMoveSection)

  /// `move-section`'s command line.
  struct MoveSectionOptions {
    var path: String
    var fromText: String
    var toText: String
    var output: Output
    var inPlace: Bool
    var formats: FormatOptions

    init(_ args: Arguments) throws(CLIError) {
      let command = "move-section"
      let operands = args.operands
      if operands.count == 3 {
        (path, fromText, toText) = (operands[0], operands[1], operands[2])
      } else if operands.count == 2 && operands[0] != "-" && !Platform.exists(operands[0]) {
        (path, fromText, toText) = (try inputPath(nil, command: command), operands[0], operands[1])
      } else {
        let got = operands.isEmpty ? "" : " (got \(operands.map { "'\($0)'" }.joined(separator: " and ")))"
        throw .usage("'tilegrid move-section' needs both FROM and TO\(got)", command: command)
      }
      (output, inPlace) = try Output.editing(args, file: path, command: command)
      formats = try FormatOptions(args, command: command)
    }
  }

  static func runMoveSection(_ args: Arguments) throws(CLIError) {
    let options = try MoveSectionOptions(args)
    let (fromText, toText) = (options.fromText, options.toText)
    var output = options.output

    let format = options.formats.reading(options.path)
    if options.inPlace {
      try options.formats.refuseConversionInPlace(options.path, readAs: format, command: "move-section")
    }
    var (arrangement, _, stamp) = try load(options.path, format: format)
    let count = arrangement.sections.count
    let from = try sectionIndex(fromText, in: arrangement, role: "FROM")
    var to = try sectionIndex(toText, in: arrangement, role: "TO", allowingEnd: true)
    // The number of sections is the end, as a tile's TO may be its section's count.
    if to == count { to = count - 1 }
    do {
      try arrangement.moveSection(SectionMove(from: from, to: to), force: output.force)
    } catch {
      let hint = error.isPolicyRefusal ? " (--force moves it anyway)" : ""
      throw .data("cannot move section \(fromText) to \(toText): \(error)\(hint)")
    }
    if options.inPlace { output.replacing(options.path, readAs: stamp) }
    try output.write(arrangement, as: options.formats.writing(to: output, input: format))
  }

  /// The index a section argument names: a whole number is an index (checked against the sections;
  /// with `allowingEnd`, the count is accepted too), anything else an id, `ID:` an id made of digits.
  static func sectionIndex(
    _ text: String, in arrangement: Arrangement, role: String, allowingEnd: Bool = false
  ) throws(CLIError) -> Int {
    let count = arrangement.sections.count
    if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      guard let index = Int(text), index < count || (allowingEnd && index == count) else {
        let places = count == 0 ? "the arrangement has no sections" : "sections are 0 to \(count - 1)"
        let end = allowingEnd && count > 0 ? ", or \(count) for the end" : ""
        throw .data("\(role): there is no section \(text) (\(places)\(end))")
      }
      return index
    }
    let id = text.hasSuffix(":") ? String(text.dropLast()) : text
    guard !id.isEmpty, let index = arrangement.sectionIndex(ofID: id) else {
      throw .data("\(role): there is no section with id \(JSONString.excerpt(id))")
    }
    return index
  }
}
