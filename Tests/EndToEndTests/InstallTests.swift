import Foundation
import Testing
import TestSupport

/// `Scripts/install PREFIX`: the binary and its manual where `man` finds them. The test installs the
/// binary it runs (`TILEGRID_INSTALL_BINARY`) rather than building a release one.
@Suite("Installing: Scripts/install puts the binary and the manual under PREFIX")
struct InstallTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test("into a fresh prefix: bin/tilegrid runs, and man -M PREFIX/share/man tilegrid shows its manual")
  func installsBinaryAndManual() throws {
    let prefix = directory.file("prefix with space")
    let install = try runProcess(
      "/usr/bin/env",
      ["TILEGRID_INSTALL_BINARY=\(try TileGrid.binary())", Self.root.appendingPathComponent("Scripts/install").path, prefix])
    #expect(install.status == 0, "\(install)")
    #expect(install.stdoutText.contains("installed \(prefix)/bin/tilegrid and \(prefix)/share/man/man1/tilegrid.1"))

    let version = try runProcess("\(prefix)/bin/tilegrid", ["--version"])
    #expect(version.status == 0 && version.stdoutText.hasPrefix("tilegrid "), "\(version)")
    let page = try Data(contentsOf: URL(fileURLWithPath: "\(prefix)/share/man/man1/tilegrid.1"))
    #expect(page == (try Data(contentsOf: Self.root.appendingPathComponent("tilegrid.1"))))

    let man = try runProcess("/usr/bin/env", ["MANWIDTH=80", "LC_ALL=C.UTF-8", "man", "-M", "\(prefix)/share/man", "tilegrid"])
    #expect(man.status == 0 && man.stderr.isEmpty, "\(man)")
    #expect(man.stdoutText.hasPrefix("TILEGRID(1)"))
    #expect(man.stdoutText.contains("tilegrid - colored tiles in sections"))
    #expect(man.stdoutText.contains("EXIT STATUS"))
  }

  @Test("more than one PREFIX is a usage error, and nothing is installed")
  func onePrefix() throws {
    let install = try runProcess(
      "/usr/bin/env",
      ["TILEGRID_INSTALL_BINARY=\(try TileGrid.binary())", Self.root.appendingPathComponent("Scripts/install").path,
       directory.file("a"), directory.file("b")])
    #expect(install.status == 64 && install.stderrText == "usage: Scripts/install [PREFIX]\n", "\(install)")
    #expect(try directory.listing().isEmpty)
  }
}
