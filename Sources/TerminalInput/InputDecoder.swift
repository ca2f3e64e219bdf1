/// Turns the bytes a terminal sends into `InputEvent`s: keys (plain, CSI and SS3 forms, UTF-8), SGR and
/// legacy mouse reports, focus changes. It is pure: no clock, no terminal. Bytes may arrive split
/// anywhere; an unfinished sequence is held until the next `feed`, and the caller calls `flush()` after
/// `flushDelayMilliseconds` without input to settle what is still held (a lone Esc is the Escape key).
///
/// The result never depends on how the bytes were split across `feed` calls, only on where `flush()` is
/// called: every decision that needs the next byte waits for it (so Esc followed by `a` is Alt+a whether
/// the two bytes came in one read or two), and the cap on a sequence's length counts bytes, not reads.
///
/// Nothing is an error: what is not understood becomes `.unknown` with exactly its bytes, and decoding
/// goes on at the next byte that can start something. No sequence is held longer than
/// `maximumSequenceLength` bytes: a control sequence or string that goes on is reported as `.unknown`
/// pieces of that length (see `Continuation`), so garbage can neither stall the input nor grow memory.
public struct InputDecoder: Sendable {
  /// How long the caller should wait, with bytes held (`hasPending`), before calling `flush()`. Long
  /// enough that a terminal's escape sequence, written at once, is not cut by a read boundary (locally
  /// it arrives in one read); short enough that the Escape key still feels immediate.
  public static let flushDelayMilliseconds = 25

  /// The most bytes one sequence is held for. Real input sequences are under 30 bytes (an SGR mouse
  /// report at column and row 99999 is 20); longer ones are garbage or replies the editor ignores.
  public static let maximumSequenceLength = 64

  /// The largest zero-based coordinate a mouse report decodes to; larger ones are clamped to it. It
  /// matches the editor's largest screen side (100,000 cells).
  public static let maximumCoordinate = 99_999

  /// The bytes of one unfinished sequence (never more than one: decoding stops at the first sequence
  /// that needs more bytes, and everything after it belongs to it).
  private var pending: [UInt8] = []

  /// Set while inside a control sequence or string that passed `maximumSequenceLength`.
  private var continuation: Continuation?

  public init() {
    pending.reserveCapacity(Self.maximumSequenceLength + 8)
  }

  /// Whether the decoder holds bytes that may still become a longer sequence (a lone Esc, a partial
  /// CSI, SS3 or UTF-8 character), or is inside an over-long sequence. The caller then calls `flush()`
  /// after `flushDelayMilliseconds` of quiet.
  public var hasPending: Bool { !pending.isEmpty || continuation != nil }

  /// Decodes `bytes` after whatever is held and returns every event completed so far, in order.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> [InputEvent] {
    var events: [InputEvent] = []
    feed(bytes, into: &events)
    return events
  }

  /// Like `feed(_:)`, appending to `events`, so that a caller can reuse one array for every read.
  public mutating func feed(_ bytes: some Collection<UInt8>, into events: inout [InputEvent]) {
    decode(bytes) { event, _ in events.append(event) }
  }

  /// Settles what is held after a quiet time: a lone Esc is `.key(.escape)`, Esc and one printable
  /// ASCII byte is Alt plus that character (`ESC [` alone is Alt+[), anything else held is
  /// `.unknown` with its bytes. Ends an over-long sequence too. Afterwards `hasPending` is false.
  public mutating func flush() -> [InputEvent] {
    var events: [InputEvent] = []
    flush { event, _ in events.append(event) }
    return events
  }

  /// The core of `feed`: also passes each event's length in bytes, for the tests' accounting.
  mutating func decode(_ bytes: some Collection<UInt8>, _ emit: (InputEvent, Int) -> Void) {
    var state = continuation
    if pending.isEmpty {
      // The common case, nothing held: decode the caller's bytes in place and keep only the tail.
      let decoded: Void? = bytes.withContiguousStorageIfAvailable { buffer in
        let used = Self.run(buffer, &state, emit)
        pending.append(contentsOf: buffer[used...])
      }
      if decoded != nil {
        continuation = state
        return
      }
    }
    pending.append(contentsOf: bytes)
    let used = pending.withUnsafeBufferPointer { Self.run($0, &state, emit) }
    pending.removeFirst(used)
    continuation = state
  }

  /// The core of `flush()`, with each event's length in bytes.
  mutating func flush(_ emit: (InputEvent, Int) -> Void) {
    defer {
      pending.removeAll(keepingCapacity: true)
      continuation = nil
    }
    let count = pending.count
    guard count > 0 else { return }
    if count == 1 && pending[0] == Byte.escape {
      emit(.key(.escape), 1)
    } else if count == 2 && pending[0] == Byte.escape && continuation == nil && Byte.isPrintable(pending[1]) {
      emit(.key(.alt(Character(Unicode.Scalar(pending[1])))), 2)
    } else {
      emit(.unknown(pending), count)
    }
  }

  /// The number of bytes held, for the tests' bound on memory.
  var pendingCount: Int { pending.count }

  /// Decodes events from the start of `bytes` until the end or the first unfinished sequence; returns
  /// how many bytes were used.
  private static func run(
    _ bytes: UnsafeBufferPointer<UInt8>, _ continuation: inout Continuation?, _ emit: (InputEvent, Int) -> Void
  ) -> Int {
    var index = 0
    while index < bytes.count {
      guard case .event(let event, let length) = step(bytes, at: index, &continuation) else { break }
      emit(event, length)
      index += length
    }
    return index
  }
}

extension InputDecoder {
  /// Where an over-long sequence is when it is cut into `.unknown` pieces: its remaining bytes keep being
  /// reported as `.unknown` until it ends, by the rules of its kind, so that its tail is not typed as keys.
  enum Continuation: Sendable {
    /// A control sequence (CSI or SS3): parameter and intermediate bytes, then a final byte.
    case controlSequence
    /// An OSC, DCS or APC string: up to BEL or ESC \.
    case string
  }

  /// What the bytes at one position decode to.
  enum Step {
    /// The bytes end before the sequence does.
    case incomplete
    /// One event, made of the next `length` bytes.
    case event(InputEvent, length: Int)
  }

  /// Byte values and classes the decoder names.
  enum Byte {
    static let escape: UInt8 = 0x1B
    static let bell: UInt8 = 0x07
    static let backslash = UInt8(ascii: "\\")

    /// ASCII from space to tilde.
    static func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte <= 0x7E }
  }
}
