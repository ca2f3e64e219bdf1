import Editor
import TerminalInput
import TileModel

// What the editor's tests share: keys sent to an editor through the update code that the terminal and
// `tilegrid play` share, and the demo board as someone else changed it on disk.

enum EditorKeys {
  /// A key pressed: all its effects, the engine's happenings among them.
  @discardableResult
  static func key(_ key: Key, _ editor: inout EditorState) -> [EditorEffect] {
    editor.update(.input(.key(key)), at: editor.now)
  }

  /// A key pressed: its effects without the engine's happenings.
  static func press(_ key: Key, _ editor: inout EditorState) -> [EditorEffect] {
    editor.update(.input(.key(key)), at: editor.now).filter {
      if case .happened = $0 { return false }
      return true
    }
  }

  /// Each character of `text` typed, a space as the space key.
  static func type(_ text: String, _ editor: inout EditorState) {
    for c in text { _ = press(c == " " ? .space : .character(c), &editor) }
  }

  /// Space, right, Enter: the focused card lifted, carried one place right and dropped; on the demo
  /// board as opened, blue after red. One unsaved change.
  static func carryRight(_ editor: inout EditorState) {
    key(.space, &editor)
    key(.right, &editor)
    key(.enter, &editor)
  }
}

extension Arrangement {
  /// The demo board as someone else changed it on disk: brown (Others' first) moved to the end of
  /// Others, and gray (then Others' second) renamed Grey when `grayRenamed`.
  static func demoChangedOnDisk(grayRenamed: Bool) throws -> Arrangement {
    var theirs = Arrangement.demo
    try theirs.move(from: ItemPath(1, 0), to: ItemPath(1, 8))
    if grayRenamed {
      var gray = theirs[ItemPath(1, 1)]
      gray.title = "Grey"
      try theirs.apply(.setTile(at: ItemPath(1, 1), to: gray))
    }
    return theirs
  }
}
