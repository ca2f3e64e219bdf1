import Editor
import GridLayout
import TileModel

extension TileGridCommand {
  static let layoutHelp = """
    Usage: tilegrid layout [FILE|-] --width W --height H

    Prints the flow layout of an arrangement on a W x H terminal as JSON: where the content viewport
    sits on the screen (below the title bar, above the status line), the content size, and every
    section's frame, header and tile frames in content coordinates. A tile at content point (x, y) is
    drawn at screen cell (viewport.x + x, viewport.y + y) while the content is not scrolled.

    """

  /// The largest terminal size the commands accept.
  static let maximumScreenSide = 100_000

  /// Reads `--width` and `--height`, which every screen-shaped command requires.
  static func screenSize(_ args: Arguments, command: String) throws(CLIError) -> Size {
    Size(
      width: try args.requiredInteger("--width", in: 0...maximumScreenSide, command: command),
      height: try args.requiredInteger("--height", in: 0...maximumScreenSide, command: command))
  }

  static func runLayout(_ arguments: [String]) throws(CLIError) {
    let command = "layout"
    let args = try Arguments(arguments, command: command, valued: ["--width", "--height"], flags: [])
    guard args.positionals.count <= 1 else {
      throw .usage("'tilegrid layout' takes at most one FILE", command: command)
    }
    let screen = try screenSize(args, command: command)
    let (arrangement, _, _) = try load(try inputPath(args.positionals.first, command: command))
    let viewport = Screen.viewport(forScreen: screen)
    let layout = FlowLayout(arrangement: arrangement, viewport: viewport.size)
    try writeLayoutJSON(arrangement, layout, viewport: viewport) { (chunk) throws(CLIError) in
      try Platform.writeStandardOutput(chunk)
    }
  }

  /// The layout as JSON, handed to `emit` in chunks of about a megabyte.
  static func writeLayoutJSON(
    _ arrangement: Arrangement, _ layout: FlowLayout, viewport: Rect, _ emit: ([UInt8]) throws(CLIError) -> Void
  ) throws(CLIError) {
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
