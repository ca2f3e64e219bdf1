import Foundation
import TestSupport
import Testing

/// The blank lines between a section's last card and the next heading are the section's end
/// (docs/formats.md, "Where blank lines belong"): a card moved to the end of a section goes before
/// them, the last card moved away leaves them, so a move leaves every heading with the lines around
/// it as they were — and a move and its reverse still give back the file byte for byte. Through the
/// binary, on generated boards and lists in every line ending, with and without a final newline.
@Suite("Blank lines at a lane's end stay there")
struct LaneEndTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func run(_ arguments: [String]) throws -> RunResult { try TileGrid.run(arguments, in: directory) }

  @Test("the issue's board: moving lane A's last card keeps ## B apart from lane A and lane B's end blank")
  func issueBoard() throws {
    let text = "## A\n\n- a1\n- a2\n\n## B\n\n- b1\n\n## C\n\n- c1\n"
    try directory.write("t.md", text)
    let moved = try run(["move", "t.md", "0.1", "1.1"])
    expectSuccess(moved)
    #expect(moved.stdoutText == "## A\n\n- a1\n\n## B\n\n- b1\n- a2\n\n## C\n\n- c1\n")
    try directory.write("moved.md", moved.stdout)
    #expect(try run(["move", "moved.md", "1.1", "0.1"]).stdoutText == text)
    // Lane A emptied and filled again, lane C's last card to the top of lane A.
    let emptied = try run(["move", "t.md", "0.0", "2.1"])
    try directory.write("e.md", emptied.stdout)
    let again = try run(["move", "e.md", "0.0", "2.2"])
    #expect(again.stdoutText == "## A\n\n\n## B\n\n- b1\n\n## C\n\n- c1\n- a1\n- a2\n")
    try directory.write("a.md", again.stdout)
    #expect(try run(["move", "a.md", "2.1", "0.0"]).stdoutText == "## A\n\n- a1\n\n## B\n\n- b1\n\n## C\n\n- c1\n- a2\n")
  }

  @Test("a list: the blank line before the next heading stays when its section's last line moves")
  func list() throws {
    try directory.write("l.txt", "# A\na1\na2\n\n# B\nb1\n")
    let moved = try run(["move", "l.txt", "0.1", "1.1"])
    #expect(moved.stdoutText == "# A\na1\n\n# B\nb1\na2\n")
  }

  /// A generated board (or list) in one style, as the programs that write boards keep one: the same
  /// number of blank lines under every heading and at every lane's end, blank lines between cards or
  /// none; cards with lines under them; empty lanes; front matter and a settings block.
  struct Generated {
    var lines: [String] = []
    var cards: [Int] = []
    var newline = "\n"
    var finalNewline = true
    var markdown = true
    /// Blank lines under each heading, between cards, at each lane's end.
    var under = 0
    var apart = 0
    var end = 0
    var tail = false

    var text: String {
      var file = lines.joined(separator: newline)
      if finalNewline { file += newline }
      return file
    }

    init(seed: UInt64, markdown: Bool, newline: String, finalNewline: Bool) {
      var rng = SplitMix64(seed: seed)
      self.markdown = markdown
      self.newline = newline
      self.finalNewline = finalNewline
      let under = rng.int(0...1)
      let loose = rng.chance(40)
      let end = loose ? rng.int(1...2) : rng.int(0...2)
      (self.under, apart, self.end, self.tail) = (under, loose ? 1 : 0, end, tail)
      let tail = markdown && rng.chance(40)
      if markdown && rng.chance(50) { lines += ["---", "kanban-plugin: basic", "---", ""] }
      let sections = rng.int(2...4)
      for s in 0..<sections {
        let last = s == sections - 1
        // A board whose cards are apart shows it in its first lane (docs/formats.md).
        var count = loose && s == 0 ? rng.int(3...4) : rng.int(0...3)
        if last && !finalNewline && !tail && count == 0 { count = 1 }
        if cards.reduce(0, +) == 0 && last && count == 0 { count = 1 }
        cards.append(count)
        lines.append((markdown ? "## " : "# ") + "Lane \(s)")
        lines += Array(repeating: "", count: under)
        for c in 0..<count {
          let title = "card \(s)-\(c)"
          lines.append(markdown ? (rng.chance(50) ? "- [ ] " + title : "- " + title) : title)
          if markdown && rng.chance(30) { lines.append("    > a note") }
          if loose && c < count - 1 { lines.append("") }
        }
        if !last || tail {
          lines += Array(repeating: "", count: end)
        } else if finalNewline && count > 0 {
          lines += Array(repeating: "", count: rng.int(0...end))
        }
      }
      if tail { lines += ["%% kanban:settings", "```", "{\"kanban-plugin\":\"basic\"}", "```", "%%"] }
      // Without a final newline the file cannot end with an empty line.
      while !finalNewline, lines.last == "" { lines.removeLast() }
    }

    func isHeading(_ line: String) -> Bool { line.hasPrefix(markdown ? "## " : "# ") }
  }

  /// For each heading, in order: whether the line above it and the line below it are blank (nil: none).
  static func around(_ text: String, newline: String, isHeading: (String) -> Bool) -> [(Bool?, Bool?)] {
    var lines = text.components(separatedBy: newline)
    if lines.last == "" { lines.removeLast() }
    return lines.indices.filter { isHeading(lines[$0]) }.map { i in
      (i > 0 ? lines[i - 1].isEmpty : nil, i + 1 < lines.count ? lines[i + 1].isEmpty : nil)
    }
  }

  @Test("generated boards and lists, every line ending, with and without a final newline: headings keep their lines")
  func generated() throws {
    var checked = 0
    for seed in UInt64(1)...4 {
      for markdown in [true, false] {
        for newline in ["\n", "\r\n", "\r"] {
          for finalNewline in [true, false] {
            let board = Generated(
              seed: seed &* 97 &+ (markdown ? 1 : 2), markdown: markdown, newline: newline, finalNewline: finalNewline)
            let name = markdown ? "g.md" : "g.txt"
            let text = board.text
            try directory.write(name, text)
            var rng = SplitMix64(seed: seed &+ UInt64(text.utf8.count))
            let from = (0..<board.cards.count).flatMap { s in (0..<board.cards[s]).map { (s, $0) } }
            for _ in 0..<3 {
              let (s, i) = rng.element(from)
              let t = rng.int(0...(board.cards.count - 1))
              let j = rng.int(0...(board.cards[t] - (t == s ? 1 : 0)))
              let a = "\(s).\(i)"
              let b = "\(t).\(j)"
              let moved = try run(["move", name, a, b])
              expectSuccess(moved)
              let before = Self.around(text, newline: newline, isHeading: board.isHeading)
              let after = Self.around(moved.stdoutText, newline: newline, isHeading: board.isHeading)
              let what = "\(name) \(a) -> \(b)\n\(text.debugDescription)\n\(moved.stdoutText.debugDescription)"
              #expect(before.count == after.count, "\(what)")
              for (k, (x, y)) in zip(before, after).enumerated() {
                // The one exception: in a board whose cards are apart, a lane's only card keeps its blank
                // line as every card does; when that line is all that separates the lanes, it goes along.
                let glued = board.apart > 0 && board.cards[s] == 1 && t != s && k == s + 1 && board.under + board.end <= board.apart
                // And where lanes end with no blank line but have one under their heading, an empty
                // lane's one blank line is both under its heading and above the next: a card moved in
                // (or the last moved out) has it on one side only.
                let oneBlank =
                  board.end == 0 && board.under > 0
                  && ((board.cards[s] == 1 && t != s && k == s + 1) || (board.cards[t] == 0 && k == t + 1))
                if !glued && !oneBlank { #expect(x.0 == y.0, "the line above heading \(k): \(what)") }
                // Below a heading: its lane's first card, or the blank lines under it; a lane emptied
                // or filled has the blank lines of its end there instead.
                let full = { (n: Int) in n > 0 }
                let count = board.cards[k] - (s == k ? 1 : 0) + (t == k ? 1 : 0)
                if full(board.cards[k]) && full(count) { #expect(x.1 == y.1, "the line below heading \(k): \(what)") }
              }
              let ext = markdown ? "md" : "txt"
              try directory.write("moved." + ext, moved.stdout)
              let back = try run(["move", "moved." + ext, b, a])
              expectSuccess(back)
              // Without a final newline, a last lane emptied cannot end the file with the blank line
              // under its heading; it is written where the file ended (`FileEnd`), and read back it is
              // the lane before's end: that lane keeps it when the card comes back.
              let last = board.cards.count - 1
              let fileEnd = !finalNewline && !board.tail && s == last && board.cards[s] == 1 && t != s && board.under > 0
              if !fileEnd {
                #expect(back.stdoutText == text, "and back: \(what)\n\(back.stdoutText.debugDescription)")
              }
              checked += 1
            }
          }
        }
      }
    }
    #expect(checked == 4 * 2 * 3 * 2 * 3)
  }
}
