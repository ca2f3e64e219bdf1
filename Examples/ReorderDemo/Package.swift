// swift-tools-version:6.0
// ReorderDemo: TileGrid's engine used from another package, as a program of yours would use it.
import PackageDescription

let package = Package(
  name: "ReorderDemo",
  // TileGrid, two directories up. `name:` fixes the package's identity, which for a path is otherwise
  // the directory's name (a checkout or worktree may be called anything); `package:` below refers to it.
  dependencies: [.package(name: "TileGrid", path: "../..")],
  targets: [
    .executableTarget(
      name: "ReorderDemo",
      dependencies: [
        .product(name: "TileModel", package: "TileGrid"),
        .product(name: "TileGridJSON", package: "TileGrid"),
        .product(name: "GridLayout", package: "TileGrid"),
        .product(name: "Document", package: "TileGrid"),
        .product(name: "Reorder", package: "TileGrid"),
      ])
  ]
)
