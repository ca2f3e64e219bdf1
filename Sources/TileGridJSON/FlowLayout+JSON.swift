import GridLayout
import TileModel

// The layout report: where everything is, as `tilegrid layout` prints it (docs/command-line.md).

extension FlowLayout {
  /// The layout as JSON, handed to `emit` in chunks of about `chunkSize` bytes: `viewport` (where the
  /// content sits on the screen), `contentSize`, and for every section its `id`, `frame`, `header`
  /// (`null` when `headerHeight` is 0) and `items`, each tile's `id` and `frame`. Frames are in content
  /// cells, written on one line each (`{"x": 1, "y": 1, "width": 14, "height": 3}`); the rest is the
  /// canonical form's two-space indentation, ending in a newline. This is what `tilegrid layout` prints.
  ///
  /// - Parameters:
  ///   - arrangement: the arrangement this layout was made from (for the ids; same sections and tiles).
  ///   - viewport: where the content is shown on the screen, in screen cells; reported as it is. A
  ///     content point `(x, y)` is screen cell `(viewport.x + x, viewport.y + y)` while not scrolled.
  ///   - chunkSize: roughly how many bytes to gather before calling `emit`.
  ///   - emit: receives the text in order; whatever it throws stops the writing and is rethrown.
  /// - Complexity: O(n) in the tiles; at most about `chunkSize` bytes are held at once.
  public func writeJSON<E: Error>(
    arrangement: Arrangement, viewport: Rect, chunkSize: Int = 1 << 20, _ emit: ([UInt8]) throws(E) -> Void
  ) throws(E) {
    var w = JSONWriter(reservingCapacity: min(chunkSize, 256 + arrangement.tileCount * 96))
    func rect(_ r: Rect) {
      w.beginObject(inline: true)
      w.key("x")
      w.int(r.x)
      w.key("y")
      w.int(r.y)
      w.key("width")
      w.int(r.width)
      w.key("height")
      w.int(r.height)
      w.endObject()
    }
    w.beginObject()
    w.key("viewport")
    rect(viewport)
    w.key("contentSize")
    let content = contentSize
    w.beginObject(inline: true)
    w.key("width")
    w.int(content.width)
    w.key("height")
    w.int(content.height)
    w.endObject()
    w.key("sections")
    w.beginArray()
    for (s, section) in arrangement.sections.enumerated() {
      w.element()
      w.beginObject()
      w.key("id")
      w.string(section.id)
      w.key("frame")
      rect(sectionFrame(s))
      w.key("header")
      if let header = headerFrame(s) { rect(header) } else { w.null() }
      w.key("items")
      w.beginArray()
      for (i, ref) in section.items.enumerated() {
        w.element()
        w.beginObject(inline: true)
        w.key("id")
        w.string(arrangement[ref].id)
        w.key("frame")
        rect(frame(of: ItemPath(s, i)))
        w.endObject()
        if w.bytes.count >= chunkSize { try emit(w.takeBytes()) }
      }
      w.endArray()
      w.endObject()
    }
    w.endArray()
    w.endObject()
    w.newlineAtEnd()
    try emit(w.takeBytes())
  }

  /// The layout as JSON in one array: `writeJSON(arrangement:viewport:_:)`'s text.
  ///
  ///     let layout = FlowLayout(arrangement: arrangement, viewport: Size(width: 80, height: 22))
  ///     let text = layout.jsonBytes(arrangement: arrangement, viewport: Rect(x: 0, y: 1, width: 80, height: 22))
  ///
  /// - Complexity: O(n) in the tiles.
  public func jsonBytes(arrangement: Arrangement, viewport: Rect) -> [UInt8] {
    var bytes: [UInt8] = []
    writeJSON(arrangement: arrangement, viewport: viewport) { bytes.append(contentsOf: $0) }
    return bytes
  }
}
