/// The hardest case of a line merge that people meet: `count` lines drawn from `a`, `b` and `c`, and
/// each side with 3 of them moved elsewhere (one at a time, from and to random places). Every line
/// matches thousands of others, so the diff has the most choices to make. For the line merge's tests
/// and its benchmark, which must see the same texts.
public func repeatedLinesMerge(count: Int = 5000, seed: UInt64 = 5000) -> (base: [UInt8], ours: [UInt8], theirs: [UInt8]) {
  var rng = SplitMix64(seed: seed)
  let base = (0..<count).map { _ in rng.element(["a\n", "b\n", "c\n"]) }
  func movedThree() -> [UInt8] {
    var lines = base
    for _ in 0..<3 {
      let line = lines.remove(at: rng.int(0...(lines.count - 1)))
      lines.insert(line, at: rng.int(0...lines.count))
    }
    return Array(lines.joined().utf8)
  }
  let ours = movedThree()
  return (Array(base.joined().utf8), ours, movedThree())
}
