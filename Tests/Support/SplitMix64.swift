/// SplitMix64 (Steele, Lea and Flood, 2014): a small seeded generator that gives the same numbers on
/// every platform, so a seed printed by a failing test reproduces the failure exactly. Bounded numbers
/// use a plain modulo (negligible bias for the small ranges of the tests) rather than the standard
/// library's `random(in:using:)`, whose algorithm is not promised to stay the same.
public struct SplitMix64: RandomNumberGenerator {
  public private(set) var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`.
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % span)
  }

  /// True `percent` times out of 100.
  public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  /// One element of a non-empty collection.
  public mutating func element<C: Collection>(_ items: C) -> C.Element {
    items[items.index(items.startIndex, offsetBy: int(0...(items.count - 1)))]
  }

  /// One of `choices`, each as likely as its weight (weights of 0 are never chosen).
  public mutating func weighted<T>(_ choices: [(Int, T)]) -> T {
    let total = choices.reduce(0) { $0 + $1.0 }
    var r = int(0...(total - 1))
    for (weight, value) in choices {
      if r < weight { return value }
      r -= weight
    }
    return choices[choices.count - 1].1
  }

  /// A seed for an independent stream of numbers, made from two numbers.
  public static func seed(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var rng = SplitMix64(seed: a ^ (b &* 0xD6E8_FEB8_6659_FD93))
    return rng.next()
  }
}
