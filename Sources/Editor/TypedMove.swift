import Document
import TileModel

/// Where `m` sends the focused tile (or the marked tiles), as typed on the status line:
///
///     1.3          section 1 (zero-based), place 3
///     others:0     the section with id "others", place 0
///     others       the end of the section with id "others"
///     Oth          the end of the section whose title starts with "Oth" (Tab completes it)
///
/// A place counts in the section as it is after the moving tiles are taken out, and may be the
/// section's count: the end (as `tilegrid move` counts).
public enum TypedDestination: Equatable, Sendable {
  case place(section: Int, item: Int)
  case end(section: Int)

  public var section: Int {
    switch self {
    case .place(let s, _), .end(let s): return s
    }
  }

  /// Why a typed destination names no place.
  public enum Problem: Error, Equatable, Sendable {
    case empty
    case noSuchSection(String)
    case ambiguous(String, matches: [String])
  }

  /// Reads what was typed. Ids are matched exactly first, then titles by prefix, ignoring case; a
  /// prefix that fits several sections is ambiguous (Tab goes through them).
  public static func parse(_ text: String, in arrangement: Arrangement) -> Result<TypedDestination, Problem> {
    let trimmed = text.trimmingSpaces
    guard !trimmed.isEmpty else { return .failure(.empty) }
    let sections = arrangement.sections
    // S.I or SECTION_ID:I, as the command line writes places.
    if let written = WrittenPlace(trimmed) {
      guard let path = arrangement.path(for: written), path.section < sections.count else {
        switch written {
        case .index(let s, _): return .failure(.noSuchSection("\(s)"))
        case .id(let id, _): return .failure(.noSuchSection(id))
        }
      }
      return .success(.place(section: path.section, item: path.item))
    }
    // A section id alone, or the start of a title.
    if let s = arrangement.sectionIndex(ofID: trimmed) { return .success(.end(section: s)) }
    let candidates = completions(of: trimmed, in: arrangement)
    switch candidates.count {
    case 0: return .failure(.noSuchSection(trimmed))
    case 1: return .success(.end(section: candidates[0]))
    default:
      // A title typed in full wins over longer titles it begins.
      if let exact = candidates.first(where: { sections[$0].displayTitle.lowercased() == trimmed.lowercased() }) {
        return .success(.end(section: exact))
      }
      return .failure(.ambiguous(trimmed, matches: candidates.map { sections[$0].displayTitle }))
    }
  }

  /// The sections whose title (or id) starts with `prefix`, ignoring case, in order.
  public static func completions(of prefix: String, in arrangement: Arrangement) -> [Int] {
    let wanted = prefix.lowercased()
    return arrangement.sections.indices.filter { s in
      let section = arrangement.sections[s]
      return section.displayTitle.lowercased().hasPrefix(wanted) || section.id.lowercased().hasPrefix(wanted)
    }
  }
}

extension TypedDestination.Problem {
  public var text: String {
    switch self {
    case .empty: return "Type S.I, SECTION_ID:I, a section id, or the start of a section's title"
    case .noSuchSection(let name): return "No section “\(name)”"
    case .ambiguous(let prefix, let matches):
      return "“\(prefix)” could be \(matches.prefix(3).joined(separator: ", "))\(matches.count > 3 ? "…" : ""): Tab goes through them"
    }
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " { s.removeFirst() }
    while s.last == " " { s.removeLast() }
    return String(s)
  }
}
