import Editor
import Formats
import Foundation
import TerminalInput
import TestSupport
import Testing
import TileModel

@testable import TileGridCLI

/// A recovery file of a session that was resolving merge conflicts records the ones left (JSON's
/// `conflicts` key), and restoring it opens the Conflicts panel with them again.
@Suite("Recovery files keep unresolved conflicts")
struct RecoveryConflictsTests {
  @Test("the record read back with the recovery file; r restores the arrangement and the panel")
  func restoredWithConflicts() throws {
    let directory = try TemporaryDirectory()
    var ours = Arrangement.demo
    try ours.apply([.move(tile: "blue", to: ScriptPlace("others", 0))])
    var theirs = Arrangement.demo
    try theirs.apply([.move(tile: "blue", to: ScriptPlace("archive", 0))])
    let merged = Arrangement.merge(base: .demo, ours: ours, theirs: theirs, prefer: .ours, outcomes: .whole)
    let file = ConflictedArrangement.merged(merged)
    #expect(file.conflicts.count == 1)
    // What writeRecovery writes for a session with that conflict left.
    let bytes = file.write(as: .json).bytes
    let path = try directory.write("board.json.recovery.json", bytes)
    // The conflicts as the file records them (with the record's lines).
    let recorded = try ConflictedArrangement.read(bytes, format: .json).conflicts
    #expect(recorded.count == 1 && recorded[0].subject == file.conflicts[0].subject)
    let found = TileGridCommand.leftBehind(
      .recovery, path: path, name: "board.json.recovery.json",
      opened: .demo, format: .json)
    #expect(found.conflicts == recorded, "\(found)")
    guard case .arrangement(let recovered) = found.content else {
      Issue.record("nothing to restore: \(found.content)")
      return
    }
    #expect(recovered == file.arrangement)
    var e = EditorState(arrangement: .demo, screen: Size(width: 80, height: 24), fileName: "board.json")
    _ = e.update(.leftBehind([found]), at: e.now)
    _ = e.update(.input(.key(.character("r"))), at: e.now)
    #expect(e.arrangement == file.arrangement)
    #expect(e.unresolvedConflicts == recorded, "the conflict is back to resolve")

    // A conflicted file opened with a recovery file beside it: the question first, then the panel.
    var k = EditorState(arrangement: file.arrangement, screen: Size(width: 80, height: 24), fileName: "board.json")
    k.open(conflicts: recorded)
    guard case .conflicts? = k.overlay else {
      Issue.record("the panel is not open: \(String(describing: k.overlay))")
      return
    }
    _ = k.update(.leftBehind([found]), at: k.now)
    guard case .question(.leftBehind)? = k.overlay else {
      Issue.record("the recovery file is not asked about: \(String(describing: k.overlay))")
      return
    }
    _ = k.update(.input(.key(.character("k"))), at: k.now)
    guard case .conflicts? = k.overlay else {
      Issue.record("kept, the panel does not come back: \(String(describing: k.overlay))")
      return
    }
  }
}
