import Document
import Canvas
import GridLayout
import Reorder
import TileModel

/// The editor's screen, drawn from the state alone (the Elm architecture's view): the title bar on
/// row 0, the content viewport, the status line on the last row, and the help overlay above all.
///
///     TileGrid  demo  ● unsaved                            18 tiles · 4 sections
///     Favorites 5/8 ───────────────────────────────────────────────────────────
///      ██████████████  ██████████████  ...            tiles: filled blocks, title centered
///     Others 9 ────────────────────────────────────────────────────────────────
///     READY 0.0  blue — Favorites 1 of 5                  ? help  s save  q quit   Top
///
/// Only what is visible is visited (`FlowLayout.forEachItem(in:)`), so a frame costs the same with a
/// thousand tiles or a million.
extension EditorState {
  /// Draws the whole screen into `buffer`, which is resized to the screen when it differs.
  public func view(into buffer: inout Buffer, scheme: ColorScheme) {
    if buffer.size != screen { buffer = Buffer(size: screen) } else { buffer.clear() }
    var painter = Painter(state: self, scheme: scheme)
    painter.draw(into: &buffer)
  }

  /// A fresh buffer holding the screen.
  public func view(scheme: ColorScheme) -> Buffer {
    var buffer = Buffer(size: screen)
    view(into: &buffer, scheme: scheme)
    return buffer
  }

  /// The smallest screen that shows one whole tile with its section's header, the title bar and the
  /// status line; a smaller one gets a message instead of the grid.
  public var minimumScreen: Size {
    let p = arrangement.layout
    let inset = p.sectionInset
    let bars = Screen.titleRows + Screen.statusRows
    switch p.direction {
    case .vertical:
      // Tiles shrink to the width, so a narrow screen still shows them; below 8 cells a title is gone.
      return Size(
        width: inset.left + min(p.itemSize.width, 8) + inset.right,
        height: bars + p.headerHeight + inset.top + p.itemSize.height)
    case .horizontal:
      return Size(
        width: inset.left + p.itemSize.width + inset.right,
        height: bars + p.headerHeight + inset.top + min(p.itemSize.height, 1) + inset.bottom)
    }
  }

  /// The mode the status line's badge names.
  var modeName: (text: String, color: RGB) {
    if showingHelp { return ("HELP", Theme.accent) }
    if case .text = overlay { return ("READ", Theme.accent) }
    switch prompt?.purpose {
    case .saveAs: return ("SAVE AS", Theme.accent)
    case .find: return ("FIND", Theme.accent)
    case .moveTo: return ("MOVE TO", Theme.accent)
    case .edit(.addTile), .edit(.addSection): return ("ADD", Theme.accent)
    case .edit(.renameTile), .edit(.renameSection): return ("RENAME", Theme.accent)
    case .edit(.recolor): return ("COLOR", Theme.accent)
    case .edit(.width): return ("WIDTH", Theme.accent)
    case .edit(.maxItems): return ("LIMIT", Theme.accent)
    case nil: break
    }
    switch question {
    case .quitWithUnsavedChanges: return ("QUIT?", Theme.refusal)
    case .fileChangedOnDisk, .fileReadOnly, .fileExists: return ("SAVE?", Theme.refusal)
    case .deleteTiles, .deleteSection: return ("DELETE?", Theme.refusal)
    case nil: break
    }
    switch reorder.gesture {
    case .dragging(let session):
      if session.isForbidden { return ("REFUSED", Theme.refusal) }
      return (session.source == .mouse ? "DRAG" : "LIFTED", Theme.dragAccent)
    case .pressing: return ("PRESS", Theme.accent)
    case .idle, .failed: return ("READY", Theme.accent)
    }
  }
}

/// One frame's drawing: the state, the scheme, and the styles they give.
struct Painter {
  let state: EditorState
  let scheme: ColorScheme
  var color: Bool { scheme == .color }
  var reorder: ReorderState { state.reorder }
  var layout: FlowLayout { state.document.layout }
  var viewport: Viewport { state.reorder.viewport }

  init(state: EditorState, scheme: ColorScheme) {
    self.state = state
    self.scheme = scheme
  }

  func style(_ foreground: RGB?, _ background: RGB?, _ attributes: Attributes = []) -> Style {
    guard color else { return Style(attributes: attributes) }
    return Style(
      foreground: foreground.map(CellColor.rgb) ?? .default, background: background.map(CellColor.rgb) ?? .default,
      attributes: attributes)
  }

  mutating func draw(into buffer: inout Buffer) {
    let screen = state.screen
    guard screen.width > 0, screen.height > 0 else { return }
    let minimum = state.minimumScreen
    if screen.width < minimum.width || screen.height < minimum.height {
      drawTooSmall(into: &buffer, minimum: minimum)
      return
    }
    drawContent(into: &buffer)
    drawTitleBar(into: &buffer)
    drawStatusLine(into: &buffer)
    if state.showingHelp { drawHelp(into: &buffer) }
    if case .text(let panel) = state.overlay { drawPanel(panel, into: &buffer) }
  }

  // MARK: - Too small

  /// A screen too small for one tile: what is wrong and what is needed, in the longest words that fit.
  func drawTooSmall(into buffer: inout Buffer, minimum: Size) {
    let screen = state.screen
    let size = "\(screen.width)x\(screen.height)"
    let needed = "\(minimum.width)x\(minimum.height)"
    let choices: [[String]] = [
      ["Terminal too small", "\(size); needs \(needed)", "q quits"],
      ["Too small", "needs \(needed)", "q quits"],
      ["Too small", "needs \(needed)"],
      ["Too small"],
      ["small"],
    ]
    let lines =
      choices.first { lines in
        lines.count <= screen.height && lines.allSatisfy { DisplayText.width(of: $0) <= screen.width }
      } ?? ["…"]
    let top = max(0, (screen.height - lines.count) / 2)
    for (k, line) in lines.enumerated() where top + k < screen.height {
      buffer.write(
        line, centeredIn: Rect(x: 0, y: top + k, width: screen.width, height: 1),
        style: style(k == 0 ? Theme.refusal : nil, nil, k == 0 ? .bold : []))
    }
  }
}
