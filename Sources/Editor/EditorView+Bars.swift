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
  /// mark, and the counts on the right when there is room for them (a board's `5 cards · 2 lanes`).
  func drawTitleBar(into buffer: inout Buffer) {
    let width = state.screen.width
    let row = Rect(x: 0, y: 0, width: width, height: Screen.titleRows)
    buffer.fill(row, with: " ", style: barStyle)
    let arrangement = state.arrangement
    let tiles = arrangement.tileCount
    let sections = arrangement.sections.count
    let marked = reorder.marks.count
    let nouns = state.nouns
    let tileCount = (marked > 0 ? "\(marked) marked · " : "") + "\(tiles) \(nouns.tile)\(tiles == 1 ? "" : "s")"
    var counts = tileCount + " · \(sections) \(nouns.section)\(sections == 1 ? "" : "s") "
    let name = state.fileName ?? "demo"
    // What gives way on a narrow screen, in order: the sections' count, the word "unsaved" (the ●
    // stays), the name "TileGrid", the tiles' count; the file name is cut last, with `…`.
    let nameWidth = DisplayText.width(of: name)
    var brand = " TileGrid  "
    var unsaved = state.autosaveState.map { " " + $0 } ?? (state.isDirty ? " ● unsaved" : "")
    var showCounts = true
    func needed() -> Int {
      DisplayText.width(of: brand) + nameWidth + DisplayText.width(of: unsaved)
        + (showCounts ? DisplayText.width(of: counts) + 2 : 0)
    }
    if needed() > width { counts = tileCount + " " }
    if needed() > width && state.isDirty { unsaved = " ●" } else if needed() > width { unsaved = "" }
    if needed() > width { brand = " " }
    if needed() > width { showCounts = false }
    let countsWidth = DisplayText.width(of: counts)

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

  /// ` READY  red — Favorites 2 of 5              ? help · s save · q quit  Top `: the mode, the
  /// announcement (or the question asked, or the prompt), key hints when there is room, and where the
  /// viewport is in the content. Places on it count from 1, as a person counts.
  ///
  /// What does not fit gives way in order: the hints first; then the announcement or question wraps
  /// onto the rows above the status line (at most `maximumStatusRows` in all, drawn over the content's
  /// last rows), and only then is it cut with `…`. A prompt keeps the last row; a reason about what was
  /// typed (or a failed save's) goes on the rows above it when it does not fit beside the field.
  func drawStatusLine(into buffer: inout Buffer) {
    let width = state.screen.width
    let y = state.screen.height - Screen.statusRows
    guard y > 0 else { return }
    // Rows above the status line that long words may take: never the title bar.
    let spare = max(0, min(Self.maximumStatusRows - 1, y - 1))
    let mode = state.modeName
    let badge = " \(mode.text) "
    let badgeStyle = color ? style(Theme.barBackground, mode.color, .bold) : Style(attributes: .bold)
    // The words start one cell after the badge: ` READY  Hold a tile…`.
    let indent = DisplayText.width(of: badge) + 1
    let position = " \(positionText) "
    let positionWidth = DisplayText.width(of: position)
    let full = max(1, width - indent - 1)

    if let prompt = state.prompt {
      var room = width - indent - 1
      let (note, essential) = promptNote(prompt)
      let noteText = " \(note) "
      let noteWidth = DisplayText.width(of: noteText)
      let beside = noteWidth + 20 <= room
      let above = !beside && essential ? clipped(wrap(note, width: full), to: spare, width: full) : []
      let top = y - above.count
      buffer.fill(Rect(x: 0, y: top, width: width, height: above.count + 1), with: " ", style: barStyle)
      for (k, line) in above.enumerated() {
        buffer.write(line, at: Point(x: indent, y: top + k), style: noteStyle, maxWidth: full)
      }
      if beside {
        buffer.write(noteText, at: Point(x: width - noteWidth, y: y), style: essential ? noteStyle : barDimStyle)
        room -= noteWidth
      }
      buffer.write(badge, at: Point(x: 0, y: y), style: badgeStyle)
      drawPrompt(prompt, at: Point(x: indent, y: y), width: room, into: &buffer)
      return
    }

    let room0 = max(0, width - indent - positionWidth)
    let announcement = helpScrollWords(room: room0) ?? state.question?.text(state.keymap) ?? state.statusText
    let hints = hintText
    let hintsWidth = DisplayText.width(of: hints) + 2
    let room = room0
    var lines: [String]
    var showHints = false
    if DisplayText.width(of: announcement) <= room || (state.question == nil && state.announcementMayBeCut) {
      lines = [announcement]
      // The announcement comes first; the hints show only when both fit.
      showHints = !hints.isEmpty && DisplayText.width(of: announcement) + hintsWidth <= room
    } else {
      // Wrapped: every row is as wide as the line allows, the last leaving room for the position.
      let wrapped = wrap(announcement, width: full)
      lines = clipped(wrapped, to: spare + 1, width: full)
      if lines.count == wrapped.count, let last = lines.last, DisplayText.width(of: last) > room {
        // The last row is cut by the position: wrap it again, narrower.
        let head = Array(wrapped.dropLast())
        let tail = wrap(last, width: max(1, room))
        lines = clipped(head + tail, to: spare + 1, width: full)
      }
    }
    let top = y - (lines.count - 1)
    buffer.fill(Rect(x: 0, y: top, width: width, height: lines.count), with: " ", style: barStyle)
    buffer.write(badge, at: Point(x: 0, y: top), style: badgeStyle)
    for (k, line) in lines.enumerated() {
      let last = k == lines.count - 1
      buffer.write(
        line, at: Point(x: indent, y: top + k), style: announcementStyle,
        maxWidth: max(0, last ? room - (showHints ? hintsWidth : 0) : full), overflow: .ellipsis)
    }
    if showHints {
      buffer.write(hints, at: Point(x: width - positionWidth - hintsWidth + 2, y: y), style: barDimStyle)
    }
    if positionWidth <= width - indent {
      buffer.write(position, at: Point(x: width - positionWidth, y: y), style: barStyle)
    }
  }

  /// The most rows the status line takes, itself included, when its words need more than one (a
  /// prompt's reason takes up to three above the field).
  static let maximumStatusRows = 4

  /// `lines` cut to `count` rows, the last ending in `…` when some were left out.
  func clipped(_ lines: [String], to count: Int, width: Int) -> [String] {
    guard lines.count > count else { return lines }
    guard count > 0 else { return [] }
    var kept = Array(lines.prefix(count))
    var last = kept[count - 1] + " " + lines[count...].joined(separator: " ")
    while DisplayText.width(of: last) > max(0, width - 1), !last.isEmpty { last.removeLast() }
    kept[count - 1] = last + "…"
    return kept
  }

  /// What the prompt shows beside its field, and whether it is essential (a reason the value will not
  /// do, a failed save, which section or color Tab completed) or a hint that may give way.
  func promptNote(_ prompt: Prompt) -> (String, essential: Bool) {
    let keys = state.keymap
    switch (prompt.purpose, state.announcement) {
    case (.find, .notFound): return ("no match", false)
    case (.find, _):
      return (
        state.find.map { "\($0.matchCount) match\($0.matchCount == 1 ? "" : "es")" }
          ?? keys.hints([(.submit, "stays"), (.cancelLine, "goes back")]), false
      )
    // What was wrong with the place typed, or which section Tab completed.
    case (.moveTo, .badDestination), (.moveTo, .completed): return (state.announcement.text(keys), true)
    case (.moveTo, _): return (keys.hints([(.complete, "completes"), (.submit, "moves"), (.cancelLine, "cancels")]), false)
    // Why the name typed could not be written: it stays in the field to correct.
    case (.saveAs, .notSaved(.failed)): return (state.announcement.text(keys), true)
    case (.saveAs, _): return (keys.hints([(.submit, "saves"), (.cancelLine, "cancels")]), false)
    // What was wrong with the value, or which color Tab completed.
    case (.edit, .badValue), (.edit(.recolor), .completed): return (state.announcement.text(keys), true)
    case (.edit(.recolor), _): return (keys.hints([(.complete, "completes"), (.submit, "sets")]), false)
    case (.edit(.addTile), _), (.edit(.addSection), _): return (keys.hints([(.submit, "adds"), (.cancelLine, "cancels")]), false)
    case (.edit, _): return (keys.hints([(.submit, "sets"), (.cancelLine, "cancels")]), false)
    case (.palette, _):
      let count = state.paletteMatches.count
      return (count == 0 ? "no command matches" : keys.hints([(.submit, "runs"), (.cancelLine, "closes")]), count == 0)
    }
  }

  /// A reason beside or above a prompt: the refusal color; a completion: dim.
  var noteStyle: Style {
    switch state.announcement {
    case .completed: return barDimStyle
    default: return style(Theme.refusal, Theme.barBackground, .bold).barred(color)
    }
  }

  /// Where the viewport is: `All` when everything shows, `Top`, `End`, or a percentage.
  var positionText: String {
    let maximum = viewport.maximumPosition(contentSize: layout.contentSize)
    if maximum == 0 { return "All" }
    if layout.isLanes {
      // The lanes shown whole: `1-3/5`.
      let shown = layout.sections(intersecting: viewport.visibleContent).filter {
        layout.sectionFrame($0).maxX <= viewport.position + viewport.length
      }
      guard let first = shown.first, let last = shown.last else { return "Top" }
      return first == last ? "\(first + 1)/\(layout.sectionCount)" : "\(first + 1)-\(last + 1)/\(layout.sectionCount)"
    }
    if viewport.position == 0 { return "Top" }
    if viewport.position >= maximum { return "End" }
    return "\(viewport.position * 100 / maximum)%"
  }

  /// Whether the help is shown and does not all fit, so that keys scroll it.
  var helpScrolls: Bool {
    guard state.showingHelp, let layout = state.helpLayout else { return false }
    return layout.shown < layout.rows
  }

  /// While the help scrolls, the status line's words are its keys, as many as fit in `room`.
  func helpScrollWords(room: Int) -> String? {
    guard helpScrolls else { return nil }
    let keys = state.keymap
    let lines = keys.hint([.scrollUp, .scrollDown])
    let pages = keys.hint([.scrollPageUp, .scrollPageDown])
    let ends = keys.hint([.scrollTop, .scrollBottom])
    let words = [
      [lines, pages, ends].compactMap { $0 }.joined(separator: " ") + " scroll · any other key closes",
      [lines, pages].compactMap { $0 }.joined(separator: " ") + " scroll · other keys close",
      [lines].compactMap { $0 }.joined(separator: " ") + " scroll · other keys close",
    ]
    return words.first { DisplayText.width(of: $0) <= room } ?? words[words.count - 1]
  }

  /// The keys that matter now.
  var hintText: String {
    if state.showingHelp { return helpScrolls ? "" : "any key closes" }
    let keys = state.keymap
    if case .text = state.overlay {
      let scroll = [keys.hint([.scrollUp, .scrollDown]), keys.hint([.scrollPageUp, .scrollPageDown])].compactMap { $0 }
      return ([scroll.isEmpty ? nil : scroll.joined(separator: " ") + " scroll"] + [keys.hint(.closePanel).map { "\($0) closes" }])
        .compactMap { $0 }.joined(separator: " · ")
    }
    if state.question != nil { return "" }
    switch reorder.gesture {
    case .dragging(let session):
      if session.source == .mouse { return (["release to drop"] + [keys.hints([(.cancel, "cancel")])]).filter { !$0.isEmpty }.joined(separator: " · ") }
      let carry = keys.hint([.carryLeft, .carryRight, .carryUp, .carryDown]).map { "\($0) move" }
      return ([carry] + [keys.hints([(.drop, "drop"), (.cancel, "cancel")])]).compactMap { $0 }.filter { !$0.isEmpty }
        .joined(separator: " · ")
    case .pressing: return "hold to lift"
    case .idle, .failed: return keys.hints([(.help, "help"), (.save, "save"), (.quit, "quit")])
    }
  }

  /// `Save as: notes/grid.json▏`: the label, then the field, scrolled to keep the cursor in view, the
  /// cursor's cell in reverse video.
  func drawPrompt(_ prompt: Prompt, at origin: Point, width: Int, into buffer: inout Buffer) {
    guard width > 0 else { return }
    let x = buffer.write(prompt.label, at: origin, style: barStyle, maxWidth: width)
    let room = origin.x + width - x
    guard room > 1 else { return }
    // Keep the cursor visible: show the end of the text that fits before it, found by walking back
    // from the cursor (never more characters than cells: each takes one, but the rare one that
    // takes none), so a frame costs what it shows, not the field's length.
    let characters = prompt.field.characters
    let cursor = prompt.field.cursor
    var start = cursor
    var used = 0
    while start > 0 && cursor - start < room {
      let width = DisplayText.width(of: String(characters[start - 1]))
      if used + width >= room { break }
      used += width
      start -= 1
    }
    let before = String(characters[start..<cursor])
    let at = cursor < characters.count ? String(characters[cursor]) : " "
    let after = cursor + 1 < characters.count ? String(characters[(cursor + 1)..<min(characters.count, cursor + 1 + room)]) : ""
    var pen = buffer.write(before, at: Point(x: x, y: origin.y), style: barStyle, maxWidth: room)
    var cursorStyle = barStyle
    cursorStyle.attributes.formSymmetricDifference(.reverse)
    pen = buffer.write(at, at: Point(x: pen, y: origin.y), style: cursorStyle, maxWidth: max(0, x + room - pen))
    buffer.write(after, at: Point(x: pen, y: origin.y), style: barStyle, maxWidth: max(0, x + room - pen))
    if characters.isEmpty, let placeholder = prompt.placeholder {
      // What Enter keeps, dim after the cursor: typing replaces it.
      var dim = barStyle
      dim.attributes.insert(color ? .dim : .italic)
      if color { dim.foreground = style(Theme.barDim, nil).foreground }
      buffer.write(placeholder, at: Point(x: pen, y: origin.y), style: dim, maxWidth: max(0, x + room - pen))
    }
  }

  var announcementStyle: Style {
    if state.question != nil { return style(Theme.refusal, Theme.barBackground, .bold).barred(color) }
    switch state.announcement {
    case .refused, .notSaved, .fileDeleted, .confirmQuit, .notDiscarded: return style(Theme.refusal, Theme.barBackground, .bold).barred(color)
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
