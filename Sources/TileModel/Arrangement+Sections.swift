/// One section moved among the sections: taken out at `from` and inserted at `to`, a place counted after
/// it is taken out (as `moveItem` counts for tiles; never a swap). Its tiles go with it.
///
///     A B C D    move 0 -> 2    B C A D
///     A B C D    move 3 -> 1    A D B C
public struct SectionMove: Equatable, Hashable, Sendable {
  /// The section's index now.
  public var from: Int
  /// Its index after the move, counted after it is taken out.
  public var to: Int

  /// The move of section `from` to index `to`.
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }

  /// Moving it back: exact, since the other sections keep their order.
  public var inverse: SectionMove { SectionMove(from: to, to: from) }

  /// Where section `s` is after the move.
  public func index(after s: Int) -> Int {
    if s == from { return to }
    if from < to && s > from && s <= to { return s - 1 }
    if to < from && s >= to && s < from { return s + 1 }
    return s
  }
}

extension Arrangement {
  /// Why `moveSection(_:force:)` would be refused, or nil: both places must exist (there are as many
  /// places as sections), and a locked section keeps its place, unless `force`. Other sections move
  /// around a locked one, as tiles move around a locked tile. - Complexity: O(1).
  public func checkMove(_ move: SectionMove, force: Bool = false) -> EditError? {
    let n = sections.count
    guard move.from >= 0 && move.from < n else { return .noSuchSection(move.from, sectionCount: n) }
    guard move.to >= 0 && move.to < n else { return .noSuchSectionDestination(move.to, valid: 0...(n - 1)) }
    let section = sections[move.from]
    if !force && section.isLocked {
      return .sectionLockedInPlace(id: section.id, title: section.displayTitle, section: move.from)
    }
    return nil
  }

  /// Moves a section with its tiles (remove + insert); nothing changes when it is refused.
  /// - Complexity: O(|to - from|): the sections hold their tiles by reference.
  public mutating func moveSection(_ move: SectionMove, force: Bool = false) throws(EditError) {
    if let error = checkMove(move, force: force) { throw error }
    sections.moveElement(from: move.from, to: move.to)
  }
}
