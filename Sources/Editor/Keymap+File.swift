import TerminalInput
import TileModel

/// A line of a keys file that was not taken: its number and why.
public struct KeysFileProblem: Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public var description: String { "line \(line): \(message)" }
}

// MARK: - The keys file

/// The keys file (`$XDG_CONFIG_HOME/tilegrid/keys`; docs/editor.md, "Changing the keys"): one command a
/// line, `command = key, key`, its keys named as the help names them; `#` starts a comment (at the start
/// of a line, or after a space). A line gives the command exactly those keys (none after `=`: only the
/// palette runs it). A line that cannot be taken is a `KeysFileProblem`, and its command keeps its
/// keys; so is a line whose key another command has in the same context (both named).
extension Keymap {
  /// The keymap a keys file's text makes from the standard one, and the lines it did not take.
  public static func read(_ text: String) -> (keymap: Keymap, problems: [KeysFileProblem]) {
    var problems: [KeysFileProblem] = []
    var given: [Command: (line: Int, keys: [Key])] = [:]
    var number = 0
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      number += 1
      switch parse(String(raw)) {
      case .none: continue
      case .failure(let failure): problems.append(KeysFileProblem(line: number, message: failure.message))
      case .some(.success(let (command, keys))):
        if let earlier = given[command] {
          problems.append(KeysFileProblem(line: number, message: "\(command.name) is given on line \(earlier.line) already"))
        } else {
          given[command] = (number, keys)
        }
      }
    }
    var keymap = standard
    for (command, binding) in given { keymap.bind(command, to: binding.keys) }
    // A line whose key another command has in one of its contexts is refused (the later line of two),
    // its command keeping its own keys, until no key gives two commands.
    while let collision = keymap.collisions.first {
      let fromFile = collision.commands.filter { given[$0] != nil }
      guard let refused = fromFile.max(by: { given[$0]!.line < given[$1]!.line }),
        let other = collision.commands.first(where: { $0 != refused })
      else { break }
      let line = given[refused]!.line
      given[refused] = nil
      keymap.bind(refused, to: refused.declaration.keys)
      let kept = refused.declaration.keys.map(\.name).joined(separator: ", ")
      problems.append(
        KeysFileProblem(
          line: line,
          message: "\(refused.name) refused: \(collision.key.name) is also \(other.name)'s key "
            + "(\(collision.context.rawValue)); \(refused.name) keeps \(kept.isEmpty ? "no key" : kept)"))
    }
    return (keymap, problems.sorted { $0.line < $1.line })
  }

  /// One line: nil for a blank line or a comment, else the command and its keys, or what is wrong.
  private static func parse(_ line: String) -> Result<(Command, [Key]), ParseFailure>? {
    var text = Substring(line)
    // A comment: `#` at the start, or after a space or a tab.
    if let hash = text.indices.first(where: { text[$0] == "#" && ($0 == text.startIndex || " \t".contains(text[text.index(before: $0)])) }) {
      text = text[..<hash]
    }
    let trimmed = text.trimmingBlanks
    guard !trimmed.isEmpty else { return nil }
    guard let equals = trimmed.firstIndex(of: "=") else {
      return .failure(ParseFailure("expected 'command = key, key', not '\(trimmed)'"))
    }
    let name = trimmed[..<equals].trimmingBlanks
    guard let command = command(named: name) else {
      return .failure(ParseFailure(name.isEmpty ? "no command before '='" : "unknown command '\(name)'\(suggestion(for: name))"))
    }
    let value = trimmed[trimmed.index(after: equals)...].trimmingBlanks
    var keys: [Key] = []
    if !value.isEmpty {
      for item in value.split(separator: ",", omittingEmptySubsequences: false) {
        let word = item.trimmingBlanks
        guard !word.isEmpty else { return .failure(ParseFailure("an empty key between commas")) }
        guard let key = Key(name: word) else {
          return .failure(ParseFailure("unknown key '\(word)' (a character, or names like Space, Ctrl-S, Shift-Up, F5)"))
        }
        if case .character = key, let context = command.declaration.contexts.first(where: \.typesText) {
          return .failure(ParseFailure("'\(word)' is typed as text in \(context == .palette ? "the palette" : "a prompt"): \(command.name) needs a key like Ctrl-X, Alt-x or F5"))
        }
        if key == .space, command.declaration.contexts.contains(where: \.typesText) {
          return .failure(ParseFailure("Space is typed as text in a prompt: \(command.name) needs another key"))
        }
        if !keys.contains(key) { keys.append(key) }
      }
    }
    return .success((command, keys))
  }

  struct ParseFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// ` (did you mean 'save'?)` for a name one or two letters off a command's, else nothing.
  private static func suggestion(for name: String) -> String {
    let names = Command.allCases.map(\.name)
    let scored = names.map { ($0, Sequences.editDistance(name.lowercased(), $0)) }.filter { $0.1 <= 2 }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
    return " (did you mean '\(best.0)'?)"
  }

  /// The keymap in the keys file's own syntax, grouped by context (a `# context` line before each
  /// group), each command with its help as a comment: `tilegrid keys` prints it, a file to start from.
  public var fileText: String {
    var lines = [
      "# TileGrid's keys: 'command = key, key' gives the command exactly those keys (none: only the palette,",
      "# ':', runs it). Keys are named as the help names them: a character (a, A, ?), Space, Enter, Esc, Tab,",
      "# Shift-Tab, Backspace, Delete, Up, Down, Left, Right, PgUp, PgDn, Home, End, F1-F24, Hash (#),",
      "# Comma (,), and Ctrl-, Alt-, Shift- before a key (Ctrl-S, Alt-x, Shift-Up).",
    ]
    for context in KeyContext.allCases {
      let commands = Self.commands(in: context).filter { $0.declaration.contexts.first == context }
      guard !commands.isEmpty else { continue }
      let rows = commands.map { command -> (String, String) in
        let keys = keys(command).map(\.name).joined(separator: ", ")
        return (command.name + " =" + (keys.isEmpty ? "" : " " + keys), command.declaration.help)
      }
      let width = rows.map(\.0.count).max() ?? 0
      lines += ["", "# \(context.rawValue)"]
      lines += rows.map { $0.0 + String(repeating: " ", count: width - $0.0.count) + "  # " + $0.1 }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension StringProtocol {
  /// Without the spaces and tabs at either end (a keys file may line its columns up with tabs).
  var trimmingBlanks: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
    return String(self[first...last])
  }
}
