// Shared helpers for the TileModel tests (the JSON reader's own helpers are TileGridJSONTests').

/// The text of UTF-8 bytes (for messages and comparisons of canonical output).
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// The fewest single-tile moves from the board `a` to the board `b` (each a section's tile ids, in
/// order), by breadth-first search: nil when `b` is not `limit` moves or fewer away. A move takes a
/// tile out of section `s` and puts it anywhere in section `t`, when `allowed(taken, tile, s, t)`,
/// `taken` being the board with the tile out.
func fewestMoves(
  from a: [[String]], to b: [[String]], upTo limit: Int = .max,
  allowed: ([[String]], String, Int, Int) -> Bool = { _, _, _, _ in true }
) -> Int? {
  var seen: Set<[[String]]> = [a]
  var frontier = [a]
  var distance = 0
  while !frontier.isEmpty && distance <= limit {
    if frontier.contains(b) { return distance }
    var next: [[[String]]] = []
    for state in frontier {
      for s in state.indices {
        for i in state[s].indices {
          var taken = state
          let tile = taken[s].remove(at: i)
          for t in taken.indices where allowed(taken, tile, s, t) {
            for j in 0...taken[t].count {
              var moved = taken
              moved[t].insert(tile, at: j)
              if seen.insert(moved).inserted { next.append(moved) }
            }
          }
        }
      }
    }
    frontier = next
    distance += 1
  }
  return nil
}
