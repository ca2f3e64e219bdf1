import Document
import Canvas
import GridLayout
import Reorder
import TileModel

/// How a tile is drawn.
enum TileLook {
  case normal
  case focused
  /// Floating under the pointer, highlighted, with a shadow.
  case lifted
  /// Lifted over a place that refuses it.
  case forbidden
}

extension Painter {
  // MARK: - The content viewport

  mutating func drawContent(into buffer: inout Buffer) {
    let clip = viewport.frame
    guard !clip.isEmpty else { return }
    let visible = viewport.visibleContent
    let session = reorder.gesture.session
    let tileDrag = session?.tiles
    let sectionDrag = session?.section
    let refusedSection = tileDrag?.refusal?.destination.section

    // 1. Section headers and empty sections' drop zones, those on their way where they are drawn now,
    // over those at rest. A lifted section's header leaves a placeholder.
    var gliding: [(section: Int, offset: Point)] = []
    if let time {
      for (s, origin) in state.glidingSections(drawnAt: time, in: viewport) {
        gliding.append((s, origin - viewport.screenPoint(fromContent: layout.sectionFrame(s).origin)))
      }
    }
    let glidingSections = Set(gliding.map(\.section))
    for s in layout.sections(intersecting: visible) where !glidingSections.contains(s) {
      drawSection(s, offset: .zero, refused: refusedSection, into: &buffer)
    }
    for (s, offset) in gliding { drawSection(s, offset: offset, refused: refusedSection, into: &buffer) }

    // 2. Tiles, in the order `tileLayers` gives: the lifted tile's slot (every slot of a lifted block)
    // an empty placeholder, tiles at rest, tiles on their way, the tile landing, the lifted tile.
    let focus = reorder.gesture.isDragging ? nil : reorder.focus.tile
    let arrangement = state.arrangement
    func drawTileAt(_ path: ItemPath, in rect: Rect, look: TileLook? = nil) {
      var tile = arrangement[path]
      // The color being typed shows on the tiles it is for.
      if let color = state.previewColor(at: path) { tile.color = color }
      self.drawTile(
        tile, in: rect, look: look ?? (path == focus ? .focused : .normal), matched: state.isMatch(path),
        marked: reorder.isMarked(path, in: arrangement), into: &buffer)
    }
    // In lanes a card is drawn in the rows of the cards shown: one scrolled past, or on its way in,
    // is cut at their edge, never drawn over a header or the `↑ N more` and `↓ N more` rows.
    let cardClip = layout.isLanes ? viewport.screenRect(fromContent: layout.cardWindow).intersection(clip) : clip
    // The tiles' cells on the scroll bar's line, which the bar leaves alone (step 4).
    var onTiles: [Rect] = []
    let barLine = scrollBarLine
    for layer in state.tileLayers(drawnAt: time, in: viewport) {
      if layer.rect.intersects(barLine) { onTiles.append(layer.rect) }
      switch layer.kind {
      case .placeholder, .resting, .gliding: tileClip = cardClip
      case .landing, .lifted: tileClip = clip
      }
      switch layer.kind {
      case .placeholder: drawPlaceholder(layer.rect, into: &buffer)
      case .resting, .gliding: drawTileAt(layer.path, in: layer.rect)
      case .landing(let shadow):
        drawShadow(of: layer.rect, growth: shadow, into: &buffer)
        drawTileAt(layer.path, in: layer.rect, look: .lifted)
      case .lifted(let shadow):
        // Above everything in the viewport, with its shadow (growing as it rises), and the number of
        // tiles when it leads a block.
        drawShadow(of: layer.rect, growth: shadow, into: &buffer)
        drawTile(
          arrangement[layer.path], in: layer.rect, look: tileDrag?.refusal == nil ? .lifted : .forbidden,
          blockCount: tileDrag?.block?.count, into: &buffer)
      }
    }

    // 3. A lifted section's header, above everything in the viewport, with its shadow.
    let rise = time.map { state.motion.rise(at: $0) } ?? 1
    if let session, let sectionDrag, let header = layout.headerFrame(sectionDrag.current) {
      let origin = state.floatingHeaderOrigin(drawnAt: time, in: viewport) ?? viewport.screenPoint(fromContent: session.floatingOrigin)
      let rect = Rect(origin: origin, size: header.size)
      drawShadow(of: rect, growth: rise, into: &buffer)
      drawLiftedHeader(sectionDrag.current, in: rect, into: &buffer)
    }

    tileClip = clip

    // 4. Where the viewport is in the content; in lanes, each lane's cards above and below those shown.
    if layout.isLanes {
      drawLaneCounts(into: &buffer)
    } else {
      drawScrollIndicator(sparing: onTiles, into: &buffer)
    }
  }

  /// Lanes: `↑ 3 more` in the row above a lane's cards shown when it has cards above them, and `↓ 12
  /// more` in the row below when it has cards below.
  func drawLaneCounts(into buffer: inout Buffer) {
    let clip = viewport.frame
    let window = layout.cardWindow
    let dim = style(Theme.barDim, nil, color ? [] : .dim)
    for s in layout.sections(intersecting: viewport.visibleContent) {
      let body = layout.bodyFrame(s)
      let rows: [(count: Int, arrow: String, y: Int)] = [
        (layout.cardsAbove(s), "↑", window.minY - 1), (layout.cardsBelow(s), "↓", window.maxY),
      ]
      for row in rows where row.count > 0 && row.y >= layout.parameters.headerHeight {
        let at = viewport.screenPoint(fromContent: Point(x: body.minX + 1, y: row.y))
        buffer.write(
          "\(row.arrow) \(row.count) more", at: at, style: dim, maxWidth: max(0, body.width - 2), overflow: .ellipsis,
          clip: clip)
      }
    }
  }

  // MARK: - Headers and drop zones

  /// Section `s`'s header (or, lifted, its dashed rule) and, when it is empty, its drop zone, moved by
  /// `offset` content cells from where they rest (a section on its way).
  func drawSection(_ s: Int, offset: Point, refused refusedSection: Int?, into buffer: inout Buffer) {
    let clip = viewport.frame
    let sectionDrag = reorder.gesture.session?.section
    if let resting = layout.headerFrame(s) {
      let header = Rect(origin: resting.origin + offset, size: resting.size)
      let rect = viewport.screenRect(fromContent: header)
      if s == sectionDrag?.current {
        // The lifted header's place: a dashed rule.
        buffer.fill(rect, with: "╌", style: style(Theme.placeholder, nil, color ? [] : .dim), clip: clip)
      } else {
        drawHeader(
          s, in: rect, refused: s == refusedSection, focused: s == reorder.focus.header && !reorder.gesture.isDragging,
          into: &buffer)
      }
    }
    if layout.itemCount(inSection: s) == 0 {
      let resting = layout.bodyFrame(s)
      let body = Rect(origin: resting.origin + offset, size: resting.size)
      drawDropZone(viewport.screenRect(fromContent: body), into: &buffer)
    }
  }

  /// `Favorites 5/8 ─────`: the title, the count (of the maximum, when there is one), a lock mark, and a
  /// rule to the end of the header. The refusing section of a drag is shown in the refusal color.
  func drawHeader(_ s: Int, in rect: Rect, refused: Bool, focused: Bool = false, into buffer: inout Buffer) {
    let section = state.arrangement.sections[s]
    let clip = viewport.frame
    let row = Rect(x: rect.minX, y: rect.maxY - 1, width: rect.width, height: 1)
    let count = section.maxItems.map { "\(section.count)/\($0)" } ?? "\(section.count)"
    // A focused header: its title on the accent (color), or marked with ▶ (monochrome).
    var titleStyle = style(refused ? Theme.refusal : nil, nil, .bold)
    if focused { titleStyle = color ? style(Theme.black, Theme.accent, .bold) : Style(attributes: [.bold, .reverse]) }
    let dim = style(Theme.rule, nil, color ? [] : .dim)
    var x = row.minX + 1
    let end = row.maxX - 1
    if refused && !color {
      x = buffer.write("⊘ ", at: Point(x: x, y: row.minY), style: titleStyle, maxWidth: max(0, end - x), clip: clip)
    }
    if focused {
      let mark = color ? " " : "▶ "
      x = buffer.write(mark, at: Point(x: x, y: row.minY), style: titleStyle, maxWidth: max(0, end - x), clip: clip)
    }
    // The count keeps its room; a long title gives way, ending in `…`.
    let countWidth = DisplayText.width(of: count) + 1
    x = buffer.write(
      section.displayTitle + (focused && color ? " " : ""), at: Point(x: x, y: row.minY), style: titleStyle,
      maxWidth: max(1, end - x - countWidth), overflow: .ellipsis, clip: clip)
    x = buffer.write(
      " " + count, at: Point(x: x, y: row.minY), style: style(refused ? Theme.refusal : Theme.barDim, nil),
      maxWidth: max(0, end - x), clip: clip)
    if section.isLocked {
      x = buffer.write(
        " \(Painter.lockMark) locked", at: Point(x: x, y: row.minY), style: style(Theme.barDim, nil, .italic),
        maxWidth: max(0, end - x), clip: clip)
    }
    if x + 1 < row.maxX {
      buffer.fill(Rect(x: x + 1, y: row.minY, width: row.maxX - x - 1, height: 1), with: "─", style: dim, clip: clip)
    }
  }

  /// A lifted section's header, floating: highlighted, with the number of tiles that travel with it.
  func drawLiftedHeader(_ s: Int, in rect: Rect, into buffer: inout Buffer) {
    let section = state.arrangement.sections[s]
    let clip = viewport.frame
    let face = color ? style(Theme.black, Theme.dragAccent, .bold) : Style(attributes: [.bold, .reverse])
    // Without color, heavy rules mark the lifted header, as heavy lines mark a lifted tile.
    buffer.fill(rect, with: color ? " " : "━", style: face, clip: clip)
    let row = Rect(x: rect.minX, y: rect.maxY - 1, width: rect.width, height: 1)
    let tiles = section.count == 1 ? "1 tile" : "\(section.count) tiles"
    buffer.write(
      " ≡ \(section.displayTitle) · \(tiles) ", at: Point(x: row.minX + 1, y: row.minY), style: face,
      maxWidth: max(0, row.width - 2), overflow: .ellipsis, clip: clip)
  }

  /// An empty section's body: a dashed outline that says tiles (a board's cards) can be dropped there.
  func drawDropZone(_ rect: Rect, into buffer: inout Buffer) {
    let clip = viewport.frame
    let lines = style(Theme.placeholder, nil, color ? [] : .dim)
    buffer.drawBox(rect, .dashed, style: lines, clip: clip)
    let text = rect.width >= 26 ? "empty — drop \(state.nouns.tile)s here" : "empty"
    buffer.write(text, centeredIn: titleArea(rect), style: style(Theme.placeholder, nil, .italic), clip: clip)
  }

  // MARK: - Tiles

  /// Marks locked tiles and sections: they cannot be lifted, or let no tile in or out.
  static let lockMark = "🔒"

  /// Where a tile's title goes: its middle row, inside a margin of one cell (color) or of the border
  /// and a cell (monochrome), less on narrow tiles.
  func titleArea(_ rect: Rect) -> Rect {
    let margin = !color && rect.width >= 6 ? 2 : rect.width >= 3 ? 1 : 0
    return Rect(x: rect.minX + margin, y: rect.minY, width: rect.width - 2 * margin, height: rect.height)
  }

  /// A tile: a filled block of its color with its title centered (color), or a box with the title
  /// (monochrome). Focus, lifted and forbidden tiles each have their own border.
  func drawTile(
    _ tile: Tile, in rect: Rect, look: TileLook, matched: Bool = false, marked: Bool = false, blockCount: Int? = nil,
    into buffer: inout Buffer
  ) {
    drawTileFace(tile, in: rect, look: look, matched: matched, into: &buffer)
    let clip = tileClip
    // A marked tile has ✔ in its top-left corner; a block's lifted tile shows how many travel.
    if marked {
      let mark = color ? style(Theme.black, Theme.match, .bold) : Style(attributes: [.bold, .reverse])
      // In color a badge in the corner; without, the mark sits on the box's top edge.
      let at = color || rect.width < 3 ? rect.origin : Point(x: rect.minX + 1, y: rect.minY)
      buffer.write(color && rect.width >= 5 ? " ✔ " : "✔", at: at, style: mark, maxWidth: rect.width, clip: clip)
    }
    if let blockCount {
      let badge = " \(blockCount) "
      let width = DisplayText.width(of: badge)
      let face = color ? style(Theme.black, Theme.dragAccent, .bold) : Style(attributes: [.bold, .reverse])
      buffer.write(
        badge, at: Point(x: max(rect.minX, rect.maxX - width - 1), y: rect.minY), style: face, maxWidth: rect.width,
        clip: clip)
    }
  }

  private func drawTileFace(_ tile: Tile, in rect: Rect, look: TileLook, matched: Bool, into buffer: inout Buffer) {
    let clip = tileClip
    guard rect.intersects(clip) else { return }
    var title = tile.displayTitle
    if tile.isLocked { title = Painter.lockMark + " " + title }
    if look == .forbidden { title = "⊘ " + title }
    let bold: Attributes = look == .normal ? [] : .bold
    let prefix = (tile.isLocked ? Painter.lockMark + " " : "") + (look == .forbidden ? "⊘ " : "")
    guard color else {
      buffer.fill(rect, with: " ", style: Style(), clip: clip)
      let lines: BoxLines
      switch look {
      case .normal: lines = .light
      case .focused: lines = .double
      case .lifted: lines = .heavy
      case .forbidden: lines = .forbidden
      }
      buffer.drawBox(rect, lines, style: Style(attributes: look == .normal ? [] : .bold), clip: clip)
      if drawsCards {
        return drawCard(
          tile, in: rect, text: Style(attributes: bold), background: nil, prefix: prefix, matched: matched, into: &buffer)
      }
      // A find's match is marked by characters, which show even in plain text.
      if matched { title = "›" + title + "‹" }
      drawTitle(
        title, in: titleArea(rect), style: Style(attributes: matched ? bold.union(.underline) : bold), into: &buffer)
      return
    }
    var background = tile.displayColor
    switch look {
    case .normal, .focused: break
    case .lifted: background = Theme.mix(background, Theme.white, 0.18)
    case .forbidden: background = Theme.mix(background, RGB(0x70, 0x70, 0x70), 0.65)
    }
    let text = Contrast.readableForeground(on: background)
    buffer.fill(rect, with: " ", style: style(text, background), clip: clip)
    switch look {
    case .normal: break
    case .focused: buffer.drawBox(rect, .rounded, style: style(text, background, .bold), clip: clip)
    case .lifted: buffer.drawBox(rect, .heavy, style: style(text, background, .bold), clip: clip)
    case .forbidden: buffer.drawBox(rect, .heavy, style: style(Theme.refusal, background, .bold), clip: clip)
    }
    if drawsCards {
      return drawCard(
        tile, in: rect, text: style(text, background, bold), background: background, prefix: prefix, matched: matched,
        into: &buffer)
    }
    if matched {
      // The title on the find highlight, a cell of it either side.
      drawTitle(" " + title + " ", in: titleArea(rect), style: style(Theme.black, Theme.match, .bold), into: &buffer)
    } else {
      drawTitle(title, in: titleArea(rect), style: style(text, background, bold), into: &buffer)
    }
  }

  /// A tile's title in its title area: on the middle row of a tile up to 3 cells tall; in a taller one,
  /// wrapped over `height - 2` lines (`DisplayText.wrapped`), each line centered, the lines centered
  /// between the top and bottom rows.
  func drawTitle(_ title: String, in area: Rect, style: Style, into buffer: inout Buffer) {
    let clip = tileClip
    guard area.height > 3 else {
      if titlesFromTheLeft {
        // A list: the title from the left, on the middle row.
        let y = area.minY + (area.height - 1) / 2
        buffer.write(title, at: Point(x: area.minX, y: y), style: style, maxWidth: area.width, overflow: .ellipsis, clip: clip)
      } else {
        buffer.write(title, centeredIn: area, style: style, clip: clip)
      }
      return
    }
    let lines = DisplayText(title).wrapped(toWidth: area.width, lines: area.height - 2)
    let top = area.minY + 1 + (area.height - 2 - lines.count) / 2
    for (k, line) in lines.enumerated() {
      let x = area.minX + DisplayText.centeringOffset(width: line.width, in: area.width)
      buffer.write(line, at: Point(x: x, y: top + k), style: style, maxWidth: area.width, clip: clip)
    }
  }

  /// The lifted tile's slot: an empty dashed outline where it will land.
  func drawPlaceholder(_ rect: Rect, into buffer: inout Buffer) {
    let clip = tileClip
    buffer.fill(rect, with: " ", style: Style(), clip: clip)
    buffer.drawBox(rect, .dashed, style: style(Theme.placeholder, nil, color ? [] : .dim), clip: clip)
  }

  /// A shadow one cell right of and below the lifted tile. In color, a cell whose background is known
  /// (a tile's, a bar's) is darkened, enough to see on that color; a cell on the terminal's own
  /// background, which may be dark or light and is not known, gets the `░` shade in a mid gray that
  /// stands out from black and from white alike (`Theme.shadowShade`), as does a cell too dark to
  /// darken. Without color, the shade alone.
  ///
  /// `growth` is how far the tile has risen (motion): from 0, no shadow, to 1, the whole of it; the
  /// strips grow from the corner below and right of the tile, in whole cells.
  func drawShadow(of rect: Rect, growth: Double = 1, into buffer: inout Buffer) {
    let clip = tileClip
    let grown = min(1, max(0, growth))
    let down = Int((Double(rect.height) * grown).rounded())
    let across = Int((Double(rect.width - 1) * grown).rounded())
    let strips = [
      Rect(x: rect.maxX, y: rect.maxY + 1 - down, width: 1, height: down),
      Rect(x: rect.maxX - across, y: rect.maxY, width: across, height: 1),
    ]
    for strip in strips {
      guard color else {
        buffer.fill(strip, with: "░", style: Style(attributes: .dim), clip: clip)
        continue
      }
      let bounds = buffer.bounds
      let (minX, maxX) = (max(strip.minX, clip.minX, bounds.minX), min(strip.maxX, clip.maxX, bounds.maxX))
      let (minY, maxY) = (max(strip.minY, clip.minY, bounds.minY), min(strip.maxY, clip.maxY, bounds.maxY))
      guard minX < maxX, minY < maxY else { continue }
      for y in minY..<maxY {
        for x in minX..<maxX {
          let cell = Rect(x: x, y: y, width: 1, height: 1)
          let under = buffer[x, y].style
          if case .rgb(let background) = under.background, let darker = Self.shadowed(background) {
            buffer.restyle(cell, clip: clip) { style in
              style.background = .rgb(darker)
              if case .rgb(let text) = style.foreground { style.foreground = .rgb(Theme.mix(text, Theme.black, 0.6)) }
            }
          } else {
            let ground: CellColor = under.background
            buffer.fill(cell, with: "░", style: Style(foreground: .rgb(Self.shade(on: ground)), background: ground), clip: clip)
          }
        }
      }
    }
  }

  /// A known background darkened for the shadow, or nil when darkening would not show (too dark).
  static func shadowed(_ background: RGB) -> RGB? {
    let darker = Theme.mix(background, Theme.black, 0.6)
    return Contrast.ratio(darker, background) >= Theme.shadowContrast ? darker : nil
  }

  /// The shade's color: the mid gray on the terminal's background, else whichever of it and a light
  /// gray stands out more from the known background.
  static func shade(on background: CellColor) -> RGB {
    guard case .rgb(let rgb) = background else { return Theme.shadowShade }
    let light = Theme.mix(Theme.shadowShade, Theme.white, 0.5)
    return Contrast.ratio(Theme.shadowShade, rgb) >= Contrast.ratio(light, rgb) ? Theme.shadowShade : light
  }

  // MARK: - Scroll indicator

  /// The line the scroll bar is drawn on: the viewport's right column, or its bottom row in the
  /// horizontal direction.
  var scrollBarLine: Rect {
    let frame = viewport.frame
    return viewport.isVerticalAxis
      ? Rect(x: frame.maxX - 1, y: frame.minY, width: 1, height: frame.height)
      : Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1)
  }

  /// A thumb along the viewport's far edge (the right column, or the bottom row in the horizontal
  /// direction) when the content is longer than the viewport. Neither the thumb nor the track is drawn
  /// on a tile (`tiles`: the screen rectangles of those drawn, that reach the bar's line): where tiles
  /// reach the edge (a horizontal board on a short screen), the bar shows between them. The track is
  /// drawn only on blank cells; the thumb also over a header's rule.
  ///
  /// - Complexity: O(the viewport's length + tiles).
  func drawScrollIndicator(sparing tiles: [Rect], into buffer: inout Buffer) {
    let frame = viewport.frame
    let content = layout.contentSize
    let total = viewport.isVerticalAxis ? content.height : content.width
    let length = viewport.length
    guard total > length, length > 0 else { return }
    let thumbLength = max(1, length * length / total)
    let maximum = viewport.maximumPosition(contentSize: content)
    let thumbStart = maximum == 0 ? 0 : (length - thumbLength) * viewport.position / maximum
    let thumb = style(Theme.accent, nil)
    let track = style(Theme.rule, nil, color ? [] : .dim)
    var onTile = [Bool](repeating: false, count: length)
    for rect in tiles {
      let (start, end) =
        viewport.isVerticalAxis ? (rect.minY - frame.minY, rect.maxY - frame.minY) : (rect.minX - frame.minX, rect.maxX - frame.minX)
      for k in max(0, start)..<max(max(0, start), min(length, end)) { onTile[k] = true }
    }
    for k in 0..<length where !onTile[k] {
      let p =
        viewport.isVerticalAxis
        ? Point(x: frame.maxX - 1, y: frame.minY + k) : Point(x: frame.minX + k, y: frame.maxY - 1)
      let inThumb = k >= thumbStart && k < thumbStart + thumbLength
      if inThumb {
        buffer.fill(Rect(origin: p, size: Size(width: 1, height: 1)), with: viewport.isVerticalAxis ? "┃" : "━", style: thumb)
      } else if buffer[p] == .blank {
        buffer.fill(Rect(origin: p, size: Size(width: 1, height: 1)), with: viewport.isVerticalAxis ? "│" : "─", style: track)
      }
    }
  }
}

extension Viewport {
  var isVerticalAxis: Bool { direction == .vertical }
}
