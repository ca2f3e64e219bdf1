import Canvas
import Document
import Editor
import Foundation
import Reorder
import TerminalInput
import Testing
import TileGridJSON
import TileModel

/// A save that finds the file changed on disk merges it in first (the file as opened is the base, the
/// disk's version theirs, the editor's ours), one undo step, then saves; `D` shows what changed since
/// the file was saved. (Following the file as it changes: FollowTests.)
@Suite("Merging with the file on disk at a save, and the changes since saving")
struct MergeTests {
  static func editor() -> EditorState {
    EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "demo.json")
  }

  /// blue moved after red in the editor; the save finds the file changed on disk and reads it.
  static func changedOnDisk() -> EditorState {
    var e = editor()
    EditorKeys.carryRight(&e)
    #expect(e.arrangement.tiles(inSection: 0).map(\.id).prefix(2) == ["red", "blue"])
    EditorKeys.key(.character("s"), &e)
    #expect(e.update(.saveFailed(.changedOnDisk), at: e.now).contains(.readDisk))
    #expect(e.question == nil)
    return e
  }

  @Test func mergeTakesBothSidesChangesAsOneStep() throws {
    var e = Self.changedOnDisk()
    // Someone else moved brown to the end of Others and renamed gray.
    let theirs = try Arrangement.demoChangedOnDisk(grayRenamed: true)
    let before = e.arrangement
    let effects = e.update(.diskVersion(theirs, token: 1), at: e.now)
    #expect(effects.contains(.happened(.merged(changes: 2, conflicts: 0))), "\(effects)")
    #expect(effects.contains(.save(to: nil, force: false)), "then saved: \(effects)")
    #expect(e.overlay == nil)
    let ids = e.arrangement.tiles(inSection: 1).map(\.id)
    #expect(e.arrangement.tiles(inSection: 0).map(\.id).prefix(2) == ["red", "blue"], "ours kept")
    #expect(ids.last == "brown" && e.arrangement[ItemPath(1, 1)].title == "Grey", "theirs taken: \(ids)")
    #expect(e.isDirty)
    EditorKeys.key(.character("u"), &e)
    #expect(e.arrangement == before, "the merge is one undo step")
  }

  @Test func conflictsAreListedAndOursKept() throws {
    var e = Self.changedOnDisk()
    // Theirs moved blue to the end and deleted red: both moved blue, differently. (Ours' swap of
    // blue and red is a move of blue either way: red, which theirs took away, is the one kept. Had
    // theirs kept red, ours would be read as moving red, and the two changes would join.)
    var theirs = Arrangement.demo
    try theirs.move(from: ItemPath(0, 0), to: ItemPath(0, 4))
    try theirs.apply(.deleteTiles(at: [ItemPath(0, 0)]))
    _ = e.update(.diskVersion(theirs, token: 1), at: e.now)
    #expect(e.overlay == nil, "the list waits for C")
    #expect(e.followedConflicts.count == 1 && e.followedConflicts[0].contains("blue"), "\(e.followedConflicts)")
    #expect(e.arrangement.tiles(inSection: 0).map(\.id).prefix(2) == ["blue", "green"], "ours' place kept")
  }

  @Test func anUnreadableDiskSaysWhyAndChangesNothing() {
    var e = Self.changedOnDisk()
    let before = e.arrangement
    _ = e.update(.diskUnreadable("demo.json: line 3, column 1: not JSON"), at: e.now)
    #expect(e.announcement == .notMerged("demo.json: line 3, column 1: not JSON"))
    #expect(e.question == .diskUnreadable("demo.json: line 3, column 1: not JSON"))
    #expect(e.arrangement == before)
  }

  @Test func showsTheChangesSinceSavingAsAScript() {
    var e = Self.editor()
    EditorKeys.key(.character("D"), &e)
    #expect(e.announcement == .noChanges && e.overlay == nil)
    EditorKeys.carryRight(&e)
    EditorKeys.key(.character("D"), &e)
    guard case .text(let panel) = e.overlay else {
      Issue.record("no panel")
      return
    }
    #expect(panel.lines == ["move blue to favorites:1"], "\(panel.lines)")
    let screen = e.view(scheme: .monochrome).rendered(.plain).split(separator: "\n")
    #expect(screen[2].contains("move blue to favorites:1"), "\(screen[2])")
    EditorKeys.key(.character("q"), &e)
    #expect(e.overlay == nil)
    _ = e.update(.saved(name: nil), at: e.now)
    EditorKeys.key(.character("D"), &e)
    #expect(e.announcement == .noChanges)
  }

  @Test func undoingAMergeTakesBackItsDiskVersionToo() throws {
    var e = Self.changedOnDisk()
    let theirs = try Arrangement.demoChangedOnDisk(grayRenamed: false)
    _ = e.update(.diskVersion(theirs, token: 7), at: e.now)
    #expect(e.diskToken == 7, "a save now may write over the version merged with")
    _ = e.update(.saveFailed(.failed("disk full")), at: e.now)
    EditorKeys.key(.character("u"), &e)
    #expect(e.diskToken == nil, "undone, the merge no longer rests on it: saving merges again")
    // The same disk version merges again, from the file as opened.
    EditorKeys.key(.character("s"), &e)
    _ = e.update(.saveFailed(.changedOnDisk), at: e.now)
    let again = e.update(.diskVersion(theirs, token: 8), at: e.now)
    #expect(again.contains(.happened(.merged(changes: 1, conflicts: 0))), "\(again)")
    _ = e.update(.saveFailed(.failed("disk full")), at: e.now)
    EditorKeys.key(.character("u"), &e)
    EditorKeys.key(.character("U"), &e)
    #expect(e.diskToken == 8, "redone, it rests on it again")
  }
}
