import Canvas
import Document
import Reorder
import TerminalInput
import EditScripts
import TileGridJSON
import TileModel

// MARK: - What changed since the file was saved (`D`); the disk version the board rests on

extension EditorState {
  /// The first tile, else the first header, else nothing.
  var firstFocus: Focus {
    if let s = arrangement.sections.firstIndex(where: { $0.count > 0 }) { return .tile(ItemPath(s, 0)) }
    return arrangement.sections.isEmpty ? Focus.none : .header(0)
  }

  /// `D`: the edit script from the file as opened or last saved to the arrangement now, in a panel.
  mutating func showChanges() -> [EditorEffect] {
    let script = Arrangement.diff(document.arrangementAtSavedPoint(), document.arrangement)
    guard !script.isEmpty else {
      announcement = .noChanges
      return []
    }
    let lines = script.map(EditScript.line)
    overlay = .text(TextPanel(title: "Changes since the file was saved (\(lines.count))", lines: lines))
    return []
  }

  /// A key while a panel is shown: the arrows, PgUp/PgDn, Home/End scroll; Esc, Enter, `q` and `D`
  /// close it.
  mutating func panelKey(_ key: Key, _ panel: TextPanel) -> [EditorEffect] {
    var panel = panel
    let page = max(1, TextPanel.rows(onScreen: screen) - 1)
    let last = max(0, panel.lines.count - TextPanel.rows(onScreen: screen))
    switch keymap.command(for: key, in: .panel) {
    case .editor(.closePanel)?:
      overlay = nil
      return []
    case .editor(.editCard)? where panel.card != nil:
      overlay = nil
      return begin(.editText)
    case .editor(.scrollUp)?: panel.offset -= 1
    case .editor(.scrollDown)?: panel.offset += 1
    case .editor(.scrollPageUp)?: panel.offset -= page
    case .editor(.scrollPageDown)?: panel.offset += page
    case .editor(.scrollTop)?: panel.offset = 0
    case .editor(.scrollBottom)?: panel.offset = last
    default: return []
    }
    panel.offset = min(max(0, panel.offset), last)
    overlay = .text(panel)
    return []
  }
}

/// A version of the file on disk that a merge was made with: the base of the next merge, and the version
/// a save may write over, while the history is at or past the merge (`stateID`).
struct DiskVersion: Sendable {
  var base: Arrangement
  var token: Int
  var stateID: Int
}

extension EditorState {
  /// The disk version the arrangement rests on: the last merge's, while that merge is applied.
  var activeDisk: DiskVersion? {
    guard let disk, let position = document.history.position(ofState: disk.stateID),
      position <= document.history.position
    else { return nil }
    return disk
  }

  /// The version of the file the arrangement rests on: the disk version merged with last (while that
  /// merge is applied), else the file as opened or last saved. A recovery file records it, so that
  /// the file's later changes on disk are merged in when it is restored.
  public var diskBase: Arrangement { activeDisk?.base ?? document.arrangementAtSavedPoint() }

  /// The token of the disk version a save may write over without asking (see `activeDisk`).
  public var diskToken: Int? { activeDisk?.token }
}

extension TextPanel {
  /// How many of a panel's lines a screen shows: all rows but the frame's two and the bars'.
  static func rows(onScreen screen: Size) -> Int {
    max(1, screen.height - 4)
  }
}
