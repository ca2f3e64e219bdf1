import TileModel

/// What a command accepts on its command line: the options it takes (each declared once, in
/// `Options`), in the order its usage line lists them, and its operands. Every command takes `--help`
/// (`-h`) besides these.
struct Syntax: Sendable {
  /// The options, in usage-line order.
  var options: [OptionSpec] = []
  /// The long names of the options the command requires (written without brackets in the usage line).
  var required: [String] = []
  /// The most operands (FILE, FROM, TO…) the command takes; nil for any number.
  var maximumOperands: Int? = 0
  /// The operands in words, for the message about too many: "no arguments", "at most one FILE".
  var operands = "no arguments"

  /// Options that take a value (`--width 80` or `--width=80`), by their long names.
  var valued: [String] { options.filter { !$0.isFlag }.map(\.name) }
  /// Options that take none.
  var flags: [String] { options.filter(\.isFlag).map(\.name) }

  /// Short spellings, the same in every command that has the long option (from the declarations).
  /// There are deliberately no short forms for sizes: `-h` is help everywhere, so `-w`/`-h` for width
  /// and height cannot be.
  static let shortForms: [String: String] = {
    var forms: [String: String] = [:]
    for spec in Options.all + [Options.help.spec] {
      if let short = spec.short { forms[short] = spec.name }
    }
    return forms
  }()

  /// Every long option the command knows, `--help` included.
  var longOptions: [String] { options.map(\.name) + ["--help"] }

  /// The options as the usage line writes them after the operands: a required one as it is, the others
  /// in brackets, `-o OUT` and `-i` as one choice.
  var usage: String {
    var words: [String] = []
    for spec in options {
      if spec.name == Options.inPlace.spec.name && longOptions.contains(Options.output.spec.name) { continue }
      if spec.name == Options.output.spec.name && longOptions.contains(Options.inPlace.spec.name) {
        words.append("[\(spec.usage) | \(Options.inPlace.spec.usage)]")
      } else if required.contains(spec.name) {
        words.append(spec.usage)
      } else {
        words.append("[\(spec.usage)]")
      }
    }
    return words.joined(separator: " ")
  }

  /// The help lines of every option, in order.
  var helpLines: [String] { options.flatMap(\.helpLines) }
}

/// A command's parsed command line: operands in order, options with values, and flags, each under its
/// long name.
///
/// The rule for `--help`: the command line is parsed in full first. An unknown option, an option
/// without its value, or more operands than the command takes is an error (64) wherever it stands, also
/// next to `--help`. Only when all of that is well-formed does `--help` (or `-h`), anywhere, print the
/// help; missing operands or options and bad values are then not checked, since finding them out is
/// what help is for. So `tilegrid layout demo.json -w 80 -h 24` is an error about `-w`, not help.
struct Arguments {
  var operands: [String] = []
  var values: [String: String] = [:]
  /// Every value of an option that may be given more than once, in order (the last is in `values`).
  var repeated: [String: [String]] = [:]
  var flags: Set<String> = []
  /// How help was asked for (`-h` or `--help`), if it was.
  var helpSpelling: String?

  var wantsHelp: Bool { helpSpelling != nil }

  /// Parses `arguments` for `command` (empty for the editor, `tilegrid [FILE]`). `--` ends the
  /// options; `-` alone is an operand (standard input).
  init(_ arguments: [String], command: String, syntax: Syntax) throws(CLIError) {
    let helpCommand = command.isEmpty ? nil : command
    let known = syntax.longOptions
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        operands.append(contentsOf: rest)
        break
      }
      guard argument.hasPrefix("-") && argument != "-" else {
        operands.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<eq])
        inlineValue = String(argument[argument.index(after: eq)...])
      }
      if let long = Syntax.shortForms[name], known.contains(long) { name = long }
      if syntax.valued.contains(name) {
        guard let value = inlineValue ?? rest.popFirst() else {
          throw .usage("\(Self.spelling(name)) needs a value", command: helpCommand)
        }
        let most = syntax.options.first { $0.name == name }?.most ?? 1
        repeated[name, default: []].append(value)
        if repeated[name]!.count > most {
          throw .usage(
            most == 1 ? "\(Self.spelling(name)) is given twice" : "\(Self.spelling(name)) is given more than \(most) times",
            command: helpCommand)
        }
        values[name] = value
      } else if known.contains(name) {
        if inlineValue != nil { throw .usage("\(name) takes no value", command: helpCommand) }
        if name == "--help" { helpSpelling = helpSpelling ?? argument }
        // `--help` twice still asks for help; any other flag given twice is a mistake, as a value is.
        if !flags.insert(name).inserted && name != "--help" {
          throw .usage("\(Self.spelling(name)) is given twice", command: helpCommand)
        }
      } else {
        let place = command.isEmpty ? "" : " for 'tilegrid \(command)'"
        let hint = Self.suggestion(for: name, among: known).map { "; did you mean \($0)?" } ?? ""
        throw .usage("unknown option '\(argument)'\(place)\(hint)", command: helpCommand)
      }
    }
    if let maximum = syntax.maximumOperands, operands.count > maximum {
      let name = command.isEmpty ? "tilegrid" : "tilegrid \(command)"
      let given = operands.map { "'\($0)'" }.joined(separator: ", ")
      var message = "'\(name)' takes \(syntax.operands), not \(operands.count) (\(given))"
      // `layout FILE --width 80 -h 24`: the 24 was meant for the height.
      if helpSpelling == "-h" && known.contains("--height") {
        message += "; -h asks for help, the height is --height H"
      }
      throw .usage(message, command: helpCommand)
    }
  }

  /// An option's name as messages show it: with its short form, if it has one (`-o/--output`).
  static func spelling(_ long: String) -> String {
    guard let short = Syntax.shortForms.first(where: { $0.value == long })?.key else { return long }
    return "\(short)/\(long)"
  }

  /// The option a mistyped one probably meant: `-w` or `-width` for `--width`, an abbreviation like
  /// `--wid`, or a typo within two letters like `--inplace`; nil unless exactly one fits.
  static func suggestion(for name: String, among known: [String]) -> String? {
    func unique(_ candidates: [String]) -> String? { candidates.count == 1 ? candidates[0] : nil }
    if !name.hasPrefix("--") {
      return unique(known.filter { $0.hasPrefix("-" + name) })
    }
    return unique(known.filter { $0.hasPrefix(name) }) ?? unique(known.filter { editDistance($0, name) <= 2 })
  }

  /// Levenshtein distance between two short strings.
  static func editDistance(_ a: String, _ b: String) -> Int { Sequences.editDistance(a, b) }
}

/// A tile's place as the command line writes it: `S.I` (zero-based) or `SECTION_ID:I`.
struct PlaceArgument: Equatable {
  var place: WrittenPlace

  init(_ text: String, role: String, command: String) throws(CLIError) {
    guard let place = WrittenPlace(text) else {
      throw .usage(
        "\(role) '\(text)' is not a place: write SECTION.ITEM (like 1.3) or SECTION_ID:ITEM (like favorites:0)",
        command: command)
    }
    self.place = place
  }

  /// Whether `text` is written as a place (it may still name no tile).
  static func isPlace(_ text: String) -> Bool { WrittenPlace(text) != nil }

  /// The path in `arrangement`; an unknown section id is a data error (exit 65).
  func resolve(in arrangement: Arrangement, role: String) throws(CLIError) -> ItemPath {
    guard let path = arrangement.path(for: place) else {
      guard case .id(let id, _) = place else { preconditionFailure("an index always names a path") }
      throw .data("\(role): there is no section with id \(JSONString.excerpt(id))")
    }
    return path
  }
}
