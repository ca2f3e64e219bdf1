import TerminalInput

// MARK: - The command palette: `:`, a command's name or words typed, Enter runs it

/// Which commands the palette offers and which of them match what is typed.
public enum Palette {
  /// The commands of `contexts` (the lifted's, then the board's), the palette's own left out: all
  /// that a key does there.
  public static func commands(in contexts: [KeyContext]) -> [Command] {
    var seen = Set<Command>()
    return contexts.flatMap { Keymap.commands(in: $0) }.filter { $0 != .editor(.palette) && seen.insert($0).inserted }
  }

  /// The commands whose name and help line hold the words of `text`, each after the one before, in any
  /// case (`del sec` finds `delete`'s "delete (asks for more)"… only where both words are there, in that
  /// order): first those whose name starts with the first word, then those where a word of the name
  /// does, then the others, each in the order given.
  public static func matches(_ text: String, among commands: [Command]) -> [Command] {
    let words = text.lowercased().split(separator: " ").map(String.init)
    guard let first = words.first else { return commands }
    var ranked: [[Command]] = [[], [], []]
    for command in commands {
      let name = command.name
      guard holds(name + " " + command.declaration.help.lowercased(), words) else { continue }
      let rank = name.hasPrefix(first) ? 0 : name.split(separator: "-").contains { $0.hasPrefix(first) } ? 1 : 2
      ranked[rank].append(command)
    }
    return ranked.flatMap { $0 }
  }

  /// Whether `text` holds each of `words`, each after the one before.
  static func holds(_ text: String, _ words: [String]) -> Bool {
    var rest = Substring(text)
    for word in words {
      guard let start = rest.indices.first(where: { rest[$0...].hasPrefix(word) }) else { return false }
      rest = rest[rest.index(start, offsetBy: word.count)...]
    }
    return true
  }
}

extension EditorState {
  /// The commands the palette offers now.
  var paletteCommands: [Command] { Palette.commands(in: boardContexts) }

  /// The palette's matches for the text typed.
  public var paletteMatches: [Command] {
    guard case .palette? = prompt?.purpose, let text = prompt?.field.text else { return [] }
    return Palette.matches(text, among: paletteCommands)
  }

  /// A key in the palette: the next or previous match, or the line's commands (Enter runs the match
  /// chosen, Esc closes), or text that narrows the list.
  mutating func paletteKey(_ key: Key, _ open: Prompt, chosen: Int) -> [EditorEffect] {
    let count = paletteMatches.count
    switch keymap.command(for: key, in: .palette) {
    case .editor(.paletteNext)?:
      if count > 0 { overlay = .prompt(Prompt(purpose: .palette(chosen: (chosen + 1) % count), field: open.field)) }
      return []
    case .editor(.palettePrevious)?:
      if count > 0 { overlay = .prompt(Prompt(purpose: .palette(chosen: (chosen + count - 1) % count), field: open.field)) }
      return []
    default:
      var open = open
      return paletteChanged(open.field.handle(key, keymap: keymap, in: .palette), open)
    }
  }

  /// What the palette's field did: new text chooses the first match again; Enter runs the one chosen.
  mutating func paletteChanged(_ outcome: LineEditor.Outcome, _ open: Prompt) -> [EditorEffect] {
    switch outcome {
    case .edited:
      overlay = .prompt(Prompt(purpose: .palette(chosen: 0), field: open.field))
      return []
    case .ignored:
      overlay = .prompt(open)
      return []
    case .cancelled:
      overlay = nil
      return []
    case .submitted:
      let matches = paletteMatches
      // Nothing matches: the palette stays open, saying so, to type something else.
      guard case .palette(let chosen) = open.purpose, chosen < matches.count else { return [] }
      overlay = nil
      return perform(matches[chosen])
    }
  }
}
