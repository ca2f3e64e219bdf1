import Editor
import Formats

// MARK: - tilegrid.1: the manual, made from the same declarations as --help and the keymap

extension TileGridCommand {
  /// The manual page (`man tilegrid`) in roff, as `tilegrid help --man` prints it: the usage lines and
  /// the commands' help from `commands`, the options from `Options.all`, the keys from the standard
  /// keymap, the exit statuses from docs/command-line.md (copied as the help topics are). The
  /// repository's tilegrid.1 is this text (a test compares them); `Scripts/install` installs it.
  static var manual: String {
    var page: [String] = [
      ".\\\" The manual of tilegrid, made by 'tilegrid help --man' from the declarations of its commands,",
      ".\\\" options and keys: change those, not this file, and make it again.",
      ".TH TILEGRID 1 \"\" \"tilegrid \(version)\" \"User Commands\"",
      // No word hyphenated, as the help prints them: options and file names are copied as they read.
      ".nr HY 0",
      ".nh",
      ".ad l",
      ".SH NAME",
      "tilegrid \\- colored tiles in sections, reordered by mouse or keyboard, saved as \(ArrangementFormat.kinds)",
      ".SH SYNOPSIS",
    ]
    for command in [editorCommand] + commands {
      page += [".SY tilegrid", Roff.synopsis([command.name, command.synopsis].filter { !$0.isEmpty }.joined(separator: " ")), ".YS"]
    }
    page += [
      ".SY tilegrid", Roff.synopsis("help [COMMAND|TOPIC]"), ".YS",
      ".SY tilegrid", Roff.synopsis("--version"), ".YS",
    ]
    page += [".SH DESCRIPTION"] + Manual.description.flatMap { [".PP", Roff.text($0)] }
    page += [".SH COMMANDS"] + commandEntries
    page += [".SH OPTIONS"] + optionEntries
    page += [".SH KEYS"] + keyEntries
    page += [".SH FILES"] + Manual.files.flatMap { [".TP", Roff.synopsis($0.name), Roff.text($0.text)] }
    page += [".SH ENVIRONMENT"] + Manual.environment.flatMap { [".TP", Roff.bold($0.name), Roff.text($0.text)] }
    page += [".SH \"EXIT STATUS\""] + Roff.markdown(HelpTopic.exitStatusText.markdown)
    page += [".SH EXAMPLES"]
    for example in Manual.examples {
      page += [".PP", Roff.text(example.text), ".PP", ".RS 4", ".EX", Roff.text(example.command), ".EE", ".RE"]
    }
    page += [
      ".SH \"SEE ALSO\"",
      Roff.text(
        "git(1), gitattributes(5); 'tilegrid help keys', 'tilegrid help formats', 'tilegrid help merge'; the "
          + "repository's docs/: editor.md, command-line.md, formats.md, version-control.md."),
    ]
    return page.joined(separator: "\n") + "\n"
  }

  /// COMMANDS: the editor, each command with its help (its options named; OPTIONS describes them), and help.
  static var commandEntries: [String] {
    var lines: [String] = [".TP", Roff.synopsis("tilegrid [FILE|-]")]
    lines += [Roff.text(Manual.editor), Roff.text(optionsSentence(editorCommand))]
    for command in commands {
      lines += [".TP", Roff.synopsis("tilegrid \(command.name) \(command.operands)")]
      // The first paragraph goes beside the tag, as the editor's does.
      lines += Roff.details(command.details, options: optionsSentence(command)).drop { $0 == ".IP" }
    }
    lines += [".TP", Roff.synopsis("tilegrid help [COMMAND|TOPIC]")]
    lines += [
      Roff.text(
        "Prints the overview of the commands and keys (also tilegrid --help), a command's help (also tilegrid "
          + "COMMAND --help), or a topic from the docs:"),
      ".RS",
    ]
    for topic in helpTopics {
      lines += [".TP", Roff.bold(topic.name), Roff.text(topic.summary)]
    }
    lines += [".RE", ".TP", Roff.synopsis("tilegrid --version"), Roff.text("Prints the version, and the curses library's.")]
    return lines
  }

  /// `Options: --a, --b.` for a command's entry; nothing for a command without options.
  static func optionsSentence(_ command: Command) -> String {
    let names = command.syntax.options.map(\.name)
    return names.isEmpty ? "" : "Options (OPTIONS): " + names.joined(separator: ", ") + "."
  }

  /// OPTIONS: every option, as `Options.all` declares it, with the commands that take it.
  static var optionEntries: [String] {
    Options.all.flatMap { spec -> [String] in
      let users = ([editorCommand] + commands).filter { $0.syntax.options.contains(spec) }
      let names = users.map { $0.name.isEmpty ? "tilegrid" : $0.name }.joined(separator: ", ")
      let label = [spec.short, spec.name].compactMap { $0 }.joined(separator: ", ")
        + (spec.placeholder.map { " " + $0 } ?? "")
      return [".TP", Roff.synopsis(label), Roff.text(spec.help + "."), ".br", Roff.text("Taken by: \(names).")]
    }
  }

  /// KEYS: the editor's commands in each context with their standard keys, and the mouse.
  static var keyEntries: [String] {
    var lines = [
      Roff.text(
        "The editor's commands, each with its standard keys, in the context where they apply; ? shows them "
          + "in the editor, : runs any command by its name, and a keys file (FILES) gives them other keys."),
    ]
    let keymap = Keymap.standard
    for context in KeyContext.allCases {
      let listed = Keymap.listed(in: context, among: KeyContext.allCases)
      guard !listed.isEmpty else { continue }
      // A line a command: its keys, then its name (as a keys file and : name it) and what it does.
      lines += [".SS " + Roff.argument(context.title), ".PD 0"]
      for command in listed {
        let keys = keymap.keys(command).map(\.name)
        lines += [".TP 16", keys.isEmpty ? Roff.text("(none)") : keys.map(Roff.bold).joined(separator: ", ")]
        lines.append(Roff.italic(command.name) + Roff.text(": " + command.declaration.help))
      }
      lines.append(".PD")
      if context == .question { lines += [".PP", Roff.text("Any other key answers no.")] }
    }
    lines += [".SS Mouse", ".PD 0"]
    for entry in KeyHelp.mouse {
      lines += [".TP 16", Roff.bold(entry.keys), Roff.text(entry.action)]
    }
    return lines + [".PD"]
  }
}

/// The manual's prose that no declaration holds: what the editor is, the files, the environment, the
/// examples (each example's command line is parsed by a test, as the command would parse it).
enum Manual {
  static let description = [
    "TileGrid shows colored tiles in sections on the terminal and lets you reorder them: hold the mouse "
      + "button on a tile to lift it and drag it, or use the keys. It edits and saves arrangements as "
      + "\(ArrangementFormat.kinds), and diffs, applies and merges them by ids, also as git's "
      + "diff and merge drivers.",
    "Without a command word, tilegrid opens the editor on FILE. The other commands work without a terminal: "
      + "they read a file (or standard input), and print the result or write it (-o OUT atomically, -i back "
      + "into FILE).",
    "FILE '-' (or no FILE, when standard input is not a terminal) reads standard input. FROM and TO are "
      + "SECTION.ITEM (zero-based, like 1.3) or SECTION_ID:ITEM (like favorites:0). A file is read in the "
      + "format its extension names (\(ArrangementFormat.allCases.flatMap(\.extensions).joined(separator: ", "))), else by --format.",
  ]

  static let editor =
    "The editor: no FILE opens the built-in demo; '-' reads standard input (pipe mode: the terminal is "
    + "/dev/tty, and when standard output is not a terminal the arrangement saved last goes there when the "
    + "editor ends). s saves FILE in place, q quits (asking about unsaved changes); KEYS lists every key. "
    + "SIGTERM and SIGHUP keep unsaved changes in a recovery file (FILES)."

  static let files: [(name: String, text: String)] = [
    (
      "$XDG_CONFIG_HOME/tilegrid/keys",
      "The keys file, else ~/.config/tilegrid/keys: one command a line, 'command = key, key' ('#' starts a "
        + "comment). 'tilegrid keys' prints the keys in effect in this form, and 'tilegrid help keys' lists "
        + "them; --keys FILE reads another."
    ),
    (
      "FILE.recovery.json",
      "Unsaved changes, written when SIGTERM or SIGHUP ends the editor (FILE.recovery-2.json, -3, ... when "
        + "that exists: an earlier one is never replaced); tilegrid-demo.recovery.json and "
        + "tilegrid-stdin.recovery.json in the current directory for the demo and standard input, and "
        + "$TMPDIR (else /tmp) when that directory cannot be written. Opening FILE again asks about each: "
        + "r restores it, d removes it, k keeps it."
    ),
    (
      ".FILE.tilegrid-PID-START-N.bak",
      "The old content, kept while a save into FILE is under way; a save cut short leaves it (and its "
        + ".tmp). The editor asks about it when it opens FILE; the other commands refuse a FILE that may be "
        + "cut short, naming the backup and how to put it back."
    ),
    (
      ".gitattributes",
      "Where 'tilegrid git-setup' adds 'PATTERN diff=tilegrid merge=tilegrid'."
    ),
  ]

  static let environment: [(name: String, text: String)] = [
    ("XDG_CONFIG_HOME, HOME", "Where the keys file is (FILES); HOME also expands a leading ~ in a file name typed in the editor (save as)."),
    ("TILEGRID_MOTION", "off (or 0, no, false): tiles jump to their places instead of gliding, as --motion off."),
    ("NO_COLOR", "Set and not empty: no color with --color auto."),
    (
      "COLORTERM, TERM",
      "The terminal's colors: COLORTERM=truecolor or 24bit, or a terminfo entry with RGB or Tc, shows 24-bit "
        + "color; a console or vt100-like TERM turns motion off."
    ),
    ("TMPDIR", "Where a recovery file goes when none can be written beside the file (else /tmp)."),
    ("PATH", "Where git-setup looks for tilegrid: when another tilegrid runs, the git commands name it by its full path."),
  ]

  static let examples: [(text: String, command: String)] = [
    ("Write the demo arrangement to a file, then edit it:", "tilegrid demo > demo.json\ntilegrid demo.json"),
    (
      "Move the first tile of the first section to the third place of the second, in the file itself:",
      "tilegrid move demo.json 0.0 1.2 -i"
    ),
    ("Convert the demo to a Markdown board, and check it:", "tilegrid demo --to markdown -o board.md\ntilegrid check board.md"),
    (
      "What changed between two versions, as an edit script, and that script applied again:",
      "tilegrid diff old.json new.json > changes.txt\ntilegrid apply old.json changes.txt -o new-again.json"
    ),
    (
      "Join two edits of a file by ids; conflicts go toward ours, one line each on standard error:",
      "tilegrid merge base.json ours.json theirs.json -o merged.json"
    ),
    ("Let git diff and merge the boards of a repository with tilegrid:", "tilegrid git-setup 'boards/*.json'"),
    ("Start a keys file from the keys in effect:", "tilegrid keys > ~/.config/tilegrid/keys"),
  ]
}

/// Text as roff: escaped, in fonts, and the help's blocks as paragraphs, tagged lines and examples.
enum Roff {
  /// Plain text, escaped: backslashes, hyphens (as `\-`, so options copy as typed), quotes and
  /// accents as ASCII, an ellipsis as three periods, a dash as roff's, other characters beyond ASCII
  /// by their code point.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case "'": out += "\\(aq"
      case "`": out += "\\(ga"
      case "~": out += "\\(ti"
      case "^": out += "\\(ha"
      case "\n": out += "\n"
      // The two that the text uses, in a form every terminal shows (a C locale too).
      case "\u{2026}": out += "..."
      case "\u{2014}": out += "\\(em"
      default:
        if scalar.value < 0x80 {
          out.unicodeScalars.append(scalar)
        } else {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }
      }
    }
    return out
  }

  /// A text line (or lines): escaped, and none starting with a period.
  static func text(_ text: String) -> String {
    escaped(text).split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
  }

  static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }
  static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

  /// A macro's argument: escaped, without the quotes that would end it.
  static func argument(_ text: String) -> String { "\"" + escaped(text).replacingAll("\"", with: "\\(dq") + "\"" }

  /// A usage line's words in their fonts: options bold, placeholders (FILE, SECTION_ID) italic, the
  /// rest (command words, values, brackets) plain, the command's name bold.
  static func synopsis(_ text: String) -> String {
    var out = ""
    var word = ""
    var first = true
    var depth = 0
    func flush() {
      guard !word.isEmpty else { return }
      let letters = word.filter { $0.isLetter }
      if word.hasPrefix("-") && word.count > 1 || first && !letters.isEmpty && letters.allSatisfy(\.isLowercase) {
        out += bold(word)
      } else if !letters.isEmpty && letters.allSatisfy(\.isUppercase) && !word.hasPrefix("$") {
        out += italic(word)
      } else {
        out += escaped(word)
      }
      if !letters.isEmpty { first = false }
      word = ""
    }
    for c in text {
      if c.isLetter || c.isNumber || c == "_" || c == "-" || c == "$" || c == "/" || c == "." || c == "~" {
        word.append(c)
      } else {
        flush()
        if c == "[" { depth += 1 }
        if c == "]" { depth -= 1 }
        // A bracketed group (`[-o OUT | -i]`) is never broken between lines.
        out += c == " " && depth > 0 ? "\\ " : escaped(String(c))
      }
    }
    flush()
    return out.hasPrefix(".") ? "\\&" + out : out
  }

  /// A block of a command's help.
  enum Block {
    case paragraph([String])
    /// Lines indented by two (more: continued), as written: an example, or a table of terms and
    /// meanings.
    case example([String])
    /// `FROM, TO          what they are`, the text continued under itself: an operand.
    case operand(String, [String])
    case options
  }

  /// The column where an operand's text starts in a command's help.
  static let operandColumn = 18

  /// A command's help (`Command.details`) in blocks.
  static func blocks(_ details: String) -> [Block] {
    var blocks: [Block] = []
    var current: Block?
    func close() {
      if let current { blocks.append(current) }
      current = nil
    }
    for line in details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let indent = line.prefix { $0 == " " }.count
      let body = String(line.dropFirst(indent))
      if line.isEmpty {
        close()
      } else if line == "{options}" {
        close()
        blocks.append(.options)
      } else if indent == operandColumn, case .operand(let name, let text)? = current {
        current = .operand(name, text + [body])
      } else if indent >= 2 {
        if case .example(let lines)? = current {
          current = .example(lines + [line])
        } else {
          close()
          current = .example([line])
        }
      } else if line.count > operandColumn, line.prefix(operandColumn).hasSuffix("  "),
        line.dropFirst(operandColumn).first != " "
      {
        close()
        let name = String(line.prefix(operandColumn).reversed().drop { $0 == " " }.reversed())
        current = .operand(name, [String(line.dropFirst(operandColumn))])
      } else if case .paragraph(let lines)? = current {
        current = .paragraph(lines + [line])
      } else {
        close()
        current = .paragraph([line])
      }
    }
    close()
    return blocks
  }

  /// A command's help as the body of its tagged paragraph: paragraphs filled, examples as written,
  /// operands tagged, `{options}` as `options`.
  static func details(_ details: String, options: String) -> [String] {
    blocks(details).flatMap { block -> [String] in
      switch block {
      case .paragraph(let lines): return [".IP", text(lines.joined(separator: " "))]
      case .example(let lines): return example(lines)
      case .operand(let name, let lines): return [".RS", ".TP", synopsis(name), text(lines.joined(separator: " ")), ".RE"]
      case .options: return options.isEmpty ? [] : [".IP", text(options)]
      }
    }
  }

  /// An indented block of a command's help. Its rows are cut into cells where two spaces or more
  /// part them. When the first row has an even number of cells, it is a table of terms and meanings
  /// side by side (a row of one cell continues a term, a row indented further continues a meaning):
  /// tagged paragraphs. Otherwise each cell is a line (a script's, a shell's), broken where it is
  /// too long with the rest under it, indented.
  static func example(_ lines: [String]) -> [String] {
    let base = lines.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    let rows = lines.map { line in
      (deeper: line.prefix { $0 == " " }.count > base,
       cells: line.split(separator: "  ").map { String($0.drop { $0 == " " }) }.filter { !$0.isEmpty })
    }
    guard let first = rows.first, first.cells.count % 2 == 0 else {
      return [".IP", ".RS", ".in +4"] + rows.flatMap(\.cells).flatMap { [".ti -4", text($0), ".br"] } + [".in -4", ".RE"]
    }
    var entries: [(term: String, meaning: String)] = []
    var term: String?
    for row in rows {
      let joined = row.cells.joined(separator: " ")
      if row.deeper {
        if let pending = term {
          entries.append((pending, joined))
          term = nil
        } else if !entries.isEmpty {
          entries[entries.count - 1].meaning += " " + joined
        }
      } else if row.cells.count == 1 {
        term = term.map { $0 + ($0.hasSuffix(",") ? " " : ", ") + joined } ?? joined
      } else {
        for k in stride(from: 0, to: row.cells.count - 1, by: 2) { entries.append((row.cells[k], row.cells[k + 1])) }
        if row.cells.count % 2 == 1 { term = row.cells[row.cells.count - 1] }
      }
    }
    // The terms' column as wide as the widest term that is not a long list of its own.
    let column = min(22, (entries.map(\.term.count).filter { $0 <= 20 }.max() ?? 0) + 2)
    return [".RS", ".PD 0"] + entries.flatMap { [".TP \(column)", synopsis($0.term), text($0.meaning)] } + [".PD", ".RE"]
  }

  /// A section of the docs (Markdown: prose, and tables of two columns) as roff: each table row a
  /// tagged paragraph, prose filled, `code` bold, links as their text; headings left out (the manual
  /// has its own).
  static func markdown(_ markdown: String) -> [String] {
    var out: [String] = []
    var paragraph: [String] = []
    var rows: [[String]] = []
    func close() {
      if !paragraph.isEmpty { out += [".PP", inline(paragraph.joined(separator: " "))] }
      out += rows.flatMap { [".TP", inline($0[0]), inline($0.dropFirst().joined(separator: "; "))] }
      paragraph = []
      rows = []
    }
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("|") {
        if !paragraph.isEmpty { close() }
        let cells = line.dropFirst().dropLast().split(separator: "|").map {
          String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
        // The row above `|---|` is the table's heading.
        if cells.allSatisfy({ $0.hasPrefix("---") }) { rows = [] } else { rows.append(cells) }
      } else if line.isEmpty || line.hasPrefix("#") {
        close()
      } else {
        if !rows.isEmpty { close() }
        paragraph.append(line)
      }
    }
    close()
    return out
  }

  /// Markdown's inline text: `code` bold, `**` left out, links as their text.
  static func inline(_ markdown: String) -> String {
    let plain = TileGridCommand.HelpTopic.linksAsText(markdown).split(separator: "**", omittingEmptySubsequences: false).joined()
    let line = plain.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { k, part in
      k % 2 == 1 ? bold(String(part)) : escaped(String(part))
    }.joined()
    return line.hasPrefix(".") ? "\\&" + line : line
  }
}
