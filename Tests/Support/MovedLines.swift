// Whether one text file is another with a block of lines moved, as `diff` would see it: the check
// behind "a move changes the file by the moved item's lines only" (Formats, end-to-end and terminal
// tests alike).

/// A file's lines as `diff` sees them (a CR before the LF dropped), whether it ends with a line break,
/// and whether its lines end with CR LF, or with CR alone (a file without an LF, split at its CRs).
public struct FileLines: Equatable, CustomStringConvertible {
  public var lines: [String]
  public var finalNewline: Bool
  public var crlf: Bool
  public var cr: Bool

  public init(_ bytes: [UInt8]) {
    var body = bytes
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
    cr = !body.contains(0x0A) && body.contains(0x0D)
    let lineEnd: UInt8 = cr ? 0x0D : 0x0A
    finalNewline = body.last == lineEnd
    // Split the bytes: to Swift, CR LF is one Character, so a String would not split at its LF.
    var pieces = body.split(separator: lineEnd, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if finalNewline { pieces.removeLast() }
    let ended = finalNewline ? pieces : pieces.dropLast()
    let crlf = !cr && !ended.isEmpty && ended.allSatisfy { $0.utf8.last == 0x0D }
    self.crlf = crlf
    lines = pieces.map { crlf && $0.utf8.last == 0x0D ? String(decoding: $0.utf8.dropLast(), as: UTF8.self) : $0 }
  }

  public var description: String { lines.map { "  \($0.debugDescription)" }.joined(separator: "\n") }
}

/// Whether `new` is `old` with one block of lines moved: a block of `old` that begins with `first`
/// and holds no line that `isBoundary` (another item, another heading, by its index in `old`)
/// besides it, taken out and put in elsewhere, and nothing else changed. Nil when it is; else why not.
public func movedBlockMismatch(
  _ first: String, old: [String], new: [String], isBoundary: (Int) -> Bool
) -> String? {
  if old == new { return nil }
  guard old.count == new.count else { return "\(old.count) lines became \(new.count)" }
  let starts = old.indices.filter { old[$0] == first }
  let places = new.indices.filter { new[$0] == first }
  for a in starts {
    var length = 1
    while a + length <= old.count {
      if length > 1 && isBoundary(a + length - 1) { break }
      let block = old[a..<(a + length)]
      var rest = old
      rest.removeSubrange(a..<(a + length))
      for p in places where p + length <= new.count && new[p..<(p + length)] == block {
        var others = new
        others.removeSubrange(p..<(p + length))
        if others == rest { return nil }
      }
      length += 1
    }
  }
  return "no block beginning with \(first.debugDescription) moves the one file into the other"
}

/// Where items and headings start in a board, read the simple way (a second reading, not the
/// library's): `## ` headings and lines beginning `- `, `* `, `+ ` (or a lone `-`), outside fenced
/// code blocks, thematic breaks (`* * *`) not counted.
public func structuralLines(_ lines: [String], headingsOnly: Bool = false) -> Set<Int> {
  var inFence = false
  var found: Set<Int> = []
  for (i, line) in lines.enumerated() {
    let text = line.drop { $0 == " " || $0 == "\t" }
    if text.hasPrefix("```") || text.hasPrefix("~~~") {
      inFence.toggle()
      continue
    }
    if inFence { continue }
    if line.hasPrefix("## ") || line == "##" {
      found.insert(i)
      continue
    }
    if headingsOnly { continue }
    let marker = ["- ", "* ", "+ "].contains { line.hasPrefix($0) } || line == "-"
    let rule = line.filter { $0 != " " }.count >= 3 && Set(line.filter { $0 != " " }).count == 1
    if marker && !rule { found.insert(i) }
  }
  return found
}
