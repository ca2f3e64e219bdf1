import GridLayout
import TileModel

// MARK: - A move typed as a place (the editor's `m`)

extension ReorderState {
  /// Moves the marked tiles (gathered into one run, as a block drag would) or, when none is marked,
  /// the focused tile to `place`, written as people write places: an index in the section once the
  /// moving tiles are taken out, or the section's tile count meaning "at the end". Policies apply as
  /// for a drag; the move is one undo step, and the focus follows the tile (the run's first tile).
  /// Nothing happens while something is lifted.
  mutating func moveTyped(to place: ItemPath) {
    guard !gesture.isDragging else { return }
    let paths = markedPaths
    if paths.count > 0 {
      switch arrangement.gathering(paths, atPlace: place) {
      case .failure(let reason):
        happenings.append(.placeRefused(place, reason))
      case .success(let move):
        guard !move.isIdentity else {
          happenings.append(.blocked(.alreadyThere))
          return
        }
        apply(.block(move), .placed(.block(move)))
        history.record(.block(move))
        focus = move.to[0]
        keepFocusVisible()
      }
      return
    }
    guard let source = focus, arrangement.contains(source) else {
      happenings.append(.nothingToLift)
      return
    }
    let destination = arrangement.destination(from: source, forPlace: place)
    if let reason = arrangement.checkMove(from: source, to: destination) {
      happenings.append(.placeRefused(destination, reason))
      return
    }
    guard destination != source else {
      happenings.append(.blocked(.alreadyThere))
      return
    }
    let step = MoveStep(from: source, to: destination)
    apply(step, .placed(.tile(step)))
    history.record(.tile(step))
    focus = destination
    keepFocusVisible()
  }
}
