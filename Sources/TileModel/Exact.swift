// Exact comparison of values: strings by their UTF-8 bytes, numbers by their text, keys in order.
//
// The synthesized `==` of `Tile`, `Section` and `JSONValue` compares strings as Swift does, by canonical
// equivalence: "é" written as one scalar equals "e" + U+0301. Two such files have different canonical
// forms, so `diff` must see the difference and `merge` must not take one for the other; they compare
// with these instead.

extension JSONValue {
  /// Whether the two values are the same, strings compared by their UTF-8 bytes.
  public func isExactly(_ other: JSONValue) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return sameBytes(a, b)
    case (.string(let a), .string(let b)): return sameBytes(a, b)
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.isExactly($1) }
    case (.object(let a), .object(let b)): return a.isExactly(b)
    default: return false
    }
  }
}

extension Array where Element == JSONField {
  /// Whether the two lists have the same keys in the same order with the same values.
  public func isExactly(_ other: [JSONField]) -> Bool {
    count == other.count && zip(self, other).allSatisfy { sameBytes($0.key, $1.key) && $0.value.isExactly($1.value) }
  }
}

/// Optional values compared exactly: both absent, or both present and exactly equal.
func exactlyEqual(_ a: String?, _ b: String?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let a?, let b?): return sameBytes(a, b)
  default: return false
  }
}

func exactlyEqual(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let a?, let b?): return a.isExactly(b)
  default: return false
  }
}

func exactlyEqual(_ a: TileColor?, _ b: TileColor?) -> Bool {
  exactlyEqual(a?.spelling, b?.spelling)
}

extension Tile {
  /// Whether the two tiles are written the same: every field, strings by their bytes.
  public func isExactly(_ other: Tile) -> Bool {
    sameBytes(id, other.id) && exactlyEqual(title, other.title) && exactlyEqual(color, other.color)
      && locked == other.locked && width == other.width && extras.isExactly(other.extras)
  }
}

extension Section {
  /// Whether the two sections' own fields (not their tiles) are written the same.
  public func fieldsAreExactly(_ other: Section) -> Bool {
    id.isExactly(other.id) && exactlyEqual(title, other.title) && maxItems == other.maxItems
      && locked == other.locked && extras.isExactly(other.extras)
  }
}

extension LayoutSpec.SizeSpec {
  public func isExactly(_ other: LayoutSpec.SizeSpec) -> Bool {
    width == other.width && height == other.height && extras.isExactly(other.extras)
  }
}

extension LayoutSpec.InsetsSpec {
  public func isExactly(_ other: LayoutSpec.InsetsSpec) -> Bool {
    top == other.top && left == other.left && bottom == other.bottom && right == other.right
      && extras.isExactly(other.extras)
  }
}

extension LayoutSpec {
  /// Whether the two layout objects are written the same.
  public func isExactly(_ other: LayoutSpec) -> Bool {
    direction == other.direction && exactlyEqual(itemSize, other.itemSize) && lineSpacing == other.lineSpacing
      && interitemSpacing == other.interitemSpacing && exactlyEqual(sectionInset, other.sectionInset)
      && headerHeight == other.headerHeight && alignment == other.alignment && extras.isExactly(other.extras)
  }
}

func exactlyEqual(_ a: LayoutSpec.SizeSpec?, _ b: LayoutSpec.SizeSpec?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let a?, let b?): return a.isExactly(b)
  default: return false
  }
}

func exactlyEqual(_ a: LayoutSpec.InsetsSpec?, _ b: LayoutSpec.InsetsSpec?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let a?, let b?): return a.isExactly(b)
  default: return false
  }
}

func exactlyEqual(_ a: LayoutSpec?, _ b: LayoutSpec?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let a?, let b?): return a.isExactly(b)
  default: return false
  }
}

extension Arrangement {
  /// Whether the two arrangements are written the same: their canonical forms are equal, without
  /// writing them. - Complexity: O(n).
  public func isExactly(_ other: Arrangement) -> Bool {
    guard version == other.version, exactlyEqual(layoutSpec, other.layoutSpec), extras.isExactly(other.extras),
      sections.count == other.sections.count, tileCount == other.tileCount
    else { return false }
    for (a, b) in zip(sections, other.sections) {
      guard a.fieldsAreExactly(b), a.items.count == b.items.count else { return false }
      for (ra, rb) in zip(a.items, b.items) where !tiles[ra].isExactly(other.tiles[rb]) { return false }
    }
    return true
  }
}

/// Whether two strings have the same UTF-8 bytes, compared a block at a time where the standard
/// library gives the bytes contiguously (native strings always). `isExactly`'s `elementsEqual` walks
/// them one by one, which `diff` and `merge` cannot afford a million times over.
@inline(__always)
func sameBytes(_ a: String, _ b: String) -> Bool {
  let (ua, ub) = (a.utf8, b.utf8)
  guard ua.count == ub.count else { return false }
  let fast = ua.withContiguousStorageIfAvailable { pa in
    ub.withContiguousStorageIfAvailable { pb in sameBytes(pa, pb) }
  }
  if let fast, let equal = fast { return equal }
  return ua.elementsEqual(ub)
}

/// Whether two buffers of the same length hold the same bytes, eight at a time.
@inline(__always)
private func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let pa = a.baseAddress, let pb = b.baseAddress else { return a.count == b.count }
  let raw = (UnsafeRawPointer(pa), UnsafeRawPointer(pb))
  var i = 0
  while i + 8 <= a.count {
    if raw.0.loadUnaligned(fromByteOffset: i, as: UInt64.self) != raw.1.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
      return false
    }
    i += 8
  }
  while i < a.count {
    if pa[i] != pb[i] { return false }
    i += 1
  }
  return true
}
