import Foundation
import TestSupport
import Testing

// What the editor tests share: the editor's screen in words, starting it in tmux, the
// long press, and the command line as the oracle for expected files and tile positions.

// MARK: - The editor's screen

extension TerminalScreen {
  /// Row 0: ` TileGrid  demo.json ● unsaved … 18 tiles · 4 sections`.
  var titleBar: String { row(0) }
  /// The last row: the badge, the focused tile's place, the announcement.
  var statusLine: String { row(height - 1) }
  /// The status line's badge: READY, DRAG, LIFTED, REFUSED or QUIT?.
  var badge: String { statusLine.split(separator: " ").first.map(String.init) ?? "" }
  /// The rows between the title bar and the status line.
  var contentRows: [String] { Array(rows.dropFirst().dropLast()) }

  /// The screen row of the header of the section titled `title` (`Grays 4 ───`), if it is in view.
  func headerRow(_ title: String) -> Int? {
    (1..<max(1, height - 1)).first { y in
      let text = row(y).drop { $0 == " " }
      return text.hasPrefix(title + " ") && text.contains("─")
    }
  }
}

extension TmuxSession {
  /// Starts `tilegrid arguments` (the built binary) in a pane whose shell stays after it, so its exit
  /// status and the terminal as it left it can be read; waits for its first whole frame before anything
  /// is sent.
  static func editor(
    _ arguments: [String], width: Int = 80, height: Int = 24, in directory: TemporaryDirectory,
    fileID: String = #fileID, line: Int = #line
  ) async throws -> TmuxSession {
    let tmux = try TmuxSession(
      [try TileGrid.binary()] + arguments, width: width, height: height, in: directory, holdAfterExit: true)
    do {
      try await tmux.waitForEditor(fileID: fileID, line: line)
    } catch {
      tmux.close()
      throw error
    }
    return tmux
  }

  /// Starts an interactive shell, and in it `tilegrid FILE` as a job of its (so Ctrl-Z gives the
  /// shell back and `fg` the editor); waits for the editor's first whole frame. The caller closes it.
  static func editorInShell(_ file: String, in directory: TemporaryDirectory) async throws -> TmuxSession {
    let tmux = try TmuxSession(["bash", "--norc", "-i"], in: directory)
    do {
      try await tmux.waitForText(TmuxSession.shellPrompt)
      try tmux.typeLine(#""$TILEGRID_BIN" "# + file)
      try await tmux.waitForEditor()
    } catch {
      tmux.close()
      throw error
    }
    return tmux
  }

  /// Waits for a whole editor frame: the title bar, the READY badge, the alternate screen.
  @discardableResult
  func waitForEditor(fileID: String = #fileID, line: Int = #line) async throws -> TerminalScreen {
    try await waitUntil("the editor's first frame (title bar, READY)", fileID: fileID, line: line) {
      $0.titleBar.hasPrefix(" TileGrid  ") && $0.badge == "READY" && $0.state.alternateScreen
    }
  }

  /// Waits until the status line shows `badge` and contains `text`.
  @discardableResult
  func waitForStatus(
    _ badge: String, _ text: String = "", fileID: String = #fileID, line: Int = #line
  ) async throws -> TerminalScreen {
    try await waitUntil("the status line: badge \(badge), \(text.debugDescription)", fileID: fileID, line: line) {
      $0.badge == badge && (text.isEmpty || $0.statusLine.contains(text))
    }
  }

  /// A real long press: button 1 down at (x, y), held still until the tile is lifted (the DRAG badge),
  /// however long the editor takes.
  @discardableResult
  func longPress(
    x: Int, y: Int, lifting text: String = "Lifted", fileID: String = #fileID, line: Int = #line
  ) async throws -> TerminalScreen {
    try press(x: x, y: y)
    return try await waitForStatus("DRAG", text, fileID: fileID, line: line)
  }

  /// From the keyboard: lift the focused tile (blue, first in Favorites), move it right, drop it.
  @discardableResult
  func moveBlueRightWithKeys(fileID: String = #fileID, line: Int = #line) async throws -> TerminalScreen {
    try sendKey("Space")
    try await waitForStatus("LIFTED", "Lifted blue — Favorites 1 of 5", fileID: fileID, line: line)
    try sendKey("Right")
    try await waitForStatus("LIFTED", "Moved to Favorites 2 of 5", fileID: fileID, line: line)
    try sendKey("Enter")
    return try await waitForStatus("READY", "Dropped blue — Favorites 2 of 5", fileID: fileID, line: line)
  }

  /// Sends `q` (with nothing unsaved) and checks that the editor exits with status 0 and leaves the
  /// terminal restored.
  func quitCleanly(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try sendKey("q")
    let (status, screen) = try await waitForExit()
    #expect(status == 0, "\(screen)", sourceLocation: sourceLocation)
    #expect(screen.state.isRestored, "\(screen.state)", sourceLocation: sourceLocation)
  }
}

// MARK: - The command line as the oracle

/// Runs `tilegrid arguments` in `directory`, expects success, and returns standard output.
@discardableResult
func tilegrid(
  _ arguments: [String], in directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
  let result = try TileGrid.run(arguments, in: directory)
  guard result.status == 0 else {
    throw SetupError(description: "tilegrid \(arguments.joined(separator: " ")) failed: \(result)")
  }
  return result.stdoutText
}

/// Writes the demo arrangement as `name` in `directory` and returns its text.
@discardableResult
func writeDemo(_ name: String = "demo.json", in directory: TemporaryDirectory) throws -> String {
  let text = try tilegrid(["demo"], in: directory)
  try directory.write(name, text)
  return text
}

/// Each tile's title (its id when it has none), by id, from an arrangement file in `directory`.
func tileTitles(_ file: String, in directory: TemporaryDirectory) throws -> [String: String] {
  let json = try JSONSerialization.jsonObject(with: Data(try directory.read(file))) as? [String: Any]
  let sections = json?["sections"] as? [[String: Any]] ?? []
  var titles: [String: String] = [:]
  for tile in sections.flatMap({ $0["items"] as? [[String: Any]] ?? [] }) {
    guard let id = tile["id"] as? String else { continue }
    titles[id] = tile["title"] as? String ?? id
  }
  return titles
}

/// `tilegrid layout`: where every header and tile is, in content coordinates.
struct Layout: Decodable {
  struct Frame: Decodable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
  }
  struct Item: Decodable {
    var id: String
    var frame: Frame
  }
  struct Section: Decodable {
    var id: String
    var frame: Frame
    var header: Frame
    var items: [Item]
  }
  var viewport: Frame
  var sections: [Section]

  init(of file: String, width: Int, height: Int, in directory: TemporaryDirectory) throws {
    let json = try tilegrid(["layout", file, "--width", "\(width)", "--height", "\(height)"], in: directory)
    self = try JSONDecoder().decode(Layout.self, from: Data(json.utf8))
  }

  func item(_ id: String) -> Item? { sections.lazy.flatMap(\.items).first { $0.id == id } }

  /// The screen cell at the middle of tile `id`, the content not scrolled.
  func center(of id: String) -> (x: Int, y: Int) {
    guard let frame = item(id)?.frame else { return (-1, -1) }
    return (viewport.x + frame.x + frame.width / 2, viewport.y + frame.y + frame.height / 2)
  }
}

/// The one-based position `N` in a status text like `Others N of 10`.
func position(in text: String, section: String, count: Int) -> Int? {
  guard let range = text.range(of: "\(section) "),
    let of = text.range(of: " of \(count)", range: range.upperBound..<text.endIndex)
  else { return nil }
  return Int(text[range.upperBound..<of.lowerBound])
}
