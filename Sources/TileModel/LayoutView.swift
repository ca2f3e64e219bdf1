/// How an arrangement is laid out on the screen: by its own layout (the file's `layout`, defaults
/// applied), or as a board's lanes side by side — a view computed for the screen, which a format
/// without a layout (Markdown, lines, CSV) does not save (docs/layout.md, "The board view").
public enum LayoutView: Equatable, Hashable, Sendable {
  /// The arrangement's own parameters (`Arrangement.layout`): rows of sections unless its file says
  /// otherwise.
  case file
  /// Lanes side by side: one lane per section, `laneWidth` cells wide when the board says (Obsidian's
  /// `lane-width`), else as wide as the screen allows (`LayoutParameters.lanes`).
  case lanes(laneWidth: Int?)
  /// A list: one wide tile a row per item, in as many columns as fit at least
  /// `LayoutParameters.listColumnWidth` cells wide (`LayoutParameters.list`), as a lines file opens.
  case list

  /// The parameters this view lays `arrangement` out with in a viewport of `viewport` cells.
  public func parameters(for arrangement: Arrangement, viewport: Size) -> LayoutParameters {
    switch self {
    case .file: return arrangement.layout
    case .lanes(let width):
      return .lanes(viewportWidth: viewport.width, lanes: arrangement.sections.count, laneWidth: width)
    case .list:
      return .list(viewportWidth: viewport.width)
    }
  }
}

extension LayoutParameters {
  /// The narrowest and widest lane of the board view, in cells (insets included).
  public static let laneWidths = 24...40

  /// A lane's width in cells, insets included: `laneWidth` when given, else the viewport's width over
  /// the lanes that fit (at least one, at most `lanes`), each clamped to `laneWidths`.
  ///
  ///     80 cells, 3 lanes: 80 / 3 = 26      80 cells, 5 lanes: 3 fit, 26
  ///     200 cells, 3 lanes: 66, so 40       a lane-width of 300 px: 300 / 8 = 37
  public static func laneWidth(viewportWidth: Int, lanes: Int, laneWidth: Int? = nil) -> Int {
    let range = laneWidths
    if let laneWidth { return min(max(laneWidth, range.lowerBound), range.upperBound) }
    let fit = max(1, min(max(1, lanes), max(0, viewportWidth) / range.lowerBound))
    return min(max(max(0, viewportWidth) / fit, range.lowerBound), range.upperBound)
  }

  /// The board view's parameters: lanes (`Direction.lanes`), a lane per section `laneWidth(…)` wide (a
  /// cell of inset either side of its cards), cards 4 tall (two lines of title) one under the other
  /// with a blank row between, a row under each lane's header for `↑ N more` and one under its last
  /// card shown for `↓ N more`.
  public static func lanes(viewportWidth: Int, lanes: Int, laneWidth: Int? = nil) -> LayoutParameters {
    let width = Self.laneWidth(viewportWidth: viewportWidth, lanes: lanes, laneWidth: laneWidth)
    return LayoutParameters(
      direction: .lanes, itemSize: Size(width: width - 2, height: 4), lineSpacing: 0, interitemSpacing: 1,
      sectionInset: Insets(top: 1, left: 1, bottom: 1, right: 1), headerHeight: 1, alignment: .left)
  }

  /// The narrowest column of the list view, in cells.
  public static let listColumnWidth = 32

  /// The list view's parameters: rows of sections, tiles one row tall and as wide as the columns that
  /// fit at least `listColumnWidth` cells wide (two cells between them, a cell of inset either side),
  /// no space between rows.
  ///
  ///     80 cells: 2 columns of 38      120 cells: 3 of 38      200 cells: 5 of 38      30 cells: 1 of 28
  public static func list(viewportWidth: Int) -> LayoutParameters {
    let spacing = 2
    let available = max(1, viewportWidth - 2)
    let columns = max(1, (available + spacing) / (listColumnWidth + spacing))
    let width = max(1, (available - (columns - 1) * spacing) / columns)
    return LayoutParameters(
      direction: .vertical, itemSize: Size(width: width, height: 1), lineSpacing: 0, interitemSpacing: spacing,
      sectionInset: Insets(top: 0, left: 1, bottom: 1, right: 1), headerHeight: 1, alignment: .left)
  }
}
