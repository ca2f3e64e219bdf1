import Editor
import GridLayout
import TileModel

extension TileGridCommand {
  static let layoutCommand = Command(
    name: "layout", synopsis: "[FILE|-] --width W --height H [-o OUT]",
    summary: "print the flow layout on a W x H terminal as JSON",
    details: """
      Prints the flow layout of an arrangement on a W x H terminal as JSON: where the content viewport
      sits on the screen (below the title bar, above the status line), the content size, and every
      section's frame, header and tile frames in content coordinates. A tile at content point (x, y) is
      drawn at screen cell (viewport.x + x, viewport.y + y) while the content is not scrolled.

      --width W         the terminal's width in cells, from 1 to \(Screen.maximumSide)
      --height H        its height in cells, from 1 to \(Screen.maximumSide); with fewer than 3 rows no
                        row is left between the title bar and the status line: the viewport's height is 0
      \(Output.outputHelp)
      \(Output.forceHelp)

      """,
    syntax: Syntax(
      valued: ["--width", "--height"] + Output.valued, flags: Output.flags, maximumOperands: 1,
      operands: "at most one FILE"),
    run: runLayout)

  /// Reads `--width` and `--height`, which every screen-shaped command requires: whole numbers from 1
  /// to `Screen.maximumSide`, the one rule for sizes everywhere (events files' `resize` too). Zero is
  /// refused (no screen has no cells); 1 x 1 is a valid, if tiny, screen.
  static func screenSize(_ args: Arguments, command: String) throws(CLIError) -> Size {
    Size(
      width: try args.requiredInteger("--width", in: 1...Screen.maximumSide, command: command),
      height: try args.requiredInteger("--height", in: 1...Screen.maximumSide, command: command))
  }

  static func runLayout(_ args: Arguments) throws(CLIError) {
    let command = "layout"
    let screen = try screenSize(args, command: command)
    let output = Output(args)
    let (arrangement, _, _) = try load(try inputPath(args.operands.first, command: command))
    let viewport = Screen.viewport(forScreen: screen)
    let layout = FlowLayout(arrangement: arrangement, viewport: viewport.size)
    try output.write(LayoutJSON(arrangement: arrangement, layout: layout, viewport: viewport))
  }

  /// The layout as JSON, handed to `emit` in chunks of about a megabyte.
  static func writeLayoutJSON<E: Error>(
    _ arrangement: Arrangement, _ layout: FlowLayout, viewport: Rect, _ emit: ([UInt8]) throws(E) -> Void
  ) throws(E) {
    var w = JSONWriter(reservingCapacity: min(1 << 20, 256 + arrangement.tileCount * 96))
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
    let content = layout.contentSize
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
      rect(layout.sectionFrame(s))
      w.key("header")
      if let header = layout.headerFrame(s) { rect(header) } else { w.null() }
      w.key("items")
      w.beginArray()
      for (i, ref) in section.items.enumerated() {
        w.element()
        w.beginObject(inline: true)
        w.key("id")
        w.string(arrangement[ref].id)
        w.key("frame")
        rect(layout.frame(of: ItemPath(s, i)))
        w.endObject()
        if w.bytes.count >= 1 << 20 { try emit(w.takeBytes()) }
      }
      w.endArray()
      w.endObject()
    }
    w.endArray()
    w.endObject()
    w.newlineAtEnd()
    try emit(w.takeBytes())
  }
}

/// What `tilegrid layout` prints, made in chunks.
struct LayoutJSON: ChunkProducer {
  var arrangement: Arrangement
  var layout: FlowLayout
  var viewport: Rect

  func produce<E: Error>(_ write: ([UInt8]) throws(E) -> Void) throws(E) {
    try TileGridCommand.writeLayoutJSON(arrangement, layout, viewport: viewport, write)
  }
}
