import Canvas
import Document
import Editor
import Reorder
import TerminalInput
import Testing
import TileModel

/// The open board follows its file (docs/editor.md, "Following the file"): each rule at the level of
/// the update code that the terminal and `tilegrid play` share, the change arriving as a message.
@Suite("Following the file on disk")
struct FollowTests {
  static func editor() -> EditorState {
    EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "boards/demo.json")
  }

  @discardableResult
  static func disk(_ change: DiskChange, _ editor: inout EditorState) -> [EditorEffect] {
    editor.update(.diskChanged(change), at: editor.now)
  }

  /// Someone else moved brown (Others' first) to Favorites' end.
  static func brownToFavorites() throws -> Arrangement {
    var theirs = Arrangement.demo
    try theirs.move(from: ItemPath(1, 0), to: ItemPath(0, 5))
    return theirs
  }

  /// blue moved after red in the editor, unsaved.
  static func blueAfterRed(_ e: inout EditorState) {
    EditorKeys.carryRight(&e)
    #expect(e.arrangement.tiles(inSection: 0).map(\.id).prefix(2) == ["red", "blue"])
    #expect(e.isDirty)
  }

  static func status(_ e: EditorState) -> String { e.announcement.text }

  @Test("nothing unsaved: the board becomes the disk's version, saved, said in the screen's words, one undo step")
  func cleanBoardBecomesTheDiskVersion() throws {
    var e = Self.editor()
    let theirs = try Self.brownToFavorites()
    let effects = Self.disk(.version(theirs, token: 1), &e)
    #expect(e.arrangement == theirs)
    #expect(!e.isDirty, "the board is the file's version")
    #expect(Self.status(e) == "demo.json changed on disk: brown moved to Favorites", "\(Self.status(e))")
    #expect(effects.contains(.happened(.merged(changes: 1, conflicts: 0))), "\(effects)")
    #expect(e.diskToken == 1, "a save may write over the version read")
    EditorKeys.key(.character("u"), &e)
    #expect(e.arrangement == .demo, "u brings back the version before")
    #expect(e.isDirty, "unsaved")
  }

  @Test("counts when more came in: moves, additions, removals, changes")
  func countsManyChanges() throws {
    var e = Self.editor()
    var theirs = try Self.brownToFavorites()
    try theirs.move(from: ItemPath(1, 0), to: ItemPath(1, 3))
    try theirs.apply(.insertTiles([Tile(id: "new", title: "new")], at: [ItemPath(3, 0)]))
    try theirs.apply(.deleteTiles(at: [ItemPath(2, 0)]))
    var cyan = theirs[ItemPath(1, 0)]
    cyan.title = "Cyan!"
    try theirs.apply(.setTile(at: ItemPath(1, 0), to: cyan))
    Self.disk(.version(theirs, token: 1), &e)
    #expect(e.arrangement == theirs)
    #expect(Self.status(e) == "demo.json changed on disk: 2 moved, 1 added, 1 removed, 1 changed", "\(Self.status(e))")
  }

  @Test("the focus stays on the same card when others come in before it")
  func focusKeptByIdentity() throws {
    var e = Self.editor()
    EditorKeys.key(.character("j"), &e)
    EditorKeys.key(.character("l"), &e)
    let focused = try #require(e.reorder.focus.tile)
    let id = e.arrangement[focused].id
    var theirs = Arrangement.demo
    // Two cards added at the start of its section.
    let first = ItemPath(focused.section, 0)
    let second = ItemPath(focused.section, 1)
    try theirs.apply(.insertTiles([Tile(id: "n1", title: "n1"), Tile(id: "n2", title: "n2")], at: [first, second]))
    Self.disk(.version(theirs, token: 1), &e)
    let now = try #require(e.reorder.focus.tile)
    #expect(now == ItemPath(focused.section, focused.item + 2), "\(focused) -> \(now)")
    #expect(e.arrangement[now].id == id, "the focus followed its card")
  }

  @Test("unsaved changes: the disk's changes are merged in as one undo step, and stay unsaved")
  func unsavedChangesAreMergedIn() throws {
    var e = Self.editor()
    Self.blueAfterRed(&e)
    let theirs = try Arrangement.demoChangedOnDisk(grayRenamed: true)
    let before = e.arrangement
    Self.disk(.version(theirs, token: 1), &e)
    #expect(e.arrangement.tiles(inSection: 0).map(\.id).prefix(2) == ["red", "blue"], "ours kept")
    #expect(e.arrangement.tiles(inSection: 1).map(\.id).last == "brown", "theirs taken")
    #expect(e.arrangement[ItemPath(1, 1)].title == "Grey")
    #expect(e.isDirty)
    #expect(e.overlay == nil)
    #expect(Self.status(e) == "demo.json changed on disk: brown moved to Others, 1 changed", "\(Self.status(e))")
    EditorKeys.key(.character("u"), &e)
    #expect(e.arrangement == before, "the merge is one undo step")
  }

  @Test("a conflict is resolved toward the session and listed: C shows it, the panel never opens by itself")
  func conflictsGoTheSessionsWayAndAreListed() throws {
    var e = Self.editor()
    Self.blueAfterRed(&e)
    // Theirs moved blue to the end and deleted red: both moved blue, differently.
    var theirs = Arrangement.demo
    try theirs.move(from: ItemPath(0, 0), to: ItemPath(0, 4))
    try theirs.apply(.deleteTiles(at: [ItemPath(0, 0)]))
    Self.disk(.version(theirs, token: 1), &e)
    #expect(e.overlay == nil, "the panel opens only when asked")
    #expect(Self.status(e).hasSuffix("1 conflict — C lists it"), "\(Self.status(e))")
    #expect(e.arrangement.tiles(inSection: 0).map(\.id).prefix(2) == ["blue", "green"], "ours' place kept")
    #expect(e.followedConflicts.count == 1 && e.followedConflicts[0].contains("blue"), "\(e.followedConflicts)")
    EditorKeys.key(.character("C"), &e)
    guard case .text(let panel) = e.overlay else {
      Issue.record("no conflicts panel: \(String(describing: e.overlay))")
      return
    }
    #expect(panel.lines == e.followedConflicts)
    EditorKeys.key(.escape, &e)
    #expect(e.overlay == nil)
  }

  @Test("a lifted tile: the change waits for the drop, and nothing moves under the pointer")
  func waitsWhileSomethingIsLifted() throws {
    var e = Self.editor()
    EditorKeys.key(.space, &e)
    #expect(e.reorder.gesture.isDragging)
    EditorKeys.key(.right, &e)
    let held = e.arrangement
    Self.disk(.version(try Self.brownToFavorites(), token: 1), &e)
    #expect(e.arrangement == held, "nothing changed while it is lifted")
    EditorKeys.key(.enter, &e)
    #expect(e.arrangement.tiles(inSection: 0).map(\.id) == ["red", "blue", "green", "orange", "yellow", "brown"])
    #expect(Self.status(e).hasPrefix("demo.json changed on disk: brown moved to Favorites"), "\(Self.status(e))")
  }

  @Test("the help, a prompt and a question hold the change until they close; the latest version wins")
  func waitsForTheHelpAPromptAndAQuestion() throws {
    var e = Self.editor()
    EditorKeys.key(.character("?"), &e)
    #expect(e.showingHelp)
    Self.disk(.version(try Self.brownToFavorites(), token: 1), &e)
    #expect(e.arrangement == .demo)
    EditorKeys.key(.escape, &e)
    #expect(e.arrangement == (try Self.brownToFavorites()))
    // A find prompt: two versions arrive, the second is taken.
    EditorKeys.key(.character("/"), &e)
    #expect(e.prompt != nil)
    Self.disk(.version(.demo, token: 2), &e)
    var third = Arrangement.demo
    try third.move(from: ItemPath(1, 1), to: ItemPath(3, 0))
    Self.disk(.version(third, token: 3), &e)
    #expect(e.arrangement == (try Self.brownToFavorites()))
    EditorKeys.key(.escape, &e)
    #expect(e.arrangement == third)
    #expect(e.diskToken == 3)
  }

  @Test("a deleted file: said, the board stays, and s writes it again")
  func deletedFileIsSaid() throws {
    var e = Self.editor()
    Self.disk(.deleted, &e)
    #expect(e.arrangement == .demo)
    #expect(Self.status(e) == "demo.json was deleted on disk; the board stays (s writes it again)", "\(Self.status(e))")
    #expect(EditorKeys.key(.character("s"), &e).contains(.save(to: nil, force: true)))
  }

  @Test("a file that cannot be read: said, the board stays, and the next good version comes in")
  func unreadableFileIsSaidAndTheNextGoodOneTaken() throws {
    var e = Self.editor()
    Self.disk(.unreadable("line 3: not JSON"), &e)
    #expect(e.arrangement == .demo)
    #expect(Self.status(e) == "demo.json on disk cannot be read (line 3: not JSON); the board stays", "\(Self.status(e))")
    Self.disk(.version(try Self.brownToFavorites(), token: 2), &e)
    #expect(e.arrangement == (try Self.brownToFavorites()))
  }

  @Test("a save never asks: a file changed on disk is merged in first, then written")
  func saveMergesWhatIsOnDiskThenWrites() throws {
    var e = Self.editor()
    Self.blueAfterRed(&e)
    #expect(EditorKeys.key(.character("s"), &e).contains(.save(to: nil, force: false)))
    let failed = e.update(.saveFailed(.changedOnDisk), at: e.now)
    #expect(failed.contains(.readDisk), "\(failed)")
    #expect(e.question == nil, "no question")
    let theirs = try Arrangement.demoChangedOnDisk(grayRenamed: false)
    let merged = e.update(.diskVersion(theirs, token: 4), at: e.now)
    #expect(merged.contains(.save(to: nil, force: false)), "\(merged)")
    #expect(e.diskToken == 4, "the save may write over the version merged")
    #expect(e.arrangement.tiles(inSection: 0).map(\.id).prefix(2) == ["red", "blue"])
    #expect(e.arrangement.tiles(inSection: 1).map(\.id).last == "brown")
    _ = e.update(.saved(name: nil), at: e.now)
    #expect(!e.isDirty)
  }

  @Test("a save over a file that keeps changing gives up after three merges, and says so")
  func saveGivesUpOnAFileThatKeepsChanging() throws {
    var e = Self.editor()
    Self.blueAfterRed(&e)
    EditorKeys.key(.character("s"), &e)
    for token in 1...3 {
      #expect(e.update(.saveFailed(.changedOnDisk), at: e.now).contains(.readDisk))
      #expect(e.update(.diskVersion(.demo, token: token), at: e.now).contains(.save(to: nil, force: false)))
    }
    let last = e.update(.saveFailed(.changedOnDisk), at: e.now)
    #expect(!last.contains(.readDisk))
    #expect(Self.status(e) == "Not saved: the file keeps changing on disk; s tries again", "\(Self.status(e))")
    #expect(e.isDirty)
  }

  @Test("a save that finds no board on disk asks before writing over it")
  func saveOverSomethingThatIsNoBoardAsks() throws {
    var e = Self.editor()
    Self.blueAfterRed(&e)
    EditorKeys.key(.character("s"), &e)
    _ = e.update(.saveFailed(.changedOnDisk), at: e.now)
    _ = e.update(.diskUnreadable("line 1: not JSON"), at: e.now)
    #expect(e.question == .diskUnreadable("line 1: not JSON"))
    #expect(EditorKeys.key(.character("o"), &e) == [.save(to: nil, force: true)])
  }

  // MARK: - Autosave

  @Test("autosave saves a second after the last change, quietly: the title bar says saving…, then saved")
  func autosaveSavesAfterTheLastChange() throws {
    var e = Self.editor()
    e.setAutosave(true)
    #expect(e.autosaveState == "saved")
    Self.blueAfterRed(&e)
    let changed = e.now
    #expect(e.nextDeadline == changed + EditorState.autosaveDelay)
    #expect(e.autosaveState == "● unsaved")
    let said = e.announcement
    #expect(!e.update(.tick, at: changed + 999).contains(.save(to: nil, force: false)))
    #expect(e.update(.tick, at: changed + 1000).contains(.save(to: nil, force: false)))
    #expect(e.autosaveState == "saving…")
    #expect(e.announcement == said, "the status line is left as it was")
    _ = e.update(.saved(name: nil), at: changed + 1010)
    #expect(e.autosaveState == "saved")
    #expect(e.announcement == said)
    #expect(e.nextDeadline == nil, "nothing more to save")
  }

  @Test("autosave waits while something is lifted, and S turns it off and on")
  func autosaveWaitsAndToggles() throws {
    var e = Self.editor()
    #expect(e.autosaveState == nil)
    EditorKeys.key(.character("S"), &e)
    #expect(e.autosave && Self.status(e) == "Autosave on: saved a second after each change")
    Self.blueAfterRed(&e)
    EditorKeys.key(.space, &e)
    #expect(e.reorder.gesture.isDragging)
    let lifted = e.now
    #expect(!e.update(.tick, at: lifted + 2000).contains(.save(to: nil, force: false)), "not while lifted")
    _ = e.update(.input(.key(.escape)), at: lifted + 2001)
    #expect(e.update(.tick, at: lifted + 2300).contains(.save(to: nil, force: false)), "once it is put back")
    _ = e.update(.saved(name: nil), at: lifted + 2310)
    EditorKeys.key(.character("S"), &e)
    #expect(!e.autosave && Self.status(e) == "Autosave off")
    for key in [Key.space, .right, .enter] { EditorKeys.key(key, &e) }
    #expect(e.isDirty)
    #expect(e.nextDeadline == nil, "no autosave")
  }

  @Test("autosave after a merge from disk: merged 1 from disk, then saved with both sides' changes")
  func autosaveAfterAMerge() throws {
    var e = Self.editor()
    e.setAutosave(true)
    Self.blueAfterRed(&e)
    Self.disk(.version(try Self.brownToFavorites(), token: 1), &e)
    #expect(e.autosaveState == "merged 1 from disk")
    let effects = e.update(.tick, at: e.now + EditorState.autosaveDelay)
    #expect(effects.contains(.save(to: nil, force: false)))
    #expect(e.diskToken == 1, "written over the version merged")
    _ = e.update(.saved(name: nil), at: e.now)
    #expect(e.autosaveState == "saved")
    #expect(e.arrangement.tiles(inSection: 0).map(\.id) == ["red", "blue", "green", "orange", "yellow", "brown"])
  }

  @Test("a version the watcher read before a save merged a newer one and wrote over it is not taken in")
  func aStaleVersionIsNotTakenBack() throws {
    var e = Self.editor()
    Self.blueAfterRed(&e)
    EditorKeys.key(.character("s"), &e)
    _ = e.update(.saveFailed(.changedOnDisk), at: e.now)
    let theirs = try Self.brownToFavorites()
    _ = e.update(.diskVersion(theirs, token: 6), at: e.now)
    _ = e.update(.saved(name: nil), at: e.now)
    let saved = e.arrangement
    // The same version, read by the watcher (token 5) before the save's read, arrives after the save.
    Self.disk(.version(theirs, token: 5), &e)
    #expect(e.arrangement == saved, "the session's move is not taken back")
    #expect(!e.isDirty)
  }
}
