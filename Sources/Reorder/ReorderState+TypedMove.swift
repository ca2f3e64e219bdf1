import Document
import GridLayout
import TileModel

// MARK: - A move typed as a place (the editor's `m`)

extension ReorderState {
  /// Moves the marked tiles (gathered into one run, as a block drag would) or, when none is marked,
  /// the focused tile to `place`, written as people write places: an index in the section once the
  /// moving tiles are taken out, or the section's tile count meaning "at the end". Policies apply as
  /// for a drag; the move is one undo step, and the focus follows the tile (the run's first tile).
  /// Nothing happens while something is lifted.
  mutating func moveTyped(to place: ItemPath, _ document: inout Document) {
    guard !gesture.isDragging else { return }
    let arrangement = document.arrangement
    let paths = markedPaths(in: arrangement)
    let move: Edit
    let focusAfter: ItemPath
    if paths.count > 0 {
      switch arrangement.gathering(paths, atPlace: place) {
      case .failure(let reason):
        happenings.append(.placeRefused(place, reason))
        return
      case .success(let block):
        guard !block.isIdentity else {
          happenings.append(.blocked(.alreadyThere))
          return
        }
        move = .moveBlock(block)
        focusAfter = block.to[0]
      }
    } else {
      guard let source = focus.tile, arrangement.contains(source) else {
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
      move = .moveTile(from: source, to: destination)
      focusAfter = destination
    }
    do {
      try document.perform([move])
    } catch {
      preconditionFailure("a checked move failed: \(error)")
    }
    happenings.append(.placed(move))
    scroll(by: 0, document.layout)
    focus = .tile(focusAfter)
    keepFocusVisible(&document)
  }
}
