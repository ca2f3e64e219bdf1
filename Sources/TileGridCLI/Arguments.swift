import TileModel

/// A command's parsed command line: positionals in order, options with values, and flags.
struct Arguments {
  var positionals: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []

  /// Parses `arguments` for `command`. `valued` are the options that take a value (`--width 80` or
  /// `--width=80`), `flags` those that do not; anything else starting with `-` (but `-` itself) is an
  /// unknown option. `--` ends the options.
  init(_ arguments: [String], command: String, valued: Set<String>, flags knownFlags: Set<String>) throws(CLIError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        positionals.append(contentsOf: rest)
        break
      }
      guard argument.hasPrefix("-") && argument != "-" else {
        positionals.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<eq])
        inlineValue = String(argument[argument.index(after: eq)...])
      }
      if valued.contains(name) {
        guard let value = inlineValue ?? rest.popFirst() else {
          throw .usage("\(name) needs a value", command: command)
        }
        if values[name] != nil { throw .usage("\(name) is given twice", command: command) }
        values[name] = value
      } else if knownFlags.contains(name) && inlineValue == nil {
        flags.insert(name)
      } else {
        throw .usage("unknown option '\(argument)' for 'tilegrid \(command)'", command: command)
      }
    }
  }

  /// A whole number option within bounds, or `nil` if absent.
  func integer(_ name: String, in range: ClosedRange<Int>, command: String) throws(CLIError) -> Int? {
    guard let text = values[name] else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw .usage("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'", command: command)
    }
    return value
  }

  func requiredInteger(_ name: String, in range: ClosedRange<Int>, command: String) throws(CLIError) -> Int {
    guard let value = try integer(name, in: range, command: command) else {
      throw .usage("\(name) is required", command: command)
    }
    return value
  }
}

/// A tile's place as the command line writes it: `S.I` (zero-based) or `SECTION_ID:I`.
struct PlaceArgument: Equatable {
  enum SectionRef: Equatable {
    case index(Int)
    case id(String)
  }

  var section: SectionRef
  var item: Int

  init(_ text: String, role: String, command: String) throws(CLIError) {
    func wholeNumber(_ s: Substring) -> Int? {
      guard !s.isEmpty, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      return Int(s)
    }
    let problem = CLIError.usage(
      "\(role) '\(text)' is not a place: write SECTION.ITEM (like 1.3) or SECTION_ID:ITEM (like favorites:0)",
      command: command)
    if let colon = text.lastIndex(of: ":") {
      let id = text[..<colon]
      guard !id.isEmpty, let item = wholeNumber(text[text.index(after: colon)...]) else { throw problem }
      section = .id(String(id))
      self.item = item
    } else if let dot = text.firstIndex(of: "."), let s = wholeNumber(text[..<dot]),
      let item = wholeNumber(text[text.index(after: dot)...])
    {
      section = .index(s)
      self.item = item
    } else {
      throw problem
    }
  }

  /// The path in `arrangement`; an unknown section id is a data error (exit 65).
  func resolve(in arrangement: Arrangement, role: String) throws(CLIError) -> ItemPath {
    switch section {
    case .index(let s):
      return ItemPath(s, item)
    case .id(let id):
      guard let s = arrangement.sectionIndex(ofID: id) else {
        throw .data("\(role): there is no section with id \(JSONWriter.quoted(id))")
      }
      return ItemPath(s, item)
    }
  }
}
