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
  /// Draws the whole screen into `buffer`, which is resized to the screen when it differs: the resting
  /// screen, everything where it belongs.
  public func view(into buffer: inout Buffer, scheme: ColorScheme) {
    view(into: &buffer, scheme: scheme, at: nil)
  }

  /// Draws the screen as it is at `time` (milliseconds on the editor's clock, not before `now`) while
  /// things glide (`Motion`); nil, or a time when nothing moves any more, draws the resting screen.
  public func view(into buffer: inout Buffer, scheme: ColorScheme, at time: Int?) {
    if buffer.size != screen { buffer = Buffer(size: screen) } else { buffer.clear() }
    let moving = time.map { motion.isMoving(at: max($0, now)) } ?? false
    var painter = Painter(state: self, scheme: scheme, time: moving ? time.map { max($0, now) } : nil)
    painter.draw(into: &buffer)
  }

  /// A fresh buffer holding the screen (at `time`, as `view(into:scheme:at:)` draws it).
  public func view(scheme: ColorScheme, at time: Int? = nil) -> Buffer {
    var buffer = Buffer(size: screen)
    view(into: &buffer, scheme: scheme, at: time)
    return buffer
  }

  /// The smallest screen that shows one whole tile with its section's header, the title bar and the
  /// status line; a smaller one gets a message instead of the grid. Lanes need one lane with a card
  /// one row tall and the rows for `↑ N more` and `↓ N more`.
  public var minimumScreen: Size {
    let p = document.layout.parameters
    let inset = p.sectionInset
    let bars = Screen.titleRows + Screen.statusRows
    switch p.direction {
    case .vertical:
      // Tiles shrink to the width, so a narrow screen still shows them; below 8 cells a title is gone.
      return Size(
        width: inset.left + min(p.itemSize.width, 8) + inset.right,
        height: bars + p.headerHeight + inset.top + p.itemSize.height)
    case .horizontal, .lanes:
      return Size(
        width: inset.left + p.itemSize.width + inset.right,
        height: bars + p.headerHeight + inset.top + min(p.itemSize.height, 1) + inset.bottom)
    }
  }

  /// Whether the screen is smaller than `minimumScreen`: it shows what is wrong instead of the grid, and
  /// keys act on nothing hidden (`tooSmallKey`).
  public var isTooSmall: Bool { screen.width < minimumScreen.width || screen.height < minimumScreen.height }

  /// The mode the status line's badge names.
  var modeName: (text: String, color: RGB) {
    if showingHelp { return ("HELP", Theme.accent) }
    if case .text = overlay { return ("READ", Theme.accent) }
    switch prompt?.purpose {
    case .saveAs: return ("SAVE AS", Theme.accent)
    case .find: return ("FIND", Theme.accent)
    case .moveTo: return ("MOVE TO", Theme.accent)
    case .edit(let kind): return (kind.command.prompt?.badge ?? "EDIT", Theme.accent)
    case .palette: return ("COMMAND", Theme.accent)
    case nil: break
    }
    switch question {
    case .quitWithUnsavedChanges: return ("QUIT?", Theme.refusal)
    case .fileReadOnly, .fileExists, .diskUnreadable: return ("SAVE?", Theme.refusal)
    case .deleteTiles, .deleteSection: return ("DELETE?", Theme.refusal)
    case .leftBehind: return ("FOUND", Theme.refusal)
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
  /// The viewport as drawn: where its scroll is at `time`.
  let viewport: Viewport
  /// The moment drawn while something glides; nil for the resting screen.
  let time: Int?
  /// Where tiles are drawn: the viewport, or in lanes the rows of the cards shown while a card is drawn
  /// in its lane (the lifted card floats over everything in the viewport).
  var tileClip: Rect

  init(state: EditorState, scheme: ColorScheme, time: Int? = nil) {
    self.state = state
    self.scheme = scheme
    self.time = time
    viewport = state.drawnViewport(at: time)
    tileClip = viewport.frame
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
    if case .conflicts(let panel) = state.overlay { drawConflicts(panel, into: &buffer) }
    if case .palette(let chosen)? = state.prompt?.purpose { drawPalette(chosen: chosen, into: &buffer) }
  }

  // MARK: - Too small

  /// A screen too small for one tile: what is wrong and what is needed, then what the keys do there,
  /// in the longest words that fit. A question asked there (quitting with unsaved changes, a save's)
  /// takes the screen, and so does the save-as prompt, so that what the keys answer is in view.
  func drawTooSmall(into buffer: inout Buffer, minimum: Size) {
    let screen = state.screen
    let size = "\(screen.width)x\(screen.height)"
    let needed = "\(minimum.width)x\(minimum.height)"
    var choices: [[String]]
    if let question = state.question {
      let text = question.text(state.keymap)
      let compact = question.compactLines(state.keymap)
      choices = [
        ["Terminal too small"] + wrap(text, width: screen.width),
        wrap(text, width: screen.width),
        compact,
        Array(compact.prefix(2)),
        Array(compact.prefix(1)),
      ]
    } else if let prompt = state.prompt, prompt.purpose.isSaveAs {
      // The field's end, where typing happens, with the cursor after it.
      let field = Self.tail(prompt.field.text, width: max(1, screen.width - 1)) + "▏"
      var reason: [String] = []
      if case .notSaved(.failed(let why)) = state.announcement { reason = wrap("Not saved: " + why, width: screen.width) }
      let keys = state.keymap
      let enter = keys.hints([(.submit, "saves")])
      let both = keys.hints([(.submit, "saves"), (.cancelLine, "cancels")])
      choices = [
        ["Terminal too small"] + reason + ["Save as:", field, both],
        reason + ["Save as:", field, enter],
        ["Save as:", field, enter],
        ["Save as:", field],
        [field],
      ]
    } else {
      // What a key did there: saving, and a quit not done.
      var said: [String] = []
      switch state.announcement {
      case .saving, .saved, .notSaved, .notQuitting, .finishDragFirst: said = wrap(state.statusText, width: screen.width)
      default: break
      }
      let keys = state.keymap
      let quits = "\(keys.say(.quit)) quits"
      let both = "\(quits) · \(keys.say(.save)) saves"
      choices = [
        ["Terminal too small", "\(size); needs \(needed)"] + said + [both],
        ["Too small", "needs \(needed)"] + said + [both],
        ["Too small", "needs \(needed)"] + said + [quits],
      ]
      // What the key did comes before what is needed, when not both fit.
      if !said.isEmpty { choices += [["Too small"] + said + [quits], said + [quits], said] }
      choices += [["Too small", "needs \(needed)", quits], ["Too small", "needs \(needed)"], ["Too small"], ["small"]]
    }
    let lines =
      choices.first { lines in
        lines.count <= screen.height && lines.allSatisfy { DisplayText.width(of: $0) <= screen.width }
      } ?? ["…"]
    let top = max(0, (screen.height - lines.count) / 2)
    let alarm = state.question != nil
    for (k, line) in lines.enumerated() where top + k < screen.height {
      let first = k == 0
      buffer.write(
        line, centeredIn: Rect(x: 0, y: top + k, width: screen.width, height: 1),
        style: style(first || alarm ? Theme.refusal : nil, nil, first ? .bold : []))
    }
  }

  /// The end of `text` that fits in `width` cells, with `…` before it when it was cut.
  static func tail(_ text: String, width: Int) -> String {
    guard DisplayText.width(of: text) > width else { return text }
    // The characters that fit, walking back from the end: linear in what is shown.
    var kept: [Character] = []
    var used = 0
    for character in text.reversed() {
      let cells = DisplayText.width(of: String(character))
      if used + cells > max(0, width - 1) || kept.count > width { break }
      used += cells
      kept.append(character)
    }
    return "…" + String(kept.reversed())
  }

  /// `text` broken into lines at most `width` cells wide, at spaces; a word longer than a line is cut
  /// into pieces. `firstWidth` is the first line's width when it differs.
  func wrap(_ text: String, width: Int, firstWidth: Int? = nil) -> [String] {
    Self.wrap(text, width: width, firstWidth: firstWidth)
  }

  /// `wrap(_:width:firstWidth:)` for callers without a painter.
  static func wrap(_ text: String, width: Int, firstWidth: Int? = nil) -> [String] {
    var lines: [String] = []
    var line = ""
    func limit() -> Int { max(1, lines.isEmpty ? firstWidth ?? width : width) }
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      let candidate = line.isEmpty ? word : line + " " + word
      if DisplayText.width(of: candidate) <= limit() {
        line = candidate
        continue
      }
      if !line.isEmpty {
        lines.append(line)
        line = ""
      }
      // A word wider than a whole line is cut where the line ends.
      while DisplayText.width(of: word) > limit() {
        var piece = ""
        for character in word {
          if DisplayText.width(of: piece + String(character)) > limit() { break }
          piece.append(character)
        }
        if piece.isEmpty { piece = String(word.first!) }
        lines.append(piece)
        word.removeFirst(piece.count)
      }
      line = word
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
