import TestSupport
import Testing

@testable import TileGridJSON
@testable import TileModel

/// Random mutations of valid files: the reader accepts (and then what it writes reads back the same)
/// or refuses with a one-line LoadError; it never crashes.
@Suite("Fuzzing the reader")
struct FuzzTests {
  static let seeds: [[UInt8]] = [
    Arrangement.demo.jsonBytes(),
    UnicodeTitleTests.canonicalFile(),
    utf8(UnknownKeysTests.canonical),
  ]

  @Test("thousands of random mutations are accepted stably or refused with one line", arguments: FastLoop.first(1, of: [1, 2, 3]))
  func mutations(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var accepted = 0
    for round in 0..<1500 {
      var bytes = Self.seeds[round % Self.seeds.count]
      for _ in 0..<Int.random(in: 1...4, using: &rng) { ByteMutation.mutate(&bytes, using: &rng) }
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
