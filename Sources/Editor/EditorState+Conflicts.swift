import Document
import Reorder
import TerminalInput
import TileModel

// MARK: - The Conflicts panel: a conflicted file's merge conflicts, resolved one key each

/// The merge conflicts of the file the editor opened (docs/editor.md, "Conflicts"), and which of them
/// are resolved: each by one undo step, so undoing the step brings the conflict back.
struct ConflictList: Equatable, Sendable {
  var conflicts: [FileConflict] = []
  /// For each resolved conflict, the history's state right after the step that resolved it.
  var resolvedAt: [Int: Int] = [:]
}

/// The Conflicts panel: the unresolved conflicts, one line each, and the one chosen.
public struct ConflictsPanel: Equatable, Sendable {
  /// The chosen conflict's index in the file's list.
  public var chosen: Int

  public init(chosen: Int) { self.chosen = chosen }
}

extension EditorState {
  /// Opens the editor on a conflicted file: its conflicts, with ours's side in the arrangement, and
  /// the Conflicts panel on the first.
  public mutating func open(conflicts: [FileConflict]) {
    conflictList = ConflictList(conflicts: conflicts)
    if let first = unresolvedConflictIndexes.first { overlay = .conflicts(ConflictsPanel(chosen: first)) }
  }

  /// Every conflict of the file opened, resolved or not.
  public var fileConflicts: [FileConflict] { conflictList.conflicts }

  /// The conflicts still to resolve, in the file's order: what a save records again.
  public var unresolvedConflicts: [FileConflict] { unresolvedConflictIndexes.map { conflictList.conflicts[$0] } }

  /// The indexes of the unresolved conflicts. - Complexity: O(conflicts · log steps).
  var unresolvedConflictIndexes: [Int] {
    conflictList.conflicts.indices.filter { !isResolved($0) }
  }

  /// Whether conflict `k` is resolved: by a step that is still applied.
  func isResolved(_ k: Int) -> Bool {
    guard let state = conflictList.resolvedAt[k], let at = document.history.position(ofState: state) else {
      return false
    }
    return at <= document.history.position
  }

  /// `C`: the Conflicts panel again, on the first unresolved conflict; with none, the conflicts
  /// following the file resolved toward the session.
  mutating func showConflicts() -> [EditorEffect] {
    guard let first = unresolvedConflictIndexes.first else { return showFollowedConflicts() }
    overlay = .conflicts(ConflictsPanel(chosen: first))
    return []
  }

  /// A key while the Conflicts panel is open (by default ↑/↓ choose, `o` `t` `b` resolve the chosen
  /// one, `u` and `U` undo and redo (a resolution comes back with its undo), Esc (or `q`, `C`) closes
  /// the panel, which `C` opens again; `s` saves and `?` shows the help, as on the board).
  mutating func conflictsKey(_ key: Key, _ panel: ConflictsPanel) -> [EditorEffect] {
    let open = unresolvedConflictIndexes
    var panel = panel
    if !open.contains(panel.chosen), let first = open.first { panel.chosen = first }
    let at = open.firstIndex(of: panel.chosen) ?? 0
    let command = keymap.command(for: key, in: .conflicts)
    switch command {
    case .editor(.save)?, .editor(.help)?:
      // Saving (the conflicts left are written into the file again) and the help, from the panel.
      overlay = nil
      return perform(command!)
    case .editor(.closeConflicts)?:
      overlay = nil
      announcement = open.isEmpty ? .noConflicts : .conflictsLeft(open.count)
      return []
    case .editor(.choosePrevious)?:
      if at > 0 { panel.chosen = open[at - 1] }
    case .editor(.chooseNext)?:
      if at + 1 < open.count { panel.chosen = open[at + 1] }
    case .editor(.chooseFirst)?: if let first = open.first { panel.chosen = first }
    case .editor(.chooseLast)?: if let last = open.last { panel.chosen = last }
    case .editor(.takeOurs)?, .editor(.takeTheirs)?, .editor(.takeBoth)?:
      guard !open.isEmpty else { return [] }
      let choice: ConflictChoice =
        command == .editor(.takeOurs) ? .ours : command == .editor(.takeTheirs) ? .theirs : .both
      return resolveConflict(panel.chosen, choice)
    case .editor(.undo)?, .editor(.redo)?:
      let effects = command == .editor(.undo) ? undo() : redo()
      let now = unresolvedConflictIndexes
      // A conflict an undo brought back is the one chosen.
      let back = now.first { !open.contains($0) }
      if let first = now.first {
        overlay = .conflicts(ConflictsPanel(chosen: back ?? (now.contains(panel.chosen) ? panel.chosen : first)))
      } else {
        overlay = nil
      }
      return effects
    default:
      return []
    }
    overlay = .conflicts(panel)
    return []
  }

  /// Takes one side of conflict `k` (or both) as one undo step, however many edits that is, also
  /// none (ours's side is in place already: the step only marks it resolved).
  mutating func resolveConflict(_ k: Int, _ choice: ConflictChoice) -> [EditorEffect] {
    let conflict = conflictList.conflicts[k]
    guard let script = conflict.edits(choice) else {
      announcement = .conflictNotResolved("both cannot be kept here (two versions of one card only): o or t")
      return []
    }
    let before = document.history.stateID
    do {
      // The merge's edits, not the person's: the policies do not apply to them.
      let edits = try document.arrangement.resolve(script, force: true)
      if edits.isEmpty {
        document.record([], undoneBy: [])
      } else {
        try document.perform(edits, force: true)
      }
    } catch {
      announcement = .conflictNotResolved("\(error)")
      return []
    }
    guard document.history.stateID != before else { return [] }
    conflictList.resolvedAt[k] = document.history.stateID
    followChanges()
    var effects = engineEffects(.tick)
    let left = unresolvedConflictIndexes
    if let first = left.first(where: { $0 > k }) ?? left.first {
      overlay = .conflicts(ConflictsPanel(chosen: first))
    } else {
      overlay = nil
    }
    // The focus goes to the card the choice put in place, when there is one.
    let board = arrangement
    if let id = script.compactMap(Self.tileID).first, let target = board.path(ofTileID: id) {
      effects += engineEffects(.focus(.tile(target)))
    }
    announcement = .conflictResolved(choice, left: left.count)
    return effects
  }

  /// The tile an edit puts in place, for the focus.
  private static func tileID(_ edit: ScriptEdit) -> String? {
    switch edit {
    case .move(let id, _), .set(let id, _): return id
    case .add(let tile, _): return tile.id
    default: return nil
    }
  }
}
