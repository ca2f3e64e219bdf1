import Canvas
import Document
@testable import Editor
import Reorder
import TerminalInput
import Testing
import TileModel

/// What a person meets at the edges (docs/editor.md): a screen too small for the grid, refusals that
/// name tiles by title, one numbering on screen, a typed name kept after a failed save, files left
/// behind by an earlier session, and a shadow that shows on any terminal background.
@Suite("Editor: the too-small screen, names, numbering, save as, files left behind, the shadow")
struct SmallScreenAndLeftBehindTests {
  static let screen = Size(width: 80, height: 24)

  static func editor(_ arrangement: Arrangement = .demo, fileName: String? = "grid.json") -> EditorState {
    EditorState(arrangement: arrangement, screen: screen, fileName: fileName)
  }

  static func resize(_ width: Int, _ height: Int, _ editor: inout EditorState) -> [EditorEffect] {
    editor.update(.input(.resize(width: width, height: height)), at: editor.now)
  }

  /// Moves blue one place right from the keyboard: one unsaved change.
  static func change(_ editor: inout EditorState) {
    EditorKeys.carryRight(&editor)
    #expect(editor.isDirty)
  }

  // MARK: - A screen too small

  @Test("a keyboard drag is cancelled the moment the screen becomes too small, and keys then move nothing")
  func tooSmallCancelsTheDragAndMovesNothing() {
    var e = Self.editor()
    _ = EditorKeys.press(.space, &e)
    _ = EditorKeys.press(.right, &e)
    #expect(e.isDragging)
    let effects = Self.resize(10, 3, &e)
    #expect(e.isTooSmall)
    #expect(!e.isDragging)
    #expect(effects.contains { if case .happened(.gesture(.cancelled)) = $0 { return true } else { return false } })
    #expect(e.arrangement == .demo)
    // Space, the arrows, editing keys, undo: nothing happens to what cannot be seen.
    for key in [Key.space, .right, .down, .enter, .character("x"), .character("d"), .character("a"), .character("u"),
      .character("m"), .character("/"), .character("?"), .tab]
    {
      #expect(EditorKeys.press(key, &e) == [], "\(key)")
    }
    #expect(e.arrangement == .demo && !e.isDragging && e.overlay == nil && e.reorder.marks.isEmpty)
    #expect(e.reorder.focus == .tile(ItemPath(0, 0)))
    // The grid comes back as it was.
    _ = Self.resize(80, 24, &e)
    #expect(!e.isTooSmall)
    #expect(EditorKeys.press(.space, &e) == [] && e.isDragging)
  }

  @Test("a mouse press held while the screen shrinks never lifts, and the mouse does nothing while it is too small")
  func tooSmallFailsAPressAndIgnoresTheMouse() {
    var e = Self.editor()
    _ = e.update(.input(.mouse(MouseEvent(.press(.left), x: 5, y: 3))), at: 0)
    _ = Self.resize(10, 3, &e)
    _ = e.update(.tick, at: 1_000)
    #expect(!e.isDragging)
    _ = Self.resize(80, 24, &e)
    _ = e.update(.tick, at: 2_000)
    #expect(!e.isDragging)
    _ = e.update(.input(.mouse(MouseEvent(.release(.left), x: 5, y: 3))), at: 2_010)
    _ = Self.resize(10, 3, &e)
    _ = e.update(.input(.mouse(MouseEvent(.press(.left), x: 5, y: 2))), at: 3_000)
    _ = e.update(.tick, at: 4_000)
    _ = Self.resize(80, 24, &e)
    _ = e.update(.tick, at: 5_000)
    #expect(!e.isDragging && e.reorder.gesture == .idle)
  }

  @Test("q quits at once with nothing unsaved; with changes it asks, and the question is on the small screen")
  func tooSmallQuitAsks() {
    var clean = Self.editor()
    _ = Self.resize(10, 3, &clean)
    #expect(EditorKeys.press(.character("q"), &clean) == [.quit])

    var e = Self.editor()
    Self.change(&e)
    _ = Self.resize(10, 3, &e)
    #expect(EditorKeys.press(.character("q"), &e) == [])
    #expect(e.confirmingQuit)
    let lines = e.view(scheme: .monochrome).lines.map { $0.trimmingCharacters(in: " ") }
    #expect(lines == ["Unsaved", "y quit", "s save"])
    // s saves, then quits.
    #expect(EditorKeys.press(.character("s"), &e) == [.save(to: nil, force: false)])
    #expect(e.update(.saved(name: nil), at: e.now).contains(.quit))
    // Ctrl-C asks as q does; any other key stays.
    var again = Self.editor()
    Self.change(&again)
    _ = Self.resize(12, 4, &again)
    _ = EditorKeys.press(.control("c"), &again)
    #expect(again.confirmingQuit)
    _ = EditorKeys.press(.character("n"), &again)
    #expect(!again.confirmingQuit && again.announcement == .notQuitting)
  }

  @Test("s saves; Ctrl-Z suspends and Ctrl-L repaints; the demo's save as is typed on the small screen")
  func tooSmallSavesSuspendsRepaints() {
    var e = Self.editor()
    Self.change(&e)
    _ = Self.resize(12, 4, &e)
    #expect(EditorKeys.press(.character("s"), &e) == [.save(to: nil, force: false)])
    _ = e.update(.saved(name: nil), at: e.now)
    #expect(!e.isDirty)
    #expect(e.view(scheme: .monochrome).lines.joined().contains("Saved"))
    #expect(EditorKeys.press(.control("z"), &e) == [.suspend])
    #expect(EditorKeys.press(.control("l"), &e) == [.redraw])

    var demo = Self.editor(fileName: nil)
    _ = Self.resize(20, 5, &demo)
    _ = EditorKeys.press(.character("s"), &demo)
    #expect(demo.prompt?.purpose == .saveAs(thenQuit: false))
    EditorKeys.type("x.json", &demo)
    #expect(demo.view(scheme: .monochrome).lines.contains { $0.contains("x.json") })
    #expect(EditorKeys.press(.enter, &demo) == [.save(to: "x.json", force: false)])
  }

  @Test("a prompt left open waits for a larger screen; q and s close it first")
  func tooSmallLeavesOtherPromptsWaiting() {
    var e = Self.editor()
    _ = EditorKeys.press(.character("r"), &e)
    #expect(e.prompt != nil)
    _ = Self.resize(12, 4, &e)
    EditorKeys.type("zz", &e)
    _ = EditorKeys.press(.enter, &e)
    #expect(e.prompt?.field.text == "blue" && e.arrangement == .demo)
    _ = Self.resize(80, 24, &e)
    EditorKeys.type("!", &e)
    #expect(e.prompt?.field.text == "blue!")
    _ = Self.resize(12, 4, &e)
    #expect(EditorKeys.press(.character("q"), &e) == [.quit])
  }

  // MARK: - Names by title

  @Test("a locked tile is named by its title, with its id where another tile has the same title")
  func refusalsNameTilesByTitle() throws {
    var e = Self.editor()
    // Focus gray 44 (Grays, second tile) and try to rename it.
    _ = e.update(.input(.key(.tab)), at: 0)
    while e.reorder.focus != .tile(ItemPath(2, 1)) { _ = EditorKeys.press(.right, &e) }
    _ = EditorKeys.press(.character("r"), &e)
    #expect(e.announcement.text == "Refused: “gray 44” is locked")

    var twins = Arrangement.demo
    var other = twins[ItemPath(2, 0)]
    other.title = "gray 44"
    try twins.apply(.setTile(at: ItemPath(2, 0), to: other))
    var t = Self.editor(twins)
    while t.reorder.focus != .tile(ItemPath(2, 1)) { _ = EditorKeys.press(.right, &t) }
    _ = EditorKeys.press(.character("c"), &t)
    #expect(t.announcement.text == "Refused: “gray 44” (id gray44) is locked")
  }

  @Test("sections are named by title, with the id where titles repeat; places count from 1")
  func refusalsNameSectionsAndCountFromOne() {
    let e = Self.editor()
    let full = Refusal(.sectionFull(id: "favorites", title: "Favorites", section: 0, maxItems: 8))
    #expect(Announcement.refused(full).text == "Refused: “Favorites” is full (8 of 8)")
    #expect(
      Announcement.refused(e.refusal(.noSuchDestination(ItemPath(1, 11), valid: 0...9))).text
        == "Refused: “Others” has places 1 to 10")
    #expect(Announcement.refused(e.refusal(.noSuchSection(7, sectionCount: 4))).text == "Refused: there is no section 8 (there are 4)")
    let twins = Arrangement(sections: [
      (Section(id: "a", title: "Inbox", locked: true), [Tile(id: "x")]), (Section(id: "b", title: "Inbox"), []),
    ])
    let t = Self.editor(twins)
    #expect(
      Announcement.refused(t.refusal(.sectionLockedInPlace(id: "a", title: "Inbox", section: 0))).text
        == "Refused: “Inbox” (id a) is locked in place")
  }

  // MARK: - One numbering: typed moves count from 1

  @Test("m takes a section and a place from 1; the command line's S.I is answered with the screen's words")
  func typedPlacesCountFromOne() {
    let demo = Arrangement.demo
    #expect(TypedDestination.parse("Others 3", in: demo) == .success(.place(section: 1, item: 2)))
    #expect(TypedDestination.parse("oth 1", in: demo) == .success(.place(section: 1, item: 0)))
    #expect(TypedDestination.parse("archive", in: demo) == .success(.end(section: 3)))
    #expect(TypedDestination.parse("Arch", in: demo) == .success(.end(section: 3)))
    #expect(TypedDestination.parse("Others 0", in: demo) == .failure(.placeFromOne("Others")))
    #expect(TypedDestination.parse("1.2", in: demo) == .failure(.commandLinePlace("1.2", suggestion: "Others 3")))
    #expect(
      TypedDestination.Problem.commandLinePlace("1.2", suggestion: "Others 3").text
        == "Here a place is a section and a number from 1: Others 3 for 1.2")
    #expect(TypedDestination.parse("zz 3", in: demo) == .failure(.noSuchSection("zz")))
    // A title that ends in a number is the section's end, not a place.
    let top = Arrangement(sections: [(Section(id: "t", title: "Top 10"), [Tile(id: "a")]), (Section(id: "u", title: "Top"), [])])
    #expect(TypedDestination.parse("Top 10", in: top) == .success(.end(section: 0)))
    #expect(TypedDestination.parse("Top 1", in: top) == .success(.place(section: 1, item: 0)))

    var e = Self.editor()
    _ = EditorKeys.press(.character("m"), &e)
    EditorKeys.type("Others 3", &e)
    _ = EditorKeys.press(.enter, &e)
    #expect(e.arrangement[ItemPath(1, 2)].id == "blue")
    #expect(e.announcement.text == "Moved blue — Others 3 of 10")
  }

  @Test("the status line shows no zero-based place: only the one-based words")
  func theStatusLineHasOneNumbering() {
    var e = Self.editor()
    _ = EditorKeys.press(.down, &e)
    _ = EditorKeys.press(.space, &e)
    _ = EditorKeys.press(.right, &e)
    let status = e.view(scheme: .monochrome).lines.last ?? ""
    #expect(status.hasPrefix(" LIFTED  Moved to Others 2 of 9 "), "\(status)")
    #expect(!status.contains("1.1") && !status.contains("1.0"))
  }

  // MARK: - Save as

  @Test("a save as that fails keeps the typed name in the prompt, the reason above it")
  func aFailedSaveAsKeepsTheName() {
    var e = Self.editor(fileName: nil)
    _ = EditorKeys.press(.character("s"), &e)
    EditorKeys.type("~/nodir/x.json", &e)
    #expect(EditorKeys.press(.enter, &e) == [.save(to: "~/nodir/x.json", force: false)])
    _ = e.update(.saveFailed(.failed("the directory '/home/me/nodir' does not exist")), at: e.now)
    #expect(e.prompt?.purpose == .saveAs(thenQuit: false))
    #expect(e.prompt?.field.text == "~/nodir/x.json")
    let lines = e.view(scheme: .monochrome).lines
    #expect(lines[22].contains("Not saved: the directory '/home/me/nodir' does not exist"), "\(lines[22])")
    #expect(lines[23].contains("Save as: ~/nodir/x.json"))
    // Corrected in place.
    for _ in 0..<"nodir/x.json".count { _ = EditorKeys.press(.backspace, &e) }
    EditorKeys.type("x.json", &e)
    #expect(EditorKeys.press(.enter, &e) == [.save(to: "~/x.json", force: false)])
  }

  @Test("a name that exists: a another name holds the name typed, to change")
  func anotherNameStartsFromTheTypedOne() {
    var e = Self.editor(fileName: nil)
    _ = EditorKeys.press(.character("s"), &e)
    EditorKeys.type("taken.json", &e)
    _ = EditorKeys.press(.enter, &e)
    _ = e.update(.saveFailed(.exists), at: e.now)
    #expect(e.question == .fileExists)
    _ = EditorKeys.press(.character("a"), &e)
    #expect(e.prompt?.field.text == "taken.json")
  }

  // MARK: - Files left behind

  static func recovered() throws -> Arrangement {
    var moved = Arrangement.demo
    try moved.move(from: ItemPath(0, 0), to: ItemPath(3, 0))
    return moved
  }

  @Test("r restores a recovery file: the arrangement, unsaved, one undo step back to the file")
  func restoreIsOneUndoStep() throws {
    var e = Self.editor()
    let recovery = LeftBehind(
      kind: .recovery, path: "dir/grid.json.recovery.json", name: "grid.json.recovery.json",
      content: .arrangement(try Self.recovered()))
    _ = e.update(.leftBehind([recovery]), at: 0)
    #expect(e.question == .leftBehind(recovery))
    #expect(
      e.question?.text
        == "grid.json.recovery.json holds unsaved changes: r restore · d discard · k keep")
    #expect(EditorKeys.press(.character("r"), &e) == [])
    #expect(e.arrangement == (try Self.recovered()))
    #expect(e.isDirty && e.overlay == nil)
    #expect(e.announcement.text == "Restored grid.json.recovery.json: s saves it, u undoes")
    _ = EditorKeys.press(.character("u"), &e)
    #expect(e.arrangement == .demo && !e.isDirty)
    _ = EditorKeys.press(.character("U"), &e)
    #expect(e.arrangement == (try Self.recovered()) && e.isDirty)
    _ = EditorKeys.press(.character("u"), &e)
    _ = EditorKeys.press(.character("U"), &e)
    #expect(e.arrangement == (try Self.recovered()))
  }

  @Test("after a restore the grid works on the restored arrangement from its first tile")
  func theRestoredArrangementIsEdited() throws {
    var e = Self.editor()
    _ = e.update(.leftBehind([LeftBehind(kind: .backup, path: "b", name: "b", content: .arrangement(try Self.recovered()))]), at: 0)
    _ = EditorKeys.press(.character("r"), &e)
    #expect(e.reorder.focus == .tile(ItemPath(0, 0)))
    _ = EditorKeys.press(.space, &e)
    _ = EditorKeys.press(.right, &e)
    _ = EditorKeys.press(.enter, &e)
    #expect(e.arrangement[ItemPath(0, 1)].id == "red")
    _ = EditorKeys.press(.character("u"), &e)
    _ = EditorKeys.press(.character("u"), &e)
    #expect(e.arrangement == .demo && !e.isDirty)
  }

  @Test("d asks the caller to remove the file; k and any other key keep it; each file is asked in turn")
  func discardAndKeep() throws {
    var e = Self.editor()
    let first = LeftBehind(kind: .recovery, path: "grid.json.recovery.json", name: "grid.json.recovery.json", content: .sameAsFile)
    let second = LeftBehind(
      kind: .backup, path: ".grid.json.tilegrid-41-0.bak", name: ".grid.json.tilegrid-41-0.bak",
      content: .arrangement(try Self.recovered()))
    let third = LeftBehind(kind: .recovery, path: "grid.json.recovery-2.json", name: "grid.json.recovery-2.json", content: .unreadable("line 1, column 2: …"))
    _ = e.update(.leftBehind([first, second, third]), at: 0)
    #expect(e.question?.text == "grid.json.recovery.json was left behind, the same as the file: d discard · k keep")
    // r is not offered for a file with nothing to restore: it keeps it.
    _ = EditorKeys.press(.character("r"), &e)
    #expect(e.announcement == .keptLeftBehind(name: "grid.json.recovery.json"))
    #expect(e.question?.text == ".grid.json.tilegrid-41-0.bak holds the file before a save cut short: r restore · d discard · k keep")
    #expect(EditorKeys.press(.character("d"), &e) == [.discard(path: ".grid.json.tilegrid-41-0.bak", name: ".grid.json.tilegrid-41-0.bak")])
    #expect(e.question == nil)
    _ = e.update(.discarded(name: ".grid.json.tilegrid-41-0.bak", failure: nil), at: e.now)
    #expect(e.announcement.text == "Removed .grid.json.tilegrid-41-0.bak")
    #expect(
      e.question?.text
        == "grid.json.recovery-2.json was left behind and cannot be restored (line 1, column 2: …): d discard · k keep")
    _ = EditorKeys.press(.character("k"), &e)
    #expect(e.question == nil && e.arrangement == .demo && !e.isDirty)
    #expect(e.announcement.text == "Kept grid.json.recovery-2.json; asked again next time")
  }

  @Test("a removal that fails says why")
  func aFailedDiscardSaysWhy() {
    var e = Self.editor()
    _ = e.update(.discarded(name: "x.recovery.json", failure: "Permission denied"), at: 0)
    #expect(e.announcement.text == "Not removed: x.recovery.json: Permission denied")
  }

  // MARK: - The shadow

  /// Every cell of the lifted tile's shadow stands out from what it falls on: a known background is
  /// darkened visibly, and the terminal's own background (dark or light, not known) gets the shade in a
  /// gray that contrasts with black and with white alike.
  @Test("the lifted tile's shadow shows on dark and light terminal backgrounds and on every tile color")
  func theShadowIsVisibleEverywhere() throws {
    var e = Self.editor()
    for event in ["press 5 3", "wait 300", "move 9 5", "move 14 8", "move 20 9"] {
      let parts = event.split(separator: " ").map(String.init)
      switch parts[0] {
      case "press": _ = e.update(.input(.mouse(MouseEvent(.press(.left), x: Int(parts[1])!, y: Int(parts[2])!))), at: e.now)
      case "move": _ = e.update(.input(.mouse(MouseEvent(.motion, x: Int(parts[1])!, y: Int(parts[2])!))), at: e.now)
      default: _ = e.update(.tick, at: e.now + Int(parts[1])!)
      }
    }
    #expect(e.isDragging)
    let withShadow = e.view(scheme: .color)
    // The same tiles at rest: what the shadow falls on, where a tile lies under it.
    let plain = EditorState(arrangement: e.arrangement, screen: Self.screen, fileName: "grid.json").view(scheme: .color)
    let rect = Rect(x: 16, y: 8, width: 14, height: 3)  // where the floating tile is drawn
    let strips = [
      (rect.maxX..<rect.maxX + 1, rect.minY + 1..<rect.maxY + 1), (rect.minX + 1..<rect.maxX + 1, rect.maxY..<rect.maxY + 1),
    ]
    let dark = RGB(0x10, 0x18, 0x20)
    let light = RGB(0xFF, 0xFF, 0xFF)
    var checked = 0
    for (xs, ys) in strips {
      for y in ys {
        for x in xs {
          let cell = withShadow[x, y]
          switch cell.style.background {
          case .rgb(let background):
            if cell.text == "░", case .rgb(let shade) = cell.style.foreground {
              #expect(Contrast.ratio(shade, background) >= 1.6, "\(x),\(y)")
            } else if case .rgb(let before) = plain[x, y].style.background {
              // A cell of a tile (or the placeholder's neighbour) darkened.
              #expect(Contrast.ratio(background, before) >= 1.6, "\(x),\(y): \(background) on \(before)")
            }
          case .default:
            #expect(cell.text == "░", "\(x),\(y): \(cell.text)")
            guard case .rgb(let shade) = cell.style.foreground else {
              Issue.record("\(x),\(y): no shade color")
              continue
            }
            #expect(Contrast.ratio(shade, dark) >= 3.5 && Contrast.ratio(shade, light) >= 3.5, "\(shade)")
          }
          checked += 1
        }
      }
    }
    #expect(checked == 3 + 14)
  }
}

extension String {
  func trimmingCharacters(in set: Character) -> String {
    var s = Substring(self)
    while s.first == set { s.removeFirst() }
    while s.last == set { s.removeLast() }
    return String(s)
  }
}
