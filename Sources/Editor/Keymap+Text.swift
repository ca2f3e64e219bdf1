import Canvas
import TerminalInput

// MARK: - The keymap as text: the docs' key tables, the terminal's list, the command line's overview

extension Keymap {
  /// The commands that apply in `context`, with their keys here: each command once, under the first
  /// context it applies in that is listed (`save` is the board's, and the Conflicts panel's too).
  public static func listed(in context: KeyContext, among contexts: [KeyContext]) -> [Command] {
    commands(in: context).filter { command in
      command.declaration.contexts.first { contexts.contains($0) } == context
    }
  }

  /// The key tables of `contexts` in Markdown, a heading before each (docs/editor.md and README.md
  /// show them; a test compares them with these).
  public func markdownTables(_ contexts: [KeyContext]) -> String {
    var lines: [String] = []
    for context in contexts {
      let commands = Self.listed(in: context, among: contexts)
      guard !commands.isEmpty else { continue }
      if !lines.isEmpty { lines.append("") }
      lines += ["**\(context.title)**", "", "| keys | command | what it does |", "|---|---|---|"]
      for command in commands {
        let named = keys(command).map { "`\(Self.markdownCell($0.name))`" }.joined(separator: ", ")
        lines.append("| \(named.isEmpty ? "—" : named) | `\(command.name)` | \(Self.markdownCell(command.declaration.help)) |")
      }
      if context == .question { lines += ["", "Any other key answers no."] }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func markdownCell(_ text: String) -> String {
    text.map { $0 == "|" || $0 == "`" ? "\\" + String($0) : String($0) }.joined()
  }

  /// The keys of `contexts` as a terminal shows them (`tilegrid help keys`): a heading for each,
  /// then a line a command: its keys, its name, its help.
  public func terminalText(_ contexts: [KeyContext]) -> String {
    var lines: [String] = []
    for context in contexts {
      let commands = Self.listed(in: context, among: contexts)
      guard !commands.isEmpty else { continue }
      let rows = commands.map { command in
        (keys(command).map(\.name).joined(separator: ", "), command.name, command.declaration.help)
      }
      let keysWidth = max(4, rows.map { DisplayText.width(of: $0.0) }.max() ?? 0)
      let nameWidth = rows.map(\.1.count).max() ?? 0
      if !lines.isEmpty { lines.append("") }
      lines.append(context.title + ":")
      for (keys, name, help) in rows {
        let shown = keys.isEmpty ? "—" : keys
        lines.append(
          "  " + shown + String(repeating: " ", count: max(0, keysWidth - DisplayText.width(of: shown))) + "  " + name
            + String(repeating: " ", count: nameWidth - name.count) + "  " + help)
      }
      if context == .question { lines.append("  Any other key answers no.") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The first key of each command of the board and of what is lifted, by group: the command line's
  /// overview (`tilegrid --help`), in lines of at most `width` columns.
  public func overview(width: Int = 100) -> [String] {
    var lines: [String] = []
    for group in KeyHelp.commandGroups {
      var line = "  \(group.title):"
      let indent = "    "
      for command in Self.commands(of: group) {
        guard let key = keys(command).first else { continue }
        let word = " \(key.name) \(command.name),"
        if line.count + word.count > width {
          lines.append(line)
          line = indent + word.dropFirst()
        } else {
          line += word
        }
      }
      if line.hasSuffix(",") { line.removeLast() }
      lines.append(line)
    }
    return lines
  }
}
