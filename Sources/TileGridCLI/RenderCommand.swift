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
    operands: "[FILE|-]",
    summary: "print one screen of the editor",
    details: """
      Prints one screen of the interactive editor on a W x H terminal (each side from 1 to
      \(Screen.maximumSide), at most \(Screen.maximumCells.grouped) cells in all): exactly H lines of
      exactly W cells. With --events, the events are replayed
      first, as 'tilegrid play' does, so the screen in the middle of a drag (the placeholder, the
      floating tile, a refusal) can be printed. With --at, the screen MS milliseconds after the last
      event, while what the events moved glides to its place (0.25 s: --at 250 and later is the
      resting screen, the one printed without --at).

      {options}

      Here --color always writes SGR sequences only (no terminal is set up): 24-bit colors when the
      terminal says it shows them, else xterm's 256 colors; never is plain text, where borders and
      marks tell tiles, focus and drags apart; auto is always when standard output is a terminal and
      NO_COLOR is not set, else never. --motion off with --at draws the resting screen at once.

      """,
    syntax: Syntax(
      options: screenOptions + [
        Options.events.spec, Options.at.spec, Options.motion.spec, Options.pressMilliseconds.spec, Options.color.spec,
        Options.format.spec, Options.output.spec, Options.force.spec, Options.keys.spec,
      ],
      required: screenRequired, maximumOperands: 1, operands: "at most one FILE"),
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
    /// `--keys FILE`.
    var keys: Keys

    init(_ args: Arguments) throws(CLIError) {
      let command = "render"
      screen = try screenSize(args, command: command)
      if let cells = Self.tooManyCells(screen) {
        throw .usage(
          "--width \(screen.width) --height \(screen.height) is \(cells) cells; render draws at most "
            + "\(Screen.maximumCells.grouped) (W x H, like 1000 x 1000)", command: command)
      }
      output = try Output(args)
      pressMilliseconds = try args.value(Options.pressMilliseconds, command: command)
      let choice = try args.value(Options.color, command: command)
      color = choice
      switch choice {
      case .never: colored = false
      case .auto:
        let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
        colored = output.isStandardOutput && isatty(1) == 1 && noColor.isEmpty
      case .always, .trueColor, .palette256, .basic16, .basic8: colored = true
      }
      path = try inputPath(args.operands.first, command: command)
      events = try args.value(Options.events, command: command)
      if path == "-" && events == "-" {
        throw .usage("FILE and EVENTS cannot both be standard input", command: command)
      }
      formats = try FormatOptions(args, command: command)
      at = try args.value(Options.at, command: command)
      motion = try args.value(Options.motion, command: command)
      keys = try Keys(args.value(Options.keys, command: command), userFile: false)
    }

    /// The number of cells of `screen`, written with separators, when it is more than a screen that is
    /// drawn may have (`Screen.maximumCells`); nil when it may be drawn.
    static func tooManyCells(_ screen: Size) -> String? {
      let cells = screen.width * screen.height
      return cells > Screen.maximumCells ? cells.grouped : nil
    }
  }

  static func runRender(_ args: Arguments) throws(CLIError) {
    let options = try RenderOptions(args)
    options.keys.warn()
    let (screen, mode) = try renderedFrame(options)
    try options.output.write(Array(screen.rendered(mode).utf8))
  }

  /// The screen `render` prints, and how its colors are written: the editor after the events, drawn
  /// as the editor's own frame at the moment `--at` names (`EditorState.view(into:scheme:at:)`, as
  /// `FramePacer` draws every frame on a terminal), or at rest.
  static func renderedFrame(_ options: RenderOptions) throws(CLIError) -> (screen: Buffer, mode: RenderMode) {
    let (colored, choice) = (options.colored, options.color)
    let recorded = try options.events.map { (path) throws(CLIError) in try recording(path) }
    // Replaying a session, it opens the file as the editor does (which asks about a save's backup).
    let (file, name, _, digest) = try loadConflicted(
      options.path, format: options.formats.reading(options.path), digest: recorded?.recordedOn != nil,
      unfinished: recorded == nil ? .refuse : .ask)
    warnIfNotRecorded(on: name, digest: digest, recorded: recorded?.recordedOn)
    let format = options.formats.reading(options.path)
    var editor = EditorState(
      arrangement: file.arrangement, screen: options.screen, fileName: name,
      config: ReorderConfig(minimumPressDuration: options.pressMilliseconds), view: format.openingView(of: file.arrangement))
    editor.follow(options.formats.output ?? format, of: file.arrangement)
    editor.showCards(as: format, of: file.arrangement)
    editor.keymap = options.keys.keymap
    // A conflicted file is shown as the editor opens it: with its Conflicts panel.
    if file.isConflicted { editor.open(conflicts: file.conflicts) }
    // A frame of motion needs the motion followed through the events.
    if options.at != nil && options.motion != false { editor.setMotion(true) }
    if let recorded {
      replay(
        recorded.script, on: &editor, trace: false, eventsPath: options.events == "-" ? nil : options.events,
        besideFile: options.path, format: options.formats.reading(options.path))
    }
    // The events may have resized the screen past what is drawn.
    if let cells = RenderOptions.tooManyCells(editor.screen) {
      throw .data(
        "\(options.events ?? "the events"): the screen is resized to \(editor.screen.width) x \(editor.screen.height), "
          + "\(cells) cells; render draws at most \(Screen.maximumCells.grouped)")
    }
    let screen = editor.view(scheme: colored ? .color : .monochrome, at: options.at.map { editor.now + $0 })
    return (screen, colored ? .colored(choice.forcedDepth ?? colorDepthFromEnvironment) : .plain)
  }

  /// True color when the terminal says it shows it, as the editor finds out (`ColorPlan.trueColorSignal`
  /// with `TERM`'s terminfo entry), else xterm's 256 colors.
  static var colorDepthFromEnvironment: ColorDepth {
    CursesTerminal.trueColorSignal() != nil ? .trueColor : .xterm256
  }
}

extension Int {
  /// The number with a comma between each three digits: `1,000,000`.
  var grouped: String {
    let digits = String(magnitude)
    var text = ""
    for (k, digit) in digits.enumerated() {
      if k > 0 && (digits.count - k) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return self < 0 ? "-" + text : text
  }
}
