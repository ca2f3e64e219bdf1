import CNCursesW
import Canvas
import Geometry

#if canImport(Glibc)
  import Glibc
#endif

extension CursesTerminal {
  /// Shows `frame`: the cells that differ from the last frame (`Presenter`) go into ncurses' screen,
  /// then one `doupdate` composes what changed (ncurses compares too, and moves the cursor the
  /// cheapest way), between synchronized-output marks when the terminal knows them, and the terminal
  /// is given as much of it as it takes now (`CursesTerminal+Output.swift`; what it cannot take yet
  /// waits, and `canTakeOutput` is false until it has). An identical frame writes nothing at all.
  /// Returns the bytes the frame took.
  ///
  /// `frame` is swapped with the last frame's buffer: afterwards it holds an older frame of the same
  /// size, to draw the next one into (`EditorState.view(into:)` clears it), so a steady stream of
  /// frames neither allocates nor copies.
  @discardableResult
  public func present(_ frame: inout Buffer) -> Int {
    guard active else { return 0 }
    let clear = needsClear
    needsClear = false
    collect()
    let before = queuedBytes
    var backend = CursesBackend(terminal: self, previous: presenter.screen, next: frame)
    if presenter.present(&frame, to: &backend, clearing: clear), clear {
      send(TerminalModes.on)  // in case something else turned them off meanwhile
    }
    collect()
    flushPending()
    return queuedBytes - before
  }

  /// Ctrl-L: the next `present` clears the terminal and writes everything, in case something else
  /// wrote over the screen.
  public func repaintAll() {
    needsClear = true
  }

  /// Writes runs of cells into ncurses' screen; false if a color pair could not be had for some cell
  /// (it was written in the terminal's own colors).
  fileprivate func write(_ runs: some Collection<Buffer.Run>) -> Bool {
    let window = tg_stdscr()
    var complete = true
    var cell = cchar_t()
    var lastStyle: Style?
    var attributes: attr_t = 0
    var pair: Int32 = 0
    for run in runs {
      wmove(window, Int32(run.row), Int32(run.x))
      for c in run.cells where !c.isContinuation {
        if c.style != lastStyle {
          if let known = styleCache[c.style] {
            (attributes, pair) = known
          } else if let made = makeStyle(c.style) {
            (attributes, pair) = made
            styleCache[c.style] = made
          } else {
            complete = false
            attributes = Self.attributes(c.style.attributes)
            pair = 0
          }
          lastStyle = c.style
        }
        var count = 0
        for scalar in c.unit.text.unicodeScalars where count < 6 {
          text[count] = wchar_t(bitPattern: scalar.value)
          count += 1
        }
        text[count] = 0
        setcchar(&cell, text, attributes, 0, &pair)
        // ERR at the bottom-right cell (the cursor cannot move past it) after the cell was written.
        wadd_wch(window, &cell)
      }
    }
    return complete
  }

  /// The ncurses attributes and pair for a style; nil when the pair table is full.
  private func makeStyle(_ style: Style) -> (attr_t, Int32)? {
    let attributes = Self.attributes(style.attributes)
    guard let depth = colorDepth else { return (attributes, 0) }
    let foreground = ColorPlan.colorNumber(style.foreground, depth: depth)
    let background = ColorPlan.colorNumber(style.background, depth: depth)
    guard let pair = pair(foreground, background) else { return nil }
    return (attributes, pair)
  }

  /// An extended color pair for two colors, made on first use. The number goes through `setcchar`'s
  /// `opts` argument: `COLOR_PAIR(n)` holds only 8 bits and silently wraps past 255. Pairs are never
  /// recycled while a frame may show them (ncurses' `alloc_pair` would recycle the oldest, changing
  /// cells already on the screen); when the table is full `resetPairs` starts over.
  private func pair(_ foreground: Int32, _ background: Int32) -> Int32? {
    if foreground == -1 && background == -1 { return 0 }
    let key = Int64(foreground) << 32 | Int64(UInt32(bitPattern: background))
    if let known = pairs[key] { return known }
    guard nextPair < pairLimit, init_extended_pair(nextPair, foreground, background) == OK else { return nil }
    pairs[key] = nextPair
    nextPair += 1
    return nextPair - 1
  }

  /// Empties the pair table; everything on the screen is written again with new pairs.
  fileprivate func resetPairs() {
    reset_color_pairs()
    pairs = [:]
    styleCache = [:]
    nextPair = 1
  }

  /// ncurses' attribute bits for a cell's attributes.
  static func attributes(_ attributes: Attributes) -> attr_t {
    var result = tg_a_normal()
    if attributes.contains(.bold) { result |= tg_a_bold() }
    if attributes.contains(.dim) { result |= tg_a_dim() }
    if attributes.contains(.italic) { result |= tg_a_italic() }
    if attributes.contains(.underline) { result |= tg_a_underline() }
    if attributes.contains(.reverse) { result |= tg_a_reverse() }
    return result
  }
}

/// ncursesw as a `Backend`: runs go into ncurses' screen (`write`); when the color pairs run out the
/// table starts again (`resetPairs`) and the whole frame is written with fresh pairs, whatever still
/// does not fit in the terminal's own colors.
///
/// The runs of a frame reach ncurses in passes (`passes`), each its own `doupdate`: ncurses writes
/// the unchanged cells between two changed runs of a row again rather than move the cursor over a few
/// of them, in their colors, which between two tiles is the screen's own color and back — 43 bytes for
/// a gap of three blanks where moving the cursor takes 6 — so two runs of a row go to one pass only
/// when what lies between them is far apart or drawn in the first one's last style. A frame whose rows
/// moved together (a page, a scroll) is one update: ncurses moves such rows with the terminal's own
/// scrolling, which it finds only in a whole update.
private struct CursesBackend: Backend {
  unowned let terminal: CursesTerminal
  /// The frame on the screen before this one (nil: none): its cells between two runs are unchanged.
  let previous: Buffer?
  /// The frame being drawn.
  let next: Buffer
  /// Whether the frame's begin mark went out (before its first pass).
  var begun = false

  /// Gaps wider than this ncurses crosses by moving the cursor, whatever lies in them (its cost of a
  /// move is a few bytes).
  static let crossedByMoving = 8

  func clear() { clearok(tg_curscr(), true) }

  mutating func draw(_ runs: [Buffer.Run], size: Size) -> Bool {
    let before = previous?.size == size ? previous : nil
    // Rows that moved up or down (a page, a scroll) are ncurses' to move with the terminal's own
    // scrolling, which it finds only in a whole update.
    let passes = before.map { Self.rowsMoved(from: $0, to: next, runs) } ?? true ? [runs] : Self.passes(runs, previous: before)
    var complete = true
    for (k, pass) in passes.enumerated() {
      if k > 0 { update() }
      if !terminal.write(pass) { complete = false }
    }
    return complete
  }

  func reset() { terminal.resetPairs() }

  /// The terminal shows the frame at its end, all at once, when it knows synchronized output.
  mutating func flush() {
    update()
    if terminal.synchronizedOutput { terminal.send(TerminalModes.endFrame) }
  }

  /// What was written into ncurses' screen so far goes out (after the frame's begin mark).
  private mutating func update() {
    if terminal.synchronizedOutput && !begun { terminal.send(TerminalModes.beginFrame) }
    begun = true
    wnoutrefresh(tg_stdscr())
    doupdate()
    terminal.collect()
  }

  /// `runs` in passes: each run in the first pass where the run before it on its row (in that pass)
  /// ends more than `crossedByMoving` cells before it, or only cells of its own last style lie between
  /// (written again, they cost their characters alone). Without the frame before (whole rows), one.
  static func passes(_ runs: [Buffer.Run], previous: Buffer?) -> [[Buffer.Run]] {
    guard let previous, runs.count > 1 else { return [runs] }
    var passes: [[Buffer.Run]] = [[]]
    // Where the last run of the current row ends in each pass, and its last cell's style.
    var ends: [(end: Int, style: Style)?] = [nil]
    var row = -1
    for run in runs {
      if run.row != row {
        row = run.row
        for k in ends.indices { ends[k] = nil }
      }
      let style = run.cells.last?.style ?? Style()
      var k = 0
      while k < ends.count, let before = ends[k], !crossable(previous, row: row, from: before.end, to: run.x, style: before.style) {
        k += 1
      }
      if k == passes.count {
        passes.append([])
        ends.append(nil)
      }
      passes[k].append(run)
      ends[k] = (run.x + run.cells.count, style)
    }
    return passes
  }

  /// Whether at least a third of the rows `runs` change show the row the screen holds the same
  /// distance above or below, as the changed row next to them does (the distance most of them agree
  /// on: rows that moved together, in blocks ncurses can scroll). A row that matches alone — the
  /// blank rows of a page of tiles in the same colors — is no block: such a page in passes, at
  /// 200x60, was 15.0 KB where one update was 17.6 KB.
  static func rowsMoved(from old: Buffer, to new: Buffer, _ runs: [Buffer.Run]) -> Bool {
    var shown: [Int: [Int]] = [:]
    for y in 0..<old.size.height { shown[old.row(y).hashValue, default: []].append(y) }
    // The distances each changed row is found at, row by row.
    var found: [(row: Int, distances: [Int])] = []
    for run in runs where run.row != found.last?.row {
      let distances = (shown[new.row(run.row).hashValue] ?? []).prefix(4).filter { $0 != run.row }.map { $0 - run.row }
      found.append((run.row, distances))
    }
    var votes: [Int: Int] = [:]
    for (k, row) in found.enumerated() {
      for d in row.distances {
        let above = k > 0 && found[k - 1].row == row.row - 1 && found[k - 1].distances.contains(d)
        let below = k + 1 < found.count && found[k + 1].row == row.row + 1 && found[k + 1].distances.contains(d)
        if above || below { votes[d, default: 0] += 1 }
      }
    }
    return (votes.values.max() ?? 0) * 3 >= found.count
  }

  /// Whether ncurses crosses the unchanged cells of `row` from `start` to `end` cheaply after a run
  /// ending in `style`: by moving (far apart), or by writing them again in that style.
  private static func crossable(_ frame: Buffer, row: Int, from start: Int, to end: Int, style: Style) -> Bool {
    if end - start > crossedByMoving { return true }
    let base = row * frame.size.width
    for x in start..<end where frame.cells[base + x].style != style { return false }
    return true
  }
}
