import Foundation
import TestSupport
import Testing

/// `tilegrid play` replays a change of the file on disk (`disk-changed`) through the editor's own
/// update code: what the editor does when its file changes while it is open, without a terminal.
@Suite("Following the file, replayed by play")
struct FollowPlayTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test("a disk-changed line merges the file's new version into the unsaved board; render shows the status")
  func diskChangedReplays() throws {
    let demo = try TileGrid.run(["demo"], in: directory)
    try directory.write("demo.json", demo.stdout)
    let theirs = try TileGrid.run(["move", "demo.json", "1.0", "3.0"], in: directory)
    expectSuccess(theirs)
    try directory.write("theirs.json", theirs.stdout)
    try directory.write("follow.events", "key space\nkey right\nkey enter\ndisk-changed \"theirs.json\"\n")
    let played = try TileGrid.run(["play", "demo.json", "--events", "follow.events", "--width", "80", "--height", "24"], in: directory)
    expectSuccess(played)
    let both = try TileGrid.run(["move", "theirs.json", "0.0", "0.1"], in: directory)
    #expect(played.stdoutText == both.stdoutText, "the session's move and the disk's, both")
    let screen = try TileGrid.run(
      ["render", "demo.json", "--events", "follow.events", "--width", "80", "--height", "24", "--color", "never"],
      in: directory)
    #expect(screen.stdoutText.contains("demo.json changed on disk: brown moved to Archive"), "\(screen.stdoutText)")
    #expect(screen.stdoutText.contains("● unsaved"), "\(screen.stdoutText)")
  }

  @Test("disk-changed deleted and unreadable: said, the board stays; a bad line is named")
  func deletedAndUnreadable() throws {
    let demo = try TileGrid.run(["demo"], in: directory)
    try directory.write("demo.json", demo.stdout)
    try directory.write("gone.events", "disk-changed deleted\n")
    let gone = try TileGrid.run(
      ["render", "demo.json", "--events", "gone.events", "--width", "100", "--height", "24", "--color", "never"],
      in: directory)
    #expect(gone.stdoutText.contains("demo.json was deleted on disk; the board stays (s writes it again)"), "\(gone)")
    try directory.write("bad.events", "disk-changed unreadable\n")
    let bad = try TileGrid.run(["play", "demo.json", "--events", "bad.events", "--width", "80", "--height", "24"], in: directory)
    #expect(bad.stdoutText == demo.stdoutText)
    try directory.write("wrong.events", "disk-changed soon\n")
    let wrong = try TileGrid.run(["play", "demo.json", "--events", "wrong.events", "--width", "80", "--height", "24"], in: directory)
    #expect(wrong.status == 65)
    #expect(wrong.stderrText.contains("line 1: 'disk-changed' takes a quoted FILE, deleted or unreadable, not 'soon'"), "\(wrong)")
  }
}
