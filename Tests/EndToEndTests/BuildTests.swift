import Foundation
import TestSupport
import Testing

/// The package builds without warnings from SwiftPM itself. The ncursesw target used to name its
/// pkg-config module, whose cflags are `-D` flags SwiftPM refuses: every build printed "warning:
/// prohibited flag(s)", and a warning everyone sees on every build hides the ones that matter.
@Suite("Building")
struct BuildTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("planning a clean build prints no warning")
  func cleanBuildHasNoWarning() throws {
    // SwiftPM plans the whole package (asking about every system library) before it builds anything,
    // so building the smallest target in a fresh scratch directory shows every planning warning in
    // about two seconds, without touching the tests' own build directory.
    let scratch = try TemporaryDirectory()
    let log = scratch.url("build.log")
    try Data().write(to: log)
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "build", "--package-path", Self.packageRoot.path, "--scratch-path", scratch.file("build"),
      "--target", "Geometry",
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    let output = String(decoding: try Data(contentsOf: log), as: UTF8.self)
    #expect(process.terminationStatus == 0, "swift build failed:\n\(output)")
    // A user without a usable home directory (like nobody) gets warnings about SwiftPM's caches:
    // those are about the machine, not the package.
    let warnings = output.split(separator: "\n").filter {
      $0.lowercased().contains("warning:") && !$0.contains("cache")
    }
    #expect(warnings.isEmpty, "swift build printed warnings:\n\(warnings.joined(separator: "\n"))")
  }
}
