import Canvas
import Foundation
import TerminalInput
import TestSupport
import Testing
import TileModel

@testable import Editor

/// The keys file (`Keymap.read`): `command = key, key` lines that change keys, every line not taken
/// named by its number, a key two commands would share in one context refused with both named; and
/// the command line around it (`tilegrid keys`, `--keys` on the editor, `play` and `render`).
@Suite("The keys file")
struct KeysFileTests {
  @Test("a line gives the command exactly its keys: names in any case, comments, blank lines, CRLF, none after =")
  func remaps() {
    let (keymap, problems) = Keymap.read(
      "# mine\r\nsave = ctrl-s, F5   # two keys\r\n\r\n  rename=alt-r\nhelp =\n find = Hash\ncheck = Comma\n")
    #expect(problems.isEmpty, "\(problems)")
    #expect(keymap.keys(.editor(.save)) == [.control("s"), .function(5)])
    #expect(keymap.keys(.edit(.rename)) == [.alt("r")])
    #expect(keymap.keys(.editor(.help)).isEmpty)
    #expect(keymap.keys(.editor(.find)) == [.character("#")] && keymap.keys(.edit(.check)) == [.character(",")])
    #expect(keymap.command(for: .control("s"), in: .board) == .editor(.save))
    #expect(keymap.command(for: .character("s"), in: .board) == nil)
    // The Conflicts panel's save is the same command: the same keys.
    #expect(keymap.command(for: .control("s"), in: .conflicts) == .editor(.save))
    // Everything else keeps its keys.
    for command in Command.allCases where ![.editor(.save), .edit(.rename), .editor(.help), .editor(.find), .edit(.check)].contains(command) {
      #expect(keymap.keys(command) == command.declaration.keys, "\(command.name)")
    }
  }

  @Test("each line not taken is named by its number, and its command keeps its keys", arguments: [
    ("sve = x", "unknown command 'sve' (did you mean 'save'?)"),
    ("frobnicate = x", "unknown command 'frobnicate'"),
    ("save = Ctrl-", "unknown key 'Ctrl-' (a character, or names like Space, Ctrl-S, Shift-Up, F5)"),
    ("save = Hyper-s", "unknown key 'Hyper-s' (a character, or names like Space, Ctrl-S, Shift-Up, F5)"),
    ("save s", "expected 'command = key, key', not 'save s'"),
    ("= s", "no command before '='"),
    ("save = s,, t", "an empty key between commas"),
    ("cursor-left = h", "'h' is typed as text in a prompt: cursor-left needs a key like Ctrl-X, Alt-x or F5"),
    ("submit = Space", "Space is typed as text in a prompt: submit needs another key"),
    ("palette-next = j", "'j' is typed as text in the palette: palette-next needs a key like Ctrl-X, Alt-x or F5"),
  ])
  func badLines(_ line: String, _ message: String) {
    let (keymap, problems) = Keymap.read("# first\n\(line)\nundo = F9\n")
    #expect(problems == [KeysFileProblem(line: 2, message: message)])
    #expect(keymap.keys(.editor(.undo)) == [.function(9)], "the lines around it are taken")
    for command in Command.allCases where command != .editor(.undo) {
      #expect(keymap.keys(command) == command.declaration.keys, "\(command.name)")
    }
  }

  @Test("a command given twice: the second line is named")
  func givenTwice() {
    let (keymap, problems) = Keymap.read("save = F1\nsave = F2\n")
    #expect(problems == [KeysFileProblem(line: 2, message: "save is given on line 1 already")])
    #expect(keymap.keys(.editor(.save)) == [.function(1)])
  }

  @Test("a key another command has in the same context is refused, both named; the later of two lines is")
  func collisions() {
    // Against a command's own key: the line is refused.
    var (keymap, problems) = Keymap.read("find = s\n")
    #expect(problems == [KeysFileProblem(line: 1, message: "find refused: s is also save's key (board); find keeps /")])
    #expect(keymap.keys(.editor(.find)) == [.character("/")] && keymap.collisions.isEmpty)
    // Two lines on one key: the later is refused.
    (keymap, problems) = Keymap.read("save = F3\nfind = F3\n")
    #expect(problems == [KeysFileProblem(line: 2, message: "find refused: F3 is also save's key (board); find keeps /")])
    #expect(keymap.keys(.editor(.save)) == [.function(3)] && keymap.collisions.isEmpty)
    // A swap is two lines that take each other's keys: nothing refused.
    (keymap, problems) = Keymap.read("save = w\nwidth = s\n")
    #expect(problems.isEmpty && keymap.keys(.editor(.save)) == [.character("w")] && keymap.keys(.edit(.width)) == [.character("s")])
    // One key in two contexts is no collision: Enter drops what is lifted and ends a prompt's line.
    (keymap, problems) = Keymap.read("lift = F4\ndrop = F4\nsubmit = F4\n")
    #expect(problems.isEmpty && keymap.collisions.isEmpty)
    // Refusing a line can bring its command's keys back onto a key another line took: that is refused too.
    (keymap, problems) = Keymap.read("save = F6\nquit = s\nfind = q\n")
    #expect(problems.isEmpty)
    (keymap, problems) = Keymap.read("quit = s\nfind = q\n")
    #expect(problems.map(\.line) == [1, 2], "\(problems)")
    #expect(keymap.collisions.isEmpty && keymap.keys(.editor(.quit)) == [.character("q"), .control("c")])
  }

  @Test("the keymap's file text reads back as the same keymap, grouped by context")
  func fileTextReadsBack() {
    var keymap = Keymap.standard
    keymap.bind(.editor(.save), to: [.control("s")])
    keymap.bind(.editor(.help), to: [])
    let text = keymap.fileText
    let (read, problems) = Keymap.read(text)
    #expect(problems.isEmpty, "\(problems)")
    #expect(read == keymap)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("save = Ctrl-S ") } && lines.contains { $0.hasPrefix("help = ") && !$0.contains("?") })
    let headings = lines.filter { $0.hasPrefix("# ") && !$0.contains(" ", after: 2) }
    #expect(headings == KeyContext.allCases.map { "# \($0.rawValue)" })
    // Each command once, under its first context.
    let names = lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { String($0.prefix { $0 != " " }) }
    #expect(names.sorted() == Command.allCases.map(\.name).sorted())
  }

  @Test("the help, the hints and the questions name the keys in effect")
  func shownInEffect() throws {
    let (keymap, problems) = Keymap.read("help = F1\nsave = Ctrl-S\nquit = Ctrl-Q\nconfirm = Enter\nrename = F2, r\n")
    #expect(problems.isEmpty)
    var editor = EditorState(arrangement: .demo, screen: Size(width: 110, height: 40), fileName: "grid.json")
    editor.keymap = keymap
    let status = try #require(editor.view(scheme: .monochrome).lines.last)
    #expect(status.contains("F1 help · Ctrl-S save · Ctrl-Q quit"), "\(status)")
    #expect(Question.quitWithUnsavedChanges.text(keymap) == "Unsaved changes: Enter quit · s save and quit · other keys stay")
    _ = editor.update(.input(.key(.function(1))), at: 0)
    #expect(editor.showingHelp)
    let help = editor.view(scheme: .monochrome).lines.joined(separator: "\n")
    #expect(help.contains("F2, r         rename tile or section") && help.contains("Ctrl-S        save"), "\(help)")
    #expect(help.contains("F1            this help") && !help.contains("?             this help"), "\(help)")
    // A command left with no key is named as the palette runs it.
    var none = Keymap.standard
    none.bind(.editor(.save), to: [])
    #expect(Announcement.newFile.text(none) == "New file: a adds a tile; :save saves it")
  }

  // MARK: - The command line

  static func keysDirectory(_ text: String) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(at: directory.url("config/tilegrid"), withIntermediateDirectories: true)
    try directory.write("config/tilegrid/keys", text)
    return directory
  }

  @Test("tilegrid keys prints the standard map with no keys file, and the file's with one; bad lines on standard error")
  func keysCommand() throws {
    let empty = try TemporaryDirectory()
    let standard = try TileGrid.run(["keys"], environment: ["XDG_CONFIG_HOME": empty.path])
    #expect(standard.status == 0 && standard.stderr.isEmpty, "\(standard)")
    #expect(standard.stdoutText == Keymap.standard.fileText)
    let directory = try Self.keysDirectory("save = Ctrl-S\nsve = x\nfind = Ctrl-S\n")
    let mine = try TileGrid.run(["keys"], environment: ["XDG_CONFIG_HOME": directory.file("config")])
    #expect(mine.status == 0, "\(mine)")
    #expect(mine.stdoutText.contains("\nsave = Ctrl-S ") && mine.stdoutText.contains("\nfind = / "), "\(mine.stdoutText)")
    let keysFile = directory.file("config/tilegrid/keys")
    #expect(mine.stderrLines == [
      "tilegrid: \(keysFile): line 2: unknown command 'sve' (did you mean 'save'?)",
      "tilegrid: \(keysFile): line 3: find refused: Ctrl-S is also save's key (board); find keeps /",
    ])
    // Without XDG_CONFIG_HOME (or with a relative one), ~/.config/tilegrid/keys.
    let home = try Self.keysDirectory("")
    try FileManager.default.moveItem(at: home.url("config"), to: home.url(".config"))
    try home.write(".config/tilegrid/keys", "undo = F9\n")
    for config: String? in [nil, "relative/config"] {
      let fromHome = try TileGrid.run(["keys"], environment: ["XDG_CONFIG_HOME": config, "HOME": home.path])
      #expect(fromHome.stdoutText.contains("\nundo = F9 "), "\(fromHome)")
    }
    // --keys names the file; one that is not there is an error (66).
    let given = try TileGrid.run(["keys", "--keys", keysFile], environment: ["XDG_CONFIG_HOME": empty.path])
    #expect(given.stdoutText == mine.stdoutText)
    let missing = try TileGrid.run(["keys", "--keys", empty.file("nope")])
    #expect(missing.status == 66 && missing.stdout.isEmpty && missing.stderrText.contains("nope"), "\(missing)")
  }

  @Test("play --keys replays with the file's keys: F5 lifts, F7 carries, F6 drops; without it they do nothing")
  func playWithKeys() throws {
    let directory = try Self.keysDirectory("lift = F5\ndrop = F6\ncarry-right = F7\n")
    let demo = try directory.write("demo.json", try TileGrid.run(["demo"]).stdoutText)
    let events = try directory.write("move.events", "key f5\nkey f7\nkey f6\n")
    let keys = directory.file("config/tilegrid/keys")
    let remapped = try TileGrid.run(["play", demo, "--width", "80", "--height", "24", "--events", events, "--keys", keys, "--trace"])
    #expect(remapped.status == 0, "\(remapped)")
    #expect(remapped.stderrText.contains("lift 0.0") && remapped.stderrText.contains("drop 0.1"), "\(remapped.stderrText)")
    let plain = try TileGrid.run(["play", demo, "--width", "80", "--height", "24", "--events", events])
    let original = try directory.readText("demo.json")
    #expect(plain.status == 0 && plain.stdoutText == original, "\(plain)")
    #expect(remapped.stdoutText != plain.stdoutText)
    // render draws the help with them.
    let help = try directory.write("help.events", "key ?\n")
    let screen = try TileGrid.run(["render", demo, "--width", "80", "--height", "40", "--events", help, "--keys", keys, "--color", "never"])
    #expect(screen.stdoutText.contains("F5            lift tile or section"), "\(screen.stdoutText)")
  }
}

extension String {
  /// Whether a space comes after the first `offset` characters.
  fileprivate func contains(_ c: Character, after offset: Int) -> Bool { dropFirst(offset).contains(c) }
}
