#if canImport(Glibc)
  import Glibc
#endif
import Canvas
import CursesTerminal
import Editor
import Reorder
import TileModel

extension TileGridCommand {
  static let renderCommand = Command(
    name: "render",
    synopsis:
      "[FILE|-] --width W --height H [--events EVENTS] [--at MS] [--motion on|off] [--press-ms N] [--color auto|always|never|truecolor|256|16|8] [--format FORMAT] [-o OUT] [--force]",
    summary: "print one screen of the editor",
    details: """
      Prints one screen of the interactive editor on a W x H terminal (each side from 1 to
      \(Screen.maximumSide)): exactly H lines of exactly W cells. With --events, the events are replayed
      first, as 'tilegrid play' does, so the screen in the middle of a drag (the placeholder, the
      floating tile, a refusal) can be printed. With --at, the screen MS milliseconds after the last
      event, while what the events moved glides to its place (0.25 s: --at 250 and later is the
      resting screen, the one printed without --at).

      --events EVENTS   replay these events first (the format of 'tilegrid play')
      --at MS           the frame MS milliseconds after the last event (0 to 60000), motion on
      --motion off      with --at: no motion, the resting screen at once
      --press-ms N      the long press's duration (default 300)
      --color always    SGR sequences only: 24-bit colors when the terminal says it shows them (as the
                        editor finds out: COLORTERM, TERM's terminfo RGB or Tc, a -direct TERM, the
                        variables of xterm, VTE, Konsole, kitty, WezTerm, Windows Terminal, iTerm2),
                        else xterm's 256 colors
      --color truecolor|256|16|8
                        SGR sequences at that depth, whatever the terminal says
      --color never     plain text: borders and marks tell tiles, focus and drags apart
      --color auto      always on a terminal when NO_COLOR is not set, else never (the default)
      \(FormatOptions.formatHelp)
      \(Output.outputHelp)
      \(Output.forceHelp)

      """,
    syntax: Syntax(
      valued: ["--width", "--height", "--events", "--at", "--motion", "--press-ms", "--color"] + FormatOptions.reading + Output.valued,
      flags: Output.flags,
      maximumOperands: 1, operands: "at most one FILE"),
    run: runRender)

  /// `render`'s command line.
  struct RenderOptions {
    var screen: Size
    var output: Output
    var pressMilliseconds: Int
    /// `--color` as given.
    var color: ColorChoice
    /// Whether SGR colors are written (for `auto`: on a terminal, NO_COLOR not set).
    var colored: Bool
    var path: String
    var events: String?
    var formats: FormatOptions
    /// `--at`: the frame this many milliseconds after the last event.
    var at: Int?
    /// `--motion` as given.
    var motion: Bool?

    init(_ args: Arguments) throws(CLIError) {
      let command = "render"
      screen = try screenSize(args, command: command)
      output = Output(args)
      pressMilliseconds = try args.integer("--press-ms", in: 0...60_000, command: command) ?? 300
      let text = args.values["--color"] ?? "auto"
      guard let choice = ColorChoice(rawValue: text) else {
        throw .usage("--color takes \(ColorChoice.spelled), not '\(text)'", command: command)
      }
      color = choice
      switch choice {
      case .never: colored = false
      case .auto:
        let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
        colored = output.isStandardOutput && isatty(1) == 1 && noColor.isEmpty
      case .always, .trueColor, .palette256, .basic16, .basic8: colored = true
      }
      path = try inputPath(args.operands.first, command: command)
      events = args.values["--events"]
      if path == "-" && events == "-" {
        throw .usage("FILE and EVENTS cannot both be standard input", command: command)
      }
      formats = try FormatOptions(args, command: command)
      at = try args.integer("--at", in: 0...60_000, command: command)
      motion = try motionOption(args, command: command)
    }
  }

  static func runRender(_ args: Arguments) throws(CLIError) {
    let options = try RenderOptions(args)
    let (colored, choice) = (options.colored, options.color)
    let recorded = try options.events.map { (path) throws(CLIError) in try recording(path) }
    let (arrangement, name, _, digest) = try load(
      options.path, format: options.formats.reading(options.path), digest: recorded?.recordedOn != nil)
    warnIfNotRecorded(on: name, digest: digest, recorded: recorded?.recordedOn)
    let format = options.formats.reading(options.path)
    var editor = EditorState(
      arrangement: arrangement, screen: options.screen, fileName: name,
      config: ReorderConfig(minimumPressDuration: options.pressMilliseconds), view: format.openingView(of: arrangement))
    editor.follow(options.formats.output ?? format, of: arrangement)
    // A frame of motion needs the motion followed through the events.
    if options.at != nil && options.motion != false { editor.setMotion(true) }
    if let recorded {
      replay(
        recorded.script, on: &editor, trace: false, eventsPath: options.events == "-" ? nil : options.events,
        besideFile: options.path, format: options.formats.reading(options.path))
    }
    let buffer = editor.view(scheme: colored ? .color : .monochrome, at: options.at.map { editor.now + $0 })
    let mode: RenderMode = colored ? .colored(choice.forcedDepth ?? colorDepthFromEnvironment) : .plain
    try options.output.write(Array(buffer.rendered(mode).utf8))
  }

  /// True color when the terminal says it shows it, as the editor finds out (`ColorPlan.trueColorSignal`
  /// with `TERM`'s terminfo entry), else xterm's 256 colors.
  static var colorDepthFromEnvironment: ColorDepth {
    CursesTerminal.trueColorSignal() != nil ? .trueColor : .xterm256
  }
}
