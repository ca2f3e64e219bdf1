import TestSupport
import Testing

@testable import TileGridJSON
@testable import TileModel

/// Random mutations of valid files: the reader accepts (and then what it writes reads back the same)
/// or refuses with a one-line LoadError; it never crashes.
@Suite("Fuzzing the reader")
struct FuzzTests {
  /// Bytes worth inserting: JSON's punctuation, escapes, digits, and bytes that are not UTF-8.
  static let interesting: [UInt8] =
    Array(#"{}[]:,"\-+.0123456789eEtrufalsn u/"#.utf8) + [
      0x00, 0x0A, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xE2, 0xED, 0xF0, 0xF4, 0xFF,
    ]

  /// One random change: flip bits of a byte, delete a run, insert bytes, or duplicate a run.
  static func mutate(_ bytes: inout [UInt8], using rng: inout SplitMix64) {
    guard !bytes.isEmpty else {
      bytes.append(interesting.randomElement(using: &rng)!)
      return
    }
    let at = Int.random(in: 0..<bytes.count, using: &rng)
    switch Int.random(in: 0..<5, using: &rng) {
    case 0:
      bytes[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
    case 1:
      bytes[at] = UInt8.random(in: 0...255, using: &rng)
    case 2:
      bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &rng)))
    case 3:
      let count = Int.random(in: 1...4, using: &rng)
      bytes.insert(contentsOf: (0..<count).map { _ in interesting.randomElement(using: &rng)! }, at: at)
    default:
      let run = Array(bytes[at..<min(bytes.count, at + Int.random(in: 1...16, using: &rng))])
      bytes.insert(contentsOf: run, at: Int.random(in: 0...bytes.count, using: &rng))
    }
  }

  static let seeds: [[UInt8]] = [
    Arrangement.demo.jsonBytes(),
    UnicodeTitleTests.canonicalFile(),
    utf8(UnknownKeysTests.canonical),
  ]

  @Test("thousands of random mutations are accepted stably or refused with one line", arguments: [1, 2, 3])
  func mutations(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var accepted = 0
    for round in 0..<1500 {
      var bytes = Self.seeds[round % Self.seeds.count]
      for _ in 0..<Int.random(in: 1...4, using: &rng) { Self.mutate(&bytes, using: &rng) }
      let context = "seed \(seed), round \(round)"
      switch read(bytes) {
      case .success(let arrangement):
        accepted += 1
        let written = arrangement.jsonBytes()
        switch read(written) {
        case .success(let reread):
          #expect(reread == arrangement, "\(context): reading what was written gives the same arrangement")
          #expect(reread.jsonBytes() == written, "\(context): writing is stable")
        case .failure(let error):
          Issue.record("\(context): the written text is refused: \(error)")
        }
      case .failure(let error):
        let description = error.description
        #expect(
          !description.isEmpty && !description.contains("\n") && !description.contains("\r"),
          "\(context): \(description)")
        if case .malformed(let line, let column, _) = error {
          #expect(line >= 1 && column >= 1, "\(context)")
        }
      }
    }
    #expect(accepted > 0, "some mutations (in unknown values, titles, whitespace) keep the file valid")
  }
}
