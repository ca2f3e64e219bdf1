import Foundation
import TestSupport
import Testing

/// File names are bytes: one that is not UTF-8 (`l\xe9.txt`, Latin-1) is used as given, by every
/// command and the editor, and never decoded into U+FFFD, which would name another file
/// (`l\xef\xbf\xbd.txt`, `l�.txt`, UTF-8 for U+FFFD). Messages show such a byte as `\xNN`. The names
/// are made with `printf` in a shell: a Swift string, and so `Process`'s arguments, cannot hold them.
@Suite("File names that are not UTF-8")
struct FileNameBytesTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Runs `script` with bash in the test's directory: `$TG` is the binary, `$E` the Latin-1 name
  /// `l\xe9.txt`, `$R` the name that is U+FFFD in UTF-8, `$O` `out\xff.json`.
  func bash(_ script: String) throws -> RunResult {
    let names = #"E=$(printf 'l\351.txt'); R=$(printf 'l\357\277\275.txt'); O=$(printf 'out\377.json'); "#
    return try runProcess("/bin/bash", ["-c", "TG=\"$0\"; " + names + script, try TileGrid.binary()], in: directory)
  }

  @Test("move -i of a Latin-1 name rewrites that file, not the one whose name is its U+FFFD decoding")
  func inPlaceWritesTheNamedFile() throws {
    let setup = try bash(#"printf 'a\nb\n' > "$E"; printf 'x\ny\n' > "$R"; timeout -s KILL 20 "$TG" move "$E" 0.0 0.1 -i"#)
    #expect(setup.status == 0, "\(setup)")
    let contents = try bash(#"cat "$E"; echo ---; cat "$R""#)
    #expect(contents.stdoutText == "b\na\n---\nx\ny\n", "\(contents)")
  }

  @Test("every command reads and writes the name as given: -o, export, check, apply, diff; messages show \\xNN")
  func everyCommand() throws {
    let written = try bash(
      #"""
      timeout -s KILL 20 "$TG" demo -o "$O" && [ -f "$O" ] && echo made;
      timeout -s KILL 20 "$TG" check "$O" && echo checked;
      timeout -s KILL 20 "$TG" export "$O" --to lines -o "$E" && [ -f "$E" ] && echo exported;
      timeout -s KILL 20 "$TG" diff "$O" "$O" && echo same;
      printf 'delete blue\n' | timeout -s KILL 20 "$TG" apply "$O" - -i && echo applied;
      ls | od -An -c | tr -s ' '
      """#)
    #expect(written.status == 0, "\(written)")
    for word in ["made", "checked", "exported", "same", "applied"] { #expect(written.stdoutText.contains(word), "\(written)") }
    #expect(written.stdoutText.contains("o u t 377 . j s o n"), "the name's very bytes: \(written.stdoutText)")
    #expect(!written.stdoutText.contains("357 277 275"), "no U+FFFD anywhere: \(written.stdoutText)")
    let missing = try bash(#"timeout -s KILL 20 "$TG" check "$(printf 'nope\377.json')""#)
    #expect(missing.status == 66 && missing.stderrText == "tilegrid: cannot open 'nope\\xff.json': No such file or directory\n", "\(missing)")
    let refused = try bash(#"timeout -s KILL 20 "$TG" move "$E" 0.0 0.1 -i --to csv"#)
    #expect(refused.status == 64 && refused.stderrText.contains("-i writes 'l\\xe9.txt' back"), "\(refused)")
  }
}
