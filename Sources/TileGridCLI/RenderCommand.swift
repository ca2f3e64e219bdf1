#if canImport(Glibc)
  import Glibc
#endif
import Canvas
import Editor
import Reorder
import TileModel

extension TileGridCommand {
  static let renderCommand = Command(
    name: "render",
    synopsis:
      "[FILE|-] --width W --height H [--events EVENTS] [--press-ms N] [--color auto|always|never] [--format FORMAT] [-o OUT]",
    summary: "print one screen of the editor",
    details: """
      Prints one screen of the interactive editor on a W x H terminal (each side from 1 to
      \(Screen.maximumSide)): exactly H lines of exactly W cells. With --events, the events are replayed
      first, as 'tilegrid play' does, so the screen in the middle of a drag (the placeholder, the
      floating tile, a refusal) can be printed.

      --events EVENTS   replay these events first (the format of 'tilegrid play')
      --press-ms N      the long press's duration (default 300)
      --color always    SGR sequences only: 24-bit colors when COLORTERM is truecolor or 24bit, else
                        xterm's 256 colors
      --color never     plain text: borders and marks tell tiles, focus and drags apart
      --color auto      always on a terminal when NO_COLOR is not set, else never (the default)
      \(FormatOptions.formatHelp)
      \(Output.outputHelp)
      \(Output.forceHelp)

      """,
    syntax: Syntax(
      valued: ["--width", "--height", "--events", "--press-ms", "--color"] + FormatOptions.reading + Output.valued,
      flags: Output.flags,
      maximumOperands: 1, operands: "at most one FILE"),
    run: runRender)

  /// `render`'s command line.
  struct RenderOptions {
    var screen: Size
    var output: Output
    var pressMilliseconds: Int
    /// Whether SGR colors are written (`--color`, decided for `auto` from the output and NO_COLOR).
    var colored: Bool
    var path: String
    var events: String?
    var formats: FormatOptions

    init(_ args: Arguments) throws(CLIError) {
      let command = "render"
      screen = try screenSize(args, command: command)
      output = Output(args)
      pressMilliseconds = try args.integer("--press-ms", in: 0...60_000, command: command) ?? 300
      switch args.values["--color"] ?? "auto" {
      case "always": colored = true
      case "never": colored = false
      case "auto":
        let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
        colored = output.isStandardOutput && isatty(1) == 1 && noColor.isEmpty
      case let other:
        throw .usage("--color takes auto, always or never, not '\(other)'", command: command)
      }
      path = try inputPath(args.operands.first, command: command)
      events = args.values["--events"]
      if path == "-" && events == "-" {
        throw .usage("FILE and EVENTS cannot both be standard input", command: command)
      }
      formats = try FormatOptions(args, command: command)
    }
  }

  static func runRender(_ args: Arguments) throws(CLIError) {
    let options = try RenderOptions(args)
    let (screen, output, colored) = (options.screen, options.output, options.colored)
    let (arrangement, name, _) = try load(options.path, format: options.formats.reading(options.path))
    var editor = EditorState(
      arrangement: arrangement, screen: screen, fileName: name,
      config: ReorderConfig(minimumPressDuration: options.pressMilliseconds))
    if let eventsPath = options.events {
      replay(try events(eventsPath), on: &editor, trace: false)
    }
    let buffer = editor.view(scheme: colored ? .color : .monochrome)
    let mode: RenderMode = colored ? .colored(colorDepthFromEnvironment) : .plain
    try output.write(Array(buffer.rendered(mode).utf8))
  }

  /// True color when `COLORTERM` says the terminal has it, else xterm's 256 colors.
  static var colorDepthFromEnvironment: ColorDepth {
    let value = getenv("COLORTERM").map { String(cString: $0) } ?? ""
    return value == "truecolor" || value == "24bit" ? .trueColor : .xterm256
  }
}
