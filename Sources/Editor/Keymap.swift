import TerminalInput

/// Which keys give which command, in each context: the commands' declarations (`Command`) with their
/// keys as a keys file changed them. The key dispatch (`EditorState.perform(_:)`), the help overlay,
/// the status line's hints, the palette, `tilegrid keys` and the docs' key tables all read it, so they
/// show the keys in effect.
public struct Keymap: Equatable, Sendable {
  /// Each command's keys, in the order they are shown (the first is the one hints name).
  private var bindings: [Command: [Key]]
  /// For each context, the command each key gives there.
  private var lookup: [KeyContext: [Key: Command]]

  /// The keys as declared.
  public static let standard = Keymap(bindings: Dictionary(uniqueKeysWithValues: Command.allCases.map { ($0, $0.declaration.keys) }))

  private init(bindings: [Command: [Key]]) {
    self.bindings = bindings
    var lookup: [KeyContext: [Key: Command]] = [:]
    // In declaration order, so that of two commands on one key (which `collisions` reports) the
    // first declared is the one a key gives.
    for command in Command.allCases {
      for context in command.declaration.contexts {
        for key in bindings[command] ?? [] where lookup[context, default: [:]][key] == nil {
          lookup[context, default: [:]][key] = command
        }
      }
    }
    self.lookup = lookup
  }

  public init() { self = .standard }

  /// The command's keys in effect (none: the palette still runs it).
  public func keys(_ command: Command) -> [Key] { bindings[command] ?? [] }

  /// The command's keys in effect.
  public func keys(_ command: EditorCommand) -> [Key] { keys(.editor(command)) }

  /// The command `key` gives in `context`, if any.
  public func command(for key: Key, in context: KeyContext) -> Command? { lookup[context]?[key] }

  /// The command `key` gives in the first of `contexts` where it gives one.
  public func command(for key: Key, in contexts: [KeyContext]) -> Command? {
    for context in contexts {
      if let command = lookup[context]?[key] { return command }
    }
    return nil
  }

  /// The commands that apply in `context`, in declaration order (the groups' order, then each
  /// group's).
  public static func commands(in context: KeyContext) -> [Command] {
    CommandGroup.allCases.flatMap { group in
      Command.allCases.filter { $0.declaration.group == group && $0.declaration.contexts.contains(context) }
    }
  }

  /// The commands of `group`, in declaration order.
  public static func commands(of group: CommandGroup) -> [Command] {
    Command.allCases.filter { $0.declaration.group == group }
  }

  /// The command of that name.
  public static func command(named name: String) -> Command? {
    Command.allCases.first { $0.declaration.name == name }
  }

  /// Gives `command` these keys in place of the ones it had.
  public mutating func bind(_ command: Command, to keys: [Key]) {
    var changed = bindings
    changed[command] = keys
    self = Keymap(bindings: changed)
  }

  /// A key that gives more than one command in a context: each such key, with the commands in their
  /// declaration order. None in a keymap that `read` made, and none in `standard`.
  public struct Collision: Equatable, Sendable {
    public var context: KeyContext
    public var key: Key
    public var commands: [Command]
  }

  public var collisions: [Collision] {
    var found: [Collision] = []
    for context in KeyContext.allCases {
      var byKey: [Key: [Command]] = [:]
      var order: [Key] = []
      for command in Self.commands(in: context) {
        for key in keys(command) {
          if byKey[key] == nil { order.append(key) }
          if byKey[key]?.contains(command) != true { byKey[key, default: []].append(command) }
        }
      }
      for key in order where byKey[key]!.count > 1 {
        found.append(Collision(context: context, key: key, commands: byKey[key]!))
      }
    }
    return found
  }
}

// MARK: - Names for the status line

extension Keymap {
  /// A key as the status line's hints write it, where room is short: the arrows as `←` `→` `↑` `↓`,
  /// every other key by its name.
  public static func shortName(_ key: Key) -> String {
    switch key {
    case .left: return "←"
    case .right: return "→"
    case .up: return "↑"
    case .down: return "↓"
    default: return key.name
    }
  }

  /// The command's first key, as hints write it; nil when it has none.
  public func hint(_ command: Command) -> String? { keys(command).first.map(Self.shortName) }

  /// The command's first key, as hints write it; nil when it has none.
  public func hint(_ command: EditorCommand) -> String? { hint(.editor(command)) }

  /// The first keys of a run of commands, as a hint writes them: `arrows` for the four arrows, arrows
  /// side by side (`↑↓`), other keys apart (`PgUp PgDn`); nil when one of them has no key.
  public func hint(_ commands: [EditorCommand]) -> String? {
    let first = commands.map { keys($0).first }
    guard !first.isEmpty, first.allSatisfy({ $0 != nil }) else { return nil }
    let shown = first.map { $0! }
    let arrows: [Key] = [.left, .right, .up, .down]
    if shown.count == 4, Set(shown) == Set(arrows) { return "arrows" }
    var text = ""
    for (k, key) in shown.enumerated() {
      if k > 0 && !(arrows.contains(key) && arrows.contains(shown[k - 1])) { text += " " }
      text += Self.shortName(key)
    }
    return text
  }

  /// How the status line tells a person to give the command: its first key as hints write it, or,
  /// for a command without keys, the palette's way to it (`:rename`).
  public func say(_ command: Command) -> String { hint(command) ?? ":" + command.name }

  /// How the status line tells a person to give the command (`say`).
  public func say(_ command: EditorCommand) -> String { say(.editor(command)) }

  /// Hints joined with ` · `: each the key of its command and the words after it, left out where the
  /// command has no key.
  public func hints(_ parts: [(command: EditorCommand, words: String)]) -> String {
    parts.compactMap { part in hint(part.command).map { "\($0) \(part.words)" } }.joined(separator: " · ")
  }
}
