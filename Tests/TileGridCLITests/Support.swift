import Editor

extension EditorEffect {
  /// What a test port that touches no file answers this effect with: saves succeed and write nothing,
  /// the disk cannot be read, a discard succeeds, no text editor runs; nothing else answers.
  var answerWithoutFiles: EditorMessage? {
    switch self {
    case .save(let path, _): return .saved(name: path)
    case .readDisk: return .diskUnreadable("no disk")
    case .discard(_, let name): return .discarded(name: name, failure: nil)
    case .editText: return .textNotEdited("no text editor here")
    case .writeRecovery, .suspend, .redraw, .happened, .quit: return nil
    }
  }
}
