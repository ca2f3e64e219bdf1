import Foundation
import TestSupport
import Testing

@testable import TileGridCLI

/// The SHA-256 of `--record`'s header: the standard's test vectors, every length around a block's
/// padding, and `sha256sum` on random files fed in random pieces.
@Suite("SHA-256")
struct SHA256Tests {
  static func hex(_ bytes: [UInt8]) -> String { SHA256.hex(SHA256.digest(bytes)) }

  @Test("FIPS 180-4's and NIST's vectors")
  func vectors() {
    #expect(Self.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(Self.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      Self.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      Self.hex(
        Array(
          "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
            .utf8)) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    var million = SHA256()
    for _ in 0..<1000 { million.update([UInt8](repeating: UInt8(ascii: "a"), count: 1000)) }
    #expect(SHA256.hex(million.finish()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    #expect(million.count == 1_000_000)
  }

  @Test("random data of every length around the padding, and large, fed in pieces, as sha256sum hashes it")
  func againstSha256sum() throws {
    let directory = try TemporaryDirectory()
    var rng = SplitMix64(seed: 0x5A_256)
    let lengths = Array(0...130) + [1000, 4095, 4096, 65_537, 1_000_003]
    var names: [String] = []
    var expected: [String: String] = [:]
    for length in lengths {
      let bytes = (0..<length).map { _ in UInt8(rng.int(0...255)) }
      let name = "data-\(length)"
      try directory.write(name, bytes)
      names.append(name)
      var hasher = SHA256()
      var at = 0
      while at < bytes.count {
        let next = min(bytes.count, at + rng.int(1...(rng.chance(50) ? 70 : 5000)))
        hasher.update(Array(bytes[at..<next]))
        at = next
      }
      expected[name] = SHA256.hex(hasher.finish())
      #expect(expected[name] == Self.hex(bytes), "pieces and whole agree at \(length) bytes")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum"] + names
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    let output = directory.file("sums")
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "sha256sum ran")
    let lines = try directory.readText("sums").split(separator: "\n")
    #expect(lines.count == names.count)
    for line in lines {
      let parts = line.split(separator: " ", omittingEmptySubsequences: true)
      guard parts.count == 2 else {
        Issue.record("sha256sum printed \(line)")
        continue
      }
      #expect(expected[String(parts[1])] == String(parts[0]), "\(parts[1])")
    }
  }
}
