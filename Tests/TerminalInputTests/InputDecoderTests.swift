import TestSupport
import Testing

@testable import TerminalInput

/// The decoder's table, each case whole, byte by byte and cut at random places: the events must not
/// depend on how the bytes were split, only on where `flush()` is called (here: once, at the end).
@Suite("InputDecoder: the table")
struct InputDecoderTableTests {
  @Test("decodes in one read, holding exactly what it should until flush()", arguments: DecoderTable.all)
  func wholeInput(_ row: DecoderCase) {
    var decoder = InputDecoder()
    let fed = decoder.feed(row.bytes)
    #expect(strict(fed) == strict(Array(row.events.dropLast(row.held))), "feed")
    #expect(decoder.hasPending == (row.held > 0 || row.open), "hasPending after feed")
    let flushed = decoder.flush()
    #expect(strict(flushed) == strict(Array(row.events.suffix(row.held))), "flush")
    #expect(!decoder.hasPending, "hasPending after flush")
    #expect(decoder.flush().isEmpty, "a second flush")
  }

  @Test("gives the same events fed byte by byte", arguments: DecoderTable.all)
  func byteByByte(_ row: DecoderCase) {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    for byte in row.bytes { events += decoder.feed([byte]) }
    events += decoder.flush()
    #expect(strict(events) == strict(row.events))
  }

  @Test("gives the same events cut at random places (300 ways)", arguments: DecoderTable.all)
  func randomSplits(_ row: DecoderCase) {
    var rng = SplitMix64(seed: SplitMix64.seed(0x1D_EC0D, stableHash(row.name)))
    for attempt in 0..<300 {
      let events = decodeInPieces(row.bytes, &rng)
      if strict(events) != strict(row.events) {
        Issue.record("attempt \(attempt): \(strict(events)) != \(strict(row.events))")
        return
      }
    }
  }

  @Test("case names are unique, every case has events, and held events are at most one")
  func tableIsWellFormed() {
    let names = DecoderTable.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(DecoderTable.all.allSatisfy { !$0.events.isEmpty && $0.held <= 1 && $0.held <= $0.events.count })
    #expect(DecoderTable.all.count >= 150)
  }
}

@Suite("InputDecoder: streams and garbage")
struct InputDecoderStreamTests {
  @Test("a stream of random table cases decodes to their events, in order, whatever the splits")
  func randomStreams() throws {
    let joinable = DecoderTable.all.filter(\.isSelfContained)
    try #require(joinable.count >= 100)
    var rng = SplitMix64(seed: 0x57_4EA4)
    for stream in 0..<400 {
      // Any case may end the stream: what it holds comes out at the final flush.
      var rows = (0..<rng.int(1...30)).map { _ in rng.element(joinable) }
      rows.append(rng.element(DecoderTable.all))
      let bytes = rows.flatMap(\.bytes)
      let expected = rows.flatMap(\.events)
      let events = decodeInPieces(bytes, &rng)
      if strict(events) != strict(expected) {
        Issue.record("stream \(stream) of \(rows.map(\.name)): \(strict(events)) != \(strict(expected))")
        return
      }
    }
  }

  /// The invariant checked on garbage: the events' byte spans (`decode`'s lengths) tile the input in
  /// order, none longer than `maximumSequenceLength + 1` (a string whose ESC \ straddles the cap); an
  /// `.unknown` holds exactly the bytes of its span; any other event is what its span decodes to on its
  /// own (a fresh decoder, then `flush()`). Also: no more than `maximumSequenceLength` bytes are ever
  /// held, nothing is held after `flush()`, and the splits do not change the events.
  @Test("random garbage never traps, is fully consumed and accounted for byte by byte", arguments: FastLoop.first(2, of: 0..<8))
  func garbage(_ seed: UInt64) {
    var rng = SplitMix64(seed: SplitMix64.seed(0x6A_4BA6E, seed))
    let input = garbageBytes(count: 60_000, &rng)

    var decoder = InputDecoder()
    var spans: [(event: InputEvent, length: Int)] = []
    var mostHeld = 0
    var start = 0
    while start < input.count {
      let end = min(input.count, start + (rng.chance(50) ? rng.int(1...4) : rng.int(1...600)))
      decoder.decode(input[start..<end]) { spans.append(($0, $1)) }
      mostHeld = max(mostHeld, decoder.pendingCount)
      start = end
    }
    decoder.flush { spans.append(($0, $1)) }
    #expect(!decoder.hasPending)
    #expect(decoder.pendingCount == 0)
    #expect(mostHeld <= InputDecoder.maximumSequenceLength)

    var offset = 0
    var failures: [String] = []
    for (event, length) in spans {
      // A paste is as long as its text (the table's pastes are all whole, and short).
      let longest = InputDecoder.maximumSequenceLength + 1 + (event.isPaste ? 500 : 0)
      guard length >= 1, length <= longest, offset + length <= input.count else {
        failures.append("at \(offset): span of \(length) bytes")
        break
      }
      let bytes = Array(input[offset..<(offset + length)])
      if case .unknown(let held) = event {
        if held != bytes { failures.append("at \(offset): \(strict([event])) is not its bytes \(hex(bytes))") }
      } else {
        var alone = InputDecoder()
        let again = alone.feed(bytes) + alone.flush()
        if strict(again) != strict([event]) {
          failures.append("at \(offset): \(hex(bytes)) alone is \(strict(again)), in the stream \(strict([event]))")
        }
      }
      offset += length
    }
    #expect(offset == input.count, "the spans cover \(offset) of \(input.count) bytes")
    #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.first ?? "")")

    // The same bytes in one read, and through the public API, give the same events.
    var whole = InputDecoder()
    let once = whole.feed(input) + whole.flush()
    #expect(strict(once) == strict(spans.map(\.event)))
    #expect(spans.contains { if case .unknown = $0.event { true } else { false } })
    #expect(spans.contains { if case .mouse = $0.event { true } else { false } })
  }

  @Test("ten thousand motion reports decode to ten thousand motion events")
  func manyMotionReports() {
    var decoder = InputDecoder()
    var bytes: [UInt8] = []
    for i in 0..<10_000 { bytes += Array("\u{1B}[<32;\(i % 300 + 1);\(i % 80 + 1)M".utf8) }
    var events: [InputEvent] = []
    events.reserveCapacity(10_000)
    var start = 0
    var rng = SplitMix64(seed: 7)
    while start < bytes.count {
      let end = min(bytes.count, start + rng.int(1...4096))
      decoder.feed(bytes[start..<end], into: &events)
      start = end
    }
    #expect(!decoder.hasPending)
    #expect(events.count == 10_000)
    #expect(events.last == mouse(.motion, 9_999 % 300, 9_999 % 80))
  }
}

@Suite("InputDecoder: flush and pending")
struct InputDecoderFlushTests {
  @Test("Esc, a flush, then a letter: Escape and the letter, not Alt")
  func flushSeparatesEscape() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.key(.escape)])
    #expect(decoder.feed(Array("a".utf8)) == [char("a")])
  }

  @Test("Esc and a letter in two reads without a flush: Alt plus the letter")
  func escapeThenLetterIsAlt() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.feed(Array("x".utf8)) == [.key(.alt("x"))])
    #expect(!decoder.hasPending)
  }

  @Test("a report split after ESC[<3 is held, then completed")
  func splitMouseReport() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[<3".utf8)).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.feed(Array("2;5;6M".utf8)) == [mouse(.motion, 4, 5)])
    #expect(!decoder.hasPending)
  }

  @Test("a character split after its first byte is held, then completed")
  func splitCharacter() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0xF0]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.feed([0x9F, 0x98]).isEmpty)
    #expect(decoder.feed([0x80, 0x61]) == [char("😀"), char("a")])
    #expect(!decoder.hasPending)
  }

  @Test("a flush ends an over-long sequence: what follows is keys again")
  func flushEndsContinuation() {
    var decoder = InputDecoder()
    let long = Array(("\u{1B}[" + String(repeating: "1", count: InputDecoder.maximumSequenceLength)).utf8)
    let cut = decoder.feed(long)
    #expect(cut == [.unknown(Array(long.prefix(InputDecoder.maximumSequenceLength)))])
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.unknown([0x31, 0x31])])
    #expect(!decoder.hasPending)
    #expect(decoder.feed(Array("12".utf8)) == [char("1"), char("2")])
  }

  @Test("input that is not contiguous in memory decodes like an array")
  func nonContiguousInput() {
    let bytes = Array("\u{1B}[<0;10;5Mé\u{1B}[A".utf8)
    var decoder = InputDecoder()
    let events = decoder.feed(bytes.lazy.map { $0 }) + decoder.flush()
    #expect(events == [mouse(.press(.left), 9, 4), char("é"), .key(.up)])
  }

  @Test("feed(_:into:) appends to the events already there")
  func feedIntoAppends() {
    var decoder = InputDecoder()
    var events: [InputEvent] = [.focus(true)]
    decoder.feed(Array("ab".utf8), into: &events)
    #expect(events == [.focus(true), char("a"), char("b")])
  }

  @Test("a flush with nothing held gives nothing; the suggested delay is short")
  func emptyFlush() {
    var decoder = InputDecoder()
    #expect(!decoder.hasPending)
    #expect(decoder.flush().isEmpty)
    #expect((10...100).contains(InputDecoder.flushDelayMilliseconds))
  }
}

// MARK: - Helpers

/// Events as text that tells apart what `Character`'s `==` would not (canonical equivalence: "é" as one
/// scalar equals "e" and a combining accent), so that a test sees exactly which scalars were decoded.
func strict(_ events: [InputEvent]) -> [String] {
  events.map { event in
    switch event {
    case .key(.character(let c)): return "char(\(scalars(c)))"
    case .key(.alt(let c)): return "alt(\(scalars(c)))"
    case .key(.control(let c)): return "control(\(scalars(c)))"
    case .key(let key): return "\(key)"
    case .mouse(let m): return "mouse(\(m.action) \(m.x),\(m.y) mods \(m.modifiers.rawValue))"
    case .unknown(let bytes): return "unknown(\(hex(bytes)))"
    case .paste(let text): return "paste(\(text.unicodeScalars.map { String($0.value, radix: 16) }))"
    default: return "\(event)"
    }
  }
}

extension InputEvent {
  var isPaste: Bool {
    if case .paste = self { return true }
    return false
  }
}

private func scalars(_ character: Character) -> String {
  character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
}

/// FNV-1a of the UTF-8 bytes: a seed per case that is the same in every run (`hashValue` is not).
func stableHash(_ text: String) -> UInt64 {
  text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
}

func hex(_ bytes: [UInt8]) -> String {
  bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
}

/// Feeds `bytes` in random pieces (single bytes, a few, or large runs; as arrays, slices, or a
/// collection without contiguous storage; returned or appended), then flushes.
func decodeInPieces(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [InputEvent] {
  var decoder = InputDecoder()
  var events: [InputEvent] = []
  var start = 0
  while start < bytes.count {
    let length = rng.weighted([(3, 1), (3, rng.int(1...4)), (2, rng.int(1...max(1, bytes.count - start)))])
    let end = min(bytes.count, start + length)
    let piece = bytes[start..<end]
    switch rng.int(0...3) {
    case 0: events += decoder.feed(Array(piece))
    case 1: events += decoder.feed(piece)
    case 2: events += decoder.feed(piece.lazy.map { $0 })
    default: decoder.feed(piece, into: &events)
    }
    start = end
  }
  return events + decoder.flush()
}

/// Bytes that look like terminal input gone wrong: plenty of Esc, introducers, digits and separators,
/// mouse finals, BEL and backslash, UTF-8 lead and continuation bytes, controls, and now and then a
/// valid sequence or a long run of parameter bytes or string text (to reach the length cap).
func garbageBytes(count: Int, _ rng: inout SplitMix64) -> [UInt8] {
  let interesting = Array("\u{1B}\u{1B}\u{1B}[[[O]P_<;;;Mm~ABHZIO\u{07}\\0123456789".utf8)
  let valid = DecoderTable.all.filter(\.isSelfContained).map(\.bytes)
  var bytes: [UInt8] = []
  bytes.reserveCapacity(count + 1_000)
  while bytes.count < count {
    switch rng.int(0...99) {
    case 0..<45: bytes.append(rng.element(interesting))
    case 45..<60: bytes.append(UInt8(rng.int(0x80...0xFF)))
    case 60..<70: bytes.append(UInt8(rng.int(0x00...0x1F)))
    case 70..<85: bytes.append(UInt8(rng.int(0x20...0x7F)))
    case 85..<97: bytes += rng.element(valid)
    case 97: bytes += (0..<rng.int(40...300)).map { _ in rng.element(Array("0123456789;<".utf8)) }
    default: bytes += (0..<rng.int(40...300)).map { _ in UInt8(rng.int(0x20...0x7E)) }
    }
  }
  return bytes
}

@Suite("InputDecoder: bracketed paste")
struct InputDecoderPasteTests {
  static let start = Array("\u{1B}[200~".utf8)
  static let end = Array("\u{1B}[201~".utf8)

  /// Feeds `bytes` to a decoder with pieces of `limit` bytes, cut at random, then flushes.
  static func decode(_ bytes: [UInt8], limit: Int, _ rng: inout SplitMix64) -> [InputEvent] {
    var decoder = InputDecoder(pasteLimit: limit)
    var events: [InputEvent] = []
    var at = 0
    while at < bytes.count {
      let next = min(bytes.count, at + rng.int(1...(rng.chance(50) ? 3 : 40)))
      events += decoder.feed(bytes[at..<next])
      at = next
    }
    return events + decoder.flush()
  }

  @Test("a paste longer than the limit comes in pieces, none cutting a character, the same however split")
  func longPasteInPieces() throws {
    var rng = SplitMix64(seed: 0x9A57E)
    let alphabet: [String] = ["a", "b", " ", "\r", "é", "日", "😀", "\u{1B}[A", "\u{1B}[20"]
    for round in 0..<200 {
      let limit = rng.int(4...24)
      let text = (0..<rng.int(0...120)).map { _ in rng.element(alphabet) }.joined()
      let bytes = Self.start + Array(text.utf8) + Self.end + Array("q".utf8)
      let events = Self.decode(bytes, limit: limit, &rng)
      let again = Self.decode(bytes, limit: limit, &rng)
      #expect(events == again, "round \(round): the splits changed the pieces")
      guard events.last == .key(.character("q")) else {
        Issue.record("round \(round): the key after the paste is missing: \(strict(events))")
        return
      }
      var pieces: [String] = []
      for event in events.dropLast() {
        guard case .paste(let piece) = event else {
          Issue.record("round \(round): \(strict([event])) inside a paste")
          return
        }
        pieces.append(piece)
      }
      #expect(pieces.joined() == text, "round \(round), limit \(limit)")
      #expect(pieces.allSatisfy { $0.utf8.count <= limit && !$0.unicodeScalars.contains("\u{FFFD}") })
      if text.utf8.count <= limit { #expect(pieces.count == 1, "round \(round): a short paste is one piece") }
    }
  }

  @Test("a paste of exactly the limit is one piece; one byte more is two")
  func pieceBoundaries() {
    var decoder = InputDecoder(pasteLimit: 8)
    #expect(decoder.feed(Self.start + Array("12345678".utf8) + Self.end) == [.paste("12345678")])
    #expect(decoder.feed(Self.start + Array("123456789".utf8) + Self.end) == [.paste("12345678"), .paste("9")])
    #expect(!decoder.hasPending)
  }

  @Test("inside a paste the caller waits longer before flushing; a flush ends the paste")
  func pasteWaitsLonger() {
    var decoder = InputDecoder()
    #expect(decoder.pendingDelayMilliseconds == InputDecoder.flushDelayMilliseconds)
    #expect(decoder.feed(Self.start + Array("abc".utf8)).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.pendingDelayMilliseconds == InputDecoder.pasteQuietMilliseconds)
    #expect(InputDecoder.pasteQuietMilliseconds > InputDecoder.flushDelayMilliseconds)
    #expect(decoder.feed(Array("de".utf8)).isEmpty)
    #expect(decoder.flush() == [.paste("abcde")])
    #expect(decoder.pendingDelayMilliseconds == InputDecoder.flushDelayMilliseconds)
    #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
  }

  @Test("a paste of a megabyte and more holds at most a piece")
  func hugePaste() {
    var decoder = InputDecoder()
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
    var pieces = decoder.feed(Self.start)
    for _ in 0..<25 { pieces += decoder.feed(chunk) }
    pieces += decoder.feed(Self.end)
    let sizes = pieces.map { event -> Int in
      if case .paste(let text) = event { return text.utf8.count }
      return -1
    }
    #expect(sizes == [InputDecoder.maximumPasteBytes, InputDecoder.maximumPasteBytes, 2_500_000 - 2 * (1 << 20)])
  }
}
