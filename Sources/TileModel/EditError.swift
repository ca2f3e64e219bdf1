/// Why an edit (a move, an added, deleted or changed tile or section) was refused. Policy refusals
/// (docs/reordering.md, "Policies"; docs/editor.md, "Editing") are distinct from places that do not
/// exist and values that are not allowed. `description` says it in one line, for people.
public enum EditError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The section index is not one of the arrangement's `sectionCount` sections.
  case noSuchSection(Int, sectionCount: Int)
  /// The path's section holds `count` tiles, none at the path's item.
  case noSuchItem(ItemPath, count: Int)
  /// The destination index is outside what a move into that section allows.
  case noSuchDestination(ItemPath, valid: ClosedRange<Int>)
  /// A locked tile cannot be lifted (canMoveItemAt).
  case tileLocked(id: String, at: ItemPath)
  /// A locked section lets no tile in or out.
  case sectionLocked(id: String, title: String, section: Int, leaving: Bool)
  /// A section at `maxItems` refuses tiles from other sections.
  case sectionFull(id: String, title: String, section: Int, maxItems: Int)
  /// A section below its `maxItems` has room for fewer tiles than a block brings in: `room` places,
  /// `entering` tiles (a block moves whole or not at all).
  case sectionLacksRoom(id: String, title: String, section: Int, maxItems: Int, room: Int, entering: Int)
  /// A locked section keeps its place among the sections: it cannot be lifted or moved.
  case sectionLockedInPlace(id: String, title: String, section: Int)
  /// A locked section cannot be deleted.
  case sectionLockedAgainstDeletion(id: String, title: String, section: Int)
  /// A section move's destination is outside `valid` (the places after the section is taken out).
  case noSuchSectionDestination(Int, valid: ClosedRange<Int>)
  /// A section holding a locked tile cannot be deleted (the tile could not go with it).
  case sectionHoldsLockedTile(id: String, title: String, section: Int, tileID: String)
  /// An added tile's id is empty or already a tile's.
  case tileIDTaken(String)
  /// An added section's id is empty or already a section's.
  case sectionIDTaken(String)
  /// A field's value is outside what the file format allows (`field` names it: `width`, `maxItems`).
  case invalidValue(field: String, String)
  /// An edit would change a tile's or a section's id, which edits never do.
  case idChanged(from: String, to: String)
  /// A drag is in progress: its moves are applied but not recorded, so nothing else may change the
  /// arrangement until it ends.
  case gestureInProgress
  /// The file's format cannot keep what the edit sets (`FormatTraits.refusal`): `A Markdown board keeps
  /// no colors`.
  case formatCannotKeep(String)

  /// Whether a policy refused (a locked tile, a locked or full section, a section without room for a
  /// block, a locked section that would move), which `force` overrides, as
  /// opposed to a path that names nothing.
  public var isPolicyRefusal: Bool {
    switch self {
    case .tileLocked, .sectionLocked, .sectionFull, .sectionLacksRoom, .sectionLockedInPlace, .sectionHoldsLockedTile,
      .sectionLockedAgainstDeletion:
      return true
    case .noSuchSection, .noSuchItem, .noSuchDestination, .noSuchSectionDestination, .tileIDTaken, .sectionIDTaken,
      .invalidValue, .idChanged, .gestureInProgress, .formatCannotKeep:
      return false
    }
  }

  /// The reason in one line, ids and titles quoted as JSON strings: `tile "gray44" at 2.1 is locked`.
  public var description: String {
    switch self {
    case .noSuchSection(let s, let count):
      return count == 0
        ? "there is no section \(s) (the arrangement has no sections)"
        : "there is no section \(s) (sections are 0 to \(count - 1))"
    case .noSuchItem(let path, let count):
      return count == 0
        ? "there is no tile \(path) (section \(path.section) is empty)"
        : "there is no tile \(path) (section \(path.section) has tiles 0 to \(count - 1))"
    case .noSuchDestination(let path, let valid):
      return "\(path) is not a place to move to (section \(path.section) takes \(valid.lowerBound) to \(valid.upperBound))"
    case .tileLocked(let id, let path):
      return "tile \(JSONString.excerpt(id)) at \(path) is locked"
    case .sectionLocked(_, let title, _, let leaving):
      return "section \(JSONString.excerpt(title)) is locked: no tile may \(leaving ? "leave" : "enter") it"
    case .sectionFull(_, let title, _, let maxItems):
      return "section \(JSONString.excerpt(title)) is full (\(maxItems) of \(maxItems))"
    case .sectionLacksRoom(_, let title, _, _, let room, let entering):
      let tiles = room == 1 ? "tile" : "tiles"
      return "section \(JSONString.excerpt(title)) has room for \(room) more \(tiles), not \(entering)"
    case .sectionLockedInPlace(_, let title, _):
      return "section \(JSONString.excerpt(title)) is locked: it stays where it is"
    case .sectionLockedAgainstDeletion(_, let title, _):
      return "section \(JSONString.excerpt(title)) is locked: it cannot be deleted"
    case .noSuchSectionDestination(let s, let valid):
      return "\(s) is not a place for a section (places are \(valid.lowerBound) to \(valid.upperBound))"
    case .sectionHoldsLockedTile(_, let title, _, let tileID):
      return "section \(JSONString.excerpt(title)) holds the locked tile \(JSONString.excerpt(tileID))"
    case .tileIDTaken(let id):
      return id.isEmpty ? "a tile's id cannot be empty" : "there is already a tile \(JSONString.excerpt(id))"
    case .sectionIDTaken(let id):
      return id.isEmpty ? "a section's id cannot be empty" : "there is already a section \(JSONString.excerpt(id))"
    case .invalidValue(let field, let message):
      return "\(field): \(message)"
    case .idChanged(let from, let to):
      return "an edit cannot change the id \(JSONString.excerpt(from)) to \(JSONString.excerpt(to))"
    case .gestureInProgress:
      return "something is lifted: drop or cancel it first"
    case .formatCannotKeep(let reason):
      return reason
    }
  }
}
