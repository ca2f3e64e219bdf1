// swift-tools-version:6.0
// TileGrid: a terminal tile reorderer. No outside packages: the toolchain and Debian's ncursesw only.
import PackageDescription

let package = Package(
  name: "TileGrid",
  products: [
    .executable(name: "tilegrid", targets: ["tilegrid"]),
    // The engine, for other programs (docs/library.md): the model (with Geometry's
    // points, sizes and rectangles, which it re-exports), the JSON file and layout report, the flow
    // layout, and the reorder engine. Pure Swift, no Foundation; the editor and the terminal stay inside.
    .library(name: "TileModel", targets: ["TileModel"]),
    .library(name: "TileGridJSON", targets: ["TileGridJSON"]),
    // Edit scripts as text: the grammar of `tilegrid diff`'s output and `apply`'s input.
    .library(name: "EditScripts", targets: ["EditScripts"]),
    // The lists people already keep (docs/formats.md): Markdown boards, plain lines, CSV and TSV, read
    // and written back with nothing else in the file disturbed.
    .library(name: "Formats", targets: ["Formats"]),
    .library(name: "GridLayout", targets: ["GridLayout"]),
    .library(name: "Document", targets: ["Document"]),
    .library(name: "Reorder", targets: ["Reorder"]),
    // Three texts merged line by line exactly as `git merge-file` merges them, and its line diff.
    .library(name: "TextMerge", targets: ["TextMerge"]),
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
    // git's line merge (xdiff's diff, change compaction, merge levels and markers) in Swift: bytes in,
    // bytes out, byte for byte as `git merge-file`. Depends on nothing.
    .target(name: "TextMerge"),
    .target(name: "TileModel", dependencies: ["Geometry"]),
    .target(name: "GridLayout", dependencies: ["TileModel"]),
    // JSON at the edge: the arrangement file (read and written) and the layout report. The model, the
    // layout and the reorder engine never parse or print.
    .target(name: "TileGridJSON", dependencies: ["TileModel", "GridLayout"]),
    // Edit scripts as text (one edit a line, values as JSON literals): written and read strictly.
    .target(name: "EditScripts", dependencies: ["TileModel", "TileGridJSON"]),
    // Every format an arrangement is read from and written to: JSON (TileGridJSON's), Markdown boards,
    // lines, CSV and TSV. Pure: bytes in, bytes out; what a text format needs to write its file back
    // exactly travels in the arrangement's unknown keys.
    // The merge of three versions (docs/merge.md) is here too: git's line merge first (TextMerge), the
    // cards paired by identity and merged by ids where it conflicts or is not sane.
    .target(name: "Formats", dependencies: ["TileModel", "TileGridJSON", "EditScripts", "TextMerge"]),
    // The arrangement being edited: layout in step, history, saved point. The only thing that changes
    // an arrangement.
    .target(name: "Document", dependencies: ["TileModel", "GridLayout"]),
    .target(name: "Reorder", dependencies: ["TileModel", "GridLayout", "Document"]),
    .target(name: "Canvas", dependencies: ["Geometry"]),
    // Terminal bytes to keys, mouse reports, resizes and focus changes: a pure decoder, table-tested.
    .target(name: "TerminalInput", dependencies: ["Geometry"]),
    .target(
      name: "Editor",
      dependencies: [
        "TileModel", "TileGridJSON", "EditScripts", "GridLayout", "Document", "Reorder", "Canvas", "TerminalInput",
      ]),

    // The only code that touches ncursesw. Swift 5 mode: stdscr/LINES/COLS are C globals.
    .target(
      name: "CursesTerminal", dependencies: ["Canvas", "TerminalInput", "CNCursesW"],
      swiftSettings: [.swiftLanguageMode(.v5)]),

    // The only code that writes files: atomic saves keeping owner, mode, links and extended attributes
    // (CXattr: <sys/xattr.h>, which Swift's Glibc module leaves out); recovery files.
    // CReadGuard: a SIGBUS handler, so that a mapped file cut short while it is read is an error.
    .systemLibrary(name: "CXattr", path: "Sources/CXattr"),
    .systemLibrary(name: "CReadGuard", path: "Sources/CReadGuard"),
    .target(name: "Files", dependencies: ["CXattr", "CReadGuard"]),

    // The runtime: the program loop (`Program`) and its port protocol, the scripted port, the events
    // file, the trace and the frames' pacing. Pure but for what its ports are given; no terminal, no files.
    .target(
      name: "Runtime", dependencies: ["TileModel", "Document", "Reorder", "Canvas", "TerminalInput", "Editor"]),
    .target(
      name: "TileGridCLI",
      dependencies: [
        "TileModel", "TileGridJSON", "EditScripts", "Formats", "GridLayout", "Document", "Reorder", "Canvas",
        "TerminalInput", "Editor", "Runtime", "CursesTerminal", "Files",
      ]),
    .executableTarget(name: "tilegrid", dependencies: ["TileGridCLI"]),
    // The benchmark (Scripts/bench): release build only; it reads the clock, the core never does.
    // It also runs the editor on a pseudo-terminal, with the tests' driver (TestSupport).
    .executableTarget(
      name: "tilegrid-bench",
      dependencies: [
        "TileModel", "TileGridJSON", "Formats", "GridLayout", "Document", "Reorder", "Canvas", "TerminalInput",
        "Editor", "Runtime", "TileGridCLI", "Files", "TestSupport", "TextMerge",
      ]),

    // Shared by the tests: a seeded generator, and running the built binary in a temporary directory.
    .target(name: "TestSupport", dependencies: ["TileModel"], path: "Tests/Support"),
    .testTarget(name: "TileModelTests", dependencies: ["TileModel", "TileGridJSON", "EditScripts", "TestSupport"]),
    .testTarget(name: "EditScriptsTests", dependencies: ["TileModel", "TileGridJSON", "EditScripts", "TestSupport"]),
    .testTarget(name: "TileGridJSONTests", dependencies: ["TileModel", "TileGridJSON", "GridLayout", "TestSupport"]),
    .testTarget(name: "FormatsTests", dependencies: ["TileModel", "TileGridJSON", "EditScripts", "Formats", "TestSupport"]),
    .testTarget(name: "GridLayoutTests", dependencies: ["TileModel", "GridLayout", "TestSupport"]),
    .testTarget(name: "DocumentTests", dependencies: ["TileModel", "TileGridJSON", "GridLayout", "Document", "TestSupport"]),
    .testTarget(
      name: "ReorderTests",
      dependencies: [
        "TileModel", "TileGridJSON", "GridLayout", "Document", "Reorder", "Canvas", "TerminalInput", "Editor",
        "Runtime", "TestSupport",
      ]),
    .testTarget(
      name: "EditorTests",
      dependencies: [
        "TileModel", "TileGridJSON", "GridLayout", "Document", "Reorder", "Canvas", "TerminalInput", "Editor",
        "Runtime", "TestSupport",
      ]),
    .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
    .testTarget(name: "CanvasTests", dependencies: ["Geometry", "Canvas", "TestSupport"]),
    .testTarget(name: "TerminalInputTests", dependencies: ["Geometry", "TerminalInput", "TestSupport"]),
    .testTarget(
      name: "CursesTerminalTests",
      dependencies: [
        "CursesTerminal", "CNCursesW", "Canvas", "TileModel", "TileGridJSON", "GridLayout", "Document", "Reorder", "Editor",
        "Runtime", "TileGridCLI", "TestSupport",
      ]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["TileModel", "TileGridJSON", "GridLayout", "Document", "Reorder", "TestSupport"]),
    .testTarget(
      name: "TileGridCLITests",
      dependencies: [
        "TileModel", "TileGridJSON", "Document", "Reorder", "Canvas", "TerminalInput", "Editor", "Files", "Formats", "Runtime",
        "TileGridCLI", "TestSupport",
      ]),
    .testTarget(
      name: "RuntimeTests", dependencies: ["Runtime", "Document", "Canvas", "TerminalInput", "Editor", "TileGridCLI"]),
    .testTarget(name: "FilesTests", dependencies: ["Files", "TestSupport"]),
    .testTarget(name: "TerminalTests", dependencies: ["TestSupport"]),
    .testTarget(name: "TextMergeTests", dependencies: ["TextMerge", "TestSupport"]),
  ]
)
