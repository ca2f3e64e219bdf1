import Canvas
import Document
import Reorder
import TerminalInput
import Testing
import TileModel

@testable import Editor

/// Dispatch reads the keymap in every context: each command, given another key by a keys file, does
/// with that key exactly what it did with its own, and its own key no longer does it.
@Suite("The keymap: dispatch in every context")
struct KeymapDispatchTests {
  /// A key no command has by default.
  static let spare = Key.function(12)

  static func press(_ key: Key, _ editor: inout EditorState) -> [EditorEffect] {
    editor.update(.input(.key(key)), at: editor.now)
  }

  static func type(_ text: String, _ editor: inout EditorState) {
    for c in text { _ = press(c == " " ? .space : .character(c), &editor) }
  }

  /// The demo with a tile focused, a find made, a tile renamed (so there is something to undo).
  static func board(width: Int = 80, height: Int = 24) -> EditorState {
    var editor = EditorState(arrangement: .demo, screen: Size(width: width, height: height), fileName: "grid.json")
    _ = press(.right, &editor)
    _ = press(.character("/"), &editor)
    type("gr", &editor)
    _ = press(.enter, &editor)
    _ = press(.character("r"), &editor)
    type("!", &editor)
    _ = press(.enter, &editor)
    return editor
  }

  /// An editor in `context`, where `command` has something to do.
  static func start(_ context: KeyContext, _ command: Command) -> EditorState {
    switch context {
    case .board:
      return board()
    case .lifted:
      var editor = board()
      _ = press(.space, &editor)
      return editor
    case .help:
      var editor = board(width: 40, height: 10)
      _ = press(.character("?"), &editor)
      for _ in 0..<3 { _ = press(.down, &editor) }
      return editor
    case .panel:
      var editor = board(width: 60, height: 8)
      for _ in 0..<5 {
        _ = press(.right, &editor)
        _ = press(.character("r"), &editor)
        type("x", &editor)
        _ = press(.enter, &editor)
      }
      _ = press(.character("D"), &editor)
      _ = press(.down, &editor)
      return editor
    case .conflicts:
      var editor = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "board.json")
      var copy = Arrangement.demo[ItemPath(0, 0)]
      copy.id = "blue-2"
      editor.open(conflicts: [
        FileConflict(
          subject: #"tile "blue""#, about: .tile("blue"), message: "moved", line: 10,
          theirs: [.move(tile: "blue", to: ScriptPlace("archive", 0))], both: [.add(copy, to: ScriptPlace("archive", 0))]),
        FileConflict(subject: #"tile "red""#, about: .tile("red"), message: "deleted", line: 20, theirs: [.delete(tile: "red")]),
        FileConflict(subject: #"tile "green""#, about: .tile("green"), message: "deleted", line: 30, theirs: [.delete(tile: "green")]),
      ])
      _ = press(.down, &editor)
      return editor
    case .prompt:
      var editor = board()
      _ = press(.character("m"), &editor)
      type("Oth ers", &editor)
      _ = press(.left, &editor)
      _ = press(.left, &editor)
      return editor
    case .palette:
      var editor = board()
      _ = press(.character(":"), &editor)
      type("mark le", &editor)
      _ = press(.left, &editor)
      return editor
    case .question:
      var editor = board()
      switch command {
      case .editor(.overwrite), .editor(.saveAs):
        _ = press(.character("s"), &editor)
        _ = editor.update(.saveFailed(.readOnly), at: editor.now)
      case .editor(.restore), .editor(.discard), .editor(.keep):
        // The demo as it was before the rename: something to restore.
        _ = editor.update(
          .leftBehind([LeftBehind(kind: .recovery, path: "/tmp/x.recovery", name: "x.recovery", content: .arrangement(.demo))]),
          at: editor.now)
      default:
        _ = press(.character("q"), &editor)
      }
      return editor
    }
  }

  /// What a key did: its effects, and the editor after it (drawn with `keymap`, so that hints naming
  /// keys read alike).
  struct Outcome: Equatable {
    var effects: [EditorEffect]
    var overlay: Overlay?
    var arrangement: Arrangement
    var focus: Focus
    var helpOffset: Int
    var screen: [String]

    init(_ start: EditorState, _ key: Key, keymap: Keymap, drawnWith: Keymap) {
      var editor = start
      editor.keymap = keymap
      effects = press(key, &editor)
      overlay = editor.overlay
      arrangement = editor.arrangement
      focus = editor.reorder.focus
      helpOffset = editor.helpOffset
      editor.keymap = drawnWith
      screen = editor.view(scheme: .monochrome).lines
    }
  }

  @Test("each command, given another key, does with it what it did with its own", arguments: KeyContext.allCases)
  func remappedKeysDoTheSame(_ context: KeyContext) throws {
    var acted = 0
    for command in Keymap.commands(in: context) {
      let start = Self.start(context, command)
      let own = try #require(command.declaration.keys.first)
      #expect(Keymap.standard.command(for: own, in: context) == command)
      var remapped = Keymap.standard
      remapped.bind(command, to: [Self.spare])
      #expect(remapped.collisions.isEmpty)
      let before = Outcome(start, .function(24), keymap: .standard, drawnWith: remapped)
      let byOwn = Outcome(start, own, keymap: .standard, drawnWith: remapped)
      let bySpare = Outcome(start, Self.spare, keymap: remapped, drawnWith: remapped)
      #expect(byOwn == bySpare, "\(context.rawValue): \(command.name)")
      // Where the command did something, its own key no longer does it.
      guard byOwn != before else { continue }
      acted += 1
      let ownNow = Outcome(start, own, keymap: remapped, drawnWith: remapped)
      #expect(ownNow != byOwn, "\(context.rawValue): \(own.name) still does \(command.name)")
    }
    // Most commands of each context act in its starting state (so the comparisons above mean something).
    #expect(acted * 2 > Keymap.commands(in: context).count, "\(context.rawValue): only \(acted) acted")
  }
}
