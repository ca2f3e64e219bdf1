extension Arrangement {
  /// The built-in demo, what `tilegrid demo` prints: eighteen tiles (UIKit's fourteen fixed colors and
  /// four grays) in four sections that show every rule: Favorites with `maxItems` 8, Others, Grays with
  /// a locked tile ("gray44", at 2.1), and the empty Archive. Every layout parameter is written out.
  public static let demo: Arrangement = {
    func tiles(_ names: [String]) -> [Tile] {
      names.map { Tile(id: $0, title: $0, color: TileColor($0)!) }
    }
    let grays: [Tile] = [
      Tile(id: "gray99", title: "gray 99", color: TileColor("#636363")!),
      Tile(id: "gray44", title: "gray 44", color: TileColor("#2C2C2C")!, locked: true),
      Tile(id: "gray124", title: "gray 124", color: TileColor("#7C7C7C")!),
      Tile(id: "gray180", title: "gray 180", color: TileColor("#B4B4B4")!),
    ]
    return Arrangement(
      layout: LayoutSpec(LayoutParameters.defaults),
      sections: [
        (Section(id: "favorites", title: "Favorites", maxItems: 8), tiles(["blue", "red", "green", "orange", "yellow"])),
        (
          Section(id: "others", title: "Others"),
          tiles(["brown", "black", "gray", "cyan", "darkGray", "lightGray", "link", "magenta", "purple"])
        ),
        (Section(id: "grays", title: "Grays"), grays),
        (Section(id: "archive", title: "Archive"), []),
      ])
  }()
}

extension TileColor {
  /// The demo's colors, in its order: what new tiles take, in turn (`Arrangement.newTileColor(at:)`).
  public static let demoPalette: [TileColor] = [
    "blue", "red", "green", "orange", "yellow", "brown", "cyan", "magenta", "purple", "darkGray", "lightGray", "link",
    "gray", "black",
  ].map { TileColor($0)! }
}

extension Arrangement {
  /// The color a tile added at `place` gets: the demo's palette in turn, from the color after the tile
  /// before it (from the first, with none), the first that is neither that tile's nor the one after's,
  /// so that a new tile stands apart from its neighbours.
  ///
  ///     a red tile, then a green one; a tile added between them: orange (after red comes green, taken)
  /// - Complexity: O(palette).
  public func newTileColor(at place: ItemPath) -> TileColor {
    let palette = TileColor.demoPalette
    let tiles = sections.indices.contains(place.section) ? place.section : nil
    func neighbour(_ i: Int) -> RGB? {
      guard let s = tiles, i >= 0, i < sections[s].count else { return nil }
      return self[ItemPath(s, i)].displayColor
    }
    let before = neighbour(place.item - 1)
    let after = neighbour(place.item)
    let start = before.flatMap { b in palette.firstIndex { $0.rgb == b }.map { $0 + 1 } } ?? 0
    for k in 0..<palette.count {
      let color = palette[(start + k) % palette.count]
      if color.rgb != before && color.rgb != after { return color }
    }
    return palette[start % palette.count]
  }
}

extension Arrangement {
  /// What a new file starts as: one empty section, "Tiles", and nothing else (every layout default).
  public static let newFile = Arrangement(sections: [(Section(id: "tiles", title: "Tiles"), [])])
}
