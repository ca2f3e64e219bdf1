import Document
import Editor
import Reorder
import TileModel

/// The trace of `tilegrid play --trace`: one line per happening, formatted here at the command line's
/// edge (the core reports values, never text). Each verb is one line whatever its subject; a subject
/// is written `S.I` (a tile), `block S.I` (a block's run, by where it starts) or `section S`.
///
///     lift S.I · lift block S.I: N tiles at S.I · lift section S
///     move S.I -> S.I · move block S.I -> S.I · move section S -> S
///     drop S.I · drop block S.I · drop section S · cancel · refused S.I: REASON
///     place S.I -> S.I · place block S.I,S.I… -> S.I · refused place S.I: REASON
///     add S.I ID · add section S ID · rename S.I · recolor S.I · width S.I · delete S.I ·
///     lock S.I · unlock S.I · max-items section S N · (sections as for lock and rename)
///     refused add S.I: REASON · refused delete section S: REASON · … (an edit refused)
///     mark S.I · unmark S.I · unmark all (N) · scroll D · scroll section S D (a lane, in cards) ·
///     undo · redo
///
/// Nil for happenings the trace does not list (focus changes, notices).
public enum Trace {
  public static func line(_ happening: EditorHappening) -> String? {
    switch happening {
    case .gesture(let happening): return line(happening)
    case .edited(let outcome, let subject): return edited(outcome, subject)
    case .refused(let outcome, let subject, let reason): return "refused \(edited(outcome, subject)): \(reason)"
    case .merged(let changes, let conflicts): return "merge (\(changes) edits, \(conflicts) conflicts)"
    case .undone: return "undo"
    case .redone: return "redo"
    case .nothingToUndo, .nothingToRedo: return nil
    }
  }

  public static func line(_ happening: Happening) -> String? {
    switch happening {
    case .lifted(.block(let run, let count), let grabbed?): return "lift block \(grabbed): \(count) tiles at \(run)"
    case .lifted(let subject, _): return "lift \(name(subject))"
    case .moved(let from, let to): return "move \(name(from)) -> \(place(to))"
    case .dropped(let subject, _): return "drop \(name(subject))"
    case .cancelled: return "cancel"
    case .refused(let subject, let reason): return "refused \(name(subject)): \(reason)"
    case .placed(.moveTile(let from, let to)): return "place \(from) -> \(to)"
    case .placed(.moveBlock(let move)):
      return "place block \(move.from.map(\.description).joined(separator: ",")) -> \(move.to[0])"
    case .placed(.moveSection(let move)): return "place section \(move.from) -> \(move.to)"
    case .placed: return nil
    case .placeRefused(let place, let reason): return "refused place \(place): \(reason)"
    case .scrolled(let delta): return "scroll \(delta)"
    case .laneScrolled(let s, let delta): return "scroll section \(s) \(delta)"
    case .marked(let path): return "mark \(path)"
    case .unmarked(let path): return "unmark \(path)"
    case .marksCleared(let count): return "unmark all (\(count))"
    case .focused, .nothingToLift, .blocked: return nil
    }
  }

  /// A subject as the trace names it: `S.I`, `block S.I`, `section S`.
  static func name(_ subject: Subject) -> String {
    switch subject {
    case .tile(let path): return "\(path)"
    case .block(let start, _): return "block \(start)"
    case .section(let s): return "section \(s)"
    }
  }

  /// Where a subject went: its place only (the kind was named already).
  static func place(_ subject: Subject) -> String {
    switch subject {
    case .tile(let path), .block(let path, _): return "\(path)"
    case .section(let s): return "\(s)"
    }
  }

  /// An edit as the trace names it: the outcome's word, the subject, and the outcome's argument.
  static func edited(_ outcome: EditCommand.Outcome, _ subject: Subject) -> String {
    let (word, argument) = outcome.trace
    return "\(word) \(name(subject))" + (argument.map { " \($0)" } ?? "")
  }
}
