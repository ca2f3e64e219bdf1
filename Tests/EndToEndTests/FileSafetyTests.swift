import Foundation
import TestSupport
import Testing

/// The one writer behind `move --in-place` and `-o OUT` (and the editor's save): it keeps a file's
/// owner, group, mode and hard links, refuses read-only files without `--force`, refuses a file changed
/// on disk since it was read, and names the real cause when it cannot write.
@Suite("Writing files safely")
struct FileSafetyTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  static func info(_ path: String) -> stat {
    var st = stat()
    _ = stat(path, &st)
    return st
  }

  static func mode(_ path: String) -> mode_t { info(path).st_mode & 0o7777 }

  /// The fixture after `move 1.0 0.0`.
  static let moved = Fixture.text([["green", "blue", "red"], ["cyan", "gray44"], ["gold"], []])

  // MARK: - Read-only files

  @Test("a read-only file (mode 444) is refused with 73, naming the reason and --force; nothing changes")
  func readOnlyRefused() throws {
    let path = try Fixture.write(into: directory)
    chmod(path, 0o444)
    let out = try directory.write("out.json", "previous output\n")
    chmod(out, 0o444)
    let before = try directory.snapshot()
    for arguments in [
      ["move", path, "1.0", "0.0", "--in-place"], ["move", path, "1.0", "0.0", "-i"],
      ["export", path, "-o", out], ["move", path, "1.0", "0.0", "--output", out], ["demo", "-o", out],
    ] {
      expectFailure(
        try TileGrid.run(arguments), status: 73,
        mentioning: ["cannot write '", "the file is read-only (mode 444)", "--force"])
      #expect(try directory.snapshot() == before, "\(arguments)")
    }
  }

  @Test("with --force a read-only file is written and stays read-only")
  func readOnlyForced() throws {
    let path = try Fixture.write(into: directory)
    chmod(path, 0o444)
    expectSuccess(try TileGrid.run(["move", path, "1.0", "0.0", "-i", "--force"]))
    #expect(try directory.readText("tiles.json") == Self.moved)
    #expect(Self.mode(path) == 0o444)
    let out = try directory.write("out.json", "previous output\n")
    chmod(out, 0o440)
    expectFailure(try TileGrid.run(["export", path, "-o", out]), status: 73, mentioning: ["mode 440"])
    expectSuccess(try TileGrid.run(["export", path, "-o", out, "--force"]))
    #expect(try directory.readText("out.json") == Self.moved)
    #expect(Self.mode(out) == 0o440)
    #expect(try directory.listing() == ["out.json", "tiles.json"])
  }

  // MARK: - Hard links, owner, group, mode

  @Test("a file with another name (a hard link) is written in place: both names see the new content")
  func hardLinksKept() throws {
    let path = try Fixture.write(into: directory)
    #expect(link(path, directory.file("other.json")) == 0)
    let inode = Self.info(path).st_ino
    expectSuccess(try TileGrid.run(["move", path, "1.0", "0.0", "--in-place"]))
    #expect(try directory.readText("tiles.json") == Self.moved)
    #expect(try directory.readText("other.json") == Self.moved, "the other name sees the new content")
    #expect(Self.info(path).st_ino == inode && Self.info(path).st_nlink == 2)
    // -o onto the other name keeps the link too; no backup or temporary file is left behind.
    expectSuccess(try TileGrid.run(["move", path, "0.0", "1.0", "-o", directory.file("other.json")]))
    #expect(try directory.readText("tiles.json") == Fixture.text())
    #expect(try directory.listing() == ["other.json", "tiles.json"])
  }

  @Test("a write that fails part way in place puts the old content back into both names")
  func hardLinkFailedWriteRestored() throws {
    // A compact file (1.2 KB) whose canonical form (2.4 KB) exceeds a 2 KB file-size limit: the backup
    // fits, the new content does not, so the write fails after the file was emptied.
    let sections = (0..<16).map { #"{"id":"s\#($0)","items":[{"id":"t\#($0)","color":"blue","title":"tile \#($0)"}]}"# }
    let compact = #"{"version":1,"sections":["# + sections.joined(separator: ",") + "]}"
    #expect(compact.utf8.count < 2048)
    let path = try directory.write("tiles.json", compact)
    #expect(link(path, directory.file("other.json")) == 0)
    let result = try TileGrid.run(["move", path, "0.0", "1.0", "--in-place"], maximumFileBytes: 2048)
    expectFailure(result, status: 74, mentioning: ["cannot write '\(path)'", "File too large"])
    #expect(try directory.readText("tiles.json") == compact)
    #expect(try directory.readText("other.json") == compact)
    #expect(try directory.listing() == ["other.json", "tiles.json"], "the backup is removed once restored")
  }

  @Test(
    "as root, a file owned by someone else keeps its owner and group (and its mode)",
    .enabled(if: getuid() == 0, "only root can give a file to another user; as anyone else the owner never changes"))
  func ownerKept() throws {
    let path = try Fixture.write(into: directory)
    #expect(chown(path, Unprivileged.nobody, Unprivileged.nobody) == 0)
    chmod(path, 0o640)
    let out = try directory.write("out.json", "previous output\n")
    #expect(chown(out, Unprivileged.nobody, Unprivileged.nobody) == 0)
    expectSuccess(try TileGrid.run(["move", path, "1.0", "0.0", "--in-place"]))
    expectSuccess(try TileGrid.run(["export", path, "-o", out]))
    for file in [path, out] {
      let st = Self.info(file)
      #expect(st.st_uid == Unprivileged.nobody && st.st_gid == Unprivileged.nobody, "\(file)")
    }
    #expect(Self.mode(path) == 0o640)
    #expect(try directory.readText("tiles.json") == Self.moved)
    #expect(try directory.read("out.json") == directory.read("tiles.json"))
  }

  // MARK: - As an unprivileged user (root bypasses these permissions)

  @Test(
    "a writable file in a read-only directory: the error names the directory",
    .enabled(if: Unprivileged.available, "needs an unprivileged user (setpriv, as root)"))
  func readOnlyDirectory() throws {
    // Root may create files in a mode 555 directory, so this runs as an unprivileged user.
    try Fixture.write(into: directory)
    try FileManager.default.createDirectory(atPath: directory.file("ro"), withIntermediateDirectories: false)
    let inside = try directory.write("ro/a.json", Fixture.text())
    chmod(inside, 0o666)
    chmod(directory.file("ro"), 0o555)
    defer { chmod(directory.file("ro"), 0o755) }
    Unprivileged.share(directory)
    for arguments in [["move", "ro/a.json", "1.0", "0.0", "-i"], ["export", "tiles.json", "-o", "ro/new.json"]] {
      expectFailure(
        try Unprivileged.run(arguments, in: directory), status: 73,
        mentioning: ["cannot write 'ro/", "': the directory 'ro' is not writable (Permission denied)"])
    }
    #expect(try directory.readText("ro/a.json") == Fixture.text())
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("ro")) == ["a.json"])
  }

  @Test(
    "someone else's file the user may not write is refused, even with --force: replacing it would change its owner",
    .enabled(if: Unprivileged.available && getuid() == 0, "needs root to set up someone else's file, and setpriv"))
  func someoneElsesFile() throws {
    try Fixture.write(into: directory)
    Unprivileged.share(directory)
    for extra in [[], ["--force"]] {
      expectFailure(
        try Unprivileged.run(["move", "tiles.json", "1.0", "0.0", "-i"] + extra, in: directory), status: 73,
        mentioning: ["the file belongs to root and is not writable by you (mode 644)", "would make it yours"])
    }
    #expect(try directory.readText("tiles.json") == Fixture.text())
    #expect(Self.info(directory.file("tiles.json")).st_uid == 0)
  }

  @Test(
    "an unprivileged user's own read-only file, with --force, stays read-only, also with another name",
    .enabled(if: Unprivileged.available, "needs an unprivileged user (setpriv, as root)"))
  func ownReadOnlyFileForced() throws {
    try Fixture.write(into: directory)
    #expect(link(directory.file("tiles.json"), directory.file("other.json")) == 0)
    try directory.write("single.json", Fixture.text())
    Unprivileged.share(directory, giving: ["tiles.json", "single.json"])
    chmod(directory.file("tiles.json"), 0o444)
    chmod(directory.file("single.json"), 0o444)
    for name in ["tiles.json", "single.json"] {
      expectFailure(
        try Unprivileged.run(["move", name, "1.0", "0.0", "-i"], in: directory), status: 73,
        mentioning: ["read-only (mode 444)", "--force"])
      expectSuccess(try Unprivileged.run(["move", name, "1.0", "0.0", "-i", "--force"], in: directory))
      #expect(try directory.readText(name) == Self.moved, "\(name)")
      #expect(Self.mode(directory.file(name)) == 0o444, "\(name)")
      #expect(Self.info(directory.file(name)).st_uid == Unprivileged.uid, "\(name)")
    }
    #expect(try directory.readText("other.json") == Self.moved)
    #expect(try directory.listing() == ["other.json", "single.json", "tiles.json"])
  }

  @Test(
    "a group the user cannot give a new file is kept by writing in place",
    .enabled(if: Unprivileged.available && getuid() == 0, "needs root to set up the group, and setpriv"))
  func groupKeptInPlace() throws {
    // The file is nobody's, in group root (which nobody is not in), and group-readable: a replacement
    // nobody creates could not be put in group root, so the file is rewritten in place.
    let path = try Fixture.write(into: directory)
    #expect(chown(path, Unprivileged.nobody, 0) == 0)
    chmod(path, 0o640)
    Unprivileged.share(directory)
    let inode = Self.info(path).st_ino
    expectSuccess(try Unprivileged.run(["move", "tiles.json", "1.0", "0.0", "-i"], in: directory))
    #expect(try directory.readText("tiles.json") == Self.moved)
    let st = Self.info(path)
    #expect(st.st_uid == Unprivileged.nobody && st.st_gid == 0 && st.st_ino == inode)
    #expect(Self.mode(path) == 0o640)
    #expect(try directory.listing() == ["tiles.json"])
  }

  // MARK: - Causes

  @Test("a missing directory and a path through a file are named as such (73)")
  func pathCauses() throws {
    let path = try Fixture.write(into: directory)
    expectFailure(
      try TileGrid.run(["export", path, "-o", "missing/deeper/out.json"], in: directory), status: 73,
      mentioning: ["cannot write 'missing/deeper/out.json': the directory 'missing/deeper' does not exist"])
    expectFailure(
      try TileGrid.run(["export", path, "-o", "tiles.json/out.json"], in: directory), status: 73,
      mentioning: ["cannot write 'tiles.json/out.json': 'tiles.json' is not a directory"])
    expectFailure(
      try TileGrid.run(["demo", "-o", "tiles.json/sub/out.json"], in: directory), status: 73,
      mentioning: ["'tiles.json' is not a directory"])
    #expect(try directory.listing() == ["tiles.json"])
  }

  @Test(
    "a full disk is named as such; the old file is intact and nothing is left behind",
    .enabled(if: FullDisk.available, "needs a private mount namespace (unshare --mount) for a small tmpfs"))
  func fullDisk() throws {
    let path = try Fixture.write(into: directory)
    let result = try FullDisk.run(
      """
      printf 'old\\n' > "$DISK/out.json"
      cp "\(path)" "$DISK/in.json" && ln "$DISK/in.json" "$DISK/link.json"
      dd if=/dev/zero of="$DISK/fill" bs=1024 count=64 2>/dev/null
      "$TILEGRID" export "\(path)" -o "$DISK/out.json"; echo "export $?"
      "$TILEGRID" move "$DISK/in.json" 1.0 0.0 --in-place; echo "move $?"
      ls -a "$DISK"; cat "$DISK/out.json"; cmp "$DISK/in.json" "\(path)" && echo "in.json intact"
      """, in: directory)
    let lines = result.stdoutText.split(separator: "\n")
    #expect(
      lines == ["export 74", "move 73", ".", "..", "fill", "in.json", "link.json", "out.json", "old", "in.json intact"],
      "\(result)")
    #expect(
      result.stderrLines == [
        "tilegrid: cannot write '\(directory.file("disk"))/out.json': the disk is full (No space left on device)",
        "tilegrid: cannot write '\(directory.file("disk"))/in.json': cannot keep a backup of it: the disk is full "
          + "(No space left on device)",
      ])
  }

  // MARK: - Changed on disk

  @Test("--in-place refuses a file changed on disk after it was read (73), and leaves the change alone")
  func changedOnDisk() throws {
    // 300,000 tiles (about 30 MB): the process is stopped once it has read the whole file, before it
    // writes, and the file is changed under it before it continues. A file is read through a mapping
    // that lives while it is read: once it has come and gone (in /proc's maps), reading is over; a
    // read count (in /proc's io) that reached the size says so too, for input read with read(2).
    var text = #"{"version": 1, "sections": [{"id": "s", "items": ["#
    text += (0..<300_000).map { #"{"id": "t\#($0)", "title": "tile \#($0)"}"# }.joined(separator: ", ")
    text += #"]}, {"id": "u", "items": []}]}"#
    let size = text.utf8.count
    var path = ""
    var process = Process()
    var stopped = false
    let stderrURL = directory.url("stderr")
    // The window between the read and the write is the parse; a machine too busy to stop the process in
    // it lets it finish (that is no failure of the product): then the file is put back and it is tried
    // again, a few times.
    for _ in 0..<4 where !stopped {
      path = try directory.write("big.json", text)
      process = Process()
      process.executableURL = URL(fileURLWithPath: try TileGrid.binary())
      process.arguments = ["move", path, "0.0", "1.0", "--in-place"]
      try Data().write(to: stderrURL)
      let stderr = try FileHandle(forWritingTo: stderrURL)
      defer { try? stderr.close() }
      process.standardInput = FileHandle.nullDevice
      process.standardError = stderr
      try process.run()
      let pid = process.processIdentifier
      var mapped = false
      while process.isRunning {
        let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
        let io = (try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)) ?? ""
        let line = io.split(separator: "\n").first { $0.hasPrefix("rchar:") }
        let read = line.flatMap { Int($0.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) }
        let isMapped = maps.contains(path)
        if (mapped && !isMapped) || (read ?? 0) >= size {
          stopped = kill(pid, SIGSTOP) == 0
          break
        }
        mapped = mapped || isMapped
        usleep(100)
      }
      if !stopped { process.waitUntilExit() }
    }
    try #require(stopped, "the process was stopped after reading and before writing (in one of four tries)")
    let pid = process.processIdentifier
    let changed = text.replacingOccurrences(of: #""id": "u""#, with: #""id": "v""#)
    try Data(changed.utf8).write(to: directory.url("big.json"), options: [])
    kill(pid, SIGCONT)
    process.waitUntilExit()
    let message = String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self)
    #expect(process.terminationStatus == 73, "\(message)")
    #expect(message == "tilegrid: '\(path)' changed on disk since it was read; it was not overwritten\n")
    #expect(try directory.readText("big.json") == changed)
    #expect(try directory.listing() == ["big.json", "stderr"])
  }
}
