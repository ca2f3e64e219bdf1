/// Turns the bytes a terminal sends into `InputEvent`s: keys (plain, CSI and SS3 forms, UTF-8, with
/// modifiers in xterm's, `CSI u` and rxvt's forms), SGR, urxvt and legacy mouse reports, focus changes,
/// bracketed pastes. It is pure: no clock, no terminal. Bytes may arrive split
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
///
/// A bracketed paste (`ESC[200~`, the text, `ESC[201~`) is one `.paste` whatever is in it: pasted text
/// is never typed as keys. Its text is held (apart from the 64-byte cap) until the end marker; one
/// longer than `maximumPasteBytes` comes in pieces of that size, cut between characters. A paste whose
/// end marker never comes ends at `flush()`, for which the caller waits `pendingDelayMilliseconds`:
/// longer inside a paste, whose text may arrive in bursts.
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

  /// The most text one `.paste` holds: a longer paste comes in pieces of this many bytes (fewer where a
  /// character would be cut), so a paste of any size uses bounded memory.
  public static let maximumPasteBytes = 1 << 20

  /// The quiet time after which a paste without its end marker is taken as ended. Longer than
  /// `flushDelayMilliseconds`: a paste over a slow connection arrives in bursts, and its text typed as
  /// keys (a `q` in it) would act.
  public static let pasteQuietMilliseconds = 1000

  /// `ESC [ 201 ~`, which ends a bracketed paste.
  static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// The bytes of one unfinished sequence (never more than one: decoding stops at the first sequence
  /// that needs more bytes, and everything after it belongs to it).
  private var pending: [UInt8] = []

  /// Set while inside a control sequence or string that passed `maximumSequenceLength`, or a paste.
  private var state = State()

  /// The size of a paste's pieces (`maximumPasteBytes`; smaller in tests).
  let pasteLimit: Int

  public init() {
    self.init(pasteLimit: Self.maximumPasteBytes)
  }

  init(pasteLimit: Int) {
    self.pasteLimit = max(4, pasteLimit)
    pending.reserveCapacity(Self.maximumSequenceLength + 8)
  }

  /// Whether the decoder holds bytes that may still become a longer sequence (a lone Esc, a partial
  /// CSI, SS3 or UTF-8 character), or is inside an over-long sequence or a paste. The caller then calls
  /// `flush()` after `pendingDelayMilliseconds` of quiet.
  public var hasPending: Bool { !pending.isEmpty || state.continuation != nil || state.paste != nil }

  /// How long the caller waits, with bytes held, before `flush()`: `flushDelayMilliseconds`, or inside
  /// a paste `pasteQuietMilliseconds`.
  public var pendingDelayMilliseconds: Int {
    state.paste != nil ? Self.pasteQuietMilliseconds : Self.flushDelayMilliseconds
  }

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
  /// `.unknown` with its bytes; a paste without its end marker is a `.paste` of the text so far. Ends an
  /// over-long sequence too. Afterwards `hasPending` is false.
  public mutating func flush() -> [InputEvent] {
    var events: [InputEvent] = []
    flush { event, _ in events.append(event) }
    return events
  }

  /// The core of `feed`: also passes each event's length in bytes, for the tests' accounting.
  mutating func decode(_ bytes: some Collection<UInt8>, _ emit: (InputEvent, Int) -> Void) {
    // Taken out, not copied: a paste's text held in both would be copied whole at every read.
    var state = self.state
    self.state = State()
    let limit = pasteLimit
    defer { self.state = state }
    if pending.isEmpty {
      // The common case, nothing held: decode the caller's bytes in place and keep only the tail.
      let decoded: Void? = bytes.withContiguousStorageIfAvailable { buffer in
        let used = Self.run(buffer, &state, limit, emit)
        pending.append(contentsOf: buffer[used...])
      }
      if decoded != nil { return }
    }
    pending.append(contentsOf: bytes)
    let used = pending.withUnsafeBufferPointer { Self.run($0, &state, limit, emit) }
    pending.removeFirst(used)
  }

  /// The core of `flush()`, with each event's length in bytes.
  mutating func flush(_ emit: (InputEvent, Int) -> Void) {
    let continuation = state.continuation
    defer {
      pending.removeAll(keepingCapacity: true)
      state = State()
    }
    if let paste = state.paste {
      // Everything after the start marker was taken into the paste: nothing is pending beside it.
      emit(.paste(String(decoding: paste, as: UTF8.self)), state.pasteMarkerBytes + paste.count)
      return
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
    _ bytes: UnsafeBufferPointer<UInt8>, _ state: inout State, _ limit: Int, _ emit: (InputEvent, Int) -> Void
  ) -> Int {
    var index = 0
    while index < bytes.count {
      if state.paste != nil {
        index = continuePaste(bytes, from: index, &state, limit, emit)
        continue
      }
      switch step(bytes, at: index, &state.continuation) {
      case .incomplete:
        return index
      case .event(let event, let length):
        emit(event, length)
        index += length
      case .pasteStart(let length):
        state.paste = []
        state.pasteMarkerBytes = length
        index += length
      }
    }
    return index
  }

  /// Takes bytes from `index` into the paste until its end marker (then emits it) or until a piece
  /// is full (then emits the piece and goes on); returns where decoding continues. The paste never
  /// holds more than `limit + 6` bytes: a piece is cut only once no end marker can start in it.
  ///
  /// - Complexity: O(bytes taken): the marker is looked for only where the new bytes could complete it.
  private static func continuePaste(
    _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, _ state: inout State, _ limit: Int,
    _ emit: (InputEvent, Int) -> Void
  ) -> Int {
    let marker = pasteEnd
    let before = state.paste!.count
    let taken = min(bytes.count - index, limit + marker.count - before)
    state.paste!.append(contentsOf: bytes[index..<(index + taken)])
    let text = state.paste!
    var position = max(0, before - (marker.count - 1))
    while position + marker.count <= text.count {
      if text[position] == Byte.escape && text[position..<(position + marker.count)].elementsEqual(marker) {
        emit(.paste(String(decoding: text[..<position], as: UTF8.self)), state.pasteMarkerBytes + position + marker.count)
        state.paste = nil
        state.pasteMarkerBytes = 0
        return index + (position + marker.count - before)
      }
      position += 1
    }
    if text.count == limit + marker.count {
      // A full piece: cut at `limit`, or before the character that would be split there.
      var cut = limit
      while cut > limit - 3 && text[cut] & 0xC0 == 0x80 { cut -= 1 }
      if text[cut] & 0xC0 == 0x80 { cut = limit }
      emit(.paste(String(decoding: text[..<cut], as: UTF8.self)), state.pasteMarkerBytes + cut)
      state.paste!.removeFirst(cut)
      state.pasteMarkerBytes = 0
    }
    return index + taken
  }
}

extension InputDecoder {
  /// What the decoder is in the middle of, beside the bytes it holds.
  struct State: Sendable {
    /// Inside a control sequence or string that passed `maximumSequenceLength`.
    var continuation: Continuation?
    /// Inside a bracketed paste: its text so far (not yet emitted).
    var paste: [UInt8]?
    /// The start marker's length while its paste has emitted nothing (it is counted with the first piece).
    var pasteMarkerBytes = 0
  }

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
    /// `ESC [ 200 ~`: a bracketed paste begins after these `length` bytes.
    case pasteStart(length: Int)
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
