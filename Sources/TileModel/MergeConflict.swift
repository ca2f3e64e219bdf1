/// Which side of a three-way merge: `ours` (the arrangement being merged into, git's `%A`) or
/// `theirs` (the one merged in, `%B`).
public enum MergeSide: String, Hashable, Sendable, CustomStringConvertible {
  case ours, theirs

  /// The other side.
  public var other: MergeSide { self == .ours ? .theirs : .ours }

  public var description: String { rawValue }
}

/// What a merge's conflict is about.
public enum MergeSubject: Hashable, Sendable, CustomStringConvertible {
  case tile(String)
  case section(String)
  /// The `layout` object.
  case layout
  /// The file's own top-level keys.
  case file

  public var description: String {
    switch self {
    case .tile(let id): return "tile \(JSONString.quoted(id))"
    case .section(let id): return "section \(JSONString.quoted(id))"
    case .layout: return "layout"
    case .file: return "file"
    }
  }
}

/// Something both sides of a merge changed differently, and how it was resolved: data until the
/// command line prints it, one line each (docs/version-control.md, "Conflicts").
///
///     tile "red": moved by ours to archive:0, by theirs to others:2; took ours
///     tile "red" title: "Red!" in ours, "Rot" in theirs; took ours
///     tile "gray44": deleted by ours, moved by theirs; deleted, as ours has it
///     tile "new": added by ours at archive:0, by theirs at others:1; took ours
///     section "later": deleted by theirs, but ours put tile "x" in it; kept
public struct MergeConflict: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// Both moved it, to different places (each written as in its side's file: `archive:0` for a
    /// tile, an index for a section).
    case moved(ours: String, theirs: String)
    /// Both added it (a tile with the same id, absent from the base), at different places.
    case added(ours: String, theirs: String)
    /// One side deleted it; the other `change`d it ("moved", "changed", "moved and changed").
    case deleted(by: MergeSide, change: String)
    /// One side deleted the section; the other put this tile in it, so it stays.
    case keptForTile(deletedBy: MergeSide, tile: String)
    /// Both set a key to different values (JSON literals, or `absent` for a removed key).
    case key(String, ours: String, theirs: String)
    /// Both moved the unknown keys into different orders.
    case keyOrder
  }

  public var subject: MergeSubject
  public var kind: Kind
  /// The side the result follows.
  public var took: MergeSide
  /// The conflict in the screen's words, when the merge of a board gave it some (`Investigate flaky
  /// login: ours moved it to In Progress, theirs to Review`): the card and lanes by their titles.
  public var words: String?

  public init(_ subject: MergeSubject, _ kind: Kind, took: MergeSide) {
    self.subject = subject
    self.kind = kind
    self.took = took
  }

  /// What to tell a person: the words when there are some, else the description.
  public var sentence: String { words ?? description }

  public var description: String {
    switch kind {
    case .moved(let ours, let theirs):
      return "\(subject): moved by ours to \(ours), by theirs to \(theirs); took \(took)"
    case .added(let ours, let theirs):
      return "\(subject): added by ours at \(ours), by theirs at \(theirs); took \(took)"
    case .deleted(let by, let change):
      let outcome = took == by ? "deleted, as \(by) has it" : "kept, as \(took) has it"
      return "\(subject): deleted by \(by), \(change) by \(by.other); \(outcome)"
    case .keptForTile(let by, let tile):
      return "\(subject): deleted by \(by), but \(by.other) put tile \(JSONString.quoted(tile)) in it; kept"
    case .key(let key, let ours, let theirs):
      return "\(subject) \(ScriptWord.text(key)): \(ours) in ours, \(theirs) in theirs; took \(took)"
    case .keyOrder:
      return "\(subject): its unknown keys reordered by both; took the order of \(took)"
    }
  }
}

/// The outcome of `Arrangement.merge`: always a valid arrangement, and what conflicted.
public struct MergeResult: Sendable {
  public var arrangement: Arrangement
  public var conflicts: [MergeConflict]
  /// With conflicts, when `merge` was asked for them: each side's version of the conflicts.
  public var outcomes: MergeOutcomes? = nil

  public init(arrangement: Arrangement, conflicts: [MergeConflict], outcomes: MergeOutcomes? = nil) {
    self.arrangement = arrangement
    self.conflicts = conflicts
    self.outcomes = outcomes
  }
}

/// A merge with conflicts, and each side's version of them, from one run
/// (`Arrangement.merge(…, outcomes:)`), for a file that records its conflicts:
/// `Arrangement.diff(result, ours)` takes the file to ours's version of every conflict, whether or not
/// the three are whole.
public struct MergeOutcomes: Sendable {
  /// How much of the outcomes `merge` builds.
  public enum Extent: Sendable {
    /// None: `MergeResult.outcomes` is nil.
    case none
    /// All whole: `ours` is `Arrangement.merge(…, prefer: .ours, honouringDeletions: true)`, byte for
    /// byte, and `theirs` likewise.
    case whole
    /// Only the sections where they may differ hold their tiles, in all three; the others (the same
    /// in all, tile for tile, and not over their `maxItems`) are empty in all.
    case differing
  }

  /// The merge (`MergeResult.arrangement`, or it with sections emptied).
  public var result: Arrangement
  /// The merge with every conflict as ours has it: toward ours, and a section ours deleted gone though
  /// theirs put a tile in it.
  public var ours: Arrangement
  /// Likewise for theirs.
  public var theirs: Arrangement
  /// Whether all are whole (`Extent.whole`).
  public var isWhole: Bool

  /// `ours` or `theirs`.
  public func version(_ side: MergeSide) -> Arrangement { side == .ours ? ours : theirs }
}

extension JSONValue {
  /// The value as one line of JSON, for messages: `{"a": [1, 2]}`.
  public var compactText: String {
    switch self {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let text): return text
    case .string(let s): return JSONString.quoted(s)
    case .array(let elements): return "[" + elements.map(\.compactText).joined(separator: ", ") + "]"
    case .object(let fields):
      return "{" + fields.map { JSONString.quoted($0.key) + ": " + $0.value.compactText }.joined(separator: ", ") + "}"
    }
  }
}
