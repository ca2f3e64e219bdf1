import Reorder

/// The trace of `tilegrid play --trace`: one line per happening the engine reports, formatted here at
/// the command line's edge (the core reports values, never text).
public enum Trace {
  /// `lift S.I`, `move S.I -> S.I`, `refused S.I: REASON`, `drop S.I`, `cancel`, `scroll D`, `undo`,
  /// `redo`; nil for happenings the trace does not list (focus changes, notices).
  public static func line(_ happening: Happening) -> String? {
    switch happening {
    case .lifted(let path): return "lift \(path)"
    case .moved(let from, let to): return "move \(from) -> \(to)"
    case .refused(let path, let reason): return "refused \(path): \(reason)"
    case .dropped(let path, _): return "drop \(path)"
    case .cancelled: return "cancel"
    case .scrolled(let delta): return "scroll \(delta)"
    case .undone: return "undo"
    case .redone: return "redo"
    case .focused, .nothingToLift, .blocked: return nil
    }
  }
}
