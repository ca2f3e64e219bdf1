import Editor
import Formats
import Reorder
import TileModel

extension TileGridCommand {
  static let playCommand = Command(
    name: "play",
    operands: "[FILE|-]",
    summary: "replay input headlessly; print the arrangement",
    details: """
      Replays input headlessly through the same code as the interactive editor, on a W x H screen (each
      side from 1 to \(Screen.maximumSide)), and prints the resulting arrangement in the input's format
      (canonical JSON for a JSON file), or in --to's.
      Time is virtual: nothing sleeps.

      EVENTS is a file (or '-' when FILE is not) with one event per line; '#' starts a comment outside
      quotes; coordinates are zero-based screen cells, as the terminal reports them:
        press X Y          button 1 down              wait MS            advance the clock
        move X Y           pointer motion             wheel up|down X Y  one wheel notch
        release X Y        button 1 up                resize W H         the terminal's new size
        key NAME           space enter esc tab backtab backspace delete insert left right up down
                           pgup pgdn home end hash, ctrl-X, alt-X, f1-f24, or one character
        input "BYTES"      raw terminal input (\\e, \\xNN, \\\\, \\"), decoded as the editor decodes it
        signal interrupt|terminate, saving file|ask|stdout, save-result ok|changed-on-disk|...,
        disk-version "FILE"|unreadable, edited-text "TEXT"|failed
        left-behind recovery|backup "NAME", disk-changed "FILE"|deleted|unreadable
                           what --record writes so that a session replays exactly

      {options}

      A recording's header ('# file: N bytes, SHA-256 HEX') names the file the session was opened on:
      when FILE is another one, one line on standard error says so (the replay goes on).

      Keys mean what the standard keys say, or with --keys FILE what that keys file says (a session
      recorded with a keys file in effect names it in its header).

      A 'key q' ends the replay as it would end the editor (after 'y' when there are unsaved
      changes); 'key s' saves nothing here. A tile still lifted when the events end is printed where
      it is. A malformed events file is an error naming its line (exit 65), and then nothing is
      printed.

      """,
    syntax: Syntax(
      options: screenOptions + [
        Options.events.spec, Options.trace.spec, Options.pressMilliseconds.spec, Options.motion.spec,
        Options.format.spec, Options.to.spec, Options.output.spec, Options.force.spec, Options.keys.spec,
      ],
      required: screenRequired + [Options.events.spec.name], maximumOperands: 1, operands: "at most one FILE"),
    run: runPlay)

  /// `play`'s command line.
  struct PlayOptions {
    var screen: Size
    var events: String
    var pressMilliseconds: Int
    var output: Output
    var path: String
    var trace: Bool
    var formats: FormatOptions
    var motion: Bool
    var keys: Keys

    init(_ args: Arguments) throws(CLIError) {
      let command = "play"
      screen = try screenSize(args, command: command)
      events = try args.required(Options.events, command: command)
      pressMilliseconds = try args.value(Options.pressMilliseconds, command: command)
      output = try Output(args)
      path = try inputPath(args.operands.first, command: command)
      if path == "-" && events == "-" {
        throw .usage("FILE and EVENTS cannot both be standard input", command: command)
      }
      trace = args.has(Options.trace)
      formats = try FormatOptions(args, command: command)
      motion = try args.value(Options.motion, command: command) ?? false
      keys = try Keys(args.value(Options.keys, command: command), userFile: false)
    }
  }

  static func runPlay(_ args: Arguments) throws(CLIError) {
    let options = try PlayOptions(args)
    options.keys.warn()
    let format = options.formats.reading(options.path)
    let (script, recordedOn) = try recording(options.events)
    // It opens the file as the editor does (which asks about a save's backup).
    let (file, name, _, digest) = try loadConflicted(options.path, format: format, digest: recordedOn != nil, unfinished: .ask)
    warnIfNotRecorded(on: name, digest: digest, recorded: recordedOn)
    var editor = EditorState(
      arrangement: file.arrangement, screen: options.screen, fileName: name,
      config: ReorderConfig(minimumPressDuration: options.pressMilliseconds), view: format.openingView(of: file.arrangement))
    editor.follow(options.formats.output ?? format, of: file.arrangement)
    editor.showCards(as: format, of: file.arrangement)
    editor.keymap = options.keys.keymap
    if file.isConflicted { editor.open(conflicts: file.conflicts) }
    editor.setMotion(options.motion)
    replay(
      script, on: &editor, trace: options.trace, eventsPath: options.events == "-" ? nil : options.events,
      besideFile: options.path, format: format)
    let written = options.formats.writing(to: options.output, input: format)
    let left = editor.unresolvedConflicts
    guard !left.isEmpty else {
      try options.output.write(editor.arrangement, as: written)
      return
    }
    // Conflicts still unresolved are written into the result again, never dropped.
    do {
      try written.checkWritable(editor.arrangement)
    } catch {
      throw .data("\(options.output.name): cannot write \(written): \(error)")
    }
    let (bytes, lost) = ConflictedArrangement(arrangement: editor.arrangement, conflicts: left).write(as: written)
    try options.output.write(bytes)
    report(lost, writing: options.output.name)
  }
}
