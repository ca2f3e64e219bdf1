import Document
import Canvas
import GridLayout
import Reorder
import TileModel

extension Painter {
  var barStyle: Style { style(Theme.barText, Theme.barBackground, color ? [] : .reverse) }
  var barDimStyle: Style { style(Theme.barDim, Theme.barBackground, color ? [] : .reverse) }

  // MARK: - Title bar

  /// ` TileGrid  demo.json ● unsaved            18 tiles · 4 sections `: the name, the file, the unsaved
  /// mark, and the counts on the right when there is room for them.
  func drawTitleBar(into buffer: inout Buffer) {
    let width = state.screen.width
    let row = Rect(x: 0, y: 0, width: width, height: Screen.titleRows)
    buffer.fill(row, with: " ", style: barStyle)
    let arrangement = state.arrangement
    let tiles = arrangement.tileCount
    let sections = arrangement.sections.count
    let marked = reorder.marks.count
    let counts =
      (marked > 0 ? "\(marked) marked · " : "")
      + "\(tiles) tile\(tiles == 1 ? "" : "s") · \(sections) section\(sections == 1 ? "" : "s") "
    let name = state.fileName ?? "demo"
    // What gives way on a narrow screen, in order: the counts, the word "unsaved" (the ● stays), the
    // name "TileGrid"; the file name is cut last, with `…`.
    let nameWidth = DisplayText.width(of: name)
    let countsWidth = DisplayText.width(of: counts)
    var brand = " TileGrid  "
    var unsaved = state.isDirty ? " ● unsaved" : ""
    var showCounts = true
    func needed() -> Int {
      DisplayText.width(of: brand) + nameWidth + DisplayText.width(of: unsaved) + (showCounts ? countsWidth + 2 : 0)
    }
    if needed() > width { showCounts = false }
    if needed() > width && state.isDirty { unsaved = " ●" }
    if needed() > width { brand = " " }

    var x = buffer.write(brand, at: Point(x: 0, y: 0), style: style(Theme.accent, Theme.barBackground, .bold).barred(color))
    let nameLimit = max(0, width - x - DisplayText.width(of: unsaved) - (showCounts ? countsWidth + 2 : 0))
    x = buffer.write(
      name, at: Point(x: x, y: 0), style: style(Theme.barText, Theme.barBackground, .bold).barred(color),
      maxWidth: nameLimit, overflow: .ellipsis)
    if !unsaved.isEmpty {
      x = buffer.write(
        unsaved, at: Point(x: x, y: 0), style: style(Theme.dragAccent, Theme.barBackground).barred(color),
        maxWidth: max(0, width - x))
    }
    if showCounts {
      buffer.write(counts, at: Point(x: width - countsWidth, y: 0), style: barDimStyle)
    }
  }

  // MARK: - Status line

  /// ` READY  0.1  red — Favorites 2 of 5          ? help · s save · q quit  Top `: the mode, the focused
  /// or lifted tile's place (`S.I`), the announcement, key hints when there is room, and where the
  /// viewport is in the content.
  func drawStatusLine(into buffer: inout Buffer) {
    let width = state.screen.width
    let y = state.screen.height - Screen.statusRows
    guard y > 0 else { return }
    buffer.fill(Rect(x: 0, y: y, width: width, height: Screen.statusRows), with: " ", style: barStyle)

    let mode = state.modeName
    var x = buffer.write(
      " \(mode.text) ", at: Point(x: 0, y: y),
      style: color ? style(Theme.barBackground, mode.color, .bold) : Style(attributes: .bold))
    if let place = currentPlace {
      x = buffer.write(" \(place)", at: Point(x: x, y: y), style: barDimStyle, maxWidth: max(0, width - x))
    }
    x += 2

    if let prompt = state.prompt {
      var room = width - x - 2
      // On the right: how many tiles a find matches, or the keys of the prompt, when there is room.
      var note: String
      switch (prompt.purpose, state.announcement) {
      case (.find, .notFound): note = "no match"
      case (.find, _): note = state.find.map { "\($0.matchCount) match\($0.matchCount == 1 ? "" : "es")" } ?? "Enter stays · Esc goes back"
      // What was wrong with the place typed, or which section Tab completed.
      case (.moveTo, .badDestination), (.moveTo, .completed): note = state.announcement.text
      case (.moveTo, _): note = "Tab completes · Enter moves · Esc cancels"
      case (.saveAs, _): note = "Enter saves · Esc cancels"
      // What was wrong with the value, or which color Tab completed.
      case (.edit, .badValue), (.edit(.recolor), .completed): note = state.announcement.text
      case (.edit(.recolor), _): note = "Tab completes · Enter sets"
      case (.edit(.addTile), _), (.edit(.addSection), _): note = "Enter adds · Esc cancels"
      case (.edit, _): note = "Enter sets · Esc cancels"
      }
      note = " \(note) "
      let noteWidth = DisplayText.width(of: note)
      if noteWidth + 20 <= room {
        buffer.write(note, at: Point(x: width - noteWidth, y: y), style: barDimStyle)
        room -= noteWidth
      }
      drawPrompt(prompt, at: Point(x: x + 1, y: y), width: room, into: &buffer)
      return
    }
    let position = " \(positionText) "
    let hints = hintText
    let positionWidth = DisplayText.width(of: position)
    let announcement = state.question?.text ?? state.statusText
    let announcementWidth = DisplayText.width(of: announcement)
    let hintsWidth = DisplayText.width(of: hints) + 2
    let room = width - x - positionWidth
    // The announcement comes first; the hints show only when both fit.
    let showHints = announcementWidth + hintsWidth <= room
    buffer.write(
      announcement, at: Point(x: x, y: y), style: announcementStyle, maxWidth: max(0, room - (showHints ? hintsWidth : 0)),
      overflow: .ellipsis)
    if showHints {
      buffer.write(hints, at: Point(x: width - positionWidth - hintsWidth + 2, y: y), style: barDimStyle)
    }
    if positionWidth <= width - x {
      buffer.write(position, at: Point(x: width - positionWidth, y: y), style: barStyle)
    }
  }

  /// The focused tile's place, or the lifted tile's, as `S.I`.
  var currentPlace: String? {
    switch reorder.gesture.session?.lifted {
    case .tiles(let drag)?: return "\(drag.current)"
    case .section(let drag)?: return "§\(drag.current)"
    case nil: break
    }
    switch reorder.focus {
    case .header(let s): return "§\(s)"
    case .tile(let path) where state.arrangement.contains(path): return "\(path)"
    case .tile, .none: return nil
    }
  }

  /// Where the viewport is: `All` when everything shows, `Top`, `End`, or a percentage.
  var positionText: String {
    let maximum = viewport.maximumPosition(contentSize: layout.contentSize)
    if maximum == 0 { return "All" }
    if viewport.position == 0 { return "Top" }
    if viewport.position >= maximum { return "End" }
    return "\(viewport.position * 100 / maximum)%"
  }

  /// The keys that matter now.
  var hintText: String {
    if state.showingHelp { return "any key closes" }
    if case .text = state.overlay { return "↑↓ PgUp PgDn scroll · Esc closes" }
    if state.question != nil { return "" }
    switch reorder.gesture {
    case .dragging(let session):
      return session.source == .mouse ? "release to drop · Esc cancel" : "arrows move · Enter drop · Esc cancel"
    case .pressing: return "hold to lift"
    case .idle, .failed: return "? help · s save · q quit"
    }
  }

  /// `Save as: notes/grid.json▏`: the label, then the field, scrolled to keep the cursor in view, the
  /// cursor's cell in reverse video.
  func drawPrompt(_ prompt: Prompt, at origin: Point, width: Int, into buffer: inout Buffer) {
    guard width > 0 else { return }
    let x = buffer.write(prompt.label, at: origin, style: barStyle, maxWidth: width)
    let room = origin.x + width - x
    guard room > 1 else { return }
    // Keep the cursor visible: show the end of the text that fits before it.
    let characters = prompt.field.characters
    var start = 0
    while start < prompt.field.cursor
      && DisplayText.width(of: String(characters[start..<prompt.field.cursor])) >= room
    {
      start += 1
    }
    let before = String(characters[start..<prompt.field.cursor])
    let at = prompt.field.cursor < characters.count ? String(characters[prompt.field.cursor]) : " "
    let after = prompt.field.cursor + 1 < characters.count ? String(characters[(prompt.field.cursor + 1)...]) : ""
    var pen = buffer.write(before, at: Point(x: x, y: origin.y), style: barStyle, maxWidth: room)
    var cursorStyle = barStyle
    cursorStyle.attributes.formSymmetricDifference(.reverse)
    pen = buffer.write(at, at: Point(x: pen, y: origin.y), style: cursorStyle, maxWidth: max(0, x + room - pen))
    buffer.write(after, at: Point(x: pen, y: origin.y), style: barStyle, maxWidth: max(0, x + room - pen))
  }

  var announcementStyle: Style {
    if state.question != nil { return style(Theme.refusal, Theme.barBackground, .bold).barred(color) }
    switch state.announcement {
    case .refused, .notSaved, .confirmQuit: return style(Theme.refusal, Theme.barBackground, .bold).barred(color)
    case .saved: return style(RGB(0x7E, 0xE0, 0x87), Theme.barBackground).barred(color)
    default: return barStyle
    }
  }
}

extension Style {
  /// In monochrome, everything on a bar is in reverse video.
  func barred(_ color: Bool) -> Style {
    guard !color else { return self }
    var style = self
    style.attributes.insert(.reverse)
    return style
  }
}
