/// Random changes to the bytes of a valid file, for the tests that fuzz a reader (the arrangement
/// file's, an edit script's): each keeps the seeded generator's sequence, so a printed seed reproduces
/// the same bytes.
public enum ByteMutation {
  /// Bytes worth inserting: JSON's punctuation, escapes, digits, and bytes that are not UTF-8.
  public static let interesting: [UInt8] =
    Array(#"{}[]:,"\-+.0123456789eEtrufalsn u/"#.utf8) + [
      0x00, 0x0A, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xE2, 0xED, 0xF0, 0xF4, 0xFF,
    ]

  /// One random change: flip bits of a byte, delete a run, insert bytes, or duplicate a run.
  public static func mutate(_ bytes: inout [UInt8], using rng: inout SplitMix64) {
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
}
