import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Saves that do not finish, and files that change while they are read, through the built binary:
/// a save killed at any moment leaves the file old or new, or refused naming the backup that holds
/// it (never a shorter board taken for the whole one); a killed save's temporary file is mentioned by
/// `check` and removed by the next save; a file cut short or rewritten while it is read is an error,
/// never a signal, and nothing is written.
@Suite("Saves cut short, temporary files left behind, files changed while read")
struct InterruptedSaveTests {
  let directory: TemporaryDirectory

  /// In memory where there is a memory file system (`/dev/shm`): a flush to disk costs nothing there,
  /// so the many saves killed here take the time of their writing alone (a kill during a flush leaves
  /// the file whole and its backup behind, which the tests of that case make directly).
  init() throws {
    var st = stat()
    let memory = stat("/dev/shm", &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR && access("/dev/shm", W_OK) == 0
    directory = try TemporaryDirectory(under: memory ? "/dev/shm" : nil)
  }

  /// The formats, by extension.
  static let extensions = ["json", "md", "txt", "csv", "tsv"]

  /// The id of no running process: above the largest the kernel hands out (`pid_max` is at most 2^22).
  static let goneProcess = 99_999_999

  /// An arrangement of 4 sections of `perSection` cards, as canonical JSON.
  static func json(perSection: Int, colored: Bool = false) -> String {
    var text = #"{"version":1,"sections":["#
    for s in 0..<4 {
      if s > 0 { text += "," }
      text += #"{"id":"s\#(s)","title":"Section \#(s)","items":["#
      for i in 0..<perSection {
        if i > 0 { text += "," }
        text += #"{"id":"t\#(s)-\#(i)","title":"card \#(s) \#(i)"\#(colored ? #","color":"blue""# : "")}"#
      }
      text += "]}"
    }
    return text + "]}"
  }

  /// The same board in every format (as `export --to` writes it), by extension.
  static func boards(perSection: Int) throws -> [String: [UInt8]] {
    let work = try TemporaryDirectory()
    try work.write("board.json", json(perSection: perSection))
    var boards: [String: [UInt8]] = [:]
    for (ext, format) in [("json", "json"), ("md", "markdown"), ("txt", "lines"), ("csv", "csv"), ("tsv", "tsv")] {
      let made = try TileGrid.run(["export", "board.json", "--to", format, "-o", "board.\(ext)"], in: work)
      guard made.status == 0 else { throw SetupError(description: "cannot make the \(format) board: \(made)") }
      boards[ext] = try work.read("board.\(ext)")
    }
    return boards
  }

  /// The text after `marker` in `text`, up to `end`.
  static func between(_ text: String, _ marker: String, _ end: String) -> String? {
    guard let start = text.range(of: marker) else { return nil }
    let rest = text[start.upperBound...]
    return String(rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)])
  }

  func size(_ name: String) -> Int? {
    var st = stat()
    return stat(directory.file(name), &st) == 0 ? Int(st.st_size) : nil
  }

  /// The names in the directory a save by `pid` made (`.NAME.tilegrid-PID-N.SUFFIX`).
  func madeBy(_ pid: Int32, suffix: String) throws -> [String] {
    try directory.listing().filter { $0.contains(".tilegrid-\(pid)-") && $0.hasSuffix("." + suffix) }
  }

  // MARK: - A save cut short (in place, after a backup)

  @Test("a board cut short beside its save's backup is refused by every command, naming the backup and how to put it back")
  func aCutShortBoardIsRefused() throws {
    let boards = try Self.boards(perSection: 50)
    for ext in Self.extensions {
      let old = boards[ext]!
      let name = "w.\(ext)"
      // What a save killed part way leaves: the first lines of the file, which still parse, and the
      // whole old file in the backup.
      var cut = Array(old.prefix(old.count / 2))
      while let last = cut.last, last != 0x0A { cut.removeLast() }
      let backup = ".\(name).tilegrid-\(Self.goneProcess)-0.bak"
      try directory.write(name, ext == "json" ? old : cut)
      if ext != "json" {
        // The cut board alone is a valid board: only the backup says it is not whole.
        expectSuccess(try TileGrid.run(["check", name], in: directory))
      } else {
        try directory.write(name, cut)
      }
      #expect(link(directory.file(name), directory.file("other.\(ext)")) == 0)
      try directory.write(backup, old)
      let before = try directory.snapshot()
      for command in [
        ["check", name], ["export", name], ["move", name, "0.0", "1.0", "-i"], ["move-section", name, "0", "1"],
        ["layout", name, "--width", "80", "--height", "24"], ["render", name, "--width", "80", "--height", "24"],
        ["diff", name, name], ["merge", name, name, name],
      ] {
        let result = try TileGrid.run(command, in: directory)
        expectFailure(
          result, status: 65,
          mentioning: [
            "\(name): a save into it did not finish, so it may be cut short",
            "'\(backup)' holds the file as it was before that save",
            "to put it back: cp -- \(backup) \(name) && rm -- \(backup)",
          ])
        #expect(try directory.snapshot() == before, "\(command) changed nothing")
      }
      // The commands the message gives put the whole file back, under both names.
      let message = try TileGrid.run(["check", name], in: directory).stderrText
      let restore = try #require(Self.between(message, "to put it back: ", ";"))
      let shell = try runProcess("/bin/sh", ["-c", restore], in: directory)
      #expect(shell.status == 0, "\(shell)")
      #expect(try directory.read(name) == old)
      #expect(try directory.read("other.\(ext)") == old, "the other name sees it: the file was copied into")
      #expect(!directory.exists(backup))
      expectSuccess(try TileGrid.run(["check", name], in: directory))
      try FileManager.default.removeItem(atPath: directory.file(name))
      try FileManager.default.removeItem(atPath: directory.file("other.\(ext)"))
    }
  }

  @Test("the editor opens a board cut short and asks about the backup: r restores the whole board (play)")
  func theEditorAsksAboutTheBackup() throws {
    let old = try Self.boards(perSection: 20)["md"]!
    var cut = Array(old.prefix(old.count / 3))
    while let last = cut.last, last != 0x0A { cut.removeLast() }
    try directory.write("w.md", cut)
    let backup = ".w.md.tilegrid-\(Self.goneProcess)-0.bak"
    try directory.write(backup, old)
    try directory.write("restore.events", "left-behind backup \"\(backup)\"\nkey r\n")
    let arguments = ["play", "w.md", "--width", "80", "--height", "24", "--events", "restore.events"]
    let restored = try TileGrid.run(arguments, in: directory)
    expectSuccess(restored)
    #expect(restored.stdout == old, "r gives the whole board back")
    let screen = try TileGrid.run(
      ["render", "w.md", "--width", "80", "--height", "24", "--events", "restore.events", "--color", "never"],
      in: directory)
    #expect(screen.status == 0, "\(screen)")
  }

  @Test("a backup that holds what the file holds (the save ended before it changed the file) is named by check and removed by the next save")
  func aBackupLikeTheFileIsRemovedBySaving() throws {
    let board = try Self.boards(perSection: 5)["md"]!
    try directory.write("w.md", board)
    #expect(link(directory.file("w.md"), directory.file("other.md")) == 0)
    let backup = ".w.md.tilegrid-\(Self.goneProcess)-0.bak"
    try directory.write(backup, board)
    let check = try TileGrid.run(["check", "w.md"], in: directory)
    #expect(check.status == 0, "\(check)")
    #expect(check.stderrLines.count == 1 && check.stderrText.contains("'\(backup)' is the backup of a save that did not finish"), "\(check)")
    let moved = try TileGrid.run(["move", "w.md", "0.0", "1.0"], in: directory).stdout
    expectSuccess(try TileGrid.run(["move", "w.md", "0.0", "1.0", "-i"], in: directory))
    #expect(try directory.read("w.md") == moved && moved != board)
    #expect(try directory.listing() == ["other.md", "w.md"])
    expectSuccess(try TileGrid.run(["check", "w.md"], in: directory))
  }

  // MARK: - Temporary files of a killed save

  @Test("a killed save's temporary file is named by check and removed by the next save; one whose process runs is kept")
  func temporaryFilesAreRemovedBySaving() throws {
    let board = try Self.boards(perSection: 5)["json"]!
    try directory.write("w.json", board)
    let gone = ".w.json.tilegrid-\(Self.goneProcess)-0.tmp"
    let running = ".w.json.tilegrid-\(getpid())-\(try processStartTime(getpid()))-0.tmp"
    let otherFile = ".x.json.tilegrid-\(Self.goneProcess)-0.tmp"
    for name in [gone, running, otherFile] { try directory.write(name, Array(board.prefix(100))) }
    let check = try TileGrid.run(["check", "w.json"], in: directory)
    #expect(check.status == 0 && check.stdout.isEmpty, "\(check)")
    #expect(check.stderrLines.count == 1, "\(check)")
    #expect(
      check.stderrText.contains(
        "tilegrid: w.json: '\(gone)' is the temporary file of a save that did not finish (its process is gone)"),
      "\(check)")
    expectSuccess(try TileGrid.run(["move", "w.json", "0.0", "1.0", "-i"], in: directory))
    #expect(try directory.listing() == [running, otherFile, "w.json"].sorted())
    expectSuccess(try TileGrid.run(["check", "w.json"], in: directory))
  }

  // MARK: - Who made a file left behind

  @Test("a backup named with another process's id (PID 1), or its id and another start time, is a save cut short")
  func aLiveIDIsNotTheWriter() throws {
    let boards = try Self.boards(perSection: 20)
    let old = boards["json"]!
    let cut = Array(old.prefix(old.count / 2))
    let start = try processStartTime(1)
    for backup in [".w.json.tilegrid-1-\(start + 1)-0.bak", ".w.json.tilegrid-1-0.bak", ".w.json.tilegrid-\(getpid())-0.bak"] {
      try directory.write("w.json", cut)
      try directory.write(backup, old)
      expectFailure(
        try TileGrid.run(["check", "w.json"], in: directory), status: 65,
        mentioning: ["w.json: a save into it did not finish", "'\(backup)' holds the file as it was before that save"])
      try FileManager.default.removeItem(atPath: directory.file(backup))
    }
    // The very process that made it, still running: a save under way, not named.
    let mine = ".w.json.tilegrid-\(getpid())-\(try processStartTime(getpid()))-0.bak"
    try directory.write(mine, old)
    let under = try TileGrid.run(["export", "w.json"], in: directory)
    #expect(under.status == 65 && !under.stderrText.contains(".bak"), "\(under)")
  }

  @Test("a FIFO, a link to /dev/zero or to another file with a backup's name is never named as the file's old version")
  func onlyRegularFilesAreBackups() throws {
    let board = try Self.boards(perSection: 5)["json"]!
    try directory.write("w.json", board)
    try directory.write("other.json", Array(board.prefix(40)))
    #expect(mkfifo(directory.file(".w.json.tilegrid-\(Self.goneProcess)-0.bak"), 0o600) == 0)
    #expect(symlink("/dev/zero", directory.file(".w.json.tilegrid-\(Self.goneProcess)-1.bak")) == 0)
    #expect(symlink("other.json", directory.file(".w.json.tilegrid-\(Self.goneProcess)-2.bak")) == 0)
    #expect(mkfifo(directory.file(".w.json.tilegrid-\(Self.goneProcess)-0.tmp"), 0o600) == 0)
    let before = try directory.listing()
    for command in ["check w.json", "export w.json -o out.json", "move w.json 0.0 1.0 -i"] {
      let result = try runProcess(
        "/bin/sh", ["-c", "exec timeout -s KILL 20 \"$0\" \(command)", try TileGrid.binary()], in: directory)
      #expect(result.status == 0 && !result.stderrText.contains(".bak") && !result.stderrText.contains(".tmp"), "\(command): \(result)")
    }
    #expect(try directory.listing() == (before + ["out.json"]).sorted(), "nothing of theirs removed")
  }

  // MARK: - Killed at random moments

  /// Runs `move NAME 0.0 1.0 -i` and kills it (SIGKILL) once its write has gone `fraction` of the way
  /// (a condition polled on the files it writes, with a deadline), or lets it finish when it never
  /// gets there. Returns whether the kill came before the process ended.
  func killedSave(_ name: String, linked: Bool, oldSize: Int, newSize: Int, fraction: Double) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try TileGrid.binary())
    process.arguments = ["move", name, "0.0", "1.0", "-i"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let pid = process.processIdentifier
    let threshold = Int(Double(newSize) * fraction)
    let deadline = Date().addingTimeInterval(60)
    var emptied = false
    var reached = false
    var temporary: String?
    while process.isRunning && Date() < deadline {
      if linked {
        // In place: the backup is named, then the file is emptied and written again.
        guard let written = size(name) else { continue }
        if !emptied, written < oldSize { emptied = try madeBy(pid, suffix: "bak").count == 1 }
        reached = emptied && written >= threshold
        if !emptied { usleep(100) }  // while it reads: leave the processor to it
      } else {
        // Replacing: the new content goes into a temporary file.
        temporary = try temporary ?? madeBy(pid, suffix: "tmp").first
        if let temporary, let written = size(temporary) { reached = written >= threshold }
        if temporary == nil { usleep(100) }
      }
      if reached { break }
    }
    kill(pid, SIGKILL)
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal
  }

  @Test(
    "killed at random moments of a save, in every format, hard-linked and not, a file is always the old or the new one, or refused naming its backup"
  )
  func killedSavesNeverLeaveAShorterBoard() throws {
    // Large enough that a text format's one write(2) of the whole file takes a while: a kill lands
    // inside it and leaves the file cut short, as in the reports.
    let boards = try Self.boards(perSection: 10_000)
    var random = SplitMix64(seed: 22)
    var refused = 0
    var temporaries = 0
    var runs = 0
    for ext in Self.extensions {
      let name = "w.\(ext)"
      let old = boards[ext]!
      try directory.write(name, old)
      let new = try TileGrid.run(["move", name, "0.0", "1.0"], in: directory).stdout
      #expect(new != old && !new.isEmpty)
      for linked in [false, true] {
        for run in 0..<5 {
          runs += 1
          for file in try directory.listing() { try FileManager.default.removeItem(atPath: directory.file(file)) }
          try directory.write(name, old)
          if linked { #expect(link(directory.file(name), directory.file("other.\(ext)")) == 0) }
          // Most kills part way through the write; some at its start, some after it (no kill).
          let fraction = Double(random.int(0...110)) / 100
          let killed = try killedSave(name, linked: linked, oldSize: old.count, newSize: new.count, fraction: fraction)
          let what = "\(name), \(linked ? "hard-linked" : "one name"), run \(run), killed at \(fraction): \(killed)"
          let now = try directory.read(name)
          if linked { #expect(try directory.read("other.\(ext)") == now, "\(what): one file, two names") }
          let check = try TileGrid.run(["check", name], in: directory)
          if check.status == 0 {
            #expect(now == old || now == new, "\(what): a board accepted is the old or the new one (\(now.count) bytes)")
            // A temporary file left behind is named, and the next save removes it.
            let left = try directory.listing().filter { $0.hasSuffix(".tmp") }
            if !left.isEmpty {
              temporaries += 1
              #expect(left.allSatisfy { check.stderrText.contains("'\($0)' is the temporary file") }, "\(what): \(check)")
              expectSuccess(try TileGrid.run(["move", name, "0.0", "1.0", "-i"], in: directory))
              #expect(try directory.listing().filter { $0.hasSuffix(".tmp") || $0.hasSuffix(".bak") } == [], "\(what)")
            }
            continue
          }
          refused += 1
          expectFailure(check, status: 65, mentioning: ["\(name): a save into it did not finish, so it may be cut short"])
          let backups = try directory.listing().filter { $0.hasSuffix(".bak") }
          #expect(backups.count == 1, "\(what): \(backups)")
          if let backup = backups.first {
            #expect(check.stderrText.contains("'\(backup)' holds the file as it was before that save"), "\(what)")
            #expect(try directory.read(backup) == old, "\(what): the backup is the whole old file")
          }
          let restore = try #require(Self.between(check.stderrText, "to put it back: ", ";"))
          #expect(try runProcess("/bin/sh", ["-c", restore], in: directory).status == 0)
          #expect(try directory.read(name) == old, "\(what): put back")
          #expect(try directory.listing().filter { $0.hasPrefix(".") } == [], "\(what): the backup is gone")
        }
      }
    }
    print("killed saves: \(runs) runs, \(refused) refused, \(temporaries) with a temporary file")
    #expect(runs >= 50)
    // The kills land inside the write: some in-place saves are cut short, some replacing saves leave
    // their temporary file (else the test would show nothing).
    #expect(refused > 0 && temporaries > 0, "refused \(refused), temporary files \(temporaries), of \(runs) runs")
  }

  @Test(
    "a save killed while it writes through one name: the file read through its other names, in the same directory or another, is refused naming the backup"
  )
  func killedSavesSeenThroughOtherNames() throws {
    let boards = try Self.boards(perSection: 10_000)
    var random = SplitMix64(seed: 2201)
    var cut = 0
    var runs = 0
    let deadline = Date().addingTimeInterval(240)
    for ext in ["md", "txt", "json"] {
      let name = "w.\(ext)"
      let old = boards[ext]!
      try directory.write(name, old)
      let new = try TileGrid.run(["move", name, "0.0", "1.0"], in: directory).stdout
      for run in 0..<6 where Date() < deadline {
        runs += 1
        for file in try directory.listing() { try FileManager.default.removeItem(atPath: directory.file(file)) }
        try directory.write(name, old)
        try FileManager.default.createDirectory(atPath: directory.file("sub"), withIntermediateDirectories: false)
        let near = "other.\(ext)"
        let far = "sub/far.\(ext)"
        #expect(link(directory.file(name), directory.file(near)) == 0)
        #expect(link(directory.file(name), directory.file(far)) == 0)
        let fraction = Double(random.int(5...95)) / 100
        let killed = try killedSave(name, linked: true, oldSize: old.count, newSize: new.count, fraction: fraction)
        let what = "\(name), run \(run), killed at \(fraction): \(killed)"
        let now = try directory.read(name)
        let backups = try directory.listing().filter { $0.hasSuffix(".bak") }
        guard now != old && now != new else { continue }
        // Cut short: every name of the file is refused, naming the backup, by every command.
        cut += 1
        let backup = try #require(backups.first, "\(what): a file cut short has its backup")
        for other in [name, near, far] {
          let before = try directory.read(name)
          for command in [["check", other], ["export", other], ["move", other, "0.0", "1.0", "-i"]] {
            let result = try TileGrid.run(command, in: directory)
            expectFailure(
              result, status: 65,
              mentioning: ["\(other): a save into it did not finish, so it may be cut short", backup, "to put it back: cp -- "])
          }
          #expect(try directory.read(name) == before, "\(what): \(other): nothing written")
        }
        // The commands the message gives through the far name put the whole file back, for every name.
        let message = try TileGrid.run(["check", far], in: directory).stderrText
        let restore = try #require(Self.between(message, "to put it back: ", ";"))
        #expect(try runProcess("/bin/sh", ["-c", restore], in: directory).status == 0, "\(what): \(restore)")
        #expect(try directory.read(near) == old && directory.read(far) == old, "\(what): put back")
        expectSuccess(try TileGrid.run(["check", far], in: directory))
        expectSuccess(try TileGrid.run(["check", near], in: directory))
      }
    }
    print("killed saves seen through other names: \(runs) runs, \(cut) cut short")
    #expect(cut > 0, "the kills land inside the write (\(runs) runs)")
  }

  // MARK: - A file cut short while it is read

  @Test("a file truncated while apply -i, check or export reads it is a one-line error (74), never a signal, and nothing is written")
  func truncatedWhileReadIsAnError() throws {
    let big = Array(Self.json(perSection: 15_000, colored: true).utf8)
    try directory.write("edit.txt", "move t0-0 to s1:0\n")
    let mdBoard = try Self.boards(perSection: 4000)["md"]!
    var random = SplitMix64(seed: 3)
    var cutWhileMapped = 0
    for run in 0..<12 {
      let (name, bytes) = run % 4 == 3 ? ("w.md", mdBoard) : ("w.json", big)
      let command: [String] =
        switch run % 4 {
        case 0, 3: ["apply", name, "edit.txt", "-i"]
        case 1: ["check", name]
        default: ["export", name, "-o", "out.json"]
        }
      for file in try directory.listing() where file != "edit.txt" {
        try FileManager.default.removeItem(atPath: directory.file(file))
      }
      try directory.write(name, bytes)
      let capture = try TemporaryDirectory()
      try Data().write(to: capture.url("stderr"))
      let stderr = try FileHandle(forWritingTo: capture.url("stderr"))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: try TileGrid.binary())
      process.arguments = command
      process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = stderr
      try process.run()
      // Wait until the file is mapped (JSON) or the process has started (Markdown, read whole), then
      // a random number of looks more, and cut the file to 1,000 bytes.
      let path = directory.file(name)
      let deadline = Date().addingTimeInterval(60)
      var mapped = false
      while process.isRunning && Date() < deadline && name == "w.json" {
        let maps = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/maps", encoding: .utf8)) ?? ""
        if maps.contains(path) {
          mapped = true
          break
        }
      }
      for _ in 0..<random.int(0...(mapped ? 20 : 2000)) where process.isRunning { _ = size(name) }
      let cutWhileRunning = process.isRunning
      #expect(truncate(path, 1000) == 0)
      process.waitUntilExit()
      try stderr.close()
      let what = "\(command), run \(run)"
      #expect(process.terminationReason == .exit, "\(what): ended by signal \(process.terminationStatus)")
      let message = try String(contentsOf: capture.url("stderr"), encoding: .utf8)
      if process.terminationStatus == 0 { continue }
      if mapped && cutWhileRunning && process.terminationStatus == 74 { cutWhileMapped += 1 }
      // 73: the file was cut after it was read, before the result took its place.
      #expect([65, 73, 74].contains(process.terminationStatus), "\(what): \(message)")
      #expect(message.hasPrefix("tilegrid: ") && message.split(separator: "\n").count == 1, "\(what): \(message)")
      #expect(try directory.read(name) == Array(bytes.prefix(1000)), "\(what): nothing was written")
      #expect(try directory.listing().filter { $0 != name && $0 != "edit.txt" } == [], "\(what): no file made")
      if process.terminationStatus == 74 {
        #expect(message.contains("cannot read '\(name)': it changed while it was read"), "\(what): \(message)")
      }
    }
    #expect(cutWhileMapped > 0, "the file was cut while mapped in some run")
  }

  @Test("a file rewritten while it is read (the same size, new content) is an error (74), and nothing is written")
  func rewrittenWhileReadIsAnError() throws {
    let big = Array(Self.json(perSection: 15_000).utf8)
    try directory.write("edit.txt", "move t0-0 to s1:0\n")
    try directory.write("w.json", big)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try TileGrid.binary())
    process.arguments = ["apply", "w.json", "edit.txt", "-i"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let path = directory.file("w.json")
    let deadline = Date().addingTimeInterval(60)
    var mapped = false
    while process.isRunning && Date() < deadline {
      let maps = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/maps", encoding: .utf8)) ?? ""
      if maps.contains(path) {
        mapped = true
        break
      }
    }
    // Another program writes into the file where it stands: the bytes near its end change.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seek(toOffset: UInt64(big.count - 40))
    try handle.write(contentsOf: Array(repeating: UInt8(ascii: " "), count: 20))
    try handle.close()
    let rewritten = try directory.read("w.json")
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(mapped, "the file was mapped while the process ran")
    #expect(process.terminationStatus == 74)
    #expect(try directory.read("w.json") == rewritten, "nothing was written")
    #expect(try directory.listing() == ["edit.txt", "w.json"])
  }
}
