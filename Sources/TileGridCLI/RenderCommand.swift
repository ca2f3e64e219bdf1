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
    synopsis: "[FILE|-] --width W --height H [--events EVENTS] [--press-ms N] [--color auto|always|never] [-o OUT]",
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
      \(Output.outputHelp)
      \(Output.forceHelp)

      """,
    syntax: Syntax(
      valued: ["--width", "--height", "--events", "--press-ms", "--color"] + Output.valued, flags: Output.flags,
      maximumOperands: 1, operands: "at most one FILE"),
    run: runRender)

  static func runRender(_ args: Arguments) throws(CLIError) {
    let command = "render"
    let screen = try screenSize(args, command: command)
    let output = Output(args)
    let pressMilliseconds = try args.integer("--press-ms", in: 0...60_000, command: command) ?? 300
    let colored: Bool
    switch args.values["--color"] ?? "auto" {
    case "always": colored = true
    case "never": colored = false
    case "auto":
      let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
      colored = output.isStandardOutput && isatty(1) == 1 && noColor.isEmpty
    case let other:
      throw .usage("--color takes auto, always or never, not '\(other)'", command: command)
    }
    let inputPath = try self.inputPath(args.operands.first, command: command)
    if inputPath == "-" && args.values["--events"] == "-" {
      throw .usage("FILE and EVENTS cannot both be standard input", command: command)
    }
    let (arrangement, name, _) = try load(inputPath)
    var editor = EditorState(
      arrangement: arrangement, screen: screen, fileName: name,
      config: ReorderConfig(minimumPressDuration: pressMilliseconds))
    if let eventsPath = args.values["--events"] {
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
