import Canvas
import Document
@testable import Editor
import Reorder
import TerminalInput
import Testing
import TileModel

/// The table of editing commands (`EditCommand`) is what the keys, the help, the prompts and the badge
/// read: each key gives one command, no command's key is taken before it reaches the editor, every
/// prompt a command opens has its words, and the help lists the commands as the table does.
@Suite("Editing commands: one table for keys, help, prompts and words")
struct EditCommandTests {
  static func editor() -> EditorState {
    EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "grid.json")
  }

  @Test("each editing command has keys, each gives it on the board, and the engine takes none of them first")
  func keysAreTheirs() {
    let keymap = Keymap.standard
    for command in EditCommand.allCases {
      #expect(!command.declaration.keys.isEmpty, "\(command) has no key")
      #expect(command.declaration.contexts == [.board], "\(command)")
      for key in command.declaration.keys {
        #expect(keymap.command(for: key, in: .board) == .edit(command), "\(key)")
        #expect(keymap.command(for: key, in: [.lifted, .board]) == .edit(command), "the lifted's \(key) before \(command)")
      }
    }
    for key: Key in [.character("s"), .character("u"), .character("q"), .character("?"), .space, .escape] {
      guard case .edit? = keymap.command(for: key, in: .board) else { continue }
      Issue.record("\(key) gives an editing command")
    }
  }

  @Test("the help's Editing group is the table, in its order, each line naming the command's keys")
  func helpIsTheTable() throws {
    let group = try #require(KeyHelp.groups(.standard).first { $0.title == "Editing" })
    #expect(group.entries == EditCommand.allCases.compactMap { KeyHelp.entry(.edit($0), .standard) })
    #expect(group.entries.count == EditCommand.allCases.count)
    for command in EditCommand.allCases {
      let line = try #require(KeyHelp.entry(.edit(command), .standard))
      #expect(line.keys == command.declaration.keys.map(\.name).joined(separator: ", "), "\(command): \(line.keys)")
      #expect(line.action == command.declaration.help)
    }
  }

  /// One prompt of each kind (an exhaustive switch: a new kind does not compile until it is here).
  static func sample(_ kind: EditPrompt) -> EditPrompt {
    switch kind {
    case .addTile, .addSection, .renameTile, .renameSection, .recolor, .width, .maxItems: return kind
    }
  }

  static let prompts: [EditPrompt] = [
    sample(.addTile(at: ItemPath(0, 1))), sample(.addSection(at: 1)), sample(.renameTile(ItemPath(0, 0))),
    sample(.renameSection(0)), sample(.recolor([ItemPath(0, 0)], completion: nil)), sample(.width([ItemPath(0, 0)])),
    sample(.maxItems(section: 0)),
  ]

  @Test("every prompt a command opens has its label and badge, shown while it is open")
  func promptsHaveTheirWords() throws {
    for kind in Self.prompts {
      let words = try #require(kind.command.prompt, "\(kind) opens a prompt its command has no words for")
      var editor = Self.editor()
      editor.overlay = .prompt(Prompt(purpose: .edit(kind), field: LineEditor()))
      #expect(editor.modeName.text == words.badge)
      let status = try #require(editor.view(scheme: .monochrome).lines.last)
      #expect(status.contains(words.label), "\(kind): \(status)")
      #expect(status.contains(" \(words.badge) "), "\(kind): \(status)")
    }
  }

  @Test("each command's key opens its prompt, or acts, and its outcome is reported in its words")
  func keysOpenTheirPrompts() throws {
    for command in EditCommand.allCases {
      var editor = Self.editor()
      // A tile of the demo's first section has the focus.
      _ = editor.update(.input(.key(.right)), at: 0)
      _ = editor.update(.input(.key(.left)), at: 0)
      let key = try #require(command.declaration.keys.first)
      var effects = editor.update(.input(.key(key)), at: 0)
      if command == .editText {
        // The text goes out through the port (the focused tile's title, one line) and comes back edited.
        #expect(effects.contains(.editText("blue\n")), "\(effects)")
        effects = editor.update(.textEdited("navy\n"), at: 0)
        #expect(editor.arrangement[ItemPath(0, 0)].title == "navy")
      }
      switch command.prompt {
      case let words?:
        guard case .prompt(let open) = editor.overlay, case .edit(let kind) = open.purpose else {
          Issue.record("\(command): no prompt opened (\(String(describing: editor.overlay)))")
          continue
        }
        #expect(kind.command == command)
        #expect(open.label == words.label)
      case nil:
        // Delete on one tile, and lock, act at once: one edit, in the command's words.
        #expect(editor.overlay == nil, "\(command)")
        let edited = effects.compactMap { effect -> EditCommand.Outcome? in
          if case .happened(.edited(let outcome, _)) = effect { return outcome }
          return nil
        }
        #expect(edited.count == 1, "\(command): \(effects)")
        if let outcome = edited.first {
          #expect(editor.announcement.text.hasPrefix(outcome.pastTense), "\(editor.announcement.text)")
        }
      }
    }
  }
}
