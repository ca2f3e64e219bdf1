import TileModel

/// The hashes of the tile ids read so far (`IDHash`, in order), to find out once a file is read whether
/// an id repeats. Not a table: the editor's id table is the document's `TileIDSet`.
///
/// A hash table of a million ids is tens of megabytes probed at random, and most probes miss the cache:
/// on this machine that was a third of the reading time. So the reader only appends each id's hash (8
/// bytes, in order) and `repeatedHashes` looks for equal hashes a cache-sized group at a time: one pass
/// distributes the hashes by their top bits, then each group goes through a small open-addressing table
/// that stays in cache. Equal hashes are confirmed by reading the file again and comparing the ids
/// that have them (`TileContext.Mode.findDuplicate`), so reading keeps no id for the check. (A
/// `Set<String>` of a million ids costs several times the memory and spends most of its time in
/// SipHash. Filing each hash straight into its group as it is read, in page-sized chunks, saved the
/// regrouping pass but was slower: every hash went to another page.)
struct TileIDHashes {
  /// The hash of the `i`th tile's id at `i`, in room for `capacity` hashes reserved up front (pages
  /// never written cost nothing), so that appending is one store.
  private let storage: HashStorage
  private let hashes: UnsafeMutablePointer<UInt64>
  private let capacity: Int
  private(set) var count = 0
  /// Hashes of tiles another reader read (`ReadAhead`): runs of another index's hashes, checked with
  /// these, and that index's memory (kept while they are).
  private var adopted: [(start: UnsafePointer<UInt64>, count: Int)] = []
  private var owners: [AnyObject] = []

  /// Room for at most `capacity` ids.
  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    storage = HashStorage(capacity: self.capacity)
    hashes = storage.base
  }

  /// Records the hash of the next tile's id.
  @inline(__always)
  mutating func append(_ hash: UInt64) {
    precondition(count < capacity, "more tiles than the input can hold")
    hashes[count] = hash
    count &+= 1
  }

  /// Where this index's hashes are, and what keeps them: for another index to adopt a run of them
  /// (`adopt`) while this one is still being appended to (a hash once appended never changes).
  var storageForAdoption: (base: UnsafePointer<UInt64>, owner: AnyObject) { (UnsafePointer(hashes), storage) }

  /// Counts `count` hashes from `start` (in memory `owner` keeps) with this index's, as if they were
  /// appended; they are read only by `repeatedHashes`, so they may still be being written until then.
  mutating func adopt(_ start: UnsafePointer<UInt64>, count: Int, owner: AnyObject) {
    if let last = adopted.last, last.start + last.count == start {
      adopted[adopted.count - 1].count += count
    } else {
      adopted.append((start, count))
    }
    if !owners.contains(where: { $0 === owner }) { owners.append(owner) }
  }

  /// Owns the hashes' memory.
  private final class HashStorage {
    let base: UnsafeMutablePointer<UInt64>
    init(capacity: Int) { base = .allocate(capacity: capacity) }
    deinit { base.deallocate() }
  }

  /// The hashes appended more than once: empty when every id is different (and, with 64-bit hashes,
  /// in practice only when one repeats). - Complexity: O(n) expected.
  func repeatedHashes() -> Set<UInt64> {
    let runs = [(start: UnsafePointer(hashes), count: count)] + adopted
    let n = runs.reduce(0) { $0 + $1.count }
    guard n > 1 else { return [] }
    // Groups of about a thousand hashes, chosen by the top `groupBits` bits. In a group only the low
    // 32 bits are kept (4 bytes a hash, not 8): with the group's bits that is 42 bits of hash, and
    // the few equal ones are then looked up in full.
    var groupBits = 0
    while n >> groupBits > 1024 { groupBits += 1 }
    let shift = UInt64(64 - groupBits)
    @inline(__always) func group(_ h: UInt64) -> Int { groupBits == 0 ? 0 : Int(truncatingIfNeeded: h &>> shift) }
    let groups = 1 << groupBits
    let starts = UnsafeMutablePointer<Int>.allocate(capacity: groups + 1)
    let next = UnsafeMutablePointer<Int>.allocate(capacity: groups)
    let grouped = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
    defer {
      starts.deallocate()
      next.deallocate()
      grouped.deallocate()
    }
    starts.initialize(repeating: 0, count: groups + 1)
    for run in runs {
      for k in 0..<run.count { starts[group(run.start[k]) &+ 1] &+= 1 }
    }
    for g in 0..<groups { starts[g + 1] &+= starts[g] }
    next.initialize(from: starts, count: groups)
    for run in runs {
      for k in 0..<run.count {
        let h = run.start[k]
        let g = group(h)
        grouped[next[g]] = UInt32(truncatingIfNeeded: h)
        next[g] &+= 1
      }
    }

    // Each group through an open-addressing table at most half full, indexed by the low bits. 0 marks
    // an empty slot, so low bits of 0 are counted aside. A group whose low bits repeat is a candidate.
    var candidates = [Bool](repeating: false, count: groups)
    var anyCandidate = false
    var largest = 0
    for g in 0..<groups { largest = max(largest, starts[g + 1] - starts[g]) }
    var tableSize = 16
    while tableSize < 2 * largest { tableSize *= 2 }
    let table = UnsafeMutablePointer<UInt32>.allocate(capacity: tableSize)
    defer { table.deallocate() }
    for g in 0..<groups where starts[g + 1] - starts[g] > 1 {
      var size = 16
      while size < 2 * (starts[g + 1] - starts[g]) { size *= 2 }
      table.update(repeating: 0, count: size)
      let mask = size - 1
      var zeros = 0
      for k in starts[g]..<starts[g + 1] {
        let low = grouped[k]
        if low == 0 {
          zeros += 1
          continue
        }
        var slot = Int(truncatingIfNeeded: low) & mask
        while table[slot] != 0 && table[slot] != low { slot = (slot &+ 1) & mask }
        if table[slot] == low { candidates[g] = true }
        table[slot] = low
      }
      if zeros > 1 { candidates[g] = true }
      anyCandidate = anyCandidate || candidates[g]
    }
    guard anyCandidate else { return [] }

    // The candidate groups' hashes in full: the repeated ones.
    var seen: Set<UInt64> = []
    var repeated: Set<UInt64> = []
    for run in runs {
      for k in 0..<run.count where candidates[group(run.start[k])] {
        if !seen.insert(run.start[k]).inserted { repeated.insert(run.start[k]) }
      }
    }
    return repeated
  }
}
