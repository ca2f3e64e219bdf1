import Reorder

/// The trace of `tilegrid play --trace`: one line per happening the engine reports, formatted here at
/// the command line's edge (the core reports values, never text).
public enum Trace {
  /// One tile: `lift S.I`, `move S.I -> S.I`, `refused S.I: REASON`, `drop S.I`.
  /// Marks and blocks: `mark S.I`, `unmark S.I`, `unmark all (N)`, `lift block S.I: N tiles at S.I` (the
  /// lifted tile's place, then where the gathered run starts), `move block S.I -> S.I` and
  /// `drop block S.I` (where the run starts).
  /// Sections: `lift section S`, `move section S -> S`, `refused section S: REASON`, `drop section S`.
  /// Any drag: `cancel`, `scroll D`; and `undo`, `redo`. Nil for happenings the trace does not list
  /// (focus changes, notices).
  public static func line(_ happening: Happening) -> String? {
    switch happening {
    case .lifted(let path): return "lift \(path)"
    case .moved(let from, let to): return "move \(from) -> \(to)"
    case .refused(let path, let reason): return "refused \(path): \(reason)"
    case .dropped(let path, _): return "drop \(path)"
    case .cancelled, .cancelledSection: return "cancel"
    case .scrolled(let delta): return "scroll \(delta)"
    case .undone: return "undo"
    case .redone: return "redo"
    case .marked(let path): return "mark \(path)"
    case .unmarked(let path): return "unmark \(path)"
    case .marksCleared(let count): return "unmark all (\(count))"
    case .liftedBlock(let lead, let count, let run): return "lift block \(lead): \(count) tiles at \(run)"
    case .movedBlock(let from, let to, _): return "move block \(from) -> \(to)"
    case .droppedBlock(let start, _, _): return "drop block \(start)"
    case .liftedSection(let s): return "lift section \(s)"
    case .movedSection(let from, let to): return "move section \(from) -> \(to)"
    case .refusedSection(let s, let reason): return "refused section \(s): \(reason)"
    case .droppedSection(let s, _): return "drop section \(s)"
    case .placed(.tile(let step)): return "place \(step.from) -> \(step.to)"
    case .placed(.block(let move)):
      return "place block \(move.from.map(\.description).joined(separator: ",")) -> \(move.to[0])"
    case .placed(.section(let move)): return "place section \(move.from) -> \(move.to)"
    case .placeRefused(let place, let reason): return "refused place \(place): \(reason)"
    case .focused, .focusedSection, .nothingToLift, .blocked: return nil
    }
  }
}
