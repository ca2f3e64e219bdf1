import Document
import Editor
import GridLayout
import Reorder
import Runtime
import TerminalInput
import TileModel

// MARK: - Editing at 1,000,000 tiles: each edit, and its undo and redo, through the document

/// The id index built at the first add for an arrangement read from its file (its ids hashed from
/// the bytes the reader keeps, no tile built), medians of 5 CPU times.
func benchIDIndex(ofFile path: String) throws {
  let arrangement = try open(path)
  var times: [Double] = []
  for _ in 0..<5 {
    var document = Document(arrangement: arrangement, viewport: Size(width: 200, height: 58))
    times.append(cpuSeconds { _ = document.newTileID(forTitle: "warm up") })
  }
  report(
    "editing 1,000,000 tiles read from their file: the id index, once, at the first add",
    String(format: "%.0f ms", percentile(times, 0.5) * 1000), "")
}

/// Each kind of edit on a 1,000,000-tile arrangement (10 sections of 100,000), applied through the
/// `Document` as the editor does it (checked, applied to the arrangement and the layout, recorded),
/// then undone and redone; `repeats` times each, at places spread over the sections. The first tile
/// added indexes every id once (for `-2`, `-3`); that is timed on its own.
func benchEditing(mixed: Bool, repeats: Int = 200) {
  let kind = mixed ? "mixed" : "uniform"
  var document = Document(
    arrangement: makeArrangement(tiles: 1_000_000, sections: 10, mixed: mixed), viewport: Size(width: 200, height: 58))
  var rng = SystemRandomNumberGenerator()
  func place() -> ItemPath {
    let s = Int.random(in: 0..<10, using: &rng)
    return ItemPath(s, Int.random(in: 0..<document.arrangement.sections[s].count, using: &rng))
  }
  let index = seconds { _ = document.newTileID(forTitle: "warm up") }
  report("editing at 1,000,000 tiles (\(kind)): the id index, once, at the first add", String(format: "%.0f ms", index * 1000), "")

  func measure(_ name: String, _ make: (ItemPath) -> [Edit]) {
    // CPU time of the thread: on this shared machine a wall-clock p99 of steps this short mostly
    // measures other processes' time slices (the wall clock's is printed beside it).
    var apply: [Double] = []
    var undo: [Double] = []
    var redo: [Double] = []
    var wall: [Double] = []
    for _ in 0..<repeats {
      let edits = make(place())
      let started = milliseconds()
      apply.append(cpuSeconds { _ = try? document.perform(edits) })
      wall.append((milliseconds() - started) / 1000)
      undo.append(cpuSeconds { document.undo() })
      redo.append(cpuSeconds { document.redo() })
      document.undo()
    }
    func ms(_ values: [Double]) -> String { String(format: "%.3f", percentile(values, 0.99) * 1000) }
    report(
      "  \(name): edit / undo / redo, CPU p99 (wall: edit)", "\(ms(apply)) / \(ms(undo)) / \(ms(redo)) ms (\(ms(wall)))",
      "< 1 ms")
  }
  var added = 0
  measure("add a tile") { path in
    added += 1
    let id = document.newTileID(forTitle: "added \(added)")
    return [.insertTiles([Tile(id: id, title: "added \(added)")], at: [path])]
  }
  measure("delete a tile") { [.deleteTiles(at: [$0])] }
  measure("rename a tile") { path in
    var tile = document.arrangement[path]
    tile.title = "renamed"
    return [.setTile(at: path, to: tile)]
  }
  measure("recolor a tile") { path in
    var tile = document.arrangement[path]
    tile.color = TileColor("#FF8000")
    return [.setTile(at: path, to: tile)]
  }
  measure("resize a tile") { path in
    var tile = document.arrangement[path]
    tile.width = (tile.width ?? 14) == 14 ? 20 : 14
    return [.setTile(at: path, to: tile)]
  }
  measure("lock a tile") { path in
    var tile = document.arrangement[path]
    tile.locked = !tile.isLocked
    return [.setTile(at: path, to: tile)]
  }
  measure("add a section") { path in
    [.insertSection(Section(id: document.newSectionID(forTitle: "new"), title: "New"), tiles: [], at: path.section)]
  }
  measure("rename a section") { path in
    var section = document.arrangement.sections[path.section].fields
    section.title = "renamed"
    return [.setSection(at: path.section, to: section)]
  }
  measure("most tiles of a section") { path in
    var section = document.arrangement.sections[path.section].fields
    section.maxItems = section.maxItems == nil ? 200_000 : nil
    return [.setSection(at: path.section, to: section)]
  }
}

/// The editor's own path for an edit: `r`, Ctrl-U, typed text, Enter (the prompt, the document, the
/// find's index brought up to date, the focus moved), on 1,000,000 tiles with a find open.
func benchEditorRename(repeats: Int = 200) {
  var editor = EditorState(
    arrangement: makeArrangement(tiles: 1_000_000, sections: 10, mixed: false), screen: Size(width: 200, height: 60))
  // A find first, so that its index follows the renames.
  Program.play([.input(.key(.character("/"))), .bytes(Array("tile 5".utf8)), .input(.key(.enter))], on: &editor)
  // Through the loop: each rename's four rounds timed on the thread's CPU clock, the move down between
  // them not counted.
  var messages: [EditorMessage] = []
  for k in 0..<repeats {
    messages += [
      .input(.key(.down)), .input(.key(.character("r"))), .input(.key(.control("u"))),
      .bytes(Array("renamed \(k)".utf8)), .input(.key(.enter)),
    ]
  }
  var port = TimedPort(messages, at: editor.now, clock: threadCPUSeconds)
  Program.run(&editor, on: &port)
  let times = (0..<repeats).map { k in port.times[k * 5 + 1..<k * 5 + 5].reduce(0, +) }
  report(
    "  the editor's r, Ctrl-U, a title, Enter (find index kept), CPU p99",
    String(format: "%.3f ms", percentile(times, 0.99) * 1000), "< 1 ms")
}

