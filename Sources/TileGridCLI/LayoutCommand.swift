import Editor
import GridLayout
import TileGridJSON
import TileModel

extension TileGridCommand {
  static let layoutCommand = Command(
    name: "layout", operands: "[FILE|-]",
    summary: "print the flow layout on a W x H terminal as JSON",
    details: """
      Prints the flow layout of an arrangement on a W x H terminal as JSON: where the content viewport
      sits on the screen (below the title bar, above the status line), the content size, and every
      section's frame, header and tile frames in content coordinates. A tile at content point (x, y) is
      drawn at screen cell (viewport.x + x, viewport.y + y) while the content is not scrolled.

      {options}

      """,
    syntax: Syntax(
      options: screenOptions + [Options.format.spec, Options.output.spec, Options.force.spec],
      required: screenRequired, maximumOperands: 1,
      operands: "at most one FILE"),
    run: runLayout)

  /// Reads `--width` and `--height`, which every screen-shaped command requires: whole numbers from 1
  /// to `Screen.maximumSide`, the one rule for sizes everywhere (events files' `resize` too). Zero is
  /// refused (no screen has no cells); 1 x 1 is a valid, if tiny, screen.
  static func screenSize(_ args: Arguments, command: String) throws(CLIError) -> Size {
    Size(
      width: try args.required(Options.width, command: command),
      height: try args.required(Options.height, command: command))
  }

  /// `--width W --height H`, which `layout`, `play` and `render` require.
  static let screenOptions = [Options.width.spec, Options.height.spec]
  static var screenRequired: [String] { screenOptions.map(\.name) }

  /// `layout`'s command line.
  struct LayoutOptions {
    var screen: Size
    var output: Output
    var path: String
    var formats: FormatOptions

    init(_ args: Arguments) throws(CLIError) {
      let command = "layout"
      screen = try screenSize(args, command: command)
      output = try Output(args)
      path = try inputPath(args.operands.first, command: command)
      formats = try FormatOptions(args, command: command)
    }
  }

  static func runLayout(_ args: Arguments) throws(CLIError) {
    let options = try LayoutOptions(args)
    let (screen, output) = (options.screen, options.output)
    let format = options.formats.reading(options.path)
    let (arrangement, _, _) = try load(options.path, format: format)
    let viewport = Screen.viewport(forScreen: screen)
    // The frames the editor shows: a Markdown board's lanes, else the file's own layout.
    let view = format.openingView(of: arrangement)
    let layout = FlowLayout(
      arrangement: arrangement, viewport: viewport.size,
      parameters: view.parameters(for: arrangement, viewport: viewport.size))
    try output.write(LayoutJSON(arrangement: arrangement, layout: layout, viewport: viewport))
  }
}

/// What `tilegrid layout` prints, made in chunks.
struct LayoutJSON: ChunkProducer {
  var arrangement: Arrangement
  var layout: FlowLayout
  var viewport: Rect

  func produce<E: Error>(_ write: ([UInt8]) throws(E) -> Void) throws(E) {
    try layout.writeJSON(arrangement: arrangement, viewport: viewport, write)
  }
}
