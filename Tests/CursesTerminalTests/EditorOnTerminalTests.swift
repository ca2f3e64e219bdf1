import Document
import Editor
import Foundation
import GridLayout
import TestSupport
import Testing
import TileGridJSON
import TileModel

/// The built editor on a pseudo-terminal this test holds the other end of, as a terminal emulator
/// would: what it draws, the modes it sets and resets, how it answers mouse reports, keys, resizes and
/// signals, and what it leaves on disk. Every wait is for a condition, with a deadline.
@Suite("The editor on a terminal")
struct EditorOnTerminalTests {
  let directory: TemporaryDirectory
  let binary: String

  init() throws {
    directory = try TemporaryDirectory()
    binary = try TileGrid.binary()
  }

  static let esc = "\u{1B}"

  /// The demo as a file.
  func demoFile(_ name: String = "tiles.json") throws -> String {
    try directory.write(name, Arrangement.demo.jsonBytes())
  }

  func start(
    _ arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
    stdin: PseudoTerminalProcess.Stream = .terminal, stdout: PseudoTerminalProcess.Stream = .terminal,
    pendingInput: String = ""
  ) throws -> PseudoTerminalProcess {
    try PseudoTerminalProcess(
      binary, arguments, environment: PseudoTerminalProcess.environment(environment), width: width, height: height,
      directory: directory.path, stdin: stdin, stdout: stdout, stderr: .file(directory.file("stderr")),
      pendingInput: Array(pendingInput.utf8))
  }

  var stderrText: String { (try? String(contentsOfFile: directory.file("stderr"), encoding: .utf8)) ?? "" }

  /// The screen cell at the middle of tile `path` on the demo's first screen, 1-based for SGR reports.
  static func cell(of path: ItemPath, width: Int = 80, height: Int = 24) -> (x: Int, y: Int) {
    let viewport = Screen.viewport(forScreen: Size(width: width, height: height))
    let frame = FlowLayout(arrangement: .demo, viewport: viewport.size).frame(of: path)
    return (viewport.x + frame.x + frame.width / 2 + 1, viewport.y + frame.y + frame.height / 2 + 1)
  }

  static func mouse(_ code: Int, _ at: (x: Int, y: Int), release: Bool = false) -> String {
    "\(esc)[<\(code);\(at.x);\(at.y)\(release ? "m" : "M")"
  }

  func expectEnd(_ process: PseudoTerminalProcess, _ expected: PseudoTerminalProcess.Ending, _ comment: String = "") {
    let ending = process.waitForEnd()
    #expect(ending == expected, "\(comment) stderr: \(stderrText.debugDescription)")
  }

  // MARK: - Start, modes, quit

  @Test("the first frame shows the title bar; the modes are set at start and reset at exit; q exits 0")
  func firstFrameModesAndQuit() throws {
    let file = try demoFile()
    let process = try start([file])
    #expect(process.wait(for: "TileGrid"), "the title bar: \(process.text())")
    #expect(process.wait(for: "tiles.json"))
    #expect(process.wait(for: "READY"), "the status line")
    for mode in ["?1049h", "?1002h", "?1006h", "?1004h"] {
      #expect(PseudoTerminalProcess.find(Array("\(Self.esc)[\(mode)".utf8), in: process.output) != nil, "\(mode) sent")
    }
    let quitAt = process.output.count
    process.write("q")
    expectEnd(process, .exited(0))
    let after = Array(process.output[quitAt...])
    for mode in ["?1002l", "?1006l", "?1004l", "?1049l"] {
      #expect(PseudoTerminalProcess.find(Array("\(Self.esc)[\(mode)".utf8), in: after) != nil, "\(mode) sent at exit")
    }
    // A new pseudo-terminal starts in canonical mode with echo and signals, as a shell leaves it.
    let flags = tcflag_t(ICANON | ECHO | ISIG)
    #expect(process.modes().c_lflag & flags == flags, "canonical mode, echo and signals are back")
    #expect(stderrText == "")
    #expect(try directory.readText("tiles.json") == String(decoding: Arrangement.demo.jsonBytes(), as: UTF8.self))
  }

  @Test("input waiting before the start (a killed TileGrid's mouse reports) is not taken as input")
  func staleInputIsDropped() throws {
    // Typed before the program starts: the kernel keeps it in the terminal's input queue.
    let process = try start([try demoFile()], pendingInput: "\(Self.esc)[<0;5;4M\(Self.esc)[<0;5;4mq")
    #expect(process.wait(for: "READY"))
    process.write("x")
    // Still running: the stale q, if it got through, would have ended it before the first frame.
    #expect(process.ending == nil && process.waitForEnd(seconds: 0.3) == nil)
    process.write("q")
    expectEnd(process, .exited(0))
  }

  // MARK: - Mouse

  @Test("a mouse report leads to a frame: press, hold, drag and release move a tile; q asks, y quits")
  func mouseDrag() throws {
    let file = try demoFile()
    let process = try start([file, "--press-ms", "100"])
    #expect(process.wait(for: "READY"))
    let blue = Self.cell(of: ItemPath(0, 0))
    let red = Self.cell(of: ItemPath(0, 1))
    var mark = process.output.count
    process.write(Self.mouse(0, blue))
    #expect(process.wait(for: "PRESS", after: mark), "a frame after the press: \(process.text(from: mark))")
    #expect(process.wait(for: "DRAG", after: mark), "lifted after the long press")
    mark = process.output.count
    process.write(Self.mouse(32, (blue.x + 1, blue.y)))
    #expect(process.wait { $0.count > mark }, "a frame after a motion report")
    process.write(Self.mouse(32, red))
    process.write(Self.mouse(0, red, release: true))
    #expect(process.wait(for: "Dropped", after: mark))
    #expect(process.wait(for: "unsaved", after: mark))
    mark = process.output.count
    process.write("q")
    #expect(process.wait(for: "Unsaved changes: y quit", after: mark))
    process.write("y")
    expectEnd(process, .exited(0))
    #expect(try directory.readText("tiles.json") == String(decoding: Arrangement.demo.jsonBytes(), as: UTF8.self))
  }

  // MARK: - Saving, signals, recovery

  @Test("s saves the file in place; the saved file is the moved arrangement")
  func save() throws {
    let file = try demoFile()
    let process = try start([file])
    #expect(process.wait(for: "READY"))
    process.write(" \(Self.esc)[C\r")
    #expect(process.wait(for: "unsaved"))
    let mark = process.output.count
    process.write("s")
    #expect(process.wait(for: "Saved", after: mark))
    process.write("q")
    expectEnd(process, .exited(0))
    var expected = Arrangement.demo
    try expected.move(from: ItemPath(0, 0), to: ItemPath(0, 1))
    #expect(try directory.readText("tiles.json") == String(decoding: expected.jsonBytes(), as: UTF8.self))
  }

  @Test("a file changed on disk into something that is not a board is not overwritten without asking; o overwrites, and the stamp is kept")
  func changedOnDisk() throws {
    let file = try demoFile()
    let process = try start([file])
    #expect(process.wait(for: "READY"))
    process.write(" \(Self.esc)[C\r")
    #expect(process.wait(for: "unsaved"))
    try directory.write("tiles.json", "someone else's\n")
    var mark = process.output.count
    process.write("s")
    #expect(process.wait(for: "Not a board on disk now", after: mark), "\(process.text(from: mark))")
    #expect(try directory.readText("tiles.json") == "someone else's\n")
    mark = process.output.count
    process.write("o")
    #expect(process.wait(for: "Saved", after: mark))
    var expected = Arrangement.demo
    try expected.move(from: ItemPath(0, 0), to: ItemPath(0, 1))
    #expect(try directory.readText("tiles.json") == String(decoding: expected.jsonBytes(), as: UTF8.self))
    // The stamp of what was written is kept: saving again does not ask.
    mark = process.output.count
    process.write(" \(Self.esc)[D\r")
    #expect(process.wait(for: "Dropped", after: mark))
    mark = process.output.count
    process.write("s")
    #expect(process.wait(for: "Saved", after: mark), "\(process.text(from: mark))")
    #expect(try directory.readText("tiles.json") == String(decoding: Arrangement.demo.jsonBytes(), as: UTF8.self))
    process.write("q")
    expectEnd(process, .exited(0))
  }

  @Test("the demo has no file: s asks for a name, Enter saves there, and the title shows it")
  func demoSaveAs() throws {
    let process = try start([])
    #expect(process.wait(for: "READY"))
    process.write(" \(Self.esc)[C\r")
    var mark = process.output.count
    process.write("s")
    #expect(process.wait(for: "Save as", after: mark))
    mark = process.output.count
    process.write("mine.json\r")
    #expect(process.wait(for: "Saved", after: mark))
    #expect(process.wait(for: "mine.json", after: mark))
    process.write("q")
    expectEnd(process, .exited(0))
    var expected = Arrangement.demo
    try expected.move(from: ItemPath(0, 0), to: ItemPath(0, 1))
    #expect(try directory.readText("mine.json") == String(decoding: expected.jsonBytes(), as: UTF8.self))
  }

  @Test("a terminal with few color pairs: the table is started again, never a crash, colors still drawn")
  func fewColorPairs() throws {
    // A real terminal description with 8 pairs (xterm has 64), compiled here.
    let terminfo = directory.file("terminfo")
    try FileManager.default.createDirectory(atPath: terminfo, withIntermediateDirectories: true)
    let source = try directory.write(
      "few.src", "xterm-fewpairs|xterm-256color with 8 color pairs,\n\tpairs#8, use=xterm-256color,\n")
    let tic = Process()
    tic.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    tic.arguments = ["tic", "-x", "-o", terminfo, source]
    try tic.run()
    tic.waitUntilExit()
    try #require(tic.terminationStatus == 0)
    let process = try start([try demoFile()], environment: ["TERM": "xterm-fewpairs", "TERMINFO": terminfo])
    #expect(process.wait(for: "READY"), "\(process.text())")
    #expect(PseudoTerminalProcess.find(Array("48;5;".utf8), in: process.output) != nil, "colors")
    // Walking the focus through the tiles redraws with other colors: pairs run out and start again.
    // (Each step differs from every earlier one, so no two keys read together can cancel out.)
    for _ in 0..<12 {
      let mark = process.output.count
      process.write("\(Self.esc)[C")
      process.wait(seconds: 2) { $0.count > mark }  // pacing only: the frames may arrive together
    }
    // Still drawing, in color: the help comes up.
    let mark = process.output.count
    process.write("?")
    #expect(process.wait(for: "Keys", after: mark), "\(process.text())")
    #expect(PseudoTerminalProcess.find(Array("48;5;".utf8), in: process.output, from: mark) != nil, "colors")
    process.write("qq")  // the first closes the help, the second quits
    expectEnd(process, .exited(0))
  }

  @Test("SIGTERM with unsaved changes writes FILE.recovery.json, says where, and exits 143")
  func terminateWritesRecovery() throws {
    let file = try demoFile()
    let process = try start([file])
    #expect(process.wait(for: "READY"))
    process.write(" \(Self.esc)[C\r")
    #expect(process.wait(for: "unsaved"))
    let mark = process.output.count
    process.signal(SIGTERM)
    expectEnd(process, .exited(143))
    #expect(PseudoTerminalProcess.find(Array("\(Self.esc)[?1049l".utf8), in: process.output, from: mark) != nil)
    let recovery = directory.file("tiles.json.recovery.json")
    var expected = Arrangement.demo
    try expected.move(from: ItemPath(0, 0), to: ItemPath(0, 1))
    // The arrangement, and what it is: the changes of this file, made on the demo.
    var recovered = try Arrangement(json: try directory.read("tiles.json.recovery.json"))
    let record = recovered.extras.first { $0.key == "recoveredFrom" }?.value
    recovered.extras.removeAll { $0.key == "recoveredFrom" }
    #expect(recovered == expected)
    guard case .object(let fields)? = record else {
      Issue.record("no recoveredFrom record: \(try directory.readText("tiles.json.recovery.json"))")
      return
    }
    #expect(fields.map(\.key) == ["file", "base"])
    #expect(fields.first?.value == .string(URL(fileURLWithPath: file).resolvingSymlinksInPath().path))
    #expect(stderrText == "tilegrid: SIGTERM: unsaved changes kept in '\(recovery)'\n")
    #expect(try directory.readText("tiles.json") == String(decoding: Arrangement.demo.jsonBytes(), as: UTF8.self))
  }

  /// The demo after Space, Right, Enter: blue after red.
  static func blueMovedRight() throws -> Arrangement {
    var moved = Arrangement.demo
    try moved.move(from: ItemPath(0, 0), to: ItemPath(0, 1))
    return moved
  }

  /// Blue moved right, then SIGTERM: the session's recovery file is left beside `file`.
  func leaveRecovery(_ file: String, environment: [String: String] = [:]) throws {
    let process = try start([file], environment: environment)
    #expect(process.wait(for: "READY"))
    process.write(" \(Self.esc)[C\r")
    #expect(process.wait(for: "unsaved"))
    process.signal(SIGTERM)
    expectEnd(process, .exited(143))
  }

  @Test("a recovery restored after the file changed on disk gets the disk's changes merged in, never lost")
  func recoveryMergesTheDisk() throws {
    let file = try demoFile()
    try leaveRecovery(file)
    // A newer change on disk, after the recovery was written.
    try directory.write("rename.txt", "set red title \"Rot\"\n")
    let apply = try TileGrid.run(["apply", "tiles.json", "rename.txt", "-i"], in: directory)
    #expect(apply.status == 0, "\(apply)")
    let process = try start([file], width: 200)
    #expect(process.wait(for: "holds unsaved changes"), "\(process.text().suffix(400))")
    process.write("r")
    #expect(process.wait(for: "merged in: 1 edit"), "\(process.text().suffix(400))")
    process.write("s")
    #expect(process.wait(for: "Saved"))
    process.write("q")
    expectEnd(process, .exited(0))
    var expected = try Self.blueMovedRight()
    try expected.apply([.set(tile: "red", .title("Rot"))])
    #expect(try Arrangement(json: try directory.read("tiles.json")) == expected, "both the session's move and the disk's rename")
    #expect(!directory.exists("tiles.json.recovery.json"), "restored and saved: done")
  }

  @Test("a recovery file that is another file's, says nothing of itself, or is a FIFO is named and not offered; never a hang")
  func recoveriesNotThisFilesAreNotOffered() throws {
    let file = try demoFile()
    let empty = Arrangement(sections: [])
    let other = "{\"version\": 1, \"sections\": [], \"recoveredFrom\": {\"file\": \"/elsewhere/tiles.json\", \"base\": null}}\n"
    let cases: [(make: () throws -> Void, reason: String)] = [
      ({ try self.directory.write("tiles.json.recovery.json", empty.jsonBytes()) }, "it does not say which file's changes it keeps"),
      ({ try self.directory.write("tiles.json.recovery.json", other) }, "it keeps changes of another file, '/elsewhere/tiles.json'"),
      ({ #expect(mkfifo(self.directory.file("tiles.json.recovery.json"), 0o600) == 0) }, "it is not a regular file"),
    ]
    for (make, reason) in cases {
      try? FileManager.default.removeItem(atPath: directory.file("tiles.json.recovery.json"))
      try make()
      let process = try start([file], width: 200)
      #expect(process.wait(for: reason), "\(reason): \(process.text().suffix(400))")
      process.write("r")  // not offered: it keeps
      #expect(process.wait(for: "Kept tiles.json.recovery.json"))
      process.write("q")
      expectEnd(process, .exited(0), reason)
      #expect(try Arrangement(json: try directory.read("tiles.json")) == .demo)
      #expect(FileManager.default.fileExists(atPath: directory.file("tiles.json.recovery.json")))
    }
  }

  @Test("a recovery file in $TMPDIR is offered again when the file is opened next; another file's of its name is not")
  func recoveryInTheTemporaryDirectory() throws {
    let file = try demoFile()
    try FileManager.default.createDirectory(atPath: directory.file("tmp"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: directory.file("other"), withIntermediateDirectories: true)
    let otherFile = try directory.write("other/tiles.json", Arrangement.demo.jsonBytes())
    // Recovery files as a session writes them where none can be written beside the file.
    try leaveRecovery(file)
    try FileManager.default.moveItem(atPath: directory.file("tiles.json.recovery.json"), toPath: directory.file("tmp/tiles.json.recovery.json"))
    try leaveRecovery(otherFile)
    try FileManager.default.moveItem(
      atPath: directory.file("other/tiles.json.recovery.json"), toPath: directory.file("tmp/tiles.json.recovery-2.json"))
    let process = try start([file], width: 200, environment: ["TMPDIR": directory.file("tmp")])
    #expect(process.wait(for: "tmp/tiles.json.recovery.json holds unsaved changes"), "\(process.text().suffix(400))")
    process.write("r")
    #expect(process.wait(for: "Restored"))
    process.write("s")
    #expect(process.wait(for: "Saved"))
    process.write("q")
    expectEnd(process, .exited(0))
    #expect(!process.text().contains("recovery-2"), "the other file's is not asked about")
    #expect(try Arrangement(json: try directory.read("tiles.json")) == (try Self.blueMovedRight()))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("tmp")) == ["tiles.json.recovery-2.json"])
  }

  @Test("a file name that is not UTF-8: the title shows \\xNN, s saves that very file, its recovery file is found again")
  func fileNameBytes() throws {
    // Made and named by a shell: a Swift string cannot hold the name.
    try directory.write("demo.json", Arrangement.demo.jsonBytes())
    _ = try runShell("cp demo.json \"$(printf 'l\\351.json')\"; cp demo.json \"$(printf 'l\\357\\277\\275.json')\"")
    func editor() throws -> PseudoTerminalProcess {
      try PseudoTerminalProcess(
        "/bin/sh", ["-c", "exec \"$0\" \"$(printf 'l\\351.json')\"", binary],
        environment: PseudoTerminalProcess.environment(), width: 80, height: 24, directory: directory.path,
        stderr: .file(directory.file("stderr")))
    }
    var process = try editor()
    #expect(process.wait(for: "l\\xe9.json"), "the title: \(process.text().suffix(300))")
    process.write(" \(Self.esc)[C\rs")
    #expect(process.wait(for: "Saved"))
    process.write(" \(Self.esc)[C\r")
    #expect(process.wait(for: "unsaved"))
    process.signal(SIGTERM)
    expectEnd(process, .exited(143))
    #expect(stderrText == "tilegrid: SIGTERM: unsaved changes kept in 'l\\xe9.json.recovery.json'\n")
    let saved = try runShell("cat \"$(printf 'l\\351.json')\"")
    #expect(try Arrangement(json: Array(saved.utf8)) == (try Self.blueMovedRight()), "saved into the file named")
    let other = try runShell("cat \"$(printf 'l\\357\\277\\275.json')\"")
    #expect(try Arrangement(json: Array(other.utf8)) == .demo, "the other file is as it was")
    #expect(try runShell("ls \"$(printf 'l\\351.json.recovery.json')\"").isEmpty == false)
    process = try editor()
    #expect(process.wait(for: "holds unsaved changes"), "\(process.text().suffix(300))")
    process.write("k")
    process.write("q")
    expectEnd(process, .exited(0))
  }

  /// Runs `script` with sh in the test's directory; its standard output.
  func runShell(_ script: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test("SIGHUP ends the editor as SIGTERM does (129); an earlier recovery file is never replaced")
  func hangup() throws {
    let file = try demoFile()
    try directory.write("tiles.json.recovery.json", "earlier")
    let process = try start([file])
    // The earlier one is asked about first (it is not an arrangement); k keeps it.
    #expect(process.wait(for: "behind"))
    process.write("k")
    #expect(process.wait(for: "Kept"))
    process.write(" \(Self.esc)[B\r")
    #expect(process.wait(for: "unsaved"))
    process.signal(SIGHUP)
    expectEnd(process, .exited(129))
    #expect(try directory.readText("tiles.json.recovery.json") == "earlier")
    #expect(FileManager.default.fileExists(atPath: directory.file("tiles.json.recovery-2.json")))
    #expect(stderrText.contains("tiles.json.recovery-2.json"))
  }

  @Test("SIGTERM without unsaved changes writes nothing and says so")
  func terminateClean() throws {
    let process = try start([try demoFile()])
    #expect(process.wait(for: "READY"))
    process.signal(SIGTERM)
    expectEnd(process, .exited(143))
    #expect(!FileManager.default.fileExists(atPath: directory.file("tiles.json.recovery.json")))
    #expect(stderrText == "tilegrid: SIGTERM: ended; nothing was unsaved\n")
  }

  @Test("SIGINT sent by kill asks as q does")
  func interrupt() throws {
    let process = try start([try demoFile()])
    #expect(process.wait(for: "READY"))
    process.write(" \(Self.esc)[C\r")
    #expect(process.wait(for: "unsaved"))
    let mark = process.output.count
    process.signal(SIGINT)
    #expect(process.wait(for: "Unsaved changes: y quit", after: mark))
    process.write("y")
    expectEnd(process, .exited(0))
  }

  // MARK: - Suspend, repaint, resize

  @Test("Ctrl-Z restores the terminal and stops; continued, it takes the terminal back and repaints")
  func suspendAndContinue() throws {
    let process = try start([try demoFile()])
    #expect(process.wait(for: "READY"))
    var mark = process.output.count
    process.write([0x1A])
    #expect(process.waitForStop(), "stopped")
    process.read(waiting: 50)
    let atStop = Array(process.output[mark...])
    for mode in ["?1002l", "?1006l", "?1004l", "?1049l"] {
      #expect(
        PseudoTerminalProcess.find(Array("\(Self.esc)[\(mode)".utf8), in: atStop) != nil, "\(mode) before stopping")
    }
    #expect(
      process.modes().c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO), "the shell's modes while stopped")
    mark = process.output.count
    process.signal(SIGCONT)
    #expect(process.wait(for: "\(Self.esc)[?1002h", after: mark), "mouse reporting back on")
    #expect(process.wait(for: "TileGrid", after: mark), "repainted")
    #expect(process.modes().c_lflag & tcflag_t(ICANON | ECHO) == 0, "raw again")
    process.write("q")
    expectEnd(process, .exited(0))
  }

  @Test("SIGTSTP sent by kill suspends as Ctrl-Z does; SIGCONT brings the editor back")
  func stopSignal() throws {
    let process = try start([try demoFile()])
    #expect(process.wait(for: "READY"))
    var mark = process.output.count
    process.signal(SIGTSTP)
    #expect(process.waitForStop(), "stopped")
    process.read(waiting: 50)
    #expect(PseudoTerminalProcess.find(Array("\(Self.esc)[?1049l".utf8), in: process.output, from: mark) != nil)
    mark = process.output.count
    process.signal(SIGCONT)
    #expect(process.wait(for: "TileGrid", after: mark), "repainted")
    process.write("q")
    expectEnd(process, .exited(0))
  }

  @Test("Ctrl-L clears the screen and paints everything again")
  func repaint() throws {
    let process = try start([try demoFile()])
    #expect(process.wait(for: "READY"))
    let mark = process.output.count
    process.write([0x0C])
    #expect(process.wait(for: "\(Self.esc)[H\(Self.esc)[2J", after: mark))
    #expect(process.wait(for: "TileGrid", after: mark))
    process.write("q")
    expectEnd(process, .exited(0))
  }

  @Test("resizes to 1x1, to 2x2 in the middle of a drag, and back: never a crash")
  func resizes() throws {
    let process = try start([try demoFile(), "--press-ms", "50"], width: 1, height: 1)
    #expect(process.wait { $0.count > 100 }, "a first frame on a 1x1 terminal")
    var mark = process.output.count
    process.resize(width: 80, height: 24)
    #expect(process.wait(for: "READY", after: mark))
    let blue = Self.cell(of: ItemPath(0, 0))
    process.write(Self.mouse(0, blue))
    #expect(process.wait(for: "DRAG", after: mark))
    mark = process.output.count
    process.resize(width: 2, height: 2)
    #expect(process.wait { $0.count > mark })
    process.write(Self.mouse(32, (1, 1)))
    process.write(Self.mouse(32, (2, 2)))
    process.resize(width: 1, height: 1)
    process.write(Self.mouse(32, (1, 1)))
    mark = process.output.count
    process.resize(width: 30, height: 12)
    process.write(Self.mouse(0, (5, 5), release: true))
    process.resize(width: 200, height: 60)
    #expect(process.wait(for: "READY", after: mark))
    mark = process.output.count
    process.resize(width: 5000, height: 5000)
    #expect(process.wait { $0.count > mark + 1000 }, "drawn in its top-left part")
    mark = process.output.count
    process.resize(width: 80, height: 24)
    #expect(process.wait(for: "READY", after: mark))
    #expect(process.ending == nil)
    // The drop may have moved the tile (then q asks first) or not.
    process.write("q")
    process.wait { _ in
      process.ending != nil
        || PseudoTerminalProcess.find(Array("Unsaved changes: y quit".utf8), in: process.output, from: mark) != nil
    }
    process.write("y")
    expectEnd(process, .exited(0))
  }

  @Test("a terminal of 20000 x 20000 cells: the editor starts, drawn in its top-left part, within bounded memory")
  func hugeTerminal() throws {
    /// The process's peak resident memory, in MB (VmHWM).
    func peakMB(_ process: PseudoTerminalProcess) -> Int {
      let status = (try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8)) ?? ""
      let kilobytes = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        .flatMap { Int($0.dropFirst(6).filter(\.isNumber)) } ?? 0
      return kilobytes / 1024
    }
    let process = try start([try demoFile()], width: 20_000, height: 20_000)
    #expect(process.wait(for: "READY", seconds: 60), "a first frame")
    // The screen drawn is at most 1000 x 1000 cells (two frames and ncurses' screens, ~150 bytes a
    // cell); a 20000 x 20000 one would be 60 GB.
    #expect(peakMB(process) < 400, "peak memory \(peakMB(process)) MB")
    var mark = process.output.count
    process.resize(width: 80, height: 24)
    #expect(process.wait(for: "READY", after: mark))
    mark = process.output.count
    process.resize(width: 20_000, height: 20_000)
    #expect(process.wait(seconds: 60) { $0.count > mark + 1000 }, "drawn in its top-left part")
    #expect(peakMB(process) < 400, "peak memory \(peakMB(process)) MB")
    process.write("q")
    expectEnd(process, .exited(0))
  }

  // MARK: - What is drawn

  @Test("titles with escape sequences never reach the terminal raw")
  func escapesInTitles() throws {
    let json = String(decoding: Arrangement.demo.jsonBytes(), as: UTF8.self)
      .replacingOccurrences(
        of: "\"title\": \"Favorites\"", with: "\"title\": \"\\u001b]2;owned\\u0007Favorites\\u001b[2J\""
      )
      .replacingOccurrences(of: "\"title\": \"blue\"", with: "\"title\": \"\\u001b]2;pwned\\u0007blue\\u001b[31m\"")
    #expect(json.contains("owned") && json.contains("pwned"))
    let file = try directory.write("evil.json", json)
    let process = try start([file])
    #expect(process.wait(for: "READY"))
    process.write("?")
    process.write("q")
    process.write("q")
    _ = process.waitForEnd()
    #expect(PseudoTerminalProcess.find(Array("\(Self.esc)]".utf8), in: process.output) == nil, "no OSC at all")
    #expect(PseudoTerminalProcess.find([0x07], in: process.output) == nil, "no BEL")
    #expect(PseudoTerminalProcess.find(Array("owned".utf8), in: process.output) != nil, "the title is shown, as text")
  }

  @Test("wide characters are drawn under LANG=C too (the locale falls back to C.UTF-8)")
  func wideCharactersUnderCLocale() throws {
    let json = String(decoding: Arrangement.demo.jsonBytes(), as: UTF8.self)
      .replacingOccurrences(of: "\"title\": \"Favorites\"", with: "\"title\": \"한국어 😀 Favorites\"")
    let file = try directory.write("wide.json", json)
    let process = try start([file], environment: ["LANG": "C"])
    #expect(process.wait(for: "한국어"), "\(process.text())")
    process.write("q")
    expectEnd(process, .exited(0))
  }

  @Test("colors: 256 by default, 24-bit with COLORTERM=truecolor, none with NO_COLOR or --color never")
  func colors() throws {
    func run(_ arguments: [String], _ environment: [String: String]) throws -> [UInt8] {
      let process = try start(arguments, environment: environment)
      #expect(process.wait(for: "READY"))
      process.write("q")
      expectEnd(process, .exited(0))
      return process.output
    }
    let file = try demoFile()
    func has(_ text: String, _ output: [UInt8]) -> Bool {
      PseudoTerminalProcess.find(Array(text.utf8), in: output) != nil
    }
    let palette = try run([file], [:])
    #expect(has("48;5;21m", palette) && !has("48;2;", palette))
    let direct = try run([file], ["COLORTERM": "truecolor"])
    #expect(has("48;2;0;1;255m", direct), "blue as 24-bit color")
    for output in [try run([file], ["NO_COLOR": "1"]), try run([file, "--color", "never"], [:])] {
      #expect(!has("38;5;", output) && !has("48;5;", output) && !has("38;2;", output) && !has("48;2;", output))
      #expect(has("tiles.json", output))
    }
    #expect(has("48;5;21m", try run([file, "--color", "always"], ["NO_COLOR": "1"])))
  }

  // MARK: - Pipe mode

  @Test("pipe mode: the arrangement from standard input, the saved one to standard output at the end")
  func pipeModeSaved() throws {
    let input = try demoFile("input.json")
    let output = directory.file("output.json")
    let process = try start(["-"], stdin: .file(input), stdout: .file(output))
    #expect(process.wait(for: "<stdin>"))
    process.write(" \(Self.esc)[C\r")
    #expect(process.wait(for: "unsaved"))
    process.write("s")
    #expect(process.wait(for: "Saved"))
    process.write("q")
    expectEnd(process, .exited(0))
    var expected = Arrangement.demo
    try expected.move(from: ItemPath(0, 0), to: ItemPath(0, 1))
    #expect(try directory.readText("output.json") == String(decoding: expected.jsonBytes(), as: UTF8.self))
    #expect(stderrText == "")
  }

  @Test("pipe mode without a FILE: quitting without saving writes nothing and exits 1")
  func pipeModeNotSaved() throws {
    let input = try demoFile("input.json")
    let output = directory.file("output.json")
    let process = try start([], stdin: .file(input), stdout: .file(output))
    #expect(process.wait(for: "READY"))
    process.write("q")
    expectEnd(process, .exited(1))
    #expect(try directory.readText("output.json") == "")
    #expect(stderrText == "tilegrid: quit without saving: nothing was written to standard output\n")
  }

  // MARK: - Recording

  @Test("--record writes what tilegrid play replays to the arrangement the session saved")
  func recordAndReplay() throws {
    let file = try demoFile()
    let original = try directory.write("original.json", Arrangement.demo.jsonBytes())
    let events = directory.file("session.events")
    let process = try start([file, "--record", events, "--press-ms", "150"], width: 90, height: 30)
    #expect(process.wait(for: "READY"))
    let blue = Self.cell(of: ItemPath(0, 0), width: 90, height: 30)
    let target = Self.cell(of: ItemPath(1, 2), width: 90, height: 30)
    var mark = process.output.count
    process.write(Self.mouse(0, blue))
    #expect(process.wait(for: "DRAG", after: mark))
    for step in 1...8 {
      let x = blue.x + (target.x - blue.x) * step / 8
      let y = blue.y + (target.y - blue.y) * step / 8
      process.write(Self.mouse(32, (x, y)))
      process.read(waiting: 5)
    }
    process.write(Self.mouse(0, target, release: true))
    #expect(process.wait(for: "Dropped", after: mark))
    process.write("\(Self.esc)[B \(Self.esc)[C\r")
    mark = process.output.count
    process.write("s")
    #expect(process.wait(for: "Saved", after: mark))
    process.write("q")
    expectEnd(process, .exited(0))
    let saved = try directory.readText("tiles.json")
    #expect(saved != String(decoding: Arrangement.demo.jsonBytes(), as: UTF8.self), "the session moved tiles")
    let replay = try TileGrid.run([
      "play", original, "--width", "90", "--height", "30", "--press-ms", "150", "--events", events,
    ])
    #expect(replay.status == 0, "\(replay)")
    #expect(replay.stdoutText == saved, "the replay ends where the session saved")
    let text = try directory.readText("session.events")
    #expect(text.hasPrefix("# TileGrid session recorded with --record: "))
    #expect(text.contains("\nresize 90 30\n"))
    #expect(text.contains("input \"\\e[<0;"))
  }
}
