import Testing

@testable import TileGridCLI

/// `apply` reads a script from `git show --ext-diff` or `git log -p --ext-diff`: what git prints
/// before the first edit is blanked, line for line; any other script is read as it is.
@Suite("What git prints before a script")
struct GitHeaderTests {
  static func blanked(_ text: String) -> String {
    String(decoding: GitHeader.blanked(Array(text.utf8)), as: UTF8.self)
  }

  @Test("git show's and git log's headers are blanked, keeping the line numbers")
  func headers() {
    let show = """
      commit 7da74e10c946c417607d3dcd52c8988ed048c906 (HEAD -> main)
      Merge: 515d25f 57d481b
      Author:     Ann <ann@example.com>
      AuthorDate: Wed Dec 2 07:37:44 2026 +0000
      Notes (review):

          blue archived
          Signed-off-by: Ann

      # tilegrid diff a/board.json b/board.json
      move blue to archive:0

      """
    let script = "# tilegrid diff a/board.json b/board.json\nmove blue to archive:0\n"
    #expect(Self.blanked(show) == String(repeating: "\n", count: 9) + script)
    #expect(Self.blanked("7da74e1 blue archived\n" + script) == "\n" + script)
    #expect(Self.blanked("\r\ncommit 7da74e10c946\r\nDate:   now\r\n\r\n    x\r\n" + script) == "\n\n\n\n\n" + script)
  }

  @Test("a script that does not start with a commit is read as it is, and so is what follows the first edit")
  func scripts() {
    for text in [
      "move blue to archive:0\ncommit 7da74e10c946\n", "# Author: x\nset red title \"x\"\n", "deadbe\n",
      "add teal to others:3 {}\n", "    move blue to archive:0\n", "commit\nmove blue to archive:0\n",
    ] {
      #expect(Self.blanked(text) == text, "\(text.debugDescription)")
    }
    // An edit after the header ends it: a later line like a header is the script's (and an error there).
    #expect(Self.blanked("commit abcdef1\nmove x to s:0\nAuthor: y\n") == "\nmove x to s:0\nAuthor: y\n")
  }
}
