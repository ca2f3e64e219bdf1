import Document
import TileModel

/// Where `m` sends the focused tile (or the marked tiles), as typed on the status line, in the
/// screen's numbering (places from 1, as in "Others 3 of 9"):
///
///     Others 3     the section titled "Others" (or with id "others"), its third place
///     others       the end of the section with id "others"
///     Oth          the end of the section whose title starts with "Oth" (Tab completes it)
///     Oth 1        its first place
///
/// A place counts in the section as it is after the moving tiles are taken out; one past its last
/// tile is the end (as `tilegrid move` counts, from 0 there). The command line's `S.I` is not taken:
/// it would mean another place than the same digits on the screen, so the reason says how to write it.
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
    /// A place number 0: places count from 1. The section's title.
    case placeFromOne(String)
    /// The command line's `S.I` or `SECTION_ID:I` was typed; the same place on the screen's terms,
    /// when there is one ("Others 2").
    case commandLinePlace(String, suggestion: String?)
  }

  /// Reads what was typed. A section's id or whole title (ignoring case) is its end; else a whole
  /// number after a section is the place, from 1; else the start of a title or id, ignoring case, is
  /// that section's end, and a start that fits several sections is ambiguous (Tab goes through them).
  public static func parse(_ text: String, in arrangement: Arrangement) -> Result<TypedDestination, Problem> {
    let trimmed = text.trimmingSpaces
    guard !trimmed.isEmpty else { return .failure(.empty) }
    // The whole text is a section's id or title (which may end in digits: "Top 10"): its end.
    if let s = exactSection(trimmed, in: arrangement) { return .success(.end(section: s)) }
    // A section, then its place from 1.
    if let space = trimmed.lastIndex(of: " "), let number = Int(trimmed[trimmed.index(after: space)...]),
      number >= 0
    {
      let name = String(trimmed[..<space]).trimmingSpaces
      switch section(named: name, in: arrangement) {
      case .success(let s):
        if number == 0 { return .failure(.placeFromOne(arrangement.sections[s].displayTitle)) }
        return .success(.place(section: s, item: number - 1))
      case .failure(let problem):
        return .failure(problem)
      }
    }
    // The command line's way of writing a place.
    if let written = WrittenPlace(trimmed) {
      let suggestion = arrangement.path(for: written).flatMap { path -> String? in
        guard path.section >= 0 && path.section < arrangement.sections.count else { return nil }
        return "\(arrangement.sections[path.section].displayTitle) \(path.item + 1)"
      }
      return .failure(.commandLinePlace(trimmed, suggestion: suggestion))
    }
    // The start of a section's title or id.
    return section(named: trimmed, in: arrangement).map { .end(section: $0) }
  }

  /// The section whose id is `name`, else whose title is `name` ignoring case.
  static func exactSection(_ name: String, in arrangement: Arrangement) -> Int? {
    if let s = arrangement.sectionIndex(ofID: name) { return s }
    let wanted = name.lowercased()
    return arrangement.sections.firstIndex { $0.displayTitle.lowercased() == wanted }
  }

  /// The section `name` names: its id exactly, else the one title starting with it (a title typed in
  /// full wins over longer titles it begins).
  static func section(named name: String, in arrangement: Arrangement) -> Result<Int, Problem> {
    guard !name.isEmpty else { return .failure(.empty) }
    let sections = arrangement.sections
    if let s = arrangement.sectionIndex(ofID: name) { return .success(s) }
    let candidates = completions(of: name, in: arrangement)
    switch candidates.count {
    case 0: return .failure(.noSuchSection(name))
    case 1: return .success(candidates[0])
    default:
      if let exact = candidates.first(where: { sections[$0].displayTitle.lowercased() == name.lowercased() }) {
        return .success(exact)
      }
      return .failure(.ambiguous(name, matches: candidates.map { sections[$0].displayTitle }))
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
  public var text: String { text(.standard) }

  /// What is wrong, naming the keys in effect.
  public func text(_ keys: Keymap) -> String {
    let tab = keys.say(.complete)
    switch self {
    case .empty: return "Type a section (its title or id; \(tab) completes), then a place from 1 if you like: Others 3"
    case .noSuchSection(let name): return "No section “\(name)”"
    case .ambiguous(let prefix, let matches):
      return "“\(prefix)” could be \(matches.prefix(3).joined(separator: ", "))\(matches.count > 3 ? "…" : ""): \(tab) goes through them"
    case .placeFromOne(let title): return "Places count from 1: “\(title) 1” is the first"
    case .commandLinePlace(let typed, let suggestion):
      return "Here a place is a section and a number from 1"
        + (suggestion.map { ": \($0) for \(typed)" } ?? ", like Others 3")
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
