import Document
import Reorder
import TileModel

// MARK: - Following the file: what changed on disk comes into the open board (docs/editor.md, "Following the file")

/// What the file watcher found when the file on disk changed (the command line's watcher, or an events
/// file's `disk-changed` line): its new version, numbered as `readDisk`'s are (a save may write over it
/// without asking), or that it is gone, or that it cannot be read.
public enum DiskChange: Equatable, Sendable {
  case version(Arrangement, token: Int)
  case deleted
  case unreadable(String)
}

extension EditorState {
  /// Whether a change on disk must wait: something is lifted or carried, or a prompt, a question or
  /// the help takes the keys. What a person holds never moves under the pointer.
  var followingWaits: Bool {
    if isDragging { return true }
    switch overlay {
    case .help?, .prompt?, .question?: return true
    case .text?, .conflicts?, nil: return false
    }
  }

  /// A change of the file on disk: taken in now, or kept until what is going on ends (the latest
  /// change wins: each version is the whole file).
  mutating func diskChanged(_ change: DiskChange) -> [EditorEffect] {
    guard !followingWaits else {
      waitingDiskChange = change
      return []
    }
    waitingDiskChange = nil
    switch change {
    case .version(let theirs, let token):
      return mergeFromDisk(theirs, token: token)
    case .deleted:
      announcement = .told("\(shortName) was deleted on disk; the board stays (\(keymap.say(.save)) writes it again)")
      recreatesDeletedFile = true
      return []
    case .unreadable(let why):
      announcement = .told("\(shortName) on disk cannot be read (\(why)); the board stays")
      return []
    }
  }

  /// The change that waited, taken in once nothing holds it back (after every message).
  mutating func takeWaitingDiskChange() -> [EditorEffect] {
    guard let change = waitingDiskChange, !followingWaits else { return [] }
    return diskChanged(change)
  }

  /// The file's name as the status line says it: its last component.
  var shortName: String {
    guard let name = fileName else { return "the file" }
    return name.lastIndex(of: "/").map { String(name[name.index(after: $0)...]) } ?? name
  }

  /// Takes in the disk's version `theirs`: the three-way merge of the version last read or saved
  /// (base), the session's arrangement (ours) and `theirs`, through `mergeVersions` — the merge
  /// `tilegrid merge` makes in the file's format. With nothing unsaved, that is `theirs` itself, and
  /// the board is saved at it; with unsaved changes, the disk's changes join them and stay unsaved.
  /// Either way it is one undo step, and a conflict is resolved toward the session and listed (`C`).
  /// The focus stays on the same card, the marks on theirs. Returns the effects; the status line says
  /// what came in.
  mutating func mergeFromDisk(_ theirs: Arrangement, token: Int) -> [EditorEffect] {
    // Read before a version already taken in: older than what the board rests on, or than what a save
    // merged and wrote since. Merging it would take back what came after it.
    guard token > newestDiskToken else { return [] }
    newestDiskToken = token
    let wasClean = !isDirty
    let base = diskBase
    let ours = document.arrangement
    let merged = mergeVersions(base, ours, theirs)
    let script = Arrangement.diff(ours, merged.arrangement)
    let conflicts = merged.conflicts.map(\.sentence)
    let focusedID = reorder.focus.tile.flatMap { ours.contains($0) ? ours[$0].id : nil }
    if !script.isEmpty {
      do {
        // The merge decided everything: its edits are not the person's, so the policies do not apply.
        let edits = try ours.resolve(script, force: true)
        try document.perform(edits, force: true)
        followChanges()
      } catch {
        announcement = .notMerged("\(error)")
        return []
      }
      // Nothing was unsaved: the merge of the version read with itself and the disk's is the disk's
      // (in a format without ids, its cards keep the identities the merge paired them by), so the
      // board is the file's version, saved. Undo takes it back to the one before, unsaved.
      if wasClean && conflicts.isEmpty { document.markSaved() }
    }
    // The arrangement rests on this disk version while the step is applied: the base of the next
    // merge, and what a save may write over.
    disk = DiskVersion(base: theirs, token: token, stateID: document.history.stateID)
    followedConflicts += conflicts
    guard !script.isEmpty else {
      if !conflicts.isEmpty { announcement = .told(conflictWords(conflicts.count)) }
      return []
    }
    mergedFromDisk = (script.count, document.history.stateID)
    var effects = report(.merged(changes: script.count, conflicts: conflicts.count))
    let target = focusedID.flatMap { arrangement.path(ofTileID: $0) }.map(Focus.tile)
    effects += engineEffects(.focus(target ?? (reorder.focus.tile.flatMap { arrangement.contains($0) ? Focus.tile($0) : nil } ?? firstFocus)))
    var words = "\(shortName) changed on disk: \(Self.describe(script, before: ours, after: arrangement, title: cardStyle.title(of:)))"
    if !conflicts.isEmpty { words += " · " + conflictWords(conflicts.count) }
    announcement = .told(words)
    return effects
  }

  /// `1 conflict — C lists it`, with the key the keymap gives.
  func conflictWords(_ count: Int) -> String {
    "\(count) conflict\(count == 1 ? "" : "s") — \(keymap.say(.conflicts)) lists \(count == 1 ? "it" : "them")"
  }

  /// What an edit script did, in the screen's words: a single move by the card's title and its lane's
  /// (`Call Ann moved to Done`), otherwise counts (`2 moved, 1 added, 1 removed, 3 changed`). A card
  /// removed and one of the same title added elsewhere is a move, as the screen shows it (in a format
  /// without ids a card's identity may not survive a move made by another program).
  static func describe(
    _ script: [ScriptEdit], before: Arrangement, after: Arrangement, title said: (Tile) -> String = \.displayTitle
  ) -> String {
    var moves: [(title: String, section: String)] = []
    var added: [(title: String, section: String)] = []
    var removed: [String] = []
    var changed = Set<String>()
    var sections = Set<String>()
    func title(_ id: String, in arrangement: Arrangement) -> String {
      arrangement.path(ofTileID: id).map { said(arrangement[$0]) } ?? id
    }
    for edit in script {
      switch edit {
      case .move(let tile, let place): moves.append((title(tile, in: after), place.section))
      case .add(let tile, let place): added.append((said(tile), place.section))
      case .delete(let tile): removed.append(title(tile, in: before))
      // A Markdown card's record of its own lines (the blank line after a lane's last card) is not
      // something the screen shows.
      case .set(_, .other("markdown", _)): break
      case .set(let tile, _): changed.insert(tile)
      case .addSection(let section, _, _): sections.insert(section.id)
      case .moveSection(let id, _), .deleteSection(let id), .setSection(let id, _): sections.insert(id)
      case .setLayout, .replaceLayout, .setFile: sections.insert("")
      }
    }
    for (k, card) in added.enumerated().reversed() {
      guard let r = removed.firstIndex(of: card.title) else { continue }
      removed.remove(at: r)
      added.remove(at: k)
      moves.append(card)
    }
    var parts: [String] = []
    if moves.count == 1, let move = moves.first {
      let lane = after.sectionIndex(ofID: move.section).map { after.sections[$0].displayTitle } ?? move.section
      parts.append("\(move.title) moved to \(lane)")
    } else if !moves.isEmpty {
      parts.append("\(moves.count) moved")
    }
    if !added.isEmpty { parts.append("\(added.count) added") }
    if !removed.isEmpty { parts.append("\(removed.count) removed") }
    if !changed.isEmpty { parts.append("\(changed.count) changed") }
    if !sections.isEmpty { parts.append("\(sections.count == 1 ? "a lane" : "\(sections.count) lanes") changed") }
    return parts.isEmpty ? "nothing to show" : parts.joined(separator: ", ")
  }

  /// `C` with the file's own conflicts all resolved: the conflicts following the file resolved toward
  /// the session, in a panel.
  mutating func showFollowedConflicts() -> [EditorEffect] {
    guard !followedConflicts.isEmpty else {
      announcement = .noConflicts
      return []
    }
    overlay = .text(TextPanel(title: "Conflicts from disk (ours kept)", lines: followedConflicts))
    return []
  }

  /// A save found the file changed on disk: read it, merge it in as following does, and save again
  /// (at most a few times in a row, for a file that keeps changing). A save never asks about the disk.
  mutating func mergeThenSave() -> [EditorEffect] {
    guard saveMerges < 3, pendingSave != nil else {
      announcement = .told("Not saved: the file keeps changing on disk; \(keymap.say(.save)) tries again")
      pendingSave = nil
      saveMerges = 0
      return []
    }
    saveMerges += 1
    announcement = .merging
    return [.readDisk]
  }
}

// MARK: - Autosave

extension EditorState {
  /// How long after the last change an autosave comes, in milliseconds.
  public static let autosaveDelay = 1000

  /// Turns autosave on or off (`--autosave` sets it at the start); on, unsaved changes are saved after
  /// the delay.
  public mutating func setAutosave(_ on: Bool) {
    autosave = on
    autosaveDue = on && isDirty ? now + Self.autosaveDelay : nil
  }

  /// The autosave key: on or off, said on the status line.
  mutating func toggleAutosave() -> [EditorEffect] {
    guard saveTarget == .file else {
      announcement = .told("Autosave needs a file: save it first (\(keymap.say(.save)))")
      return []
    }
    setAutosave(!autosave)
    announcement = .told(autosave ? "Autosave on: saved a second after each change" : "Autosave off")
    return []
  }

  /// The autosave that is due at `time`, when nothing holds it back (something lifted, a prompt, a
  /// question, the help, a save under way: it waits a little and tries again). It saves as `s` does,
  /// merging what is on disk first, and keeps the status line.
  mutating func autosaveIfDue(at time: Int) -> [EditorEffect] {
    guard autosave, let due = autosaveDue, due <= time else { return [] }
    guard isDirty, saveTarget == .file else {
      autosaveDue = nil
      return []
    }
    guard pendingSave == nil, !followingWaits, !isTooSmall else {
      autosaveDue = time + 250
      return []
    }
    autosaving = true
    return requestSave(to: nil, force: recreatesDeletedFile, thenQuit: false)
  }

  /// What the title bar says of the file when autosave is on: `saving…`, `merged 2 from disk`,
  /// `● unsaved` or `saved`; nil when autosave is off (the title bar says `● unsaved` or nothing).
  public var autosaveState: String? {
    guard autosave else { return nil }
    if pendingSave != nil { return "saving…" }
    if let merged = mergedFromDisk, merged.stateID == document.history.stateID {
      return "merged \(merged.changes) from disk"
    }
    return isDirty ? "● unsaved" : "saved"
  }
}
