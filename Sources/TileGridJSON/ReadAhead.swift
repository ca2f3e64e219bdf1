import Dispatch
import Synchronization
import TileModel

/// A second reader for a large file: on another thread, it reads the tiles from the middle of the file
/// on, while the reader reads from its start, and the reader then takes what it read instead of
/// reading those tiles again.
///
/// It reads only runs of tiles in the canonical layout (`readCanonicalTiles`), which it can find
/// without knowing where it is in the file: a `{` and a newline may start one, and whether tiles in
/// that layout follow depends on those bytes alone. It reads them in chunks of at most `chunkSize`
/// tiles into its own text, records and hashes, and publishes each chunk (where its first tile
/// starts, where its last ends, how many). When the reader, at a tile in a section's `items`, comes to
/// where a published chunk starts, it counts the chunk's tiles as its next slots and goes on from its
/// end (`TileContext.adopt`): the chunk holds exactly what reading those bytes there would have given,
/// so which of the two read a tile never shows, and every error is still found by the reader, which
/// reads everything else (section fields, unusual tiles, whatever the second reader read that is not
/// a tile: a chunk no tile starts is never taken). When the reader comes to where the second reader
/// is still reading, it tells it to stop and reads the rest itself; on a busy machine the second
/// reader may do little, but the reader never waits for it but to let it finish the chunk it is in.
///
/// On two cores a million-tile file is read in a little over half the time. The second reader lets
/// go of the input behind it, as the reader does.
final class ReadAhead: @unchecked Sendable {
  /// A file smaller than this is read by one reader.
  static let minimumInput = 1 << 22

  /// A run of tiles it read: from the `{` at `start` to after the `}` before `end`, its tiles `first`..<
  /// `first + count` in its own slots.
  struct Chunk {
    let start: Int
    let end: Int
    let first: Int
    let count: Int
  }

  private let input: UnsafeBufferPointer<UInt8>
  private let from: Int
  private let chunkSize: Int
  private let release: ((Range<Int>) -> Void)?
  /// Its own reading (`.keep` or `.check`); touched by the reader only after `stop`.
  private var context: TileContext
  /// Where the tiles it reads go: fixed before it starts.
  let text: TileText?
  let hashes: (base: UnsafePointer<UInt64>, owner: AnyObject)
  /// The chunks published: `chunks[0..<published]`, in the order of the input.
  private let chunks: UnsafeMutablePointer<Chunk>
  private let chunkCapacity: Int
  private let publishedCount = Atomic<Int>(0)
  /// Every chunk not yet published starts at or after this offset; `Int.max` once it has stopped.
  private let positionOffset: Atomic<Int>
  private let stopping = Atomic<Bool>(false)
  /// 0 not started, 1 reading, 2 done or never to start.
  private let state = Atomic<Int>(0)
  private let done = DispatchSemaphore(value: 0)
  /// Whether `stop` was called (by the reader's thread only).
  private var stopped = false

  init(
    input: UnsafeBufferPointer<UInt8>, from: Int, keepsTiles: Bool, release: ((Range<Int>) -> Void)?, chunkSize: Int
  ) {
    self.input = input
    self.from = from
    self.chunkSize = chunkSize
    self.release = release
    context = TileContext(mode: keepsTiles ? .keep : .check, inputCount: input.count - from)
    text = context.text
    hashes = context.ids.storageForAdoption
    // A chunk of `chunkSize` tiles spans more than a kilobyte; past this many chunks (a file of many
    // short runs), the reader reads the rest.
    chunkCapacity = (input.count - from) / 1024 + 1024
    chunks = .allocate(capacity: chunkCapacity)
    positionOffset = Atomic(from)
  }

  deinit { chunks.deallocate() }

  /// Starts reading on another thread.
  func start() {
    DispatchQueue.global(qos: .userInitiated).async { self.run() }
  }

  /// Reads until told to stop, until the input ends, or until a megabyte passes without a run of
  /// tiles (the file is laid out otherwise). Does nothing once `stop` was called.
  func run() {
    guard state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else { return }
    defer {
      context.closeRecords()
      positionOffset.store(.max, ordering: .releasing)
      state.store(2, ordering: .releasing)
      done.signal()
    }
    let base = input.baseAddress.unsafelyUnwrapped
    let count = input.count
    var scanner = JSONScanner(input)
    var i = from
    var lastRun = from
    var released = from
    var published = 0
    while published < chunkCapacity && i &- lastRun <= 1 << 20 && !stopping.load(ordering: .relaxed) {
      // The next `{` followed by a newline, looked for 64 KB at a time.
      let end = min(count &- 1, i &+ (1 << 16))
      var j = i
      while j < end && (base[j] != UInt8(ascii: "{") || base[j &+ 1] != 0x0A) { j &+= 1 }
      guard j < end else {
        if end >= count &- 1 { break }
        i = end
        positionOffset.store(i, ordering: .releasing)
        continue
      }
      positionOffset.store(j, ordering: .releasing)
      scanner.move(to: j)
      let first = context.count
      let n = scanner.readCanonicalTiles(into: &context, atMost: chunkSize)
      guard n > 0 else {
        i = j &+ 1
        continue
      }
      chunks[published] = Chunk(start: j, end: scanner.offset, first: first, count: n)
      published &+= 1
      publishedCount.store(published, ordering: .releasing)
      i = scanner.offset
      lastRun = i
      positionOffset.store(i, ordering: .releasing)
      if let release, i &- released >= 1 << 22 {
        release(released..<i)
        released = i
      }
    }
  }

  /// How many chunks are published (`chunk(_:)` may be asked for each).
  var published: Int { publishedCount.load(ordering: .acquiring) }

  /// Where it is: every chunk not yet published starts at or after this (`Int.max` once it stopped).
  /// Read it before `published`, so that a chunk published before it moved on is counted.
  var position: Int { positionOffset.load(ordering: .acquiring) }

  func chunk(_ k: Int) -> Chunk { chunks[k] }

  /// Asks it to stop after the chunk it is reading.
  func requestStop() {
    stopping.store(true, ordering: .relaxed)
  }

  /// Stops it, and waits until it no longer touches the input: at once if it never started (it never
  /// will), else once it finishes its chunk. Its tiles, colors and hashes can be read from then on.
  func stop() {
    guard !stopped else { return }
    stopped = true
    requestStop()
    if state.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged { return }
    done.wait()
  }

  /// Its color table (after `stop`).
  var colors: [TileColor] { context.colors.table }
}
