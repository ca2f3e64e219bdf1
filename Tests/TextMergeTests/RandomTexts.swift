import TestSupport

/// Random three-way inputs that make a line merge work: few distinct lines, so lines repeat and the
/// diff has choices to make (which of several equal lines matched, where a group of changes slides);
/// edits of every kind on each side (inserts, deletes, replacements, moves, duplicates, the same edit
/// on both sides); CRLF, mixed line endings and missing final newlines; texts of 0 to 200 lines.
struct RandomMergeInput: CustomStringConvertible {
  var base: [UInt8]
  var ours: [UInt8]
  var theirs: [UInt8]

  var description: String {
    "base: \(String(decoding: base, as: UTF8.self).debugDescription)\n"
      + "ours: \(String(decoding: ours, as: UTF8.self).debugDescription)\n"
      + "theirs: \(String(decoding: theirs, as: UTF8.self).debugDescription)"
  }

  /// The vocabularies a text's lines are drawn from. Blank and punctuation-only lines exercise the
  /// rule that joins conflicts apart by lines without a letter or digit.
  static let vocabularies: [[String]] = [
    ["a", "b", "c", ""],
    ["a", "b", ""],
    ["a", "b", "c", "d", "e", "", "}", "{", "--", "x y"],
    ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "", "", "- - -", "#"],
    ["## To Do", "## Done", "- [ ] Call Ann", "- [x] Fix the sink", "- [ ] Buy milk", "    > by Friday", "", "- [ ] Deploy"],
  ]

  enum Ending { case lf, crlf, mixed }

  init(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let vocabulary = rng.element(Self.vocabularies)
    let ending: Ending = rng.weighted([(6, .lf), (2, .crlf), (2, .mixed)])
    let size = rng.int(0...rng.element([0, 3, 10, 40, 200]))
    // Lines added by a side are sometimes new to the whole text (so the other texts lack them, and the
    // diff sets them aside before its search, and frequent lines among them too).
    var fresh = 0
    func line(new percent: Int = 0) -> String {
      fresh += 1
      let text = rng.chance(percent) ? "new \(fresh)" : rng.element(vocabulary)
      switch ending {
      case .lf: return text + "\n"
      case .crlf: return text + "\r\n"
      case .mixed: return text + (rng.chance(30) ? "\r\n" : "\n")
      }
    }
    var baseLines: [String] = []
    for _ in 0..<size { baseLines.append(line()) }

    // An edit, drawn from `rng` and applied to `lines`.
    func edit(_ lines: inout [String]) {
      let count = lines.count
      switch rng.int(0...6) {
      case 0:  // insert
        let at = rng.int(0...count)
        var added: [String] = []
        for _ in 0..<rng.int(1...5) { added.append(line(new: 30)) }
        lines.insert(contentsOf: added, at: at)
      case 6:  // insert a block of mostly new lines
        let at = rng.int(0...count)
        var added: [String] = []
        for _ in 0..<rng.int(4...16) { added.append(line(new: 85)) }
        lines.insert(contentsOf: added, at: at)
      case 1 where count > 0:  // delete
        let at = rng.int(0...(count - 1))
        lines.removeSubrange(at..<min(count, at + rng.int(1...5)))
      case 2 where count > 0:  // replace
        lines[rng.int(0...(count - 1))] = line(new: 30)
      case 3 where count > 1:  // move a block
        let at = rng.int(0...(count - 1))
        let block = Array(lines[at..<min(count, at + rng.int(1...4))])
        lines.removeSubrange(at..<(at + block.count))
        lines.insert(contentsOf: block, at: rng.int(0...lines.count))
      case 4 where count > 0:  // duplicate
        let at = rng.int(0...(count - 1))
        lines.insert(lines[at], at: rng.int(0...count))
      default:  // insert one line
        lines.insert(line(new: 30), at: rng.int(0...count))
      }
    }

    var oursLines = baseLines
    var theirsLines = baseLines
    // Sometimes both sides begin with the same edits.
    if rng.chance(20) {
      for _ in 0..<rng.int(1...3) {
        let state = rng
        edit(&oursLines)
        rng = state
        edit(&theirsLines)
      }
    }
    for _ in 0..<rng.weighted([(1, 0), (6, rng.int(1...3)), (3, rng.int(3...8))]) { edit(&oursLines) }
    for _ in 0..<rng.weighted([(1, 0), (6, rng.int(1...3)), (3, rng.int(3...8))]) { edit(&theirsLines) }

    // Missing final newlines, each text on its own.
    func text(_ lines: [String]) -> [UInt8] {
      var bytes = Array(lines.joined().utf8)
      if !bytes.isEmpty && rng.chance(15) {
        bytes.removeLast()
        if bytes.last == UInt8(ascii: "\r") && rng.chance(50) { bytes.removeLast() }
      }
      return bytes
    }
    base = text(baseLines)
    ours = text(oursLines)
    theirs = text(theirsLines)
  }
}

extension RandomMergeInput {
  /// Long texts far apart: 5,000 to 40,000 lines of 40 words, each side with an edit every 20 to 100
  /// lines. The diff's search then goes past 256 edits in a box with long equal runs around, where
  /// git's heuristic may cut it, or past its cost limit.
  init(largeSeed seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let words = (0..<40).map { "word \($0)\n" }
    let size = rng.int(5000...40000)
    let baseLines = (0..<size).map { _ in rng.element(words) }
    func side() -> [UInt8] {
      var lines = baseLines
      for _ in 0..<rng.int((size / 100)...(size / 20)) {
        let at = rng.int(0...(lines.count - 1))
        switch rng.int(0...2) {
        case 0: lines.insert(rng.element(words), at: at)
        case 1: lines.remove(at: at)
        default: lines[at] = rng.element(words)
        }
      }
      return Array(lines.joined().utf8)
    }
    base = Array(baseLines.joined().utf8)
    ours = side()
    theirs = side()
  }
}
