import Canvas
import Document
import GridLayout
import Reorder
import TileModel

// MARK: - Find: `/`, then `n` and `N`

/// The find's index and the last find, kept up to date as tiles are added, renamed and deleted.
struct FindSession: Sendable {
  /// Titles and ids folded for finding, made at the first find.
  var index: FindIndex?
  /// The last find, for `n` and `N`.
  var find: Find?
  /// The open find prompt's field as `find` was last made from it; nil until the prompt's first edit.
  var madeFrom: FieldMark?

  /// How long a find prompt's field was, and whether its cursor was at the end.
  struct FieldMark: Sendable {
    var count: Int
    var atEnd: Bool
  }

  /// Makes the index at the first find (a find prompt opens), or again when titles are now read as
  /// Markdown or no longer; otherwise indexes tiles added since.
  mutating func prepare(_ arrangement: Arrangement, markdown: Bool = false) {
    if index == nil || index?.markdown != markdown {
      index = FindIndex(arrangement, markdown: markdown)
    } else {
      index!.catchUp(arrangement)
    }
    madeFrom = nil
  }

  /// The find extended in place by what was typed at the end of its field since it was made, when it
  /// matches nothing and what was typed is ASCII: a longer text matches nothing either, and folding
  /// ASCII is lower-casing it, so neither the query nor its folded bytes are made again from the
  /// whole field (typing n characters costs O(n), not O(n²)). Nil when that does not hold: the
  /// caller then finds anew.
  mutating func extendingUnmatched(to field: LineEditor, announcement: inout Announcement) -> Find? {
    guard let mark = madeFrom, mark.atEnd, field.cursor == field.characters.count, mark.count < field.characters.count,
      find?.matches.count == 0
    else { return nil }
    let added = field.characters[mark.count...]
    guard added.allSatisfy({ $0.isASCII && !$0.isNewline }) else { return nil }
    // Taken out of the session and the announcement that hold it, so that appending copies nothing.
    guard var extended = find else { return nil }
    find = nil
    announcement = .welcome
    for character in added {
      extended.query.append(character)
      for byte in character.utf8 { extended.folded.append(byte == 0 ? 0x20 : (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)) }
    }
    madeFrom = FieldMark(count: field.characters.count, atEnd: true)
    find = extended
    return extended
  }

  /// Brings the index and the last find's matches up to date after an edit: `removed` tiles no
  /// longer match, `changed` ones (renamed) and added ones are tested again.
  /// - Complexity: O(the touched tiles' text), never the tile count.
  mutating func update(removed: [TileRef], changed: [TileRef], _ arrangement: Arrangement) {
    guard var index else { return }
    let before = index.tileCount
    index.catchUp(arrangement)
    for ref in changed { index.reindex(ref, arrangement) }
    if var find {
      for ref in removed { find.matches.remove(Int(ref.index)) }
      let added = (before..<index.tileCount).map { TileRef($0) }
      for ref in changed + added {
        if index.contains(find.folded, tile: Int(ref.index)) {
          find.matches.insert(Int(ref.index))
        } else {
          find.matches.remove(Int(ref.index))
        }
      }
      self.find = find
    }
    self.index = index
  }

  /// Forgets the index and the find (after a change too large to follow tile by tile, such as a merge):
  /// the next find makes the index again.
  mutating func reset() {
    index = nil
    find = nil
    madeFrom = nil
  }
}

extension EditorState {
  /// A key typed into the find prompt: the focus follows the first match as the text changes; Enter
  /// keeps it there, Esc puts it back where it was (the tile, or the header the find began on).
  mutating func findKey(_ outcome: LineEditor.Outcome, _ open: Prompt, origin: Focus) -> [EditorEffect] {
    switch outcome {
    case .ignored:
      overlay = .prompt(open)
      return []
    case .cancelled:
      overlay = nil
      finding.find = nil
      let effects = engineEffects(.focus(origin))
      // As every prompt's Esc says.
      announcement = .told("Cancelled")
      return effects
    case .submitted:
      overlay = nil
      if finding.find?.matches.count == 0 { finding.find = nil }
      return []
    case .edited:
      overlay = .prompt(open)
      if let extended = finding.extendingUnmatched(to: open.field, announcement: &announcement) {
        announcement = .notFound(extended.query)
        return []
      }
      defer {
        finding.madeFrom = FindSession.FieldMark(
          count: open.field.characters.count, atEnd: open.field.cursor == open.field.characters.count)
      }
      let query = open.field.text
      guard !query.isEmpty, let index = finding.index else {
        finding.find = nil
        let effects = engineEffects(.focus(origin))
        announcement = .welcome
        return effects
      }
      let folded = FindIndex.fold(query)
      // A longer text can only match fewer tiles: search the previous matches again, not everything.
      let previous = finding.find.flatMap {
        $0.folded.count < folded.count && folded.starts(with: $0.folded) ? $0.matches : nil
      }
      let matches = MatchSet.matching(folded, in: index, within: previous)
      finding.find = Find(query: query, folded: folded, matches: matches)
      guard let first = nextMatch(from: startOfFind(origin), forward: true, including: true) else {
        let effects = engineEffects(.focus(origin))
        announcement = .notFound(query)
        return effects
      }
      return focusMatch(first)
    }
  }

  /// Where a find from `origin` starts: the focused tile, or a focused header's section.
  func startOfFind(_ origin: Focus) -> ItemPath {
    switch origin {
    case .tile(let path): return path
    case .header(let s): return ItemPath(s, 0)
    case .none: return ItemPath(0, 0)
    }
  }

  /// `n` and `N`: the next or previous match in reading order, wrapping around.
  mutating func findNext(forward: Bool) -> [EditorEffect] {
    guard let find = finding.find else { return [] }
    guard let next = nextMatch(from: startOfFind(reorder.focus), forward: forward, including: false) else {
      announcement = .notFound(find.query)
      return []
    }
    return focusMatch(next)
  }

  mutating func focusMatch(_ path: ItemPath) -> [EditorEffect] {
    let effects = engineEffects(.focus(.tile(path)))
    if let place = place(path) { announcement = .found(place, matches: finding.find?.matches.count ?? 0) }
    return effects
  }

  /// The first matching tile from `start` (itself too when `including`) in reading order, forward or
  /// backward, wrapping around the arrangement. - Complexity: O(n) at worst, a bit test per tile.
  func nextMatch(from start: ItemPath, forward: Bool, including: Bool) -> ItemPath? {
    guard let matches = finding.find?.matches, matches.count > 0 else { return nil }
    let sections = arrangement.sections
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
        range =
          forward
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
    guard let find = finding.find, arrangement.contains(path) else { return false }
    return find.matches[Int(arrangement.ref(at: path).index)]
  }
}

/// A find: the text as typed, folded, and the tiles it matches.
public struct Find: Equatable, Sendable {
  public var query: String
  var folded: [UInt8]
  var matches: MatchSet

  public var matchCount: Int { matches.count }
}
