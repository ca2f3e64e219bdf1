import Editor
import Formats
import Testing
import TerminalInput
import TileModel

@testable import TileGridCLI

/// `m` in a format without ids merges as `tilegrid merge` does (docs/version-control.md, "Boards,
/// lists and tables"): the cards are paired across the versions first, so a card renamed on disk and
/// moved in the editor is the renamed card at the moved place, not a deletion and an addition.
@Suite("The editor's merge with the disk, in a format without ids")
struct EditorMergeFormatTests {
  static let board = "## To Do\n\n- [ ] Buy milk\n- [ ] Call Ann\n- [ ] Walk the dog\n\n## Done\n\n- [x] Pay rent\n"

  /// The board opened in the editor (following its format as the command line does, or not), its
  /// first card moved two places on (past both others: a move of that card, whichever way it is read), a save finding the file changed, `m`, and the disk's version
  /// with that card renamed.
  static func merged(following: Bool) throws -> (EditorState, [EditorEffect]) {
    let base = try ArrangementFormat.markdown.read(Array(board.utf8))
    var e = EditorState(arrangement: base, screen: Size(width: 80, height: 24), fileName: "board.md")
    if following { e.follow(.markdown, of: base) }
    for key in [Key.space, .right, .right, .enter, .character("s")] { _ = e.update(.input(.key(key)), at: e.now) }
    #expect(e.arrangement.tiles(inSection: 0).map(\.displayTitle) == ["Call Ann", "Walk the dog", "Buy milk"], "moved in the editor")
    _ = e.update(.saveFailed(.changedOnDisk), at: e.now)
    let theirs = try ArrangementFormat.markdown.read(Array(board.replacingOccurrences(of: "Buy milk", with: "Buy oat milk").utf8))
    let effects = e.update(.diskVersion(theirs, token: 1), at: e.now)
    return (e, effects)
  }

  @Test("a rename on disk and a move in the editor: the renamed card at the moved place, no conflict")
  func renameTimesMove() throws {
    let (e, effects) = try Self.merged(following: true)
    #expect(effects.contains(.happened(.merged(changes: 1, conflicts: 0))), "\(effects)")
    #expect(effects.contains(.save(to: nil, force: false)), "then saved")
    #expect(e.overlay == nil)
    #expect(e.arrangement.tiles(inSection: 0).map(\.displayTitle) == ["Call Ann", "Walk the dog", "Buy oat milk"])
    #expect(e.arrangement.allTiles().count == 4, "no card lost or added")
  }

  @Test("by ids alone (the editor's default, right for JSON's own ids), the same versions are a deletion against a move and a new card")
  func byIdsAlone() throws {
    let (e, effects) = try Self.merged(following: false)
    #expect(effects.contains(.happened(.merged(changes: 1, conflicts: 1))), "\(effects)")
    #expect(e.arrangement.tiles(inSection: 0).map(\.displayTitle) == ["Buy oat milk", "Call Ann", "Walk the dog", "Buy milk"])
  }

  @Test("a board followed with nothing unsaved: the status says what came in, in the screen's words")
  func followedBoardSaysWhatCameIn() throws {
    let base = try ArrangementFormat.markdown.read(Array(Self.board.utf8))
    var e = EditorState(arrangement: base, screen: Size(width: 80, height: 24), fileName: "board.md")
    e.follow(.markdown, of: base)
    let moved = "## To Do\n\n- [ ] Buy milk\n- [ ] Walk the dog\n- [ ] Water plants\n\n## Done\n\n- [x] Pay rent\n- [ ] Call Ann\n"
    let theirs = try ArrangementFormat.markdown.read(Array(moved.utf8))
    _ = e.update(.diskChanged(.version(theirs, token: 1)), at: e.now)
    #expect(e.announcement.text == "board.md changed on disk: Call Ann moved to Done, 1 added", "\(e.announcement.text)")
    #expect(e.arrangement.tiles(inSection: 1).map(\.displayTitle) == ["Pay rent", "Call Ann"])
    #expect(e.arrangement.allTiles().count == 5)
    #expect(!e.isDirty)
  }
}
