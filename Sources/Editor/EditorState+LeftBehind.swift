import Document
import GridLayout
import Reorder
import TerminalInput
import TileModel

// MARK: - Files left behind by an earlier session: restore, discard, keep (docs/editor.md, "Files left
// behind")
//
// The command line finds them when it opens a file (`EditorMessage.leftBehind`); the editor asks about
// each in turn, on its first screen, one question at a time.

extension Prompt.Purpose {
  var isSaveAs: Bool {
    if case .saveAs = self { return true }
    return false
  }
}

extension EditorState {
  /// Asks about the next file left behind, when nothing else is being asked or typed. The Conflicts
  /// panel a conflicted file opens with gives way to the question (a recovery file may hold the
  /// session that was resolving them) and comes back when the last one is answered.
  mutating func askAboutLeftBehind() {
    if case .conflicts? = overlay {
      guard !leftBehindQueue.isEmpty else {
        conflictsPanelWaits = false
        return
      }
      overlay = nil
      conflictsPanelWaits = true
    }
    guard overlay == nil else { return }
    guard !leftBehindQueue.isEmpty else {
      if conflictsPanelWaits, let first = unresolvedConflictIndexes.first {
        overlay = .conflicts(ConflictsPanel(chosen: first))
      }
      conflictsPanelWaits = false
      return
    }
    overlay = .question(.leftBehind(leftBehindQueue.removeFirst()))
  }

  /// `restore` (r) restores, `discard` (d) discards (the caller removes the file and reports back), any
  /// other key keeps.
  mutating func answerLeftBehind(_ found: LeftBehind, _ command: Command?) -> [EditorEffect] {
    switch (command, found.content) {
    case (.editor(.restore)?, .arrangement(let recovered)):
      // The file as it was opened (a file restored before this one is not it).
      let opened = document.arrangementAtSavedPoint()
      var restoring = recovered
      var conflicts: [String] = []
      if let base = found.base, base != opened {
        // The file changed on disk after these changes were made on it: its changes since are merged
        // in as a save merges them (base: the version the changes were made on, ours: the recovered
        // arrangement, theirs: the file now), never lost.
        let merged = mergeVersions(base, recovered, opened)
        restoring = merged.arrangement
        conflicts = merged.conflicts.map(\.description)
        announcement = .restoredMerged(
          name: found.name, changes: Arrangement.diff(recovered, restoring).count, conflicts: conflicts.count)
      } else {
        announcement = .restored(name: found.name)
      }
      restore(restoring)
      restoredLeftBehind = (found, document.history.stateID)
      // The session's own record of the conflicts it had left is the truth now (none: it resolved them).
      open(conflicts: found.conflicts)
      askAboutLeftBehind()
      if !conflicts.isEmpty && overlay == nil {
        overlay = .text(TextPanel(title: "Conflicts (the recovered kept)", lines: conflicts))
      }
      return []
    case (.editor(.discard)?, _):
      return [.discard(path: found.path, name: found.name)]
    default:
      dismissed(.leftBehind(found))
      return []
    }
  }

  /// Makes `recovered` the arrangement, unsaved, as one undo step back to what was opened: the
  /// document starts again from it with one step recorded (the file's sections replaced by the
  /// recovered ones, its layout and top-level keys too), so `u` gives the file as opened and the saved
  /// point is there. Focus, marks and the find start afresh.
  ///
  /// - Complexity: O(n) for n tiles (one layout); undoing it re-lays out once per section.
  mutating func restore(_ recovered: Arrangement) {
    let opened = arrangement
    func replacing(_ old: Arrangement, with new: Arrangement) -> [Edit] {
      var edits: [Edit] = [.setLayout(new.layoutSpec), .setFileExtras(new.extras)]
      for s in old.sections.indices.reversed() { edits.append(.deleteSection(at: s)) }
      for (s, section) in new.sections.enumerated() {
        edits.append(.insertSection(section.fields, tiles: new.tiles(inSection: s), at: s))
      }
      return edits
    }
    let viewport = Screen.viewport(forScreen: screen)
    var restored = Document(
      arrangement: recovered, viewport: viewport.size, name: document.name, saveTarget: document.saveTarget)
    restored.record(replacing(opened, with: recovered), undoneBy: replacing(recovered, with: opened))
    let time = now
    document = restored
    reorder = ReorderState(document: document, screen: screen, viewport: viewport, config: reorder.config)
    _ = engine(.tick, at: time)
    finding = FindSession()
    // Another document: references to its tiles name other tiles, so nothing glides from before.
    motion.startOver = true
  }
}
