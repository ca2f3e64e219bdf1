import Canvas
import Foundation
import TerminalInput
import Testing
import TileModel

@testable import Editor

/// Every command is declared once (`EditorCommand`, `EditCommand`): the keys the editor dispatches,
/// the help overlay, the hints, the palette and the docs' key tables all come from the declarations.
@Suite("The keymap: every command declared once")
struct KeymapTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("no key gives two commands in one context", arguments: KeyContext.allCases)
  func noKeyGivesTwoCommands(_ context: KeyContext) {
    var seen: [Key: Command] = [:]
    for command in Keymap.commands(in: context) {
      for key in Keymap.standard.keys(command) {
        if let other = seen.updateValue(command, forKey: key) {
          Issue.record("\(key.name) gives \(other.name) and \(command.name) in \(context.rawValue)")
        }
      }
    }
    #expect(Keymap.standard.collisions.filter { $0.context == context }.isEmpty)
  }

  @Test("a key given to two commands of one context is a collision, naming both")
  func collisionsAreFound() {
    var keymap = Keymap.standard
    keymap.bind(.editor(.find), to: [.character("s")])
    let found = keymap.collisions
    #expect(found == [Keymap.Collision(context: .board, key: .character("s"), commands: [.editor(.find), .editor(.save)])])
  }

  @Test("names are unique across contexts, lower-case words joined by dashes, and read back")
  func namesAreUnique() {
    let names = Command.allCases.map(\.name)
    #expect(Set(names).count == names.count)
    for command in Command.allCases {
      #expect(command.name.allSatisfy { $0 == "-" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) }, "\(command.name)")
      #expect(Keymap.command(named: command.name) == command)
    }
  }

  @Test("every key's name reads back as the key")
  func keyNamesReadBack() {
    for command in Command.allCases {
      for key in command.declaration.keys {
        #expect(Key(name: key.name) == key, "\(key.name)")
      }
    }
    let more: [Key] = [
      .control("s"), .alt("x"), .alt("#"), .alt(","), .function(5), .character("#"), .character(","),
      .modified(.pageDown, [.control, .alt]), .modified(.up, .shift), .backtab, .character("é"),
    ]
    for key in more { #expect(Key(name: key.name) == key, "\(key.name)") }
    #expect(Key(name: "ctrl-s") == .control("s") && Key(name: "CTRL-S") == .control("s"))
    #expect(Key(name: "shift-up") == Key(name: "Shift-Up"))
    #expect(Key(name: "space") == .space && Key(name: " ") == nil && Key(name: "") == nil)
  }

  @Test("the board's and the lifted's help lines fit a column of the help at 80 columns")
  func helpLinesAreShort() {
    for group in KeyHelp.commandGroups {
      for command in Keymap.commands(of: group) {
        #expect(DisplayText.width(of: command.declaration.help) <= 23, "\(command.name): \(command.declaration.help)")
      }
    }
  }

  static func region(_ file: String, start: String, end: String) throws -> String {
    let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let first = try #require(lines.firstIndex(of: start), "\(file) has no '\(start)'")
    let last = try #require(lines[first...].firstIndex(of: end), "\(file) has no '\(end)'")
    return lines[(first + 1)..<last].joined(separator: "\n") + "\n"
  }

  static let tablesStart = "<!-- the key tables: made from the keymap (Sources/Editor/Command.swift, EditCommand.swift) -->"
  static let tablesEnd = "<!-- end of the key tables -->"

  @Test("README's and docs/editor.md's key tables are the keymap's", arguments: [
    ("README.md", [KeyContext.board, .lifted]), ("docs/editor.md", KeyContext.allCases),
  ])
  func docsTablesAreTheKeymap(_ file: String, _ contexts: [KeyContext]) throws {
    let shown = try Self.region(file, start: Self.tablesStart, end: Self.tablesEnd)
    let made = Keymap.standard.markdownTables(contexts)
    #expect(shown == made, "\(file)'s tables should read:\n\(made)")
  }
}
