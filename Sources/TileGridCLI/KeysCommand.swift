import Editor
import Files

// MARK: - The keys file, and `tilegrid keys`

extension TileGridCommand {
  static let keysCommand = Command(
    name: "keys", operands: "",
    summary: "print the editor's keys in effect, as a keys file",
    details: """
      Prints every command of the editor with its keys in effect, in the keys file's own syntax and
      grouped by context (a '# context' line before each group): a starting point to edit.

      The editor reads its keys from $XDG_CONFIG_HOME/tilegrid/keys (else ~/.config/tilegrid/keys),
      when there is one: one command a line, 'command = key, key' (none after '=': only the palette, ':',
      runs it), '#' starting a comment; keys are named as the help names them: a character (a, A, ?),
      Space, Enter, Esc, Tab, Shift-Tab, Backspace, Delete, Up, Down, Left, Right, PgUp, PgDn, Home, End,
      F1-F24, Hash (#), Comma (,), and Ctrl-, Alt-, Shift- before a key (Ctrl-S, Alt-x, Shift-Up). A line
      that cannot be taken, or whose key another command has in the same context, is named with its
      number on standard error (and on the editor's first screen), and its command keeps its keys.

      {options}

      """,
    syntax: Syntax(options: [Options.keys.spec], maximumOperands: 0, operands: "no arguments"),
    run: runKeys)

  static func runKeys(_ args: Arguments) throws(CLIError) {
    let keys = try Keys(args.value(Options.keys, command: "keys"), userFile: true)
    keys.warn()
    try Platform.standardOutput(Array(keys.keymap.fileText.utf8))
  }

  /// The keymap a command runs with, and where it came from.
  struct Keys {
    var keymap = Keymap.standard
    /// The keys file read, if any.
    var path: String?
    /// The lines not taken.
    var lines: [KeysFileProblem] = []
    /// Why the person's keys file could not be read at all.
    var unread: String?

    /// The keys of `--keys FILE` (`given`), or else, where `userFile`, of the person's keys file when
    /// there is one; else the standard keys. A given file that cannot be read is an error; the
    /// person's own is named as a problem, and the standard keys are used.
    init(_ given: String?, userFile: Bool) throws(CLIError) {
      guard let path = given ?? (userFile ? Self.userFile.flatMap { Platform.exists($0) ? $0 : nil } : nil) else { return }
      self.path = path
      let input: Platform.Input
      do {
        input = try Platform.read(path, role: "keys file")
      } catch {
        if given != nil { throw CLIError(error) }
        unread = "\(error)"
        return
      }
      // Bytes that are not UTF-8 make their line unreadable, and it is named as such.
      (keymap, lines) = Keymap.read(String(decoding: input.bytes, as: UTF8.self))
    }

    /// Where the person's keys file is: `$XDG_CONFIG_HOME/tilegrid/keys` (an absolute
    /// XDG_CONFIG_HOME, as the XDG base directories say), else `$HOME/.config/tilegrid/keys`.
    static var userFile: String? {
      if let config = Platform.environment("XDG_CONFIG_HOME"), config.hasPrefix("/") {
        return config + (config.hasSuffix("/") ? "" : "/") + "tilegrid/keys"
      }
      guard let home = Platform.environment("HOME"), home.hasPrefix("/") else { return nil }
      return home + (home.hasSuffix("/") ? "" : "/") + ".config/tilegrid/keys"
    }

    /// What was not taken, a line each: `FILE: line N: WHY`.
    var problems: [String] {
      (unread.map { [$0 + "; the standard keys are in effect"] } ?? []) + lines.map { "\(path ?? "keys"): \($0)" }
    }

    /// The problems on standard error, one line each.
    func warn() {
      for problem in problems { Platform.writeStandardError("tilegrid: \(CLIError.oneLine(problem))\n") }
    }

    /// The first problem, and how many more, for the editor's first screen; nil when there is none.
    var firstScreen: String? {
      if let unread { return "Keys file not read: \(unread); the standard keys are in effect" }
      guard let first = lines.first else { return nil }
      let more = lines.count > 1 ? " (and \(lines.count - 1) more: tilegrid keys names them)" : ""
      return "Keys file \(first)\(more); the other keys are in effect"
    }
  }
}
