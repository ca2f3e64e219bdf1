import CursesTerminal
import Editor
import Formats
import TileModel

/// What the command line says about one option, whatever the type of its value: its spellings, the
/// value it takes (nil for a flag), its default, and its help line. The usage lines, `--help`, the
/// did-you-mean and the option table in docs/command-line.md are all made from these.
struct OptionSpec: Sendable, Equatable {
  /// The long name, `--width`.
  var name: String
  /// The short spelling, `-o`, if there is one (the same in every command that has the option).
  var short: String?
  /// The value's placeholder in help, `W`; nil for a flag.
  var placeholder: String?
  /// The values as the usage line spells them (`ours|theirs`), when they are a few words; else the
  /// placeholder.
  var choices: String?
  /// The default as the docs' table shows it; nil when the option has none (absent means absent).
  var defaultText: String?
  /// What it does, one line (help wraps it).
  var help: String
  /// How many times it may be given (`merge -L`: three); its values are in `Arguments.repeated`.
  var most = 1

  var isFlag: Bool { placeholder == nil }

  /// `-o, --output OUT`, `--press-ms N`: the option as its help line starts.
  var label: String {
    let names = [short, name].compactMap { $0 }.joined(separator: ", ")
    return placeholder.map { names + " " + $0 } ?? names
  }

  /// The option in a usage line: `-o OUT`, `--color auto|always|…`, `--trace`.
  var usage: String {
    let value = choices ?? placeholder
    return [short ?? name, value].compactMap { $0 }.joined(separator: " ")
  }

  /// The help lines: the label in an 18-column name column, the help wrapped at 100 columns beside it
  /// (below it when the label is wider than the column).
  var helpLines: [String] {
    let column = 18
    let words = help.split(separator: " ").map(String.init)
    var lines: [String] = []
    var line = label.count <= column - 2 ? label + String(repeating: " ", count: column - label.count) : label
    if label.count > column - 2 {
      lines.append(line)
      line = String(repeating: " ", count: column)
    }
    var fresh = true
    for word in words {
      if !fresh && line.count + 1 + word.count > 100 {
        lines.append(line)
        line = String(repeating: " ", count: column) + word
      } else {
        line += (fresh ? "" : " ") + word
      }
      fresh = false
    }
    lines.append(line)
    return lines
  }
}

/// An option with a value of type `Value`: its spec, its default, and the parser of its text. A bad
/// value is a usage error (64) naming the option and what it takes.
struct Option<Value: Sendable>: Sendable {
  var spec: OptionSpec
  var defaultValue: Value
  var parse: @Sendable (_ text: String, _ command: String?) throws(CLIError) -> Value
}

/// An option without a value.
struct Flag: Sendable {
  var spec: OptionSpec
}

/// Every option of every command, each declared once. A command lists the specs it takes in its
/// `Syntax`; its options value reads them through `Arguments.value(_:command:)`.
enum Options {
  static let help = Flag(spec: OptionSpec(name: "--help", short: "-h", help: "print this help"))

  // MARK: Input and output

  static let format = Option<ArrangementFormat?>(
    spec: OptionSpec(
      name: "--format", placeholder: "FORMAT",
      help: "read FILE as \(ArrangementFormat.names) (default: by its extension, \(ArrangementFormat.extensionNames); "
        + "a name without one by its content; standard input is JSON)"),
    defaultValue: nil, parse: formatName("--format"))

  static let to = Option<ArrangementFormat?>(
    spec: OptionSpec(
      name: "--to", placeholder: "FORMAT",
      help: "write the result as \(ArrangementFormat.names) (default: OUT's extension, else the input's "
        + "format); what the format cannot hold is named on standard error"),
    defaultValue: nil, parse: formatName("--to"))

  static let output = Option<String?>(
    spec: OptionSpec(
      name: "--output", short: "-o", placeholder: "OUT",
      help: "write OUT instead of printing ('-' prints): atomically, keeping OUT's mode, owner and other "
        + "names (hard links)"),
    defaultValue: nil, parse: { text, _ in text })

  static let inPlace = Flag(
    spec: OptionSpec(
      name: "--in-place", short: "-i",
      help: "write the result back to FILE, unless FILE changed on disk since it was read"))

  static let autosave = Flag(
    spec: OptionSpec(
      name: "--autosave",
      help: "save FILE about a second after each change (merging what changed on disk first, as s does); "
        + "S turns it on and off"))

  /// `--force` where it only writes.
  static let force = Flag(
    spec: OptionSpec(name: "--force", help: "write OUT even if it is read-only (it stays read-only)"))

  /// `--force` where a policy can refuse: `move`, `move-section`, `apply`.
  static let forcePolicies = Flag(
    spec: OptionSpec(
      name: "--force",
      help: "do what a policy refuses (move a locked tile, into or out of a locked section, into a full one; "
        + "move a locked section), and write FILE or OUT even if it is read-only (it stays read-only)"))

  // MARK: Screens and replays

  static let width = Option<Int?>(
    spec: OptionSpec(
      name: "--width", placeholder: "W",
      help: "the terminal's width in cells, from 1 to \(Screen.maximumSide)"),
    defaultValue: nil, parse: wholeNumber("--width", in: 1...Screen.maximumSide))

  static let height = Option<Int?>(
    spec: OptionSpec(
      name: "--height", placeholder: "H",
      help: "its height in cells, from 1 to \(Screen.maximumSide); with fewer than 3 rows no row is left "
        + "between the title bar and the status line"),
    defaultValue: nil, parse: wholeNumber("--height", in: 1...Screen.maximumSide))

  static let events = Option<String?>(
    spec: OptionSpec(
      name: "--events", placeholder: "EVENTS",
      help: "the events file to replay ('tilegrid play --help' lists the events), or '-' for standard input"),
    defaultValue: nil, parse: { text, _ in text })

  static let pressMilliseconds = Option<Int>(
    spec: OptionSpec(
      name: "--press-ms", placeholder: "N", defaultText: "300",
      help: "how long button 1 must be held still to lift a tile, in milliseconds, 0 to 60000 (default 300)"),
    defaultValue: 300, parse: { text, command throws(CLIError) in
      guard let value = try wholeNumber("--press-ms", in: 0...60_000)(text, command) else { return 300 }
      return value
    })

  static let color = Option<ColorChoice>(
    spec: OptionSpec(
      name: "--color", placeholder: "WHEN", choices: "auto|always|never|truecolor|256|16|8", defaultText: "auto",
      help: "auto (the default): color on a terminal unless NO_COLOR is set; always: color, 24-bit when "
        + "the terminal says it shows it (COLORTERM, TERM's terminfo RGB or Tc, a -direct TERM, the variables "
        + "of xterm, VTE, Konsole, kitty, WezTerm, Windows Terminal, iTerm2), else fewer; truecolor, 256, 16, "
        + "8: that depth whatever the terminal says; never: characters and attributes only"),
    defaultValue: .auto, parse: { text, command throws(CLIError) in
      guard let choice = ColorChoice(rawValue: text) else {
        throw .usage("--color takes \(ColorChoice.spelled), not '\(text)'", command: command)
      }
      return choice
    })

  static let motion = Option<Bool?>(
    spec: OptionSpec(
      name: "--motion", placeholder: "WHEN", choices: "on|off",
      help: "on: tiles glide to their places over 0.25 s; off: they jump there at once (the editor: on "
        + "where the terminal can show it, off with TILEGRID_MOTION=off, a console or vt100-like TERM, and "
        + "in pipe mode; play: off; render: on with --at); the arrangement is the same either way"),
    defaultValue: nil, parse: { text, command throws(CLIError) in
      switch text {
      case "on": return true
      case "off": return false
      default: throw .usage("--motion takes on or off, not '\(text)'", command: command)
      }
    })

  static let at = Option<Int?>(
    spec: OptionSpec(
      name: "--at", placeholder: "MS",
      help: "the frame MS milliseconds after the last event (0 to 60000), while what the events moved "
        + "glides to its place"),
    defaultValue: nil, parse: wholeNumber("--at", in: 0...60_000))

  static let trace = Flag(
    spec: OptionSpec(
      name: "--trace",
      help: "print each happening on standard error: lift S.I, move S.I -> S.I, refused S.I: REASON, drop "
        + "S.I, cancel, scroll D, undo, redo, mark S.I, lift block …, lift section S, move section S -> S, "
        + "place S.I -> S.I, …"))

  static let record = Option<String?>(
    spec: OptionSpec(
      name: "--record", placeholder: "EVENTS",
      help: "write the session to the events file EVENTS as it happens, so that play replays it"),
    defaultValue: nil, parse: { text, _ in text })

  static let keys = Option<String?>(
    spec: OptionSpec(
      name: "--keys", placeholder: "FILE",
      help: "the editor's keys from FILE, a keys file ('command = key, key'; tilegrid keys prints one), instead "
        + "of $XDG_CONFIG_HOME/tilegrid/keys (the editor and keys) or the standard keys (play and render)"),
    defaultValue: nil, parse: { text, _ in text })

  // MARK: Diff and merge

  static let name = Option<String?>(
    spec: OptionSpec(
      name: "--name", placeholder: "PATH",
      help: "the file's path in the repository (git's %P): its extension names the format of the files "
        + "read, whatever their own names (git's temporary files have none)"),
    defaultValue: nil, parse: { text, _ in text })

  static let json = Flag(
    spec: OptionSpec(name: "--json", help: "the same edits as a JSON array, for tools ('[]' when they are equal)"))

  static let prefer = Option<MergeSide>(
    spec: OptionSpec(
      name: "--prefer", placeholder: "SIDE", choices: "ours|theirs", defaultText: "ours",
      help: "'ours' (the default) or 'theirs': the side conflicts are resolved toward"),
    defaultValue: .ours, parse: { text, command throws(CLIError) in
      guard let side = MergeSide(rawValue: text) else {
        throw .usage("--prefer is 'ours' or 'theirs', not '\(text)'", command: command)
      }
      return side
    })

  static let label = Option<String?>(
    spec: OptionSpec(
      name: "--label", short: "-L", placeholder: "LABEL",
      help: "the conflict markers' labels, up to three times as git merge-file takes them: the first for ours "
        + "(<<<<<<< LABEL), the second for the base, the third for theirs (>>>>>>> LABEL); default ours and theirs",
      most: 3),
    defaultValue: nil, parse: { text, _ in text })

  static let markerSize = Option<Int?>(
    spec: OptionSpec(
      name: "--marker-size", placeholder: "N",
      help: "the conflict markers' width, from 7 (git's default) to 100: as git passes it to a merge driver "
        + "with %L (the conflict-marker-size attribute)"),
    defaultValue: nil, parse: wholeNumber("--marker-size", in: 7...100))

  /// Every option, in the order the docs' table lists them.
  static let all: [OptionSpec] = [
    format.spec, to.spec, output.spec, inPlace.spec, force.spec, forcePolicies.spec, width.spec, height.spec,
    events.spec, at.spec, pressMilliseconds.spec, color.spec, motion.spec, trace.spec, record.spec, keys.spec, autosave.spec, name.spec,
    json.spec, prefer.spec, label.spec, markerSize.spec,
  ]

  // MARK: Parsers

  /// A whole number within bounds.
  static func wholeNumber(
    _ name: String, in range: ClosedRange<Int>
  ) -> @Sendable (String, String?) throws(CLIError) -> Int? {
    { text, command throws(CLIError) in
      guard let value = Int(text), range.contains(value) else {
        throw .usage(
          "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'",
          command: command)
      }
      return value
    }
  }

  /// A format's name, as `--format` and `--to` take it.
  static func formatName(_ name: String) -> @Sendable (String, String?) throws(CLIError) -> ArrangementFormat? {
    { text, command throws(CLIError) in
      guard let format = ArrangementFormat(name: text) else {
        throw .usage("\(name) takes \(ArrangementFormat.names), not '\(text)'", command: command)
      }
      return format
    }
  }
}

extension Arguments {
  /// The option's value: parsed from the command line, or its default when it is not given.
  func value<Value>(_ option: Option<Value>, command: String?) throws(CLIError) -> Value {
    guard let text = values[option.spec.name] else { return option.defaultValue }
    return try option.parse(text, command)
  }

  /// The option's value, which the command requires ("--width is required").
  func required<Value>(_ option: Option<Value?>, command: String?) throws(CLIError) -> Value {
    guard let value = try self.value(option, command: command) else {
      throw .usage("\(option.spec.name) is required", command: command)
    }
    return value
  }

  /// Whether the flag is given.
  func has(_ flag: Flag) -> Bool { flags.contains(flag.spec.name) }
}

extension TileGridCommand {
  /// The table of every option in docs/command-line.md ("Options"), made from the declarations: each
  /// option, its default, the commands that take it, and its help line. A test compares the page's
  /// table with this.
  static var optionTable: String {
    func cell(_ text: String) -> String { text.replacingAll("|", with: "\\|") }
    var lines = ["| option | default | taken by | what it does |", "|---|---|---|---|"]
    for spec in Options.all {
      let users = ([editorCommand] + commands).filter { $0.syntax.options.contains(spec) }
      let names = users.map { "`\($0.name.isEmpty ? "tilegrid" : $0.name)`" }.joined(separator: ", ")
      let defaultText = spec.defaultText.map { "`\($0)`" } ?? ""
      lines.append("| `\(cell(spec.label))` | \(defaultText) | \(names) | \(cell(spec.help)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
