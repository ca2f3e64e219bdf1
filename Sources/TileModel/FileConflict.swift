/// One unresolved conflict of a merge, as a conflicted file records it (docs/version-control.md,
/// "Conflicts in the file"): what it is about, what each side had, and the edits that take each
/// side's version — applied to the arrangement as the file holds it.
public struct FileConflict: Hashable, Sendable {
  /// What it is about: `tile "blue"`, `section "later"`, `layout`, `file`; for conflict markers in a
  /// text file, `lines 12-18`.
  public var subject: String
  /// The tile, section, layout or file it is about, for a conflict from a merge (or the JSON
  /// record); nil for conflict markers in a text file.
  public var about: MergeSubject?
  /// What each side had, in one line (the merge's conflict line, or the two sides' first lines).
  public var message: String
  /// The line of the file it is written on (its `<<<<<<<` marker, or its entry in the JSON record),
  /// 1-based; 0 when it has not been written yet.
  public var line: Int
  /// The edits that take ours's version; empty when the file holds ours's (the usual case).
  public var ours: [ScriptEdit]
  private var storedTheirs: [ScriptEdit]
  private var storedBoth: [ScriptEdit]?
  /// Where `theirs` and `both` are worked out when first asked for (a conflict of git's markers:
  /// each one's edits cost a reading of the whole file, so a file of many is read once, and a
  /// conflict's edits only when it is resolved or shown); nil when they are given.
  private var deferred: (source: any DeferredConflictEdits, index: Int)?

  /// The edits that take theirs's version; empty when the file holds theirs's.
  public var theirs: [ScriptEdit] {
    get { deferred.map { $0.source.edits($0.index).theirs } ?? storedTheirs }
    set {
      settle()
      storedTheirs = newValue
    }
  }

  /// The edits that keep both versions (two cards), or nil where that is not possible.
  public var both: [ScriptEdit]? {
    get { deferred.map { $0.source.edits($0.index).both } ?? storedBoth }
    set {
      settle()
      storedBoth = newValue
    }
  }

  public init(
    subject: String, about: MergeSubject? = nil, message: String, line: Int = 0, ours: [ScriptEdit] = [],
    theirs: [ScriptEdit], both: [ScriptEdit]? = nil
  ) {
    self.subject = subject
    self.about = about
    self.message = message
    self.line = line
    self.ours = ours
    self.storedTheirs = theirs
    self.storedBoth = both
  }

  /// A conflict whose `theirs` and `both` are `source`'s edits number `index`, worked out when first
  /// asked for (`ours` is empty: the file holds ours's side).
  public init(subject: String, message: String, line: Int, deferred source: any DeferredConflictEdits, index: Int) {
    self.init(subject: subject, message: message, line: line, theirs: [])
    deferred = (source, index)
  }

  /// Whether both versions can be kept (`both` is not nil), as far as can be told without working
  /// out deferred edits: a deferred conflict's source says (the Conflicts panel shows `b` by it, on
  /// every frame).
  public var canKeepBoth: Bool {
    if let (source, index) = deferred { return source.keepsBoth(index) }
    return storedBoth != nil
  }

  /// Whether `theirs` and `both` are still to be worked out.
  public var isDeferred: Bool { deferred != nil }

  /// What works out `theirs` and `both`, while they are still to be worked out.
  public var deferredSource: (any DeferredConflictEdits)? { deferred?.source }

  /// Which of `deferredSource`'s conflicts it is.
  public var deferredIndex: Int? { deferred?.index }

  /// The conflict with its edits worked out and held.
  public var settled: FileConflict {
    var copy = self
    copy.settle()
    return copy
  }

  private mutating func settle() {
    guard let (source, index) = deferred else { return }
    (storedTheirs, storedBoth) = source.edits(index)
    deferred = nil
  }

  /// The edits for a choice: `ours`, `theirs`, or `both` (nil when both cannot be kept).
  public func edits(_ choice: ConflictChoice) -> [ScriptEdit]? {
    switch choice {
    case .ours: return ours
    case .theirs: return theirs
    case .both: return both
    }
  }

  /// Equal: the same words, and the same edits, which two conflicts deferred to the same edits are
  /// without working them out.
  public static func == (a: FileConflict, b: FileConflict) -> Bool {
    guard a.subject == b.subject, a.about == b.about, a.message == b.message, a.line == b.line, a.ours == b.ours else {
      return false
    }
    if let x = a.deferred, let y = b.deferred, x.source === y.source, x.index == y.index { return true }
    return a.theirs == b.theirs && a.both == b.both
  }

  /// Hashed by its words (the edits follow from them in every file the conflict is read from).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(subject)
    hasher.combine(about)
    hasher.combine(message)
    hasher.combine(line)
  }
}

/// Edits worked out when first asked for: for conflict `index` of a file, the edits from the
/// arrangement as read to the file with theirs's side of it (`theirs`), and with both sides (`both`,
/// nil when that is not possible). Each index's edits are the same however often asked for.
public protocol DeferredConflictEdits: AnyObject, Sendable {
  func edits(_ index: Int) -> (theirs: [ScriptEdit], both: [ScriptEdit]?)
  /// Whether conflict `index`'s `both` is meant to be possible, told without working it out (it
  /// may still turn out nil, when that version does not read).
  func keepsBoth(_ index: Int) -> Bool
}

/// How a person resolves a conflict: `o`, `t` or `b` in the editor's Conflicts panel.
public enum ConflictChoice: String, Hashable, Sendable, CaseIterable {
  case ours, theirs, both
}
