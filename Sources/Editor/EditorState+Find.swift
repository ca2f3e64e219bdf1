import Canvas
import GridLayout
import Reorder
import TileModel

// MARK: - Find: `/`, then `n` and `N`

extension EditorState {
  /// Where Esc returns the focus from a find: the header it began on, or the tile.
  mutating func returnFromFind(to origin: ItemPath?) -> [EditorEffect] {
    if let s = findFromHeader { return engineEffects(.focusSection(s)) }
    return origin.map { engineEffects(.focus($0)) } ?? []
  }

  /// A key typed into the find prompt: the focus follows the first match as the text changes; Enter
  /// keeps it there, Esc puts it back where it was.
  mutating func findKey(_ outcome: LineEditor.Outcome, _ open: Prompt, origin: ItemPath?) -> [EditorEffect] {
    switch outcome {
    case .ignored:
      prompt = open
      return []
    case .cancelled:
      prompt = nil
      find = nil
      let effects = returnFromFind(to: origin)
      announcement = .welcome
      return effects
    case .submitted:
      prompt = nil
      if find?.matches.count == 0 { find = nil }
      return []
    case .edited:
      prompt = open
      let query = open.field.text
      guard !query.isEmpty, let index = findIndex else {
        find = nil
        let effects = returnFromFind(to: origin)
        announcement = .welcome
        return effects
      }
      let folded = FindIndex.fold(query)
      // A longer text can only match fewer tiles: search the previous matches again, not everything.
      let previous = find.flatMap { $0.folded.count < folded.count && folded.starts(with: $0.folded) ? $0.matches : nil }
      let matches = MatchSet.matching(folded, in: index, within: previous)
      find = Find(query: query, folded: folded, matches: matches)
      guard let first = nextMatch(from: origin ?? ItemPath(0, 0), forward: true, including: true) else {
        let effects = returnFromFind(to: origin)
        announcement = .notFound(query)
        return effects
      }
      return focusMatch(first)
    }
  }

  /// `n` and `N`: the next or previous match in reading order, wrapping around.
  mutating func findNext(forward: Bool) -> [EditorEffect] {
    guard let find else { return [] }
    let start = reorder.focus ?? ItemPath(0, 0)
    guard let next = nextMatch(from: start, forward: forward, including: false) else {
      announcement = .notFound(find.query)
      return []
    }
    return focusMatch(next)
  }

  mutating func focusMatch(_ path: ItemPath) -> [EditorEffect] {
    let effects = engineEffects(.focus(path))
    if let place = place(path) { announcement = .found(place, matches: find?.matches.count ?? 0) }
    return effects
  }

  /// The first matching tile from `start` (itself too when `including`) in reading order, forward or
  /// backward, wrapping around the arrangement. - Complexity: O(n) at worst, a bit test per tile.
  func nextMatch(from start: ItemPath, forward: Bool, including: Bool) -> ItemPath? {
    guard let matches = find?.matches, matches.count > 0 else { return nil }
    let sections = reorder.arrangement.sections
    let n = sections.count
    guard n > 0 else { return nil }
    let home = min(max(0, start.section), n - 1)
    // The start section first (from the start on), every other section once, then the start section's
    // part before the start (the start itself last, so a lone match finds itself).
    for step in 0...n {
      let s = forward ? (home + step) % n : (home - step % n + n) % n
      let items = sections[s].items
      let from = min(start.item, items.count)
      // The indexes to look at, as a half-open range walked forward or backward (no array made).
      let range: Range<Int>
      switch step {
      case 0:
        range = forward
          ? min(including ? from : from + 1, items.count)..<items.count
          : 0..<max(0, min(including ? from + 1 : from, items.count))
      case n:
        range = forward ? 0..<min(from + 1, items.count) : min(max(0, from), items.count)..<items.count
      default:
        range = 0..<items.count
      }
      if forward {
        for k in range where matches[Int(items[k].index)] { return ItemPath(s, k) }
      } else {
        for k in range.reversed() where matches[Int(items[k].index)] { return ItemPath(s, k) }
      }
    }
    return nil
  }

  /// Whether the tile at `path` matches the current find (for the view's highlight).
  public func isMatch(_ path: ItemPath) -> Bool {
    guard let find, reorder.arrangement.contains(path) else { return false }
    return find.matches[Int(reorder.arrangement.ref(at: path).index)]
  }
}

/// A find: the text as typed, folded, and the tiles it matches.
public struct Find: Equatable, Sendable {
  public var query: String
  var folded: [UInt8]
  var matches: MatchSet

  public var matchCount: Int { matches.count }
}
