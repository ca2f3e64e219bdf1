import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Writing files at the edges: a read-only file where `--force` cannot help (/proc), and extended
/// attributes and ACLs kept across a save that replaces the file with a new one.
@Suite("Output files: --force only where it helps; extended attributes and ACLs kept")
struct FileAttributesTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  // MARK: - --force

  @Test("-o /proc/version: refused without suggesting --force, which cannot help there; --force says why")
  func procVersion() throws {
    let plain = try TileGrid.run(["demo", "-o", "/proc/version"])
    expectFailure(plain, status: 73, mentioning: ["cannot write '/proc/version': ", "no file can be created in '/proc'"])
    #expect(!plain.stderrText.contains("--force"), "\(plain)")
    let forced = try TileGrid.run(["demo", "-o", "/proc/version", "--force"])
    expectFailure(forced, status: 73, mentioning: ["no file can be created in '/proc' ("])
  }

  @Test("a read-only file of one's own still gets the suggestion, and --force writes it")
  func ownReadOnlyFile() throws {
    let file = try directory.write("ro.json", try TileGrid.run(["demo"]).stdout)
    chmod(file, 0o444)
    let plain = try TileGrid.run(["move", file, "0.0", "0.1", "-o", file])
    expectFailure(plain, status: 73, mentioning: ["the file is read-only (mode 444); --force writes it anyway"])
    let forced = try TileGrid.run(["move", file, "0.0", "0.1", "-o", file, "--force"])
    expectSuccess(forced)
    #expect(try directory.listing() == ["ro.json"], "no probe or temporary file left behind")
  }

  // MARK: - Extended attributes and ACLs

  /// Runs a tool (setfattr, getfattr, setfacl, getfacl, stat) and returns its standard output.
  @discardableResult
  func tool(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    let output = directory.file(".tool-output")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let text = try directory.readText(".tool-output")
    try FileManager.default.removeItem(atPath: output)
    guard process.terminationStatus == 0 else {
      throw SetupError(
        description: "\(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(text); "
          + "the tests need the attr and acl packages (apt-get install attr acl, which .ci/run does)")
    }
    return text
  }

  func inode(_ name: String) throws -> UInt64 {
    var st = stat()
    try #require(stat(directory.file(name), &st) == 0)
    return UInt64(st.st_ino)
  }

  /// A file with a user attribute and an ACL granting nobody read and write.
  @discardableResult
  func decorated(_ name: String) throws -> String {
    let file = try directory.write(name, try TileGrid.run(["demo"]).stdout)
    try tool(["setfattr", "-n", "user.origin", "-v", "tilegrid test", name])
    try tool(["setfattr", "-n", "user.binary", "-v", "0x00ff10", name])
    try tool(["setfacl", "-m", "u:nobody:rw,g:nogroup:r", name])
    return file
  }

  func expectDecorated(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let attributes = try tool(["getfattr", "-d", "-e", "text", "-m", "user.", name])
    #expect(attributes.contains("user.origin=\"tilegrid test\""), "\(attributes)", sourceLocation: sourceLocation)
    let binary = try tool(["getfattr", "-n", "user.binary", "-e", "hex", name])
    #expect(binary.contains("user.binary=0x00ff10"), "\(binary)", sourceLocation: sourceLocation)
    let acl = try tool(["getfacl", "-c", "-p", name])
    #expect(acl.contains("user:nobody:rw-"), "\(acl)", sourceLocation: sourceLocation)
    #expect(acl.contains("group:nogroup:r--"), "\(acl)", sourceLocation: sourceLocation)
  }

  @Test("move -i replaces the file with a new one that has the old one's attributes and ACL")
  func inPlaceKeepsAttributes() throws {
    let file = try decorated("tiles.json")
    let before = try inode("tiles.json")
    let expected = try TileGrid.run(["move", file, "0.0", "0.1"]).stdout
    expectSuccess(try TileGrid.run(["move", file, "0.0", "0.1", "-i"]))
    #expect(try inode("tiles.json") != before, "a new file was renamed over the old one")
    #expect(try directory.read("tiles.json") == expected)
    try expectDecorated("tiles.json")
    #expect(try directory.listing() == ["tiles.json"])
  }

  @Test("-o onto an existing file keeps its attributes and ACL; a new file gets none but the directory's")
  func outputKeepsAttributes() throws {
    try decorated("out.json")
    expectSuccess(try TileGrid.run(["demo", "-o", directory.file("out.json")]))
    try expectDecorated("out.json")
    expectSuccess(try TileGrid.run(["demo", "-o", directory.file("new.json")]))
    let attributes = try tool(["getfattr", "-d", "-m", "user.", "new.json"])
    #expect(!attributes.contains("user."), "\(attributes)")
  }
}
