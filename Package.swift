// swift-tools-version:6.0
// TileGrid: a terminal tile reorderer. No outside packages: the toolchain and Debian's ncursesw only.
import PackageDescription

let package = Package(
  name: "TileGrid",
  products: [
    .executable(name: "tilegrid", targets: ["tilegrid"])
  ],
  targets: [
    // The one C library: ncursesw through a module map and a shim header. No `pkgConfig:`: its cflags
    // are -D flags SwiftPM refuses (a warning on every build), the shim defines what they would, and
    // `link "ncursesw"` and `<ncursesw/curses.h>` are in the default paths on Debian.
    .systemLibrary(
      name: "CNCursesW", path: "Sources/CNCursesW",
      providers: [.apt(["libncurses-dev"])]),

    // The pure core: model -> layout -> reorder -> editor; Canvas holds terminal-neutral buffers and events.
    .target(name: "Geometry"),
    .target(name: "TileModel", dependencies: ["Geometry"]),
    .target(name: "GridLayout", dependencies: ["TileModel"]),
    .target(name: "Reorder", dependencies: ["TileModel", "GridLayout"]),
    .target(name: "Canvas", dependencies: ["Geometry"]),
    .target(name: "Editor", dependencies: ["TileModel", "GridLayout", "Reorder", "Canvas"]),

    // The only code that touches ncursesw. Swift 5 mode: stdscr/LINES/COLS are C globals.
    .target(
      name: "CursesTerminal", dependencies: ["Canvas", "CNCursesW"],
      swiftSettings: [.swiftLanguageMode(.v5)]),

    .target(
      name: "TileGridCLI",
      dependencies: ["TileModel", "GridLayout", "Reorder", "Canvas", "Editor", "CursesTerminal"]),
    .executableTarget(name: "tilegrid", dependencies: ["TileGridCLI"]),
    // The benchmark (Scripts/bench): release build only; it reads the clock, the core never does.
    // It also runs the editor on a pseudo-terminal, with the tests' driver (TestSupport).
    .executableTarget(
      name: "tilegrid-bench",
      dependencies: ["TileModel", "GridLayout", "Reorder", "Canvas", "Editor", "TileGridCLI", "TestSupport"]),

    // Shared by the tests: a seeded generator, and running the built binary in a temporary directory.
    .target(name: "TestSupport", path: "Tests/Support"),
    .testTarget(name: "TileModelTests", dependencies: ["TileModel", "TestSupport"]),
    .testTarget(name: "GridLayoutTests", dependencies: ["TileModel", "GridLayout", "TestSupport"]),
    .testTarget(
      name: "ReorderTests",
      dependencies: ["TileModel", "GridLayout", "Reorder", "Canvas", "Editor", "TileGridCLI", "TestSupport"]),
    .testTarget(
      name: "EditorTests",
      dependencies: ["TileModel", "GridLayout", "Reorder", "Canvas", "Editor", "TileGridCLI", "TestSupport"]),
    .testTarget(name: "CanvasTests", dependencies: ["Geometry", "Canvas", "TestSupport"]),
    .testTarget(
      name: "CursesTerminalTests",
      dependencies: [
        "CursesTerminal", "CNCursesW", "Canvas", "TileModel", "GridLayout", "Reorder", "Editor", "TileGridCLI",
        "TestSupport",
      ]),
    .testTarget(name: "EndToEndTests", dependencies: ["TileModel", "TestSupport"]),
    .testTarget(name: "TerminalTests", dependencies: ["TestSupport"]),
  ]
)
