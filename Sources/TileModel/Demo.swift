extension Arrangement {
  /// The built-in demo: the seeds' colors (seed 000's fourteen UIColors and seed 002's four grays) in
  /// sections that show every rule: a section with `maxItems`, a locked tile, and an empty section.
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
